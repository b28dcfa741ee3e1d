"""The shape of one language's lexicon, and how slot patterns are built from all of them.

A lexicon lists, for each slot the parser reads, the words one language uses for it, as
regular-expression fragments over cleaned text (lower case, NFKC, ASCII digits). Slot finders
compile the union over every language, because customers mix languages ("qwen3 32b 并发 30,
only CUDA"); where one word means different things in two languages ("billion" is 10^9 in
English and 10^12 in French) the message's language decides.

Fragments begin with a literal character or a character class, so that a compiled union can
skip in one test every position where none of them can start (a test pins this).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

Words = tuple[str, ...]

# Letters of the alphabets that separate words with spaces: a Latin or Cyrillic fragment must
# not start or end inside a longer word ("rent" is not inside "parent"). CJK fragments need no
# boundary, since those scripts do not separate words.
WORD_LETTER = r"a-zà-öø-ÿœßа-яё"
_LETTER_RE = re.compile(f"[{WORD_LETTER}0-9]")


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Words of one language for each slot; each a regex fragment over cleaned text."""

    language: str
    # Numbers: magnitude words after a number, words that are numbers, approximations.
    thousand: Words = ()
    million: Words = ()
    billion: Words = ()  # 10^9 ("billion" en, "mil millones" es, "Milliarden" de)
    trillion: Words = ()  # 10^12 ("trillion" en, "billones" es, "billion" fr)
    number_words: tuple[tuple[str, int], ...] = ()  # whole words that stand for a number
    about: Words = ()  # "about", "около", "约": may stand between a cue and its number
    # Concurrency: who and what is counted, "at once", and words a count follows.
    people: Words = ()
    requests: Words = ()
    at_once: Words = ()
    concurrency_cues: Words = ()
    # Context length: words that label a token count.
    context_cues: Words = ()
    tokens: Words = ()
    # Precision: half precision, and the words that tell weights from the KV cache.
    half_precision: Words = ()
    weights: Words = ()
    kv_cache: Words = ()
    # Platform constraints: exclusivity, requirement, acceptance, negation, "native".
    only: Words = ()
    required: Words = ()
    acceptable: Words = ()
    acceptable_before: Words = ()  # acceptance said before the platform ("pode ser ROCm")
    negation: Words = ()
    native: Words = ()
    # Intent cues.
    greeting: Words = ()
    thanks: Words = ()
    about_assistant: Words = ()
    price: Words = ()  # money words: "how much", "cost", "多少钱"
    price_list: Words = ()  # words only a price list answers: "pricing", "rates", "料金プラン"
    domain: Words = ()  # words of our business: server, GPU, plan, rent, inference
    catalog: Words = ()
    compare: Words = ()  # words that ask for a comparison: "vs", "which is better", "哪个好"
    alternative: Words = ()  # "or", "and": two things named side by side
    sales: Words = ()
    knowledge: Words = ()
    followup: Words = ()
    instead: Words = ()
    instruction: Words = ()
    size_question: Words = ()
    anaphor: Words = ()


SLOTS = tuple(spec.name for spec in fields(Lexicon) if spec.name not in {"language", "number_words"})


def _bounded(fragment: str) -> str:
    """``fragment`` with word boundaries where it starts or ends with a spaced-script letter."""
    left = rf"(?<![{WORD_LETTER}0-9])" if _LETTER_RE.match(fragment[:1]) else ""
    last = fragment.rstrip("?*+")
    ends_in_letter = _LETTER_RE.fullmatch(last[-1:]) is not None or last.endswith(
        ("]*", "]+", "]")
    )
    right = rf"(?![{WORD_LETTER}])" if ends_in_letter else ""
    return f"{left}(?:{fragment}){right}"


def _group_end(fragment: str) -> int:
    """Index of the ``)`` closing the group that opens ``fragment``, or -1."""
    depth = 0
    index = 0
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


def _alternatives(body: str) -> list[str]:
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


def first_characters(fragment: str) -> str | None:
    """The character-class body of what ``fragment`` can start with, or None if unknown."""
    fragment = fragment.removeprefix("^")
    if not fragment:
        return None
    if fragment.startswith("(?:"):
        end = _group_end(fragment)
        if end < 0 or fragment[end + 1 : end + 2] in {"?", "*"}:
            return None
        starts = [first_characters(part) for part in _alternatives(fragment[3:end])]
        return None if None in starts else "".join(str(start) for start in starts)
    if fragment[0] == "[":
        end = fragment.find("]", 1)
        body = fragment[1:end]
        return None if end < 0 or body.startswith("^") else body
    if fragment[0] == "\\":
        escaped = fragment[1:2]
        return None if escaped.isalpha() else re.escape(escaped)
    if fragment[0] in "(.?*+{|)":
        return None
    return re.escape(fragment[0])


def union(fragments: Words, *, bounded: bool = True) -> str:
    """One pattern matching any fragment, longest first, behind a first-character test."""
    unique = sorted(set(fragments), key=len, reverse=True)
    if not unique:
        return "(?!)"
    starts = [first_characters(fragment) for fragment in unique]
    body = "|".join(_bounded(f) if bounded else f"(?:{f})" for f in unique)
    if any(start is None for start in starts):
        return f"(?:{body})"
    return f"(?=[{''.join(sorted(set(starts)))}])(?:{body})"
