"""From a model spec to the numbers placement and speed need (``ModelLoad``), cached."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from sizing.memory import ModelLoad
from sizing.models import kv_bytes_for_sequence, kv_bytes_per_token, weights_bytes
from sizing.types import KvDtype, ModelSpec, Precision

# Distinct (model, format, KV, context) combinations kept: a bench mix or a busy bot reuses few.
_CACHE_SIZE = 4096


@lru_cache(maxsize=_CACHE_SIZE)
def weights_split(
    model: ModelSpec, precision: Precision, *, include_mtp: bool
) -> tuple[int, int, int]:
    """(all weights, routed-expert part, input-embedding part) in bytes, for a concrete format.

    The parts are the weights' drop when that group is removed, so each is counted at the bits
    the format gives it (embeddings stay 16-bit in quantized releases).
    """
    total = weights_bytes(model, precision, include_mtp=include_mtp)
    params = model.params
    routed = 0
    if params.routed_experts:
        without = dataclasses.replace(
            model,
            params=dataclasses.replace(params, routed_experts=0),
            release_layout=tuple(row for row in model.release_layout if row[0] != "routed_experts"),
        )
        routed = total - weights_bytes(without, precision, include_mtp=include_mtp)
    embedding = 0
    if params.embedding and params.lm_head:  # tied embeddings are read whole as the LM head
        without = dataclasses.replace(model, params=dataclasses.replace(params, embedding=0))
        embedding = total - weights_bytes(without, precision, include_mtp=include_mtp)
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
    )
