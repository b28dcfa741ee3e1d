"""Units shared by the engine and its front ends: bytes, tokens, and money to the cent.

Every "128K = 131,072" and "GB = 10^9" of the project is written here once.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

GB = 10**9  # vendors' and the price table's gigabyte
BILLION = 10**9  # parameters: "70B" is 70 x 10^9
TB = 10**12
GIB = 1024**3  # what frameworks report ("139.80 GiB")
# "128K context" means 131,072 tokens in model cards and serving engines (DESIGN.md).
TOKENS_PER_K = 1024
TOKENS_PER_M = TOKENS_PER_K * TOKENS_PER_K
CENT = Decimal("0.01")


def to_cents(value: Decimal) -> Decimal:
    """Round money half-up to the cent, as the price table does (US$3.41 per GPU-hour)."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def context_code(tokens: int) -> str:
    """Write a context length as compact ASCII: ``128k`` for 131,072 tokens, else exact."""
    return f"{tokens // TOKENS_PER_K}k" if tokens % TOKENS_PER_K == 0 else str(tokens)


def parse_context_code(code: str) -> int:
    """Read ``context_code``'s form back (``128k`` -> 131,072); ValueError when malformed."""
    if code.endswith("k"):
        return int(code[:-1]) * TOKENS_PER_K
    return int(code)
