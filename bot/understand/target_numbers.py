"""Numbers with their magnitudes as the readers of targets find them.

"2k", "10 M", "1,5 млн", "5万", "两", "двое": one pattern (``NUM``) and its value
(``number_of``), with helpers that let one pattern hold several numbers (``named``,
``alternatives``, ``group``).
"""

from __future__ import annotations

import re

from bot.understand.numbers import (
    CJK_DIGITS,
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    magnitude_factor,
    parse_cjk_number,
    parse_number,
)

# The factor of each word when the message's language is not known. "billion" is read as in
# English here; with the language, its own lexicon decides first (``_magnitude``): a German or
# French "Billion"/"billion" is 10^12, a Spanish "billón" too, a Brazilian "bilhão" 10^9.
_MAGNITUDES = (
    (r"k|к|тыс\.?|тысяч[аи]?|mil(?! ?mill)|thousand|tausend|mille", 1e3),
    (r"m|м|mm|млн\.?|миллион(?:а|ов)?|mio\.?|million(?:s|en)?|millones|milh(?:ão|ões|oes)", 1e6),
    # ("2 bi de tokens": Brazilian shorthand for bilhões, only before tokens)
    (r"bi(?=\s(?:de\s)?tokens?)", 1e9),
    # ("10 mi de tokens": Brazilian shorthand for milhões, before what it counts)
    (r"mi(?=\s(?:de\s)?(?:tokens?|documentos|tickets|registros|textos|arquivos))", 1e6),
    (
        (
            r"b|bn|g|млрд\.?|миллиард(?:а|ов)?|billion(?:s)?|mrd\.?|milliarde?n?|mil millones"
            r"|bilh(?:ão|ões|oes)|milliards?"
        ),
        1e9,
    ),
    (r"t|tn|трлн\.?|trillion(?:s)?|billones|bill[oó]n|billionen|trilh(?:ão|ões|oes|ao)", 1e12),
    (r"万|萬|만", 1e4),
    (r"亿|億|억", 1e8),
    (r"千万|千萬|천만", 1e7),
    (r"百万|百萬|백만", 1e6),
    # Indian English: "60 crore tokens" (600 million), "5 lakh requests a day" (500,000)
    (r"lakhs?|lacs?", 1e5),
    (r"crores?|cr(?=\s(?:tokens?|docs?|documents|requests|rupees|inr))", 1e7),
)
_MAG = "|".join(f"(?:{pattern})" for pattern, _ in sorted(_MAGNITUDES, key=lambda p: -len(p[0])))
# A number, a glued or spaced magnitude that no letter continues ("2k", "10 M", "1,5 млн").
_SMALL_CJK: dict[str, float] = {
    **{digit: value for digit, value in CJK_DIGITS.items() if value},
    "十": 10,
    "半": 0.5,
    "한": 1,
    "두": 2,
    "세": 3,
    "네": 4,
    # Russian collective numerals, said of days ("за двое суток")
    "двое": 2,
    "трое": 3,
    "четверо": 4,
}
NUM = (
    rf"(?:{CJK_NUMBER_PATTERN}|{NUMBER_PATTERN}(?:\s?(?P<mag>(?:{_MAG}))(?![a-zа-яё]))?"
    rf"|(?P<small>[一两兩二三四五六七八九十半](?![万萬亿億千百])|(?<![가-힣])[한두세네](?=\s?(?:주|시간|달))"
    r"|(?<![а-яё])(?:двое|трое|четверо)(?=\s(?:суток|сутки|дней)))"
    r")"
)


def _magnitude(word: str, language: str | None = None) -> float:
    word = word.strip().lower()
    if language is not None:
        factor = magnitude_factor(word, language)
        if factor != 1.0:
            return factor
    for pattern, factor in _MAGNITUDES:
        if re.fullmatch(pattern, word):
            return factor
    return 1.0


def number_of(
    match: re.Match[str], prefix: str | None = None, language: str | None = None
) -> float:
    """Return the value of a ``NUM`` group in a match (groups renamed with ``prefix``).

    ``language``, the message's, decides what a magnitude word shared by languages means.
    """
    groups = match.groupdict()
    if prefix is None:
        prefix = _prefix(match)
    cjk = groups.get(f"{prefix}cjk")
    small = groups.get(f"{prefix}small")
    if small:
        return float(_SMALL_CJK[small])
    value = parse_cjk_number(cjk) if cjk else parse_number(groups.get(f"{prefix}num") or "nan")
    mag = groups.get(f"{prefix}mag")
    if mag:
        value *= _magnitude(mag, language)
    return value


def named(pattern: str, prefix: str) -> str:
    """``pattern`` with its named groups prefixed, so that one regex can hold two numbers."""
    return re.sub(r"\(\?P<([a-z0-9]+)>", lambda m: f"(?P<{prefix}{m.group(1)}>", pattern)


# The group prefixes ``alternatives`` gives its alternatives (the pattern's own groups first).
_PREFIXES = ("", *(f"a{i}" for i in range(16)))


def alternatives(*parts: str) -> str:
    """Alternatives, each with its groups under its own prefix (``a0``, ``a1``, ...)."""
    return "(?:" + "|".join(named(part, f"a{i}") for i, part in enumerate(parts)) + ")"


def _prefix(match: re.Match[str]) -> str:
    """Return the prefix of the alternative that matched (see ``alternatives``)."""
    groups = match.groupdict()
    for prefix in _PREFIXES:
        if groups.get(f"{prefix}num") or groups.get(f"{prefix}cjk") or groups.get(f"{prefix}small"):
            return prefix
    return ""


def group(match: re.Match[str], name: str) -> str | None:
    """Return a named group of whichever alternative matched."""
    groups = match.groupdict()
    for prefix in _PREFIXES:
        value = groups.get(f"{prefix}{name}")
        if value:
            return value
    return None
