"""Cleaning raw message text before any pattern sees it.

Telegram delivers what the user typed: full-width digits from CJK keyboards, non-breaking
spaces from copy-paste, invisible direction marks, HTML someone pasted. Everything below works
on the cleaned, lower-cased form, so each pattern is written once.
"""

from __future__ import annotations

import html
import re
import unicodedata

# Telegram's own cap on one text message (telegram.constants.MessageLimit.MAX_TEXT_LENGTH).
# Longer input cannot come from a chat; cutting first keeps every later step bounded.
MAX_TEXT_CHARS = 4096

_SCRIPT_BLOCK_RE = re.compile(
    r"<(script|style)\b[^>]{0,200}>.{0,2000}?</\1\s*>", re.IGNORECASE | re.DOTALL
)
_TAG_RE = re.compile(r"</?[a-z][^<>]{0,200}>", re.IGNORECASE)
_SPACES_RE = re.compile(r"[ \t\r\n\f\v]+")
# Superscript exponents ("10⁹", "10⁻³") would become "109" under NFKC: written as "^9" first.
_SUPERSCRIPT_RE = re.compile("[⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
# Every decimal digit of every script (Thai ๕, Arabic-Indic ٥, Devanagari ५, ...) becomes
# ASCII, so patterns use [0-9] and read a number whatever script it is typed in; the minus signs
# and hyphens NFKC keeps become "-". All decimal digits lie below U+20000 (a test pins this).
_LAST_DIGIT_BLOCK = 0x20000
_FOLDED: dict[int, str] = {
    code: str(unicodedata.decimal(chr(code)))
    for code in range(0x80, _LAST_DIGIT_BLOCK)
    if chr(code).isdecimal()
}
_FOLDED.update({ord(sign): "-" for sign in "\u2212\u2010\u2011\u2012"})
_FOLDED.update({0x066B: ".", 0x066C: ","})  # the Arabic decimal and thousands separators
_FOLD = str.maketrans(_FOLDED)
# A full-width comma ends a clause in CJK text and is never a decimal mark: "batch 8，32k" is
# two numbers, so it becomes a comma and a space before NFKC would make it a bare comma.
_FULL_WIDTH_COMMA_RE = re.compile("[，、]")
# Categories dropped outright: format marks (zero-width, bidi, BOM), unassigned, private use,
# surrogates. Control characters become spaces so words either side stay apart.
_DROPPED_CATEGORIES = frozenset({"Cf", "Cn", "Co", "Cs"})


def _exponent(match: re.Match[str]) -> str:
    run = match.group()
    return "^" + run.translate(_SUPERSCRIPTS) if run.strip("⁺⁻") else run


def _drop_invisible(text: str) -> str:
    # Every character dropped or replaced here is non-printable: most text has none.
    if text.isprintable():
        return text
    out: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if category in _DROPPED_CATEGORIES:
            continue
        out.append(" " if category == "Cc" else char)
    return "".join(out)


def clean_text(raw: str, *, lower: bool = True) -> str:
    """Return ``raw`` bounded, without markup or invisible characters, NFKC-folded (lower-cased).

    NFKC turns full-width ``ＦＰ８`` into ``FP8`` and non-breaking or thin spaces into plain
    spaces, which the number patterns rely on.
    """
    text = raw[:MAX_TEXT_CHARS]
    if "<" in text:
        text = _SCRIPT_BLOCK_RE.sub(" ", text)
        text = _TAG_RE.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    if not text.isascii():
        text = _FULL_WIDTH_COMMA_RE.sub(lambda m: m.group() + " ", text)
        text = _SUPERSCRIPT_RE.sub(_exponent, text)
        text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    text = _drop_invisible(_SPACES_RE.sub(" ", text))
    text = _SPACES_RE.sub(" ", text).strip()
    return text.lower() if lower else text
