"""The topic lexicon: fast patterns that find exactly what the plain word lists find."""

from __future__ import annotations

import json
import re

import pytest

from bot.understand.text import clean_text
from bot.understand.topics.concepts import Concept
from bot.understand.topics.lexicon import LEXICON, concepts_in, split_alternatives
from tests.helpers.topics_eval import DEV_QUESTIONS, HOLDOUT_QUESTIONS

TEXTS = [
    clean_text(json.loads(line)["text"])
    for path in (DEV_QUESTIONS, HOLDOUT_QUESTIONS)
    for line in path.read_text(encoding="utf-8").splitlines()
]


def _plain(text):
    """Concepts found by the unoptimised union of every language's expression."""
    return frozenset(
        concept
        for concept, languages in LEXICON.items()
        if re.search("|".join(f"(?:{p})" for p in languages.values() if p), text)
    )


@pytest.mark.parametrize("text", TEXTS)
def test_the_fast_patterns_find_what_the_plain_ones_find(text):
    """Grouping alternatives behind one word boundary or look-ahead changes no result."""
    assert concepts_in(text) == _plain(text)


def test_every_concept_has_words():
    """Each concept of the rules has at least one expression."""
    assert set(LEXICON) == set(Concept)
    assert all(any(LEXICON[c].values()) for c in Concept)


@pytest.mark.parametrize(
    ("pattern", "parts"),
    [
        (r"a|b", ["a", "b"]),
        (r"\bmin(?:imum)? term|c", [r"\bmin(?:imum)? term", "c"]),
        (r"[|]x|y", ["[|]x", "y"]),
        (r"a\|b|c", [r"a\|b", "c"]),
    ],
)
def test_alternatives_split_only_at_the_top_level(pattern, parts):
    """A ``|`` inside a group, a class or escaped does not split an alternative."""
    assert split_alternatives(pattern) == parts
