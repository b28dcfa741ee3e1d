"""Small numbers as customers write them in ten languages, for counting servers and months.

Digits count in every language; words count in the message's language and, where they mean
nothing else, in the others ("zwei Server?" is often detected as English). East Asian numerals
(一 两 三, 한 두 세, 일 이 삼) count in every message.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.numbers import CJK_DIGITS

LETTER = r"a-zß-öø-ÿа-яё"
# The edges of a word that may end or start in a letter or in a CJK character: a letter may not
# touch a letter ("semestre" in "semestres"), a CJK character may touch anything ("半年HGX").
WORD_END = rf"(?:(?<=[{LETTER}])(?![{LETTER}])|(?<![{LETTER}]))"
WORD_START = rf"(?:(?=[{LETTER}])(?<![{LETTER}])|(?![{LETTER}]))"
DIGITS = r"(?<![0-9.,])[0-9]{1,4}(?![0-9]|[.,][0-9])"

# Small numbers as words, by language; digits count in every language.
_NUMBERS: dict[str, dict[str, int]] = {
    "en": {
        "one": 1,
        "a single": 1,
        "single": 1,
        "an": 1,
        "a": 1,
        "two": 2,
        "a pair of": 2,
        "a couple of": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "eight": 8,
        "nine": 9,
        "ten": 10,
        "eleven": 11,
        "twelve": 12,
        "eighteen": 18,
        "twenty-four": 24,
    },
    "de": {
        "einen": 1,
        "eines": 1,
        "einem": 1,
        "einer": 1,
        "eine": 1,
        "ein": 1,
        "zwei": 2,
        "drei": 3,
        "vier": 4,
        "fünf": 5,
        "sechs": 6,
        "sieben": 7,
        "acht": 8,
        "neun": 9,
        "zehn": 10,
        "elf": 11,
        "zwölf": 12,
        "achtzehn": 18,
        "vierundzwanzig": 24,
    },
    "fr": {
        "une": 1,
        "un": 1,
        "deux": 2,
        "trois": 3,
        "quatre": 4,
        "cinq": 5,
        "six": 6,
        "sept": 7,
        "huit": 8,
        "neuf": 9,
        "dix": 10,
        "onze": 11,
        "douze": 12,
        "dix-huit": 18,
        "vingt-quatre": 24,
    },
    "es": {
        "una": 1,
        "uno": 1,
        "un": 1,
        "un par de": 2,
        "dos": 2,
        "tres": 3,
        "cuatro": 4,
        "cinco": 5,
        "seis": 6,
        "siete": 7,
        "ocho": 8,
        "nueve": 9,
        "diez": 10,
        "once": 11,
        "doce": 12,
        "dieciocho": 18,
        "veinticuatro": 24,
    },
    "pt-BR": {
        "uma": 1,
        "um": 1,
        "numa": 1,
        "num": 1,
        "um par de": 2,
        "duas": 2,
        "dois": 2,
        "três": 3,
        "tres": 3,
        "quatro": 4,
        "cinco": 5,
        "seis": 6,
        "sete": 7,
        "oito": 8,
        "nove": 9,
        "dez": 10,
        "onze": 11,
        "doze": 12,
        "dezoito": 18,
        "vinte e quatro": 24,
    },
    "ru": {
        "одного": 1,
        "одном": 1,
        "одну": 1,
        "одна": 1,
        "один": 1,
        "двух": 2,
        "пару": 2,
        "пара": 2,
        "пары": 2,
        "два": 2,
        "две": 2,
        "трёх": 3,
        "трех": 3,
        "три": 3,
        "четырёх": 4,
        "четырех": 4,
        "четыре": 4,
        "пяти": 5,
        "пять": 5,
        "шести": 6,
        "шесть": 6,
        "семь": 7,
        "восемь": 8,
        "девять": 9,
        "десять": 10,
        "двенадцати": 12,
        "двенадцать": 12,
        "восемнадцать": 18,
    },
}
# The East Asian numerals of Chinese, Japanese and Korean (Korean native and Sino-Korean).
_CJK_NUMBERS = {
    "十二": 12,
    "十八": 18,
    "二十四": 24,
    **{digit: value for digit, value in CJK_DIGITS.items() if value},
    "俩": 2,
    "倆": 2,
    "十": 10,
}
_KO_NUMBERS = {
    "열두": 12,
    "한": 1,
    "두": 2,
    "세": 3,
    "네": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
    "열": 10,
    "십이": 12,
    "십팔": 18,
    "이십사": 24,
    "일": 1,
    "이": 2,
    "삼": 3,
    "사": 4,
    "오": 5,
    "육": 6,
    "칠": 7,
    "팔": 8,
    "구": 9,
    "십": 10,
}


def _alternation(words: dict[str, int]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# Words that are numbers in one language and something else in another ("dos" is "of the" in
# Portuguese): read as numbers only in their own language.
OWN_LANGUAGE_ONLY = {"dos": "es", "once": "es", "elf": "de", "sept": "fr", "um": "pt-BR"}


@cache
def number_words(language: str) -> dict[str, int]:
    """Return the number words read in ``language``: every language's, the message's own first.

    Short messages are often detected as another language; a word that is a number in one
    language only ("dos") counts in that one.
    """
    words: dict[str, int] = {}
    for code, table in _NUMBERS.items():
        for word, value in table.items():
            if OWN_LANGUAGE_ONLY.get(word, code) == code or code == language:
                words.setdefault(word, value)
    return {**words, **_NUMBERS.get(language, {})}


@cache
def number_pattern(language: str) -> str:
    """Return the pattern of a number: digits, a word of the language, an East Asian numeral."""
    words = _alternation(number_words(language))
    return (
        rf"(?P<n>{DIGITS}|(?<![{LETTER}])(?:{words})(?![{LETTER}])"
        rf"|{_alternation(_CJK_NUMBERS)}|(?<![가-힣])(?:{_alternation(_KO_NUMBERS)}))"
    )


def number_value(token: str, language: str) -> int | None:
    """Return the value of a number ``number_pattern`` matched (digits or a word), or None."""
    token = token.strip()
    if token.isdigit():
        return int(token)
    found = number_words(language).get(token) or _CJK_NUMBERS.get(token)
    return found or _KO_NUMBERS.get(token)
