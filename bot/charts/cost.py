"""What a cost chart shows: each plan's monthly price as the users (or the context) grow.

Every point is the engine's own answer: the request sized again with another number of
users at once (or another context), each plan's monthly price read from its option. A plan
that cannot serve a point has no price there (the line stops); prices change in steps, as a
server or a machine is added. The number of points and the time spent are bounded: past
``deadline`` no further point is sized and the series ends where it got to.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum

from bot.answers import option_name
from sizing import SizingAnswer, SizingError, SizingRequest, size_deployment

MAX_POINTS = 12
# Users at once: the request's own count among powers of two up to four times it.
MIN_USERS_SPAN = 8
# Contexts offered on the x axis (tokens); only those the model reads are sized.
CONTEXT_STEPS = tuple(k * 1024 for k in (4, 8, 16, 32, 64, 128, 256, 512, 1024))


class XAxis(StrEnum):
    """What the cost chart varies."""

    USERS = "users"
    CONTEXT = "context"


@dataclass(frozen=True, slots=True)
class CostPoint:
    """One plan's monthly price at one x value (``None``: the plan cannot serve it)."""

    x: int
    monthly_usd: Decimal | None
    units: int


@dataclass(frozen=True, slots=True)
class CostSeries:
    """One plan's prices along the x axis."""

    name: str
    plan: str
    points: tuple[CostPoint, ...]


def user_steps(asked: int) -> list[int]:
    """Return the user counts to size: powers of two up to 4x the request, and the request."""
    top = max(asked * 4, MIN_USERS_SPAN)
    steps = {asked}
    value = 1
    while value <= top:
        steps.add(value)
        value *= 2
    ordered = sorted(steps)
    while len(ordered) > MAX_POINTS:  # thin the small counts first, never the one asked
        drop = next(v for v in ordered if v != asked)
        ordered.remove(drop)
    return ordered


def context_steps(answer: SizingAnswer) -> list[int]:
    """Return the contexts to size: the standard lengths the model reads, and the one asked."""
    limit = answer.model.max_context_tokens or max(CONTEXT_STEPS)
    if answer.model.rope_scaling_context_tokens:
        limit = max(limit, answer.model.rope_scaling_context_tokens)
    steps = {t for t in CONTEXT_STEPS if t <= limit} | {answer.request.context_tokens}
    return sorted(steps)[-MAX_POINTS:]


def cost_series(
    request: SizingRequest,
    answer: SizingAnswer,
    *,
    axis: XAxis = XAxis.USERS,
    size: Callable[[SizingRequest], SizingAnswer] = size_deployment,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[CostSeries]:
    """Size ``request`` at every x value and return each priced plan's monthly price."""
    users = axis is XAxis.USERS
    xs = user_steps(answer.request.concurrency) if users else context_steps(answer)
    prices: dict[str, list[CostPoint]] = {}
    names: dict[str, str] = {}
    for x in xs:
        if deadline is not None and clock() > deadline:
            break
        if axis is XAxis.USERS:
            changed = replace(request, concurrency=x)
        else:
            changed = replace(request, context_tokens=x)
        try:
            sized = answer if _same(changed, request) else size(changed)
        except SizingError:
            continue
        for option in sized.options:
            if option.plan is None or not option.priced:
                continue
            names.setdefault(option.plan, option_name(option))
            monthly = option.price.monthly_usd if option.fits else None
            prices.setdefault(option.plan, [])
            if any(p.x == x for p in prices[option.plan]):
                continue  # the plan's first option at this x is its pick
            prices[option.plan].append(CostPoint(x, monthly, option.servers))
    return [
        CostSeries(names[plan], plan, tuple(points))
        for plan, points in prices.items()
        if any(p.monthly_usd is not None for p in points)
    ]


def _same(changed: SizingRequest, request: SizingRequest) -> bool:
    return changed == request
