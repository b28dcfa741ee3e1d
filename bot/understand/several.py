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
from bot.understand.gates import Searchable, gated_re
from bot.understand.models.finder import ModelIndex, ModelSpan, model_spans
from bot.understand.sizes import find_generic_size
from sizing import load_models

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
# Fields another model's own words may have set for the whole message (``_said_elsewhere``).
_OWN = ("concurrency",)
# A count standing just before a model's name, with the word that gives it ("60 on", "30 para").
_COUNT_WORDS = (
    r"(?<![\w.])(?P<count>\d{1,3}(?:[,.]\d{3})*|\d+)\s(?:[a-zа-яё]+\s){0,2}"
    r"(?:on|for|en|para|pra|con|com|no|na|auf|für|mit|sur|pour|avec|на|для|под|у)\s"
)
_COUNT_BEFORE = gated_re(_COUNT_WORDS + "$")
_COUNT_LEAD = gated_re(_COUNT_WORDS)
_COUNT_REACH = 40
# A plain number with no unit after it ("for 20", "на Qwen 10", "10 个").
_BARE_NUMBER = gated_re(r"(?<![\w.,])(\d{1,6})(?=\s*(?:$|[\s,;.!?)]|个|個|名|人|명|개|位))")
# The most users a bare count before a name is read as (past it, it is no head count).
_MOST_USERS = 100_000
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
_NEGATION = gated_re(
    r"(?:^|[\s(,，])(?:не|not|no|nicht|kein|pas|non|não|nao|sin|sem|ohne|sans|ni)(?=[\s),.]|$)"
    r"|不是|并非|並非|じゃなく|ではなく|말고|아니"
)
# Where a clause of a message ends: punctuation, or a joining word ("..., o 8B pra 300").
_CLAUSE_END = gated_re(r"[,;，。；、?!？！]|\.(?=\s|$)")
# Fields a clause naming one model again sets for it ("o 235B pra 20 usuários").
_ASSIGNED = ("concurrency", "context_tokens", "precision", "kv_dtype", "throughput_tok_s")
_SIZE_KEY = gated_re(r"(\d+(?:\.\d+)?)b(?![a-z0-9])")
_WORD_KEY = gated_re(r"[a-z]+")
# Words of repository names that name no model of their own.
_GENERIC_WORDS = frozenset({"it", "hf", "instruct", "chat", "base", "fp", "bf", "awq", "gptq"})
# Words that give a number to every model ("each 20", "并发各20", "по 20 на каждую", "jeweils").
_EACH = gated_re(
    r"(?<![a-z])(?:each|every\sone|both|apiece|per\smodel|cada|ambos|ambas|los\sdos|las\sdos|"
    r"os\sdois|as\sduas|jeweils|beide|jede[rsn]?|chacun|chacune|chaque|les\sdeux|"
    r"кажд\w*|обе|оба|все\sдва)(?![a-z])"
    r"|各|每个|每個|都要|两个都|兩個都|それぞれ|両方|ずつ|각각|둘\s?다|씩"
)


@cache
def _alternatives(language: str) -> Searchable:
    """Words offering models as alternatives in the message's language (and English).

    Per language: Portuguese "o" is "the", Spanish "o" is "or".
    """
    words = lexicon.for_language(language).or_words + lexicon.for_language("en").or_words
    return gated_re(lexicon.union(words))


def _keys(member: RequestFacts, name: str) -> set[str]:
    """Words a message may use to name a member again.

    Its size ("235b"), its family word, and the words of its repository's name ("vl" of
    Qwen3-VL-8B, "air" of GLM-4.5-Air): only the words no other member has are used.
    """
    keys: set[str] = set()
    if member.model_id is not None:
        found = _SIZE_KEY.search(member.model_id.lower())
        if found:
            keys.add(found.group(0))
        repo = member.model_id.rsplit("/", 1)[-1].lower()
        keys |= {w for w in _WORD_KEY.findall(repo) if len(w) > 1 and w not in _GENERIC_WORDS}
    elif member.params_b is not None:
        keys.add(f"{member.params_b:g}b")
    word = _WORD_KEY.search(name)
    if word is not None and len(word.group(0)) > 2:  # noqa: PLR2004 - "gpt", not "o"
        keys.add(word.group(0))
    return keys


@cache
def _key_pattern(key: str) -> Searchable:
    """Find a key as a word of its own: a family word may run into its version ("qwen3")."""
    after = "[a-z]" if key.isalpha() else "[a-z0-9]"
    return gated_re(rf"(?<![a-z0-9.]){re.escape(key)}(?!{after})")


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
            if starts[i] < begin and any(_key_pattern(key).search(clause) for key in own)
        ]
        if len(named) == 1:
            current = named[0]
        elif named:
            current = None
        if current is not None:
            found.append((begin, end, current))
    return found


# A size said beside a model that has it is that model again: "DeepSeek-R1 (the 671B one)".
_SAME_SIZE = 0.1


def _sized_again(parts: list[RequestFacts]) -> bool:
    """Whether a part named only by a size is another part's model, described by its size."""
    totals = {model.id: model.total_params for model in load_models()}
    sizes = [totals.get(part.model_id or "") for part in parts if part.model_id is not None]
    return any(
        part.model_id is None
        and part.params_b is not None
        and any(size and abs(part.params_b * 1e9 - size) <= _SAME_SIZE * size for size in sizes)
        for part in parts
    )


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
    bounds = [0, *(_count_first(latin, cut) for cut in cuts[1:]), len(latin)]
    parts = [_read_part(latin[a:b], language, read) for a, b in itertools.pairwise(bounds)]
    if whole.concurrency is not None:  # "30 users on X and 10 on Y": the 10 are Y's users
        parts = [
            _elliptic_count(part, latin[a:b]) if position else part
            for position, (part, (a, b)) in enumerate(
                zip(parts, itertools.pairwise(bounds), strict=True)
            )
        ]
    if not all(part.names_model for part in parts) or _sized_again(parts):
        return ()
    names = [latin[c : c + 40] for c in cuts]
    refs = _references(latin, cuts, [_keys(p, n) for p, n in zip(parts, names, strict=True)])
    if refs:  # each model's own part ends where the clauses naming models again begin
        parts = [
            _read_part(latin[a : min([b] + [r[0] for r in refs if r[0] > a])], language, read)
            for a, b in itertools.pairwise(bounds)
        ]
    said = [
        [_clause_count(read(latin[b:e]), latin[b:e], whole) for b, e, m in refs if m == position]
        for position in range(len(parts))
    ]
    shared = _distributed(latin, read)
    # Each model's own clause is read only where the whole message has users to give away.
    heads = (
        [
            read(_head(latin, a, b, c))
            for (a, b), c in zip(itertools.pairwise(bounds), cuts, strict=True)
        ]
        if any(getattr(whole, name) is not None for name in _OWN)
        else []
    )
    return tuple(
        _member(
            own,
            whole,
            said[position],
            tuple(
                name for name in _said_elsewhere(whole, heads, said, position) if name not in shared
            ),
        )
        for position, own in enumerate(parts)
    )


def _distributed(latin: str, read: Callable[[str], RequestFacts]) -> set[str]:
    """Return the fields a clause gives every model ("并发各20", "32K context for both")."""
    fields: set[str] = set()
    edges = [0, *(m.start() for m in _CLAUSE_END.finditer(latin)), len(latin)]
    for begin, end in itertools.pairwise(edges):
        clause = latin[begin:end]
        if _EACH.search(clause):
            facts = read(clause)
            fields |= {name for name in _INHERITED if getattr(facts, name) is not None}
    return fields


def _count_first(latin: str, cut: int) -> int:
    """Return where a model's part starts when its count stands before its name.

    "25 users on gpt-oss-120b plus 60 on gpt-oss-20b": the 60 is the second model's.
    """
    found = _COUNT_BEFORE.search(latin, max(0, cut - _COUNT_REACH), cut)
    return found.start() if found else cut


def _elliptic_count(part: RequestFacts, text: str) -> RequestFacts:
    """Read a bare count a part starts with, before its model's name, as its users."""
    found = _COUNT_LEAD.match(text)
    if part.concurrency is not None or found is None:
        return part
    count = int(re.sub(r"\D", "", found.group("count")))
    return replace(part, concurrency=count) if 0 < count <= _MOST_USERS else part


def _clause_count(clause: RequestFacts, text: str, whole: RequestFacts) -> RequestFacts:
    """Read a lone bare number in a clause about one model as its users, when users are spoken of.

    "..., the 70B for 50 users and the 32B for 20": the 20 are the 32B's users.
    """
    if clause.concurrency is not None or whole.concurrency is None:
        return clause
    numbers = _BARE_NUMBER.findall(text)
    if len(numbers) != 1 or not 0 < int(numbers[0]) <= _MOST_USERS:
        return clause
    return replace(clause, concurrency=int(numbers[0]))


def _head(latin: str, start: int, stop: int, name: int) -> str:
    """Return a model's own clause: its part up to the first clause end after its name."""
    end = _CLAUSE_END.search(latin, max(start, name), stop)
    return latin[start : end.start() if end else stop]


def _said_elsewhere(
    whole: RequestFacts,
    heads: list[RequestFacts],
    said: list[list[RequestFacts]],
    position: int,
) -> tuple[str, ...]:
    """Fields of the whole message that another model's own words set: not this model's.

    "Llama 3.3 70B for chat and a 7B router, the chat one for 60 users" gives the 60 to the
    70B alone; the router's count is unsaid, not 60. A clause about one model ("the 32B with
    8K context") sets any field for it alone; a model's own clause only its users, since a
    context said there is as often meant for all as for it.
    """
    taken = []
    for name in _INHERITED:
        value = getattr(whole, name)
        if value is None:
            continue
        others = [facts for j, clauses in enumerate(said) if j != position for facts in clauses]
        if name in _OWN:
            others += [facts for j, facts in enumerate(heads) if j != position]
        if any(getattr(facts, name) == value for facts in others):
            taken.append(name)
    return tuple(taken)


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


def _member(
    own: RequestFacts,
    whole: RequestFacts,
    said: list[RequestFacts],
    elsewhere: tuple[str, ...] = (),
) -> RequestFacts:
    """One model's facts: its own part's, what clauses about it set, the rest from the whole.

    ``elsewhere`` names the fields the whole took from another model's words.
    """
    assigned: dict[str, object] = {}
    for clause in said:
        assigned |= {f: getattr(clause, f) for f in _ASSIGNED if getattr(clause, f) is not None}
    filled = {
        name: getattr(whole, name)
        for name in _INHERITED
        if getattr(own, name) is None and getattr(whole, name) is not None and name not in elsewhere
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
