"""How many sequences at once, however it is said.

"50 users", "for around 40 folks simultaneously", "~60 devs hitting it at once", "batch 8",
"--max-num-seqs 64", "并发 30", "50 個使用者", "20 位使用者", "同時10件", "동시 1000명",
"une quarantaine d'utilisateurs", "сорок пользователей". The counted nouns, the "at once" words
and the cue words come from every language's lexicon.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand import lexicon, limits
from bot.understand.context import labels_next_number
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    Found,
    blank,
    is_whole,
    magnitude_factor,
    magnitude_pattern,
    number_word_value,
    number_words_pattern,
    parse_cjk_number,
    parse_number,
)

_THOUSAND = 1000
# "并发改成 100", "同時接続数を100に", "concurrency to 100": a verb or particle of change.
_SET_TO = (
    r"(?:再?(?:改成|改为|改為|设为|設為|设成|設成|调到|調到|调成|調成|换成|換成|增加到|提高到|加到|拉到)|"
    r"を|は|to|a|à|auf|на|до|으로|로)"
)


@cache
def _count() -> str:
    return (
        rf"(?:{CJK_NUMBER_PATTERN}"
        rf"|{NUMBER_PATTERN}(?:\s?(?P<k>[kк])(?![a-zа-яё]))?(?:\s?(?P<mag>{magnitude_pattern()}))?"
        rf"|(?P<word>{number_words_pattern()}))"
    )


@cache
def _nouns() -> str:
    counted = lexicon.words("people") + lexicon.words("requests") + lexicon.words("at_once")
    return lexicon.union(counted)


@cache
def _count_then_noun() -> re.Pattern[str]:
    letters = lexicon.WORD_LETTER
    # Up to two words between ("100 concurrent users", "40 gleichzeitige Nutzer") or "d'"/"de".
    between = rf"(?:\s+(?:[{letters}\-]+\s+){{0,2}}|\s*(?:d'|de |of )?)"
    return re.compile(rf"{_count()}{between}(?:{_nouns()})")


@cache
def _cue_then_count() -> re.Pattern[str]:
    cues = lexicon.pattern("concurrency_cues")
    about = lexicon.pattern("about")
    return re.compile(
        rf"(?:{cues})\s?[:=]?\s?(?:{_SET_TO}\s?)?(?:(?:of|de|von|du|в)\s)?(?:(?:{about})\s?)?"
        rf"{_count()}(?![0-9])"
    )


def _value(match: re.Match[str], language: str) -> float | None:
    if match.group("cjk"):
        return parse_cjk_number(match.group("cjk"))
    if match.group("word"):
        value = number_word_value(match.group("word"))
        return None if value is None else float(value)
    count = parse_number(match.group("num"))
    if match.group("k"):
        count *= _THOUSAND
    if match.group("mag"):
        count *= magnitude_factor(match.group("mag"), language)
    return count


def _best_match(text: str) -> re.Match[str] | None:
    best: re.Match[str] | None = None
    for pattern in (_cue_then_count(), _count_then_noun()):
        for match in pattern.finditer(text):
            start = match.start("num") if match.group("num") else match.start()
            # "上下文 32768 并发 16": a number right after a context word is the context.
            if pattern is _count_then_noun() and labels_next_number(text, start):
                continue
            # "32K 并发 200": the cue that ends this match has its own count after it, and
            # that labelled count wins; the number before the cue is then the context.
            cued_inside = best is not None and match.start() < best.start() < match.end()
            if (best is None or match.start() < best.start()) and not cued_inside:
                best = match
            break
    return best


def find_concurrency(text: str, language: str = "en") -> Found | None:
    """How many sequences at once; a negative, zero or absurd count is refused with a code."""
    best = _best_match(text)
    if best is None:
        return None
    value = _value(best, language)
    rest = blank(text, best.start(), best.end())
    if value is None:
        return None
    checked = limits.check(limits.CONCURRENCY, value)
    if checked.refused is not None:
        return Found(None, rest, checked.refused)
    if not is_whole(value):
        return None
    return Found(int(value), rest)
