"""Finding catalog models in free text, by family and the parts of their names.

The index reads every catalog id, name and alias into parts (``model_names``): families,
versions, sizes, lines ("coder", "distill", "air"), dates and release formats. A message names
a model where a family word stands (or a version only one family has, such as "r1"), followed
by the parts it states; the model is the catalog entry whose names agree with every stated
part, preferring the entry with the fewest parts left unsaid ("qwen3 235b" is Qwen3-235B-A22B,
not its VL or FP8 release). A name whose family is known but whose parts agree with no entry
("Mistral Small 3.2", "Llama 5 70B", "Qwen3.6") is an unknown model, never another family's
model nor another size. Misspelt family and line words are corrected (one edit in short
words, two in longer ones) only where a version or a size follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from bot.understand import lexicon
from bot.understand.gates import gated_re
from bot.understand.language import is_common_word
from bot.understand.models.index import MAX_SUGGESTIONS, ModelIndex, compact
from bot.understand.models.latinize import latinize_names
from bot.understand.models.name_parts import NameParts, Token, correct_word, tokenize
from bot.understand.numbers import blank

__all__ = [
    "ModelIndex",
    "ModelMatch",
    "ModelSpan",
    "catalog_index",
    "compact",
    "find_model",
    "model_spans",
]

# A name's tokens are separated by at most this much (particles such as "的", "の", "版").
_MAX_GAP_CHARS = 6
# A negation between two names separates them: "DeepSeek-V3 (не R1)", "V3, not R1".
_BREAK_RE = gated_re(
    r"[,;!?，。；！？、\n]|(?:^|\s)--?[a-z]"
    r"|(?:^|[\s(])(?:не|not|no|nicht|kein|pas|non|não|nao|sin|sem|ohne|sans|ni)(?=[\s)]|$)"
    r"|不是|并非|並非|じゃなく|ではなく|아니"
    # Words joining two names in the scripts whose particles sit in a name's gap: "V3 和 Qwen3".
    r"|和|與|与|跟|以及|及び|および|と|와|과|및|랑|\+|&|搭配|加一个|加一個"
    r"|(?:^|\s)(?:и|а|плюс|y|e|et|und|and)(?=\s)"
)
_DATE_DIGITS = 4
_MONTHS, _DAYS = 12, 31
_FIRST_YEAR, _LAST_YEAR = 20, 39  # release dates written as two-digit years and a month
# A message names a handful of models at most: past this many names, a pasted wall of text
# is not read for more (it bounds the work).
_MAX_MENTIONS = 16
# Words that may link a distilled model to the model it is based on ("R1 distill on Llama").
_LINKS = frozenset(
    {"de", "of", "on", "based", "на", "base", "em", "cima", "do", "da", "sobre", "auf", "basé"}
)


@dataclass(frozen=True, slots=True)
class ModelMatch:
    """What the text says about a catalog model."""

    model: str | None = None
    ambiguous: tuple[str, ...] = ()
    unknown_model: str | None = None
    suggestions: tuple[str, ...] = ()
    rest: str = ""  # the text with the matched name blanked


@dataclass
class _Mention:
    first: int
    last: int
    parts: NameParts = field(default_factory=NameParts)


@cache
def catalog_index() -> ModelIndex:
    """Return the index over the shipped catalog (``sizing.model.kv.load_models``), built once."""
    from sizing import load_models  # noqa: PLC0415 - the catalog loads on first use

    return ModelIndex(load_models())


def _gap_ok(text: str, before: Token, after: Token) -> bool:
    gap = text[before.end : after.start]
    inner = gap.strip()
    # (two words of another script between: "Mistral Large로 돌리고 48시간" ends the name)
    if len(inner) > _MAX_GAP_CHARS or _WORDS_BETWEEN_RE.search(inner):
        return False
    return _BREAK_RE.search(gap) is None


_WORDS_BETWEEN_RE = re.compile(
    r"[^\s()\[\]（）-]{2,}\s+[^\s()\[\]（）-]|[^\s()\[\]（）-]\s+[^\s()\[\]（）-]{2,}"
)


# The kinds of token a mention starts at (``_family_at``): a family word or a version only one
# family has.
_LEADS = frozenset({"word", "lver"})


def _is_name_part(token: Token) -> bool:
    return token.kind in {"lver", "num", "size", "active", "experts", "quant"}


def _family_at(index: ModelIndex, tokens: Sequence[Token], position: int) -> str | None:
    """Return the family a mention starting at ``position`` names, or None."""
    token = tokens[position]
    if token.kind == "lver":
        return index.implied_family(token.text)
    if token.kind != "word":
        return None
    word = token.text
    known = word in index.all_families
    if known and word not in index.needs_version:
        return word
    # What follows matters only now: a family that needs a version, or a word to correct.
    nxt = tokens[position + 1] if position + 1 < len(tokens) else None
    following = nxt is not None and (_is_name_part(nxt) or nxt.text in index.lines)
    if not following:
        return None
    return word if known else correct_word(word, index.families)


def _continues(
    index: ModelIndex, mention: _Mention, previous: Token, token: Token, nxt: Token | None
) -> str | None:
    """Return what ``token`` adds to the mention ("" to skip it, None when the name ends)."""
    parts = mention.parts
    if token.kind == "num":
        if nxt is not None and _counted(nxt.text):
            return None  # "llama 70b 1024 users": a count, not a date or a version
        return _version_or_date(index, parts, previous, token.text)
    if token.kind == "size":
        return None if parts.sizes else token.text
    if token.kind in {"lver", "active", "experts", "quant"}:
        return token.text
    return _name_word(index, parts, token.text, nxt) if token.kind == "word" else None


def _version_or_date(
    index: ModelIndex, parts: NameParts, previous: Token, number: str
) -> str | None:
    # A version follows a family or line word ("llama 3.1", "mistral small 3.2"); any other
    # number is a date ("2407") or no part of the name ("... in int8 for 30").
    if len(number) == _DATE_DIGITS:
        return number if _is_date(number) else None
    versioned = parts.families[-1] in parts.versions
    named = previous.kind == "word" and previous.text not in index.neutral
    return number if named and not versioned else None


def _counted(word: str) -> bool:
    """Whether a word counts people or requests ("users", "用户", "запросов")."""
    return any(lexicon.compiled(slot).fullmatch(word) for slot in ("people", "requests"))


_COUNT_REACH = 12  # characters after a number where the word for what it counts stands


def _counts_people(text: str, end: int) -> bool:
    """Whether the word right after a number counts people or requests, in any script."""
    after = text[end : end + _COUNT_REACH].lstrip()
    return any(lexicon.compiled(slot).match(after) for slot in ("people", "requests"))


def _is_date(number: str) -> bool:
    """Whether four digits read as a release date ("0324", "2407"), not a count ("1000").

    A date is a month and day ("0324", "0528") or a year and month ("2407", "2507").
    """
    if not number.isdigit():
        return False  # "00.0"
    first, last = int(number[:2]), int(number[2:])
    month_day = 1 <= first <= _MONTHS and 1 <= last <= _DAYS
    year_month = _FIRST_YEAR <= first <= _LAST_YEAR and 1 <= last <= _MONTHS
    return month_day or year_month


def _name_word(index: ModelIndex, parts: NameParts, text: str, nxt: Token | None) -> str | None:
    if text not in index.vocabulary and is_common_word(text):
        return None  # a word of the message's language ("tient", "passe"), no typo of a name
    word = text if text in index.vocabulary else correct_word(text, index.vocabulary) or text
    if word in parts.families:
        # "Qwen/Qwen3-32B": the publisher repeats the family; after a size, the family starts
        # another name ("qwen3 32b 用 qwen3-0.6b")
        return None if parts.sizes else ""
    if word in index.all_families:
        joined = index.joinable(parts.families, word) or "distill" in parts.lines
        return word if joined else None
    if word in index.neutral or (word in index.lines and not parts.sizes):
        return word  # a line is named before the size ("qwen3 coder 480b", not "32b max")
    linked = word in _LINKS and "distill" in parts.lines
    return "" if linked and nxt is not None and nxt.kind == "word" else None


def _mentions(index: ModelIndex, tokens: Sequence[Token], text: str) -> Iterator[_Mention]:
    position = 0
    found = 0
    taken = -1  # the last token of the previous name: a size there is that name's
    while position < len(tokens) and found < _MAX_MENTIONS:
        family = _family_at(index, tokens, position) if tokens[position].kind in _LEADS else None
        if family is None:
            position += 1
            continue
        mention = _Mention(position, position)
        mention.parts.families.append(family)
        if tokens[position].kind == "lver":
            mention.parts.add(tokens[position], index.all_families)
        before = position - 1
        if (
            before > taken
            and tokens[before].kind == "size"
            and _gap_ok(text, tokens[before], tokens[position])
        ):
            mention.first = before  # "405B 라마": the size said first
            mention.parts.add(tokens[before], index.all_families)
        nxt = position + 1
        while nxt < len(tokens) and _gap_ok(text, tokens[nxt - 1], tokens[nxt]):
            if tokens[nxt].kind == "num" and _counts_people(text, tokens[nxt].end):
                break  # "gpt-oss を10ユーザーで": a count in another script, not a version
            following = tokens[nxt + 1] if nxt + 1 < len(tokens) else None
            word = _continues(index, mention, tokens[nxt - 1], tokens[nxt], following)
            if word is None:
                break
            if word:
                glued = text[tokens[nxt].start - 1 : tokens[nxt].start] in {"-", "_"}
                mention.parts.add(
                    Token(tokens[nxt].kind, word, tokens[nxt].start, tokens[nxt].end),
                    index.all_families,
                    glued=glued,
                )
            mention.last = nxt
            nxt += 1
        found += 1
        yield mention
        taken = mention.last
        position = mention.last + 1


def _exact_window(index: ModelIndex, tokens: Sequence[Token]) -> tuple[int, int, str] | None:
    """Return the leftmost-longest token window whose compact form is a catalog key."""
    for position in range(len(tokens)):
        best: tuple[int, int, str] | None = None
        joined = ""
        for last in range(position, len(tokens)):
            joined += compact(tokens[last].text)  # "dsv3.2" is the key "dsv32"
            if joined in index.keys:
                # a precision after a nickname is said of it ("dsv3 fp8"), not part of it
                following = tokens[last + 1] if last + 1 < len(tokens) else None
                ends = (
                    following is None or following.kind == "quant" or not _is_name_part(following)
                )
                if ends:
                    best = (position, last, joined)
            if joined not in index.prefixes:
                break
        if best is not None:
            return best
    return None


def _choose(index: ModelIndex, ids: Sequence[str], rest: str, said: str = "") -> ModelMatch:
    if len(ids) == 1:
        return ModelMatch(model=ids[0], rest=rest)
    # "Qwen3-32B-FP8" is that repository, not also "Qwen3-32B-FP8-Static-PerTensor"
    exact = [
        model_id for model_id in ids if said and compact(model_id.rsplit("/")[-1]) == compact(said)
    ]
    if len(exact) == 1:
        return ModelMatch(model=exact[0], rest=rest)
    model = ids[0] if index.same_shape(ids) else None
    return ModelMatch(model=model, ambiguous=tuple(ids), rest=rest)


def find_model(text: str, index: ModelIndex | None = None) -> ModelMatch:
    """Find the first catalog model named in ``text`` (cleaned), or what could not be matched."""
    index = index or catalog_index()
    latin = index.romanize(latinize_names(text))
    tokens = tokenize(latin)
    unknown: tuple[_Mention, str] | None = None
    for mention in _mentions(index, tokens, latin):
        span = (tokens[mention.first].start, tokens[mention.last].end)
        ids = index.resolve(mention.parts)
        if ids:
            return _choose(index, ids, blank(latin, *span), latin[span[0] : span[1]])
        if unknown is None:
            unknown = (mention, latin[span[0] : span[1]])
    if unknown is not None:
        mention, name = unknown
        # The unknown name stays in the text: its size ("falcon 180b") is still worth reading.
        suggestions = index.suggestions(mention.parts)[:MAX_SUGGESTIONS]
        return ModelMatch(unknown_model=name, suggestions=suggestions, rest=latin)
    window = _exact_window(index, tokens)
    if window is None:
        return ModelMatch(rest=latin)
    first, last, key = window
    return _choose(index, index.keys[key], blank(latin, tokens[first].start, tokens[last].end))


@dataclass(frozen=True, slots=True)
class ModelSpan:
    """A catalog model named in a text, and where its name stands in the text as read."""

    start: int
    end: int
    model: str


def model_spans(text: str, index: ModelIndex | None = None) -> tuple[str, tuple[ModelSpan, ...]]:
    """Return the text as read (names latinized) and every catalog model it names, in order.

    Names the catalog does not resolve to one model of one shape are left out: they are the
    single-model reading's to ask about.
    """
    index = index or catalog_index()
    latin = index.romanize(latinize_names(text))
    tokens = tokenize(latin)
    found: list[ModelSpan] = []
    for mention in _mentions(index, tokens, latin):
        ids = index.resolve(mention.parts)
        if not ids or (len(ids) > 1 and not index.same_shape(ids)):
            continue
        found.append(ModelSpan(tokens[mention.first].start, tokens[mention.last].end, ids[0]))
    return latin, tuple(found)
