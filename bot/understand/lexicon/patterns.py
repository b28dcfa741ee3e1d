"""One fast pattern from a slot's words: every branch led by a literal character.

Python's regex engine scans quickly for the possible first characters of a pattern only when
every top-level branch starts with a literal character, and it skips a branch whose literal
does not match with one comparison. So fragments are expanded until each starts with a literal
("(?:ok|fine) with" becomes "ok with" and "fine with"; "[个位]?用户" becomes "个用户", "位用户",
"用户"), their shared leading characters are factored out into a trie, and the word boundary of
Latin and Cyrillic words is checked just after the first character instead of before it.
Fragments anchored at the start of the message ("^and ") are kept apart (``anchored``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.understand.gates import gated_re
from bot.understand.lexicon.base import NOT_BEFORE_LETTER, WORD_LETTER, Words, not_after

_SPACED_RE = gated_re(f"[{WORD_LETTER}0-9]")
_QUANTIFIERS = "?*+{"
_MAX_EXPANSIONS = 64


def _group_end(fragment: str) -> int:
    """Index of the ``)`` closing the group that opens ``fragment``, or -1."""
    depth = index = 0
    while index < len(fragment):
        char = fragment[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            index = fragment.find("]", index + 1)
            if index < 0:
                return -1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1


def _branches(body: str) -> list[str]:
    """``body`` split at its top-level ``|``."""
    parts: list[str] = []
    depth = start = index = 0
    while index < len(body):
        char = body[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            index = body.find("]", index + 1)
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(body[start:index])
            start = index + 1
        index += 1
    parts.append(body[start:])
    return parts


def _expand_once(fragment: str) -> list[str] | None:
    """``fragment`` as fragments with a literal first character, or None if it cannot be."""
    if fragment.startswith("(?:"):
        end = _group_end(fragment)
        after = fragment[end + 1 : end + 2]
        if end < 0 or after in {"*", "+", "{"}:
            return None
        rest = fragment[end + 2 :] if after == "?" else fragment[end + 1 :]
        heads = [branch + rest for branch in _branches(fragment[3:end])]
        return [*heads, rest] if after == "?" else heads
    if fragment.startswith("["):
        end = fragment.find("]", 1)
        body = fragment[1:end]
        after = fragment[end + 1 : end + 2]
        if (
            end < 0
            or body.startswith("^")
            or "-" in body
            or "\\" in body
            or after in {"*", "+", "{"}
        ):
            return None
        rest = fragment[end + 2 :] if after == "?" else fragment[end + 1 :]
        heads = [char + rest for char in body]
        return [*heads, rest] if after == "?" else heads
    if fragment[1:2] == "?" and fragment[0] not in "\\()[]^$.|*+?{}":
        return [fragment[0] + fragment[2:], fragment[2:]]
    return None


def _expanded(fragment: str) -> list[str]:
    """``fragment`` expanded until every piece starts with a literal (or cannot be)."""
    done: list[str] = []
    todo = _branches(fragment)
    while todo and len(done) + len(todo) < _MAX_EXPANSIONS:
        piece = todo.pop()
        pieces = _expand_once(piece) if piece else None
        if pieces is None:
            done.append(piece)
        else:
            todo.extend(pieces)
    return done if not todo else [fragment]


def _head(fragment: str) -> str | None:
    if not fragment or fragment[0] in "\\()[]^$.|*+?{}":
        return None
    if fragment[1:2] and fragment[1] in _QUANTIFIERS:
        return None
    return fragment[0]


def _trie(fragments: list[str], *, top: bool) -> str:
    """Alternation with shared leading literals factored out; longer words tried first."""
    groups: dict[str, list[str]] = {}
    others: list[str] = []
    ends_here = False
    for fragment in fragments:
        head = _head(fragment)
        if fragment == "":
            ends_here = True
        elif head is None:
            others.append(fragment)
        else:
            groups.setdefault(head, []).append(fragment[1:])
    branches = []
    for head, tails in groups.items():
        unique = list(dict.fromkeys(tails))
        # A spaced-script word may not continue another: checked once its first letter is read.
        spaced = top and _SPACED_RE.match(head) is not None
        guard = not_after(re.escape(head)) if spaced else ""
        tail = f"(?:{unique[0]})" if len(unique) == 1 else _trie(unique, top=False)
        # Every word of a spaced head ends at a word's end: checked once for all of them,
        # which backtracks through the same words in the same order as one check each.
        end = NOT_BEFORE_LETTER if spaced else ""
        branches.append(re.escape(head) + guard + tail + end)
    for fragment in others:
        spaced = top and _SPACED_RE.match(fragment[:1]) is not None
        left = not_after() if top else ""
        end = NOT_BEFORE_LETTER if spaced else ""
        branches.append(f"{left}(?:{fragment}){end}")
    if ends_here:
        branches.append("")  # last: a longer word that shares this start is tried first
    return "(?:" + "|".join(branches) + ")"


def _longest_first(fragments: Words) -> list[str]:
    pieces = [piece for fragment in fragments for piece in _expanded(fragment)]
    return sorted(dict.fromkeys(pieces), key=len, reverse=True)


def union(fragments: Words) -> str:
    """One pattern matching any fragment not anchored at the start; spaced words matched whole.

    Latin and Cyrillic words may not start or end inside a longer word ("rent" is not in
    "parent"); CJK words need no boundary, since those scripts do not separate words.
    """
    free = _longest_first(tuple(f for f in fragments if not f.startswith("^")))
    if not free:
        return "(?!)"
    return _trie(free, top=True)


LATIN = "latin"
CYRILLIC = "cyrillic"
HANGUL = "hangul"
OTHER = "other"  # CJK ideographs, kana, and everything else
# Each script group but Latin and a character of it (as ``script_of`` tells them apart).
_SCRIPT_RES = (
    (CYRILLIC, gated_re("[\u0400-\u052f]")),
    (HANGUL, gated_re("[\uac00-\ud7af]")),
    (OTHER, gated_re("[^\x00-\u052f\uac00-\ud7af]")),
)
_LATIN_ONLY = frozenset((LATIN,))


def script_of(char: str) -> str:
    """Return the script group of a character, to split a big union (``unions_by_script``)."""
    code = ord(char)
    if code < 0x400:  # noqa: PLR2004 - Latin, digits and punctuation
        return LATIN
    if code < 0x530:  # noqa: PLR2004 - Cyrillic
        return CYRILLIC
    if 0xAC00 <= code < 0xD7B0:  # noqa: PLR2004 - Hangul syllables
        return HANGUL
    return OTHER


@lru_cache(maxsize=64)  # the slot finders ask it of the same text one after the other
def scripts_in(text: str) -> frozenset[str]:
    """Return the script groups ``text`` holds (Latin always: digits and signs are shared)."""
    if text.isascii():
        return _LATIN_ONLY
    return frozenset((LATIN, *(script for script, found in _SCRIPT_RES if found.search(text))))


def unions_by_script(fragments: Words) -> dict[str, str]:
    """Return the union of ``fragments`` split by the script of their first character.

    The regex engine tries a union's first characters one after the other at every position
    where one may start; a slot of hundreds of words in ten languages has hundreds of them.
    Split by script, each pattern holds a few dozen, and the engine skips the positions of the
    other scripts outright, so a long message costs a few dozen tests per character at most.
    """
    groups: dict[str, list[str]] = {}
    for piece in _longest_first(tuple(f for f in fragments if not f.startswith("^"))):
        head = _head(piece)
        groups.setdefault(script_of(head) if head else LATIN, []).append(piece)
    return {script: union(tuple(group)) for script, group in groups.items()}


_BOUNDED_QUANTIFIER_RE = gated_re(r"\{([0-9]+)(?:,([0-9]*))?\}")


def _repeats_after(atom: str, rest: str) -> str | None:
    """Return ``rest`` with one repeat of ``atom`` fewer ("{2,5}t" is "[a-z]{1,4}t" after "[a-z]").

    None if the atom may be absent ("?", "*", "{0,").
    """
    if rest[:1] == "+":
        return f"{atom}*{rest[1:]}"
    bounded = _BOUNDED_QUANTIFIER_RE.match(rest)
    if bounded is None:
        return None if rest[:1] in {"?", "*", "{"} else rest
    low, high = int(bounded.group(1)), bounded.group(2)
    if low < 1:
        return None
    if high is None:
        return f"{atom}{{{low - 1}}}{rest[bounded.end() :]}"
    upper = "" if high == "" else str(int(high) - 1)
    return f"{atom}{{{low - 1},{upper}}}{rest[bounded.end() :]}"


def _leading_atom(fragment: str) -> tuple[str, str] | None:
    """Split a fragment into its first one-character atom (a class or an escaped sign) and the rest.

    None for any other shape, or if the atom may be absent.
    """
    if fragment.startswith("\\") and len(fragment) > 1 and not fragment[1].isalnum():
        atom = fragment[:2]
    elif fragment.startswith("["):
        end = fragment.find("]", 1)
        if end < 0 or fragment[1] in "]^" or "\\" in fragment[1:end] or "[" in fragment[1:end]:
            return None
        atom = fragment[: end + 1]
    else:
        return None
    rest = _repeats_after(atom, fragment[len(atom) :])
    return None if rest is None else (atom, rest)


def _led(piece: str) -> str:
    """Return the one-word union of a piece without a literal head, led by its first atom.

    Same matches as ``union((piece,))`` (the check that no letter precedes it is made once the
    atom is read), but a pattern that starts with a class or a sign lets the regex engine skip
    straight to where it may match, where a leading look-behind makes it try every position.
    """
    split = _leading_atom(piece) if len(_branches(piece)) == 1 else None
    if split is None or _expanded(piece) != [piece]:
        return union((piece,))
    atom, rest = split
    return f"(?:{atom}{not_after(atom)}(?:{rest}))"


def search_unions_by_script(fragments: Words) -> dict[str, tuple[str, ...]]:
    r"""Return ``unions_by_script`` as patterns to search with, each led by a character.

    The words of a script with a literal head stay one union; each word without one (a class,
    an escaped sign: "[a-z]{2,5}n'?t", "\\?") is a pattern of its own. Whether any of them
    matches is whether the whole union does; each can be skipped to its first characters.
    """
    groups: dict[str, list[str]] = {}
    for piece in _longest_first(tuple(f for f in fragments if not f.startswith("^"))):
        head = _head(piece)
        groups.setdefault(script_of(head) if head else LATIN, []).append(piece)
    found: dict[str, tuple[str, ...]] = {}
    for script, group in groups.items():
        led = tuple(piece for piece in group if _head(piece) is not None)
        others = [_led(piece) for piece in group if _head(piece) is None]
        found[script] = (union(led), *others) if led else tuple(others)
    return found


def anchored(fragments: Words) -> str | None:
    """Return the fragments anchored at the start of a message (without "^"), or None."""
    heads = [f[1:] for f in fragments if f.startswith("^")]
    return "(?:" + "|".join(sorted(heads, key=len, reverse=True)) + ")" if heads else None
