"""A transformer's architecture in the project's own terms, and the parameters it implies.

The catalog stores these numbers (never parameter totals); ``hf_config`` reads the same
numbers out of a Hugging Face ``config.json``. Counting follows the module layout of the
reference implementations in Hugging Face transformers, so totals match what it counts.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, NonNegativeInt, PositiveInt

from sizing.types import Attention, ModelSpec, ParamGroups, Precision

_FROZEN = ConfigDict(extra="forbid", frozen=True)

# A gated MLP (SwiGLU/GeGLU) has three matrices: gate, up and down.
_GATED_MLP_MATRICES = 3
# Weight and bias of a LayerNorm (vision towers); RMSNorm has only the weight.
_LAYER_NORM_VECTORS = 2


# Tensor groups a quantized checkpoint may store below 16 bits (the others stay 16-bit):
# the linear layers. Embeddings, LM head, norms, routers and vision towers are not among them.
LinearGroup = Literal["attention", "dense_mlp", "shared_experts", "routed_experts", "mtp"]
LINEAR_GROUPS: tuple[LinearGroup, ...] = get_args(LinearGroup)


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


class MlaShape(BaseModel):
    """Multi-head latent attention (DeepSeek V2/V3, Kimi K2): low-rank K/V and Q."""

    model_config = _FROZEN

    q_lora_rank: NonNegativeInt  # 0: a full-rank query projection
    kv_lora_rank: PositiveInt
    qk_nope_head_dim: PositiveInt
    qk_rope_head_dim: PositiveInt
    v_head_dim: PositiveInt


class WindowShape(BaseModel):
    """Layers whose cache holds at most ``tokens`` (sliding window or chunked attention)."""

    model_config = _FROZEN

    tokens: PositiveInt
    windowed_layers: NonNegativeInt
    kind: Literal["sliding", "chunked"] = "sliding"


class VisionTower(BaseModel):
    """Image encoder and projector of a multimodal checkpoint (kept at 16 bits)."""

    model_config = _FROZEN

    kind: Literal["siglip", "llama4"]
    hidden_size: PositiveInt
    layers: PositiveInt
    intermediate_size: PositiveInt
    patch_size: PositiveInt
    image_size: PositiveInt
    channels: PositiveInt = 3
    projector_input_dim: NonNegativeInt = 0  # Llama 4 pixel-shuffle MLP
    projector_output_dim: NonNegativeInt = 0
    output_dim: NonNegativeInt = 0  # Llama 4 vision output fed to the text projector


class Architecture(BaseModel):
    """Everything the parameter count and the KV layout need."""

    model_config = _FROZEN

    family: str  # the Hugging Face ``model_type`` the numbers came from
    hidden_size: PositiveInt
    layers: PositiveInt
    attention_heads: PositiveInt
    kv_heads: PositiveInt
    head_dim: PositiveInt
    vocab_size: PositiveInt
    intermediate_size: NonNegativeInt  # MLP width of the dense (non-MoE) layers
    tie_word_embeddings: bool = False
    qkv_bias: bool = False
    o_bias: bool = False
    qk_norm: bool = False  # learned per-head RMSNorm on q and k (Qwen3, Gemma 3, GLM)
    attention_sinks: bool = False  # one learned logit per head (gpt-oss)
    norms_per_layer: PositiveInt = 2  # Gemma 3 has four
    moe: MoeShape | None = None
    mla: MlaShape | None = None
    window: WindowShape | None = None
    vision: VisionTower | None = None
    mtp_layers: NonNegativeInt = 0  # multi-token-prediction layers in the checkpoint

    def is_moe_layer(self, index: int) -> bool:
        """Whether layer ``index`` (0-based) routes its tokens to experts."""
        moe = self.moe
        if moe is None or index < moe.first_dense_layers or index in moe.dense_layer_indices:
            return False
        return (index + 1) % moe.layer_step == 0

    @property
    def moe_layers(self) -> int:
        """How many layers have routed experts."""
        return sum(1 for index in range(self.layers) if self.is_moe_layer(index))


def _attention_params(arch: Architecture) -> int:
    """One layer's attention: projections, their biases, q/k norms, sinks or MLA factors."""
    hidden = arch.hidden_size
    heads = arch.attention_heads
    if arch.mla is not None:
        mla = arch.mla
        qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
        if mla.q_lora_rank:
            query = hidden * mla.q_lora_rank + mla.q_lora_rank + mla.q_lora_rank * heads * qk_head
        else:
            query = hidden * heads * qk_head
        latent = hidden * (mla.kv_lora_rank + mla.qk_rope_head_dim) + mla.kv_lora_rank
        expand = mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim)
        return query + latent + expand + heads * mla.v_head_dim * hidden
    q_width = heads * arch.head_dim
    kv_width = arch.kv_heads * arch.head_dim
    params = hidden * (q_width + 2 * kv_width) + q_width * hidden
    if arch.qkv_bias:
        params += q_width + 2 * kv_width
    if arch.o_bias:
        params += hidden
    if arch.qk_norm:
        params += 2 * arch.head_dim
    if arch.attention_sinks:
        params += heads
    return params


def _moe_layer_parts(arch: Architecture, moe: MoeShape) -> tuple[int, int, int]:
    """Routed experts, shared experts and router of one MoE layer."""
    hidden = arch.hidden_size
    width = moe.expert_intermediate_size
    expert = _GATED_MLP_MATRICES * hidden * width
    if moe.expert_bias:
        expert += 2 * width + hidden  # fused gate_up bias and down bias
    shared = _GATED_MLP_MATRICES * hidden * moe.shared_expert_intermediate_size
    router = moe.routed_experts * hidden + (moe.routed_experts if moe.router_bias else 0)
    return moe.routed_experts * expert, shared, router


def _mtp_params(arch: Architecture, attention: int) -> int:
    """DeepSeek-style next-token-prediction layers: a full MoE layer plus the joining projection.

    Each holds two input norms, a 2H -> H projection, one decoder layer and a head norm; the
    embedding and LM head are shared with the main model and not counted again.
    """
    if arch.mtp_layers == 0:
        return 0
    hidden = arch.hidden_size
    if arch.moe is not None:
        routed, shared, router = _moe_layer_parts(arch, arch.moe)
        feed_forward = routed + shared + router
    else:
        feed_forward = _GATED_MLP_MATRICES * hidden * arch.intermediate_size
    layer = attention + feed_forward + arch.norms_per_layer * hidden
    return arch.mtp_layers * (layer + 2 * hidden * hidden + 3 * hidden)


def _vision_params(vision: VisionTower, text_hidden: int) -> int:
    """Vision encoder, its embeddings and the projector into the text model."""
    width = vision.hidden_size
    patches = (vision.image_size // vision.patch_size) ** 2
    patch_pixels = vision.channels * vision.patch_size**2
    layer = 4 * (width * width + width)  # q, k, v, o with biases
    layer += width * vision.intermediate_size + vision.intermediate_size  # fc1
    layer += vision.intermediate_size * width + width  # fc2
    layer += 2 * _LAYER_NORM_VECTORS * width
    encoder = vision.layers * layer
    if vision.kind == "siglip":
        embeddings = patch_pixels * width + width + patches * width
        post_norm = _LAYER_NORM_VECTORS * width
        projector = width * text_hidden + width  # projection matrix and soft-embedding norm
        return embeddings + encoder + post_norm + projector
    # Llama 4: unfold-linear patches without bias, a class token, pre/post LayerNorms,
    # a pixel-shuffle MLP adapter and a linear projector into the text width.
    embeddings = patch_pixels * width + width + (patches + 1) * width
    norms = 2 * _LAYER_NORM_VECTORS * width
    adapter = vision.intermediate_size * vision.projector_input_dim
    adapter += vision.projector_output_dim * vision.projector_output_dim
    projector = vision.output_dim * text_hidden
    return embeddings + encoder + norms + adapter + projector


def count_params(arch: Architecture) -> ParamGroups:
    """Parameters by tensor group, every layer and expert included."""
    hidden = arch.hidden_size
    attention = _attention_params(arch)
    moe_layers = arch.moe_layers
    routed = shared = router = 0
    if arch.moe is not None:
        routed, shared, router = _moe_layer_parts(arch, arch.moe)
    embedding = arch.vocab_size * hidden
    dense_mlp = _GATED_MLP_MATRICES * hidden * arch.intermediate_size
    return ParamGroups(
        embedding=embedding,
        lm_head=0 if arch.tie_word_embeddings else embedding,
        attention=arch.layers * attention,
        dense_mlp=(arch.layers - moe_layers) * dense_mlp,
        shared_experts=moe_layers * shared,
        routed_experts=moe_layers * routed,
        router=moe_layers * router,
        norms=(arch.layers * arch.norms_per_layer + 1) * hidden,
        vision=0 if arch.vision is None else _vision_params(arch.vision, hidden),
        mtp=_mtp_params(arch, attention),
    )


def active_params(arch: Architecture, params: ParamGroups) -> int:
    """Parameters one token touches: everything but the routed experts it is not sent to."""
    if arch.moe is None:
        return params.total
    idle = params.routed_experts * (arch.moe.routed_experts - arch.moe.experts_per_token)
    return params.total - idle // arch.moe.routed_experts


def attention_kind(arch: Architecture) -> Attention:
    """How the KV cache is laid out: MLA latent, or K/V heads shared by query heads."""
    if arch.mla is not None:
        return Attention.MLA
    if arch.kv_heads == arch.attention_heads:
        return Attention.MHA
    if arch.kv_heads == 1:
        return Attention.MQA
    return Attention.GQA


def to_model_spec(arch: Architecture, release: Release) -> ModelSpec:
    """Build the engine's view of a model: counted parameters, KV layout, release facts."""
    params = count_params(arch)
    mla = arch.mla
    window = arch.window
    return ModelSpec(
        id=release.model_id,
        name=release.name,
        params=params,
        active_params=active_params(arch, params),
        layers=arch.layers,
        hidden_size=arch.hidden_size,
        num_attention_heads=arch.attention_heads,
        num_kv_heads=arch.attention_heads if mla else arch.kv_heads,
        head_dim=mla.qk_nope_head_dim + mla.qk_rope_head_dim if mla else arch.head_dim,
        attention=attention_kind(arch),
        kv_lora_rank=mla.kv_lora_rank if mla else 0,
        qk_rope_head_dim=mla.qk_rope_head_dim if mla else 0,
        sliding_window=window.tokens if window and window.windowed_layers else None,
        windowed_layers=window.windowed_layers if window else 0,
        num_experts=arch.moe.routed_experts if arch.moe else 0,
        experts_per_token=arch.moe.experts_per_token if arch.moe else 0,
        moe_layers=arch.moe_layers,
        release_precision=release.precision,
        quantized_groups=release.quantized_groups,
        max_context_tokens=release.max_context_tokens,
        vocab_size=arch.vocab_size,
        multimodal=arch.vision is not None,
        aliases=release.aliases,
    )
