"""Finders that stop reading early, or skip a pattern, find what the plain forms find.

The weight precision is read only where a format's mark stands, and stops a pattern once no
later match of it could come first; the active size skips the patterns whose words the text
lacks; the generic size reads its patterns' matches merged in order of their start, only as
far as the first size that counts; amounts in other currencies are looked for only where a
currency's mark stands. Each is checked against the plain form it replaces on texts of the
words they read.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import money, precision, sizes
from bot.understand.numbers import scan, worth_trying
from bot.understand.precision import PrecisionMention
from bot.understand.sizes import GenericSize

_PRECISION_PIECES = st.sampled_from(
    [
        "fp8",
        "fp4",
        "nvfp4",
        "mxfp4",
        "bf16",
        "fp16",
        "int8",
        "int4",
        "awq",
        "8bit",
        "4 bits",
        "16位",
        "half",
        "f16",
        "float16",
        "16",
        "2016",
        "e3m2",
        "w8a16",
        "16 bit",
        "kv",
        "kv cache",
        "kv-cache-dtype",
        "KV 缓存",
        "的",
        "for the",
        "in",
        "only",
        "weights",
        "70b",
        " ",
        " ",
        ",",
        "-",
        "x",
        "7",
    ]
)


# The test for a format's marks with any "16" (which "f16" replaces).
_PLAIN_ANY_FORMAT_RE = re.compile(
    r"fp|bf|int|float|e[2-5]m|w[48]a|bit|бит|ビット|비트|位|比特|awq|gptq|q[48]|nf4|16|半精|полов|"
    r"точност|precis|précis|genauig|präzis|half|halb|반|하프"
)


def _plain_precision(text: str) -> PrecisionMention:
    """``find_precision`` after any "16", reading every match of every pattern."""
    if _PLAIN_ANY_FORMAT_RE.search(text) is None:
        return PrecisionMention()
    weights: tuple[int, str, str | None] | None = None
    kv_dtype: tuple[int, str] | None = None
    for pattern, found, variant in precision._SPELLING_RES:
        for match in pattern.finditer(text):
            if precision._is_kv(text, match.start(), match.end()):
                if found in precision._KV_FORMATS and (
                    kv_dtype is None or match.start() < kv_dtype[0]
                ):
                    kv_dtype = (match.start(), found)
                continue
            if weights is None or match.start() < weights[0]:
                weights = (match.start(), found, variant)
    kv = kv_dtype[1] if kv_dtype else None
    if weights is None:
        return PrecisionMention(kv_dtype=kv)
    return PrecisionMention(precision=weights[1], variant=weights[2], kv_dtype=kv)


@settings(max_examples=500, deadline=None)
@given(st.lists(_PRECISION_PIECES, max_size=14).map("".join))
def test_precision_read_until_nothing_later_counts_is_what_every_match_gives(text):
    """Stopping a pattern early changes neither the weights nor the KV dtype found."""
    assert precision.find_precision(text) == _plain_precision(text)


_SIZE_PIECES = st.sampled_from(
    [
        "70b",
        "235b",
        "a22b",
        "22b active",
        "active 12b",
        "activos",
        "aktiv",
        "активных",
        "激活",
        "アクティブ",
        "활성",
        "1t",
        "1.5 tn",
        "billion",
        "one trillion",
        "700亿",
        "一万亿",
        "3만",
        "0b",
        "1e9",
        "moe",
        "dense",
        "(",
        " ",
        " ",
        ",",
        "-",
        "x",
        "5",
    ]
)


def _plain_active(text: str) -> tuple[float, int] | None:
    for pattern in sizes._ACTIVE_RES:
        match = next(scan(pattern, text), None)
        if match:
            return float(match.group("num")), match.start("num")
    return None


def _plain_first_size(text: str, language: str) -> float | None:
    """Return the first size that counts, from every match of every pattern sorted by start."""
    active = _plain_active(text)
    matches = sorted(
        (
            match
            for pattern in worth_trying(sizes._size_res(), text)
            for match in itertools.islice(scan(pattern, text), sizes._MAX_SIZES)
        ),
        key=lambda match: match.start(),
    )
    for match in matches:
        if active is not None and match.start() == active[1]:
            continue
        params_b = sizes._billions(match, language)
        if params_b is not None:
            return params_b
    return None


@settings(max_examples=500, deadline=None)
@given(st.lists(_SIZE_PIECES, max_size=12).map("".join))
def test_active_patterns_skipped_without_their_words_find_what_all_find(text):
    """The active size is the same whether the patterns without their words are tried or not."""
    assert sizes._active(text) == _plain_active(text)


@settings(max_examples=500, deadline=None)
@given(st.lists(_SIZE_PIECES, max_size=12).map("".join), st.sampled_from(["en", "fr", "es"]))
def test_sizes_merged_by_start_give_the_size_all_matches_sorted_give(text, language):
    """The merged, lazily read matches yield the first size the sorted list yields."""
    found = sizes.find_generic_size(text, language)
    expected = _plain_first_size(text, language)
    if expected is None or expected == 0:
        assert found is None
    else:
        assert isinstance(found, GenericSize)
        if found.params_b is not None:
            assert found.params_b == expected


def test_every_active_word_holds_one_of_the_stems():
    """Each word the first two active patterns read contains a stem checked for."""
    words = ("active", "activo", "activas", "ativos", "aktiven", "actifs", "активных")
    for word in (*words, "激活参数", "アクティブ", "활성화"):
        assert any(stem in word for stem in sizes._ACTIVE_STEMS)


_MONEY_PIECES = st.sampled_from(
    [
        "eur",
        "euro",
        "euros",
        "eurs",
        "euré",
        "utilisateurs",
        "heure",
        "serveur",
        "€",
        "r$",
        "yen",
        "元",
        "5",
        "10k",
        "2万",
        "1,000",
        " ",
        " ",
        "-",
        "o",
        "s",
        "a",
    ]
)


def _plain_blank_other_currencies(text: str) -> tuple[str, bool]:
    """``blank_other_currencies`` without the test for a currency's marks."""
    found = False
    for pattern in worth_trying(money._other_money_res(), text):
        for match in list(scan(pattern, text)):
            start, end = match.span()
            text = text[:start] + money._SPENT * (end - start) + text[end:]
            found = True
    return text, found


@settings(max_examples=500, deadline=None)
@given(st.lists(_MONEY_PIECES, max_size=10).map("".join))
def test_other_currencies_looked_for_after_their_marks_are_all_found(text):
    """The marks tested first never hide an amount in another currency."""
    assert money.blank_other_currencies(text) == _plain_blank_other_currencies(text)
