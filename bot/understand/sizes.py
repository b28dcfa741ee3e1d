"""Generic model sizes: "a 70B dense model", "1T MoE", "106B (12B active)", "700亿参数".

Read when no catalog model is named, so the engine can size a model it does not know by its
parameter count. Large units in every language: "1T", "1 триллион", "一万亿", "1.5兆", "7천억",
"1,2 billones" (es: 10^12), "un billion" (fr: 10^12), "70 mil millones", "405 bilhões". MoE-ness
is what the text says (MoE, experts, an active count) or ``None``.
"""

from __future__ import annotations

import heapq
import itertools
import math
import re
from dataclasses import dataclass
from functools import cache

from bot.understand import lexicon, limits
from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    DIGIT_FIRST,
    NUMBER_PATTERN,
    magnitude_factor,
    one_words_pattern,
    parse_cjk_number,
    parse_number,
    scan,
    worth_trying,
)
from sizing import BILLION

_MAX_SIZES = 8  # sizes read per kind of notation: the first ones are what the message asks
_HUNDRED_MILLION = 1e8  # 亿 (億, 억): an East Asian size needs at least this unit
_LETTERS = {"b": 1e9, "bn": 1e9, "t": 1e12, "tn": 1e12}


@cache
def _size_res() -> tuple[Searchable, ...]:
    """Return the size patterns: digits, "one" before a scale word, CJK numerals."""
    scale = lexicon.union(lexicon.words("billion") + lexicon.words("trillion"))
    unit = rf"\s?(?:(?P<letter>bn|tn|b|t)(?![a-zà-ÿа-яё0-9])|(?P<scale>{scale}))"
    return (
        gated_re(rf"{NUMBER_PATTERN}{unit}"),
        gated_re(rf"(?P<one>{one_words_pattern()}){unit}"),
        gated_re(CJK_NUMBER_PATTERN),
    )


_ACTIVE_AFTER = (
    r"active|activ[oa]s?|ativ[oa]s?|aktiv[a-z]*|actifs?|actives?|активн[а-яё]*|激活|アクティブ|활성"
)
_ACTIVE_BEFORE = (
    r"(?:激活(?:参数|參數)?(?:量)?|active(?: params| parameters)?|"
    r"активн[а-яё]*(?: параметр[а-яё]*)?|アクティブ(?:パラメータ)?|활성(?:화)?(?: 파라미터)?|"
    r"activ[oa]s|ativ[oa]s|aktiv[a-z]*|actifs)"
)
# Each pattern starts with plain characters, its boundary checked after them (``numbers``).
_ACTIVE_RES = (
    gated_re(
        rf"(?P<num>{DIGIT_FIRST}[0-9]*+(?:\.[0-9]++)?)"
        rf"\s?b\s?\(?\s?(?:{_ACTIVE_AFTER})"
    ),
    gated_re(
        rf"{_ACTIVE_BEFORE}\s?[:=]?\s?(?:de |of |von )?(?P<num>[0-9]+(?:\.[0-9]+)?)\s?b(?![a-z])"
    ),
    gated_re(r"a(?<![a-z0-9]a)(?P<num>[0-9]+(?:\.[0-9]+)?)b(?![a-z0-9])"),
)
_MOE_RE = gated_re(
    lexicon.union(
        (
            "moe",
            "мое",
            "mixture[- ]of[- ]experts",
            "experts",
            "混合专家",
            "混合專家",
            "专家",
            "專家",
            "エキスパート",
            "専門家",
            "전문가",
            "эксперт[а-яё]*",
            "expert[eo]s",
            "experten",
        )
    )
)
_DENSE_RE = gated_re(
    lexicon.union(
        (
            "dense",
            "稠密",
            "密集",
            "密モデル",
            "плотн[а-яё]*",
            "densos?",
            "densa",
            "dicht[a-z]*",
            "denses?",
            "デンス",
            "밀집",
            "덴스",
        )
    )
)


@dataclass(frozen=True, slots=True)
class GenericSize:
    """A parameter count from the text, in billions, with what it says about MoE."""

    params_b: float | None
    active_params_b: float | None
    moe: bool | None
    refused: str | None = None


# What every word of ``_ACTIVE_AFTER`` and ``_ACTIVE_BEFORE`` contains: without one of these, the
# first two active patterns cannot match, and reading each number of the text for them is skipped.
_ACTIVE_STEMS = ("activ", "ativ", "aktiv", "actif", "активн", "激活", "アクティブ", "활성")


def _active_patterns(text: str) -> tuple[Searchable, ...]:
    """Return the active patterns that may match in ``text`` (each needs a word of its own)."""
    if any(stem in text for stem in _ACTIVE_STEMS):
        return _ACTIVE_RES
    return _ACTIVE_RES[2:]


def _active(text: str) -> tuple[float, int] | None:
    for pattern in _active_patterns(text):
        match = next(scan(pattern, text), None)
        if match:
            return float(match.group("num")), match.start("num")
    return None


def _start(match: re.Match[str]) -> int:
    return match.start()


# A day's or a month's volume said before a CJK number: "하루 1억", "每天 2 亿", "月に 5億".
_A_VOLUME_BEFORE = gated_re(
    r"(?:하루|일일|매일|한 ?달|매월|每天|每日|一天|每月|一个月|一個月|毎日|1日|毎月|月に|日に)"
    r"(?:에|に|で)?\s?(?:약|대략|대충|约|約|大概|大约|大約|およそ)?\s?$"
)
_VOLUME_REACH = 12
# Traffic said right before a figure: "出站大概 2T", "egress of 2T", "трафик 2Т".
_TRAFFIC_BEFORE = gated_re(
    r"(?:出站|出网|出網|入站|流量|带宽|頻寬|egress|ingress|traffic|bandwidth|трафик[а-яё]*|"
    r"tráfego|tráfico|datenverkehr|trafic|転送量|トラフィック|트래픽)"
    r"[^0-9]{0,8}$"
)


def _billions(match: re.Match[str], language: str) -> float | None:
    groups = match.groupdict()
    if groups.get("cjk"):
        value = parse_cjk_number(groups["cjk"])
        return value / BILLION if value >= _HUNDRED_MILLION else None
    number = 1.0 if groups.get("one") else parse_number(groups["num"])
    if groups.get("letter"):
        return number * _LETTERS[groups["letter"]] / BILLION
    return number * magnitude_factor(groups["scale"], language) / BILLION


def find_generic_size(text: str, language: str = "en") -> GenericSize | None:
    """Find the total size named in ``text`` (not the active one), or ``None``."""
    active = _active(text)
    params_b: float | None = None
    # In order of their start (the first pattern's first of equals), read only as far as the
    # first size that counts: each pattern yields its matches in order of their start.
    matches = heapq.merge(
        *(
            itertools.islice(scan(pattern, text), _MAX_SIZES)
            for pattern in worth_trying(_size_res(), text)
        ),
        key=_start,
    )
    for match in matches:
        if active is not None and match.start() == active[1]:
            continue
        if match.groupdict().get("cjk") and _A_VOLUME_BEFORE.search(
            text, max(0, match.start() - _VOLUME_REACH), match.start()
        ):
            continue  # "하루 1억 2천 정도": a day's volume, not a model's size
        if _TRAFFIC_BEFORE.search(text, max(0, match.start() - _VOLUME_REACH), match.start()):
            continue  # "每天出站大概 2T", "egress ~2T a day": bytes of traffic, not parameters
        params_b = _billions(match, language)
        if params_b is not None:
            break
    if params_b is None or params_b == 0:
        return None
    checked = limits.check(limits.PARAMS, params_b)
    if checked.refused is not None or not math.isfinite(params_b):
        return GenericSize(None, None, None, checked.refused or f"{limits.PARAMS}_too_large")
    moe: bool | None = None
    if active is not None or _MOE_RE.search(text):
        moe = True
    elif _DENSE_RE.search(text):
        moe = False
    active_b = active[0] if active is not None and active[0] < params_b else None
    return GenericSize(params_b=params_b, active_params_b=active_b, moe=moe)
