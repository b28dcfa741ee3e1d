"""A budget in another currency, in US dollars at the day's reference rate kept as data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal

from sizing.offer.data import exchange_rates

_CENT = Decimal("0.01")
_RATE_DIGITS = Decimal("0.0001")


@dataclass(frozen=True, slots=True)
class Conversion:
    """An amount turned into US dollars: the result, the rate used, its day and publisher."""

    amount: Decimal
    currency: str
    usd: Decimal
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
    usd = (amount * usd_per_unit).quantize(_CENT, rounding=ROUND_HALF_EVEN)
    return Conversion(
        amount=amount,
        currency=code,
        usd=usd,
        usd_per_unit=usd_per_unit,
        as_of=rates.as_of,
        source=rates.source_name,
    )


def rate_digits(rate: Decimal) -> Decimal:
    """Round a rate for display: four significant decimals where it is below one unit."""
    return (
        rate.quantize(_RATE_DIGITS, rounding=ROUND_HALF_EVEN)
        if rate >= 1
        else rate.quantize(Decimal("0.000001"))
    )
