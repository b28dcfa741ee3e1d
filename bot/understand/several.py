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

from bot.request import MODEL_FIELDS, RequestFacts
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


def _cuts(latin: str, spans: tuple[ModelSpan, ...], language: str) -> list[int]:
    """Return where each model's part of the message starts (two or more, or none)."""
    starts = [span.start for span in spans]
    joined: set[int] = set()  # parts that start at their joining word ("and an 8B")
    joiner = lexicon.compiled("together")
    for position, span in enumerate(spans):
        stop = spans[position + 1].start if position + 1 < len(spans) else len(latin)
        between = latin[span.end : stop]
        for join in joiner.finditer(between):
            reach = between[join.end() : join.end() + _SIZE_REACH]
            if find_generic_size(reach, language) is not None:
                starts.append(span.end + join.start())
                joined.add(span.end + join.start())
                break
    starts = sorted(set(starts))
    if len(starts) < 2 or len(starts) > MAX_MEMBERS:  # noqa: PLR2004 - several is two or more
        return []
    for first, second in itertools.pairwise(starts):
        if second not in joined and not _joins(latin[first:second]):
            return []
    return starts


def find_members(
    clean: str,
    index: ModelIndex,
    language: str,
    whole: RequestFacts,
    read: Callable[[str], RequestFacts],
) -> tuple[RequestFacts, ...]:
    """Return each model's facts when the message sizes several together, else ``()``.

    ``whole`` is the message's own reading; ``read`` reads one part of it the same way.
    """
    if lexicon.search_any(("or_words", "compare"), clean):
        return ()
    latin, spans = model_spans(clean, index)
    if not spans:
        return ()
    cuts = _cuts(latin, spans, language)
    if not cuts:
        return ()
    bounds = [0, *cuts[1:], len(latin)]
    members: list[RequestFacts] = []
    for start, stop in itertools.pairwise(bounds):
        own = read(latin[start:stop])
        if not own.names_model:
            return ()
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
        members.append(replace(part, **filled))
    models = [tuple(getattr(m, name) for name in MODEL_FIELDS) for m in members]
    if len(set(models)) < len(models) and len(members) == 2:  # noqa: PLR2004
        return ()  # one model named twice ("Llama 70B ... the 70B"): one request
    return tuple(members)
