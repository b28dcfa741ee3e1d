"""Where numbers are looked for: the shared reading of CJK number starts, and digit folding.

Every finder led by a CJK number tries its pattern only where ``cjk_number_starts`` found one
start; what it finds must be what the regex engine finds scanning the whole text.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import concurrency, context, money, sizes
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    MAX_NUMBERS,
    cjk_number_starts,
    scan,
)
from bot.understand.text import clean_text


def _starts(text: str) -> list[int]:
    reading = cjk_number_starts(text)
    while reading.read_more():
        pass
    return reading.found


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("上下文 12.8万", [4]),  # a decimal before the unit: one start, at its first digit
        ("3만 2천 명", [0, 3]),  # each number with its unit
        ("12 十二万", [0, 3]),  # "十" after a space may start a number of its own
        ("1万5千", [0]),  # the digit after a unit continues the number
        ("一万亿参数", [0]),
        ("十个人", [0]),  # 十 before a counter
        ("1234 tokens, 12.5 users", []),  # digits without a unit are no CJK number
        ("2.5万 0.5万", [0, 5]),  # the decimals of a number start nothing
        ("万", []),  # a unit alone starts nothing
    ],
)
def test_cjk_number_starts_are_where_a_digit_and_a_unit_stand(text, starts):
    """A start is a digit or CJK numeral, not continuing another number, before a unit."""
    assert _starts(text) == starts


def _cjk_led() -> list[re.Pattern[str]]:
    patterns = [
        *context._suffixed_res(),  # the finders' own patterns
        *concurrency._count_then_noun(),
        *sizes._size_res(),
        *money._money_res(),
        *money._other_money_res(),
    ]
    return [pattern for pattern in patterns if pattern.pattern.startswith(CJK_NUMBER_PATTERN)]


def test_the_finders_have_patterns_led_by_a_cjk_number():
    """Context, size, count and amount patterns each begin with a CJK number."""
    assert len(_cjk_led()) >= 4  # one per finder at least


_PIECES = st.sampled_from(
    [
        *"0123456789",
        *"零一二两三五九十百千万萬亿億兆",
        *"십백천만억조",
        *(" ", ".", "  ", "-", "个", "人", "b", "k"),
        *("用户", "명", "users", "上下文", "美元", "参数", "h200"),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_scanning_at_the_shared_starts_finds_what_the_whole_text_scan_finds(text):
    """For every finder's CJK-led pattern, the matches are those of ``finditer``, in order."""
    for pattern in _cjk_led():
        expected = [match.span() for match in itertools.islice(pattern.finditer(text), 64)]
        assert [match.span() for match in scan(pattern, text)] == expected[:MAX_NUMBERS]


@pytest.mark.parametrize(
    "text",
    [
        "1万, " * 12 + "3万美元 20万用户",  # the match after a dozen starts that fail
        "12 十二万用户 " * 10,  # a start inside another number's first unit
        "一万 " * 30 + "5千 명",
    ],
)
def test_past_the_shared_starts_the_rest_of_the_text_is_scanned_the_same(text):
    """Beyond the starts tried one by one, the matches are still those of ``finditer``."""
    for pattern in _cjk_led():
        expected = [match.span() for match in itertools.islice(pattern.finditer(text), 64)]
        assert [match.span() for match in scan(pattern, text)] == expected[:MAX_NUMBERS]


def test_a_wall_of_cjk_numbers_is_read_up_to_the_limit():
    """Past ``MAX_NUMBERS`` matches a pattern stops, as its whole-text scan would be cut."""
    text = "1万, " * 200
    pattern = re.compile(CJK_NUMBER_PATTERN)
    assert len(list(scan(pattern, text))) == MAX_NUMBERS


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("𝟏𝟐𝟖k context", "128k context"),  # mathematical bold digits
        ("😀𝟓😀 users", "😀5😀 users"),  # a digit between emoji, in one run beyond the BMP
        ("𑁦𑁧 and ๕๐", "01 and 50"),  # Brahmi beside Thai
        ("🙂 no digits 🙃", "🙂 no digits 🙃"),
    ],
)
def test_digits_beyond_the_basic_plane_are_folded_among_other_characters(raw, clean):
    """Digits of scripts beyond U+FFFF become ASCII; emoji around them stay as they are."""
    assert clean_text(raw) == clean
