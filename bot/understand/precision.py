"""Weight precision in all its spellings, and the KV-cache dtype when the text names one.

Half precision in ten languages means 16-bit (bf16 unless the text says fp16); "8bit" and
"w8a8" are int8; awq, gptq, q4 and w4a16 are int4; mxfp4 and nvfp4 are fp4 with the variant
kept, because the engine sizes the two block formats differently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LEFT = r"(?<![a-z0-9])"
# "4bit", "4 bits" (es, fr, pt), "4 бита", "4ビット", "4비트", "4位", "4比特". 位 is also the
# polite measure word for people ("16位用户": 16 users), so not before a word for people.
_BIT = r"[- ]?(?:bits?|бит\w*|ビット|비트|位(?!用户|用戶|客户|客戶|同事|员工|員工|人)|比特)"
_RIGHT = r"(?![a-z0-9])"

# (pattern, precision, variant). Order matters only between overlapping spellings.
_SPELLINGS: tuple[tuple[str, str, str | None], ...] = (
    (r"mxfp4", "fp4", "mxfp4"),
    (r"nvfp4", "fp4", "nvfp4"),
    (rf"fp4|float4|e2m1|4{_BIT} (?:float|fp)", "fp4", None),
    (r"mxfp6|fp6|e[23]m[23]", "fp6", None),
    (rf"fp8|float8|e4m3(?:fn)?|e5m2|8{_BIT} (?:float|fp)|w8a8[-_]fp8", "fp8", None),
    (r"bf16|bfloat16|bfloat-16", "bf16", None),
    (r"fp16|float16|f16", "fp16", None),
    (
        (
            r"half[- ]precision|半精度|半精|полов\w* точност\w*|половинн\w* точност\w*|"
            r"media precisión|media precision|meia precisão|meia precisao|halbe[rn]? genauigkeit|"
            rf"demi[- ]précision|demi[- ]precision|반정밀도|16{_BIT}"
        ),
        "bf16",
        None,
    ),
    (rf"int8|w8a8|w8a16|8{_BIT}|q8(?:_0)?|int-8", "int8", None),
    (
        (
            rf"int4|w4a16|4{_BIT}|awq|gptq|q4(?:_k_m|_k_s|_0|_k)?|int-4|"
            r"bnb[- ]?4bit|nf4"
        ),
        "int4",
        None,
    ),
)
_SPELLING_RES: tuple[tuple[re.Pattern[str], str, str | None], ...] = tuple(
    (re.compile(f"{_LEFT}(?:{pattern}){_RIGHT}"), precision, variant)
    for pattern, precision, variant in _SPELLINGS
)
# CJK words glued to a spelling ("int4量化", "fp8で") are fine: only ASCII neighbours block.
_KV_BEFORE_RE = re.compile(r"kv[-_ ]?(?:cache)?[-_ ]?(?:dtype)?[\s:=]*$")
_KV_AFTER_RE = re.compile(r"^[\s-]*kv")
_KV_LOOK_CHARS = 20


@dataclass(frozen=True, slots=True)
class PrecisionMention:
    """What the text says about number formats."""

    precision: str | None = None
    variant: str | None = None
    kv_dtype: str | None = None


def _is_kv(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - _KV_LOOK_CHARS) : start]
    after = text[end : end + _KV_LOOK_CHARS]
    return bool(_KV_BEFORE_RE.search(before) or _KV_AFTER_RE.match(after))


def find_precision(text: str) -> PrecisionMention:
    """Find the first weight precision named and the KV dtype, if one is named."""
    weights: tuple[int, str, str | None] | None = None
    kv_dtype: str | None = None
    for pattern, precision, variant in _SPELLING_RES:
        for match in pattern.finditer(text):
            if _is_kv(text, match.start(), match.end()):
                if precision in {"bf16", "fp16", "fp8"} and kv_dtype is None:
                    kv_dtype = precision
            elif weights is None or match.start() < weights[0]:
                # Keep reading: "FP8 with FP8 KV cache" names the KV dtype after the weights.
                weights = (match.start(), precision, variant)
    if weights is None:
        return PrecisionMention(kv_dtype=kv_dtype)
    return PrecisionMention(precision=weights[1], variant=weights[2], kv_dtype=kv_dtype)
