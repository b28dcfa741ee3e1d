"""Parameters of an architecture, layer by layer and part by part.

Counting follows the module layout of the reference implementations in Hugging Face
transformers, so totals match what it counts for the same config. Each layer is split into
parts (``Part``): a quantized release keeps some parts in 16 bits (``recipes``), and the parts
add up to the tensor groups the engine sizes (``ParamGroups``).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, get_args

from sizing.model.architecture import (
    Architecture,
    AttentionShape,
    CompressionShape,
    IndexerShape,
    LinearAttentionShape,
    MambaShape,
    MlaShape,
    MoeShape,
)
from sizing.model.types import ParamGroups
from sizing.model.vision import vision_params

# Parts of a layer. attention: input projections (and gates) of every mixer; attention_output:
# the projection back to the hidden width; attention_extras: norms, sinks, convolutions and
# decay vectors (never quantized); indexer / indexer_weights: sparse-attention indexer keys and
# queries / its per-head weights.
Part = Literal[
    "attention",
    "attention_output",
    "attention_extras",
    "indexer",
    "indexer_weights",
    "dense_mlp",
    "shared_experts",
    "routed_experts",
    "router",
    "norms",
]
PARTS: tuple[Part, ...] = get_args(Part)
# Which ParamGroups field each part adds to.
PART_GROUP: dict[Part, str] = {
    "attention": "attention",
    "attention_output": "attention",
    "attention_extras": "attention",
    "indexer": "attention",
    "indexer_weights": "attention",
    "dense_mlp": "dense_mlp",
    "shared_experts": "shared_experts",
    "routed_experts": "routed_experts",
    "router": "router",
    "norms": "norms",
}
# A gated MLP (SwiGLU/GeGLU) has three matrices: gate, up and down.
_GATED_MATRICES = 3
_PLAIN_MATRICES = 2
# Weight and bias of a LayerNorm; RMSNorm has only the weight.
_LAYER_NORM_VECTORS = 2
# DeepSeek V4 hyper-connections: pre, post and residual mixing weights per sublayer.
_HC_SCALES = 3

Parts = Counter[Part]


def attention_shape(arch: Architecture, kind: str) -> AttentionShape:
    """Heads of F or S layers: the kind's own shape, else the model's main heads."""
    own = arch.sliding_attention if kind == "S" else arch.full_attention
    if own is not None:
        return own
    return AttentionShape(
        attention_heads=arch.attention_heads,
        kv_heads=arch.kv_heads,
        head_dim=arch.head_dim,
        v_head_dim=arch.v_head_dim,
        sinks=arch.attention_sinks,
    )


def _attention(arch: Architecture, shape: AttentionShape) -> Parts:
    """Grouped-query attention with optional biases, gates, norms and sinks."""
    hidden = arch.hidden_size
    q_width = shape.attention_heads * shape.head_dim
    k_width = shape.kv_heads * shape.head_dim
    v_width = 0 if shape.k_eq_v else shape.kv_heads * (shape.v_head_dim or shape.head_dim)
    out_width = shape.attention_heads * (shape.v_head_dim or shape.head_dim)
    parts: Parts = Counter()
    parts["attention"] = hidden * (q_width + k_width + v_width)
    if arch.output_gate == "elementwise":  # fused into q_proj (Qwen3.5)
        parts["attention"] += hidden * q_width
    elif arch.output_gate == "headwise":  # one gate per head (Step 3.7 g_proj)
        parts["attention"] += hidden * shape.attention_heads
    if arch.qkv_bias:
        parts["attention"] += q_width + k_width + v_width
    parts["attention_output"] = out_width * hidden + (hidden if arch.o_bias else 0)
    if arch.qk_norm:
        per_layer = arch.qk_norm_scope == "layer"
        parts["attention_extras"] += (q_width + k_width) if per_layer else 2 * shape.head_dim
    if shape.sinks:
        parts["attention_extras"] += shape.attention_heads
    return parts


def _mla(arch: Architecture, mla: MlaShape) -> Parts:
    """Multi-head latent attention: low-rank query and key/value factors."""
    hidden = arch.hidden_size
    heads = arch.attention_heads
    qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
    parts: Parts = Counter()
    if mla.q_lora_rank:
        parts["attention"] += hidden * mla.q_lora_rank + mla.q_lora_rank * heads * qk_head
        parts["attention_extras"] += mla.q_lora_rank
    else:
        parts["attention"] += hidden * heads * qk_head
    parts["attention"] += hidden * (mla.kv_lora_rank + mla.qk_rope_head_dim)
    parts["attention"] += mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim)
    parts["attention_extras"] += mla.kv_lora_rank
    if mla.output_gate:
        parts["attention"] += hidden * heads * mla.v_head_dim
    parts["attention_output"] = heads * mla.v_head_dim * hidden
    return parts


def _indexer(arch: Architecture, indexer: IndexerShape) -> Parts:
    """Sparse-attention indexer: its query heads, one key head, norms and head weights."""
    hidden = arch.hidden_size
    query_input = hidden
    if indexer.query_from == "q_lora" and arch.mla is not None:
        query_input = arch.mla.q_lora_rank or hidden
    parts: Parts = Counter()
    parts["indexer"] = query_input * indexer.heads * indexer.head_dim + hidden * indexer.head_dim
    vectors = _LAYER_NORM_VECTORS if indexer.key_norm == "layer_norm" else 1
    parts["attention_extras"] = vectors * indexer.head_dim
    if indexer.query_norm:
        parts["attention_extras"] += indexer.head_dim
    if indexer.weights_projection:
        parts["indexer_weights"] = hidden * indexer.heads
    return parts


def _linear_attention(arch: Architecture, shape: LinearAttentionShape) -> Parts:
    """Gated DeltaNet (Qwen3.5) or Kimi Delta Attention: projections, convolution, decay."""
    hidden = arch.hidden_size
    key_width = shape.key_heads * shape.key_head_dim
    value_width = shape.value_heads * shape.value_head_dim
    conv_width = 2 * key_width + value_width
    parts: Parts = Counter()
    if shape.kind == "gated_deltanet":
        # in_proj_qkv, in_proj_z (output gate), in_proj_b and in_proj_a (one per value head)
        parts["attention"] = hidden * (conv_width + value_width + 2 * shape.value_heads)
        extras = 2 * shape.value_heads + shape.value_head_dim  # dt_bias, A_log, gated norm
    else:
        # q, k, v; forget gate (low rank, or one full-rank matrix); beta; low-rank output gate
        forget = hidden * key_width
        if not shape.full_rank_gate:
            forget = hidden * shape.key_head_dim + shape.key_head_dim * key_width
        output_gate = hidden * shape.key_head_dim + shape.key_head_dim * value_width
        parts["attention"] = hidden * conv_width + forget + hidden * shape.value_heads
        parts["attention"] += output_gate
        extras = key_width + shape.key_heads + shape.value_head_dim  # dt_bias, A_log, norm
    parts["attention_extras"] = conv_width * shape.conv_kernel + extras
    parts["attention_output"] = value_width * hidden
    return parts


def _mamba(arch: Architecture, mamba: MambaShape) -> Parts:
    """Mamba-2 mixer: input projection, causal convolution, SSM vectors, output projection."""
    hidden = arch.hidden_size
    inner = mamba.heads * mamba.head_dim
    conv_width = inner + 2 * mamba.groups * mamba.state_size
    parts: Parts = Counter()
    parts["attention"] = hidden * (inner + conv_width + mamba.heads)
    # conv weight and bias; dt_bias, A_log and D per head; gated norm over the inner width
    parts["attention_extras"] = conv_width * (mamba.conv_kernel + 1) + 3 * mamba.heads + inner
    parts["attention_output"] = inner * hidden
    return parts


def _compressed(arch: Architecture, shape: CompressionShape, index: int) -> Parts:
    """DeepSeek V4 attention: low-rank query, one shared K=V head, grouped output, compressor."""
    hidden = arch.hidden_size
    heads = arch.attention_heads
    head_dim = arch.head_dim
    q_rank = shape.query_rank
    parts: Parts = Counter()
    parts["attention"] = hidden * q_rank + q_rank * heads * head_dim + hidden * head_dim
    parts["attention_extras"] = q_rank + head_dim + heads  # q and kv norms, sinks
    rank_width = shape.output_groups * shape.output_rank
    parts["attention_output"] = heads * head_dim * shape.output_rank + rank_width * hidden
    ratio = shape.ratios[index]
    if ratio == 0:
        return parts
    # The compressor projects keys and gates; the indexed (overlapping) kind twice as wide.
    series = 2 if ratio == shape.indexed_ratio else 1
    parts["attention"] += 2 * hidden * series * head_dim
    parts["attention_extras"] += ratio * series * head_dim + head_dim
    indexer = arch.indexer
    if ratio == shape.indexed_ratio and indexer is not None:
        width = indexer.head_dim
        parts["indexer"] += 2 * hidden * 2 * width + q_rank * indexer.heads * width
        parts["attention_extras"] += ratio * 2 * width + width
        parts["indexer_weights"] += hidden * indexer.heads
    return parts


def _mixer(arch: Architecture, index: int) -> Parts:
    """Count the token mixer of one layer."""
    kind = arch.layer_kind(index)
    if arch.compression is not None:
        return _compressed(arch, arch.compression, index)
    if kind == "L" and arch.linear_attention is not None:
        return _linear_attention(arch, arch.linear_attention)
    if kind == "M" and arch.mamba is not None:
        return _mamba(arch, arch.mamba)
    if kind == "-":
        return Counter()
    parts = (
        _mla(arch, arch.mla)
        if arch.mla is not None
        else _attention(arch, attention_shape(arch, kind))
    )
    indexer = arch.indexer
    if indexer is not None and (not indexer.layers or index in indexer.layers):
        parts.update(_indexer(arch, indexer))
    return parts


def _experts(arch: Architecture, moe: MoeShape) -> Parts:
    """One MoE block: routed experts, shared experts, router (and latent projections)."""
    hidden = arch.hidden_size
    width = moe.expert_intermediate_size
    matrices = _GATED_MATRICES if moe.gated else _PLAIN_MATRICES
    expert_input = moe.latent_size or hidden
    expert = matrices * expert_input * width
    if moe.expert_bias:
        expert += 2 * width + hidden  # fused gate_up bias and down bias
    parts: Parts = Counter()
    parts["routed_experts"] = moe.routed_experts * expert
    parts["shared_experts"] = matrices * hidden * moe.shared_expert_intermediate_size
    if moe.latent_size:  # every token passes the latent projections: counted as shared
        parts["shared_experts"] += 2 * hidden * moe.latent_size
        parts["norms"] += moe.latent_size if moe.latent_norm else 0
    parts["router"] = moe.routed_experts * hidden + (moe.routed_experts if moe.router_bias else 0)
    if moe.shared_expert_gate:
        parts["router"] += hidden
    if moe.router_scales:
        parts["router"] += hidden + moe.routed_experts
    return parts


def _feed_forward(arch: Architecture, index: int) -> Parts:
    """Count the feed-forward block of one layer."""
    kind = arch.ffn_kind(index)
    parts: Parts = Counter()
    if kind in {"D", "B"}:
        width = arch.dense_widths[index] if arch.dense_widths else arch.intermediate_size
        matrices = _GATED_MATRICES if arch.mlp_gated else _PLAIN_MATRICES
        parts["dense_mlp"] = matrices * arch.hidden_size * width
    if kind in {"E", "B"} and arch.moe is not None:
        parts.update(_experts(arch, arch.moe))
    return parts


def layer_parts(arch: Architecture, index: int) -> Parts:
    """Parameters of decoder layer ``index`` by part."""
    parts = _mixer(arch, index)
    parts.update(_feed_forward(arch, index))
    norms = arch.norms_per_layer
    if arch.family == "nemotron-nas":  # a norm before each block the layer keeps
        norms = (arch.layer_kind(index) != "-") + (arch.ffn_kind(index) != "-")
    parts["norms"] += norms * arch.hidden_size
    if arch.compression is not None:  # two hyper-connection mixers per layer
        hc = arch.compression.hyper_connections
        mixing = (2 + hc) * hc
        parts["norms"] += 2 * (mixing * hc * arch.hidden_size + mixing + _HC_SCALES)
    return parts


def mtp_parts(arch: Architecture) -> Parts:
    """One next-token-prediction layer: a full-attention decoder layer and its joining parts.

    Each holds two input norms, a 2H -> H projection, one decoder layer (full attention, the
    model's experts or dense MLP) and a head norm; embedding and LM head are shared.
    """
    hidden = arch.hidden_size
    if arch.mla is not None:
        parts = _mla(arch, arch.mla)
    else:
        parts = _attention(arch, attention_shape(arch, "F"))
    if arch.moe is not None:
        parts.update(_experts(arch, arch.moe))
    else:
        parts["dense_mlp"] = _GATED_MATRICES * hidden * arch.intermediate_size
    parts["norms"] += arch.norms_per_layer * hidden + 3 * hidden
    parts["attention"] += 2 * hidden * hidden
    return parts


def _final_parts(arch: Architecture) -> int:
    """Norm after the last layer (and DeepSeek V4's hyper-connection head)."""
    extra = 0
    if arch.compression is not None:
        hc = arch.compression.hyper_connections
        extra = hc * hc * arch.hidden_size + hc + 1
    return arch.hidden_size + extra


def count_params(arch: Architecture) -> ParamGroups:
    """Parameters by tensor group, every layer and expert included."""
    totals: dict[str, int] = dict.fromkeys(
        ("attention", "dense_mlp", "shared_experts", "routed_experts", "router", "norms"), 0
    )
    for index in range(arch.layers):
        for part, params in layer_parts(arch, index).items():
            totals[PART_GROUP[part]] += params
    embedding = arch.vocab_size * arch.hidden_size
    mtp = arch.mtp_layers * sum(mtp_parts(arch).values())
    return ParamGroups(
        embedding=embedding,
        lm_head=0 if arch.tie_word_embeddings else embedding,
        attention=totals["attention"],
        dense_mlp=totals["dense_mlp"],
        shared_experts=totals["shared_experts"],
        routed_experts=totals["routed_experts"],
        router=totals["router"],
        norms=totals["norms"] + _final_parts(arch),
        vision=0 if arch.vision is None else vision_params(arch.vision, arch.hidden_size),
        mtp=mtp,
    )


def active_params(arch: Architecture, params: ParamGroups) -> int:
    """Parameters one token touches: everything but the routed experts it is not sent to."""
    if arch.moe is None:
        return params.total
    idle = params.routed_experts * (arch.moe.routed_experts - arch.moe.experts_per_token)
    return params.total - idle // arch.moe.routed_experts
