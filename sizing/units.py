"""Units shared by the engine and its front ends: bytes, tokens, and money to the cent.

Every "128K = 131,072" and "GB = 10^9" of the project is written here once.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

GB = 10**9  # vendors' and the price table's gigabyte
BILLION = 10**9  # parameters: "70B" is 70 x 10^9
TB = 10**12
GIB = 1024**3  # what frameworks report ("139.80 GiB")
# "128K context" means 131,072 tokens in model cards and serving engines (DESIGN.md).
TOKENS_PER_K = 1024
TOKENS_PER_M = TOKENS_PER_K * TOKENS_PER_K
CENT = Decimal("0.01")
# The compact ASCII form of a context length (deep links, buttons, quote references): a whole
# number of tokens, or of K (x1024) or M (x1024^2) tokens, at most eight digits.
_CONTEXT_CODE = re.compile(r"([1-9][0-9]{0,7})([km]?)")
_CONTEXT_UNITS = {"": 1, "k": TOKENS_PER_K, "m": TOKENS_PER_M}


def to_cents(value: Decimal) -> Decimal:
    """Round money half-up to the cent, as the price table does (US$3.41 per GPU-hour)."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def context_code(tokens: int) -> str:
    """Write a context length as compact ASCII: ``128k`` for 131,072 tokens, else exact."""
    return f"{tokens // TOKENS_PER_K}k" if tokens % TOKENS_PER_K == 0 else str(tokens)


def parse_context_code(code: str) -> int:
    """Read a context code (``128k`` -> 131,072, ``1m``, ``131072``); ValueError when malformed.

    The one grammar of the project's links, buttons and quote references; ``context_code``
    writes it.
    """
    match = _CONTEXT_CODE.fullmatch(code)
    if match is None:
        raise ValueError(f"not a context code: {code[:20]!r}")
    return int(match.group(1)) * _CONTEXT_UNITS[match.group(2)]
