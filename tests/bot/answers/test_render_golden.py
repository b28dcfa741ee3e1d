"""Golden answers: every answer kind in every language, as Telegram HTML and ticket text.

Each golden is also checked against Telegram's rules (allowed tags, nesting, entity syntax,
4096 UTF-16 units after parsing) with the strict validator of ``tests/fakes``. Regenerate
with ``pytest tests/bot --update-golden`` and read the diff before committing it.
"""

from pathlib import Path

import pytest

from bot.answers.i18n import localizer
from bot.languages import LANGUAGES
from tests.fakes.telegram_html import check_telegram_html

GOLDEN_DIR = Path(__file__).parent / "golden"
# The main size answer is read on a phone: well under Telegram's 4096 units.
MAIN_ANSWER_BUDGET_UTF16 = 2000
KINDS = (
    "size",
    "size_asked",
    "offer_proposal",
    "offer_unrented",
    "offer_scope",
    "size_verdict",
    "size_budget",
    "size_fleet",
    "launch",
    "price",
    "price_b200",
    "compare",
    "help",
    "clarify",
    "clarify_followup",
    "clarify_unknown",
    "clarify_unknown_size",
    "clarify_ambiguous",
    "clarify_language",
    "clarify_stale",
    "help_language_set",
    "error",
    "error_request",
)


# Replies that are a notice followed by the whole help: their goldens hold the notice only,
# so that a change to the help re-pins the help's goldens alone.
NOTICE_THEN_HELP = frozenset({"help_language_set"})


def _compare_or_write(path, content, update):
    if update:
        path.write_text(content + "\n", encoding="utf-8")
        return
    assert path.exists(), f"missing golden {path.name}: run pytest tests/bot --update-golden"
    assert content + "\n" == path.read_text(encoding="utf-8"), f"{path.name} changed"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_kind_matches_its_golden(language, render_every_reply, update_golden):
    """Each answer renders exactly as its reviewed golden file, HTML and text."""
    replies = render_every_reply(localizer(language))
    assert set(replies) == set(KINDS)
    for name, reply in replies.items():
        stem = f"{name}.{language}"
        html, text = reply.html, reply.text
        if name in NOTICE_THEN_HELP:  # the notice, then the help its own golden pins
            help_reply = replies["help"]
            assert html.endswith(help_reply.html)
            assert text.endswith(help_reply.text)
            html = html.removesuffix(help_reply.html).rstrip()
            text = text.removesuffix(help_reply.text).rstrip()
        _compare_or_write(GOLDEN_DIR / f"{stem}.html", html, update_golden)
        _compare_or_write(GOLDEN_DIR / f"{stem}.txt", text, update_golden)
        if reply.detail_html:
            _compare_or_write(GOLDEN_DIR / f"{stem}.detail.html", reply.detail_html, update_golden)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_is_valid_telegram_html_within_limits(language, render_every_reply):
    """Every answer, and every details message, is HTML Telegram accepts as one message."""
    for name, reply in render_every_reply(localizer(language)).items():
        parsed = check_telegram_html(reply.html)
        if reply.detail_html:
            check_telegram_html(reply.detail_html)
        if name.startswith("size"):
            assert parsed.length_utf16 < MAIN_ANSWER_BUDGET_UTF16, (name, parsed.length_utf16)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ticket_text_has_no_html(language, render_every_reply):
    """Ticket text is plain: no tags, no entities, readable in an email."""
    for reply in render_every_reply(localizer(language)).values():
        assert "<b>" not in reply.text
        assert "</" not in reply.text
        assert "&amp;" not in reply.text
        assert "&lt;" not in reply.text
