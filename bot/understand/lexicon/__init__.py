"""Words per language for every slot the parser reads, and patterns over all languages.

``pattern(slot)`` is the union of one slot over the ten lexicons (compiled once): a message
may mix languages, so every finder listens for all of them. ``for_language`` gives one
language's lexicon where the meaning of a word depends on it (the scale of "billion").
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.lexicon import de, en, es, fr, ja, ko, pt_br, ru, zh_hans, zh_hant
from bot.understand.lexicon.base import SLOTS, WORD_LETTER, Lexicon, Words, union

LEXICONS: dict[str, Lexicon] = {
    lexicon.language: lexicon
    for lexicon in (
        en.LEXICON,
        zh_hans.LEXICON,
        zh_hant.LEXICON,
        ru.LEXICON,
        ja.LEXICON,
        ko.LEXICON,
        es.LEXICON,
        pt_br.LEXICON,
        de.LEXICON,
        fr.LEXICON,
    )
}

__all__ = ["LEXICONS", "SLOTS", "WORD_LETTER", "Lexicon", "for_language", "pattern", "words"]


def for_language(language: str) -> Lexicon:
    """The lexicon of ``language`` (English for a code we do not have)."""
    return LEXICONS.get(language, en.LEXICON)


@cache
def words(slot: str) -> Words:
    """Every language's fragments for ``slot``."""
    return tuple(fragment for lexicon in LEXICONS.values() for fragment in getattr(lexicon, slot))


@cache
def pattern(slot: str) -> str:
    """The union of ``slot`` over all languages, as pattern source to embed in others."""
    return union(words(slot))


@cache
def compiled(slot: str) -> re.Pattern[str]:
    """``pattern(slot)`` compiled."""
    return re.compile(pattern(slot))
