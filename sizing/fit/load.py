"""From a model spec to the numbers placement and speed need (``ModelLoad``), cached."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from sizing.fit.memory import ModelLoad
from sizing.model import (
    KV_ELEMENT_BYTES,
    ModelSpec,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
    weights_bytes,
)
from sizing.request import KvDtype, Precision

# Distinct (model, format, KV, context) combinations kept: a bench mix or a busy bot reuses few.
_CACHE_SIZE = 4096


@lru_cache(maxsize=_CACHE_SIZE)
def all_weights_bytes(model: ModelSpec, precision: Precision, *, include_mtp: bool) -> int:
    """Return ``weights_bytes`` of a concrete format, kept: each group's drop is taken from it.

    A model met for the first time (a generic size) has every group measured against the
    same whole, worked out once instead of once a group.
    """
    return weights_bytes(model, precision, include_mtp=include_mtp)


@lru_cache(maxsize=_CACHE_SIZE)
def group_bytes(model: ModelSpec, precision: Precision, group: str, *, include_mtp: bool) -> int:
    """Bytes one tensor group takes in a concrete format: the weights' drop when it is removed.

    Each group is counted at the bits the format (or the release's own layout) gives it:
    embeddings stay 16-bit in quantized releases, DeepSeek's FP8 block scales are included.
    """
    params = model.params
    if not getattr(params, group):
        return 0
    total = all_weights_bytes(model, precision, include_mtp=include_mtp)
    without = dataclasses.replace(
        model,
        params=dataclasses.replace(params, **{group: 0}),
        release_layout=tuple(row for row in model.release_layout if row[0] != group),
    )
    return total - weights_bytes(without, precision, include_mtp=include_mtp)


@lru_cache(maxsize=_CACHE_SIZE)
def weights_split(
    model: ModelSpec, precision: Precision, *, include_mtp: bool
) -> tuple[int, int, int]:
    """(all weights, routed-expert part, input-embedding part) in bytes, for a concrete format.

    Tied embeddings are read whole as the LM head, so only a separate input embedding counts
    as gathered (a row per token) rather than read.
    """
    total = all_weights_bytes(model, precision, include_mtp=include_mtp)
    routed = group_bytes(model, precision, "routed_experts", include_mtp=include_mtp)
    embedding = 0
    if model.params.embedding and model.params.lm_head:
        embedding = group_bytes(model, precision, "embedding", include_mtp=include_mtp)
    return total, routed, embedding


@lru_cache(maxsize=_CACHE_SIZE)
def model_load(
    model: ModelSpec,
    precision: Precision,
    kv_dtype: KvDtype,
    context_tokens: int,
    *,
    include_mtp: bool,
) -> ModelLoad:
    """Compute the load of a model in a concrete weight format (no generic ``fp4``) at a context."""
    total, routed, embedding = weights_split(model, precision, include_mtp=include_mtp)
    return ModelLoad(
        weights_bytes=total,
        routed_expert_bytes=routed,
        input_embedding_bytes=embedding,
        kv_bytes_per_token=kv_bytes_per_token(model, kv_dtype, context_tokens),
        kv_bytes_per_sequence=kv_bytes_for_sequence(model, kv_dtype, context_tokens),
        attention=model.attention,
        layers=model.layers,
        num_attention_heads=model.num_attention_heads,
        num_kv_heads=max(model.num_kv_heads, 1),
        moe=model.moe,
        num_experts=model.num_experts,
        experts_per_token=model.experts_per_token,
        active_params=model.active_params,
        attention_width=model.num_attention_heads * model.head_dim,
        windowed_layers=model.windowed_layers,
        sliding_window=model.sliding_window,
        state_bytes_per_sequence=model.state_bytes_per_sequence,
        attention_bytes=group_bytes(model, precision, "attention", include_mtp=include_mtp),
        lm_head_bytes=_lm_head_bytes(model, precision, include_mtp=include_mtp),
        shared_expert_bytes=group_bytes(
            model, precision, "shared_experts", include_mtp=include_mtp
        ),
        mtp_bytes=group_bytes(model, precision, "mtp", include_mtp=True) if include_mtp else 0,
        vision_bytes=group_bytes(model, precision, "vision", include_mtp=include_mtp),
        hidden_size=model.hidden_size,
        weight_format=precision,
        context_tokens=context_tokens,
        moe_layers=model.moe_layers if model.moe else 0,
        qk_head_dim=model.head_dim,
        v_head_dim=model.v_head_dim or model.head_dim,
        kv_lora_rank=model.kv_lora_rank,
        qk_rope_head_dim=model.qk_rope_head_dim,
        indexer=model.indexer,
        indexer_bytes_per_token=model.indexer_kv_bytes_per_token
        * KV_ELEMENT_BYTES[kv_dtype]
        // KV_ELEMENT_BYTES[KvDtype.BF16],
    )


def _lm_head_bytes(model: ModelSpec, precision: Precision, *, include_mtp: bool) -> int:
    """Return the output projection's bytes: its own tensor, or the embedding it is tied to."""
    group = "lm_head" if model.params.lm_head else "embedding"
    return group_bytes(model, precision, group, include_mtp=include_mtp)
