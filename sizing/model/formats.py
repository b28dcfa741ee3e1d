"""Weight formats: bits per parameter, and the bytes a model's weights take in a format.

Bits per format (``engine-notes.md``, "Weights"): the element width plus its share of the
scales the format stores beside the elements.
"""

from __future__ import annotations

import math
from fractions import Fraction

from sizing.errors import InvalidRequestError
from sizing.model.architecture import LINEAR_GROUPS
from sizing.model.recipes import PRECISION_STORAGE, layout_bits
from sizing.model.types import ModelSpec
from sizing.request import Precision

# Unquantized tensors (embeddings, LM head, norms, routers, vision towers) stay at 16 bits.
SIXTEEN_BITS = Fraction(16)
# AWQ/GPTQ group 128: a 16-bit scale and a 4-bit zero point per 128 weights (~4.16 bits).
INT4_GROUP_SIZE = 128
INT4_GROUP_OVERHEAD_BITS = 16 + 4

BITS_PER_PARAM: dict[Precision, Fraction] = {
    Precision.BF16: SIXTEEN_BITS,
    Precision.FP16: SIXTEEN_BITS,
    Precision.FP8: Fraction(8),
    Precision.INT8: Fraction(8),
    # MXFP6: 6-bit elements with one 8-bit shared exponent per 32.
    Precision.FP6: Fraction(6) + Fraction(8, 32),
    # MXFP4: 4-bit elements with one 8-bit shared exponent per 32.
    Precision.MXFP4: Fraction(4) + Fraction(8, 32),
    # NVFP4: 4-bit elements with one FP8 scale per 16.
    Precision.NVFP4: Fraction(4) + Fraction(8, 16),
    Precision.INT4: Fraction(4) + Fraction(INT4_GROUP_OVERHEAD_BITS, INT4_GROUP_SIZE),
}
_FOUR_BIT = frozenset({Precision.MXFP4, Precision.NVFP4, Precision.INT4})
_SIXTEEN_BIT = frozenset({Precision.BF16, Precision.FP16})


def resolve_precision(precision: Precision, gpu_fp4_format: Precision | None = None) -> Precision:
    """Resolve generic ``fp4`` to the GPU's own 4-bit float (MXFP4 when no GPU is named)."""
    if precision is not Precision.FP4:
        return precision
    if gpu_fp4_format is None:
        return Precision.MXFP4
    if gpu_fp4_format not in {Precision.MXFP4, Precision.NVFP4}:
        raise InvalidRequestError("gpu_fp4_format", gpu_fp4_format, "expected mxfp4 or nvfp4")
    return gpu_fp4_format


def bits_per_param(precision: Precision, gpu_fp4_format: Precision | None = None) -> Fraction:
    """Storage bits per weight in a format, scales included."""
    return BITS_PER_PARAM[resolve_precision(precision, gpu_fp4_format)]


def quantized_groups(model: ModelSpec, precision: Precision) -> tuple[str, ...]:
    """Which tensor groups take the format when the release's own recipe does not apply.

    The release's own format (or, for a release in a 4-bit format, any 4-bit format)
    reproduces the release's recipe: gpt-oss keeps attention at 16 bits and stores only the
    experts in 4 bits. Any other quantization takes every linear layer.
    """
    if precision in _SIXTEEN_BIT:
        return ()
    release = model.release_precision
    same_family = precision in _FOUR_BIT and release in _FOUR_BIT
    if (precision is release or same_family) and model.quantized_groups:
        return model.quantized_groups
    return LINEAR_GROUPS


def _release_bits(model: ModelSpec, precision: Precision, *, include_mtp: bool) -> Fraction | None:
    """Bits of the published checkpoint's own storage, when ``precision`` is its format.

    A request for another 4-bit format than a 4-bit release's keeps the recipe and swaps the
    format (an NVFP4 release asked for as MXFP4 keeps the same modules in 16 bits).
    """
    release = model.release_precision
    if not model.release_layout or release in _SIXTEEN_BIT:
        return None
    if precision is not release and not (precision in _FOUR_BIT and release in _FOUR_BIT):
        return None
    swap: dict[str, str] = {}
    if precision is not release:
        swap[PRECISION_STORAGE[release]] = PRECISION_STORAGE[precision]
    layout = tuple(
        (group, swap.get(fmt, fmt), params) for group, fmt, params in model.release_layout
    )
    return layout_bits(layout, model.params, include_mtp=include_mtp)


def weights_bytes(
    model: ModelSpec,
    precision: Precision,
    *,
    gpu_fp4_format: Precision | None = None,
    include_mtp: bool = False,
) -> int:
    """Bytes of every weight a serving engine loads (all experts; MTP only when asked)."""
    resolved = resolve_precision(precision, gpu_fp4_format)
    release_bits = _release_bits(model, resolved, include_mtp=include_mtp)
    if release_bits is not None:
        return math.ceil(release_bits / 8)
    linear_bits = BITS_PER_PARAM[resolved]
    quantized = quantized_groups(model, resolved)
    counts = model.params
    groups = {
        "embedding": counts.embedding,
        "lm_head": counts.lm_head,
        "attention": counts.attention,
        "dense_mlp": counts.dense_mlp,
        "shared_experts": counts.shared_experts,
        "routed_experts": counts.routed_experts,
        "router": counts.router,
        "norms": counts.norms,
        "vision": counts.vision,
        "mtp": counts.mtp if include_mtp else 0,
    }
    total_bits = sum(
        (params * (linear_bits if name in quantized else SIXTEEN_BITS))
        for name, params in groups.items()
    )
    return math.ceil(Fraction(total_bits) / 8)
