"""A monthly budget in US dollars, in any of the notations customers use.

"$10k", "10k USD", "2万美元", "一万美金", "20.000 $", "30 mil dólares", "月2万ドル", "2만 달러",
"20 000 долларов". Only amounts marked as money (a dollar sign or word, or a budget word right
before) count: token counts are never read as money. "k" means 1,000 here, unlike contexts.
"""

from __future__ import annotations

import re

from bot.understand.numbers import (
    CHINESE_NUMERAL_PATTERN,
    NUMBER_PATTERN,
    Found,
    blank,
    parse_chinese_numeral,
    parse_number,
)

_MONTHS_PER_YEAR = 12

# Word multipliers after an amount, decimal (money is never counted in powers of two).
_MULTIPLIERS: tuple[tuple[str, int], ...] = (
    (r"k|к|тыс\.?|тысяч\w*|mil|thousand|grand|tausend|mille", 1_000),
    (r"m|mm|mio\.?|million\w*|млн\.?|миллион\w*|millones|milhões|millionen", 1_000_000),
    (r"万|萬|만", 10_000),
    (r"千|천", 1_000),
)
_MULTIPLIER_PATTERN = "|".join(f"(?:{words})" for words, _ in _MULTIPLIERS)
_MULTIPLIER_RES = tuple((re.compile(words), factor) for words, factor in _MULTIPLIERS)
_AMOUNT = (
    rf"(?:{NUMBER_PATTERN}(?:\s?(?P<mult>{_MULTIPLIER_PATTERN})(?![a-zа-я]))?"
    rf"|(?P<cn>{CHINESE_NUMERAL_PATTERN}))"
)
# A bare "$" only: "R$", "NT$", "HK$", "C$" are other dollars (and reais).
_BEFORE = r"(?:us\$|u\$s|(?<![a-z])\$|usd)"
_AFTER = (
    r"(?:\$|usd|us\$|dollars?|bucks|美元|美金|美刀|刀|ドル|달러|불|долл\w*|dólares|dolares|"
    r"dólar|dolar)"
)
_MONEY_RES = (
    re.compile(rf"{_BEFORE}\s?{_AMOUNT}"),
    re.compile(rf"{_AMOUNT}\s?{_AFTER}"),
)
# Amounts in other currencies are no USD budget ("15k€", "R$ 50 mil", "2万元", "50万円"): they
# are blanked so that neither the budget cue nor the context finder reads their number.
_OTHER_BEFORE = (
    r"(?<![a-z])(?:r\$|nt\$|hk\$|c\$|a\$|€|£|¥|₽|₩|₹|eur|rmb|cny|gbp|chf|jpy|rub|brl|krw)"
)
_OTHER_AFTER = (
    r"(?:€|£|¥|₽|₩|₹|euros?|eur|rmb|cny|yuan|gbp|pounds?|chf|jpy|yen|rub|brl|krw|reais|"
    r"libras?|pfund|francs?|руб\w*|евро|фунт\w*|юан\w*|иен\w*|元|块|塊|人民币|人民幣|日元|円|"
    r"欧元|歐元|英镑|英鎊|港币|港幣|台币|台幣|ユーロ|유로|엔|원|루블)(?![a-z])"
)
# Substrings every other-currency amount contains: most messages have none, and a substring
# test is far cheaper than the amount patterns.
_OTHER_MARKS = (
    *"$€£¥₽₩₹元块塊币幣円鎊镑ユ유엔원루",
    "eur",
    "rmb",
    "cny",
    "yuan",
    "gbp",
    "pound",
    "chf",
    "jpy",
    "yen",
    "rub",
    "brl",
    "krw",
    "reais",
    "libra",
    "pfund",
    "franc",
    "руб",
    "евро",
    "фунт",
    "юан",
    "иен",
)
_SPENT = "¤"
_OTHER_MONEY_RES = (
    re.compile(rf"{_OTHER_BEFORE}\s?{_AMOUNT}"),
    re.compile(rf"{_AMOUNT}\s?{_OTHER_AFTER}"),
)
_BUDGET_CUE_RE = re.compile(
    rf"(?:budget|预算|預算|бюджет\w*|予算|예산|presupuesto|orçamento|orcamento)"
    rf"[^\d¤零〇一二两兩三四五六七八九十百千万萬]{{0,25}}?{_AMOUNT}"
)
_PER_YEAR_RE = re.compile(
    r"\s?(?:/\s?(?:y|yr|year|год|año|ano|jahr|an)\b|per year|a year|each year|annually|"
    r"每年|一年|/年|в год|al año|por año|por ano|ao ano|pro jahr|im jahr|par an|年間|年額)"
)


def _amount_value(match: re.Match[str]) -> int | None:
    chinese = match.group("cn")
    if chinese:
        return parse_chinese_numeral(chinese)
    value = parse_number(match.group("num"))
    multiplier = match.group("mult")
    if multiplier:
        for pattern, factor in _MULTIPLIER_RES:
            if pattern.fullmatch(multiplier):
                value *= factor
                break
    return round(value)


def find_budget(text: str) -> Found | None:
    """Find the first money amount in ``text`` (per month; a yearly one is divided by 12)."""
    for pattern in (*_MONEY_RES, _BUDGET_CUE_RE):
        for match in pattern.finditer(text):
            value = _amount_value(match)
            if not value:
                continue
            if _PER_YEAR_RE.match(text, match.end()):
                value //= _MONTHS_PER_YEAR
            return Found(value, blank(text, match.start(), match.end()))
    return None


def blank_other_currencies(text: str) -> tuple[str, bool]:
    """``text`` with amounts in currencies other than USD blanked, and whether there were any."""
    if not any(mark in text for mark in _OTHER_MARKS):
        return text, False
    found = False
    for pattern in _OTHER_MONEY_RES:
        for match in pattern.finditer(text):
            # Filled with a currency sign, not spaces: a budget word before it must not reach
            # past it to a later number ("budget 5000 eur, ctx 32k").
            start, end = match.span()
            text = text[:start] + _SPENT * (end - start) + text[end:]
            found = True
    return text, found
