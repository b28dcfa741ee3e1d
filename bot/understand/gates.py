"""Words a pattern cannot match without, read from the pattern itself: a cheap test first.

Most messages hold no word of most finders ("per month", "tokens a second", an organisation's
people), yet a pattern that does not start with a plain character (a number, a look-behind, a
class) is tried by ``re`` at every position of the text. ``gated(pattern)`` reads from the
pattern's syntax tree a few strings one of which every match must contain ("month", "mes",
"月"...), and searches them (one alternation of plain strings, which ``re`` skips through)
before the pattern: without one of them the pattern is not run, and the answer is the one it
would have given (no match).

The reading is conservative: what it does not know (look-arounds, classes of many characters,
case-insensitive patterns, back-references) requires nothing, and a pattern whose every match
need not contain a string of at least ``MIN_GATE_CHARS`` characters is returned as it is.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from typing import Any

# re's own parser and its node names (the standard library's, since 3.11): the tree ``re``
# compiles a pattern from. Not typed: looked up by name.
sre_parse: Any = importlib.import_module("re._parser")
sre: Any = importlib.import_module("re._constants")

# A string one of which every match must contain, at least this long: shorter ones (a digit, a
# letter) are in nearly every message and would only add a search.
MIN_GATE_CHARS = 2
# More alternatives than this, or a class of more characters, is not worth a gate.
MAX_GATE_STRINGS = 400
MAX_CLASS_CHARS = 16

Required = frozenset[str] | None


def _class_chars(items: list[tuple[Any, Any]]) -> Required:
    chars: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            chars.add(chr(av))
        elif op is sre.RANGE and av[1] - av[0] < MAX_CLASS_CHARS:
            chars.update(chr(code) for code in range(av[0], av[1] + 1))
        else:  # NEGATE, a category (\d, \w), a wide range: anything may match
            return None
    return frozenset(chars) if len(chars) <= MAX_CLASS_CHARS else None


def _better(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether requirement ``a`` is more selective than ``b``: longer strings, then fewer."""
    return (min(map(len, a)), -len(a)) > (min(map(len, b)), -len(b))


def _sequence(items: Any) -> Required:  # noqa: ANN401 - re's SubPattern or a list of nodes
    """Return what a sequence of nodes requires: the best any node requires (plain runs joined)."""
    best: Required = None
    run: list[str] = []

    def consider(found: Required) -> None:
        nonlocal best
        if found and (best is None or _better(found, best)):
            best = found

    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            consider(frozenset({"".join(run)}))
            run = []
        consider(_node(op, av))
    if run:
        consider(frozenset({"".join(run)}))
    return best


def _node(op: Any, av: Any) -> Required:  # noqa: ANN401 - re's node kinds and arguments
    found: Required = None
    if op is sre.SUBPATTERN:
        _group, add_flags, _del_flags, inner = av
        found = None if add_flags & re.IGNORECASE else _sequence(inner)
    elif op is sre.ATOMIC_GROUP:
        found = _sequence(av)
    elif op in {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}:
        least, _most, inner = av
        found = _sequence(inner) if least >= 1 else None
    elif op is sre.BRANCH:
        found = _any_of(av[1])
    elif op is sre.IN:
        found = _class_chars(av)
    # Look-arounds read without consuming, ANY, NOT_LITERAL, categories, AT, group references:
    # nothing required of the text matched.
    return found


def _any_of(alternatives: list[Any]) -> Required:
    """Return what alternatives require: what each requires, together (None if one needs none)."""
    found: set[str] = set()
    for alternative in alternatives:
        needed = _sequence(alternative)
        if not needed:
            return None
        found |= needed
    return frozenset(found) if len(found) <= MAX_GATE_STRINGS else None


def required_strings(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Return strings one of which every match of ``pattern`` contains, or None if not known."""
    tree = _tree(pattern)
    return None if tree is None else _required(tree)


def _tree(pattern: re.Pattern[str]) -> Any:  # noqa: ANN401 - re's SubPattern
    """Return the pattern's syntax tree, or None for one this module does not read."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.IGNORECASE:
        return None
    try:
        tree = sre_parse.parse(pattern.pattern, pattern.flags)
    except re.error:  # pragma: no cover - it compiled, so it parses
        return None
    return None if tree.state.flags & re.IGNORECASE else tree


def _required(tree: Any) -> frozenset[str] | None:  # noqa: ANN401 - re's SubPattern
    found = _sequence(tree)
    if not found or min(map(len, found)) < MIN_GATE_CHARS:
        return None
    return found


def _led(items: Any) -> bool:  # noqa: ANN401 - re's SubPattern or a list of nodes
    """Whether every match starts with a character from a small known set (re skips to those)."""
    if not items:
        return False
    op, av = items[0]
    led = False  # a look-around, an anchor, any character: tried at every position
    if op is sre.LITERAL:
        led = True
    elif op is sre.IN:
        led = _class_chars(av) is not None
    elif op is sre.SUBPATTERN:
        led = _led(av[3])
    elif op is sre.ATOMIC_GROUP:
        led = _led(av)
    elif op is sre.BRANCH:
        led = all(_led(alternative) for alternative in av[1])
    elif op in {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}:
        led = av[0] >= 1 and _led(av[2])
    return led


def _trie(strings: list[str]) -> str:
    """One alternation of plain strings with common first characters factored out."""
    if "" in strings:
        rest = _trie([s for s in strings if s])
        return f"(?:{rest})?" if rest else ""
    by_first: dict[str, list[str]] = {}
    for string in strings:
        by_first.setdefault(string[0], []).append(string[1:])
    parts = [re.escape(first) + _trie(tails) for first, tails in sorted(by_first.items())]
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


class GatedPattern:
    """A pattern searched only in texts holding one of the strings it requires."""

    __slots__ = ("_gate", "_inner")

    def __init__(self, inner: re.Pattern[str], required: frozenset[str]) -> None:
        self._inner = inner
        # A trie of plain strings: re skips to their first characters and tries one branch each.
        self._gate = re.compile(_trie(sorted(required)))

    @property
    def pattern(self) -> str:
        """The pattern's source."""
        return self._inner.pattern

    @property
    def inner(self) -> re.Pattern[str]:
        """The pattern itself."""
        return self._inner

    @property
    def groupindex(self) -> Any:  # noqa: ANN401 - re's mapping of group names
        """The pattern's named groups."""
        return self._inner.groupindex

    def _open(self, string: str) -> bool:
        return self._gate.search(string) is not None

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``re.Pattern.search``; None at once when the text lacks every string required."""
        return self._inner.search(string, pos, endpos) if self._open(string) else None

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``re.Pattern.match``; None at once when the text lacks every string required."""
        return self._inner.match(string, pos, endpos) if self._open(string) else None

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """``re.Pattern.fullmatch``; None at once when the text lacks every string required."""
        return self._inner.fullmatch(string, pos, endpos) if self._open(string) else None

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """``re.Pattern.finditer``; nothing at once when the text lacks every string required."""
        return self._inner.finditer(string, pos, endpos) if self._open(string) else iter(())

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """``re.Pattern.findall``; nothing at once when the text lacks every string required."""
        return self._inner.findall(string, pos, endpos) if self._open(string) else []

    def sub(self, repl: Any, string: str, count: int = 0) -> str:  # noqa: ANN401 - str or callable
        """``re.Pattern.sub``; the text as it is when it lacks every string required."""
        return self._inner.sub(repl, string, count) if self._open(string) else string

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        """``re.Pattern.split``; the text whole when it lacks every string required."""
        return self._inner.split(string, maxsplit) if self._open(string) else [string]


Searchable = re.Pattern[str] | GatedPattern


def gated(pattern: re.Pattern[str]) -> Searchable:
    """Return ``pattern`` behind a test of the strings it requires, or as it is.

    As it is when no such strings are known, or when every match starts with a character of a
    small set (a plain character, a short class, alternatives each led so): ``re`` then skips
    to those characters itself, and a test first would only add a search.
    """
    tree = _tree(pattern)
    required = None if tree is None else _required(tree)
    if required is None or _led(tree):
        return pattern
    return GatedPattern(pattern, required)


def gated_re(source: str, flags: int = 0) -> Searchable:
    """``re.compile(source, flags)`` behind a test of the strings it requires (``gated``)."""
    return gated(re.compile(source, flags))
