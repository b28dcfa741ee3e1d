"""The engine's vocabulary: requests in, answers out, as plain typed data.

Answers carry numbers and codes, never sentences: the front end turns codes into words.
Units are in the names (``_bytes``, ``_tokens``, ``_usd``). Money is ``Decimal``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the advice types refer back to PlanOption; only annotations need them here
    from sizing.advice_types import BudgetAdvice, Layout, RoomFigures, Variant, Verdict

# Field metadata: facts an answer carries for its renderer, left out of the JSON form (the
# plan and GPU tables have their own commands: ``sizing price``, ``sizing compare``).
NOT_IN_JSON: dict[str, bool] = {"json": False}


class Precision(StrEnum):
    """Weight formats a request may ask for (``fp4`` means the GPU's own 4-bit float)."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    INT8 = "int8"
    FP6 = "fp6"  # MXFP6
    FP4 = "fp4"  # generic 4-bit float: MXFP4, or NVFP4 where that is the GPU's format
    MXFP4 = "mxfp4"
    NVFP4 = "nvfp4"
    INT4 = "int4"  # AWQ/GPTQ weight-only, group 128


class KvDtype(StrEnum):
    """Data type of the KV cache, a serving choice independent of the weights."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"


class Attention(StrEnum):
    """How a model lays out its KV cache."""

    MHA = "mha"
    GQA = "gqa"
    MQA = "mqa"
    MLA = "mla"


class GpuId(StrEnum):
    """GPUs the catalog knows."""

    MI355X = "mi355x"
    H200 = "h200"
    B200 = "b200"


class ServingEngine(StrEnum):
    """Serving engines a launch command is written for."""

    VLLM = "vllm"
    SGLANG = "sglang"


class Choice(StrEnum):
    """Who settled a part of a deployment: the customer's message, or the search."""

    ASKED = "asked"
    CHOSEN = "chosen"


class Reason(StrEnum):
    """Why an option does not fit or was set aside."""

    WEIGHTS_EXCEED_MEMORY = "weights_exceed_memory"  # weights alone exceed the plan's GPUs
    NO_KV_ROOM = "no_kv_room"  # weights load, nothing useful is left for the KV cache
    CONTEXT_DOES_NOT_FIT = "context_does_not_fit"  # not even one sequence of the context
    CONCURRENCY_NOT_MET = "concurrency_not_met"  # needs more servers than the engine offers
    NO_PARALLEL_SHAPE = "no_parallel_shape"  # no tensor/pipeline shape an engine would start
    SINGLE_GPU_PLAN_CANNOT_SHARD = "single_gpu_plan_cannot_shard"
    CUDA_ONLY = "cuda_only"  # the request needs CUDA; the GPU runs ROCm
    NO_NATIVE_FP4 = "no_native_fp4"  # the request needs native FP4; the GPU lacks it
    OVER_BUDGET = "over_budget"
    GPU_NOT_REQUESTED = "gpu_not_requested"  # the request named other GPUs only


class Caveat(StrEnum):
    """Something the customer should know about a recommendation or an option."""

    ROCM_PORT = "rocm_port"  # custom CUDA kernels need HIP ports; no TensorRT-LLM
    FP8_NATIVE_MODEL_IN_BF16 = "fp8_native_model_in_bf16"  # doubles memory for no gain
    CONTEXT_BEYOND_MODEL_MAX = "context_beyond_model_max"  # sized at the model's maximum
    NO_B200_PRICE = "no_b200_price"  # B200 is sized and compared, not priced
    SINGLE_H200_CANNOT_SHARE_MODEL = "single_h200_cannot_share_model"
    FP4_WEIGHT_ONLY = "fp4_weight_only"  # no native FP4: memory saved, compute at FP8/BF16
    FITS_WITHOUT_KV_ROOM = "fits_without_kv_room"
    PIPELINE_ACROSS_SERVERS = "pipeline_across_servers"  # pipeline parallel over the network
    KV_HEADS_REPLICATED = "kv_heads_replicated"  # TP larger than the KV heads
    MLA_KV_REPLICATED = "mla_kv_replicated"  # MLA latent is whole on every TP rank
    ESTIMATED_CAPACITY = "estimated_capacity"  # usable bytes derived, not measured
    GENERIC_MODEL = "generic_model"  # sized from a parameter count with stated assumptions
    MTP_EXCLUDED = "mtp_excluded"  # multi-token-prediction layers not loaded
    SLIDING_WINDOW_CAPPED = "sliding_window_capped"  # windowed layers hold only the window
    QUANTIZED_BELOW_RELEASE = "quantized_below_release"  # fewer bits than the release: quality
    BUDGET_EXCEEDED_BY_ALL = "budget_exceeded_by_all"
    CONTEXT_DEFAULTED = "context_defaulted"  # no context given: a default was assumed
    FP6_WEIGHT_ONLY = "fp6_weight_only"  # no native FP6: memory saved, compute at FP8/BF16
    NVFP4_AS_MXFP4 = "nvfp4_as_mxfp4"  # NVFP4 asked on a GPU whose 4-bit float is MXFP4
    NEEDS_QUANTIZED_CHECKPOINT = "needs_quantized_checkpoint"  # no official one, no online path
    CONTEXT_EXTENDS_WITH_ROPE_SCALING = "context_extends_with_rope_scaling"  # e.g. YaRN
    DP_ATTENTION = "dp_attention"  # data-parallel attention with expert-parallel MoE


@dataclass(frozen=True, slots=True)
class SizingRequest:
    """What to size. Exactly one of ``model_id``, ``model_config`` or ``params_b`` names the model.

    ``None`` means "not said": the engine applies its documented default and says so.
    """

    model_id: str | None = None  # catalog HF id
    model_config: dict[str, Any] | None = None  # a Hugging Face config.json, already parsed
    params_b: float | None = None  # generic model: total parameters in billions
    active_params_b: float | None = None  # generic MoE: active parameters in billions
    moe: bool | None = None
    precision: Precision | None = None  # None: the model's release precision
    context_tokens: int | None = None  # per sequence; None: engine default
    concurrency: int | None = None  # simultaneous sequences; None: 1
    kv_dtype: KvDtype | None = None  # None: BF16
    gpus: tuple[GpuId, ...] = ()  # GPUs the customer asked about, in order of mention
    # How many GPUs the customer asked to run it on ("on one H200": 1); None: not said. The
    # pick still serves the whole request; the verdict says what that many GPUs hold.
    gpu_count: int | None = None
    budget_usd_month: Decimal | None = None
    cuda_only: bool = False
    needs_native_fp4: bool = False
    gpu_memory_utilization: float = 0.9  # vLLM's default reserve
    include_mtp: bool = False
    engine: ServingEngine | None = None  # None: the engine each layout is best served by


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """The model as the answer reports it."""

    id: str
    name: str
    total_params: int
    active_params: int
    kv_bytes_per_token: int  # BF16 KV, full-attention layers only
    layers: int
    attention: Attention
    release_precision: Precision
    max_context_tokens: int | None
    sliding_window: int | None = None
    moe: bool = False
    generic: bool = False
    # Context the model reads with RoPE scaling its maker documents (YaRN), and the factor.
    rope_scaling_context_tokens: int | None = None
    rope_scaling_factor: float | None = None


@dataclass(frozen=True, slots=True)
class ResolvedRequest:
    """The request after defaults: every field the sizing used."""

    precision: Precision
    context_tokens: int
    concurrency: int
    kv_dtype: KvDtype
    gpu_memory_utilization: float
    cuda_only: bool
    needs_native_fp4: bool
    budget_usd_month: Decimal | None
    gpus: tuple[GpuId, ...]
    include_mtp: bool = False
    # What the customer fixed (the search never changes these) and what they asked for
    # before the model's limit applied (``context_tokens`` is what was sized).
    precision_fixed: bool = False
    kv_dtype_fixed: bool = False
    engine: ServingEngine | None = None
    requested_context_tokens: int | None = None
    gpu_count: int | None = None  # the GPUs the customer asked to run it on, when said


@dataclass(frozen=True, slots=True)
class PlanOption:
    """One way to serve the request: a plan (or an unpriced GPU shape) and how it fares."""

    plan: str | None  # plan id from the catalog; None for a GPU sized without a plan (B200)
    gpu: GpuId
    gpus: int  # GPUs in the deployment (all replicas)
    servers: int  # plan units to rent (servers, or single-GPU machines)
    fits: bool
    reason: Reason | None  # set when fits is False
    tensor_parallel: int | None
    pipeline_parallel: int | None
    replicas: int | None  # copies of the model on the rented GPUs, each serving its share
    weights_bytes_per_gpu: int | None
    kv_cache_bytes: int | None  # per replica, stock vLLM launch
    kv_cache_tokens: int | None  # per replica, stock vLLM launch
    kv_cache_tokens_physical: int | None  # per replica, all usable memory after weights
    max_concurrency_at_context: int | None  # per replica, sequences of the requested context
    decode_tokens_per_s: float | None  # one user alone
    decode_tokens_per_s_aggregate: float | None  # all users at the requested concurrency
    ttft_s: float | None  # time to first token at the requested context
    monthly_usd: Decimal | None
    usd_per_gpu_hour: Decimal | None
    usd_per_gb_month: Decimal | None
    usd_per_million_tokens: Decimal | None  # at full load, aggregate decode
    checkout_url: str | None  # left None by the engine; the front end fills it
    caveats: tuple[Caveat, ...] = ()
    # Added by the engine: the replica's shape, the physical KV bytes, and request constraints.
    gpus_per_replica: int | None = None  # tensor_parallel x pipeline_parallel
    kv_cache_bytes_physical: int | None = None  # per replica, no framework reserve
    # Constraints of the request this option breaks (cuda_only, no_native_fp4, over_budget,
    # gpu_not_requested). ``reason`` is the technical reason when ``fits`` is False, else the
    # first of these; gpu_not_requested only lowers the option in the ranking.
    set_aside: tuple[Reason, ...] = ()
    # Full load: every rented GPU serving replicas, each holding as many sequences of the
    # context as its KV room allows (at most vLLM's max_num_seqs); usd_per_million_tokens
    # is priced at this rate.
    full_load_concurrency: int | None = None
    decode_tokens_per_s_full_load: float | None = None
    # Each user's speed while all the requested users generate (decode_tokens_per_s is one
    # user alone); a range where the figure is an estimate (no measurement anchors the GPU)
    # or rests on speculative decoding, whose gain depends on the text.
    decode_tokens_per_s_per_user: float | None = None
    decode_tokens_per_s_range: tuple[float, float] | None = None
    decode_speed_estimated: bool = False
    # Speculative decoding (MTP) in the per-user figure: tokens one verification step yields.
    mtp_tokens_per_step: float | None = None
    # The deployment as an engine starts it, what was chosen for the customer, and the
    # commands that start it (one per server or machine).
    layout: Layout | None = None
    variant: Variant | None = None
    launch_commands: tuple[str, ...] = ()
    # The product page's rule for the KV room of one replica: its GPUs' marketed HBM minus
    # the weights (no runtime, no reserve), to show beside the stock-vLLM figure.
    kv_cache_bytes_marketed: int | None = None
    # The facts the option was sized on, so that answers never look them up again.
    gpu_facts: GpuFacts = field(kw_only=True, metadata=NOT_IN_JSON)
    plan_facts: PlanFacts | None = field(default=None, kw_only=True, metadata=NOT_IN_JSON)


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
    # Every variant the search sized (all plans), for checks; not part of the JSON form. Only
    # those the answer carries (options, literal options) have speeds and launch commands.
    explored: tuple[PlanOption, ...] = field(default=(), metadata=NOT_IN_JSON)


@dataclass(frozen=True, slots=True)
class ParamGroups:
    """Parameter counts by tensor group, as the weights are stored (all layers, all experts)."""

    embedding: int = 0  # input token embeddings
    lm_head: int = 0  # output projection (0 when tied to the embeddings)
    attention: int = 0  # every attention projection, MLA low-rank factors and their norms
    dense_mlp: int = 0  # feed-forward blocks of dense layers
    shared_experts: int = 0  # MoE experts every token uses
    routed_experts: int = 0  # all routed experts of all MoE layers
    router: int = 0  # gates (and their biases)
    norms: int = 0  # layer norms outside attention
    vision: int = 0  # vision tower and projector of multimodal checkpoints
    mtp: int = 0  # multi-token-prediction layers: not loaded unless asked for

    @property
    def total(self) -> int:
        """Everything a serving engine loads by default (MTP excluded)."""
        return (
            self.embedding
            + self.lm_head
            + self.attention
            + self.dense_mlp
            + self.shared_experts
            + self.routed_experts
            + self.router
            + self.norms
            + self.vision
        )


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """A model as the engine sees it, derived from its architecture (never typed-in totals)."""

    id: str  # Hugging Face id, or a generated id for generic and config-file models
    name: str  # display name, e.g. "DeepSeek-V3"
    params: ParamGroups
    active_params: int  # parameters one token touches (routed experts: k of E)
    layers: int
    hidden_size: int
    num_attention_heads: int
    num_kv_heads: int  # MLA: the attention heads (the latent is shared; see kv_lora_rank)
    head_dim: int
    attention: Attention
    kv_lora_rank: int = 0  # MLA latent width
    qk_rope_head_dim: int = 0  # MLA decoupled RoPE key width
    v_head_dim: int = 0  # MLA value width per head (0: the same as head_dim)
    sliding_window: int | None = None  # window (or chunk) of the windowed layers
    windowed_layers: int = 0  # how many of ``layers`` hold only the window
    num_experts: int = 0  # routed experts per MoE layer (0: dense)
    experts_per_token: int = 0
    moe_layers: int = 0
    release_precision: Precision = Precision.BF16
    quantized_groups: tuple[str, ...] = ()  # ParamGroups fields a quantized release quantizes
    max_context_tokens: int | None = None
    vocab_size: int = 0
    generic: bool = False  # sized from a parameter count with stated assumptions
    multimodal: bool = False
    aliases: tuple[str, ...] = ()  # names people use; matched by the front end
    generic_reference: str | None = None  # generic models: catalog id whose shape was scaled
    # Caches beside the per-token KV of attention layers (2025-2026 architectures):
    state_bytes_per_sequence: int = 0  # linear-attention / Mamba state, constant per sequence
    indexer_kv_bytes_per_token: int = 0  # sparse-attention indexer keys, per token (BF16)
    # Per-token cache of layers whose layout the uniform fields above cannot express (hybrid,
    # windowed layers with other heads, compressed caches), BF16; None: the uniform layout.
    growing_kv_bytes_per_token: int | None = None  # grows with the whole context
    windowed_kv_bytes_per_token: int | None = None  # held for at most ``sliding_window`` tokens
    # Storage of the published checkpoint: (ParamGroups field, storage format, parameters).
    release_layout: tuple[tuple[str, str, int], ...] = ()

    @property
    def total_params(self) -> int:
        """Parameters loaded by default (MTP layers excluded)."""
        return self.params.total

    @property
    def moe(self) -> bool:
        """Whether routed experts exist."""
        return self.num_experts > 0

    @property
    def full_attention_layers(self) -> int:
        """Layers whose cache grows with the whole context."""
        return self.layers - self.windowed_layers

    def kv_bytes_per_token_per_layer(self, bytes_per_element: int = 2) -> int:
        """One token's cache in one layer: MLA latent, or K and V of every KV head."""
        if self.attention is Attention.MLA:
            return (self.kv_lora_rank + self.qk_rope_head_dim) * bytes_per_element
        return 2 * self.num_kv_heads * self.head_dim * bytes_per_element

    @property
    def kv_bytes_per_token(self) -> int:
        """BF16 KV per token of the full-attention layers (windowed layers are capped apart)."""
        if self.growing_kv_bytes_per_token is not None:
            return self.growing_kv_bytes_per_token
        return self.full_attention_layers * self.kv_bytes_per_token_per_layer()


# --- Catalog facts and the price / compare answers -------------------------------------------


class Software(StrEnum):
    """The GPU's software stack."""

    ROCM = "rocm"
    CUDA = "cuda"


class Interconnect(StrEnum):
    """How the GPUs of one server talk to each other."""

    INFINITY_FABRIC = "infinity_fabric"  # AMD direct mesh, one link per peer
    NVLINK4 = "nvlink4"  # through NVSwitch
    NVLINK5 = "nvlink5"


class FormFactor(StrEnum):
    """Module form and cooling."""

    OAM_LIQUID = "oam_liquid"
    SXM_HGX = "sxm_hgx"


class Availability(StrEnum):
    """Stock status of a plan."""

    IN_STOCK = "in_stock"
    LIMITED = "limited"


@dataclass(frozen=True, slots=True)
class GpuFacts:
    """One GPU model: vendor figures (dense TFLOPS) and the bytes a framework can use."""

    id: GpuId
    name: str  # e.g. "AMD Instinct MI355X"
    vendor: str  # "amd" | "nvidia"
    architecture: str  # e.g. "CDNA 4"
    memory_gb: int  # marketed HBM capacity
    memory_type: str  # "HBM3e"
    usable_bytes: int  # what the framework sees (measured, or derived and estimated)
    usable_bytes_estimated: bool
    cuda_context_bytes: int  # taken by the runtime before any tensor
    bandwidth_tb_s: float  # marketed HBM bandwidth
    tflops_fp4: float | None  # dense; None where the format is not native
    tflops_fp6: float | None
    tflops_fp8: float | None
    tflops_bf16: float
    native_formats: tuple[Precision, ...]
    interconnect: Interconnect
    interconnect_gb_s: float  # per GPU, all links
    interconnect_links: int | None  # links per GPU where the fabric is a mesh
    interconnect_link_gb_s: float | None  # one link
    form_factor: FormFactor
    power_w: int
    software: Software
    gpus_per_server: int  # the server shape this GPU comes in (8)


@dataclass(frozen=True, slots=True)
class PlanFacts:
    """One plan of the price table, with the page's rules as flags."""

    id: str  # e.g. "mi355x-8x"
    gpu: GpuId
    gpus: int
    cpu: str  # model text, e.g. "2x EPYC 9575F"
    cpu_cores: int | None  # physical cores (servers)
    cpu_vcpus: int | None  # virtual CPUs (single-GPU machines)
    ram_gb: int
    storage_drives: int
    storage_tb_per_drive: float
    network: str  # as the price table writes it, e.g. "8x 400G RoCE"
    network_ports: int
    network_gbps_per_port: int
    monthly_usd: Decimal
    usd_per_gpu_hour: Decimal  # monthly / GPUs / 730, to the cent
    usd_per_gb_month: Decimal  # monthly / (GPUs x marketed GB), to the cent
    memory_gb_total: int  # GPUs x marketed GB
    availability: Availability
    lead_time_business_days: int
    whole_server_only: bool  # rented only as the whole server
    can_split_model: bool  # one model may span its GPUs (False: independent machines)
    is_server: bool  # an 8-GPU server (False: a single-GPU machine)
    page_path: str  # product page under https://fullgpu.com/{locale}/


@dataclass(frozen=True, slots=True)
class PriceAnswer:
    """The price table, optionally filtered to one GPU."""

    plans: tuple[PlanFacts, ...]
    gpu: GpuId | None  # the filter asked for, None for all
    gpus: tuple[GpuFacts, ...]  # facts of the GPUs the plans use (or the GPU asked for)
    unpriced_gpus: tuple[GpuId, ...]  # asked for or known, but no plan in the catalog (B200)
    hours_per_month: int = 730


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
