"""Units shared by the engine: decimal and binary bytes, and money rounded to the cent."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

GB = 10**9  # vendors' and the price table's gigabyte
GIB = 1024**3  # what frameworks report ("139.80 GiB")
CENT = Decimal("0.01")


def to_cents(value: Decimal) -> Decimal:
    """Round money half-up to the cent, as the price table does (US$3.41 per GPU-hour)."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)
