"""What renting costs: fixed monthly prices per unit, the price of a token, the largest order.

Every answer that states a monthly total, a cost per million tokens or an order link takes it
from here. A deployment larger than the checkout takes is quoted by a person: a sales engineer
does not list a hundred thousand servers. Past the largest order, the answer says what one copy
of the model serves, how many copies and servers the request would take and what they cost a
month, and hands over to sales; such an option carries no checkout link and no launch commands
(one per server would be megabytes).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from sizing.catalog.hardware import hours_per_month
from sizing.catalog.types import PlanFacts
from sizing.units import to_cents

SECONDS_PER_HOUR = 3600
TOKENS_PER_MILLION = 1_000_000


class Rented(Protocol):
    """What the order limit reads of an option: whether it serves, and the units it rents."""

    @property
    def fits(self) -> bool:
        """Whether the option serves the request."""
        ...

    @property
    def servers(self) -> int:
        """Plan units rented: servers, or single-GPU machines."""
        ...


def monthly_usd(plan: PlanFacts, units: int) -> Decimal:
    """Monthly price of ``units`` of a plan (fixed monthly prices; no volume discount)."""
    return plan.monthly_usd * units


def usd_per_million_tokens(monthly: Decimal, tokens_per_s: float) -> Decimal | None:
    """Monthly price over the tokens generated in a month at that rate, per million tokens."""
    if tokens_per_s <= 0:
        return None
    tokens_per_month = Decimal(repr(tokens_per_s)) * hours_per_month() * SECONDS_PER_HOUR
    cost = monthly / tokens_per_month * TOKENS_PER_MILLION
    return to_cents(cost)


# The largest deployment the checkout takes: 64 rented units, i.e. 64 eight-GPU servers (512
# GPUs, US$1.3-1.5M a month) or 64 single-GPU machines. The plans are sold from stock (the
# MI355X's is "limited", its delivery date shown before payment) and prices for several
# servers are quoted on request by ticket (seed-mi355x-vs-h200.zh.md, plans.json,
# knowledge.json): more than this is a capacity reservation a person confirms against stock.
MAX_ONLINE_ORDER_UNITS = 64


def beyond_online_order(option: Rented) -> bool:
    """Tell whether a fitting option rents more units than one online order can hold."""
    return option.fits and option.servers > MAX_ONLINE_ORDER_UNITS


def months_for_hours(hours: float) -> int:
    """Months of rent a job of ``hours`` takes: whole months, one at least (monthly billing)."""
    months = hours / hours_per_month()
    return max(1, int(-(-round(months, 9) // 1)))


def rental_usd(plan: PlanFacts, units: int, months: int) -> Decimal:
    """Return what renting ``units`` of a plan for ``months`` months costs (fixed prices).

    The one rental-cost function: a monthly answer is one month of it, an offline job its
    months, a quote for a term the months asked.
    """
    return monthly_usd(plan, units) * months
