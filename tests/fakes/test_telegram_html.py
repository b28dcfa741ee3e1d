"""The Telegram HTML validator: accepts what Telegram accepts, refuses what it refuses."""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fakes.telegram_html import (
    TelegramHtmlError,
    check_telegram_html,
    is_valid_telegram_html,
    parse_telegram_html,
    utf16_length,
)


def test_allowed_tags_become_entities_with_utf16_offsets():
    """Bold after an emoji starts at UTF-16 offset 3 (the emoji counts twice)."""
    parsed = check_telegram_html('😀 <b>x</b> <a href="https://a.b/?q=1&amp;r=2">l</a>')
    assert parsed.text == "😀 x l"
    bold, link = parsed.entities
    assert (bold.type, bold.offset, bold.length) == ("bold", 3, 1)
    assert link.url == "https://a.b/?q=1&r=2"


@pytest.mark.parametrize(
    "bad",
    [
        "<b>x</i>",
        "<b>x",
        "x</b>",
        "<div>x</div>",
        "<br>",
        "a < b",
        "a > b",
        "a & b",
        "&nbsp;",
        "<a>x</a>",
        '<span class="x">s</span>',
        "<code><b>x</b></code>",
        "<blockquote><blockquote>x</blockquote></blockquote>",
        '<b onclick="x">y</b>',
        "",
        "<b> </b>",
    ],
)
def test_refused_markup(bad):
    """Unknown tags, bad nesting, raw <>&, unknown entities and empty text are refused."""
    assert not is_valid_telegram_html(bad)


def test_length_is_counted_after_parsing_in_utf16_units():
    """4096 units of text pass however long the markup; 4097 do not; emoji count twice."""
    assert is_valid_telegram_html("<b>" + "x" * 4096 + "</b>")
    assert not is_valid_telegram_html("x" * 4097)
    assert not is_valid_telegram_html("😀" * 2049)
    assert is_valid_telegram_html("&lt;" * 4096)


def test_errors_read_like_telegrams():
    """The message is the Bot API's "Bad Request: can't parse entities: ..."."""
    with pytest.raises(TelegramHtmlError, match=r"^Bad Request: can't parse entities: Unsupported"):
        check_telegram_html("<div>x</div>")


@given(st.text(min_size=1, max_size=300).filter(lambda t: t.strip()))
def test_escaped_text_always_passes_and_round_trips(text):
    """Any text escaped with html.escape is valid and parses back to itself."""
    assert parse_telegram_html(html.escape(text)).text == text


@given(st.text(max_size=100))
def test_utf16_length_matches_the_encoding(text):
    """utf16_length is the number of UTF-16 code units."""
    assert utf16_length(text) == len(text.encode("utf-16-le")) // 2
