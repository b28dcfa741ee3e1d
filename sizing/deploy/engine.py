"""``size_deployment``: one request in, every option, a recommendation and caveats out."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache, lru_cache

from sizing.answer import (
    MeasuredRun,
    PlanOption,
    ServiceAnswer,
    ServiceMiss,
    SizingAnswer,
    Verdict,
    VerdictCode,
)
from sizing.catalog import get_gpu, load_gpus, load_plans
from sizing.codes import Caveat, Reason
from sizing.deploy.advice import (
    budget_advice,
    budget_exceeded_by_all,
    cheapest_serving,
    room_figures,
    verdict,
)
from sizing.deploy.options import LORA_BYTES_PER_PARAM, load_on
from sizing.deploy.search import (
    best_variant_index,
    candidates,
    complete_variant,
    departures,
    explore_target,
    headroom,
    official_releases,
    size_candidate,
    spec_for,
)
from sizing.deploy.service import ServiceOption, service_option
from sizing.errors import InvalidRequestError
from sizing.fit import (
    CountRoom,
    Target,
    room_on_gpus,
    target_for_plan,
    target_for_server,
    weights_split,
)
from sizing.model import (
    ModelInfo,
    ModelSpec,
    RopeScalingOption,
    adapter_params,
    bits_per_param,
    generic_model,
    get_model,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
    model_from_checkpoint,
    model_from_config,
    rope_scaling_option,
)
from sizing.request import (
    GpuId,
    Precision,
    ResolvedRequest,
    RopeScaling,
    ServiceLevel,
    SizingRequest,
)
from sizing.speed import matching_runs
from sizing.validate import check_model_source, resolve

_SIXTEEN_BIT = frozenset({Precision.BF16, Precision.FP16})
# Distinct generic sizes kept: "70B dense", "671B MoE" and a few more recur in conversations.
_GENERIC_CACHE_SIZE = 256
# Answers kept: the same request comes back with every button under an answer (details, launch
# commands, a ticket) and with the questions many customers ask alike.
_ANSWER_CACHE_SIZE = 512
# An answer listing more launch commands than this is not kept: each would hold megabytes, and a few
# hundred of them would exhaust a replica's memory. Fleets list none (``sizing.catalog.rental``), so
# no answer reaches it today; it stays as the bound on what one kept answer may hold.
KEEP_MAX_LAUNCH_COMMANDS = 1_000
_kept: OrderedDict[SizingRequest, SizingAnswer] = OrderedDict()
_kept_lock = threading.Lock()


@cache
def targets() -> tuple[Target, ...]:
    """Every plan sold, then a server of each GPU that has no plan (B200), in catalog order."""
    plans = load_plans()
    priced = {p.gpu for p in plans}
    found = [target_for_plan(get_gpu(p.gpu), p) for p in plans]
    found += [target_for_server(g) for g in load_gpus() if g.id not in priced]
    return tuple(found)


def rope_of(model: ModelSpec) -> RopeScalingOption | None:
    """Return the RoPE scaling that reads past the model's window: its makers' or its config's."""
    if model.generic:
        return None
    documented = rope_scaling_option(model.id)
    if documented is not None or model.config_rope is None:
        return documented
    kind, factor, native, scaled = model.config_rope
    return RopeScalingOption(
        kind=kind,
        factor=factor,
        original_context_tokens=native,
        context_tokens=scaled,
        source="config.json rope_scaling",
    )


def resolved_for(request: SizingRequest, model: ModelSpec) -> ResolvedRequest:
    """Resolve the request for the model.

    Past its native window, the RoPE scaling its makers document is turned on and the context
    asked is sized, up to what the scaling reads (beyond it, at what it reads: a longer ask is
    never sized shorter than a shorter one).
    """
    native = model.max_context_tokens
    rope = rope_of(model)
    asked = request.context_tokens
    stretch = (
        rope is not None
        and native is not None
        and isinstance(asked, int)
        and not isinstance(asked, bool)
        and native < asked
    )
    if not stretch or rope is None:
        return _with_adapters(
            resolve(request, model.release_precision, max_context_tokens=native), model
        )
    resolved = _with_adapters(
        resolve(request, model.release_precision, max_context_tokens=rope.context_tokens), model
    )
    scaling = RopeScaling(
        type=rope.kind,
        factor=rope.factor,
        original_context_tokens=rope.original_context_tokens,
        context_tokens=resolved.context_tokens,
    )
    return replace(resolved, rope_scaling=scaling)


def _check_draft(resolved: ResolvedRequest, model: ModelSpec) -> ResolvedRequest:
    """Check the draft model: a catalog model with the served model's vocabulary, smaller."""
    draft = resolved.draft
    if draft is None:
        return resolved
    spec = get_model(draft.model_id)
    if model.vocab_size and spec.vocab_size and spec.vocab_size != model.vocab_size:
        raise InvalidRequestError(
            "draft_model_id", draft.model_id, "its vocabulary differs from the served model's"
        )
    if spec.total_params >= model.total_params:
        raise InvalidRequestError("draft_model_id", draft.model_id, "not smaller than the model")
    return resolved


def _with_adapters(resolved: ResolvedRequest, model: ModelSpec) -> ResolvedRequest:
    """Size the LoRA adapters asked for on this model: one adapter's 16-bit bytes."""
    resolved = _check_draft(resolved, model)
    lora = resolved.lora
    if lora is None:
        return resolved
    size = adapter_params(model, lora.rank) * LORA_BYTES_PER_PARAM
    return replace(resolved, lora=replace(lora, adapter_bytes=size))


def resolve_model(request: SizingRequest) -> ModelSpec:
    """Resolve the model the request names: catalog id, config file, or a generic size."""
    check_model_source(request)
    if request.model_id is not None:
        return get_model(request.model_id)
    if request.model_config is not None:
        if not isinstance(request.model_config, dict):
            raise InvalidRequestError("model_config", type(request.model_config).__name__)
        return model_from_config(request.model_config)
    if request.checkpoint is not None:
        return model_from_checkpoint(request.checkpoint)
    params_b = float(request.params_b or 0)
    return _generic(params_b, active_params_b=request.active_params_b, moe=request.moe)


@lru_cache(maxsize=_GENERIC_CACHE_SIZE)
def _generic(params_b: float, *, active_params_b: float | None, moe: bool | None) -> ModelSpec:
    """Build a generic model once per size (the same spec object keeps later caches warm)."""
    return generic_model(params_b, active_params_b=active_params_b, moe=moe)


def size_deployment(request: SizingRequest) -> SizingAnswer:
    """Size a deployment on every plan (and the unpriced B200 server) and pick one.

    Each plan is offered with the best variant the search finds for it (``sizing.deploy.search``);
    the answer also carries the literal request's options when the pick departs from it, a
    one-line verdict, and over a budget the changes that would fit it (``sizing.deploy.advice``).
    Answers are immutable and kept for requests seen recently (``forget_answers`` drops them
    when the catalog changes); a request carrying a config file is sized afresh each time.
    """
    try:
        hash(request)
    except TypeError:  # a config file's dict
        return _size_deployment(request)
    # Checked first: 8.0 == 8 and True == 1, so a request the engine refuses (a float count)
    # would otherwise be answered with the kept answer of an equal, valid one.
    model = resolve_model(request)
    resolved_for(request, model)
    with _kept_lock:
        kept = _kept.get(request)
        if kept is not None:
            _kept.move_to_end(request)
            return kept
    answer = _size_deployment(request)
    if launch_commands_listed(answer) <= KEEP_MAX_LAUNCH_COMMANDS:
        with _kept_lock:
            _kept[request] = answer
            if len(_kept) > _ANSWER_CACHE_SIZE:
                _kept.popitem(last=False)
    return answer


def launch_commands_listed(answer: SizingAnswer) -> int:
    """Count the launch commands an answer holds, over every option it carries."""
    options = [*answer.explored, *answer.literal_options]
    if answer.release_option is not None:
        options.append(answer.release_option)
    if answer.budget is not None:
        options += [change.option for change in answer.budget.changes]
    return sum(len(option.launch.commands) for option in options)


def forget_answers() -> None:
    """Drop the answers kept (the catalog of GPUs or plans changed)."""
    with _kept_lock:
        _kept.clear()


def _size_deployment(request: SizingRequest) -> SizingAnswer:
    model = resolve_model(request)
    literal = resolved_for(request, model)
    if literal.service is not None and literal.service.asks_targets:
        return size_service(request, model, literal)
    answer = _size(request)
    budget = budget_advice(request, answer.request, answer.options, _size, _served)
    index = answer.recommended_index
    pick = answer.options[index] if index is not None else None
    said = verdict(
        answer.options, index, answer.request, model, budget, room=_count_room(model, answer)
    )
    return replace(
        answer,
        release_option=_release_option(request, answer, model),
        count_option=_count_option(request, answer, model, said),
        budget=budget,
        verdict=said,
        room=room_figures(
            model, pick, answer.request, context_given=request.context_tokens is not None
        ),
    )


def _count_room(model: ModelSpec, answer: SizingAnswer) -> CountRoom | None:
    """Size what the GPUs the customer asked for hold of the pick, when it rents more."""
    count, index = answer.request.gpu_count, answer.recommended_index
    if count is None or index is None:
        return None
    pick = answer.options[index]
    if pick.variant is None or not pick.fits or pick.gpus <= count:
        return None
    target = targets()[index]  # one option per target, in order
    fmt = pick.variant.weight_format
    load = load_on(spec_for(model, fmt), target, answer.request)
    return room_on_gpus(
        load, target, count, gpu_memory_utilization=answer.request.gpu_memory_utilization
    )


# Verdicts where the GPUs asked for do not hold the weights in the format the customer fixed.
_COUNT_TOO_SMALL = frozenset({VerdictCode.COUNT_TOO_FEW_FOR_COPY, VerdictCode.COUNT_NO_ROOM})


def _count_option(
    request: SizingRequest, answer: SizingAnswer, model: ModelSpec, said: Verdict
) -> PlanOption | None:
    """Size FP8 weights on the GPUs asked for, when the 16 bits the customer fixed do not fit.

    The option is the FP8 request's pick, offered only when that many GPUs of its kind serve
    the whole request (its plan may still rent more: a MI355X comes as a server).
    """
    asked = answer.request
    if said.code not in _COUNT_TOO_SMALL or asked.gpu_count is None:
        return None
    if not asked.precision_fixed or asked.precision not in _SIXTEEN_BIT:
        return None
    fp8 = _size(replace(request, precision=Precision.FP8))
    if fp8.recommended_index is None:
        return None
    option = fp8.options[fp8.recommended_index]
    if asked.gpus and option.gpu not in asked.gpus:
        return None
    room = _count_room(model, fp8)
    if room is not None and room.sequences < asked.concurrency:
        return None
    return option


def _release_option(
    request: SizingRequest, answer: SizingAnswer, model: ModelSpec
) -> PlanOption | None:
    """Size the release format, when the customer asked for a wider one."""
    asked = answer.request.precision
    release = model.release_precision
    if not answer.request.precision_fixed or bits_per_param(asked) <= bits_per_param(release):
        return None
    at_release = _size(replace(request, precision=release))
    index = at_release.recommended_index
    if index is None:
        index = cheapest_serving(at_release.options, at_release.request)
    return at_release.options[index] if index is not None else None


def _served(request: SizingRequest) -> bool:
    """Tell whether a plan is recommended for the request: ``_size``'s pick, found faster.

    The variants are sized without speeds or launch commands, which no ranking reads, one at
    a time and only until the answer is known. A priced plan with a variant that serves the
    request within its constraints is enough: it is recommended, or one as good. A plan whose
    one unit costs more than the budget has none. When no priced plan serves, only the
    unpriced B200 may be pointed at (``recommend``): it is when one of its variants serves,
    unless every priced plan that fits is over the budget; the plans over the budget by one
    unit are sized only for that, and only until one fits.
    """
    model = resolve_model(request)
    literal = resolved_for(request, model)
    budget = literal.budget_usd_month

    def variants(target: Target) -> Iterator[PlanOption]:
        # Any variant answers, and those departing from the request fit more often: first.
        for candidate in reversed(candidates(model, literal, target.gpu)):
            yield size_candidate(model, target, literal, candidate, complete=False)

    within: list[PlanOption] = []
    beyond: list[Target] = []
    unpriced: list[Target] = []
    for target in targets():
        plan = target.plan
        if plan is None:
            unpriced.append(target)
        elif budget is not None and plan.monthly_usd > budget:
            beyond.append(target)
        else:
            for option in variants(target):
                if option.offerable:
                    return True
                within.append(option)
    return _unpriced_recommended(within, beyond, unpriced, variants)


def _unpriced_recommended(
    within: list[PlanOption],
    beyond: list[Target],
    unpriced: list[Target],
    variants: Callable[[Target], Iterator[PlanOption]],
) -> bool:
    """Tell whether ``recommend`` points at the unpriced B200, no priced plan serving.

    ``within`` holds every variant sized on the plans whose one unit is within the budget.
    """
    if not any(option.offerable for target in unpriced for option in variants(target)):
        return False
    # A priced option fits only with a price: over the budget, or set aside for another reason.
    fitting = [option for option in within if option.fits]
    if any(Reason.OVER_BUDGET not in option.set_aside for option in fitting):
        return True  # a priced plan fits within the budget: the budget does not rule all out
    if fitting:
        return False
    # One unit over the budget: a plan that fits is over it, and so is every priced one.
    return not any(option.fits for target in beyond for option in variants(target))


def _explore(
    request: SizingRequest, *, complete: bool = True
) -> tuple[ModelSpec, ResolvedRequest, tuple[tuple[PlanOption, ...], ...]]:
    """Resolve the model and the literal request, and size every variant on every target."""
    model = resolve_model(request)
    literal = resolved_for(request, model)
    explored = tuple(
        explore_target(model, target, literal, complete=complete) for target in targets()
    )
    return model, literal, explored


def _size(request: SizingRequest) -> SizingAnswer:
    """Size without the advice (the budget's counter-proposals size through this).

    Every variant is sized without speeds or launch commands, which no ranking reads; only
    the options the answer carries (each plan's pick, and the literal request's) are then
    sized in full.
    """
    model, literal, explored = _explore(request, complete=False)
    completed: dict[tuple[int, int], PlanOption] = {}

    def complete(target: int, index: int) -> PlanOption:
        found = completed.get((target, index))
        if found is None:
            found = complete_variant(model, targets()[target], literal, explored[target][index])
            completed[target, index] = found
        return found

    picks = [best_variant_index(found, model, literal.concurrency) for found in explored]
    options = tuple(complete(target, index) for target, index in enumerate(picks))
    index = recommend(options, literal, model)
    pick = options[index] if index is not None else None
    # Over a budget nothing is recommended, but the answer is about the cheapest that serves.
    lead = cheapest_serving(options, literal) if index is None else index
    sized = request_of(options[lead] if lead is not None else None, literal)
    literal_options: tuple[PlanOption, ...] = ()
    literal_index = None
    if pick is not None and any(departures(pick, model)):
        literal_options = tuple(complete(target, 0) for target in range(len(explored)))
        literal_index = recommend(literal_options, literal, model)
        if literal_index is None:  # over the budget, say what it would cost all the same
            literal_index = cheapest_serving(literal_options, literal)
    weights, per_token, per_sequence = _model_bytes(model, sized)
    return SizingAnswer(
        model=model_info(model),
        request=sized,
        weights_bytes=weights,
        kv_bytes_per_token=per_token,
        kv_bytes_per_sequence=per_sequence,
        options=options,
        recommended=pick.plan if pick is not None else None,
        recommended_index=index,
        caveats=answer_caveats(model, request, sized, options, index)
        + _lead_caveats(model, options[lead] if lead is not None else None),
        literal_options=literal_options,
        literal_recommended_index=literal_index,
        explored=tuple(
            completed.get((target, index), option)
            for target, found in enumerate(explored)
            for index, option in enumerate(found)
        ),
    )


def _model_bytes(model: ModelSpec, sized: ResolvedRequest) -> tuple[int, int, int]:
    """Return the answer's (weights, KV per token, KV per sequence) bytes as sized."""
    spec = spec_for(model, sized.precision)
    return (
        weights_split(spec, sized.precision, include_mtp=sized.include_mtp)[0],
        kv_bytes_per_token(model, sized.kv_dtype, sized.context_tokens),
        kv_bytes_for_sequence(model, sized.kv_dtype, sized.context_tokens),
    )


def request_of(pick: PlanOption | None, literal: ResolvedRequest) -> ResolvedRequest:
    """Return the request as the pick was sized: its weight format and KV dtype."""
    if pick is None or pick.variant is None:
        return literal
    return replace(literal, precision=pick.variant.weight_format, kv_dtype=pick.variant.kv_dtype)


def model_info(model: ModelSpec) -> ModelInfo:
    """Describe the model as the answer reports it."""
    rope = rope_of(model)
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
        hf_id=None if model.generic or model.source == "config" else model.id,
        source=None if model.generic else model.source,
        revision=model.revision,
        rope_scaling_context_tokens=rope.context_tokens if rope else None,
        rope_scaling_factor=rope.factor if rope else None,
    )


def recommend(
    options: tuple[PlanOption, ...], request: ResolvedRequest, model: ModelSpec
) -> int | None:
    """Pick the best option's index: a named GPU, then cost, then literal, then headroom.

    Priced options only; the unpriced B200 is pointed at only when no priced option fits the
    request and it does. A budget never leads to the B200: its price is unknown, so it cannot
    be said to be within the budget that ruled the priced plans out.
    """
    usable = [i for i, o in enumerate(options) if o.offerable]
    priced = [i for i in usable if options[i].price.monthly_usd is not None]
    pool = priced or usable
    if not pool or (not priced and budget_exceeded_by_all(options)):
        return None

    def key(i: int) -> tuple[object, ...]:
        option = options[i]
        return (
            Reason.GPU_NOT_REQUESTED in option.set_aside,
            option.price.monthly_usd if option.price.monthly_usd is not None else 0,
            departures(option, model),
            -headroom(option, request.concurrency),
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
    if request.context_tokens is None and resolved.service is None:
        caveats.append(Caveat.CONTEXT_DEFAULTED)
    if model.generic:
        caveats.append(Caveat.GENERIC_MODEL)
    if model.params.mtp and not resolved.include_mtp:
        caveats.append(Caveat.MTP_EXCLUDED)
    window = model.sliding_window
    if model.windowed_layers and window is not None and resolved.context_tokens > window:
        caveats.append(Caveat.SLIDING_WINDOW_CAPPED)
    caveats += _limit_caveats(model, resolved)
    release = model.release_precision
    if release is Precision.FP8 and resolved.precision in _SIXTEEN_BIT:
        caveats.append(Caveat.FP8_NATIVE_MODEL_IN_BF16)
    # Fewer bits than the release: said unless the makers publish that format themselves
    # (Nemotron 3 Super's FP8 checkpoint, which the launch command loads).
    official = resolved.precision in official_releases(model)
    if bits_per_param(resolved.precision) < bits_per_param(release) and not official:
        caveats.append(Caveat.QUANTIZED_BELOW_RELEASE)
    if budget_exceeded_by_all(options):
        caveats.append(Caveat.BUDGET_EXCEEDED_BY_ALL)
    caveats += _serving_extras(resolved)
    unpriced_pick = index is not None and options[index].plan is None
    if GpuId.B200 in resolved.gpus or unpriced_pick:
        caveats.append(Caveat.NO_B200_PRICE)
    return tuple(caveats)


def _serving_extras(resolved: ResolvedRequest) -> list[Caveat]:
    """Say what was served beside the model: LoRA adapters, a draft model."""
    extras = [Caveat.LORA_ADAPTERS] if resolved.lora is not None else []
    if resolved.draft is not None:
        extras.append(Caveat.DRAFT_MODEL)
    return extras


def _limit_caveats(model: ModelSpec, resolved: ResolvedRequest) -> list[Caveat]:
    """Say when the context asked is beyond the model, and how RoPE scaling may reach it."""
    limit = model.max_context_tokens
    asked = resolved.requested_context_tokens or resolved.context_tokens
    if resolved.rope_scaling is not None:
        if asked > resolved.rope_scaling.context_tokens:
            return [Caveat.SIZED_AT_ROPE_LIMIT]
        return [Caveat.SIZED_WITH_ROPE_SCALING]
    if limit is None or asked <= limit:
        return []
    caveats = [Caveat.CONTEXT_BEYOND_MODEL_MAX]
    rope = rope_of(model)
    if rope is not None and rope.context_tokens > limit:
        caveats.append(Caveat.CONTEXT_EXTENDS_WITH_ROPE_SCALING)
    return caveats


def _lead_caveats(model: ModelSpec, lead: PlanOption | None) -> tuple[Caveat, ...]:
    """Say once what the deployment answered rests on.

    A checkpoint no one publishes, or data-parallel attention: said for the answer, not on
    every option that shares it, so the details stay within one message.
    """
    if lead is None or lead.variant is None:
        return ()
    caveats = []
    if lead.variant.checkpoint is None and not model.generic:
        caveats.append(Caveat.NEEDS_QUANTIZED_CHECKPOINT)
    if lead.layout is not None and lead.layout.dp_attention:
        caveats.append(Caveat.DP_ATTENTION)
    return tuple(caveats)


# --- Service levels -------------------------------------------------------------------------


def size_service(
    request: SizingRequest, model: ModelSpec, literal: ResolvedRequest
) -> SizingAnswer:
    """Size the targets asked: on each plan the cheapest way to meet them, and the pick.

    The options are one per plan (the B200 server included), then, when the customer asked
    for a number of GPUs, the option on exactly that many of each GPU asked (8-GPU plans in
    whole servers). The pick is the cheapest option meeting every target within the
    customer's constraints; none meeting them, the nearest miss and why.
    """
    level = literal.service
    if level is None:
        raise InvalidRequestError("service", None, "no service level was asked")
    found = _service_options(model, literal)
    options = tuple(item.option for item in found)
    index = recommend_service(options, model)
    safe = recommend_service(options, model, sure=True)
    if index is not None and safe != index:
        # The pick's band straddles a target: the plan's count whose whole band meets it.
        plans = [t.plan.id if t.plan else None for t in targets()]
        target = targets()[plans.index(options[index].plan)]
        sure = service_option(model, target, literal, sure=True)
        if sure.option.meets_targets and sure.option != options[index]:
            found.append(sure)
            options = tuple(item.option for item in found)
            safe = recommend_service(options, model, sure=True)
    meeting_set_aside = [
        i for i, o in enumerate(options) if o.meets_targets and not o.offerable and o.fits
    ]
    nearest, reason = _no_plan(found, index, meeting_set_aside)
    pick = options[index] if index is not None else None
    said = _service_verdict(
        options, index, literal, model, nearest=nearest, meeting_set_aside=meeting_set_aside
    )
    # Met only over the budget: the answer is sized at the plan its verdict names.
    over = said.option_index if said.code is VerdictCode.OVER_BUDGET else None
    lead = index if index is not None else over if over is not None else nearest
    sized = request_of(options[lead] if lead is not None else None, literal)
    if lead is not None and not level.concurrency_given:
        sized = replace(sized, concurrency=options[lead].sequences_in_flight or 1)
    caveats = answer_caveats(model, request, sized, options, index) + _service_caveats(level)
    weights, per_token, per_sequence = _model_bytes(model, sized)
    return SizingAnswer(
        model=model_info(model),
        request=sized,
        weights_bytes=weights,
        kv_bytes_per_token=per_token,
        kv_bytes_per_sequence=per_sequence,
        options=options,
        recommended=pick.plan if pick is not None else None,
        recommended_index=index,
        caveats=caveats + _lead_caveats(model, options[lead] if lead is not None else None),
        verdict=said,
        room=room_figures(model, pick, sized, context_given=request.context_tokens is not None),
        service=ServiceAnswer(
            level=level,
            safe_index=safe,
            nearest_index=nearest,
            no_plan_reason=reason,
            measured=_measured(model, pick, level),
        ),
        no_plan_reason=reason,
        explored=options,
    )


def _service_options(model: ModelSpec, literal: ResolvedRequest) -> list[ServiceOption]:
    """Return each plan's best way to meet the targets, then those on the GPUs asked for."""
    found = [service_option(model, target, literal) for target in targets()]
    if literal.gpu_count is not None:
        for target in targets():
            if literal.gpus and target.gpu.id not in literal.gpus:
                continue
            units = -(-literal.gpu_count // target.gpus_per_unit)
            found.append(service_option(model, target, literal, units=units))
    return found


def _no_plan(
    found: list[ServiceOption], index: int | None, meeting_set_aside: list[int]
) -> tuple[int | None, ServiceMiss | None]:
    """Return the nearest miss and why nothing meets the targets (both None with a pick)."""
    if index is not None:
        return None, None
    options = [item.option for item in found]
    misses = [i for i, o in enumerate(options) if o.fits and not o.meets_targets]
    nearest = max(misses, key=lambda i: (found[i].closeness, -i)) if misses else None
    if meeting_set_aside:
        return nearest, ServiceMiss.SET_ASIDE
    if nearest is not None:
        return nearest, options[nearest].miss
    return None, ServiceMiss.MODEL_DOES_NOT_FIT


def _measured(
    model: ModelSpec, pick: PlanOption | None, level: ServiceLevel
) -> tuple[MeasuredRun, ...]:
    """Return the published runs close to the pick (model, GPU, format; lengths and users)."""
    if pick is None or pick.variant is None or model.generic:
        return ()
    users = (pick.sequences_in_flight or 1) / max(pick.replicas or 1, 1)
    rows = matching_runs(
        model=model.id,
        gpu=pick.gpu.value,
        precision=pick.variant.weight_format.value,
        input_tokens=level.input_tokens,
        output_tokens=level.output_tokens,
        users_per_replica=users,
    )
    runs = []
    for row in rows:
        point, workload = row.point, row.point.workload
        if workload is None:
            continue
        runs.append(
            MeasuredRun(
                id=point.id,
                source=point.source,
                date=point.date,
                gpu=point.gpu,
                gpus=point.layout.shape().gpus * workload.replicas,
                model=point.model,
                input_tokens=workload.input_tokens,
                output_tokens=workload.output_tokens,
                concurrency=workload.concurrency,
                quantity=point.quantity.value,
                value=point.value,
                engine=row.engine,
            )
        )
    return tuple(runs)


def _service_caveats(level: ServiceLevel) -> tuple[Caveat, ...]:
    caveats = []
    if level.input_defaulted or level.output_defaulted:
        caveats.append(Caveat.SERVICE_LENGTHS_DEFAULTED)
    only_throughput = (
        level.throughput_tok_s is not None
        and level.tokens_per_user_tok_s is None
        and not level.concurrency_given
        and level.requests_per_minute is None
        and not level.batch
    )
    if only_throughput:
        caveats.append(Caveat.PER_USER_FLOOR)
    if level.ttft_s is not None or level.tokens_per_user_tok_s is not None:
        caveats.append(Caveat.LATENCY_HEADROOM)
    return tuple(caveats)


def _service_cost(option: PlanOption) -> object:
    if option.job is not None and option.job.cost_usd is not None:
        return option.job.cost_usd
    return option.price.monthly_usd if option.price.monthly_usd is not None else 0


def recommend_service(
    options: tuple[PlanOption, ...], model: ModelSpec, *, sure: bool = False
) -> int | None:
    """Return the cheapest option meeting every target (its whole range, with ``sure``).

    Within the customer's constraints, priced plans first (the B200 only when no priced plan
    meets them, and never when a budget ruled the priced plans meeting them out: its price is
    unknown), the GPUs named before others, then the cost, then the literal formats.
    """

    def meets(option: PlanOption) -> bool:
        if not option.meets_targets or not option.offerable:
            return False
        if sure and option.targets is not None:
            return all(check.sure for check in option.targets.checks())
        return True

    usable = [i for i, o in enumerate(options) if meets(o)]
    priced = [i for i in usable if options[i].price.monthly_usd is not None]
    pool = priced or usable
    over = [o for o in options if o.meets_targets and o.price.monthly_usd is not None]
    if not pool or (not priced and over and all(Reason.OVER_BUDGET in o.set_aside for o in over)):
        return None

    def key(i: int) -> tuple[object, ...]:
        option = options[i]
        return (
            Reason.GPU_NOT_REQUESTED in option.set_aside,
            _service_cost(option),
            departures(option, model),
            option.gpus,
            i,
        )

    return min(pool, key=key)


def _service_verdict(
    options: tuple[PlanOption, ...],
    index: int | None,
    request: ResolvedRequest,
    model: ModelSpec,
    *,
    nearest: int | None,
    meeting_set_aside: list[int],
) -> Verdict:
    """Return the verdict over the options meeting the targets (others count as not fitting)."""
    if index is None:
        over = [i for i in meeting_set_aside if Reason.OVER_BUDGET in options[i].set_aside]
        if over:
            return Verdict(
                VerdictCode.OVER_BUDGET, min(over, key=lambda i: _service_cost_key(options[i]))
            )
        return Verdict(VerdictCode.TARGETS_NOT_MET, nearest)
    masked = tuple(
        option if option.meets_targets else replace(option, fits=False, offerable=False)
        for option in options
    )
    return verdict(masked, index, replace(request, gpu_count=None), model, None)


def _service_cost_key(option: PlanOption) -> tuple[object, ...]:
    return (option.price.monthly_usd is None, _service_cost(option))
