"""The ten languages the assistant answers in: one table, and the one rule choosing the answer's.

Each ``Language`` row says everything the project knows of a language: its code, the folder of
its catalog, the CLDR locale its numbers, money and dates follow, its own name for the /lang
menu, the product site's folder for it, the code Telegram's command menu takes for it, and the
words a /lang argument may use for it. An eleventh language is one row here, one lexicon file
(``bot/understand/lexicon/``) and one catalog (``locales/``).

Client and user codes arrive as BCP 47 tags of any case and separator (``zh-Hans-HK``,
``EN_gb``, ``pt``); Babel's ``Locale.parse`` reads them, likely subtags included (``zh-HK`` is
Traditional Chinese), and ``normalise_language`` matches the result to a row. Portuguese of any
region gets the Brazilian catalog, the closest one we have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel import Locale, UnknownLocaleError

if TYPE_CHECKING:  # annotations only: the chat and the message each carry a language
    from bot.reply import ChatContext
    from bot.request import ParsedRequest


@dataclass(frozen=True, slots=True)
class Language:
    """One language the assistant answers in."""

    code: str  # the project's code: a BCP 47 tag (``zh-Hans``, ``pt-BR``)
    cldr_locale: str  # numbers, money and dates (Babel)
    native_name: str  # its own name, for the /lang menu (never translated)
    site_locale: str  # fullgpu.com serves its pages under /{site_locale}/
    # Telegram's setMyCommands takes "a two-letter ISO 639-1 language code" (Bot API), so the
    # two Chinese scripts share "zh": Simplified, the larger audience, gets it; None: none.
    menu_code: str | None
    aliases: tuple[str, ...]  # what a /lang argument may say for it, lower case

    @property
    def catalog(self) -> str:
        """Return Babel's folder name of its catalog: ``zh-Hans`` -> ``zh_Hans``."""
        return self.code.replace("-", "_")

    @property
    def primary(self) -> str:
        """Return its primary subtag: ``zh`` for both Chinese scripts, ``pt`` for ``pt-BR``."""
        return self.code.split("-", 1)[0].lower()


# fullgpu.com: both Chinese scripts go to /zh/ (the only Chinese tree the reference shows);
# Brazilian Portuguese to /pt-br/.
TABLE: tuple[Language, ...] = (
    Language("en", "en_US", "English", "en", "en", ("en", "english")),
    Language(
        "zh-Hans",
        "zh_Hans_CN",
        "简体中文",
        "zh",
        "zh",
        ("zh", "zh-cn", "zh-hans", "zh-sg", "cn", "chs", "简体", "简体中文", "中文"),
    ),
    Language(
        "zh-Hant",
        "zh_Hant_TW",
        "繁體中文",
        "zh",
        None,
        ("zh-tw", "zh-hk", "zh-mo", "zh-hant", "tw", "cht", "繁體", "繁體中文"),
    ),
    Language("ru", "ru_RU", "Русский", "ru", "ru", ("ru", "русский")),
    Language("ja", "ja_JP", "日本語", "ja", "ja", ("ja", "jp", "日本語")),
    Language("ko", "ko_KR", "한국어", "ko", "ko", ("ko", "kr", "한국어")),
    Language("es", "es_ES", "Español", "es", "es", ("es", "español", "espanol")),
    Language(
        "pt-BR",
        "pt_BR",
        "Português (Brasil)",
        "pt-br",
        "pt",
        ("pt", "pt-br", "pt-pt", "br", "português", "portugues"),
    ),
    Language("de", "de_DE", "Deutsch", "de", "de", ("de", "deutsch")),
    Language("fr", "fr_FR", "Français", "fr", "fr", ("fr", "français", "francais")),
)
LANGUAGES: tuple[str, ...] = tuple(language.code for language in TABLE)
DEFAULT_LANGUAGE = "en"
BY_CODE: dict[str, Language] = {language.code: language for language in TABLE}
_BY_LOWER = {language.lower(): language for language in LANGUAGES}


def language_of(code: str) -> Language:
    """Return the row of one of ``LANGUAGES`` (a ``KeyError`` for any other code)."""
    return BY_CODE[code]


def _parse(tag: str) -> Locale | None:
    try:
        return Locale.parse(tag, sep="-")
    except (ValueError, TypeError, UnknownLocaleError):
        return None


def normalise_language(code: str | None) -> str | None:
    """Map a language code to one of ``LANGUAGES``; ``None`` when we have no such language."""
    if not code or not isinstance(code, str):
        return None
    tag = code.strip().replace("_", "-")
    if tag.lower() in _BY_LOWER:
        return _BY_LOWER[tag.lower()]
    # A region or variant Babel does not know still tells the language ("en-XX", "de-1996").
    locale = _parse(tag) or _parse(tag.split("-", 1)[0])
    if locale is None:
        return None
    if locale.language == "zh":
        # A script written in the tag wins: Babel reads "zh-Hant-CN" as the Simplified zh_CN.
        named = {part.lower() for part in tag.split("-")[1:]} & {"hans", "hant"}
        script = named.pop().title() if named else locale.script
        return "zh-Hant" if script == "Hant" else "zh-Hans"
    if locale.language == "pt":
        return "pt-BR"
    return _BY_LOWER.get(locale.language)


def answer_language(
    chat: ChatContext,
    parsed: ParsedRequest | None = None,
    stored: str | None = None,
) -> str:
    """Choose the language of an answer; the one rule every answer follows.

    In order: the language the chat chose with /lang; the language of the message being
    answered (``parsed``), when there is one; the language the chat's last request was
    answered in (``stored``: a button press answers in the answer's language); the user's
    Telegram client language; English.
    """
    for candidate in (
        chat.language,
        parsed.language if parsed is not None else None,
        stored,
        chat.telegram_language,
    ):
        chosen = normalise_language(candidate)
        if chosen is not None:
            return chosen
    return DEFAULT_LANGUAGE
