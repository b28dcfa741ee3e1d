"""The per-language lexicons and the fast patterns built from them."""

from __future__ import annotations

import re
import re._constants as sre_constants
import re._parser as sre_parser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.languages import LANGUAGES
from bot.understand import lexicon
from bot.understand.lexicon import LEXICONS, SLOTS
from bot.understand.lexicon.base import WORD_LETTER
from bot.understand.lexicon.patterns import union

# Slots every language must fill: the intent decision reads them all.
INTENT_SLOTS = (
    "greeting",
    "thanks",
    "about_assistant",
    "price",
    "compare",
    "sales",
    "knowledge",
    "followup",
    "instruction",
    "task",
    "question",
)


def test_there_is_one_lexicon_per_language():
    """The ten answer languages each have a lexicon."""
    assert sorted(LEXICONS) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slot", INTENT_SLOTS)
def test_every_language_has_words_for_every_intent_cue(language, slot):
    """A cue missing in one language would silently misroute all its messages."""
    assert getattr(LEXICONS[language], slot), f"{language} has no {slot} words"


def test_every_slot_compiles_whole_by_script_and_anchored():
    """Each slot's union, its per-script parts and its start-anchored words compile."""
    lexicon.prepare()
    for slot in SLOTS:
        assert lexicon.compiled(slot).pattern
        assert lexicon.search(slot, "") is False


def _plain(fragments: tuple[str, ...]) -> re.Pattern[str]:
    """Return the slow, obviously right form: each fragment with its boundaries, in turn."""
    pieces = []
    for fragment in fragments:
        spaced = re.match(f"[{WORD_LETTER}0-9]", fragment[:1]) is not None
        left = f"(?<![{WORD_LETTER}0-9])" if spaced else ""
        right = f"(?![{WORD_LETTER}])" if spaced else ""
        pieces.append(f"{left}(?:{fragment}){right}")
    return re.compile("|".join(pieces))


_SLOT_WORDS = {
    slot: tuple(f for f in lexicon.words(slot) if not f.startswith("^")) for slot in INTENT_SLOTS
}
_SAMPLES = st.sampled_from(
    [
        "rent",
        "parent",
        "how much",
        "多少钱",
        "стоимость",
        "料金",
        "얼마나 빨리",
        "precio",
        "preço",
        "kostet",
        "combien coûte",
        "talk to a human",
        "人工",
        "vs",
        "哪个好",
        "versus",
        "x",
        " ",
        "?",
        "llama 70b",
        "qué",
        "ça",
        "what",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(INTENT_SLOTS), st.lists(_SAMPLES, max_size=8).map(" ".join))
def test_the_fast_union_finds_what_the_plain_word_list_finds(slot, text):
    """Factoring first letters, per-script splits and moved boundaries change nothing found."""
    fragments = _SLOT_WORDS[slot]
    expected = _plain(fragments).search(text) is not None
    assert (re.compile(union(fragments)).search(text) is not None) == expected


def test_longer_words_win_and_words_stay_whole():
    """Read "rental" whole beside "rent"; never find "rent" inside "parent"."""
    pattern = re.compile(union(("rent", "rental", "租")))
    match = pattern.search("a rental box")
    assert match is not None
    assert match.group() == "rental"
    assert pattern.search("my parent") is None
    assert pattern.search("月租多少") is not None


# Kana, CJK ideographs and Hangul: text in these scripts has no spaces between its words, so
# a run of them goes on over a whole message as a run across spaces does in Latin text.
_UNSPACED = (0x3040, 0xD7AF)


def _class_has_space(value: list) -> bool:
    wide = (
        sre_constants.CATEGORY_SPACE,
        sre_constants.CATEGORY_NOT_DIGIT,
        sre_constants.CATEGORY_WORD,
    )
    return any(
        kind is sre_constants.NEGATE
        or (kind is sre_constants.LITERAL and (item == ord(" ") or _unspaced(item, item)))
        or (kind is sre_constants.RANGE and (item[0] <= ord(" ") <= item[1] or _unspaced(*item)))
        or (kind is sre_constants.CATEGORY and item in wide)
        for kind, item in value
    )


def _unspaced(low: int, high: int) -> bool:
    return low <= _UNSPACED[1] and high >= _UNSPACED[0]


def _crosses_spaces(items: list) -> bool:
    """Whether a repeated body can match a space or an unspaced script's letter.

    Either lets the run go on over a whole message.
    """
    return any(
        op is sre_constants.ANY
        or op is sre_constants.NOT_LITERAL
        or (op is sre_constants.LITERAL and (value == ord(" ") or _unspaced(value, value)))
        or (op is sre_constants.IN and _class_has_space(value))
        for op, value in items
    )


def _open_ended_runs(items: list, *, last: bool = True) -> int:
    """Count unbounded runs that can cross spaces and have more pattern after them."""
    repeats = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT)
    found = 0
    for position, (op, value) in enumerate(items):
        at_end = last and position == len(items) - 1
        if op in repeats:
            _low, high, body = value
            open_ended = high == sre_constants.MAXREPEAT and _crosses_spaces(list(body))
            found += int(open_ended and not at_end) + _open_ended_runs(list(body), last=False)
        elif op is sre_constants.SUBPATTERN:
            found += _open_ended_runs(list(value[-1]), last=at_end)
        elif op is sre_constants.BRANCH:
            found += sum(_open_ended_runs(list(branch), last=at_end) for branch in value[1])
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_runs_on_over_the_rest_of_a_message(language):
    """No fragment has an unbounded run across spaces (or CJK text) followed by more pattern.

    Such a run is tried from every match of what precedes it to the end of the message, so a
    message repeating that word ("kv kv kv ...", 4,096 characters) takes quadratic time. A
    lookahead after a whole phrase ("are you a bot (?=...?)") is left out: it runs only where
    the phrase stands.
    """
    runaway = [
        (slot, fragment)
        for slot in SLOTS
        for fragment in getattr(LEXICONS[language], slot)
        if _open_ended_runs(list(sre_parser.parse(fragment)))
    ]
    assert not runaway
