"""What one sequence caches, derived from the architecture, layer by layer.

Four kinds of cache (``engine-notes.md``, "KV cache per token", and the 2025-2026 notes):
- growing: full-attention K/V (or the MLA latent) and DeepSeek V4's compressed entries, one
  per ``ratio`` tokens: bytes grow with the context;
- windowed: sliding-window layers (and V4's window on every layer) hold at most the window;
- indexer: the sparse-attention indexer's keys, growing with the context;
- state: linear-attention and Mamba layers keep a recurrent state and a convolution tail of
  fixed size per sequence, whatever the context.
Per-token figures are BF16 (two bytes per element); the state keeps its own dtypes (FP32
recurrent state, BF16 convolution tail), so it does not change with the KV dtype.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from sizing.model.architecture import Architecture, AttentionShape, LinearAttentionShape, MambaShape
from sizing.model.counting import attention_shape

BF16_BYTES = 2
# Convolution tails are kept in the activation dtype (BF16).
_CONV_STATE_BYTES = 2


@dataclass(frozen=True, slots=True)
class CacheLayout:
    """Cache of one sequence, by kind, in BF16 bytes per token (state in bytes)."""

    growing_bytes_per_token: int  # full-attention / MLA / compressed: grows with the context
    windowed_bytes_per_token: int  # sliding-window layers, each capped at ``window_tokens``
    window_tokens: int | None
    windowed_layers: int
    indexer_bytes_per_token: int  # sparse-attention indexer keys
    state_bytes_per_sequence: int  # linear-attention / Mamba state, constant


def _elements(shape: AttentionShape) -> int:
    """K and V elements one token leaves in one attention layer (K and V normed apart)."""
    return shape.kv_heads * (shape.head_dim + (shape.v_head_dim or shape.head_dim))


def _linear_state(shape: LinearAttentionShape) -> int:
    """Return a key x value state per value head (FP32), and the convolution tail of q, k and v."""
    key_width = shape.key_heads * shape.key_head_dim
    value_width = shape.value_heads * shape.value_head_dim
    recurrent = shape.value_heads * shape.key_head_dim * shape.value_head_dim
    conv = (2 * key_width + value_width) * (shape.conv_kernel - 1)
    return recurrent * shape.state_bytes_per_element + conv * _CONV_STATE_BYTES


def _mamba_state(shape: MambaShape) -> int:
    """Return an SSM state per head (head_dim x state_size) and the convolution tail."""
    inner = shape.heads * shape.head_dim
    conv = (inner + 2 * shape.groups * shape.state_size) * (shape.conv_kernel - 1)
    ssm = shape.heads * shape.head_dim * shape.state_size
    return ssm * shape.state_bytes_per_element + conv * _CONV_STATE_BYTES


def _compressed_layout(arch: Architecture) -> CacheLayout:
    """DeepSeek V4: a window of shared K=V on every layer, compressed entries beyond it."""
    shape = arch.compression
    assert shape is not None  # noqa: S101 - only called for compressed models
    growing = Fraction(0)
    indexer = Fraction(0)
    for ratio in shape.ratios:
        if ratio:
            growing += Fraction(arch.head_dim, ratio)
            if ratio == shape.indexed_ratio and arch.indexer is not None:
                indexer += Fraction(arch.indexer.head_dim, ratio)
    window = arch.window.tokens if arch.window else None
    return CacheLayout(
        growing_bytes_per_token=math.ceil(growing * BF16_BYTES),
        windowed_bytes_per_token=arch.layers * arch.head_dim * BF16_BYTES,
        window_tokens=window,
        windowed_layers=arch.layers,
        indexer_bytes_per_token=math.ceil(indexer * BF16_BYTES),
        state_bytes_per_sequence=0,
    )


def _legacy_windowed_layers(arch: Architecture) -> int:
    """Windowed layers of configs without a layer pattern (Gemma 3, gpt-oss, Llama 4)."""
    window = arch.window
    return window.windowed_layers if window is not None else 0


def cache_layout(arch: Architecture) -> CacheLayout:
    """Cache of one sequence of ``arch``, by kind."""
    if arch.compression is not None:
        return _compressed_layout(arch)
    per_layer_latent = arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim if arch.mla else 0
    growing = windowed = state = indexer = 0
    legacy_windowed = 0 if arch.layer_pattern else _legacy_windowed_layers(arch)
    windowed_layers = legacy_windowed
    for index in range(arch.layers):
        kind = arch.layer_kind(index)
        if kind in {"F", "S"}:
            elements = per_layer_latent or _elements(attention_shape(arch, kind))
            if kind == "S" or index >= arch.layers - legacy_windowed:
                windowed += elements
            else:
                growing += elements
            windowed_layers += 1 if kind == "S" else 0
            if arch.indexer and (not arch.indexer.layers or index in arch.indexer.layers):
                indexer += arch.indexer.head_dim
        elif kind == "L" and arch.linear_attention is not None:
            state += _linear_state(arch.linear_attention)
        elif kind == "M" and arch.mamba is not None:
            state += _mamba_state(arch.mamba)
    return CacheLayout(
        growing_bytes_per_token=growing * BF16_BYTES,
        windowed_bytes_per_token=windowed * BF16_BYTES,
        window_tokens=arch.window.tokens if arch.window and windowed else None,
        windowed_layers=windowed_layers,
        indexer_bytes_per_token=indexer * BF16_BYTES,
        state_bytes_per_sequence=state,
    )
