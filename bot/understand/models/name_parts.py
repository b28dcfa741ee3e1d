"""Model names taken apart: family, version, size, active size, line, date and release format.

"Qwen3-VL-235B-A22B-Instruct" is the family qwen at version 3, line vl, 235B with 22B active;
"DeepSeek-R1-Distill-Llama-70B" is deepseek r1, line distill, based on llama, 70B. Catalog
names and the names in a message are read by the same tokenizer, so a message matches a
catalog model when the parts it states agree, whatever the spelling ("qwen3 235b",
"Qwen-3 235B", "квен3 235б").
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.understand.gates import gated_re

# One token of a name. Release formats come first so that "fp8" is not "fp" and "8". Runs of
# digits are possessive ("++"): what may follow a run is never a digit, so giving digits back
# could not make a token match, and a long run is read once per kind rather than back and forth.
# Every token starts with a Latin letter or a digit: checked first, once, at each position.
_TOKEN_RE = gated_re(
    r"(?=[a-z0-9])"
    r"(?:(?P<quant>nvfp4|mxfp4|fp8|fp16|bf16|fp4|int4|int8|w4a16|w8a8|awq|gptq|gguf|q4_k_m|q8_0)"
    r"(?![a-z0-9])"
    r"|(?P<size>[0-9]++x[0-9]++(?: ?b)?|(?:[0-9]++x)?[0-9]++(?:\.[0-9]++)? ?b)(?![a-z0-9])"
    r"|(?P<active>a[0-9]++(?:\.[0-9]++)?b)(?![a-z0-9])"
    r"|(?P<experts>[0-9]++e)(?![a-z0-9])"
    r"|(?P<lver>[vkrm][0-9]++(?:\.[0-9]++)?)(?![a-z0-9])"
    r"|(?P<num>[0-9]++(?:[._][0-9]++)?)(?![0-9a-zа-яё万萬만亿億억千천兆조])"
    r"|(?P<other>[0-9][0-9.]*+[a-zа-яё万萬만亿億억千천兆조][a-zа-яё0-9]*)"
    r"|(?P<word>[a-z]+))"
)
_DATE_RE = gated_re(r"[0-9]{4}")
_GLUED_WORD_RE = gated_re(r"(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<word>[a-z]{2,})")
# Units glued to numbers: such a token is a quantity ("128k", "4bit", "80gb"), not a name.
_UNITS = frozenset(
    {"k", "m", "b", "t", "bit", "bits", "gb", "tb", "mb", "kb", "gib", "tib", "ms", "tok", "tokens"}
)
# Model names are read among a message's first this many words and numbers, and among those
# of its last characters (a name said after a paste); what lies between is not searched for
# names (it bounds the work per message).
MAX_TOKENS = 150
TAIL_CHARS = 300
MAX_TAIL_TOKENS = 60
# Words that say nothing about which model it is: release tags and vendors.
NEUTRAL_WORDS = frozenset(
    {
        "instruct",
        "it",
        "chat",
        "hf",
        "base",
        "model",
        "release",
        "preview",
        "official",
        "static",
        "pertensor",
        "dynamic",
        "nvidia",
        "meta",
        "google",
        "openai",
        "ai",
        "org",
        "project",
        "sgl",
        "the",
        "vllm",
        "sglang",
        "ollama",
        "tensorrt",
        "llm",
    }
)
# A parenthesised note in a display name ("(NVIDIA, with vision)", "(static, per tensor)")
# describes the release, not the model's name.
_NOTE_RE = gated_re(r"\((?=[^()]*[a-z])[^()]*\)")
# Neutral words that tell one quantized release from another ("...-FP8-Static-PerTensor"): said,
# they pick the release that has them.
QUALIFIERS = frozenset({"static", "pertensor", "dynamic"})
# Release formats that are the model itself, not a quantized release of it.
BASE_FORMATS = frozenset({"bf16", "fp16"})
# Words naming a model's line in many families: a message that says one of them ("Mistral
# Small") names a different model from any catalog entry without it.
COMMON_LINES = frozenset(
    {
        "small",
        "medium",
        "large",
        "mini",
        "nano",
        "micro",
        "tiny",
        "pro",
        "plus",
        "max",
        "turbo",
        "lite",
        "flash",
        "ultra",
        "super",
        "thinking",
        "reasoning",
        "vision",
        "vl",
        "omni",
        "math",
        "coder",
        "code",
        "air",
        "distill",
        "scout",
        "maverick",
        "oss",
        "embedding",
        "guard",
    }
)


# Lines that change what a model reads (images, audio): never chosen for a name without them,
# so "Qwen3 8B" (a text model the catalog lacks) is not sized as Qwen3-VL-8B.
MODALITY_LINES = frozenset({"vl", "vision", "omni"})


class Token(NamedTuple):
    """One name token and where it stands in the text (a tuple: messages hold thousands)."""

    kind: str  # quant, size, active, experts, lver, num, other, word
    text: str
    start: int
    end: int


_new_tuple = tuple.__new__


def tokenize(text: str) -> list[Token]:
    """Return the name tokens of ``text`` (cleaned, latinized) with their spans.

    Its first ``MAX_TOKENS``, then those of its last ``TAIL_CHARS`` characters if it has more.
    """
    tokens = _tokens(text, 0, MAX_TOKENS)
    if len(tokens) < MAX_TOKENS:
        return tokens
    tail = max(tokens[-1].end, len(text) - TAIL_CHARS)
    if tail > tokens[-1].end:
        tail = text.find(" ", tail) + 1 or len(text)  # from a word's start
    return tokens + _tokens(text, tail, MAX_TAIL_TOKENS)


def _tokens(text: str, start: int, limit: int) -> list[Token]:
    tokens: list[Token] = []
    append = tokens.append
    for match in itertools.islice(_TOKEN_RE.finditer(text, start), limit):
        kind = match.lastgroup or "word"
        value = match.group()
        if kind == "size":
            value = value.replace(" ", "")  # "70 b"
            if not value.endswith("b"):
                value += "b"  # "8x22": experts times size, as Mixtral is named
        elif kind == "other":
            glued = _GLUED_WORD_RE.fullmatch(value)
            if glued is not None and glued.group("word") not in _UNITS:
                # "qwen3vl": a version glued to the next word of the name, not a unit ("128k").
                split = match.start() + glued.end("number")
                append(Token("num", glued.group("number"), match.start(), split))
                append(Token("word", glued.group("word"), split, match.end()))
                continue
        # Built as a plain tuple of the type: a long message has hundreds of tokens, and the
        # named constructor costs a Python call each.
        append(_new_tuple(Token, (kind, value, *match.span())))
    return tokens


def version_key(token: Token) -> tuple[str, str]:
    """(letter, number) of a version token: "v3" is ("", "3"), "k2.5" ("k", "2.5")."""
    text = token.text.replace("_", ".")
    if token.kind == "lver":
        letter = text[0]
        return ("" if letter == "v" else letter, text[1:])
    return ("", text)


def versions_agree(said: tuple[str, str], known: tuple[str, str]) -> bool:
    """Whether a stated version is a catalog version: numbers equal, letters not in conflict."""
    return said[1] == known[1] and (not said[0] or not known[0] or said[0] == known[0])


def version_prefix(said: tuple[str, str], known: tuple[str, str]) -> bool:
    """Whether ``said`` ("3") is a coarser form of ``known`` ("3.1")."""
    return known[1].startswith(said[1] + ".") and (not said[0] or said[0] == known[0])


def size_billions(size: str) -> float:
    """Billions of a size token: "70b" is 70, "8x22b" is 176 (what people mean by it)."""
    body = size.rstrip("b")
    if "x" in body:
        count, each = body.split("x", 1)
        return float(count) * float(each)
    return float(body)


@dataclass
class NameParts:
    """What one name (catalog or message) states about a model."""

    families: list[str] = field(default_factory=list)
    versions: dict[str, tuple[str, str]] = field(default_factory=dict)
    sizes: set[str] = field(default_factory=set)
    active: set[str] = field(default_factory=set)
    experts: set[str] = field(default_factory=set)
    lines: set[str] = field(default_factory=set)
    dates: set[str] = field(default_factory=set)
    quants: set[str] = field(default_factory=set)
    glued_quants: set[str] = field(default_factory=set)  # "-fp8" written into the name
    qualifiers: set[str] = field(default_factory=set)  # "static", "pertensor"

    def key(self) -> tuple[object, ...]:
        """Return a hashable summary: two names with equal keys say the same about a model."""
        return (
            tuple(self.families),
            tuple(sorted(self.versions.items())),
            *(frozenset(part) for part in (self.sizes, self.active, self.experts)),
            *(frozenset(part) for part in (self.lines, self.dates, self.quants, self.qualifiers)),
        )

    def text_key(self) -> str:
        """Return everything the name says as one string.

        Stored as a cache key, a string holds no references for the garbage collector to walk.
        """
        sets = (self.sizes, self.active, self.experts, self.lines, self.dates, self.quants)
        return "|".join(
            (
                ",".join(self.families),
                ",".join(
                    f"{family}={letter}{number}"
                    for family, (letter, number) in sorted(self.versions.items())
                ),
                *(",".join(sorted(part)) for part in (*sets, self.qualifiers, self.glued_quants)),
            )
        )

    def add(self, token: Token, families: frozenset[str], *, glued: bool = False) -> None:
        """Record one token: versions attach to the family named last."""
        kind, text = token.kind, token.text
        if kind == "word":
            self._add_word(text, families)
        elif kind in {"lver", "num"}:
            self._add_version(token)
        elif kind in {"size", "active", "experts"}:
            {"size": self.sizes, "active": self.active, "experts": self.experts}[kind].add(text)
        elif kind == "quant" and text not in BASE_FORMATS:
            self.quants.add(text)
            if glued:
                self.glued_quants.add(text)

    def _add_word(self, word: str, families: frozenset[str]) -> None:
        if word in families:
            if word not in self.families:
                self.families.append(word)
        elif word in QUALIFIERS:
            self.qualifiers.add(word)
        elif word not in NEUTRAL_WORDS:
            self.lines.add(word)

    def _add_version(self, token: Token) -> None:
        if token.kind == "num" and _DATE_RE.fullmatch(token.text):
            self.dates.add(token.text)
        elif self.families and self.families[-1] not in self.versions:
            self.versions[self.families[-1]] = version_key(token)
        elif token.kind == "lver" and not token.text.startswith("v0"):
            self.lines.add(token.text)  # a second generation word: part of the line


def read_name(name: str, families: frozenset[str]) -> NameParts:
    """Take one catalog name apart ("Qwen3-VL-235B-A22B-Instruct")."""
    parts = NameParts()
    for token in tokenize(_NOTE_RE.sub(" ", name.lower()).replace("_", ".")):
        parts.add(token, families)
    return parts


def edit_distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance of two short words, or ``limit + 1`` once beyond it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            cost = char_a != char_b
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


# How far a misspelt word may be from a known one: one edit in short words, two in longer.
_SHORT_WORD = 5


# Corrections found, per vocabulary, word by word: plain dictionaries of strings, which the
# garbage collector need not walk (an lru_cache keeps a list per entry). Each restarts when full.
_CORRECTIONS: dict[frozenset[str], dict[str, str | None]] = {}
_MAX_CORRECTIONS = 4096
_MAX_VOCABULARIES = 8


def correct_word(word: str, vocabulary: frozenset[str]) -> str | None:
    """Return the vocabulary word ``word`` is a typo of (same first letter, 1-2 edits)."""
    known = _CORRECTIONS.get(vocabulary)
    if known is None:
        if len(_CORRECTIONS) >= _MAX_VOCABULARIES:
            _CORRECTIONS.clear()  # catalogs replaced since: their vocabularies are gone
        known = _CORRECTIONS[vocabulary] = {}
    if word not in known:
        if len(known) >= _MAX_CORRECTIONS:
            known.clear()
        known[word] = _correction(word, vocabulary)
    return known[word]


# Words of the languages a name is one or two letters from: never typos of a name ("minimum 30
# tokens per second" names no MiniMax).
_WORDS_NOT_NAMES = frozenset(
    {"minimum", "minimal", "minimo", "minima", "minimos", "minimas", "minimun", "minimaal"}
)


def _correction(word: str, vocabulary: frozenset[str]) -> str | None:
    if len(word) < 4 or word in vocabulary:  # noqa: PLR2004 - shorter words are too ambiguous
        return None
    if word in _WORDS_NOT_NAMES:
        return None
    limit = 1 if len(word) < _SHORT_WORD else 2
    best: tuple[int, str] | None = None
    for known in vocabulary:
        if known[0] != word[0] or len(known) < 4:  # noqa: PLR2004 - see above
            continue
        # (two edits on a four-letter name change half of it: "steht" is no "step")
        distance = edit_distance(word, known, 1 if len(known) < _SHORT_WORD else limit)
        # Ties go to the first word in alphabetical order: the same answer in every process,
        # whatever order the set is walked in.
        if distance <= (1 if len(known) < _SHORT_WORD else limit) and (
            best is None or (distance, known) < best
        ):
            best = (distance, known)
    return None if best is None else best[1]
