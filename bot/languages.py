"""Client and user language codes mapped to the ten languages we answer in: the one place.

Codes arrive as BCP 47 tags of any case and separator (``zh-Hans-HK``, ``EN_gb``, ``pt``);
Babel's ``Locale.parse`` reads them, likely subtags included (``zh-HK`` is Traditional
Chinese), and the result is matched to ``LANGUAGES``. Portuguese of any region gets the
Brazilian catalog, the closest one we have.
"""

from __future__ import annotations

from babel import Locale, UnknownLocaleError

from bot.request import LANGUAGES

_BY_LOWER = {language.lower(): language for language in LANGUAGES}


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
