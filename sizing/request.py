"""What a sizing request says: the formats, GPUs and engines it may name, as asked and as resolved.

The ground floor of the engine's vocabulary: every wing reads these enums. Units are in the
names (``_tokens``, ``_usd_month``); money is ``Decimal``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any


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


class GpuId(StrEnum):
    """GPUs the catalog knows."""

    MI355X = "mi355x"
    H200 = "h200"
    B200 = "b200"


# The share of a GPU's memory vLLM takes for itself by default (``--gpu-memory-utilization``):
# the rest is its reserve. Every sizing that states no other uses it.
DEFAULT_GPU_MEMORY_UTILIZATION = 0.9


class ServingEngine(StrEnum):
    """Serving engines a launch command is written for."""

    VLLM = "vllm"
    SGLANG = "sglang"


class TrainingMethod(StrEnum):
    """How a model is trained: every weight, low-rank adapters, or from scratch."""

    FULL = "full"  # full fine-tuning: every weight, its gradient and optimizer state
    LORA = "lora"  # low-rank adapters on frozen 16-bit weights
    QLORA = "qlora"  # low-rank adapters on frozen 4-bit weights
    PRETRAIN = "pretrain"  # pre-training (or continued pre-training) from a corpus


class Optimizer(StrEnum):
    """The optimizer whose state training holds, by its bytes per trained parameter."""

    ADAMW = "adamw"  # FP32 master weights and two FP32 moments: 12 bytes
    ADAMW_8BIT = "adamw_8bit"  # FP32 master weights and two 8-bit moments: 6 bytes
    ADAMW_BF16 = "adamw_bf16"  # "pure BF16": two BF16 moments, no FP32 master: 4 bytes


class Checkpointing(StrEnum):
    """Activation checkpointing: what the forward pass keeps for the backward pass."""

    NONE = "none"  # every activation kept
    SELECTIVE = "selective"  # about half kept, the rest recomputed (per-op policies)
    FULL = "full"  # only each layer's input kept; the layer recomputed in the backward pass


@dataclass(frozen=True, slots=True)
class TrainingRequest:
    """A training or fine-tuning job to size; ``None`` means "not said" (defaults are stated).

    The model is named as for ``SizingRequest``. ``tokens`` is one pass over the data;
    ``epochs`` passes are trained (1 when not said). ``budget_usd_month`` is US$ per month.
    """

    model_id: str | None = None
    model_config: dict[str, Any] | None = None
    checkpoint: Checkpoint | None = None
    params_b: float | None = None
    active_params_b: float | None = None
    moe: bool | None = None
    method: TrainingMethod | None = None  # None: LoRA, said in the answer
    tokens: int | None = None  # one epoch; None: 20 per parameter to pre-train, else unknown
    epochs: float | None = None
    seq_len: int | None = None  # None: 4,096
    precision: Precision | None = None  # BF16 or FP8 compute; None: BF16
    optimizer: Optimizer | None = None  # None: AdamW in mixed precision
    lora_rank: int | None = None  # None: 16
    global_batch: int | None = None  # sequences per optimizer step
    micro_batch: int | None = None  # sequences per GPU per forward pass
    zero_stage: int | None = None  # 0-3; None: the least sharding that fits
    offload: bool = False  # optimizer state in the server's RAM (ZeRO-Offload)
    checkpointing: Checkpointing | None = None  # None: the least recompute that fits
    gpus: tuple[GpuId, ...] = ()
    gpu_count: int | None = None
    budget_usd_month: Decimal | None = None
    deadline_hours: float | None = None
    cuda_only: bool = False

    def model_request(self) -> SizingRequest:
        """Return the model part as a sizing request (the model is resolved the same way)."""
        return SizingRequest(
            model_id=self.model_id,
            model_config=self.model_config,
            checkpoint=self.checkpoint,
            params_b=self.params_b,
            active_params_b=self.active_params_b,
            moe=self.moe,
        )


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A repository of a model hub at one revision, as far as sizing needs it.

    ``stored_params`` is what its safetensors headers count, by dtype (packed 4-bit formats
    count packed elements, not weights); the engine checks its reading of ``config`` against it.
    """

    hf_id: str
    config: Mapping[str, Any]
    revision: str | None = None
    hf_quant_config: Mapping[str, Any] | None = None
    stored_params: Mapping[str, int] = field(default_factory=dict)
    gated: bool = False
    # The makers' own quantized releases of it, by weight format ("fp8": "Org/Name-FP8").
    releases: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SizingRequest:
    """What to size: one of ``model_id``, ``model_config``, ``checkpoint`` or ``params_b``.

    ``None`` means "not said": the engine applies its documented default and says so.
    """

    model_id: str | None = None  # catalog HF id
    model_config: dict[str, Any] | None = None  # a Hugging Face config.json, already parsed
    checkpoint: Checkpoint | None = None  # a Hub repository read through a ModelSource
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
    gpu_memory_utilization: float = DEFAULT_GPU_MEMORY_UTILIZATION
    include_mtp: bool = False
    engine: ServingEngine | None = None  # None: the engine each layout is best served by
    # Service-level targets (None: not asked): aggregate output tokens/s, each user's decode
    # tokens/s, seconds to the first token at the stated load, an arrival rate with average
    # prompt and answer lengths, and an offline job of so many tokens within so many hours.
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    batch_tokens: int | None = None
    deadline_hours: float | None = None
    # Many LoRA adapters served on the one base model (vLLM multi-LoRA): how many, and their
    # largest rank (None: 16, vLLM's default ``--max-lora-rank``).
    lora_adapters: int | None = None
    lora_rank: int | None = None
    # Speculative decoding with a smaller model of the same vocabulary as the draft (vLLM's
    # draft_model method, SGLang's STANDALONE): its catalog id and the tokens it drafts a step.
    draft_model_id: str | None = None
    speculative_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class DraftServing:
    """A draft model checked by the served one: what it is and how many tokens it proposes."""

    model_id: str
    tokens: int  # drafted per step (``num_speculative_tokens``), each checked in one pass


@dataclass(frozen=True, slots=True)
class LoraServing:
    """LoRA adapters served on the base: how many, their rank, how many sit on the GPUs.

    ``slots`` is vLLM's ``--max-loras``: adapters held on the GPUs at once (and so in one
    batch); the others wait in CPU memory (``--max-cpu-loras``) and are swapped in on use.
    """

    adapters: int
    rank: int
    slots: int
    adapter_bytes: int = 0  # one adapter of the rank on the model (set once the model is known)


@dataclass(frozen=True, slots=True)
class SharedRequest:
    """Several models on one deployment ("a 70B for chat and an 8B for autocomplete").

    Each member is a whole sizing request (its context, users, formats, targets); the GPUs
    named, the budget (US$ per month) and CUDA-only hold for the deployment as a whole.
    """

    members: tuple[SizingRequest, ...]
    gpus: tuple[GpuId, ...] = ()
    budget_usd_month: Decimal | None = None
    cuda_only: bool = False


@dataclass(frozen=True, slots=True)
class ServiceLevel:
    """The service-level targets of a request and the workload they hold for, after defaults.

    ``input_tokens`` and ``output_tokens`` are averages per request (2,000 and 500 when not
    said, which the answer states). ``min_tokens_per_user`` is the floor kept for each user
    when only an aggregate throughput is asked (10 tokens/s unless a per-user target is
    given). ``concurrency_given``: the users at once were stated, not derived from a rate.
    """

    input_tokens: int
    output_tokens: int
    input_defaulted: bool
    output_defaulted: bool
    concurrency_given: bool
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    batch_tokens: int | None = None
    deadline_hours: float | None = None
    min_tokens_per_user: float = 10.0

    @property
    def asks_targets(self) -> bool:
        """Whether any target is asked (lengths alone are a workload, not a target)."""
        return any(
            value is not None
            for value in (
                self.throughput_tok_s,
                self.tokens_per_user_tok_s,
                self.ttft_s,
                self.requests_per_minute,
                self.batch_tokens,
            )
        )

    @property
    def batch(self) -> bool:
        """Whether this is an offline job of ``batch_tokens`` tokens."""
        return self.batch_tokens is not None


@dataclass(frozen=True, slots=True)
class RopeScaling:
    """RoPE scaling turned on to read past the model's native window (YaRN, as documented)."""

    type: str  # "yarn"
    factor: float
    original_context_tokens: int  # the window the scaling stretches
    context_tokens: int  # what the deployment is sized (and launched) at


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
    # Past the native window, the RoPE scaling its makers document, sized at the context asked.
    rope_scaling: RopeScaling | None = None
    # Service-level targets and the workload they hold for; None when none was stated.
    service: ServiceLevel | None = None
    # LoRA adapters served on the base model; None when none were asked for.
    lora: LoraServing | None = None
    # A draft model for speculative decoding; None when none was asked for.
    draft: DraftServing | None = None
