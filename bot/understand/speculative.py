"""Speculative decoding with a draft model: "Qwen3 32B with Qwen3 0.6B as the draft", "EAGLE".

A message that speaks of speculative decoding (or of a draft model) and names two catalog
models serves one and drafts with the other: the draft is the model said with a draft word
("Qwen3 0.6B as drafter", "草稿模型用 Qwen3-1.7B"), else the one named second. The tokens a
draft proposes a step ("4 speculative tokens", "num_speculative_tokens=5") are read beside it.
Two models with no word of speculation stay two models served side by side
(``bot.understand.several``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.understand.gates import gated_re
from bot.understand.models.finder import model_spans
from bot.understand.models.index import ModelIndex

_SPECULATION_RE = gated_re(
    r"speculat|spec[- ]?decod|draft|eagle|推测解码|推測解碼|投机解码|投機解碼|投机采样|草稿模型|"
    r"投機的|ドラフト|추측 ?디코딩|투기적|드래프트|спекулятивн|драфт|черновая модель|"
    r"especulativ|borrador|rascunho|spekulativ|entwurfsmodell|spéculati|brouillon"
)
# A word saying which model drafts ("as the draft", "drafter", "草稿模型用", "als Entwurfsmodell").
_DRAFT_WORD_RE = gated_re(
    r"draft(?:er)?|草稿|ドラフト|드래프트|драфт|чернов|borrador|rascunho|entwurf|brouillon"
)
_TOKENS_RE = gated_re(
    r"(?:num_speculative_tokens|speculative[_ ]tokens|draft[_ ]tokens|(?<![a-z])k)\s?[=:]?\s?"
    r"(?P<a>[1-9][0-9]?)(?![0-9])|(?<![0-9.])(?P<b>[1-9][0-9]?)\s?(?:speculative|draft(?:ed)?|"
    r"spekulative|spéculatifs|especulativos)\s?tokens?"
)
_DRAFT_REACH = 24  # characters between a draft word and the model it names
_MAX_SPECULATIVE_TOKENS = 16


@dataclass(frozen=True, slots=True)
class Draft:
    """The model served, the draft model and the tokens drafted a step (None: the default)."""

    served: str
    draft: str
    tokens: int | None


def find_draft(clean: str, index: ModelIndex) -> Draft | None:
    """Return the served and draft models a message names for speculative decoding, or None."""
    if _SPECULATION_RE.search(clean) is None:
        return None
    latin, spans = model_spans(clean, index)
    models = list(dict.fromkeys(span.model for span in spans))
    if len(models) != 2:  # noqa: PLR2004 - one served, one drafting
        return None
    draft_words = [match.start() for match in _DRAFT_WORD_RE.finditer(latin)]

    def nearness(model: str) -> int:
        starts = [span.start for span in spans if span.model == model]
        ends = [span.end for span in spans if span.model == model]
        return min(
            (abs(word - edge) for word in draft_words for edge in (*starts, *ends)),
            default=_DRAFT_REACH + 1,
        )

    near = [model for model in models if nearness(model) <= _DRAFT_REACH]
    draft = min(near, key=nearness) if near else models[1]
    served = models[0] if draft == models[1] else models[1]
    return Draft(served=served, draft=draft, tokens=_tokens(latin))


def _tokens(text: str) -> int | None:
    match = _TOKENS_RE.search(text)
    if match is None:
        return None
    value = int(match.group("a") or match.group("b"))
    return value if value <= _MAX_SPECULATIVE_TOKENS else None
