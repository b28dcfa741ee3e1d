"""Weight precision in all its spellings, and the KV-cache dtype when the text names one.

Half precision in ten languages means 16-bit (bf16 unless the text says fp16); "8bit" and
"w8a8" are int8; awq, gptq, q4 and w4a16 are int4; mxfp4 and nvfp4 are fp4 with the variant
kept, because the engine sizes the two block formats differently. A format said of the KV
cache ("fp8 kv", "KV 缓存 FP8", "KV-кэш в FP8", "KVキャッシュだけFP8", "caché KV en FP8",
"--kv-cache-dtype fp8") is the KV dtype, never the weights'.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.understand import lexicon
from bot.understand.gates import Searchable, gated_re
from bot.understand.lexicon import union

# "4bit", "4 bits" (es, fr, pt), "4 бита", "4ビット", "4비트", "4位", "4比特". 位 is also the
# polite measure word for people ("16位用户", "20 位使用者"), so not before a word for people.
_BIT = (
    r"[- ]?(?:bits?|бит[а-яё]*|ビット|비트|位(?!用户|用戶|使用者|客户|客戶|同事|员工|員工|人)|比特)"
)
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
    (rf"{lexicon.pattern('half_precision')}|16{_BIT}", "bf16", None),
    (rf"int8|w8a8|w8a16|8{_BIT}|q8(?:_0)?|int-8", "int8", None),
    (
        rf"int4|w4a16|4{_BIT}|awq|gptq|q4(?:_k_m|_k_s|_0|_k)?|int-4|bnb[- ]?4bit|nf4",
        "int4",
        None,
    ),
)
# CJK words glued to a spelling ("int4量化", "fp8で") are fine: only ASCII neighbours block,
# checked after the first character so that each pattern starts with plain characters (see
# ``lexicon.patterns``) and the regex engine skips straight to where one may start.
_SPELLING_RES: tuple[tuple[Searchable, str, str | None], ...] = tuple(
    (gated_re(f"(?:{union((pattern,))}){_RIGHT}"), precision, variant)
    for pattern, precision, variant in _SPELLINGS
)
# Words that may stand between the KV cache and its format: "in", "en", "em", "в", "で", "만",
# "用", a colon, "dtype", "only".
_LINKS = (
    r"(?:dtype|in|en|em|auf|à|a|is|are|ist|est|es|é|на|в|で|を|は|だけ|のみ|만|은|는|를|로|으로|"
    r"为|為|用|使用|改成|换成|換成|改用|换用|換用|切到|切换到|切換到|变成|變成|调成|調成|改到|改|换|換|"
    r"switched to|changed to|switch to|change to|"
    r"改为|设为|設為|设置为|設定為|设成|設成|设|設|是|only|solo|nur|only in|только|also|too|auch|"
    r"ebenfalls|también|também|aussi|тоже|"
    r"也|も|도|as well|set to|на|to|please|pls|bitte|por favor|s'il vous plaît|svp|"
    r"пожалуйста|请|請|维持|維持|保持|保留|stays?|keep|bleibt|reste|queda|fica|остается|остаётся|のまま|"
    # a verb of making: "KV-кэш сделать fp8", "KV cache make it fp8", "KV-Cache machen wir FP8"
    r"сделать|сделаем|перевести|make it|make|machen(?: wir)?|hacer|fazer|faire)"
)
_KV_LOOK_CHARS = 24
_KV_FORMATS = frozenset({"bf16", "fp16", "fp8"})


@cache
def _kv_before_re() -> Searchable:
    kv = lexicon.pattern("kv_cache")
    return gated_re(rf"(?:{kv})(?:[-_ ]?dtype)?[\s:=_-]*(?:{_LINKS}[\s:=]*){{0,2}}$")


@cache
def _kv_after_re() -> Searchable:
    kv = lexicon.pattern("kv_cache")
    # Directly after, or through a possessive: "FP8 KV", "FP8 的 KV", "FP8 の KV", "fp8 for the KV";
    # or a word of place: "fp8 no KV cache", "fp8 in the KV cache", "FP8 im KV-Cache".
    links = r"的|の|for the|for|in the|in|no|na|en el|en la|en|im|dans le|dans|для|в"
    return gated_re(rf"^[\s-]*(?:(?:{links})\s*)?(?:{kv})")


@dataclass(frozen=True, slots=True)
class PrecisionMention:
    """What the text says about number formats."""

    precision: str | None = None
    variant: str | None = None
    kv_dtype: str | None = None


def _is_kv(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - _KV_LOOK_CHARS) : start]
    after = text[end : end + _KV_LOOK_CHARS]
    return bool(_kv_before_re().search(before) or _kv_after_re().match(after))


# Something every spelling above contains: most messages name no format at all. Of the
# spellings with "16", only "f16" has none of the others ("16bit" has "bit", "w8a16" "w8a"),
# so a number such as "160" or "2016" does not send a message through every pattern.
_ANY_FORMAT_RE = gated_re(
    r"fp|bf|int|float|e[2-5]m|w[48]a|bit|бит|ビット|비트|位|比特|awq|gptq|q[48]|nf4|f16|半精|полов|"
    r"точност|precis|précis|genauig|präzis|half|halb|반|하프"
)


def _may_name_format(text: str) -> bool:
    """Whether ``text`` holds a mark of a format (read only then: most texts name none)."""
    return _ANY_FORMAT_RE.search(text) is not None


# A pasted launch command says both formats by flag: ``--quantization fp8 --kv-cache-dtype fp8``.
_FLAG_WEIGHTS = gated_re(r"--quantization[= ]+(fp8|awq|gptq|mxfp4|nvfp4|modelopt_fp4)\b")
_FLAG_KV = gated_re(r"--kv-cache-dtype[= ]+(fp8)\w*")
_FLAG_FORMATS = {"fp8": "fp8", "awq": "int4", "gptq": "int4", "mxfp4": "mxfp4"}
_FLAG_FORMATS |= {"nvfp4": "nvfp4", "modelopt_fp4": "nvfp4"}


def _from_flags(text: str) -> PrecisionMention | None:
    """Read the formats a pasted launch command's flags give, or None when it has neither."""
    weights = _FLAG_WEIGHTS.search(text)
    kv_flag = _FLAG_KV.search(text)
    if weights is None and kv_flag is None:
        return None
    fmt = _FLAG_FORMATS[weights.group(1)] if weights else None
    variant = fmt if fmt in {"mxfp4", "nvfp4"} else None
    return PrecisionMention(
        precision="fp4" if variant else fmt, variant=variant, kv_dtype="fp8" if kv_flag else None
    )


# A format ruled out beside the one wanted: "fp8 말고 int4로", "int4 instead of fp8", "statt FP8",
# "en vez de fp8", "au lieu du fp8", "вместо fp8", "不要 fp8", "fp8じゃなくて".
_RULED_OUT_BEFORE = gated_re(
    r"(?:(?<![a-zа-яё])(?:not|instead of|rather than|(?:don'?t|do not) (?:use|want)|scratch|"
    r"forget|drop|statt|anstatt|"
    r"nicht|kein(?:e|en)?|en vez de|en lugar de|au lieu d[eu]|pas (?:en|de)|em vez de|ao invés de|"
    r"вместо|не)|不要|不用|而不是|不是)\s?(?:the |el |la |le |o |a |das |den )?$"
)
_RULED_OUT_AFTER = gated_re(
    r"\s?(?:말고|대신|じゃなく|ではなく|でなく|은 말고|는 말고|就不用了|不要了)|"
    # a format not insisted on: "FP8 にこだわりはない", "fp8 isn't a must", "FP8 不是必须的"
    r"\s?(?:に|には)?\s?(?:こだわり(?:は|が)?(?:ない|なく|ありません)|こだわらない|必須ではな)|"
    r"\s?(?:is not|isn't) (?:a must|required|necessary)|\s?(?:doesn't|does not) have to be|"
    r"\s?(?:不是必须|不是必須|无所谓|無所謂|也不是非要)|\s?(?:не обязательно|не принципиально)|"
    r"\s?(?:ist kein muss|muss nicht sein|ist nicht zwingend)|"
    r"\s?(?:no es obligatorio|não é obrigatório|n'est pas obligatoire)|"
    r"\s?(?:은|는|이|가)?\s?꼭 (?:아니어도|필요하지 않)"
)
_RULED_OUT_REACH = 16


def _ruled_out(text: str, start: int, end: int) -> bool:
    """Whether the format named at ``start:end`` is said not to be wanted."""
    before = text[max(0, start - _RULED_OUT_REACH) : start]
    return bool(_RULED_OUT_BEFORE.search(before) or _RULED_OUT_AFTER.match(text, end))


_LATIN_FORMAT = {"фп": "fp", "бф": "bf", "инт": "int"}
_CYRILLIC_FORMAT_RE = gated_re(r"(?<![а-яё])(фп|бф|инт)(4|8|16|32)(?![0-9])")


def _latin_formats(text: str) -> str:
    """Return ``text`` with formats typed in Cyrillic ("фп8", "бф16") in Latin letters.

    The same length, so the spans read keep their place.
    """
    if "фп" not in text and "бф" not in text and "инт" not in text:
        return text
    return _CYRILLIC_FORMAT_RE.sub(
        lambda found: _LATIN_FORMAT[found.group(1)] + found.group(2), text
    )


def find_precision(text: str) -> PrecisionMention:
    """Find the first weight precision named and the KV dtype, if one is named."""
    flags = _from_flags(text) if "--" in text else None
    if flags is not None:
        return flags
    text = _latin_formats(text)
    if not _may_name_format(text):
        return PrecisionMention()
    weights: tuple[int, str, str | None] | None = None
    kv_dtype: tuple[int, str] | None = None
    for pattern, precision, variant in _SPELLING_RES:
        kv_format = precision in _KV_FORMATS
        for match in pattern.finditer(text):
            # A pattern's matches come in order of their start: once one starts after the
            # first weights found and after the first KV dtype it could be, no later one counts.
            later = weights is not None and match.start() >= weights[0]
            if later and (not kv_format or (kv_dtype is not None and match.start() >= kv_dtype[0])):
                break
            if _is_kv(text, match.start(), match.end()):
                if kv_format and (kv_dtype is None or match.start() < kv_dtype[0]):
                    kv_dtype = (match.start(), precision)
                continue
            if (weights is None or match.start() < weights[0]) and not _ruled_out(
                text, match.start(), match.end()
            ):
                weights = (match.start(), precision, variant)
    kv = kv_dtype[1] if kv_dtype else None
    if weights is None:
        return PrecisionMention(kv_dtype=kv)
    return PrecisionMention(precision=weights[1], variant=weights[2], kv_dtype=kv)
