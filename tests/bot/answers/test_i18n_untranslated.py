"""No non-English answer may fall back to English: every message must be in the catalog.

A recording catalog wraps each language's real one and notes every message it was asked
for and did not have; rendering every answer kind (and every reason and caveat sentence) in
the nine other languages must note none.
"""

import pytest

from bot.answers.render import command_menu
from bot.answers.words.codes import (
    ADVICE,
    AVAILABILITY,
    CAVEATS,
    FIT_NOTES,
    REASONS,
    advice_text,
    caveat_text,
    fit_note_text,
    reason_text,
)
from bot.languages import LANGUAGES
from sizing.answer import AdviceCode, FitNote
from sizing.catalog.types import Availability
from sizing.codes import Caveat, Reason
from tests.helpers.translations import recording_localizer

OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]
ALL_PARAMS = {
    "model": "M",
    "context": "128K",
    "max_context": "160K",
    "asked_context": "1M",
    "rope_context": "128K",
    "rope_factor": "4",
    "concurrency": "5",
    "budget": "$1",
    "precision": "FP4",
    "release_precision": "BF16",
    "gpu": "H200",
    "other_memory": "141 GB",
    "server_memory": "2,304 GB",
    "server_price": "$1",
    "single_price": "$1",
    "architecture": "Hopper",
    "bandwidth": "8 TB/s",
    "really": "2",
    "input": "2,000",
    "output": "500",
    "floor": "10",
    "adapters": "50",
    "rank": "16",
    "slots": "32",
    "adapter_size": "84 MB",
    "draft": "meta-llama/Llama-3.1-8B-Instruct",
    "draft_tokens": "3",
}


def test_recording_catalog_notices_a_missing_message():
    """The recorder itself works: an unknown message is recorded, a known one is not."""
    loc, catalog = recording_localizer("en")
    loc.gettext("a message no catalog has")
    catalog.pgettext("no such context", "x")
    assert catalog.missing == {"a message no catalog has", "no such context|x"}
    catalog.missing.clear()
    catalog.pgettext("list separator", ", ")
    assert not catalog.missing


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_answer_kind_is_fully_translated(language, render_every_reply, render_engine_replies):
    """Size, price, compare, help, clarify and error answers use only translated messages.

    Both the hand-made answers of the goldens and the engine's own are rendered, with their
    ticket text and details.
    """
    loc, catalog = recording_localizer(language)
    for reply in (*render_every_reply(loc).values(), *render_engine_replies(loc).values()):
        assert reply.language == language
        assert reply.text
        _ = reply.detail_html
    command_menu(loc)
    assert not catalog.missing, f"{language}: untranslated {sorted(catalog.missing)}"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_engine_code_has_a_translated_sentence(language):
    """Every Reason, Caveat, advice code, fit note and stock status is worded in every language."""
    loc, catalog = recording_localizer(language)
    for reason in Reason:
        assert reason_text(loc, reason, ALL_PARAMS)
    for caveat in Caveat:
        assert caveat_text(loc, caveat, ALL_PARAMS)
    for code in AdviceCode:
        assert advice_text(loc, code, ALL_PARAMS)
    for note in FitNote:
        assert fit_note_text(loc, note, ALL_PARAMS)
    for status in Availability:
        loc.gettext(AVAILABILITY[status])
    assert not catalog.missing, f"{language}: untranslated {sorted(catalog.missing)}"


def test_every_enum_member_has_a_message():
    """A new Reason, Caveat, AdviceCode, FitNote or Availability fails here until it is worded."""
    assert set(REASONS) == set(Reason)
    assert set(CAVEATS) == set(Caveat)
    assert set(ADVICE) == set(AdviceCode)
    assert set(FIT_NOTES) == set(FitNote)
    assert set(AVAILABILITY) == set(Availability)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translated_sentences_take_the_same_placeholders(language):
    """A translation that drops or invents a placeholder would fail at render time: none does."""
    loc, _catalog = recording_localizer(language)
    for message in [*REASONS.values(), *CAVEATS.values(), *ADVICE.values(), *FIT_NOTES.values()]:
        translated = loc.catalog.gettext(message)
        assert translated % ALL_PARAMS  # KeyError on an unknown placeholder
