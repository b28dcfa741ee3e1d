"""A model's KV cache per token and per sequence, and the model as ``sizing inspect`` shows it."""

from __future__ import annotations

import math
from typing import Any

from sizing.errors import InvalidRequestError
from sizing.model.types import ModelSpec
from sizing.request import KvDtype

# Bytes per cached element: BF16/FP16 two, FP8 one.
KV_ELEMENT_BYTES: dict[KvDtype, int] = {KvDtype.BF16: 2, KvDtype.FP16: 2, KvDtype.FP8: 1}


def _check_context(context_tokens: int, minimum: int) -> None:
    if isinstance(context_tokens, bool) or not isinstance(context_tokens, int):
        raise InvalidRequestError("context_tokens", context_tokens, "expected an integer")
    if context_tokens < minimum:
        raise InvalidRequestError("context_tokens", context_tokens, f"must be >= {minimum}")


def _windowed_rate(model: ModelSpec) -> int:
    """BF16 bytes per token of the windowed layers."""
    if model.windowed_kv_bytes_per_token is not None:
        return model.windowed_kv_bytes_per_token
    return model.windowed_layers * model.kv_bytes_per_token_per_layer()


def _growing_bytes(model: ModelSpec, kv_dtype: KvDtype, context_tokens: int) -> int:
    """Cache that depends on the context: full layers, windows (capped), indexer keys."""
    windowed_tokens = context_tokens
    if model.sliding_window is not None:
        windowed_tokens = min(context_tokens, model.sliding_window)
    growing_rate = model.kv_bytes_per_token + model.indexer_kv_bytes_per_token
    bf16_bytes = growing_rate * context_tokens + _windowed_rate(model) * windowed_tokens
    return bf16_bytes * KV_ELEMENT_BYTES[kv_dtype] // KV_ELEMENT_BYTES[KvDtype.BF16]


def kv_bytes_for_sequence(model: ModelSpec, kv_dtype: KvDtype, context_tokens: int) -> int:
    """Everything one sequence of ``context_tokens`` caches.

    Full-attention K/V (or the MLA latent) and compressed entries for every token, windowed
    layers for at most their window, sparse-attention indexer keys, and the constant state
    of linear-attention / Mamba layers (in its own dtype, whatever the KV dtype).
    """
    _check_context(context_tokens, 0)
    growing = _growing_bytes(model, kv_dtype, context_tokens)
    state = model.state_bytes_per_sequence if context_tokens else 0
    return growing + state


def kv_bytes_per_token(model: ModelSpec, kv_dtype: KvDtype, context_tokens: int) -> int:
    """Cache per token that grows with the context, averaged over ``context_tokens`` (rounded up).

    Windowed layers count at most their window; the constant per-sequence state is not in it.
    """
    _check_context(context_tokens, 1)
    return math.ceil(_growing_bytes(model, kv_dtype, context_tokens) / context_tokens)


def inspect_json(model: ModelSpec) -> dict[str, Any]:
    """Describe the model as ``python -m sizing inspect --json`` prints it."""
    shown: dict[str, Any] = {
        "id": model.id,
        "name": model.name,
        "total_params": model.total_params,
        "active_params": model.active_params,
        "kv_bytes_per_token": model.kv_bytes_per_token,
        "state_bytes_per_sequence": model.state_bytes_per_sequence,
        "layers": model.layers,
        "attention": model.attention.value,
    }
    if model.indexer_kv_bytes_per_token:
        shown["indexer_kv_bytes_per_token"] = model.indexer_kv_bytes_per_token
    if model.sliding_window is not None:
        shown["sliding_window"] = model.sliding_window
    shown.update(
        {
            "windowed_layers": model.windowed_layers,
            "moe": model.moe,
            "num_experts": model.num_experts,
            "experts_per_token": model.experts_per_token,
            "head_dim": model.head_dim,
            "num_kv_heads": model.num_kv_heads,
            "release_precision": model.release_precision.value,
            "max_context_tokens": model.max_context_tokens,
            "multimodal": model.multimodal,
            "generic": model.generic,
        }
    )
    if model.generic_reference is not None:
        shown["generic_reference"] = model.generic_reference
    if model.params.mtp:
        shown["mtp_params"] = model.params.mtp
    return shown
