"""A rental term said as a span of the calendar: "from March to the end of August" (6 months).

"7/1–12/31" (6), "de octubre a diciembre" (3), "von Januar bis Ende Juni" (6), "4 月から 9 月末ま
で" (6), "3 月 1 日到 11 月 30 日" (9), "從 8/1 租到明年 1/31" (6), "с 1 апреля по 30 сентября" (6),
"for Q3" (3). Months named alone count whole ("October to December" is three); with their days,
a span ending on a month's last days counts the end month too.
Read only where no term is said in months (``bot.understand.rental_months``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re

_MONTHS_PER_YEAR = 12
_LAST_DAYS = 28  # a span ending on the 28th or later ends with its month
_QUARTER = 3

# Month names by their number, every language's (lower-case, cleaned text).
_NAMES: tuple[str, ...] = (
    r"january|jan|enero|janeiro|januar|jänner|janvier|январ[ьяею]",
    r"february|feb|febrero|fevereiro|februar|février|феврал[ьяею]",
    r"march|mar|marzo|março|märz|mars|март[ае]?",
    r"april|apr|abril|avril|апрел[ьяею]",
    r"may|mayo|maio|mai|ма[йяюе]",
    r"june|jun|junio|junho|juni|juin|июн[ьяею]",
    r"july|jul|julio|julho|juli|juillet|июл[ьяею]",
    r"august|aug|agosto|août|август[ае]?",
    r"september|sept?|septiembre|setembro|septembre|сентябр[ьяею]",
    r"october|oct|octubre|outubro|oktober|octobre|октябр[ьяею]",
    r"november|nov|noviembre|novembro|novembre|ноябр[ьяею]",
    r"december|dec|diciembre|dezembro|dezember|décembre|декабр[ьяею]",
)
_LETTER = "a-zà-ÿа-яё"
_NAME = "|".join(f"(?:{names})" for names in _NAMES)
# A month said by name ("March", "el 1 de abril"), by its number with a Chinese, Japanese or
# Korean mark ("3 月", "9월"), or as a date ("7/1", "1.10.", "2026-07-01"); "the end of" before
# or "末"/"말" after makes it end on the month's last day.
_END_OF = (
    r"(?:(?:the|o|el|la|le|a|al|ao)\s)?(?:end of|fin de|fim de|finales de|fines de|final de|ende|"
    r"конца|конец|fin)\s"
)
_FROM = r"(?:from|de|desde|dès|von|vom|ab|du|с|со|从|從|自|由)?\s?"
_TO = (
    r"\s?(?:to|through|thru|till|until|-|–|—|~|〜|～|a|à|al|ao|até|au|bis|bis zum|bis ende|"
    r"por|по|до|到|至|租到|用到|から|부터|에서)\s?(?:明年|来年|내년|next year|l'année prochaine|"
    r"del año siguiente|do ano seguinte|следующего года)?\s?"
)


def _one(suffix: str) -> str:
    """One end of a span, its groups named with ``suffix``."""

    def day(key: str) -> str:
        return rf"(?<![0-9a-z])(?P<{key}{suffix}>[12][0-9]|3[01]|0?[1-9])(?![0-9])"

    return (
        rf"(?:(?P<e{suffix}>{_END_OF})?(?:{day('d')}(?:st|nd|rd|th|er|º)?\s(?:de\s|of\s)?)?"
        rf"(?<![{_LETTER}])(?P<n{suffix}>{_NAME})(?![{_LETTER}])(?:\s{day('b')})?"
        rf"|(?P<c{suffix}>1[0-2]|0?[1-9])\s?(?:月|월)(?:\s?{day('f')}\s?(?:日|일))?"
        rf"(?P<t{suffix}>\s?(?:末|말))?"
        rf"|(?<![0-9./-])(?P<m{suffix}>1[0-2]|0?[1-9])/{day('k')}(?![0-9/])"
        rf"|(?<![0-9.]){day('g')}\.(?P<h{suffix}>1[0-2]|0?[1-9])\.(?:[0-9]{{2,4}})?"
        rf"|(?<![0-9])20[0-9]{{2}}-(?P<i{suffix}>1[0-2]|0[1-9])-(?P<j{suffix}>[0-3][0-9]))"
    )


@cache
def _span_re() -> Searchable:
    return gated_re(_FROM + _one("1") + _TO + _one("2") + r"(?:\s?(?:まで|까지))?")


# "Q3", "III квартал", "3분기", "第三季度", "3. Quartal", "T3" said alone: a quarter's three months.
_QUARTER_RE = gated_re(
    r"(?<![a-z0-9_])q[1-4](?![a-z0-9_])|(?<![a-z])(?:i{1,3}|iv)\s(?:квартал|quarter|trimestre)|"
    r"[1-4]\s?분기|第[一二三四]季度|[1-4]\.\s?quartal|[1-4](?:er|e|º)?\s?trimestre(?!s)|"
    r"[1-4]-?(?:й|ий)\sквартал"
)


@dataclass(frozen=True, slots=True)
class _Date:
    month: int
    day: int | None
    month_end: bool


def _month_of(name: str) -> int | None:
    for number, names in enumerate(_NAMES, start=1):
        if re.fullmatch(names, name):
            return number
    return None


def _date(match: re.Match[str], suffix: str) -> _Date | None:
    group = match.groupdict()

    def get(key: str) -> str | None:
        return group.get(f"{key}{suffix}")

    day_text = get("d") or get("b") or get("f") or get("k") or get("g") or get("j")
    day = int(day_text) if day_text else None
    if day is not None and not 1 <= day <= 31:  # noqa: PLR2004 - days of a month
        return None
    end = bool(get("e")) or bool(get("t"))
    if get("n"):
        month = _month_of(get("n") or "")
    else:
        number = get("c") or get("m") or get("h") or get("i")
        month = int(number) if number else None
    if month is None:
        return None
    return _Date(month, day, end)


def find_month_span(text: str) -> int | None:
    """Return the months of a rental term said as a span of the calendar, or None."""
    for match in _span_re().finditer(text):
        start, end = _date(match, "1"), _date(match, "2")
        if start is None or end is None:
            continue
        if (start.day is None) != (end.day is None) and not end.month_end:
            continue  # "ab 1.10., Mai": one date and a month of something else
        months = (end.month - start.month) % _MONTHS_PER_YEAR
        if start.day is None and end.day is None:
            months += 1  # "October to December": the three months named
        elif end.month_end or (end.day is not None and end.day >= _LAST_DAYS):
            months += 1  # "1/4 to 30/9": to the end of the last month
        if 0 < months <= _MONTHS_PER_YEAR:
            return months
    if _QUARTER_RE.search(text):
        return _QUARTER
    return None
