"""Generic models sized from a parameter count: "a 70B dense model", "106B MoE, 12B active".

Assumptions, stated so the answer can name them:

- Shape reference: the text-only catalog model of the same kind (dense or MoE) nearest in
  total parameters (by ratio; the first in catalog order on a tie). Its attention layout
  (GQA or MLA, KV heads, head_dim, sliding windows), heads and hidden size are kept.
- Parameters: every tensor group of the reference is scaled to the asked total. When an MoE's
  active parameters are given, the routed experts and the rest are scaled apart so that the
  total and the active count both match, keeping the reference's k of E routing; otherwise the
  reference's active share is kept.
- Depth: parameters grow with layers x hidden^2, so depth is scaled by the cube root of the
  size ratio (windowed and MoE layers in proportion); the KV cache follows the depth.
- Release precision BF16; no multi-token-prediction layers; no maximum context is known.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from sizing.errors import InvalidRequestError
from sizing.model.catalog import generic_shapes, load_models
from sizing.model.types import ModelSpec, ParamGroups
from sizing.request import Precision

BILLION = 10**9
# Largest generic size accepted: ten times the largest open model in the catalog (~1T).
MAX_PARAMS_B = 10_000.0
# Smallest generic size accepted: ten million parameters, a tenth of the smallest language
# models published (~0.1B). Below it the scaled shape rounds to nothing (no parameters, no
# layers) and the arithmetic divides by zero.
MIN_PARAMS_B = 0.01


def _reference(total_params: int, *, moe: bool) -> ModelSpec:
    """Nearest catalog model of the same kind by size ratio; text-only models only."""
    shapes = generic_shapes()
    candidates = [m for m in load_models() if m.moe == moe and not m.multimodal and m.id in shapes]
    return min(candidates, key=lambda m: abs(math.log(m.total_params / total_params)))


def _scaled_groups(
    reference: ParamGroups, rest: Fraction, routed: Fraction, total: int
) -> ParamGroups:
    """Every group scaled by ``rest`` except the routed experts, scaled by ``routed``.

    Rounding leftovers go to the largest non-routed group so the total is exactly ``total``.
    """

    def scale(count: int) -> int:
        return round(count * rest)

    groups = ParamGroups(
        embedding=scale(reference.embedding),
        lm_head=scale(reference.lm_head),
        attention=scale(reference.attention),
        dense_mlp=scale(reference.dense_mlp),
        shared_experts=scale(reference.shared_experts),
        routed_experts=round(reference.routed_experts * routed),
        router=scale(reference.router),
        norms=scale(reference.norms),
    )
    largest = max(("attention", "dense_mlp", "shared_experts"), key=lambda g: getattr(groups, g))
    leftover = total - groups.total
    return dataclasses.replace(groups, **{largest: getattr(groups, largest) + leftover})


def _active(groups: ParamGroups, reference: ModelSpec) -> int:
    """Parameters per token: all but the routed experts a token is not sent to."""
    if not reference.moe:
        return groups.total
    idle = groups.routed_experts * (reference.num_experts - reference.experts_per_token)
    return groups.total - idle // reference.num_experts


def _moe_factors(reference: ModelSpec, total: int, active: int) -> tuple[Fraction, Fraction]:
    """Scale factors (rest, routed experts) that give both the total and the active count."""
    routed = reference.params.routed_experts
    rest = reference.total_params - routed
    experts = reference.num_experts
    idle_share = Fraction(experts - reference.experts_per_token, experts)
    routed_factor = Fraction(total - active) / (routed * idle_share)
    rest_factor = (total - routed_factor * routed) / rest
    if rest_factor <= 0:
        raise InvalidRequestError(
            "active_params_b",
            active / BILLION,
            f"too few active parameters for a model shaped like {reference.id}",
        )
    return rest_factor, routed_factor


def _check_sizes(params_b: float, active_params_b: float | None, *, moe: bool) -> None:
    if not math.isfinite(params_b) or not MIN_PARAMS_B <= params_b <= MAX_PARAMS_B:
        raise InvalidRequestError(
            "params_b", params_b, f"expected {MIN_PARAMS_B} <= params_b <= {MAX_PARAMS_B}"
        )
    if active_params_b is None:
        return
    if not moe:
        raise InvalidRequestError("active_params_b", active_params_b, "a dense model is all active")
    if not math.isfinite(active_params_b) or not 0 < active_params_b < params_b:
        raise InvalidRequestError("active_params_b", active_params_b, "expected 0 < active < total")


def _name(params_b: float, active_params_b: float | None, *, moe: bool) -> tuple[str, str]:
    kind = "MoE" if moe else "dense"
    name = f"{params_b:g}B {kind}"
    slug = f"{params_b:g}b-{kind.lower()}"
    if active_params_b is not None:
        name += f" ({active_params_b:g}B active)"
        slug += f"-{active_params_b:g}b-active"
    return f"generic/{slug}", name


def generic_model(
    params_b: float,
    *,
    active_params_b: float | None = None,
    moe: bool | None = None,
) -> ModelSpec:
    """Build a model of ``params_b`` billion parameters shaped like its nearest catalog model."""
    is_moe = moe if moe is not None else active_params_b is not None
    _check_sizes(params_b, active_params_b, moe=is_moe)
    total = round(params_b * BILLION)
    reference = _reference(total, moe=is_moe)
    size_ratio = Fraction(total, reference.total_params)
    if active_params_b is not None:
        active = round(active_params_b * BILLION)
        rest_factor, routed_factor = _moe_factors(reference, total, active)
    else:
        rest_factor = routed_factor = size_ratio
    params = _scaled_groups(reference.params, rest_factor, routed_factor, total)
    # Parameters grow with layers x hidden^2: depth takes the cube root of the size ratio.
    depth = math.cbrt(float(size_ratio))
    layers = max(1, round(reference.layers * depth))

    def in_proportion(count: int) -> int:
        return min(layers, round(count * layers / reference.layers))

    model_id, name = _name(params_b, active_params_b, moe=is_moe)
    return dataclasses.replace(
        reference,
        id=model_id,
        name=name,
        params=params,
        active_params=_active(params, reference),
        layers=layers,
        windowed_layers=in_proportion(reference.windowed_layers),
        moe_layers=in_proportion(reference.moe_layers),
        release_precision=Precision.BF16,
        quantized_groups=(),
        max_context_tokens=None,
        generic=True,
        multimodal=False,
        aliases=(),
        generic_reference=reference.id,
    )
