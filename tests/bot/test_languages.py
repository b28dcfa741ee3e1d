"""The one languages table, and the one rule choosing the language of an answer."""

import pytest
from babel import Locale

from bot.answers.i18n import LOCALES_DIR, localizer
from bot.languages import DEFAULT_LANGUAGE, LANGUAGES, TABLE, answer_language, normalise_language
from bot.reply import ChatContext
from bot.request import Intent, ParsedRequest
from bot.understand.commands import normalise_lang_choice
from tests.helpers.paths import REPO

LEXICON = REPO / "bot" / "understand" / "lexicon"


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.code)
def test_each_language_has_everything_a_language_needs(row):
    """A row names a catalog that exists, a CLDR locale Babel knows, and a lexicon file."""
    assert (LOCALES_DIR / row.catalog / "LC_MESSAGES" / "messages.po").is_file()
    assert Locale.parse(row.cldr_locale)
    assert (LEXICON / f"{row.code.lower().replace('-', '_')}.py").is_file()
    assert normalise_language(row.code) == row.code
    assert localizer(row.code).language == row.code
    assert row.menu_code is None or (len(row.menu_code) == 2 and row.menu_code.islower())


def test_the_lang_words_belong_to_one_language_each():
    """Each /lang word reads as its own row's language, and no word is claimed twice."""
    words = [alias for row in TABLE for alias in row.aliases]
    assert len(words) == len(set(words))
    for row in TABLE:
        for alias in row.aliases:
            assert normalise_lang_choice(alias) == row.code, alias


def test_menu_codes_are_unique_and_english_is_the_default():
    """Telegram gets each menu code once; the two Chinese scripts share the Simplified menu."""
    codes = [row.menu_code for row in TABLE if row.menu_code]
    assert len(codes) == len(set(codes))
    assert DEFAULT_LANGUAGE == LANGUAGES[0] == "en"


def _parsed(language):
    return ParsedRequest(intent=Intent.SIZE, language=language)


@pytest.mark.parametrize(
    ("chat", "parsed", "stored", "expected"),
    [
        (ChatContext(language="ja", telegram_language="de"), _parsed("ru"), "fr", "ja"),
        (ChatContext(telegram_language="de"), _parsed("ru"), "fr", "ru"),
        (ChatContext(telegram_language="de"), None, "fr", "fr"),
        (ChatContext(telegram_language="de-AT"), None, None, "de"),
        (ChatContext(telegram_language="xx"), None, "not a code", "en"),
        (ChatContext(), None, None, "en"),
    ],
)
def test_the_answer_language_is_chosen_in_one_order(chat, parsed, stored, expected):
    """/lang first, then the message's language, the stored answer's, the client's, English."""
    assert answer_language(chat, parsed, stored) == expected
