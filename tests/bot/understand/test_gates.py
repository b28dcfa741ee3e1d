"""A pattern behind its required strings finds exactly what the pattern finds.

``bot.understand.gates`` reads from a pattern the strings one of which every match contains, and
searches the pattern only in texts holding one. Pinned here: what is read of each construct
(plain runs, alternatives, repeats, classes; nothing of look-arounds, optional parts or
case-insensitive patterns), that a gated pattern answers every call as the pattern does, and,
over every pattern the understanding step compiles and the held-out messages, that a closed
gate never hides a match.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.languages import LANGUAGES
from bot.runtime.warm import language_builders, pattern_builders
from bot.understand.gates import GatedPattern, gated, gated_re, required_strings
from bot.understand.text import clean_text

HOLDOUT = Path(__file__).parent / "data" / "holdout-messages.jsonl"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"per month", {"per month"}),
        (r"(?<![a-z])(?:monthly|per month)(?![a-z])", {"monthly", "per month"}),
        (r"[0-9]+\s?(?:users|usuarios)", {"5 users", "12usuarios"}),
        (r"\d+ ?(?:gpu|gpus)", {"8 gpu", "2gpus"}),
        (r"(?:tok)+ens", {"tokens"}),
        (r"x(?:ab|cd)y", {"xaby", "xcdy"}),
        (r"[ab]cd", {"acd", "bcd"}),
    ],
)
def test_the_strings_read_of_a_pattern(source, expected):
    """Plain runs joined, alternatives together, the most telling part of a sequence kept.

    Each text the pattern matches holds one of the strings read, and none is a lone character.
    """
    found = required_strings(re.compile(source))
    assert found is not None
    assert min(map(len, found)) >= 2
    for text in expected:
        assert re.compile(source).search(text) is not None
        assert any(part in text for part in found)


@pytest.mark.parametrize(
    "source",
    [
        r"(?:monthly)?",  # may match nothing
        r"a|bc",  # an alternative of one character
        r"(?i)per month",  # case-insensitive: "PER MONTH" holds none of the strings
        r"(?=month)\w+",  # a look-ahead reads without consuming
        r"\d+",  # a category
        r"[^a]b",  # a negated class, then one character
        r"月[份度]",  # one character, then a class
    ],
)
def test_nothing_is_read_where_a_match_may_lack_every_string(source):
    """Optional parts, single characters, case-insensitive patterns, look-arounds: no gate."""
    assert required_strings(re.compile(source)) is None
    assert isinstance(gated(re.compile(source)), re.Pattern)


def test_a_pattern_led_by_plain_characters_is_left_as_it_is():
    """Re skips to a leading character itself: a gate in front would only add a search."""
    led = re.compile(r"(?:months|monate)\s?\d+")
    assert gated(led) is led
    unled = re.compile(r"(?<![a-z])(?:months|monate)\s?\d+")
    assert isinstance(gated(unled), GatedPattern)


_PIECES = st.sampled_from(
    ["per month", "monthly", "12", " ", "months", "mon", "thly", "x", "月", "ab", "cd", "users"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join))
def test_a_gated_pattern_answers_every_call_as_the_pattern(text):
    """search, match, fullmatch, finditer, findall, sub and split give the pattern's answers."""
    for source in (
        r"(?<![a-z])(?:monthly|per month)(?![a-z])",
        r"(?<![0-9])[0-9]+\s?(?:users|months)",
        r"(?<!x)(?:ab|cd)+",
    ):
        inner = re.compile(source)
        outer = gated(inner)
        assert isinstance(outer, GatedPattern)
        assert outer.pattern == source
        assert _spans(outer.search(text)) == _spans(inner.search(text))
        assert _spans(outer.search(text, 2, 9)) == _spans(inner.search(text, 2, 9))
        assert _spans(outer.match(text)) == _spans(inner.match(text))
        assert _spans(outer.fullmatch(text)) == _spans(inner.fullmatch(text))
        assert [m.span() for m in outer.finditer(text)] == [m.span() for m in inner.finditer(text)]
        assert outer.findall(text) == inner.findall(text)
        assert outer.sub("_", text) == inner.sub("_", text)
        assert outer.sub(lambda m: m.group().upper(), text, 1) == inner.sub(
            lambda m: m.group().upper(), text, 1
        )
        assert outer.split(text) == inner.split(text)


def _spans(match):
    return None if match is None else (match.span(), match.groups())


def _gates_in(value: object, found: dict[int, GatedPattern], depth: int = 0) -> None:
    if isinstance(value, GatedPattern):
        found[id(value)] = value
    elif depth < 4 and isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _gates_in(item, found, depth + 1)
    elif depth < 4 and isinstance(value, dict):
        for item in value.values():
            _gates_in(item, found, depth + 1)
    elif (
        depth < 4
        and hasattr(type(value), "__slots__")
        and type(value).__module__.startswith("bot.understand")
    ):
        for name in type(value).__slots__:
            _gates_in(getattr(value, name, None), found, depth + 1)


def _understanding_gates() -> list[GatedPattern]:
    """Every gated pattern of the understanding step: in its modules and its cached builders."""
    found: dict[int, GatedPattern] = {}
    root = importlib.import_module("bot.understand")
    names = [info.name for info in pkgutil.walk_packages(root.__path__, prefix="bot.understand.")]
    for name in names:
        for value in vars(importlib.import_module(name)).values():
            _gates_in(value, found)
    for build in pattern_builders():
        _gates_in(build(), found)
    for build_for in language_builders():
        for language in LANGUAGES:
            _gates_in(build_for(language), found)
    return list(found.values())


def test_no_gate_of_the_understanding_step_hides_a_match():
    """Over the held-out messages (as sent and cleaned), a closed gate means no match."""
    texts = [json.loads(line)["text"] for line in HOLDOUT.read_text().splitlines() if line]
    texts += [clean_text(text) for text in texts]
    gates = _understanding_gates()
    assert len(gates) > 100
    for outer in gates:
        inner = outer.inner
        for text in texts:
            if outer.search(text) is None:
                assert inner.search(text) is None, (inner.pattern[:80], text)


def test_gated_re_compiles_and_gates():
    """``gated_re`` is ``re.compile`` then ``gated``."""
    pattern = gated_re(r"(?<![a-z])per (?:month|year)")
    assert isinstance(pattern, GatedPattern)
    assert pattern.search("20 users per month") is not None
    assert pattern.search("20 users a month") is None
