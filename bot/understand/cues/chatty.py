"""Users at once said inside a chatty sentence, and contexts counted.

The counted noun and the "at once" words stand apart: "around 9am maybe 35 folks hammer it at
the same time", "человек 60 сидят в нём одновременно", "une trentaine de collègues
l'utilisent en même temps", "40人くらいが同時に使います". Contexts counted ("20 contexts of
128K", "20 個 128K 的上下文") are users at once too.

Read only where the concurrency finder found no count: it is a fallback for clauses whose
words it does not join.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

from bot.understand import lexicon
from bot.understand.cues.headcount import MEMBERS
from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import (
    NUMBER_PATTERN,
    number_word_value,
    number_words_pattern,
    parse_number,
)

_GAP = r"[^0-9.?!。？！;；\n]{0,28}?"  # within one clause, no other number between
_APPROX = r"(?:\s?(?:くらい|ぐらい|ほど|程度|左右|上下|정도|쯤|около|примерно|where|about|~))?"
_MAX_MATCHES = 8
_MAX_USERS = 1_000_000
_ARTICLE_RE = gated_re(r"^(?:une |un |una |uma |a |an )")


@cache
def _people() -> str:
    # The lexicon's people words as one trie; the organisation's members, a regex of their
    # own, beside it (a trie merges plain words, not alternations).
    words = lexicon.union((*lexicon.words("people"), "人", "名", "명", "ユーザー", "사용자"))
    return rf"(?:{words}|{MEMBERS}|человек|люд[а-яё]*)"


@cache
def _count() -> str:
    words = number_words_pattern()
    return rf"(?:{NUMBER_PATTERN}|(?P<word>(?:une |un |una |uma |a |an )?(?:{words})))"


@cache
def _patterns() -> tuple[Searchable, ...]:
    at_once = lexicon.pattern("at_once")
    count, people = _count(), _people()
    return (
        # "35 folks hammer it at the same time", "40人くらいが同時に", "trentaine de collègues ..."
        gated_re(rf"{count}{_APPROX}\s?(?:de |d')?(?:{people}){_GAP}(?:{at_once})"),
        # "человек 60 сидят в нём одновременно"
        gated_re(rf"(?:{people})\s?{count}{_GAP}(?:{at_once})"),
        # "в каждый момент сидят максимум человек 25": at once, then the people and their count
        gated_re(rf"(?:{at_once}){_GAP}(?:{people})\s?{count}(?![0-9])"),
    )


_CONTEXTS = (
    r"(?:full |complete )?(?:[0-9]+\s?k\s)?(?:contexts|sequences)|個\s?[0-9]+\s?k\s?的?上下文|"
    r"个\s?[0-9]+\s?k\s?的?上下文|個上下文|个上下文|のコンテキスト|개의? 컨텍스트|контекст\w*|"
    r"contextos|kontexte|contextes"
)


@cache
def _contexts_re() -> Searchable:
    # (the whole number: "128k contexts" counts none, where "12" and "8k contexts" would)
    return gated_re(rf"(?<![0-9kK])(?P<num>[0-9]{{1,6}})(?![0-9])\s?(?:{_CONTEXTS})")


def _value(match: re.Match[str]) -> int | None:
    groups = match.groupdict()
    if groups.get("num"):
        value = parse_number(groups["num"])
    elif groups.get("word"):
        phrase = groups["word"]
        found = number_word_value(phrase) or number_word_value(_ARTICLE_RE.sub("", phrase))
        value = float(found) if found is not None else float("nan")
    else:
        return None
    if not value.is_integer() or not 1 <= value <= _MAX_USERS:
        return None
    return int(value)


def find_chatty_users(text: str) -> int | None:
    """Return users at once said apart from their "at once" words, or contexts counted."""
    if lexicon.said_at_once(text):
        for pattern in _patterns():
            for match in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
                value = _value(match)
                if value is not None:
                    return value
    counted = _contexts_re().search(text)
    return _value(counted) if counted else None
