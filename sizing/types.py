"""The engine's vocabulary: requests in, answers out, as plain typed data.

Answers carry numbers and codes, never sentences: the front end turns codes into words.
Units are in the names (``_bytes``, ``_tokens``, ``_usd``). Money is ``Decimal``.
"""

from __future__ import annotations

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
    CONTEXT_BEYOND_MODEL_MAX = "context_beyond_model_max"
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
    budget_usd_month: Decimal | None = None
    cuda_only: bool = False
    needs_native_fp4: bool = False
    gpu_memory_utilization: float = 0.9  # vLLM's default reserve
    include_mtp: bool = False


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
    replicas: int | None
    weights_bytes_per_gpu: int | None
    kv_cache_bytes: int | None  # per replica, stock vLLM launch
    kv_cache_tokens: int | None  # per replica, stock vLLM launch
    kv_cache_tokens_physical: int | None  # per replica, all usable memory after weights
    max_concurrency_at_context: int | None  # per replica, sequences of the requested context
    decode_tokens_per_s: float | None  # per sequence at batch 1
    decode_tokens_per_s_aggregate: float | None  # all replicas at the requested concurrency
    ttft_s: float | None  # time to first token at the requested context
    monthly_usd: Decimal | None
    usd_per_gpu_hour: Decimal | None
    usd_per_gb_month: Decimal | None
    usd_per_million_tokens: Decimal | None  # at full load, aggregate decode
    checkout_url: str | None  # left None by the engine; the front end fills it
    caveats: tuple[Caveat, ...] = ()


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
        return self.full_attention_layers * self.kv_bytes_per_token_per_layer()
