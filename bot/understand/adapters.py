"""LoRA adapters served on one base model: "50 LoRA adapters on Llama 3.1 8B", "LoRA 어댑터 50개".

A count of adapters is a serving question (vLLM's multi-LoRA): nobody trains fifty adapters in
one job, and "host my LoRA adapter" is serving too. Their rank ("rank 32", "r=64", "秩 32",
"ランク 32") is read where it is said. Both are blanked from the text, so that the count is
taken for no number of users.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import blank

_LORA = r"(?:lora|로라|лор[аыуе]?)"
_ADAPTER_WORDS = (
    rf"(?:{_LORA}[\s-]?)?(?:adapters?|adaptadores?|adaptateurs?|adapter(?:n)?|адаптер\w{{0,3}}|"
    r"适配器|適配器|アダプター?|어댑터)|loras(?![a-z])|лор(?![а-яё])|low-rank\sadapters?"
)
# A particle between the adapters and their count: "LoRAアダプタを80個", "어댑터를 50개".
_PARTICLE = r"\s?(?:を|が|は|を計|를|을|가|이)?\s?"
# A count that needs its counter word after "LoRA": "LoRA 40個", "lora 64개", "로라 12개".
_COUNTER_WORD = r"\s?(?:个|個|개|つ|本)"
_COUNTER = (
    r"\s?(?:个|個|개|つ|本|шт\.?)?\s?"
    r"(?:(?:fine[\s-]?tuned|custom|different|distinct|own|customer)\s)?"
)
_NUMBER = r"(\d{1,6}(?:[,.\s]\d{3})*)"
_RANK = (
    r"(?:(?<![a-zа-яё])(?:rank|ранг|rango|posto|rang)\s?[=:]?\s?|(?<![a-z])r\s?=\s?|"
    r"(?:秩|ランク|랭크)\s?[=:]?\s?)(\d{1,3})(?!\d)"
)


@dataclass(frozen=True, slots=True)
class Adapters:
    """How many adapters the text serves, their rank when said, and the text without them."""

    count: int
    rank: int | None
    rest: str


@cache
def _patterns() -> tuple[Searchable, ...]:
    before = rf"(?<![\d.,]){_NUMBER}{_COUNTER}(?:{_LORA}\s?)?(?:{_ADAPTER_WORDS})(?:[\s-]?{_LORA})?"
    lora_count = rf"(?<![\d.,]){_NUMBER}{_COUNTER}{_LORA}(?![a-zа-яё])"
    after = rf"(?:{_ADAPTER_WORDS}){_PARTICLE}[×x:]?\s?{_NUMBER}{_COUNTER}(?![\d.,])"
    counted = rf"{_LORA}{_PARTICLE}{_NUMBER}{_COUNTER_WORD}"
    return tuple(gated_re(p) for p in (before, lora_count, after, counted))


def _number(text: str) -> int | None:
    digits = re.sub(r"[,.\s]", "", text)
    return int(digits) if digits.isdigit() else None


def find_adapters(text: str) -> Adapters | None:
    """Return the adapters the (cleaned) text serves, or None when it counts none."""
    for pattern in _patterns():
        match = pattern.search(text)
        if match is None:
            continue
        count = _number(match.group(1))
        if not count:
            continue
        rest = blank(text, match.start(), match.end())
        rank = None
        found = re.search(_RANK, rest)
        if found is not None:
            rank = int(found.group(1))
            rest = blank(rest, found.start(), found.end())
        return Adapters(count=count, rank=rank, rest=rest)
    return None
