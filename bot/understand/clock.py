"""A job's window said as two clock times: its hours from the first to the last.

"from 2 am to 8 am" (6 hours), "22時〜翌朝6時" (8), "每天凌晨 2 点开跑……早上 8 点前" (6), "hoy a
las 20 h … mañana a las 8" (12), "Fri 6pm to Mon 6am" (60). A window that ends at or before its
start ends the next day; weekdays named before both times count the days between. Read only
beside a job with no deadline said otherwise (``bot.understand.targets``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.understand.gates import gated_re

_HOURS_PER_DAY = 24
_NOON = 12
_DAYS_PER_WEEK = 7
# Parts of the day that put an hour of 1-11 after noon ("晚上 10 点", "午後3時", "오후 9시").
_AFTERNOON = frozenset(
    {
        "下午",
        "傍晚",
        "晚上",
        "夜里",
        "夜裡",
        "今晚",
        "今夜",
        "明晚",
        "午後",
        "夜",
        "晚",
        "오후",
        "저녁",
    }
    | {"밤", "pm", "p.m.", "noche", "tarde", "noite", "soir", "evening", "night"}
)
_CLOCK_RES_BASE = (
    # twelve-hour times: 2 am, 6pm, 10:30 p.m.
    gated_re(
        r"(?<![\d.,:])(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s?(?P<part>am|pm|a\.m\.|p\.m\.)"
    ),
    # twenty-four-hour times with their minutes
    gated_re(r"(?<![\d.,:])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])"),
    # a clock hour said after its lead: "a las 20 h", "às 18h", "um 22 Uhr", "à 6h", "до 8 утра"
    gated_re(
        r"(?<![a-zà-ÿ])(?:a las|a la|às|as|um|à|ab|bis|von|from|jusqu'à|hasta las|até as|até às|"
        r"de las|desde las|das|des|entre|et|between|zwischen)\s"
        r"(?P<h>[01]?\d|2[0-3])(?:[:h](?P<m>[0-5]\d))?\s?(?:h|uhr|heures?|horas?|hs)?(?![\d:])"
    ),
    # CJK: "凌晨 2 点", "早上 8 點前", "22時", "翌朝6時", "밤 10시"
    gated_re(
        r"(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|今晚|今夜|明晚|明早|明天早上|夜里|夜裡|半夜|深夜|"
        r"翌朝|朝|午前|午後|夜|晚|早|새벽|오전|"
        r"오후|저녁|밤|아침)?\s?(?P<h>[01]?\d|2[0-4])\s?(?:点|點|時|시)(?!間|间|간)"
        r"(?:半|(?P<m>[0-5]?\d)分)?"
    ),
)
# A German clock hour with its word: "Samstag 8 Uhr bis Sonntag 20 Uhr".
_UHR_RE = gated_re(r"(?<![\d.,:])(?P<h>[01]?\d|2[0-4])(?::(?P<m>[0-5]\d))?\s?uhr(?![a-z])")
# Two hours of a range said with one unit after both: "22–6 Uhr", "22-6h", "22〜6時", "22 à 6 h".
_RANGE_RE = gated_re(
    r"(?<![\d.,:])(?P<h1>[01]?\d|2[0-3])\s?(?:–|—|-|~|〜|～|to|bis|à|a|até)\s?"
    r"(?P<h2>[01]?\d|2[0-4])\s?(?:uhr|h|hs|heures?|horas?|時|点|點|시)(?![a-zà-ÿ\d])"
)
# Two bare hours of a range said with "from … to" in Russian: "с 22 до 6", "с 23 по 7 утра".
_FROM_TO_RE = gated_re(
    r"(?<![а-яё])с\s(?P<h1>[01]?\d|2[0-3])\s(?:до|по)\s(?P<h2>[01]?\d|2[0-4])(?![\d:.,])"
    r"(?!\s?(?:человек|чел|пользовател|юзер|шт|штук|токен|тыс|%|gpu|карт|сервер|мес|дн|лет|год))"
    r"(?:\s?(?:час\w*|утра|вечера|ночи))?"
)
# An hour with its part of the day after it: "10 de la noche", "8 da manhã", "11 du soir".
_PART_AFTER_RE = gated_re(
    r"(?<![\d.,:])(?P<h>1[0-2]|0?[1-9])\s?(?:h\s?)?(?:de la|da|du|in the|at)\s"
    r"(?P<part>noche|tarde|mañana|madrugada|noite|manhã|madrugada|soir|matin|evening|night|morning)"
)
# A weekday before an hour: "samedi 8h", "Saturday 8h", "sábado 20 h".
_DAY_HOUR_RE = gated_re(
    r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s(?P<h>[01]?\d|2[0-3])\s?(?:h|hs|uhr)(?![a-z\d])|"
    r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo|segunda|terça|quarta|quinta|sexta)\s(?P<h2>[01]?\d|2[0-3])\s?"
    r"(?:h|hs|heures?|horas?)(?![a-z\d])"
)
_CLOCK_RES = (_PART_AFTER_RE, *_CLOCK_RES_BASE, _UHR_RE)  # the part of the day first
# Weekdays by their names, Monday first (a name before a clock time dates it).
_WEEKDAYS = (
    (
        r"mon(?:day)?|lunes|lundi|montag|segunda|понедельник[а-яё]?|周一|週一|星期一|礼拜一|禮拜一|月曜|"
        r"월요일"
    ),
    (
        r"tue(?:s|sday)?|martes|mardi|dienstag|terça|вторник[а-яё]?|周二|週二|星期二|礼拜二|禮拜二|火曜|"
        r"화요일"
    ),
    (
        r"wed(?:nesday)?|miércoles|mercredi|mittwoch|quarta|сред[аыу]|周三|週三|星期三|礼拜三|禮拜三|水曜|"
        r"수요일"
    ),
    (
        r"thu(?:rs|rsday)?|jueves|jeudi|donnerstag|quinta|четверг[а-яё]?|周四|週四|星期四|礼拜四|禮拜四|"
        r"木曜|목요일"
    ),
    r"fri(?:day)?|viernes|vendredi|freitag|sexta|пятниц[аыу]|周五|週五|星期五|礼拜五|禮拜五|金曜|금요일",
    r"sat(?:urday)?|sábado|sabado|samedi|samstag|суббот[аыу]|周六|週六|星期六|礼拜六|禮拜六|土曜|토요일",
    (
        r"sun(?:day)?|domingo|dimanche|sonntag|воскресень[ея]|周日|週日|星期日|星期天|礼拜天|禮拜天|"
        r"日曜|일요일"
    ),
)
# Weekdays by one syllable, Monday first: Korean right before the time ("토 오전 8시 ~ 월 오전
# 8시"), Japanese in brackets ("(土) 22時").
_WEEKDAY_SHORT = ("월", "화", "수", "목", "금", "토", "일")
_WEEKDAY_BRACKETED = ("月", "火", "水", "木", "金", "土", "日")
_WEEKDAY_RES = tuple(
    gated_re(
        # (a German part of the day glued on: "Freitagabend", "Montagmorgen")
        rf"(?<![a-zà-ÿа-яё])(?:{names})(?:abend|morgen|vormittag|nachmittag|mittag|früh|nacht)?"
        rf"(?![a-zà-ÿа-яё])|"
        rf"(?<![가-힣]){short}(?=\s*$)|[(（]{bracketed}[)）]"
    )
    for names, short, bracketed in zip(_WEEKDAYS, _WEEKDAY_SHORT, _WEEKDAY_BRACKETED, strict=True)
)
_WEEKDAY_REACH = 16  # characters before a clock time where its weekday may stand
# Words of the next day between the two times ("mañana a las 8", "翌朝6時", "明天早上").
_NEXT_DAY = gated_re(
    r"tomorrow|next (?:morning|day)|mañana|amanhã|morgen|demain|lendemain|завтра|明天|明早|隔天|"
    r"第二天|次日|翌朝|翌日|次の日|내일|다음 ?날|이튿날"
)


@dataclass(frozen=True, slots=True)
class _Clock:
    start: int
    end: int
    hour: float


def _clocks(text: str) -> list[_Clock]:
    """Return the clock times of ``text`` in order, each once."""
    found: list[_Clock] = []
    for match in _DAY_HOUR_RE.finditer(text):
        name = "h" if match.group("h") else "h2"
        # (from its hour: the weekday before it dates it, ``_weekday``)
        found.append(_Clock(match.start(name), match.end(), int(match.group(name)) % 24))
    for match in (*_RANGE_RE.finditer(text), *_FROM_TO_RE.finditer(text)):
        found.append(_Clock(match.start("h1"), match.end("h1"), int(match.group("h1")) % 24))
        found.append(_Clock(match.start("h2"), match.end(), int(match.group("h2")) % 24))
    for pattern in _CLOCK_RES:
        for match in pattern.finditer(text):
            if any(c.start < match.end() and match.start() < c.end for c in found):
                continue
            minutes = match.groupdict().get("m") or 0
            said = int(match.group("h"))
            # ("24 Uhr" ends the day: the next day's midnight, 24 hours after its start)
            hour = (said if said == _HOURS_PER_DAY else said % _HOURS_PER_DAY) + int(minutes) / 60
            part = (match.groupdict().get("part") or "").strip()
            if part in _AFTERNOON and 1 <= hour < _NOON:  # ("夜里 0 点" is midnight)
                hour += _NOON
            elif part in {"am", "a.m."} and int(match.group("h")) == _NOON:
                hour -= _NOON
            found.append(_Clock(match.start(), match.end(), hour))
    return sorted(found, key=lambda clock: clock.start)


def _weekday(text: str, before: int) -> int | None:
    window = text[max(0, before - _WEEKDAY_REACH) : before]
    named = [
        (match.start(), day)
        for day, pattern in enumerate(_WEEKDAY_RES)
        for match in pattern.finditer(window)
    ]
    return max(named)[1] if named else None


def window_hours(text: str) -> tuple[float, tuple[int, int]] | None:
    """Return the hours from the first clock time to the last, and the span they cover."""
    clocks = _clocks(text)
    if len(clocks) < 2:  # noqa: PLR2004 - a window has two ends
        return None
    first, last = clocks[0], clocks[-1]
    hours = last.hour - first.hour
    days = None
    start_day, end_day = _weekday(text, first.start), _weekday(text, last.start)
    if start_day is not None and end_day is not None:
        days = (end_day - start_day) % _DAYS_PER_WEEK
    if days is not None:
        hours += days * _HOURS_PER_DAY
        if hours <= 0:
            hours += _DAYS_PER_WEEK * _HOURS_PER_DAY
    elif hours <= 0 or _NEXT_DAY.search(text, first.end, last.start):
        hours += _HOURS_PER_DAY
    return hours, (first.start, last.end)
