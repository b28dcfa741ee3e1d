"""Several models to serve side by side: "Llama 3.3 70B for chat and an 8B for autocomplete".

A message names several models to run together when two or more catalog models (or a catalog
model and a size, "an 8B") stand in it joined by a word of ``together`` ("and", "plus", "和",
"и", "sowie") and no word offers them as alternatives ("or", "vs", "instead of", a comparison).
Each model takes the numbers of its own part of the message (from its name to the next
model's), and what its part does not say comes from the message as a whole ("128K context for
both"): the parser's own reading of each part (``read``), so every field is read the same way.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from bot.request import RequestFacts
from bot.understand import lexicon
from bot.understand.models.finder import ModelIndex, ModelSpan, model_spans
from bot.understand.sizes import find_generic_size

# The most models one message sizes together (``sizing.MAX_SHARED_MODELS``); past it, the
# message is read as one model's request.
MAX_MEMBERS = 8
# Fields a member takes from the whole message when its own part does not say them (the GPUs,
# the count, the budget and the platform are the deployment's, never a member's).
_INHERITED = (
    "precision",
    "kv_dtype",
    "engine",
    "context_tokens",
    "concurrency",
    "input_tokens",
    "output_tokens",
)
# How far after a joining word a size may stand to name a model of its own ("and an 8B
# model for autocomplete").
_SIZE_REACH = 24


def _joins(text: str) -> bool:
    return lexicon.search("together", text) or bool(re.search(r"[,，、/]", text))


def _span_keys(spans: tuple[ModelSpan, ...]) -> set[str]:
    """Return the sizes the named models go by ("235b", "8b"): a size said again names one."""
    return {m.group(0) for span in spans if (m := _SIZE_KEY.search(span.model.lower()))}


def _size_cut(between: str, language: str, taken: set[str]) -> int | None:
    """Where a model of its own, named by its size, starts in the text after a named model.

    After a joining word ("and an 8B", "+ un petit modèle 3B"), or anywhere when a joining
    word follows ("분류용으로 1.5B짜리 하나 같은 서버에 같이"); never a named model's size again.
    """
    joiner = lexicon.compiled("together")
    for join in joiner.finditer(between):
        reach = between[join.end() : join.end() + _SIZE_REACH]
        size = _SIZE_KEY.search(reach)
        if size is not None and size.group(0) in taken:
            continue
        if find_generic_size(reach, language) is not None:
            return join.start()
    size = _SIZE_KEY.search(between)
    later = size is not None and joiner.search(between, size.end()) is not None
    if size is None or not later or size.group(0) in taken:
        return None
    return size.start() if find_generic_size(between[size.start() :], language) else None


def _cuts(latin: str, spans: tuple[ModelSpan, ...], language: str) -> list[int]:
    """Return where each model's part of the message starts (two or more, or none)."""
    starts = [span.start for span in spans]
    joined: set[int] = set()  # parts that start at their joining word ("and an 8B")
    taken = _span_keys(spans)
    for position, span in enumerate(spans):
        stop = spans[position + 1].start if position + 1 < len(spans) else len(latin)
        cut = _size_cut(latin[span.end : stop], language, taken)
        if cut is not None:
            starts.append(span.end + cut)
            joined.add(span.end + cut)
    starts = sorted(set(starts))
    if len(starts) < 2 or len(starts) > MAX_MEMBERS:  # noqa: PLR2004 - several is two or more
        return []
    for first, second in itertools.pairwise(starts):
        if second not in joined and not _joins(latin[first:second]):
            return []
    return starts


# A negation between two names sets one apart: "DeepSeek-V3, не R1", "V3 말고 R1", "不是 R1".
_NEGATION = re.compile(
    r"(?:^|[\s(,，])(?:не|not|no|nicht|kein|pas|non|não|nao|sin|sem|ohne|sans|ni)(?=[\s),.]|$)"
    r"|不是|并非|並非|じゃなく|ではなく|말고|아니"
)
# Where a clause of a message ends: punctuation, or a joining word ("..., o 8B pra 300").
_CLAUSE_END = re.compile(r"[,;，。；、?!？！]|\.(?=\s|$)")
# Fields a clause naming one model again sets for it ("o 235B pra 20 usuários").
_ASSIGNED = ("concurrency", "context_tokens", "precision", "kv_dtype", "throughput_tok_s")
_SIZE_KEY = re.compile(r"(\d+(?:\.\d+)?)b(?![a-z0-9])")
_WORD_KEY = re.compile(r"[a-z]+")


@cache
def _alternatives(language: str) -> re.Pattern[str]:
    """Words offering models as alternatives in the message's language (and English).

    Per language: Portuguese "o" is "the", Spanish "o" is "or".
    """
    words = lexicon.for_language(language).or_words + lexicon.for_language("en").or_words
    return re.compile(lexicon.union(words))


def _keys(member: RequestFacts, name: str) -> set[str]:
    """Words a message may use to name a member again: its size ("235b"), its family word."""
    keys: set[str] = set()
    if member.model_id is not None:
        found = _SIZE_KEY.search(member.model_id.lower())
        if found:
            keys.add(found.group(0))
    elif member.params_b is not None:
        keys.add(f"{member.params_b:g}b")
    word = _WORD_KEY.search(name)
    if word is not None and len(word.group(0)) > 2:  # noqa: PLR2004 - "gpt", not "o"
        keys.add(word.group(0))
    return keys


def _clauses(latin: str, start: int) -> list[tuple[int, int]]:
    """Split the text from ``start`` into clauses at punctuation and joining words."""
    stops = [m.start() for m in _CLAUSE_END.finditer(latin, start)]
    stops += [m.start() for m in lexicon.compiled("together").finditer(latin, start)]
    edges = sorted({start, *stops, len(latin)})
    return [(a, b) for a, b in itertools.pairwise(edges) if latin[a:b].strip(" ,.;")]


def _unique(keys: list[set[str]]) -> list[set[str]]:
    """Each member's keys that no other member has."""
    return [
        own - set().union(*(other for j, other in enumerate(keys) if j != i))
        for i, own in enumerate(keys)
    ]


def _references(latin: str, starts: list[int], keys: list[set[str]]) -> list[tuple[int, int, int]]:
    """Return clauses after the names that speak of one member again, with that member.

    A clause naming exactly one member by its keys speaks of it, and so do the clauses after
    it that name none ("235B 给知识库用，大概30个人"), until another member is named.
    """
    found = []
    unique = _unique(keys)
    current: int | None = None
    for begin, end in _clauses(latin, starts[0]):
        if any(begin <= start < end for start in starts):
            current = None
            continue  # a member's own clause
        clause = latin[begin:end]
        named = [
            i
            for i, own in enumerate(unique)
            if starts[i] < begin
            and any(re.search(rf"(?<![\w.]){re.escape(key)}(?!\w)", clause) for key in own)
        ]
        if len(named) == 1:
            current = named[0]
        elif named:
            current = None
        if current is not None:
            found.append((begin, end, current))
    return found


def find_members(
    clean: str,
    index: ModelIndex,
    language: str,
    whole: RequestFacts,
    read: Callable[[str], RequestFacts],
) -> tuple[RequestFacts, ...]:
    """Return each model's facts when the message sizes several together, else ``()``.

    ``whole`` is the message's own reading; ``read`` reads one part of it the same way. A
    clause naming one of the models again ("o 235B pra 20 usuários") sets that model's numbers.
    """
    if lexicon.search("compare", clean) or _alternatives(language).search(clean):
        return ()
    read = _once(read)
    latin, spans = model_spans(clean, index)
    seen: set[str] = set()
    named = []
    for span in spans:  # a model named again is a reference to it, not one more model
        if span.model not in seen:
            seen.add(span.model)
            named.append(span)
    if not named:
        return ()
    cuts = _cuts(latin, tuple(named), language)
    if not cuts or any(_NEGATION.search(latin[a:b]) for a, b in itertools.pairwise(cuts)):
        return ()
    bounds = [0, *cuts[1:], len(latin)]
    parts = [_read_part(latin[a:b], language, read) for a, b in itertools.pairwise(bounds)]
    if not all(part.names_model for part in parts):
        return ()
    names = [latin[c : c + 40] for c in cuts]
    refs = _references(latin, cuts, [_keys(p, n) for p, n in zip(parts, names, strict=True)])
    if refs:  # each model's own part ends where the clauses naming models again begin
        parts = [
            _read_part(latin[a : min([b] + [r[0] for r in refs if r[0] > a])], language, read)
            for a, b in itertools.pairwise(bounds)
        ]
    return tuple(
        _member(own, whole, [read(latin[b:e]) for b, e, m in refs if m == position])
        for position, own in enumerate(parts)
    )


def _once(read: Callable[[str], RequestFacts]) -> Callable[[str], RequestFacts]:
    """``read`` that reads each distinct part once: parts are read again after references."""
    done: dict[str, RequestFacts] = {}

    def reading(text: str) -> RequestFacts:
        if text not in done:
            done[text] = read(text)
        return done[text]

    return reading


def _read_part(text: str, language: str, read: Callable[[str], RequestFacts]) -> RequestFacts:
    """Read one model's part, a size it starts with naming its model.

    The size names it even where a family word said again later is ambiguous ("... 3B pour
    la modération. 60 utilisateurs sur DeepSeek").
    """
    own = read(text)
    if own.names_model:
        return own
    size = find_generic_size(text[: _SIZE_REACH * 2], language)
    if size is None or size.params_b is None:
        return own
    return replace(own, params_b=size.params_b, active_params_b=size.active_params_b, moe=size.moe)


def _member(own: RequestFacts, whole: RequestFacts, said: list[RequestFacts]) -> RequestFacts:
    """One model's facts: its own part's, what clauses about it set, the rest from the whole."""
    assigned: dict[str, object] = {}
    for clause in said:
        assigned |= {f: getattr(clause, f) for f in _ASSIGNED if getattr(clause, f) is not None}
    filled = {
        name: getattr(whole, name)
        for name in _INHERITED
        if getattr(own, name) is None and getattr(whole, name) is not None
    }
    part = replace(
        own.kept(),
        gpus=(),
        gpu_count=None,
        budget_usd_month=None,
        cuda_only=None,
        needs_native_fp4=None,
    )
    return replace(part, **{**filled, **assigned})
