"""Words per language for every slot the parser reads, and patterns over all languages.

``pattern(slot)`` is the union of one slot over the ten lexicons, as source to embed in other
patterns: a message may mix languages, so every finder listens for all of them. ``search``
also tries the slot's words that only count at the start of a message ("^and "). Where the
meaning of a word depends on the language ("billion"), ``for_language`` gives its lexicon.
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.lexicon import de, en, es, fr, ja, ko, pt_br, ru, zh_hans, zh_hant
from bot.understand.lexicon.base import SLOTS, WORD_LETTER, Lexicon, Words
from bot.understand.lexicon.patterns import (
    anchored,
    scripts_in,
    search_unions_by_script,
    union,
    unions_by_script,
)

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

__all__ = [
    "LEXICONS",
    "SLOTS",
    "WORD_LETTER",
    "Lexicon",
    "compiled",
    "for_language",
    "pattern",
    "prepare",
    "remove",
    "rule_out",
    "search",
    "search_any",
    "union",
    "words",
]


def for_language(language: str) -> Lexicon:
    """Return the lexicon of ``language`` (English for a code we do not have)."""
    return LEXICONS.get(language, en.LEXICON)


@cache
def words(slot: str) -> Words:
    """Every language's fragments for ``slot``."""
    return tuple(fragment for lexicon in LEXICONS.values() for fragment in getattr(lexicon, slot))


@cache
def pattern(slot: str) -> str:
    """Return the union of ``slot`` over all languages (start-anchored words left out)."""
    return union(words(slot))


@cache
def compiled(slot: str) -> Searchable:
    """``pattern(slot)`` compiled."""
    return gated_re(pattern(slot))


# One slot, or several searched as one (``search_any``): the union of their words.
Slots = str | tuple[str, ...]


@cache
def _fragments(slots: Slots) -> Words:
    if isinstance(slots, str):
        return words(slots)
    return tuple(dict.fromkeys(fragment for slot in slots for fragment in words(slot)))


@cache
def _anchored(slot: Slots) -> Searchable | None:
    source = anchored(_fragments(slot))
    return None if source is None else gated_re(source)


@cache
def _sources_by_script(slot: str) -> dict[str, str]:
    return unions_by_script(words(slot))


@cache
def _by_script(slot: str, script: str) -> Searchable | None:
    """Compile one script's part of a slot, the first time a message in that script needs it."""
    source = _sources_by_script(slot).get(script)
    return None if source is None else gated_re(source)


@cache
def _for_scripts(slot: str, scripts: frozenset[str]) -> tuple[Searchable, ...]:
    found = (_by_script(slot, script) for script in _sources_by_script(slot) if script in scripts)
    return tuple(pattern for pattern in found if pattern is not None)


def _patterns(slot: str, text: str) -> tuple[Searchable, ...]:
    return _for_scripts(slot, scripts_in(text))


@cache
def _search_sources(slot: Slots) -> dict[str, tuple[str, ...]]:
    return search_unions_by_script(_fragments(slot))


@cache
def _search_by_script(slot: Slots, script: str) -> tuple[Searchable, ...]:
    """One script's part of a slot as ``search`` reads it (``search_unions_by_script``)."""
    return tuple(gated_re(source) for source in _search_sources(slot).get(script, ()))


@cache
def _search_for_scripts(slot: Slots, scripts: frozenset[str]) -> tuple[Searchable, ...]:
    return tuple(
        pattern
        for script in _search_sources(slot)
        if script in scripts
        for pattern in _search_by_script(slot, script)
    )


# Answers of ``search`` for the last texts read: the finders and the intent decision ask for
# the same words of the same text more than once. Restarted when full.
_FOUND: dict[tuple[Slots, str], bool] = {}
_MAX_FOUND = 256


def search(slot: str, text: str) -> bool:
    """Whether ``text`` holds a word of ``slot`` (start-anchored words at its start only)."""
    return _found(slot, text)


def search_any(slots: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` holds a word of any of ``slots``, read with one scan for all of them.

    The union of their words matches wherever one of the words does: each word keeps its own
    boundaries in it (``union``).
    """
    return _found(slots, text)


def rule_out(slots: tuple[str, ...], text: str) -> None:
    """Read once whether ``text`` holds a word of any of ``slots``; if none, note each absent.

    A decision that asks for several slots of a text which has none of their words (most
    texts) then scans it once, not once per slot: ``search`` answers from the note.
    """
    if _found(slots, text):
        return
    for slot in slots:
        if len(_FOUND) >= _MAX_FOUND:
            _FOUND.clear()
        _FOUND[(slot, text)] = False


def _found(slot: Slots, text: str) -> bool:
    key = (slot, text)
    found = _FOUND.get(key)
    if found is None:
        if len(_FOUND) >= _MAX_FOUND:
            _FOUND.clear()
        found = _FOUND[key] = _search(slot, text)
    return found


def forget_found() -> None:
    """Drop the kept answers of ``search`` (a timing that must read every text afresh)."""
    _FOUND.clear()


def _search(slot: Slots, text: str) -> bool:
    start = _anchored(slot)
    if start is not None and start.match(text):
        return True
    return any(pattern.search(text) for pattern in _search_for_scripts(slot, scripts_in(text)))


def remove(slot: str, text: str) -> str:
    """Return ``text`` with the words of ``slot`` replaced by spaces."""
    for pattern in _patterns(slot, text):
        text = pattern.sub(" ", text)
    return text


def prepare(*unions: tuple[str, ...]) -> None:
    """Compile every slot's patterns now (a long-running process does this at start-up).

    ``unions``: the groups of slots also searched as one (``search_any``, ``rule_out``).
    """
    for slot in SLOTS:
        for script in _sources_by_script(slot):
            _by_script(slot, script)
    for searched in (*SLOTS, *unions):
        for script in _search_sources(searched):
            _search_by_script(searched, script)
        _anchored(searched)


# A word of "at once" taken back by a negation: "not all hammering it at once", "不会同时都在用",
# "сидят они не одновременно", "全員が同時に使うわけではない", "pas tous connectés en même temps",
# "ninguém usa tudo junto". Those counted are who may use it, not users at once.
_NOT_ALL_BEFORE = gated_re(
    r"(?<![a-zà-ÿа-яё])(?:not all|not everyone|never all|nobody|no one|not at|not|never|"
    r"nicht alle|nicht|nie|keine?r?|pas tous|pas toutes|pas|jamais|personne|no todos|nadie|no|"
    r"nunca|não todos|"
    r"ninguém|não|nunca|не все|никто|не|ни|没人|沒人|不会|不會|不是|并非|並非|不|没|沒|别|"
    r"안|못)(?![^\W\d])(?:[^\w]*[^\W\d]+){0,3}[^\w]*$"
)
# A question about how many are at once, or not knowing it: no count said to be at once.
_ASKED_BEFORE = gated_re(
    r"(?:how many|no (?:clue|idea) how many|wie ?viele|combien|cu[aá]nt[oa]s|quant[oa]s|сколько|"
    r"(?:多少|几个|幾個)(?:人|用户|用戶|使用者)|何人|몇 ?명)"
    r"(?![^\W\d])(?:[^\w]*[^\W\d]+){0,5}[^\w]*$"
)
_NOT_AFTER = gated_re(
    r"^\W{0,2}(?:に)?(?:使う|いる|使っている)?(?:わけ|訳)?(?:では|じゃ)(?:ない|なく|ありません)|"
    r"^\S{0,6}(?:않|아니)|"
    # not known: "同时用的人数不好说", "— понятия не имею", "kann ich nicht sagen", "no sé"
    r"^[^0-9]{0,16}?(?:不好说|不好說|不确定|不確定|说不准|說不準|不知道|未知|わからない|分からない|"
    r"모르|알 수 없|понятия не|не знаю|не скажу|трудно сказать|kann ich (?:\w+ )?nicht sagen|"
    r"weiß (?:ich )?nicht|weiß keiner|no (?:lo )?sé|ni idea|não sei|sei lá|je ne sais pas|"
    r"aucune idée|no idea|not sure|hard to say|dunno)"
)
_NEGATION_REACH = 40
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+|[。！？\n]")


@lru_cache(maxsize=32)
def _at_once_readings(text: str) -> tuple[tuple[int, bool, bool], ...]:
    """Each "at once" of ``text`` (the first four): where, and what takes it back.

    First whether a negation or a question takes it back, then whether a negation or not
    knowing does (a question alone does not: "combien de sessions simultanées ?" asks, it
    leaves no count a team).

    Read once per text: the readers of users at once and of the team ask it of one message.
    """
    readings = []
    for match in itertools.islice(compiled("at_once").finditer(text), 4):
        # (within its sentence: "…simultáneas en hora pico. Ni idea de qué modelo" is another
        # thing not known)
        before = _SENTENCE_END_RE.split(
            text[max(0, match.start() - _NEGATION_REACH) : match.start()]
        )[-1]
        after = _SENTENCE_END_RE.split(text[match.end() : match.end() + _NEGATION_REACH])[0]
        negated = _NOT_ALL_BEFORE.search(before) is not None or _NOT_AFTER.match(after) is not None
        asked = _ASKED_BEFORE.search(before)
        unknown = asked is not None and re.match(r"no (?:clue|idea)", asked.group()) is not None
        readings.append((match.start(), negated or asked is not None, negated or unknown))
    return tuple(readings)


def said_at_once(text: str) -> bool:
    """Whether ``text`` says "at once" of those it counts, not taken back by a negation."""
    return any(not taken_back for _, taken_back, _ in _at_once_readings(text))


def taken_back_at(text: str) -> int | None:
    """Return where the first "at once" taken back by a negation starts, or None."""
    return next((start for start, _, team in _at_once_readings(text) if team), None)


def at_once_taken_back(text: str) -> bool:
    """Whether ``text`` says "at once" only to take it back ("not all at once")."""
    return search("at_once", text) and not said_at_once(text)
