"""The engine's answers: sizing options and the pick, the advice around it, GPU comparisons.

Answers carry numbers and codes, never sentences: the front end turns codes into words.
Units are in the names (``_bytes``, ``_tokens``, ``_usd``). Money is ``Decimal``. An option
carries the catalog facts it was sized on, so answers never look them up again.

What the search chose for the customer and the advice around the pick: it tries the formats,
KV dtypes and layouts the customer left open, picks the cheapest deployment that serves the
request, and says which choices it made (``Variant``), how the deployment is laid out
(``Layout``), what the one-line answer is (``Verdict``) and, over a budget, what would bring
it under (``BudgetAdvice``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar

from sizing.catalog import GpuFacts, PlanFacts
from sizing.codes import Caveat, Choice, Reason
from sizing.model import ModelInfo
from sizing.request import (
    GpuId,
    KvDtype,
    Precision,
    ResolvedRequest,
    RopeScaling,
    ServiceLevel,
    ServingEngine,
)
from sizing.serialize import NOT_IN_JSON


@dataclass(frozen=True, slots=True)
class OptionFit:
    """What one replica of an option holds: weights per GPU, KV room, sequences of the context."""

    weights_bytes_per_gpu: int | None = None
    kv_cache_bytes: int | None = None  # per replica, stock vLLM launch
    kv_cache_tokens: int | None = None  # per replica, stock vLLM launch
    kv_cache_tokens_physical: int | None = None  # per replica, all usable memory after weights
    max_concurrency_at_context: int | None = None  # per replica, sequences of the context
    kv_cache_bytes_physical: int | None = None  # per replica, no framework reserve
    # The product page's rule for the KV room of one replica: its GPUs' marketed HBM minus
    # the weights (no runtime, no reserve), to show beside the stock-vLLM figure.
    kv_cache_bytes_marketed: int | None = None
    # Full load: every rented GPU serving replicas, each holding as many sequences of the
    # context as its KV room allows (at most vLLM's max_num_seqs); the cost per million
    # tokens is priced at this rate.
    full_load_concurrency: int | None = None


@dataclass(frozen=True, slots=True)
class OptionSpeed:
    """How fast an option generates: one user alone, each user at the load, everyone, full load."""

    decode_tokens_per_s: float | None = None  # one user alone
    decode_tokens_per_s_aggregate: float | None = None  # all users at the requested concurrency
    ttft_s: float | None = None  # time to first token at the requested context
    decode_tokens_per_s_full_load: float | None = None
    # Each user's speed while all the requested users generate (decode_tokens_per_s is one
    # user alone); a range where the figure is an estimate (no measurement anchors the GPU)
    # or rests on speculative decoding, whose gain depends on the text.
    decode_tokens_per_s_per_user: float | None = None
    decode_tokens_per_s_range: tuple[float, float] | None = None
    decode_speed_estimated: bool = False
    # Speculative decoding (MTP) in the per-user figure: tokens one verification step yields.
    mtp_tokens_per_step: float | None = None
    # A draft model's accepted tokens per step in the per-user figure (its range in the range).
    draft_tokens_per_step: float | None = None
    # Mean time to first token at the stated load (prompts queued, decodes interleaved); set
    # when a service level or the request lengths are stated. ``ttft_s`` stays the idle one.
    ttft_s_at_load: float | None = None


@dataclass(frozen=True, slots=True)
class OptionPrice:
    """What an option costs: a month of its units, a GPU-hour, a GB-month, a million tokens."""

    monthly_usd: Decimal | None = None  # None where it does not serve, or nothing is listed
    usd_per_gpu_hour: Decimal | None = None
    usd_per_gb_month: Decimal | None = None
    usd_per_million_tokens: Decimal | None = None  # at full load, aggregate decode


@dataclass(frozen=True, slots=True)
class TargetCheck:
    """One service-level target against an option: what was asked, what it reaches.

    ``range`` is the band the prediction may fall in (calibration error, and the vendor-figure
    extrapolation on GPUs no measurement anchors). ``met`` compares the prediction, with the
    headroom latency limits need (they bind the slowest requests, the figure is a mean);
    ``sure`` says the whole range meets it.
    """

    asked: float
    predicted: float
    range: tuple[float, float]
    met: bool
    sure: bool


@dataclass(frozen=True, slots=True)
class OptionTargets:
    """The targets asked, each checked on the option (None where not asked)."""

    throughput: TargetCheck | None = None  # aggregate output tokens/s
    tokens_per_user: TargetCheck | None = None  # each user's decode tokens/s
    ttft: TargetCheck | None = None  # seconds to the first token at the load
    requests_per_minute: TargetCheck | None = None  # the arrival rate it keeps up with
    batch: TargetCheck | None = None  # an offline job's hours against its deadline

    def checks(self) -> tuple[TargetCheck, ...]:
        """Return the checks asked."""
        found = (
            self.throughput,
            self.tokens_per_user,
            self.ttft,
            self.requests_per_minute,
            self.batch,
        )
        return tuple(check for check in found if check is not None)


@dataclass(frozen=True, slots=True)
class JobFigures:
    """An offline job on an option: how long it runs and what renting for it costs."""

    requests: int  # prompts of the stated lengths the job's tokens make
    hours: float
    hours_range: tuple[float, float]
    months: int  # months of rent it takes (monthly billing, one month at least)
    cost_usd: Decimal | None  # units x monthly price x months (None unpriced)
    usd_per_million_tokens: Decimal | None  # the job's cost over its tokens (input and output)


class ServiceMiss(StrEnum):
    """Why an option (or every option) cannot meet the targets."""

    PER_USER_CEILING = "per_user_ceiling"  # one user alone is slower than asked: no count helps
    TTFT_FLOOR = "ttft_floor"  # an idle replica's first token is later than asked
    BEYOND_SEARCH = "beyond_search"  # more units than any order (4,096) would be needed
    MODEL_DOES_NOT_FIT = "model_does_not_fit"  # no copy of the model fits on the plan
    SET_ASIDE = "set_aside"  # it would meet them, but breaks a constraint (budget, CUDA only)


@dataclass(frozen=True, slots=True)
class OptionLaunch:
    """The commands that start an option, one per server or machine (none for a fleet)."""

    commands: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlanOption:
    """One way to serve the request: a plan (or an unpriced GPU shape) and how it fares.

    Its figures come in four parts, each from its own step of the sizing: what a replica
    holds (``fit``), how fast it generates (``speed``), what it costs (``price``) and how it
    is started (``launch``). The JSON form stays one flat object (``JSON_FIELDS``).
    """

    plan: str | None  # plan id from the catalog; None for a GPU sized without a plan (B200)
    gpu: GpuId
    gpus: int  # GPUs in the deployment (all replicas)
    servers: int  # plan units to rent (servers, or single-GPU machines)
    fits: bool
    reason: Reason | None  # set when fits is False
    tensor_parallel: int | None
    pipeline_parallel: int | None
    replicas: int | None  # copies of the model on the rented GPUs, each serving its share
    fit: OptionFit
    price: OptionPrice
    # Whether the option serves the request without breaking a constraint the customer
    # stated (CUDA only, native FP4, the budget), and whether a plan of the catalog lists it
    # with a price (a GPU sized without a plan, such as the B200, is not): both set by the
    # engine, so that no answer decides them again.
    offerable: bool
    priced: bool
    speed: OptionSpeed = OptionSpeed()
    caveats: tuple[Caveat, ...] = ()
    gpus_per_replica: int | None = None  # tensor_parallel x pipeline_parallel
    # Constraints of the request this option breaks (cuda_only, no_native_fp4, over_budget,
    # gpu_not_requested). ``reason`` is the technical reason when ``fits`` is False, else the
    # first of these; gpu_not_requested only lowers the option in the ranking.
    set_aside: tuple[Reason, ...] = ()
    # The deployment as an engine starts it, what was chosen for the customer, and the
    # commands that start it (one per server or machine).
    layout: Layout | None = None
    variant: Variant | None = None
    launch: OptionLaunch = OptionLaunch()
    # Service levels (None when none was asked): whether the option meets every target, each
    # target's check, the users in flight it was sized for, an offline job's duration and
    # cost, and why it cannot meet them when it cannot.
    meets_targets: bool | None = None
    targets: OptionTargets | None = None
    sequences_in_flight: int | None = None
    job: JobFigures | None = None
    miss: ServiceMiss | None = None
    # The facts the option was sized on, so that answers never look them up again.
    gpu_facts: GpuFacts = field(kw_only=True, metadata=NOT_IN_JSON)
    plan_facts: PlanFacts | None = field(default=None, kw_only=True, metadata=NOT_IN_JSON)

    # The JSON form (``sizing size --json``): one flat object in DESIGN.md's order, each key
    # read from the option or one of its parts. ``checkout_url`` is null in the engine's
    # answer: the front end that knows the shop fills it in.
    JSON_FIELDS: ClassVar[tuple[tuple[str, str | None], ...]] = (
        ("plan", "plan"),
        ("gpu", "gpu"),
        ("gpus", "gpus"),
        ("servers", "servers"),
        ("fits", "fits"),
        ("reason", "reason"),
        ("tensor_parallel", "tensor_parallel"),
        ("pipeline_parallel", "pipeline_parallel"),
        ("replicas", "replicas"),
        ("weights_bytes_per_gpu", "fit.weights_bytes_per_gpu"),
        ("kv_cache_bytes", "fit.kv_cache_bytes"),
        ("kv_cache_tokens", "fit.kv_cache_tokens"),
        ("kv_cache_tokens_physical", "fit.kv_cache_tokens_physical"),
        ("max_concurrency_at_context", "fit.max_concurrency_at_context"),
        ("decode_tokens_per_s", "speed.decode_tokens_per_s"),
        ("decode_tokens_per_s_aggregate", "speed.decode_tokens_per_s_aggregate"),
        ("ttft_s", "speed.ttft_s"),
        ("monthly_usd", "price.monthly_usd"),
        ("usd_per_gpu_hour", "price.usd_per_gpu_hour"),
        ("usd_per_gb_month", "price.usd_per_gb_month"),
        ("usd_per_million_tokens", "price.usd_per_million_tokens"),
        ("checkout_url", None),
        ("caveats", "caveats"),
        ("gpus_per_replica", "gpus_per_replica"),
        ("kv_cache_bytes_physical", "fit.kv_cache_bytes_physical"),
        ("set_aside", "set_aside"),
        ("full_load_concurrency", "fit.full_load_concurrency"),
        ("decode_tokens_per_s_full_load", "speed.decode_tokens_per_s_full_load"),
        ("decode_tokens_per_s_per_user", "speed.decode_tokens_per_s_per_user"),
        ("decode_tokens_per_s_range", "speed.decode_tokens_per_s_range"),
        ("decode_speed_estimated", "speed.decode_speed_estimated"),
        ("mtp_tokens_per_step", "speed.mtp_tokens_per_step"),
        ("draft_tokens_per_step", "speed.draft_tokens_per_step"),
        ("layout", "layout"),
        ("variant", "variant"),
        ("launch_commands", "launch.commands"),
        ("kv_cache_bytes_marketed", "fit.kv_cache_bytes_marketed"),
        ("ttft_s_at_load", "speed.ttft_s_at_load"),
        ("meets_targets", "meets_targets"),
        ("targets", "targets"),
        ("sequences_in_flight", "sequences_in_flight"),
        ("job", "job"),
        ("miss", "miss"),
    )
    # Keys left out of the JSON form when null: they exist only when a service level is asked.
    JSON_OMIT_NULL: ClassVar[frozenset[str]] = frozenset(
        {"ttft_s_at_load", "meets_targets", "targets", "sequences_in_flight", "job", "miss"}
    )


@dataclass(frozen=True, slots=True)
class SizingAnswer:
    """The engine's full answer: the model, the request as used, every option, a pick."""

    model: ModelInfo
    request: ResolvedRequest
    weights_bytes: int
    kv_bytes_per_token: int  # at the requested KV dtype, whole model, sliding windows capped
    kv_bytes_per_sequence: int  # one sequence of the requested context
    options: tuple[PlanOption, ...]
    recommended: str | None  # plan id, or None
    recommended_index: int | None  # index into options of the recommended one (B200 included)
    caveats: tuple[Caveat, ...] = field(default=())
    # The request as literally asked (release format or the one named, BF16 KV unless named),
    # one option per plan, when the pick relies on a choice the customer left open.
    literal_options: tuple[PlanOption, ...] = ()
    literal_recommended_index: int | None = None
    verdict: Verdict | None = None
    budget: BudgetAdvice | None = None  # set when nothing that serves fits the budget
    room: RoomFigures | None = None  # the recommendation's KV room, stock and page rule
    # A wider format than the release was asked for: what the release format would take.
    release_option: PlanOption | None = None
    # The GPUs the customer asked for ("on one H200") do not hold the 16-bit weights they
    # fixed: what serves the request on that many GPUs with FP8 weights, when something does.
    count_option: PlanOption | None = None
    # Service levels asked: what they were after defaults, and what the answer found.
    service: ServiceAnswer | None = None
    no_plan_reason: ServiceMiss | None = None  # no option meets the targets: why
    # Every variant the search sized (all plans), for checks; not part of the JSON form. Only
    # those the answer carries (options, literal options) have speeds and launch commands.
    explored: tuple[PlanOption, ...] = field(default=(), metadata=NOT_IN_JSON)


@dataclass(frozen=True, slots=True)
class MeasuredRun:
    """A published run close to the request, shown beside the estimate with its provenance.

    ``quantity`` is what it measured (``tokens_per_s_per_user``, ``ttft_s``,
    ``tokens_per_s_aggregate``); ``engine`` the model's figure for that same run, so the
    answer can say how far the estimate is from it. The recommendation rests on the model,
    calibrated against runs like this one.
    """

    id: str
    source: str
    date: str | None
    gpu: str
    gpus: int
    model: str
    input_tokens: int
    output_tokens: int
    concurrency: int
    quantity: str
    value: float
    engine: float


@dataclass(frozen=True, slots=True)
class ServiceAnswer:
    """What the answer found for the service level asked.

    ``safe_index`` is the cheapest option whose whole range meets every target (it differs
    from the recommendation when the recommendation's range straddles one); ``nearest_index``
    the option closest to meeting them when none does, with ``no_plan_reason``.
    """

    level: ServiceLevel
    safe_index: int | None = None
    nearest_index: int | None = None
    no_plan_reason: ServiceMiss | None = None
    measured: tuple[MeasuredRun, ...] = ()  # published runs matching the pick closely


# --- What the search chose, and the advice around the pick -----------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """How one replica is laid out over its GPUs, as the engine's flags say it."""

    tensor_parallel: int
    pipeline_parallel: int
    data_parallel: int  # attention groups inside the replica (1: classic layout)
    expert_parallel: bool  # MoE experts sharded over all the replica's GPUs (all-to-all)
    dp_attention: bool


@dataclass(frozen=True, slots=True)
class Variant:
    """The choices a deployment rests on, each marked as asked by the customer or chosen."""

    weight_format: Precision  # as stored on the option's GPU (generic fp4 resolved)
    weight_format_source: Choice
    kv_dtype: KvDtype
    kv_dtype_source: Choice
    layout_source: Choice  # customers name engines, not layouts: always chosen
    engine: ServingEngine
    engine_source: Choice
    checkpoint: str | None  # what the launch loads: an official quantized release, or the model
    quantize_at_load: bool  # the engine quantizes the release while loading (``--quantization``)
    requested_weight_format: Precision | None = None  # set when the ask maps to another format
    rope_scaling: RopeScaling | None = None  # turned on past the native window (asked context)


class VerdictCode(StrEnum):
    """The one-line answer that comes before the details."""

    SERVES = "serves"  # no GPU named: the pick serves the request as asked
    SERVES_WITH_CHOICES = "serves_with_choices"  # ... with choices the customer left open
    YES = "yes"  # the GPU named serves the request as asked
    YES_WITH_CHOICES = "yes_with_choices"  # it does, with choices the customer left open
    NOT_ON_NAMED_GPU = "not_on_named_gpu"  # the GPU named cannot serve it; another plan can
    # The GPU named serves it, at a price quoted on request (B200): the pick is the plan with a
    # listed price that serves it, and ``other_index`` the named GPU's option.
    ON_QUOTE = "on_quote"
    BETTER = "better"  # several GPUs named: which one's plan serves it, for less
    OVER_BUDGET = "over_budget"  # plans serve it, none within the budget
    NO_PLAN = "no_plan"  # nothing we rent serves it
    # The deployment that serves it is more than one online order holds: a person quotes it.
    BEYOND_ONLINE_ORDER = "beyond_online_order"
    # The customer asked to run it on a number of GPUs ("on one H200") that does not serve it
    # all; the pick does. Those GPUs hold some of the users, or not one copy of the model, or
    # the weights but no full context.
    COUNT_HOLDS_SOME = "count_holds_some"
    COUNT_HOLDS_SOME_WITH_CHOICES = "count_holds_some_with_choices"
    COUNT_TOO_FEW_FOR_COPY = "count_too_few_for_copy"
    COUNT_NO_ROOM = "count_no_room"
    # Service levels asked and no plan meets them all: ``option_index`` is the nearest miss.
    TARGETS_NOT_MET = "targets_not_met"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A verdict and the options it names (indexes into ``SizingAnswer.options``)."""

    code: VerdictCode
    option_index: int | None
    other_index: int | None = None  # BETTER: the best option on the other GPU named; ON_QUOTE:
    # the named GPU's option
    # COUNT_*: the GPUs asked for, and the users of the requested context they hold with the
    # pick's formats and shape (whole copies of the model only).
    gpu_count: int | None = None
    held: int | None = None


class BudgetChangeKind(StrEnum):
    """A change to the request that lowers the price."""

    FP8_WEIGHTS = "fp8_weights"
    FP8_KV = "fp8_kv"
    SHORTER_CONTEXT = "shorter_context"
    FEWER_USERS = "fewer_users"


@dataclass(frozen=True, slots=True)
class BudgetChange:
    """One change and the cheapest option within the budget once it is made."""

    kind: BudgetChangeKind
    option: PlanOption
    context_tokens: int  # the context sized with the change
    concurrency: int  # the users sized with the change


@dataclass(frozen=True, slots=True)
class BudgetAdvice:
    """Over budget: the cheapest plan that serves the request, and the ways under the budget."""

    cheapest_index: int | None  # into options: the cheapest plan that serves the request as is
    changes: tuple[BudgetChange, ...]


@dataclass(frozen=True, slots=True)
class RoomFigures:
    """The KV room of one copy of the model on the recommended plan, in both budgets.

    Counts are of full sequences of ``context_tokens``: the context asked for, or the model's
    maximum when none was given (how the product page counts "full-length contexts").
    """

    context_tokens: int
    kv_dtype: KvDtype  # the recommendation's
    stock_bytes: int  # distinct cache bytes per copy with a stock vLLM launch
    stock_contexts: int
    stock_contexts_fp8: int | None  # the same room with an FP8 cache, when the pick's is wider
    hbm_bytes: int  # the marketed HBM of the copy's GPUs
    marketed_bytes: int  # that HBM minus the weights: the product page's rule
    marketed_contexts_fp8: float  # the page's count (it counts with an FP8 cache)
    copies: int  # copies of the model on the rented GPUs
    mla_replicated: bool  # tensor parallelism keeps the MLA cache whole on every GPU
    attention_copies: bool  # data-parallel attention keeps attention weights on every GPU


# --- Two GPUs side by side ---------------------------------------------------------------------


class FitNote(StrEnum):
    """Notes of the product page's fit table, as codes."""

    NO_ROOM = "no_room"  # weights load but leave less than the page's 10% for KV and runtime
    EXCEEDS_ONE_SERVER = "exceeds_one_server"  # more GPUs than one 8-GPU server has


class AdviceCode(StrEnum):
    """Why a customer should pick one GPU of a comparison (the page's "choose X if")."""

    MORE_MEMORY_PER_GPU = "more_memory_per_gpu"  # one instance needs more than the other has
    MORE_MEMORY_PER_SERVER = "more_memory_per_server"
    CHEAPER_SERVER = "cheaper_server"
    NATIVE_FP4_FP6 = "native_fp4_fp6"  # low-precision formats computed natively
    PYTORCH_VLLM_ON_ROCM = "pytorch_vllm_on_rocm"  # the stack runs on ROCm
    SINGLE_GPU_PLAN = "single_gpu_plan"  # one GPU is enough: a single-GPU plan exists
    CUDA_ONLY_DEPENDENCIES = "cuda_only_dependencies"  # CUDA-only libraries or kernels
    NO_PORTING = "no_porting"  # tuned for this stack already, no port wanted
    TRY_FOR_A_MONTH = "try_for_a_month"  # unsure about porting: test one month first
    HIGHER_BANDWIDTH = "higher_bandwidth"


@dataclass(frozen=True, slots=True)
class Advice:
    """One "pick this GPU (plan) when ..." line."""

    gpu: GpuId
    plan: str | None  # the plan id that fits the advice, None when unpriced
    code: AdviceCode


@dataclass(frozen=True, slots=True)
class FitRow:
    """One row of the page's fit table, computed by the engine for GPUs a and b.

    ``gpus_*`` follow the page's rule (weights only, ceil(weights / marketed GB per GPU));
    ``gpus_with_room_*`` add the page's 10% for KV and runtime; ``gpus_deployable_*`` is the
    smallest shape a serving engine starts (stock vLLM budget, TP 1/2/4/8, PP across servers).
    """

    label: str  # e.g. "70b_dense_fp8", "671b_moe_bf16"
    params_b: int
    moe: bool
    precision: Precision
    weights_bytes: int
    weights_gb: float  # decimal GB, as the page writes it
    gpus_a: int
    gpus_b: int
    gpus_with_room_a: int
    gpus_with_room_b: int
    gpus_deployable_a: int | None  # None: no shape an engine starts on the plans sold
    gpus_deployable_b: int | None
    notes_a: tuple[FitNote, ...]
    notes_b: tuple[FitNote, ...]
    server_room_bytes_a: int | None  # one 8-GPU server's marketed memory minus the weights
    server_room_bytes_b: int | None  # None when the weights exceed one server


@dataclass(frozen=True, slots=True)
class ServerKvRoom:
    """KV room a full 8-GPU server leaves beside a model's weights."""

    gpu: GpuId
    gpus: int
    weights_bytes: int
    room_bytes_marketed: int  # marketed memory minus weights (the page's figure)
    room_bytes_physical: int  # usable bytes minus CUDA contexts minus weights
    room_bytes_vllm: int  # what a stock vLLM launch leaves for KV


@dataclass(frozen=True, slots=True)
class KvExample:
    """The page's long-context example: a Llama-3-70B-class model with FP8 weights and KV."""

    model_id: str
    kv_bytes_per_token: int
    context_tokens: int  # 131072
    kv_bytes_per_context: int
    room_bytes_a: int  # one GPU's marketed memory minus the weights (the page's rule)
    room_bytes_b: int
    contexts_a: float  # room / one context
    contexts_b: float
    room_bytes_physical_a: int  # usable bytes minus CUDA context minus the weights
    room_bytes_physical_b: int
    contexts_physical_a: float
    contexts_physical_b: float


@dataclass(frozen=True, slots=True)
class CompareAnswer:
    """Two GPUs side by side: facts, plans, ratios (a over b), the fit table, advice."""

    a: GpuFacts
    b: GpuFacts
    plans_a: tuple[PlanFacts, ...]
    plans_b: tuple[PlanFacts, ...]
    memory_ratio: float
    bandwidth_ratio: float
    fp8_tflops_ratio: float | None
    bf16_tflops_ratio: float
    fp4_tflops_ratio: float | None  # None unless both have native FP4
    usd_per_gb_month_a: Decimal | None  # the 8-GPU server plan's, None when unpriced
    usd_per_gb_month_b: Decimal | None
    memory_per_usd_ratio: float | None  # GB per dollar of a's server over b's (page: 2.5x)
    server_monthly_usd_a: Decimal | None
    server_monthly_usd_b: Decimal | None
    server_monthly_usd_difference: Decimal | None  # b minus a (page: 4,000)
    fit_rows: tuple[FitRow, ...]
    kv_example: KvExample | None
    deepseek_kv_room_a: ServerKvRoom | None  # 671B MoE at FP8 on a full server
    deepseek_kv_room_b: ServerKvRoom | None
    advice: tuple[Advice, ...]
    unpriced_gpus: tuple[GpuId, ...] = ()
    # The date the prices compared were set (the answer says it); not part of the JSON form.
    prices_as_of: date | None = field(default=None, metadata=NOT_IN_JSON)


@dataclass(frozen=True, slots=True)
class SharedMember:
    """One model of a shared deployment on a plan: its own sizing, on the GPUs it takes.

    ``option`` is the model sized alone on slices of the plan's GPU (its layout, format, room,
    speed and targets; no price: the plan's price is the whole deployment's); None when no
    slice holds it.
    """

    option: PlanOption | None
    gpus: int
    context_tokens: int  # the context it was sized at
    concurrency: int  # its users at once (or, for targets, what the sizing put in flight)


@dataclass(frozen=True, slots=True)
class SharedSlot:
    """GPUs of one server given to one model's process: server, first GPU and how many."""

    member: int  # index into the answer's models
    server: int
    first_gpu: int
    gpus: int


@dataclass(frozen=True, slots=True)
class SharedOption:
    """A plan holding every model of a shared deployment: units, GPUs, price, placement."""

    plan: str | None
    gpu: GpuId
    servers: int  # plan units rented
    gpus: int  # GPUs rented
    gpus_used: int  # GPUs the models' processes take (the rest stay free)
    fits: bool  # every model has GPUs here (and meets its targets when asked)
    reason: Reason | None  # the first model's reason when one does not fit
    members: tuple[SharedMember, ...]
    monthly_usd: Decimal | None
    meets_targets: bool | None  # None when no target was asked
    offerable: bool  # within the CUDA-only and budget constraints
    set_aside: tuple[Reason, ...]
    placement: tuple[SharedSlot, ...]
    launch_commands: tuple[str, ...]  # one per process, with the GPUs it sees and its port
    gpu_facts: GpuFacts = field(kw_only=True, metadata=NOT_IN_JSON)


@dataclass(frozen=True, slots=True)
class SharedAnswer:
    """Several models on one deployment: every plan's packing and the pick."""

    models: tuple[ModelInfo, ...]
    options: tuple[SharedOption, ...]
    recommended_index: int | None
    separately_usd: Decimal | None  # each model on its own cheapest plan, added up
    gpus_asked: tuple[GpuId, ...] = ()
