"""Korean particles (josa) that follow the sound of the word before them.

A Korean particle has one form after a final consonant and another after a vowel: "H200은" but
"MI355X는", "FP8을" but "32K를". A translation cannot know what a placeholder will hold, so the
Korean catalog writes both forms the way Korean software does ("%(gpu)s은(는)",
"%(plan)s(으)로") and ``resolve_particles`` keeps the one the filled-in word takes. A word whose
sound cannot be judged keeps the pair form, which Korean readers accept, rather than a guess.

The word is read as a Korean speaker says it: a Hangul syllable by its final consonant, a
number in Sino-Korean (200 "이백", 3.5 "삼 점 오"), a name ending in a capital letter letter by
letter ("MI355X" ends in "엑스"), a lowercase English ending by its sound ("Qwen" ends in "n"),
a unit as its word (GB "기가바이트", % "퍼센트"), an amount in dollars with "달러" after it.
"""

from __future__ import annotations

import re
from enum import Enum


class Final(Enum):
    """How the word before a particle ends, as far as particles care."""

    VOWEL = "vowel"  # no final consonant: 는, 가, 를, 와, 로, (이) dropped before 라
    RIEUL = "rieul"  # final ㄹ: 은, 이, 을, 과, but 로 like a vowel
    CONSONANT = "consonant"  # any other final consonant: 은, 이, 을, 과, 으로


_V, _L, _C = Final.VOWEL, Final.RIEUL, Final.CONSONANT

# The pair forms, each as (after a final consonant, after a vowel). (으)로 takes 으 after any
# final but ㄹ; the copula (이) keeps 이 after any final.
_PAIRS: dict[str, tuple[str, str]] = {
    "은(는)": ("은", "는"),
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
}
# "(이)" is the copula before an ending: (이)라면, (이)라서, (이)며, (이)고, (이)지만, (이)나.
# Not before "에요", whose vowel form is "예요".
_PAIR_FORMS = re.compile(r"은\(는\)|이\(가\)|을\(를\)|과\(와\)|\(으\)로|\(이\)(?=[가-힣])(?!에)")

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_HANGUL_FINALS = 28  # 27 final consonants and none, per syllable block (Unicode 3.12)
_RIEUL_FINAL = 8  # ㄹ among the finals

# Sino-Korean digits: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGIT_FINALS = (_C, _L, _V, _C, _V, _V, _C, _L, _L, _V)
# A whole number ending in zeros is read by its last unit, by the count of zeros from which
# it is said: 십 (1), 백 (2), 천 (3), 만 (4 to 7), 억 (8 to 11), 조 (12 to 15), 경 (16 to 19).
_UNIT_WORDS = ((16, _C), (12, _V), (8, _C), (4, _C), (3, _C), (2, _C), (1, _C))
_LARGEST_UNIT_ZEROS = 19
# Letters as Korean says them: only 엘 and 알 end in ㄹ, only 엠 and 엔 in another consonant.
_LETTER_FINALS = {"L": _L, "R": _L, "M": _C, "N": _C}
# Symbols read as a word after a figure: 퍼센트, 배 (2.5×), 플러스 (8480+).
_SYMBOL_FINALS = {"%": _V, "×": _V, "+": _V}
# Currency signs inside the figure, read after it: "US$3,090" is "삼천구십 달러".
_CURRENCY_FINALS = {"$": _V, "€": _V, "£": _V, "₩": _C, "¥": _C, "￥": _C}
# Units right after a figure whose Korean word ends otherwise than their letters would:
# "5m" is "오 미터", "24h" is "이십사 시간".
_UNIT_FINALS = {"m": _V, "cm": _V, "mm": _V, "km": _V, "L": _V, "h": _C, "min": _C}

_CLOSING_QUOTES = frozenset("\"'”’»」』")
_CLOSING_BRACKETS = {")": "(", "]": "[", "）": "（"}
_QUOTE_ENTITIES = ("&quot;", "&#34;", "&#39;", "&#x27;")
_TAG_AT_END = re.compile(r"</?[A-Za-z][^<>]*>\Z")
# Where the word before a particle starts: after a space, a tag, an opening bracket or quote.
_WORD_START = frozenset(" \t\n\u00a0>([{（\"'“‘«「『")
_NUMBER_AT_END = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?\Z")
_LETTERS_AT_END = re.compile(r"[A-Za-z]+\Z")
_VOWEL_LETTERS = frozenset("aeiou")
_SOUNDING_FINALS = frozenset("lmn")  # the English endings Korean writes as a final consonant


def resolve_particles(text: str) -> str:
    """Replace each pair form by the particle the word before it takes; keep it when unsure."""
    if "(" not in text:
        return text
    return _PAIR_FORMS.sub(lambda match: _resolve(text, match), text)


def _resolve(text: str, match: re.Match[str]) -> str:
    pair = match.group()
    final = final_sound(word_before(text, match.start()))
    if final is None:
        return pair
    if pair == "(으)로":
        return "으로" if final is Final.CONSONANT else "로"
    if pair == "(이)":
        # "MXFP4라면" but "141 GB이며": before 라 the copula drops after a vowel; before 며, 고,
        # 지만 and 므로 written Korean keeps it, which is right after any word.
        drops = final is Final.VOWEL and text.startswith("라", match.end())
        return "" if drops else "이"
    after_consonant, after_vowel = _PAIRS[pair]
    return after_vowel if final is Final.VOWEL else after_consonant


def word_before(text: str, end: int) -> str:
    """Return the word a particle at ``end`` follows, past closing tags, quotes and brackets.

    "<b>H200</b>" gives "H200"; "NVIDIA H200(단일 GPU 머신 1대)" gives "H200", since a
    particle after a bracket belongs to the word before it. Empty when there is none.
    """
    while end > 0:
        char = text[end - 1]
        if char == ">" and (tag := _TAG_AT_END.search(text, 0, end)):
            end = tag.start()
        elif char in _CLOSING_QUOTES:
            end -= 1
        elif char == ";" and (entity := _quote_entity(text, end)):
            end -= len(entity)
        elif char in _CLOSING_BRACKETS:
            opening = _opening_bracket(text, end - 1)
            if opening is None:
                return ""
            end = len(text[:opening].rstrip(" "))
        else:
            break
    start = end
    while start > 0 and text[start - 1] not in _WORD_START:
        start -= 1
    return text[start:end]


def _quote_entity(text: str, end: int) -> str | None:
    return next((e for e in _QUOTE_ENTITIES if text.endswith(e, 0, end)), None)


def _opening_bracket(text: str, closing: int) -> int | None:
    """Return where the bracket closed at ``closing`` opens, nested ones skipped."""
    depth = 0
    for index in range(closing, -1, -1):
        char = text[index]
        if char in _CLOSING_BRACKETS:
            depth += 1
        elif char in _CLOSING_BRACKETS.values():
            depth -= 1
            if depth == 0:
                return index
    return None


def final_sound(word: str) -> Final | None:
    """Tell how ``word`` ends when read aloud in Korean; ``None`` when it cannot be told."""
    last = word[-1:]
    if not last:
        return None
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        final = (ord(last) - _HANGUL_FIRST) % _HANGUL_FINALS
        return _V if final == 0 else _L if final == _RIEUL_FINAL else _C
    if last in _SYMBOL_FINALS:
        return _SYMBOL_FINALS[last]
    if last.isascii() and last.isdigit():
        return _figure_final(word)
    if last.isascii() and last.isalpha():
        return _latin_final(word)
    return None


def _figure_final(word: str) -> Final | None:
    currency = next((sign for sign in _CURRENCY_FINALS if sign in word), None)
    if currency is not None:
        return _CURRENCY_FINALS[currency]
    number = _NUMBER_AT_END.search(word)
    return _number_final(number.group()) if number else None


def _number_final(number: str) -> Final | None:
    """Return the last sound of a figure read in Sino-Korean: "200" 이백, "1.5" 일 점 오."""
    whole, _, decimals = number.replace(",", "").partition(".")
    if decimals:  # decimals are read digit by digit, a zero as 영
        return _DIGIT_FINALS[int(decimals[-1])]
    significant = whole.rstrip("0")
    if not significant:
        return _DIGIT_FINALS[0]
    zeros = len(whole) - len(significant)
    if zeros == 0:
        return _DIGIT_FINALS[int(whole[-1])]
    if zeros > _LARGEST_UNIT_ZEROS:
        return None
    return next(final for least, final in _UNIT_WORDS if zeros >= least)


def _latin_final(word: str) -> Final | None:
    letters = _LETTERS_AT_END.search(word)
    if letters is None:  # pragma: no cover - the caller saw a letter at the end
        return None
    tail = letters.group()
    if letters.start() > 0 and word[letters.start() - 1].isdigit() and tail in _UNIT_FINALS:
        return _UNIT_FINALS[tail]
    if tail[-1].isupper():  # an acronym, a model size or a version: read letter by letter
        return _LETTER_FINALS.get(tail[-1], _V)
    return _english_final(tail.lower())


def _english_final(word: str) -> Final | None:
    """Return the last sound of an English ending as Korean writes it ("Qwen" 큐웬)."""
    if word[-1] == "e" and word[-2:-1] in _SOUNDING_FINALS and word[:-2]:
        word = word[:-1]  # a silent e: Google 구글, time 타임, engine 엔진
    if word.endswith("l"):  # Mixtral 믹스트랄
        return _L
    if word.endswith(("m", "n", "ng")):  # Qwen 큐웬, Thinking 싱킹
        return _C
    if _is_short_closed(word):
        return None  # chat 챗 but bit 비트: Korean spells these both ways
    return _V


def _is_short_closed(word: str) -> bool:
    """Say whether one vowel letter ends in p t k b g ("chat", "web") or "ck" ("Maverick")."""
    if word.endswith("ck"):
        stem = word[:-2]
    elif word[-1] in "ptkbg":
        stem = word[:-1]
    else:
        return False
    single_vowel = len(stem) == 1 or (len(stem) > 1 and stem[-2] not in _VOWEL_LETTERS)
    return bool(stem) and stem[-1] in _VOWEL_LETTERS and single_vowel
