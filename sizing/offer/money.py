"""A budget in another currency, in US dollars at the day's reference rate kept as data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from sizing.offer.data import exchange_rates

_DOLLAR = Decimal(1)


@dataclass(frozen=True, slots=True)
class Conversion:
    """An amount turned into US dollars: the result, the rate used, its day and publisher."""

    amount: Decimal
    currency: str
    usd: Decimal  # whole dollars: a budget is no more precise than that
    usd_per_unit: Decimal  # US dollars one unit of the currency buys
    as_of: date
    source: str


def to_usd(amount: Decimal, currency: str) -> Conversion | None:
    """Convert ``amount`` of ``currency`` (ISO code) to US dollars; None without a rate."""
    rates = exchange_rates()
    code = currency.upper()
    per_base = rates.per_base.get(code)
    if per_base is None or amount <= 0:
        return None
    usd_per_unit = rates.per_base["USD"] / per_base
    usd = (amount * usd_per_unit).quantize(_DOLLAR, rounding=ROUND_HALF_UP)
    return Conversion(
        amount=amount,
        currency=code,
        usd=usd,
        usd_per_unit=usd_per_unit,
        as_of=rates.as_of,
        source=rates.source_name,
    )
