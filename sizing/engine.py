"""``size_deployment``: one request in, every option, a recommendation and caveats out."""

from __future__ import annotations

from functools import cache, lru_cache

from sizing.errors import InvalidRequestError
from sizing.formats import bits_per_param
from sizing.hardware import get_gpu, load_gpus, load_plans
from sizing.loads import weights_split
from sizing.models import (
    generic_model,
    get_model,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
    model_from_config,
)
from sizing.options import build_option, is_offerable
from sizing.placement import Target, target_for_plan, target_for_server
from sizing.types import (
    Caveat,
    GpuId,
    ModelInfo,
    ModelSpec,
    PlanOption,
    Precision,
    Reason,
    ResolvedRequest,
    SizingAnswer,
    SizingRequest,
)
from sizing.validate import check_model_source, resolve

_SIXTEEN_BIT = frozenset({Precision.BF16, Precision.FP16})
# Distinct generic sizes kept: "70B dense", "671B MoE" and a few more recur in conversations.
_GENERIC_CACHE_SIZE = 256


@cache
def targets() -> tuple[Target, ...]:
    """Every plan sold, then a server of each GPU that has no plan (B200), in catalog order."""
    plans = load_plans()
    priced = {p.gpu for p in plans}
    found = [target_for_plan(get_gpu(p.gpu), p) for p in plans]
    found += [target_for_server(g) for g in load_gpus() if g.id not in priced]
    return tuple(found)


def resolve_model(request: SizingRequest) -> ModelSpec:
    """Resolve the model the request names: catalog id, config file, or a generic size."""
    check_model_source(request)
    if request.model_id is not None:
        return get_model(request.model_id)
    if request.model_config is not None:
        if not isinstance(request.model_config, dict):
            raise InvalidRequestError("model_config", type(request.model_config).__name__)
        return model_from_config(request.model_config)
    params_b = float(request.params_b or 0)
    return _generic(params_b, active_params_b=request.active_params_b, moe=request.moe)


@lru_cache(maxsize=_GENERIC_CACHE_SIZE)
def _generic(params_b: float, *, active_params_b: float | None, moe: bool | None) -> ModelSpec:
    """Build a generic model once per size (the same spec object keeps later caches warm)."""
    return generic_model(params_b, active_params_b=active_params_b, moe=moe)


def size_deployment(request: SizingRequest) -> SizingAnswer:
    """Size a deployment on every plan (and the unpriced B200 server) and pick one."""
    model = resolve_model(request)
    resolved = resolve(request, model.release_precision)
    options = tuple(build_option(model, target, resolved) for target in targets())
    index = recommend(options, resolved)
    recommended = options[index].plan if index is not None else None
    return SizingAnswer(
        model=model_info(model),
        request=resolved,
        weights_bytes=weights_split(model, resolved.precision, include_mtp=resolved.include_mtp)[0],
        kv_bytes_per_token=kv_bytes_per_token(model, resolved.kv_dtype, resolved.context_tokens),
        kv_bytes_per_sequence=kv_bytes_for_sequence(
            model, resolved.kv_dtype, resolved.context_tokens
        ),
        options=options,
        recommended=recommended,
        recommended_index=index,
        caveats=answer_caveats(model, request, resolved, options, index),
    )


def model_info(model: ModelSpec) -> ModelInfo:
    """Describe the model as the answer reports it."""
    return ModelInfo(
        id=model.id,
        name=model.name,
        total_params=model.total_params,
        active_params=model.active_params,
        kv_bytes_per_token=model.kv_bytes_per_token,
        layers=model.layers,
        attention=model.attention,
        release_precision=model.release_precision,
        max_context_tokens=model.max_context_tokens,
        sliding_window=model.sliding_window,
        moe=model.moe,
        generic=model.generic,
    )


def _headroom(option: PlanOption, concurrency: int) -> float:
    """Sequences the deployment holds over the sequences asked for."""
    per_replica = option.max_concurrency_at_context or 0
    return per_replica * (option.replicas or 0) / concurrency


def recommend(options: tuple[PlanOption, ...], request: ResolvedRequest) -> int | None:
    """Pick the best option's index: a named GPU first, then cost, then headroom.

    Priced options only; the unpriced B200 is pointed at only when no priced option fits the
    request and it does. A budget never leads to the B200: its price is unknown, so it cannot
    be said to be within the budget that ruled the priced plans out.
    """
    usable = [i for i, o in enumerate(options) if is_offerable(o)]
    priced = [i for i in usable if options[i].monthly_usd is not None]
    pool = priced or usable
    if not pool or (not priced and _budget_exceeded_by_all(options)):
        return None

    def key(i: int) -> tuple[bool, object, float]:
        option = options[i]
        return (
            Reason.GPU_NOT_REQUESTED in option.set_aside,
            option.monthly_usd if option.monthly_usd is not None else 0,
            -_headroom(option, request.concurrency),
        )

    return min(pool, key=key)


def answer_caveats(
    model: ModelSpec,
    request: SizingRequest,
    resolved: ResolvedRequest,
    options: tuple[PlanOption, ...],
    index: int | None,
) -> tuple[Caveat, ...]:
    """List what the customer should know whatever the plan."""
    caveats: list[Caveat] = []
    if request.context_tokens is None:
        caveats.append(Caveat.CONTEXT_DEFAULTED)
    if model.generic:
        caveats.append(Caveat.GENERIC_MODEL)
    if model.params.mtp and not resolved.include_mtp:
        caveats.append(Caveat.MTP_EXCLUDED)
    window = model.sliding_window
    if model.windowed_layers and window is not None and resolved.context_tokens > window:
        caveats.append(Caveat.SLIDING_WINDOW_CAPPED)
    limit = model.max_context_tokens
    if limit is not None and resolved.context_tokens > limit:
        caveats.append(Caveat.CONTEXT_BEYOND_MODEL_MAX)
    release = model.release_precision
    if release is Precision.FP8 and resolved.precision in _SIXTEEN_BIT:
        caveats.append(Caveat.FP8_NATIVE_MODEL_IN_BF16)
    if bits_per_param(resolved.precision) < bits_per_param(release):
        caveats.append(Caveat.QUANTIZED_BELOW_RELEASE)
    if _budget_exceeded_by_all(options):
        caveats.append(Caveat.BUDGET_EXCEEDED_BY_ALL)
    unpriced_pick = index is not None and options[index].plan is None
    if GpuId.B200 in resolved.gpus or unpriced_pick:
        caveats.append(Caveat.NO_B200_PRICE)
    return tuple(caveats)


def _budget_exceeded_by_all(options: tuple[PlanOption, ...]) -> bool:
    fitting = [o for o in options if o.fits and o.monthly_usd is not None]
    return bool(fitting) and all(Reason.OVER_BUDGET in o.set_aside for o in fitting)
