"""A transformer's architecture in the project's own terms: the numbers the counts come from.

The catalog stores these numbers (never parameter totals); ``hf_config`` reads the same
numbers out of a Hugging Face ``config.json``. ``counting`` turns them into parameters and
``caches`` into the bytes a sequence caches. Layers may differ from one another: the
``layer_pattern`` and ``ffn_pattern`` strings say, one character per layer, which mixer and
which feed-forward block each layer has.
"""

from __future__ import annotations

from typing import Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, NonNegativeInt, PositiveInt, model_validator

from sizing.request import Precision

_FROZEN = ConfigDict(extra="forbid", frozen=True)

# Tensor groups a quantized checkpoint may store below 16 bits (the others stay 16-bit):
# the linear layers. Embeddings, LM head, norms, routers and vision towers are not among them.
LinearGroup = Literal["attention", "dense_mlp", "shared_experts", "routed_experts", "mtp"]
LINEAR_GROUPS: tuple[LinearGroup, ...] = get_args(LinearGroup)

# One character per layer. Mixer: F full attention, S sliding-window attention, L linear
# attention (Gated DeltaNet, Kimi Delta Attention), M Mamba-2, "-" none.
# Feed-forward: D dense MLP, E routed experts, B both (Gemma 4), "-" none.
LAYER_KINDS = frozenset("FSLM-")
FFN_KINDS = frozenset("DEB-")


class Release(BaseModel):
    """What a published checkpoint adds to its architecture: names, format, context."""

    model_config = _FROZEN

    model_id: str
    name: str
    aliases: tuple[str, ...] = ()
    precision: Precision = Precision.BF16
    quantized_groups: tuple[LinearGroup, ...] = ()
    max_context_tokens: PositiveInt | None = None


class MoeShape(BaseModel):
    """Mixture-of-experts feed-forward: which layers route, and how wide the experts are."""

    model_config = _FROZEN

    routed_experts: PositiveInt
    experts_per_token: PositiveInt
    expert_intermediate_size: PositiveInt
    shared_expert_intermediate_size: NonNegativeInt = 0  # all shared experts together
    first_dense_layers: NonNegativeInt = 0  # DeepSeek/GLM ``first_k_dense_replace``
    layer_step: PositiveInt = 1  # MoE on layers where (index + 1) % step == 0
    dense_layer_indices: tuple[NonNegativeInt, ...] = ()  # Qwen ``mlp_only_layers``
    expert_bias: bool = False  # gpt-oss experts carry biases
    router_bias: bool = False  # gpt-oss router is a biased linear layer
    gated: bool = True  # gate, up and down matrices (False: up and down, Nemotron-H relu2)
    latent_size: NonNegativeInt = 0  # experts work in a narrower latent (Nemotron 3, Kimi K3)
    latent_norm: bool = False  # an RMSNorm on the latent (Kimi K3)
    shared_expert_gate: bool = False  # a hidden -> 1 gate on the shared expert (Qwen3.5)
    router_scales: bool = False  # a per-channel and a per-expert router scale (Gemma 4)

    @model_validator(mode="after")
    def _routing_fits(self) -> Self:
        if self.experts_per_token > self.routed_experts:
            msg = "experts_per_token is above routed_experts"
            raise ValueError(msg)
        return self


class MlaShape(BaseModel):
    """Multi-head latent attention (DeepSeek V2/V3, Kimi K2, GLM-5): low-rank K/V and Q."""

    model_config = _FROZEN

    q_lora_rank: NonNegativeInt  # 0: a full-rank query projection
    kv_lora_rank: PositiveInt
    qk_nope_head_dim: PositiveInt
    qk_rope_head_dim: PositiveInt
    v_head_dim: PositiveInt
    output_gate: bool = False  # a hidden -> heads x v_head_dim gate before o_proj (Kimi K3)


class WindowShape(BaseModel):
    """Layers whose cache holds at most ``tokens`` (sliding window or chunked attention)."""

    model_config = _FROZEN

    tokens: PositiveInt
    windowed_layers: NonNegativeInt
    kind: Literal["sliding", "chunked"] = "sliding"


class AttentionShape(BaseModel):
    """Heads of the layers of one kind, where they differ from the model's main heads."""

    model_config = _FROZEN

    attention_heads: PositiveInt
    kv_heads: PositiveInt
    head_dim: PositiveInt
    v_head_dim: NonNegativeInt = 0  # 0: as head_dim
    k_eq_v: bool = False  # one projection serves as key and value (Gemma 4 global layers)
    sinks: bool = False  # one learned logit per head (gpt-oss, MiMo sliding layers)


class LinearAttentionShape(BaseModel):
    """Linear-attention layers (Gated DeltaNet, Kimi Delta Attention): a recurrent state."""

    model_config = _FROZEN

    kind: Literal["gated_deltanet", "kimi_delta"]
    key_heads: PositiveInt
    value_heads: PositiveInt
    key_head_dim: PositiveInt
    value_head_dim: PositiveInt
    conv_kernel: PositiveInt
    state_bytes_per_element: PositiveInt = 4  # the recurrent state is kept in FP32
    full_rank_gate: bool = False  # Kimi K3: the forget gate is one hidden -> heads x dim matrix


class MambaShape(BaseModel):
    """Mamba-2 mixer layers (Nemotron-H): a convolution and an SSM state per sequence."""

    model_config = _FROZEN

    heads: PositiveInt
    head_dim: PositiveInt
    state_size: PositiveInt
    groups: PositiveInt
    conv_kernel: PositiveInt
    state_bytes_per_element: PositiveInt = 4  # ``mamba_ssm_cache_dtype`` float32


class IndexerShape(BaseModel):
    """Sparse-attention indexer (DeepSeek V3.2, GLM-5, MiniMax M3): its own keys per token."""

    model_config = _FROZEN

    heads: PositiveInt
    head_dim: PositiveInt
    query_from: Literal["q_lora", "hidden"]  # DeepSeek reads the query latent, MiniMax hidden
    weights_projection: bool = True  # hidden -> heads weights (DeepSeek, GLM)
    key_norm: Literal["layer_norm", "rms_norm"] = "layer_norm"
    query_norm: bool = False  # MiniMax M3 normalizes queries too
    layers: tuple[NonNegativeInt, ...] = ()  # layers that have one; empty: every layer
    top_k: PositiveInt | None = None  # tokens attention keeps (``index_topk``); None: unstated


class CompressionShape(BaseModel):
    """DeepSeek V4: a sliding window on every layer plus compressed entries of the rest."""

    model_config = _FROZEN

    ratios: tuple[NonNegativeInt, ...]  # per layer: 0 window only, else tokens per entry
    query_rank: PositiveInt  # low-rank query
    indexed_ratio: PositiveInt  # layers at this ratio also run a lightning indexer
    output_groups: PositiveInt  # grouped low-rank output projection
    output_rank: PositiveInt
    hyper_connections: PositiveInt  # mHC expansion
    hash_layers: NonNegativeInt = 0  # first layers route by token id (no learned router)


class VisionTower(BaseModel):
    """Image encoder and projector of a multimodal checkpoint (kept at 16 bits)."""

    model_config = _FROZEN

    kind: Literal[
        "siglip", "llama4", "qwen3_vl", "gemma4", "moonvit", "moonvit2", "clip", "pixtral"
    ]
    hidden_size: PositiveInt
    layers: PositiveInt
    intermediate_size: PositiveInt
    patch_size: PositiveInt
    image_size: NonNegativeInt = 0  # square input side (SigLIP, Llama 4, CLIP)
    channels: PositiveInt = 3
    projector_input_dim: NonNegativeInt = 0  # Llama 4 pixel-shuffle MLP
    projector_output_dim: NonNegativeInt = 0
    output_dim: NonNegativeInt = 0  # width handed to the text model's projector
    position_embeddings: NonNegativeInt = 0  # learned positions (Qwen3-VL, Gemma 4, MoonViT)
    merge_size: NonNegativeInt = 0  # patches merged per side before the projector
    temporal_patch_size: NonNegativeInt = 0  # Qwen3-VL video frames per patch
    deepstack_mergers: NonNegativeInt = 0  # Qwen3-VL mergers of intermediate layers
    head_dim: NonNegativeInt = 0  # Gemma 4: per-head q/k norms
    attention_width: NonNegativeInt = 0  # Kimi K3: q/k/v width when it differs from hidden
    projector_bias: bool = False  # Mistral 3: biases on the projector's two linear layers


class Architecture(BaseModel):
    """Everything the parameter count and the cache layout need."""

    model_config = _FROZEN

    family: str  # the Hugging Face ``model_type`` the numbers came from
    hidden_size: PositiveInt
    layers: PositiveInt
    attention_heads: PositiveInt
    kv_heads: PositiveInt
    head_dim: PositiveInt
    vocab_size: PositiveInt
    intermediate_size: NonNegativeInt  # MLP width of the dense (non-MoE) layers
    mlp_gated: bool = True  # gate, up and down (False: up and down only, Nemotron-H relu2)
    tie_word_embeddings: bool = False
    qkv_bias: bool = False
    o_bias: bool = False
    qk_norm: bool = False  # learned RMSNorm on q and k (Qwen3, Gemma 3, GLM)
    qk_norm_scope: Literal["head", "layer"] = "head"  # one head wide, or all heads (MiniMax M2)
    attention_sinks: bool = False  # one learned logit per head (gpt-oss)
    norms_per_layer: PositiveInt = 2  # Gemma 3 has four
    moe: MoeShape | None = None
    mla: MlaShape | None = None
    window: WindowShape | None = None
    vision: VisionTower | None = None
    mtp_layers: NonNegativeInt = 0  # multi-token-prediction layers in the checkpoint
    # 2025-2026 architectures: layers of several kinds and caches beside the per-token KV.
    layer_pattern: str = ""  # one of LAYER_KINDS per layer; empty: every layer F (or S)
    ffn_pattern: str = ""  # one of FFN_KINDS per layer; empty: from ``moe``
    v_head_dim: NonNegativeInt = 0  # value width when it differs from head_dim (MiMo)
    output_gate: Literal["none", "elementwise", "headwise"] = "none"  # Qwen3.5, Step 3.7
    full_attention: AttentionShape | None = None  # F layers, where they differ
    sliding_attention: AttentionShape | None = None  # S layers, where they differ
    dense_widths: tuple[NonNegativeInt, ...] = ()  # per-layer dense MLP width (Nemotron-NAS)
    linear_attention: LinearAttentionShape | None = None
    mamba: MambaShape | None = None
    indexer: IndexerShape | None = None
    compression: CompressionShape | None = None

    @model_validator(mode="after")
    def _patterns_fit(self) -> Self:
        """Per-layer lists must have one entry per layer and only known kinds."""
        _check_pattern("layer_pattern", self.layer_pattern, LAYER_KINDS, self.layers)
        _check_pattern("ffn_pattern", self.ffn_pattern, FFN_KINDS, self.layers)
        if self.dense_widths and len(self.dense_widths) != self.layers:
            msg = f"dense_widths has {len(self.dense_widths)} entries for {self.layers} layers"
            raise ValueError(msg)
        if self.compression and len(self.compression.ratios) != self.layers:
            msg = f"compression.ratios has {len(self.compression.ratios)} entries"
            raise ValueError(msg)
        needs = {"L": self.linear_attention, "M": self.mamba}
        for kind, shape in needs.items():
            if kind in self.layer_pattern and shape is None:
                msg = f"layer_pattern has {kind} layers but no shape for them"
                raise ValueError(msg)
        if "S" in self.layer_pattern and self.window is None:
            msg = "layer_pattern has sliding layers but no window"
            raise ValueError(msg)
        if set(self.ffn_pattern) & {"E", "B"} and self.moe is None:
            msg = "ffn_pattern has expert layers but no moe shape"
            raise ValueError(msg)
        return self

    def layer_kind(self, index: int) -> str:
        """Mixer of layer ``index``: F, S, L, M or "-"."""
        if self.layer_pattern:
            return self.layer_pattern[index]
        return "F"

    def ffn_kind(self, index: int) -> str:
        """Feed-forward block of layer ``index``: D, E, B or "-"."""
        if self.ffn_pattern:
            return self.ffn_pattern[index]
        return "E" if self._routes(index) else "D"

    def _routes(self, index: int) -> bool:
        moe = self.moe
        if moe is None or index < moe.first_dense_layers or index in moe.dense_layer_indices:
            return False
        return (index + 1) % moe.layer_step == 0

    def is_moe_layer(self, index: int) -> bool:
        """Whether layer ``index`` (0-based) routes its tokens to experts."""
        return self.ffn_kind(index) in {"E", "B"}

    @property
    def moe_layers(self) -> int:
        """How many layers have routed experts."""
        return sum(1 for index in range(self.layers) if self.is_moe_layer(index))


def _check_pattern(name: str, pattern: str, kinds: frozenset[str], layers: int) -> None:
    if not pattern:
        return
    if len(pattern) != layers:
        msg = f"{name} has {len(pattern)} entries for {layers} layers"
        raise ValueError(msg)
    unknown = sorted(set(pattern) - kinds)
    if unknown:
        msg = f"{name} has unknown kinds {unknown}"
        raise ValueError(msg)
