"""Service levels: on each plan, the cheapest deployment that meets every target asked.

A customer states a goal instead of a load: an aggregate throughput, a speed each user sees, a
time to first token, a request rate, an offline job with a deadline. For each plan and each
variant the search would try (formats and KV dtypes left open, classic and data-parallel-
attention layouts), replicas are added until every target is met (``sizing.speed.loaded``
predicts the figures at the load they carry), and the cheapest way wins:

- users at once stated: they spread over the replicas;
- a request rate: Little's law gives the sequences in flight on each replica;
- a throughput alone: each replica carries the load that reaches it soonest while each user
  keeps at least ``min_tokens_per_user`` (10 tokens/s unless said);
- an offline job: every replica full; the job's hours and its rent under monthly billing
  (``sizing.catalog.rental_usd``: a 10-day job on one server costs one month).

Latency limits bind the slowest requests while the model predicts means, so a mean meets a
limit with headroom (``TTFT_HEADROOM``, ``TPOT_HEADROOM``; MLPerf's limits are 99th
percentiles). Each figure carries a band; ``sure`` says the whole band meets the target.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from sizing.answer import (
    JobFigures,
    OptionTargets,
    PlanOption,
    ServiceMiss,
    TargetCheck,
)
from sizing.catalog import TOKENS_PER_MILLION, monthly_usd, months_for_hours, rental_usd
from sizing.copying import changed
from sizing.deploy.options import (
    VLLM_MAX_NUM_SEQS,
    load_on,
    placed_option,
)
from sizing.deploy.search import (
    Candidate,
    candidates,
    commands_for,
    make_variant,
    size_candidate,
    spec_for,
    variant_departures,
    with_formats,
)
from sizing.fit import (
    KvRoom,
    ModelLoad,
    Placement,
    Shape,
    Target,
    candidate_shapes,
    dp_attention_shapes,
    kv_room,
)
from sizing.model import ModelSpec
from sizing.request import ResolvedRequest, ServiceLevel
from sizing.speed import (
    ESTIMATE_BAND,
    ESTIMATE_SPEED_ABOVE,
    ESTIMATE_SPEED_BELOW,
    LOADED_SPEED_BAND,
    LOADED_TTFT_BAND,
    TPOT_HEADROOM,
    Loaded,
    Network,
    anchored_gpus,
    replica_under_load,
    sequences_for_rate,
    server_network,
    speed_load,
    ttft_p99_s,
)

# Sequences per replica are searched to half a sequence: a batch holds whole ones.
_SEQUENCE_STEP = 0.5

# The most units the search adds (past the online order of 64, a person quotes the fleet).
MAX_SEARCH_UNITS = 4096
SECONDS_PER_HOUR = 3600.0


@dataclass(frozen=True, slots=True)
class _Context:
    """What every evaluation on one plan and variant shares."""

    target: Target
    request: ResolvedRequest
    level: ServiceLevel
    load: ModelLoad  # as placed (memory)
    speed: ModelLoad  # at the mean cached length (speed)
    network: Network
    speed_band: tuple[float, float]  # (below, above) the figure
    ttft_band: float
    sure: bool = False  # every target met over the whole band, not by the figure alone


@dataclass(frozen=True, slots=True)
class _Point:
    """One shape at one count of units, evaluated."""

    shape: Shape
    room: KvRoom
    units: int
    replicas: int
    meets: bool
    checks: OptionTargets
    state: Loaded  # one replica at the load it carries
    in_flight: int  # sequences in flight over all replicas
    throughput: float  # output tokens/s of the deployment at that load
    hours: float | None  # an offline job's duration
    months: int
    closeness: float  # the least of predicted / asked over the targets (1 or more: met)


def _check_high(
    asked: float, predicted: float, band: tuple[float, float], need: float
) -> TargetCheck:
    """Check a target met by reaching at least ``need`` (the asked figure with its headroom).

    ``band``: how far the figure may be below and above (``_Context.speed_band``).
    """
    low, high = predicted * (1 - band[0]), predicted * (1 + band[1])
    return TargetCheck(asked, predicted, (low, high), predicted >= need, low >= need)


def _check_low(asked: float, predicted: float, band: float, need: float) -> TargetCheck:
    """Check a target met by staying at most ``need``."""
    low, high = predicted * (1 - band), predicted * (1 + band)
    return TargetCheck(asked, predicted, (low, high), predicted <= need, high <= need)


def _ratio_high(predicted: float, need: float) -> float:
    return predicted / need if need > 0 else math.inf


def _ratio_low(predicted: float, need: float) -> float:
    return need / predicted if predicted > 0 else math.inf


def _replicas(shape: Shape, units: int, target: Target) -> int:
    if shape.pipeline_parallel > 1:
        return units // shape.pipeline_parallel
    return units * max(target.gpus_per_unit // shape.gpus, 1)


def _at(ctx: _Context, shape: Shape, sequences: float, arrivals: str) -> Loaded:
    level = ctx.level
    return replica_under_load(
        ctx.speed,
        ctx.target.gpu,
        shape,
        ctx.network,
        sequences=sequences,
        input_tokens=level.input_tokens,
        output_tokens=level.output_tokens,
        arrivals=arrivals,
    )


def _bisect(low: float, high: float, holds: Callable[[float], bool]) -> float:
    """Return the largest load in [low, high] where ``holds`` is true (true at ``low``)."""
    while high - low > _SEQUENCE_STEP:
        mid = (low + high) / 2
        if holds(mid):
            low = mid
        else:
            high = mid
    return low


def _floor_sequences(ctx: _Context, shape: Shape, cap: int, floor: float) -> float | None:
    """Return the most sequences one replica carries with each user at ``floor`` tok/s or more."""

    def keeps(b: float) -> bool:
        return _at(ctx, shape, b, "random").tokens_per_user >= floor

    if not keeps(1.0):
        return None
    return float(cap) if keeps(float(cap)) else _bisect(1.0, float(cap), keeps)


def _sequences_for_throughput(
    ctx: _Context, shape: Shape, replicas: int, most: float, throughput: float
) -> float:
    """Return the fewest sequences per replica whose replicas together reach ``throughput``."""

    def short(b: float) -> bool:
        return replicas * _at(ctx, shape, b, "random").output_tokens_per_s < throughput

    if not short(1.0):
        return 1.0
    return min(_bisect(1.0, most, short) + _SEQUENCE_STEP, most)


def _with_peak(
    ctx: _Context, shape: Shape, state: Loaded, replicas: int, cap: int
) -> tuple[bool, Loaded]:
    """Whether users at once stated beside a rate fit, and the load to read the speed at.

    "10,000 a day, at most 120 at once": the peak said is the load when it is above what the
    average rate keeps in flight.
    """
    concurrency = ctx.request.concurrency
    if -(-concurrency // replicas) > cap:
        return False, state
    per_replica = concurrency / replicas
    if per_replica > state.sequences:
        return True, _at(ctx, shape, per_replica, "closed")
    return True, state


def _evaluate(ctx: _Context, shape: Shape, room: KvRoom, units: int) -> _Point:
    """Every target asked, on ``units`` units of the plan laid out as ``shape``."""
    level, request = ctx.level, ctx.request
    replicas = _replicas(shape, units, ctx.target)
    cap = max(min(room.max_sequences, VLLM_MAX_NUM_SEQS), 1)
    fits_load = True
    hours: float | None = None
    rate_capacity: float | None = None
    per_user_need = (
        level.tokens_per_user_tok_s / TPOT_HEADROOM
        if level.tokens_per_user_tok_s is not None
        else None
    )
    if level.batch:
        state = _at(ctx, shape, float(cap), "closed")
        requests = _job_requests(level)
        hours = requests / (replicas * state.requests_per_s) / SECONDS_PER_HOUR
        throughput = replicas * state.output_tokens_per_s
    elif level.requests_per_minute is not None:
        arrivals = level.requests_per_minute / 60.0 / replicas
        found = sequences_for_rate(
            ctx.speed,
            ctx.target.gpu,
            shape,
            ctx.network,
            requests_per_s=arrivals,
            input_tokens=level.input_tokens,
            output_tokens=level.output_tokens,
            max_sequences=cap,
        )
        top = _at(ctx, shape, float(cap), "random")
        rate_capacity = replicas * top.requests_per_s * 60.0
        if found is None:
            fits_load, state = False, top
        else:
            state = found
        if level.concurrency_given:
            fits_load, state = _with_peak(ctx, shape, state, replicas, cap)
        throughput = replicas * state.output_tokens_per_s
    elif level.concurrency_given or level.throughput_tok_s is None:
        per_replica = request.concurrency / replicas
        fits_load = math.ceil(per_replica) <= cap
        state = _at(ctx, shape, min(per_replica, float(cap)), "closed")
        throughput = replicas * state.output_tokens_per_s
    else:  # a throughput alone: the load that reaches it, each user at the floor or faster
        floor = per_user_need if per_user_need is not None else level.min_tokens_per_user
        most = _floor_sequences(ctx, shape, cap, floor)
        if most is None:
            state = _at(ctx, shape, 1.0, "random")
            throughput = 0.0
        else:
            capacity = replicas * _at(ctx, shape, most, "random").output_tokens_per_s
            need = level.throughput_tok_s
            b = (
                _sequences_for_throughput(ctx, shape, replicas, most, need)
                if capacity >= need
                else most
            )
            state = _at(ctx, shape, b, "random")
            throughput = capacity
    checks, closeness = _checks(ctx, state, throughput, hours, rate_capacity, per_user_need)
    if not fits_load:
        closeness = min(closeness, 0.99)
    meets = fits_load and all(check.sure if ctx.sure else check.met for check in checks.checks())
    months = months_for_hours(hours) if hours is not None else 1
    in_flight = max(math.ceil(state.sequences * replicas), 1)
    return _Point(
        shape,
        room,
        units,
        replicas,
        meets,
        checks,
        state,
        in_flight,
        throughput,
        hours,
        months,
        closeness,
    )


def _job_requests(level: ServiceLevel) -> int:
    """Count the requests of the stated lengths an offline job's tokens make."""
    per_request = level.input_tokens + level.output_tokens
    return max(math.ceil((level.batch_tokens or 0) / per_request), 1)


def _checks(  # noqa: PLR0917 - one evaluation's figures, in the order they are computed
    ctx: _Context,
    state: Loaded,
    throughput: float,
    hours: float | None,
    rate_capacity: float | None,
    per_user_need: float | None,
) -> tuple[OptionTargets, float]:
    level = ctx.level
    band, ttft_band = ctx.speed_band, ctx.ttft_band
    found: dict[str, TargetCheck] = {}
    ratios = [math.inf]
    if level.throughput_tok_s is not None:
        asked = level.throughput_tok_s
        found["throughput"] = _check_high(asked, throughput, band, asked)
        ratios.append(_ratio_high(throughput, asked))
    if level.tokens_per_user_tok_s is not None and per_user_need is not None:
        asked = level.tokens_per_user_tok_s
        speed = state.tokens_per_user
        found["tokens_per_user"] = _check_high(asked, speed, band, per_user_need)
        ratios.append(_ratio_high(speed, per_user_need))
    if level.ttft_s is not None:
        asked = level.ttft_s
        tail = ttft_p99_s(state.ttft_s, state.ttft_floor_s)
        check = _check_low(asked, tail, ttft_band, asked)
        low, high = state.ttft_s * (1 - ttft_band), state.ttft_s * (1 + ttft_band)
        found["ttft"] = replace(check, predicted=state.ttft_s, range=(low, high))
        ratios.append(_ratio_low(tail, asked))
    if level.requests_per_minute is not None and rate_capacity is not None:
        asked = level.requests_per_minute
        found["requests_per_minute"] = _check_high(asked, rate_capacity, band, asked)
        ratios.append(_ratio_high(rate_capacity, asked))
    if hours is not None:
        deadline = level.deadline_hours
        low, high = hours / (1 + band[1]), hours / (1 - band[0])
        if deadline is None:
            found["batch"] = TargetCheck(0.0, hours, (low, high), met=True, sure=True)
        else:
            found["batch"] = TargetCheck(
                deadline, hours, (low, high), hours <= deadline, high <= deadline
            )
            ratios.append(_ratio_low(hours, deadline))
    return OptionTargets(**found), min(ratios)


def _unit_counts(shape: Shape) -> Iterator[int]:
    """Yield the counts of units a shape can rent, fewest first: whole replicas only."""
    step = shape.pipeline_parallel
    units = step
    while units <= MAX_SEARCH_UNITS:
        yield units
        units += step


def _cost(ctx: _Context, point: _Point) -> Decimal:
    """Return what the customer pays: a month of the units, or an offline job's rent."""
    plan = ctx.target.plan
    if plan is None:  # unpriced (B200): GPUs stand in for the price, to rank its own shapes
        return Decimal(point.units * ctx.target.gpus_per_unit * point.months)
    if ctx.level.batch:
        return rental_usd(plan, point.units, point.months)
    return monthly_usd(plan, point.units)


def _least_meeting(ctx: _Context, shape: Shape, room: KvRoom) -> _Point | None:
    """Return the fewest units of the shape meeting every target, or the nearest miss."""
    counts = list(_unit_counts(shape))
    if not counts:
        return None
    first = _evaluate(ctx, shape, room, counts[0])
    if first.meets:
        return _cheaper_job(ctx, shape, room, first, counts)
    if _unreachable(ctx, shape):
        return first  # one user alone misses it: no count of replicas helps
    # Monotone in the units: more replicas carry less each, and no target gets worse.
    probe, index = first, 0
    while not probe.meets:
        if index == len(counts) - 1:
            return probe
        index = min(index * 2 + 1, len(counts) - 1)
        probe = _evaluate(ctx, shape, room, counts[index])
    low, high = index // 2, index  # counts[low] (or before) misses, counts[high] meets
    best = probe
    while high - low > 1:
        mid = (low + high) // 2
        found = _evaluate(ctx, shape, room, counts[mid])
        if found.meets:
            high, best = mid, found
        else:
            low = mid
    return _cheaper_job(ctx, shape, room, best, counts[counts.index(best.units) :])


def _cheaper_job(
    ctx: _Context, shape: Shape, room: KvRoom, point: _Point, counts: list[int]
) -> _Point:
    """For an offline job, more units cost no more when they save whole months: the cheapest.

    Ties go to the faster job. Other requests pay by the month for the units: the fewest win.
    """
    if not ctx.level.batch or point.hours is None:
        return point
    best, best_cost = point, _cost(ctx, point)
    months = point.months
    for units in counts[1:]:
        if months <= 1:
            break
        found = _evaluate(ctx, shape, room, units)
        cost = _cost(ctx, found)
        if cost <= best_cost:
            best, best_cost = found, cost
        months = found.months
    return best


def _shapes(load: ModelLoad, target: Target) -> tuple[Shape, ...]:
    return (*candidate_shapes(load, target), *dp_attention_shapes(load, target))


@dataclass(frozen=True, slots=True)
class ServiceOption:
    """A plan's best way to meet the targets, as an option, with how close it comes."""

    option: PlanOption
    closeness: float


def service_option(
    model: ModelSpec,
    target: Target,
    request: ResolvedRequest,
    *,
    units: int | None = None,
    sure: bool = False,
) -> ServiceOption:
    """Size the targets on one plan: the cheapest variant and layout meeting them all.

    ``units`` fixes the count (the GPUs the customer asked for); else the search adds units
    until the targets are met. Without a way to meet them, the nearest miss, and why.
    """
    level = request.service
    if level is None:
        raise ValueError("no service level asked")
    network = server_network(target.plan)
    anchored = target.gpu.id in anchored_gpus()
    # Independent errors add in quadrature: the calibration's and the extrapolation's.
    below, above = (0.0, 0.0) if anchored else (ESTIMATE_SPEED_BELOW, ESTIMATE_SPEED_ABOVE)
    speed_band = (math.hypot(LOADED_SPEED_BAND, below), math.hypot(LOADED_SPEED_BAND, above))
    ttft_band = math.hypot(LOADED_TTFT_BAND, 0.0 if anchored else ESTIMATE_BAND)
    best: tuple[tuple[object, ...], _Point, _Context, Candidate] | None = None
    for candidate in candidates(model, request, target.gpu):
        sized = with_formats(request, candidate.weight_format, candidate.kv_dtype)
        load = load_on(spec_for(model, candidate.weight_format), target, sized)
        ctx = _Context(
            target,
            sized,
            level,
            load,
            speed_load(load, level.input_tokens, level.output_tokens),
            network,
            speed_band,
            ttft_band,
            sure,
        )
        for shape in _shapes(load, target):
            room = kv_room(
                load, target.gpu, shape, gpu_memory_utilization=request.gpu_memory_utilization
            )
            if room.max_sequences < 1:
                continue
            if units is not None:
                if units % shape.pipeline_parallel or _replicas(shape, units, target) < 1:
                    continue
                point: _Point | None = _evaluate(ctx, shape, room, units)
            else:
                point = _least_meeting(ctx, shape, room)
            if point is None:
                continue
            weights, kv = departures_of(candidate, model)
            key = (
                not point.meets,
                _cost(ctx, point) if point.meets else Decimal(0),
                -point.closeness if not point.meets else 0.0,
                weights,
                kv,
                point.units,
                -point.closeness,
            )
            if best is None or key < best[0]:
                best = (key, point, ctx, candidate)
    if best is None:
        return ServiceOption(_no_fit(model, target, request), 0.0)
    _, point, ctx, candidate = best
    return ServiceOption(_as_option(model, ctx, candidate, point), point.closeness)


def departures_of(candidate: Candidate, model: ModelSpec) -> tuple[bool, bool]:
    """Whether the candidate moves the weights / the KV cache away from the literal request."""
    return variant_departures(candidate, model)


def _no_fit(model: ModelSpec, target: Target, request: ResolvedRequest) -> PlanOption:
    """Return the option of a plan holding no copy of the model (``size_candidate``'s)."""
    first = candidates(model, request, target.gpu)[0]
    option = size_candidate(model, target, request, first, complete=False)
    return changed(option, meets_targets=False, miss=ServiceMiss.MODEL_DOES_NOT_FIT)


def _unreachable(ctx: _Context, shape: Shape) -> bool:
    """Whether one request alone on a replica misses a per-user or first-token target."""
    level = ctx.level
    alone = _at(ctx, shape, 1.0, "random")
    band = ctx.speed_band[0] if ctx.sure else 0.0
    ttft_band = ctx.ttft_band if ctx.sure else 0.0
    need = level.tokens_per_user_tok_s
    if need is not None and alone.tokens_per_user * (1 - band) < need / TPOT_HEADROOM:
        return True
    floor = level.min_tokens_per_user
    alone_only = level.throughput_tok_s is not None and not level.concurrency_given
    unloaded = alone_only and level.requests_per_minute is None and not level.batch
    if unloaded and alone.tokens_per_user * (1 - band) < floor:
        return True
    limit = level.ttft_s
    return limit is not None and alone.ttft_s * (1 + ttft_band) > limit


def _miss(ctx: _Context, point: _Point) -> ServiceMiss | None:
    if point.meets:
        return None
    level = ctx.level
    alone = _at(ctx, point.shape, 1.0, "random")
    need = level.tokens_per_user_tok_s
    floor = need / TPOT_HEADROOM if need is not None else level.min_tokens_per_user
    if (need is not None or level.throughput_tok_s is not None) and alone.tokens_per_user < floor:
        return ServiceMiss.PER_USER_CEILING
    if level.ttft_s is not None and alone.ttft_s > level.ttft_s:
        return ServiceMiss.TTFT_FLOOR
    return ServiceMiss.BEYOND_SEARCH


def _as_option(model: ModelSpec, ctx: _Context, candidate: Candidate, point: _Point) -> PlanOption:
    """Build the option of a point: its placement, speeds at the load, checks, job, launch."""
    target, level = ctx.target, ctx.level
    sized = changed(ctx.request, concurrency=point.in_flight)
    placement = Placement(
        point.shape,
        point.room,
        fits=True,
        reason=None,
        replicas=point.replicas,
        units=point.units,
        gpus=point.units * target.gpus_per_unit,
    )
    variant = make_variant(model, sized, candidate, dp_attention=point.shape.dp_attention)
    option = placed_option(ctx.load, target, placement, sized, speeds=True, variant=variant)
    state = point.state
    speed = replace(
        option.speed,
        decode_tokens_per_s_per_user=state.tokens_per_user,
        decode_tokens_per_s_aggregate=point.replicas * state.output_tokens_per_s,
        # A range where the figure is an estimate (no measurement anchors the GPU), as every
        # answer gives one; the targets carry the calibration's band either way.
        decode_tokens_per_s_range=(
            (
                state.tokens_per_user * (1 - ctx.speed_band[0]),
                state.tokens_per_user * (1 + ctx.speed_band[1]),
            )
            if option.speed.decode_speed_estimated
            else None
        ),
        ttft_s_at_load=state.ttft_s,
    )
    job = _job(ctx, point) if level.batch else None
    met = all(check.met for check in point.checks.checks()) if ctx.sure else point.meets
    option = changed(
        option,
        speed=speed,
        meets_targets=met and (point.meets or not ctx.sure),
        targets=point.checks,
        sequences_in_flight=point.in_flight,
        job=job,
        miss=_miss(ctx, point),
    )
    commands = commands_for(model, target, sized, option, variant)
    return changed(option, launch=replace(option.launch, commands=commands))


def _job(ctx: _Context, point: _Point) -> JobFigures | None:
    hours = point.hours
    plan = ctx.target.plan
    if hours is None:
        return None
    level = ctx.level
    band = ctx.speed_band
    cost = rental_usd(plan, point.units, point.months) if plan is not None else None
    tokens = level.batch_tokens or 0
    per_million = None
    if cost is not None and tokens:
        per_million = (cost / Decimal(tokens) * TOKENS_PER_MILLION).quantize(Decimal("0.0001"))
    return JobFigures(
        requests=_job_requests(level),
        hours=hours,
        hours_range=(hours / (1 + band[1]), hours / (1 - band[0])),
        months=point.months,
        cost_usd=cost,
        usd_per_million_tokens=per_million,
    )
