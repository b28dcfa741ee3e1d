"""A model's widths, read from its parameter groups: what activations and LoRA adapters follow.

Training sizes activations by them, and serving and training size LoRA adapters (rank x (input +
output width) on every attention and dense MLP matrix) by them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.model.types import ModelSpec


@dataclass(frozen=True, slots=True)
class Widths:
    """The widths of one model that activations and LoRA adapters follow, from its groups."""

    hidden: int
    layers: int
    q_width: int  # attention heads x head_dim
    kv_width: int  # KV heads x head_dim (MLA: the full heads it expands to)
    dense_layers: int
    dense_intermediate: int
    moe_layers: int
    expert_intermediate: int
    shared_intermediate: int
    experts_per_token: int
    vocab: int
    window: int | None
    windowed_layers: int


def widths_of(model: ModelSpec) -> Widths:
    """Return the widths activations and adapters follow."""
    hidden = model.hidden_size
    dense_layers = max(model.layers - model.moe_layers, 0)
    groups = model.params
    dense_i = groups.dense_mlp // (3 * hidden * dense_layers) if dense_layers else 0
    expert_i = shared_i = 0
    if model.moe and model.moe_layers:
        expert_i = groups.routed_experts // (3 * hidden * model.moe_layers * model.num_experts)
        shared_i = groups.shared_experts // (3 * hidden * model.moe_layers)
    q_width = model.num_attention_heads * model.head_dim
    kv_width = model.num_kv_heads * model.head_dim
    return Widths(
        hidden=hidden,
        layers=model.layers,
        q_width=q_width,
        kv_width=kv_width,
        dense_layers=dense_layers,
        dense_intermediate=dense_i,
        moe_layers=model.moe_layers if model.moe else 0,
        expert_intermediate=expert_i,
        shared_intermediate=shared_i,
        experts_per_token=model.experts_per_token if model.moe else 0,
        vocab=model.vocab_size or 32_000,
        window=model.sliding_window,
        windowed_layers=model.windowed_layers,
    )


def adapter_params(model: ModelSpec, rank: int) -> int:
    """LoRA parameters of rank ``rank`` on every attention and dense (or shared) MLP matrix.

    Routed experts are left frozen, as the common recipes do.
    """
    shape = widths_of(model)
    h = shape.hidden
    attention = (h + shape.q_width) * 2 + (h + shape.kv_width) * 2
    mlp_dense = 3 * (h + shape.dense_intermediate) if shape.dense_intermediate else 0
    mlp_shared = 3 * (h + shape.shared_intermediate) if shape.shared_intermediate else 0
    per_layer = attention * shape.layers
    per_layer += mlp_dense * shape.dense_layers + mlp_shared * shape.moe_layers
    return rank * per_layer
