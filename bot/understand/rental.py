"""Rental terms in a message: months of rent, plans counted, servers counted with no plan named.

"for 3 months", "half a year", "und für 3 Monate?", "三个月", "3ヶ月", "6개월", "полгода" are
``months``; "two MI355X servers", "an HGX H200 server", "2 HGX + 1 H200", "2台のMI355Xサーバー",
"MI355X 서버 두 대" are ``plan_counts`` ({plan id: count}); "two servers?", "zwei Server",
"两台服务器" are ``servers``. A number of months after "in" or "within" is a deadline, not a
term ("fine-tune it in 3 months"); "3月" is March, so Chinese months need 个/個. A GPU named
without a server word counts GPUs, not servers ("2 MI355X", "8x H200" are ``gpu_count``'s), except
beside other plans counted ("2 HGX + 1 H200": one single-H200 machine).

The words are kept here rather than in the lexicons: they serve this one finder, and each
language's list is short.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gpus import find_gpus

MAX_MONTHS = 60  # five years: a longer term is no rental question we can price
MAX_UNITS = 4096  # the engine's largest search (more is refused by the answer, not here)
SERVER_PLAN = {"h": "h200-8x", "m": "mi355x-8x"}
SINGLE_PLAN = "h200-1x"
GPUS_PER_SERVER = 8  # "8x H200 server": the GPUs of one server, not eight servers
_HALF_YEAR, _YEAR, _QUARTER = 6, 12, 3

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
    "一": 1,
    "两": 2,
    "兩": 2,
    "二": 2,
    "俩": 2,
    "倆": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
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
_LETTER = r"a-zß-öø-ÿа-яё"
_DIGITS = r"(?<![0-9.,])[0-9]{1,4}(?![0-9]|[.,][0-9])"
_SERVER = (
    r"(?:servers?|nodes?|box(?:es)?|machines?|rechner|serveurs?|servidor(?:es)?|"
    r"сервер(?:ов|ами|ам|ах|ом|а|ы|е)?|服务器|伺服器|主机|主機|サーバー?|서버)"
)
# Machines counted in Chinese, Japanese and Korean: "2台", "两台", "두 대".
_MACHINES = r"(?:台|대)"
# Before a number of months, a deadline ("in 3 months"), not a term.
_DEADLINE_BEFORE_RE = re.compile(
    r"(?:(?<![" + _LETTER + r"])(?:in|within|innerhalb|binnen|in den nächsten|en|dans|dentro de|"
    r"em|за|в течение|через)\s+(?:the next |der nächsten |los próximos |os próximos |"
    r"les prochains )?$)"
)
_DEADLINE_AFTER_RE = re.compile(r"^\s*(?:以内|之内|内に|内で|이내|안에|ago|назад)")


@dataclass(frozen=True, slots=True)
class RentalAsk:
    """What a message says of renting: months, plans counted, servers counted alone."""

    months: int | None = None
    plan_counts: dict[str, int] | None = None
    servers: int | None = None

    @property
    def said(self) -> bool:
        """Whether the message says anything of renting."""
        return bool(self.months or self.plan_counts or self.servers)


def _alternation(words: dict[str, int]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# Words that are numbers in one language and something else in another ("dos" is "of the" in
# Portuguese): read as numbers only in their own language.
_OWN_LANGUAGE_ONLY = {"dos": "es", "once": "es", "elf": "de", "sept": "fr", "um": "pt-BR"}


@cache
def _number_words(language: str) -> dict[str, int]:
    """Return the number words read in ``language``: every language's, the message's own first.

    Short messages are often detected as another language; a word that is a number in one
    language only ("dos") counts in that one.
    """
    words: dict[str, int] = {}
    for code, table in _NUMBERS.items():
        for word, value in table.items():
            if _OWN_LANGUAGE_ONLY.get(word, code) == code or code == language:
                words.setdefault(word, value)
    return {**words, **_NUMBERS.get(language, {})}


@cache
def _number(language: str) -> str:
    """Return the pattern of a number: digits, a word of the language, an East Asian numeral."""
    words = _alternation(_number_words(language))
    return (
        rf"(?P<n>{_DIGITS}|(?<![{_LETTER}])(?:{words})(?![{_LETTER}])"
        rf"|{_alternation(_CJK_NUMBERS)}|(?<![가-힣]){_alternation(_KO_NUMBERS)})"
    )


def _value(token: str, language: str) -> int | None:
    token = token.strip()
    if token.isdigit():
        return int(token)
    found = _number_words(language).get(token) or _CJK_NUMBERS.get(token)
    return found or _KO_NUMBERS.get(token)


# --- months -------------------------------------------------------------------------------------

_MONTH_UNITS = (
    r"\s*-?\s*(?:months?|mos?\.?|monat(?:e|en|s)?|mois|mes(?:es)?|месяц(?:а|ев)?|мес\.?"
    r"|(?:个|個)\s*月|(?:ヶ|か|カ|ケ|箇|ヵ)\s*月(?:間)?|개월|\s?달)(?![" + _LETTER + r"])"
)
# Terms without a number: half a year, a year, a quarter (value in months).
_NAMED_TERMS: tuple[tuple[str, int], ...] = (
    (
        (
            r"half a year|half-year|half year|six-month|halbes jahr|halbjahr|un semestre|"
            r"semestre|medio año|meio ano|six mois|полгода|пол года|полугод[а-я]*|半年|반년"
        ),
        _HALF_YEAR,
    ),
    (
        (
            r"(?:a|one|per|1|for a|for one) year|yearly|annual(?:ly)?|twelve-month|12-month|"
            r"(?:ein|einem|1) jahr|jährlich|jahresvertrag|(?:un|1) an(?![" + _LETTER + r"])|"
            r"une année|annuel(?:le)?|(?:un|1) año|anual|(?:um|1) ano|на год|(?:1|один) год|"
            r"годовой|一年|1年|包年|年付|年間|年契約|1년|일 년|한 해|연간"
        ),
        _YEAR,
    ),
    (
        r"a quarter|one quarter|quarterly|ein quartal|un trimestre|trimestre|квартал|季度|분기",
        _QUARTER,
    ),
)


# "3/6/12 months", "3, 6 or 12 months": the first of the terms listed.
_LIST_OF = r"(?:\s*(?:/|,|or|oder|ou|o|или|或|か|또는)\s*(?:[0-9]{1,2}))*"


@cache
def _months_re(language: str) -> re.Pattern[str]:
    return re.compile(_number(language) + _LIST_OF + _MONTH_UNITS)


@cache
def _named_terms_re() -> tuple[tuple[re.Pattern[str], int], ...]:
    return tuple(
        (re.compile(rf"(?<![{_LETTER}])(?:{words})(?![{_LETTER}])"), value)
        for words, value in _NAMED_TERMS
    )


def _is_deadline(text: str, start: int, end: int) -> bool:
    return bool(_DEADLINE_BEFORE_RE.search(text[max(0, start - 30) : start])) or bool(
        _DEADLINE_AFTER_RE.match(text[end : end + 6])
    )


# "$4,000 a month", "per month": a rate, never a term of one month. A term of one month is
# counted ("1 month", "one month"), not said with an article.
_ARTICLES = frozenset({"a", "an", "ein", "eine", "einen", "einem", "un", "une", "una", "um", "uma"})
_RATE_BEFORE_RE = re.compile(r"(?:per|pro|par|por|/|je|al|à|в|за)\s*$")


def find_months(text: str, language: str) -> int | None:
    """Return the months of rent a message asks about, or None."""
    for match in _months_re(language).finditer(text):
        token = match.group("n").strip()
        value = _value(token, language)
        before = text[max(0, match.start() - 6) : match.start()]
        if token in _ARTICLES or (value == 1 and _RATE_BEFORE_RE.search(before)):
            continue  # "per 1 month" is a rate; "por 6 meses" a term
        if value and 0 < value <= MAX_MONTHS and not _is_deadline(text, *match.span()):
            return value
    for pattern, months in _named_terms_re():
        named = pattern.search(text)
        if named is not None and not _is_deadline(text, *named.span()):
            return months
    return None


# --- plans and servers counted ------------------------------------------------------------------

# In the marked copy of the text, each GPU named stands as one letter of a private-use range:
# an HGX H200 (or a bare "HGX") as the server plan's letter, an H200 and an MI355X as theirs.
_HGX_MARK, _H200_MARK, _MI355X_MARK = "\ue101", "\ue102", "\ue103"
_HGX_RE = re.compile(r"(?<![a-z])(?:hgx|dgx)(?![a-z])")
_EIGHT_X = r"(?:8\s*[x×]\s*|8\s*-?\s*gpu\s*|8卡\s*|8枚\s*)"
_SINGLE_WORDS = (
    r"single|einzeln[a-z]*|einzel|unique|individual|individuais|одиночн[а-я]*|单卡|單卡|"
    r"单|單|単体|シングル|단일|싱글"
)
_VM_WORDS = (
    r"vms?|virtual machines?|виртуальн[а-я]* машин[а-я]*|虚拟机|虛擬機|仮想マシン|가상\s?머신"
)


def _marked(text: str) -> str:
    """Return the text with each GPU name as one mark (the same length, padded with spaces)."""
    mentions = find_gpus(text)
    chars = list(text)
    for start, end in mentions.spans:
        name = text[start:end]
        mark = (
            _MI355X_MARK if "355" in name else (_HGX_MARK if _HGX_RE.search(name) else _H200_MARK)
        )
        chars[start:end] = [mark] + [" "] * (end - start - 1)
    marked = "".join(chars)
    return _HGX_RE.sub(lambda m: _HGX_MARK + " " * (len(m.group()) - 1), marked)


@cache
def _plan_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    number = _number(language)
    after = number.replace("(?P<n>", "(?P<m>", 1)
    gpu = rf"(?P<g>[{_HGX_MARK}{_H200_MARK}{_MI355X_MARK}])"
    server_after = rf"(?P<s>\s*-?\s*(?:{_SERVER}|{_VM_WORDS}))?"
    single = rf"(?P<one>(?:{_SINGLE_WORDS})\s*)?"
    eight = rf"(?P<e>{_EIGHT_X})?"
    return (
        # "two MI355X servers", "2x HGX H200", "2 8x H200 servers", "an HGX H200 server"
        re.compile(
            number + rf"\s*(?P<x>[x×]\s*)?(?:of\s+|de\s+)?{single}{eight}{gpu}{server_after}"
        ),
        # "2 servers of MI355X", "deux serveurs MI355X", "два сервера MI355X"
        re.compile(
            number + rf"\s*(?P<s>{_SERVER})\s*(?:of|with|de|com|avec|mit|с|на|)\s*{eight}{gpu}"
        ),
        # "2台のMI355Xサーバー", "两台8卡H200服务器", "두 대의 MI355X"
        re.compile(
            number + rf"\s*(?P<c>{_MACHINES})\s*(?:の|의)?\s*{eight}{gpu}(?P<s>\s*{_SERVER})?"
        ),
        # "MI355X 서버 2대", "MI355Xサーバーを2台", "H200 서버 두 대"
        re.compile(
            gpu + rf"(?P<s>\s*-?\s*{_SERVER})?\s*(?:を|が|は|를|을|가|이)?\s*{after}"
            rf"\s*(?P<c>{_MACHINES})"
        ),
        # "HGX H200 ×2", "MI355X server x 2"
        re.compile(gpu + rf"(?P<s>\s*-?\s*{_SERVER})?\s*[x×]\s*{after}(?![0-9a-z.,])"),
    )


_MIXED_RE = re.compile(r"\+|(?<![a-z])(?:and|plus|und|et|y|e|и|和|跟|と|하고|및)(?![a-z])|,")


def _plan_of(match: re.Match[str], *, mixed: bool) -> str | None:
    """Return the plan a counted GPU names: a server plan, a single H200, or None (GPUs).

    A server word, HGX or machines counted (台, 대) make it a server; "single" or "VM" a
    single-H200 machine; a bare GPU counts GPUs unless beside other plans counted.
    """
    found = match.groupdict()
    mark = found["g"]
    server_words = (found.get("s") or "").strip()
    vm = bool(server_words) and re.search(_VM_WORDS, server_words) is not None
    server = (bool(server_words) and not vm) or found.get("c") is not None
    if mark == _HGX_MARK:
        return SERVER_PLAN["h"]
    if mark == _MI355X_MARK:
        return SERVER_PLAN["m"] if server or mixed else None
    if vm or found.get("one"):
        return SINGLE_PLAN
    if server and (server_words or found.get("e")):
        return SERVER_PLAN["h"]
    return SINGLE_PLAN if mixed and not server else None


def _units(match: re.Match[str], language: str) -> int | None:
    """Return the units a plan match counts: "8x H200 server" is one server of eight GPUs."""
    found = match.groupdict()
    value = _value(found.get("n") or found.get("m") or "", language)
    eight_gpus = value == GPUS_PER_SERVER and (
        found.get("x") or (found.get("m") and not found.get("c"))
    )
    if eight_gpus:
        # "an 8x H200 server" is one server; "the 8x MI355X server" counts its GPUs only.
        before = match.string[max(0, match.start() - 12) : match.start()].split()
        counted = before and _value(before[-1], language)
        server = found["g"] == _HGX_MARK or (found.get("s") or "").strip()
        return counted or None if server else None
    return value if value and value <= MAX_UNITS else None


def find_plan_counts(text: str, language: str) -> dict[str, int] | None:
    """Return {plan id: units} for the plans a message counts, or None."""
    if not any(core in text for core in ("200", "355", "hgx", "dgx")):
        return None
    marked = _marked(text)
    marks = re.findall(f"[{_HGX_MARK}{_H200_MARK}{_MI355X_MARK}]", marked)
    mixed = len(marks) > 1 and bool(_MIXED_RE.search(marked))
    counts: dict[str, int] = {}
    taken: set[int] = set()
    for pattern in _plan_patterns(language):
        for match in pattern.finditer(marked):
            where = match.start("g")
            if where in taken:
                continue
            plan = _plan_of(match, mixed=mixed)
            units = _units(match, language) if plan is not None else None
            if plan is None or units is None:
                continue
            counts[plan] = counts.get(plan, 0) + units
            taken.add(where)
    return counts or None


@cache
def _servers_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    number = _number(language)
    return (
        re.compile(number + rf"\s*(?:{_SERVER})"),
        re.compile(rf"(?:{_SERVER})\s*(?:を|가|이|를|을)?\s*" + number + rf"\s*{_MACHINES}"),
        re.compile(number + rf"\s*{_MACHINES}"),
    )


def find_servers(text: str, language: str) -> int | None:
    """Return a count of servers with no plan named ("two servers?"), or None."""
    if find_gpus(text).gpus or _HGX_RE.search(text):
        return None
    for pattern in _servers_patterns(language):
        match = pattern.search(text)
        if match is not None:
            value = _value(match.group("n"), language)
            if value and value <= MAX_UNITS:
                return value
    return None


# A server plan named without a count, in a price question: one of it ("сервер HGX H200 на 3
# месяца", "the MI355X server for a year"). Languages without articles name one so.
_NAMED_SERVER_RE = re.compile(
    rf"(?P<g>[{_HGX_MARK}{_MI355X_MARK}{_H200_MARK}])\s*-?\s*{_SERVER}"
    rf"|{_SERVER}\s*(?:of\s+|de\s+)?(?P<h>[{_HGX_MARK}{_MI355X_MARK}{_H200_MARK}])"
    rf"|(?P<x>{_HGX_MARK})"
)


def find_named_plan(text: str) -> dict[str, int] | None:
    """Return one unit of the one server plan a message names without a count, or None."""
    if not any(core in text for core in ("200", "355", "hgx", "dgx")):
        return None
    found = {
        SERVER_PLAN["m" if (m.group("g") or m.group("h") or m.group("x")) == _MI355X_MARK else "h"]
        for m in _NAMED_SERVER_RE.finditer(_marked(text))
    }
    return {found.pop(): 1} if len(found) == 1 else None


def find_rental(text: str, language: str, *, named_alone: bool = False) -> RentalAsk:
    """Read the months, plans and servers a cleaned message counts.

    ``named_alone``: a server plan named without a count counts one when a term is asked ("the
    HGX H200 server for 3 months"); a price asked alone stays the price list's.
    """
    months = find_months(text, language)
    plans = find_plan_counts(text, language)
    if plans is None and named_alone and months:
        plans = find_named_plan(text)
    return RentalAsk(
        months=months,
        plan_counts=plans,
        servers=None if plans else find_servers(text, language),
    )
