"""Scans shared or cut short for speed find what the plain forms find.

Several slots searched as one union (``lexicon.search_any``, ``lexicon.rule_out``), the scan
for long runs of digits tried at the start of each run only, and the possessive gap between a
count and its noun: each is checked against the form it replaces on adversarial text.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import concurrency, lexicon
from bot.understand.concurrency import COUNTED
from bot.understand.intents import NAMED_CUES, UNNAMED_CUES
from bot.understand.lexicon.patterns import union
from bot.understand.numbers import LONG_RUN

_PLAIN_WORD_RE = re.compile(r"[^\\()\[\]^$.|*+?{}]+")


def _plain_words(slots: tuple[str, ...]) -> list[str]:
    """Return the words of ``slots`` written without regex syntax, to build texts from."""
    return sorted(
        {
            word
            for slot in slots
            for word in lexicon.words(slot)
            if _PLAIN_WORD_RE.fullmatch(word) is not None
        }
    )


_JUNK = ["", " ", "  ", ",", "?", "-", "'", "a", "x", "re", "s", "ing", "10", "h200", "不", "는"]


def _texts(slots: tuple[str, ...]) -> st.SearchStrategy[str]:
    words = st.sampled_from(_plain_words(slots))
    piece = st.one_of(words, st.sampled_from(_JUNK))
    # Words glued to letters and to each other test the boundaries kept in the union.
    return st.lists(piece, max_size=8).flatmap(
        lambda pieces: st.sampled_from(["", " "]).map(lambda glue: glue.join(pieces))
    )


def _each(slots: tuple[str, ...], text: str) -> bool:
    lexicon.forget_found()
    return any(lexicon.search(slot, text) for slot in slots)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from([NAMED_CUES, UNNAMED_CUES, COUNTED]).flatmap(
        lambda s: st.tuples(st.just(s), _texts(s))
    )
)
def test_one_scan_for_several_slots_finds_what_a_scan_per_slot_finds(case):
    """The union of several slots matches a text exactly when one of the slots does."""
    slots, text = case
    expected = _each(slots, text)
    lexicon.forget_found()
    assert lexicon.search_any(slots, text) is expected


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([NAMED_CUES, UNNAMED_CUES]).flatmap(lambda s: st.tuples(st.just(s), _texts(s)))
)
def test_slots_ruled_out_together_answer_as_searched_one_by_one(case):
    """After ``rule_out``, every slot's answer is the one a fresh search gives."""
    slots, text = case
    expected = {slot: _each((slot,), text) for slot in slots}
    lexicon.forget_found()
    lexicon.rule_out(slots, text)
    assert {slot: lexicon.search(slot, text) for slot in slots} == expected


def test_a_slot_ruled_out_is_not_found_and_one_present_still_is():
    """A text with no cue word answers False for each; one with a cue is read as before."""
    lexicon.forget_found()
    lexicon.rule_out(UNNAMED_CUES, "llama 70b 32 000 000")
    assert not any(lexicon.search(slot, "llama 70b 32 000 000") for slot in UNNAMED_CUES)
    lexicon.forget_found()
    lexicon.rule_out(UNNAMED_CUES, "how much does it cost?")
    assert lexicon.search("price", "how much does it cost?")


_DIGIT_PIECES = st.one_of(
    st.integers(min_value=1, max_value=40).map(lambda n: "7" * n),
    st.integers(min_value=1, max_value=20).map(lambda n: "0123456789" * n),
    st.sampled_from(["-", " ", "a", ".", ",", "万", "e", "x"]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_DIGIT_PIECES, max_size=12).map("".join))
def test_long_runs_read_from_the_start_of_each_run_are_the_long_runs(text):
    """Tried only where a run starts, the long runs found are the plain pattern's."""
    assert re.findall(LONG_RUN, text) == re.findall(r"[0-9]{16,}", text)


_OLD_GAP = rf"(?:\s+(?:[{lexicon.WORD_LETTER}\-]+\s+){{0,2}}|\s*(?:d'|de |of )?|\s*[个個位名]\s*)"
_NEW_GAP = (
    rf"(?:\s++(?:[{lexicon.WORD_LETTER}\-]++\s++){{0,2}}|\s*+(?:d'|de |of )|\s*+[个個位名]\s*+|)"
)
# Each rewritten piece of the count patterns and its plain form.
_PLAIN_FORMS = (
    (_NEW_GAP, _OLD_GAP),
    (r"\s?+(?P<k>", r"\s?(?P<k>"),
    (r"\s?+(?P<mag>", r"\s?(?P<mag>"),
)


def _plain_form(pattern: re.Pattern[str]) -> re.Pattern[str]:
    source = pattern.pattern
    for new, old in _PLAIN_FORMS:
        source = source.replace(new, old)
    assert source != pattern.pattern
    return re.compile(source)


_COUNT_PIECES = st.sampled_from(
    [
        "40",
        "1,000",
        "12.5",
        "-3",
        "1e3",
        "2^10",
        "32k",
        " k",
        "тыс.",
        " mil",
        " thousand",
        "forty",
        "quarante",
        "十二",
        "3万",
        "5천",
        " ",
        "  ",
        "\t",
        " \n ",
        "-",
        "de ",
        "d'",
        "of ",
        "concurrent",
        "gleichzeitige",
        "heavy-duty",
        "a",
        "users",
        "user",
        "usuarios",
        "utilisateurs",
        "nutzer",
        "пользователей",
        "requests",
        "anfragen",
        "suchanfragen",
        "用户",
        "个用户",
        "명",
        "at once",
        "simultaneously",
        "concurrency",
        "batch",
        "并发",
        "동시",
        ": ",
        "=",
        ", so ",
        "about ",
        "to ",
        "ctx",
        "context",
        "tokens",
        "mil",
        "millones",
        "k ",
        " 个 ",
        "個",
        "users",
        "user",
    ]
)


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], dict[str, str]]]:
    return [(match.span(), match.groupdict()) for match in pattern.finditer(text)]


@settings(max_examples=500, deadline=None)
@given(st.lists(_COUNT_PIECES, max_size=10).map("".join))
def test_the_possessive_count_patterns_find_what_the_plain_ones_find(text):
    """Spaces and whole words are never given back in vain: the same counts are found."""
    for pattern in (*concurrency._count_then_noun(), concurrency._cue_then_count()):
        assert _spans(pattern, text) == _spans(_plain_form(pattern), text)


# The Korean "…는요?" cue as it was written, led by a look-behind, and as it is.
_PARTICLE_BEFORE = "(?<![가-힣])(?:는|은)요\\s?\\??$"
_PARTICLE_FIRST = "(?:는|은)(?<![가-힣].)(?<![a-zß-öø-ÿ0-9].)(?<![œа-ё].)요\\s?\\??$"
_HANGUL_PIECES = st.sampled_from(
    ["는요", "은요", "요", "는", "은", "가", "a", "1", "д", "œ", " ", "?", "\n"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_HANGUL_PIECES, max_size=8).map("".join))
def test_the_korean_particle_cue_read_first_matches_where_it_did(text):
    """Led by its particle, the cue matches the texts its look-behind-led form matched."""
    assert _PARTICLE_FIRST in lexicon.words("instead")
    before = re.compile(union((_PARTICLE_BEFORE,))).search(text)
    first = re.compile(union((_PARTICLE_FIRST,))).search(text)
    assert (before is None, before and before.span()) == (first is None, first and first.span())
    lexicon.forget_found()
    plain_instead = tuple(
        _PARTICLE_BEFORE if word == _PARTICLE_FIRST else word for word in lexicon.words("instead")
    )
    assert lexicon.search("instead", text) is (
        re.compile(union(plain_instead)).search(text) is not None
    )
