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
# Categories dropped outright: format marks (zero-width, bidi, BOM), unassigned, private use,
# surrogates. Control characters become spaces so words either side stay apart.
_DROPPED_CATEGORIES = frozenset({"Cf", "Cn", "Co", "Cs"})


def _drop_invisible(text: str) -> str:
    if text.isascii() and text.isprintable():
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
    text = _drop_invisible(unicodedata.normalize("NFKC", text))
    text = _SPACES_RE.sub(" ", text).strip()
    return text.lower() if lower else text
