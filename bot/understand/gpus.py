"""GPUs named in a message, in order of mention.

Only the GPUs FullGPU sizes count (h200, mi355x, b200); "H100" or "GH200" are none of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.understand.numbers import blank

# "8xh200" and "8卡H200" glue a count to the name: a digit-x prefix is allowed, a letter is not
# ("gh200" is Grace Hopper, "gb200" a different system).
_LEFT = r"(?:(?<=\dx)|(?<![a-z0-9]))"
_GPU_RES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(rf"{_LEFT}(?:(?:nvidia|hgx|dgx)[\s-]?)?h200(?:[\s-]?(?:sxm|nvl|141gb))?(?!\d)"),
        "h200",
    ),
    (re.compile(rf"{_LEFT}(?:(?:amd|instinct)[\s-]?)?mi[\s-]?355x?(?![0-9])"), "mi355x"),
    (re.compile(rf"{_LEFT}(?:(?:nvidia|hgx|dgx)[\s-]?)?b200(?!\d)"), "b200"),
)

@dataclass(frozen=True, slots=True)
class GpuMentions:
    """GPUs in order of first mention, and the text without them."""

    gpus: tuple[str, ...]
    rest: str


def find_gpus(text: str) -> GpuMentions:
    """GPU names in order of first mention; their spans are blanked in ``rest``."""
    found: list[tuple[int, str]] = []
    rest = text
    for pattern, gpu in _GPU_RES:
        for match in pattern.finditer(text):
            found.append((match.start(), gpu))
            rest = blank(rest, match.start(), match.end())
    ordered: list[str] = []
    for _, gpu in sorted(found):
        if gpu not in ordered:
            ordered.append(gpu)
    return GpuMentions(tuple(ordered), rest)
