"""What the search chose for the customer and the advice around the pick, as plain data.

The engine answers a sizing question the way a sales engineer would: it tries the formats,
KV dtypes and layouts the customer left open, picks the cheapest deployment that serves the
request, and says which choices it made (``Variant``), how the deployment is laid out
(``Layout``), what the one-line answer is (``Verdict``) and, over a budget, what would bring
it under (``BudgetAdvice``). Codes and numbers only: the front end words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sizing.types import Choice, KvDtype, PlanOption, Precision, ServingEngine


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
