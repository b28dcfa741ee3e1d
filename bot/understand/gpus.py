"""GPUs named in a message, in order of mention.

Only the GPUs FullGPU sizes count (h200, mi355x, b200); "H100" or "GH200" are none of them.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from bot.understand.gates import gated_re

# The core of each name, found in one scan; what may stand around it is checked after.
_CORE_RE = gated_re(r"h200|b200|mi[\s-]?355x?")
# A vendor or system word before the name belongs to it ("NVIDIA H200", "HGX H200",
# "AMD Instinct MI355X"); a count glued with "x" is allowed ("8xH200"), any other letter or
# digit is not ("gh200" is Grace Hopper, "gb200" a different system).
_PREFIX_RE = gated_re(r"(?:(?:nvidia|hgx|dgx|amd|instinct)[\s-]?)+$")
_GLUED_COUNT_RE = gated_re(r"[0-9]x$")
_SUFFIX_RE = gated_re(r"(?:[\s-]?(?:sxm|nvl|141gb))?")
_NAMES = {"h": "h200", "b": "b200", "m": "mi355x"}
# Only Latin letters and digits glue to a name: "8卡H200" and "H200とMI355X" name GPUs.
_ASCII_ALNUM_RE = gated_re("[a-z0-9]")
_LOOK_BEHIND_CHARS = 20
_MAX_MENTIONS = 32  # GPU names read per message: three GPUs exist, repeats add nothing


@dataclass(frozen=True, slots=True)
class GpuMentions:
    """GPUs in order of first mention, and the text without them."""

    gpus: tuple[str, ...]
    rest: str
    spans: tuple[tuple[int, int], ...] = ()  # where each name stood (blank in ``rest``)


def _span(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    """Return the span of the name around a core match, or None for another product."""
    start, end = match.span()
    if _ASCII_ALNUM_RE.match(text, end) and text[end].isdigit():
        return None
    before = text[max(0, start - _LOOK_BEHIND_CHARS) : start]
    prefix = _PREFIX_RE.search(before)
    if prefix is not None:
        start -= len(prefix.group())
        before = before[: prefix.start()]
    if before and _ASCII_ALNUM_RE.match(before[-1]) and not _GLUED_COUNT_RE.search(before):
        return None
    suffix = _SUFFIX_RE.match(text, end)
    return start, suffix.end() if suffix else end


# The parser, the rental reader and the server counter each ask for the GPUs of the same text:
# the answers for the last few texts are kept (a pure function of the text).
# Our one AMD plan named by its vendor and a word of hardware: "the AMD box", "el servidor AMD",
# "AMD 那台", "AMD-Server" (AMD alone, "AMD is fine", is a platform, not a plan).
_AMD_PLAN_RE = gated_re(
    r"(?:the|la|a|l') (?:opción|opção|option) amd|"
    r"(?<![a-z])amd(?=[\s-]?(?:box(?!es)|server(?!s)|machine(?!s)|node(?!s)|rig(?!s)|option|"
    r"쪽(?:으로|은|이면)|の方|のほう|サーバ|方案|那台|"
    r"one\b|那台|那个|那個|的那台|服务器|伺服器|サーバ|서버|сервер(?![а-яё]{2})|maschine|kiste))|"
    r"(?:the|el|le|la|o|der|den|das|dem|du|do|da) "
    r"(?:servidor |serveur |server |box |machine |máquina |maschine )?amd"
    r"(?=\s?(?:[?？.,!;]|$|instead|en (?:vez|lugar)|au lieu|statt|em vez))|"
    # a server said before its vendor: "1 server amd", "un servidor AMD"
    r"(?:(?<=server )|(?<=servers )|(?<=servidor )|(?<=serveur )|(?<=maschine )|(?<=máquina ))"
    # (not the server of the answer pointed at: "plutôt que ce serveur AMD")
    r"(?<!ce serveur )(?<!this server )(?<!that server )(?<!ese servidor )(?<!este servidor )"
    r"(?<!esse servidor )(?<!este servidor )(?<!diese maschine )"
    r"amd(?![a-z])|"
    # the one AMD plan weighed as the way: "evtl mit AMD?", "cheaper with AMD?", "¿con AMD?"
    r"(?<![a-z])(?:with|mit|con|com|avec)\s(?:an?\s|einem\s|un\s|una\s|uma\s)?amd"
    r"(?=\s?(?:[?？]|$))"
)


def _mentions(text: str) -> list[tuple[tuple[int, int], str]]:
    """Return each name's span and GPU, in order: the names, and our AMD plan by its vendor."""
    found: list[tuple[tuple[int, int], str]] = []
    if "200" in text or "355" in text:
        for match in itertools.islice(_CORE_RE.finditer(text), _MAX_MENTIONS):
            span = _span(text, match)
            if span is not None:
                found.append((span, _NAMES[match.group()[0]]))
    if "amd" in text and not any(gpu == "mi355x" for _, gpu in found):
        found += [(match.span(), "mi355x") for match in _AMD_PLAN_RE.finditer(text)]
    return sorted(found)


@lru_cache(maxsize=8)
def find_gpus(text: str) -> GpuMentions:
    """GPU names in order of first mention; their spans are blanked in ``rest``."""
    if "200" not in text and "355" not in text and "amd" not in text:
        return GpuMentions((), text)  # every GPU name we know holds one of these
    ordered: list[str] = []
    spans: list[tuple[int, int]] = []
    pieces: list[str] = []
    kept = 0
    for span, gpu in _mentions(text):
        if span[0] < kept:
            continue
        if gpu not in ordered:
            ordered.append(gpu)
        pieces += [text[kept : span[0]], " " * (span[1] - span[0])]
        spans.append(span)
        kept = span[1]
    return GpuMentions(tuple(ordered), "".join([*pieces, text[kept:]]), tuple(spans))
