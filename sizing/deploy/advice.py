"""The advice around a pick: the one-line verdict, and the ways under a budget.

The verdict answers the question the customer asked before any detail: yes or no on the GPU
they named, which of the GPUs they named is the better buy, or which plan serves it. Over a
budget, the cheapest plan that serves the request is still named (with its price, so the
customer can decide), and each change that brings the price under the budget is sized:
FP8 weights or an FP8 cache where the customer fixed 16 bits, a shorter context, fewer users.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sizing.answer import (
    BudgetAdvice,
    BudgetChange,
    BudgetChangeKind,
    PlanOption,
    RoomFigures,
    SizingAnswer,
    Verdict,
    VerdictCode,
)
from sizing.catalog import beyond_online_order
from sizing.codes import Reason
from sizing.deploy.search import SIXTEEN_BIT, departures, headroom
from sizing.fit import CountRoom
from sizing.model import Attention, ModelSpec, get_model, kv_bytes_for_sequence, kv_bytes_per_token
from sizing.request import GpuId, KvDtype, Precision, ResolvedRequest, SizingRequest
from sizing.units import GB, TOKENS_PER_K

# The shortest context a counter-proposal offers: below it few chat uses make sense.
MIN_PROPOSED_CONTEXT_TOKENS = 4 * TOKENS_PER_K
# Set aside for these reasons, an option still serves the request (price or preference).
_SOFT = frozenset({Reason.OVER_BUDGET, Reason.GPU_NOT_REQUESTED})

Sizer = Callable[[SizingRequest], SizingAnswer]
# Whether a plan is recommended for a request (within its budget and constraints).
Probe = Callable[[SizingRequest], bool]


def made_choices(option: PlanOption, model: ModelSpec) -> bool:
    """Tell whether the option rests on choices the customer left open."""
    layout = option.layout
    return any(departures(option, model)) or (layout is not None and layout.dp_attention)


def _best_on(options: tuple[PlanOption, ...], gpus: set[GpuId], concurrency: int) -> int | None:
    """Return the cheapest option that serves the request on one of these GPUs, or None."""
    serving = [
        i
        for i, o in enumerate(options)
        if o.gpu in gpus and o.fits and not set(o.set_aside) - _SOFT
    ]
    if not serving:
        return None
    return min(
        serving,
        key=lambda i: (
            options[i].price.monthly_usd is None,
            options[i].price.monthly_usd or 0,
            -headroom(options[i], concurrency),
        ),
    )


def cheapest_serving(options: tuple[PlanOption, ...], request: ResolvedRequest) -> int | None:
    """Return the cheapest priced option serving the request whatever the budget.

    The GPUs named come first, as in the recommendation; None when none serves it.
    """
    priced = tuple(
        o if o.price.monthly_usd is not None else replace(o, fits=False, offerable=False)
        for o in options
    )
    found = _best_on(priced, set(request.gpus), request.concurrency) if request.gpus else None
    return (
        found
        if found is not None
        else _best_on(priced, {o.gpu for o in options}, request.concurrency)
    )


def verdict(
    options: tuple[PlanOption, ...],
    index: int | None,
    request: ResolvedRequest,
    model: ModelSpec,
    budget: BudgetAdvice | None,
    *,
    room: CountRoom | None = None,
) -> Verdict:
    """Give the one-line answer: see ``VerdictCode``.

    A fleet comes first: whatever was asked, the deployment answered is quoted by a person.
    ``room`` is what the GPUs the customer asked for hold (``gpu_count``), when the pick
    needs more of them.
    """
    lead = index if index is not None or budget is None else budget.cheapest_index
    if lead is not None and beyond_online_order(options[lead]):
        return Verdict(VerdictCode.BEYOND_ONLINE_ORDER, lead)
    return _orderable_verdict(options, index, request, model, budget, room=room)


def _orderable_verdict(
    options: tuple[PlanOption, ...],
    index: int | None,
    request: ResolvedRequest,
    model: ModelSpec,
    budget: BudgetAdvice | None,
    *,
    room: CountRoom | None,
) -> Verdict:
    if index is None:
        if budget is not None and budget.cheapest_index is not None:
            return Verdict(VerdictCode.OVER_BUDGET, budget.cheapest_index)
        return Verdict(VerdictCode.NO_PLAN, None)
    pick = options[index]
    choices = made_choices(pick, model)
    named = set(request.gpus)
    if len(named) > 1 and pick.gpu in named:
        other = _best_on(options, named - {pick.gpu}, request.concurrency)
        return Verdict(VerdictCode.BETTER, index, other)
    if named and pick.gpu not in named:
        quoted = _best_on(options, named, request.concurrency)
        if quoted is not None and options[quoted].price.monthly_usd is None:
            return Verdict(VerdictCode.ON_QUOTE, index, quoted)
        return Verdict(VerdictCode.NOT_ON_NAMED_GPU, index)
    if named:
        code = VerdictCode.YES_WITH_CHOICES if choices else VerdictCode.YES
    else:
        code = VerdictCode.SERVES_WITH_CHOICES if choices else VerdictCode.SERVES
    return _count_short(request, index, room, choices=choices) or Verdict(code, index)


def _count_short(
    request: ResolvedRequest, index: int, room: CountRoom | None, *, choices: bool
) -> Verdict | None:
    """Say when the GPUs the customer asked for do not serve what the pick serves.

    ``room`` is what that many GPUs of the pick's kind hold, in its formats (None when no
    count was asked or the pick needs no more GPUs than that).
    """
    count = request.gpu_count
    if count is None or room is None or room.sequences >= request.concurrency:
        return None
    if not room.copy_fits:
        return Verdict(VerdictCode.COUNT_TOO_FEW_FOR_COPY, index, gpu_count=count)
    if room.sequences == 0:
        return Verdict(VerdictCode.COUNT_NO_ROOM, index, gpu_count=count, held=0)
    code = VerdictCode.COUNT_HOLDS_SOME_WITH_CHOICES if choices else VerdictCode.COUNT_HOLDS_SOME
    return Verdict(code, index, gpu_count=count, held=room.sequences)


def budget_exceeded_by_all(options: tuple[PlanOption, ...]) -> bool:
    """Tell whether plans serve the request and every priced one is over the budget."""
    fitting = [o for o in options if o.fits and o.price.monthly_usd is not None]
    return bool(fitting) and all(Reason.OVER_BUDGET in o.set_aside for o in fitting)


def budget_advice(
    request: SizingRequest,
    resolved: ResolvedRequest,
    options: tuple[PlanOption, ...],
    size: Sizer,
    serves: Probe,
) -> BudgetAdvice | None:
    """Name the cheapest plan serving the request over budget, and the changes that fit it.

    ``serves`` tells whether a plan is recommended for a changed request (the same pick
    ``size`` makes, without speeds or launch commands); the searches for the longest context
    and the most users try many requests with it and size in full only the one proposed.
    """
    if resolved.budget_usd_month is None or not budget_exceeded_by_all(options):
        return None
    cheapest = cheapest_serving(options, resolved)
    changes = [
        change
        for change in (
            _fp8_weights(request, resolved, size),
            _fp8_kv(request, resolved, size),
            _shorter_context(request, resolved, size, serves),
            _fewer_users(request, resolved, size, serves),
        )
        if change is not None
    ]
    return BudgetAdvice(cheapest_index=cheapest, changes=tuple(changes))


def _within(size: Sizer, request: SizingRequest, kind: BudgetChangeKind) -> BudgetChange | None:
    answer = size(request)
    if answer.recommended_index is None:
        return None
    return BudgetChange(
        kind=kind,
        option=answer.options[answer.recommended_index],
        context_tokens=answer.request.context_tokens,
        concurrency=answer.request.concurrency,
    )


def _fp8_weights(
    request: SizingRequest, resolved: ResolvedRequest, size: Sizer
) -> BudgetChange | None:
    if not resolved.precision_fixed or resolved.precision not in SIXTEEN_BIT:
        return None  # open formats were searched already
    return _within(size, replace(request, precision=Precision.FP8), BudgetChangeKind.FP8_WEIGHTS)


def _fp8_kv(request: SizingRequest, resolved: ResolvedRequest, size: Sizer) -> BudgetChange | None:
    if not resolved.kv_dtype_fixed or resolved.kv_dtype is KvDtype.FP8:
        return None
    return _within(size, replace(request, kv_dtype=KvDtype.FP8), BudgetChangeKind.FP8_KV)


def _shorter_context(
    request: SizingRequest, resolved: ResolvedRequest, size: Sizer, serves: Probe
) -> BudgetChange | None:
    """Find the longest power-of-two context (in K) under the one asked that fits the budget.

    A longer context never costs less: when the shortest does not fit, none is tried.
    """
    tokens = MIN_PROPOSED_CONTEXT_TOKENS
    candidates = []
    while tokens < resolved.context_tokens:
        candidates.append(tokens)
        tokens *= 2
    if not candidates:
        return None
    shortest = replace(request, context_tokens=candidates[0])
    if not serves(shortest):
        return None
    for context in reversed(candidates[1:]):
        shorter = replace(request, context_tokens=context)
        if serves(shorter):
            return _within(size, shorter, BudgetChangeKind.SHORTER_CONTEXT)
    return _within(size, shortest, BudgetChangeKind.SHORTER_CONTEXT)


def _fewer_users(
    request: SizingRequest, resolved: ResolvedRequest, size: Sizer, serves: Probe
) -> BudgetChange | None:
    """Find the most users under the number asked that fit the budget (more never cost less).

    Counted up from one, doubling, then halved between the last count served and the first
    not: the probes grow with the answer (a budget buys tens of users), not with the count
    asked (up to a million), and none sizes a fleet far beyond what the budget buys.
    """
    asked, served, probe = resolved.concurrency, 0, 1
    while probe < asked and serves(replace(request, concurrency=probe)):
        served, probe = probe, probe * 2
    low, high, found = served + 1, min(probe, asked) - 1, served or None
    while low <= high:
        middle = (low + high) // 2
        if serves(replace(request, concurrency=middle)):
            found, low = middle, middle + 1
        else:
            high = middle - 1
    if found is None:
        return None
    return _within(size, replace(request, concurrency=found), BudgetChangeKind.FEWER_USERS)


def room_figures(
    model: ModelSpec,
    pick: PlanOption | None,
    request: ResolvedRequest,
    *,
    context_given: bool,
) -> RoomFigures | None:
    """Compute the KV room figures of the recommendation (see ``RoomFigures``)."""
    layout = pick.layout if pick is not None else None
    if pick is None or layout is None or not pick.fits or pick.fit.kv_cache_tokens is None:
        return None
    context = request.context_tokens
    full_length = _full_length(model)
    if not context_given and full_length is not None:
        context = full_length  # no context named: count full-length ones, as the page does
    stock = pick.fit.kv_cache_tokens * kv_bytes_per_token(
        model, request.kv_dtype, request.context_tokens
    )
    per_context = kv_bytes_for_sequence(model, request.kv_dtype, context)
    per_context_fp8 = kv_bytes_for_sequence(model, KvDtype.FP8, context)
    replica_gpus = pick.gpus_per_replica or pick.gpus
    hbm = replica_gpus * pick.gpu_facts.memory_gb * GB
    marketed = pick.fit.kv_cache_bytes_marketed or 0
    groups = layout.data_parallel  # each attention group caches whole sequences of its own

    def whole(per_sequence: int) -> int:
        return groups * ((stock // groups) // max(per_sequence, 1))

    return RoomFigures(
        context_tokens=context,
        kv_dtype=request.kv_dtype,
        stock_bytes=stock,
        stock_contexts=whole(per_context),
        stock_contexts_fp8=whole(per_context_fp8) if request.kv_dtype is not KvDtype.FP8 else None,
        hbm_bytes=hbm,
        marketed_bytes=marketed,
        marketed_contexts_fp8=marketed / max(per_context_fp8, 1),
        copies=max(pick.gpus // replica_gpus, 1),
        mla_replicated=model.attention is Attention.MLA
        and layout.tensor_parallel > 1
        and not layout.dp_attention,
        attention_copies=layout.dp_attention,
    )


def _full_length(model: ModelSpec) -> int | None:
    """Return the model's maximum context; a generic size counts its shape reference's."""
    if model.max_context_tokens is not None or model.generic_reference is None:
        return model.max_context_tokens
    return get_model(model.generic_reference).max_context_tokens
