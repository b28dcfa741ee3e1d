"""Which values each number slot accepts, and the codes for the ones it refuses.

A number is read exactly as written ("10^9 users" is 1,000,000,000) and then checked against
the engine's own bounds: a value outside them is not put in the request but reported in
``not_understood`` as ``<slot>_negative`` or ``<slot>_too_large`` (``<slot>_too_small`` for a
count of zero), which the answer words politely in the customer's language. So no request ever
carries a negative, infinite or absurd value, and the customer is told why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing import MAX_BUDGET_USD, MAX_CONCURRENCY, MAX_CONTEXT_TOKENS, MAX_PARAMS_B

CONCURRENCY = "concurrency"
CONTEXT = "context"
BUDGET = "budget"
PARAMS = "params"
NEGATIVE = "negative"
TOO_LARGE = "too_large"
TOO_SMALL = "too_small"

_MAXIMA: dict[str, float] = {
    CONCURRENCY: MAX_CONCURRENCY,
    CONTEXT: MAX_CONTEXT_TOKENS,
    BUDGET: float(MAX_BUDGET_USD),
    PARAMS: MAX_PARAMS_B,
}
REFUSAL_CODES = frozenset(
    f"{slot}_{reason}" for slot in _MAXIMA for reason in (NEGATIVE, TOO_LARGE, TOO_SMALL)
)


@dataclass(frozen=True, slots=True)
class Checked:
    """A value a slot accepts, or the code saying why it was refused."""

    value: float | None
    refused: str | None = None


def check(slot: str, value: float) -> Checked:
    """Accept ``value`` for ``slot`` or refuse it with a code (NaN counts as too large)."""
    if math.isnan(value):
        return Checked(None, f"{slot}_{TOO_LARGE}")
    if value < 0:
        return Checked(None, f"{slot}_{NEGATIVE}")
    if value > _MAXIMA[slot]:
        return Checked(None, f"{slot}_{TOO_LARGE}")
    if value == 0:
        return Checked(None, f"{slot}_{TOO_SMALL}")
    return Checked(value)


def check_whole(slot: str, value: float) -> tuple[int | None, str | None]:
    """Accept ``value`` rounded to a whole count (at least one), or refuse it with a code."""
    checked = check(slot, value)
    if checked.refused is not None:
        return None, checked.refused
    whole = round(value)
    return (whole, None) if whole >= 1 else (None, f"{slot}_{TOO_SMALL}")
