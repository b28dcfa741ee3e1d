"""Months of rent a message asks about: "for 3 months", "half a year", "und für 3 Monate?".

"三个月", "3ヶ月", "6개월", "полгода", "3/6/12 months" (the first term listed). A number of months
after "in" or "within" is a deadline, not a term ("fine-tune it in 3 months"); "3月" is March, so
Chinese months need 个/個; "a month" and "per month" are a rate ("$4,000 a month"), never a term.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.month_spans import find_month_span
from bot.understand.rental_numbers import LETTER, WORD_END, WORD_START, number_pattern, number_value

MAX_MONTHS = 60  # five years: a longer term is no rental question we can price
_HALF_YEAR, _YEAR, _QUARTER = 6, 12, 3
# Before a number of months, a deadline ("in 3 months"), not a term.
_DEADLINE_BEFORE_RE = gated_re(
    r"(?:(?<![" + LETTER + r"])(?:in|within|innerhalb|binnen|in den nächsten|en|dans|dentro de|"
    r"em|в течение|через|"
    # a point in time after the start: "au bout de 2 mois", "after 2 months", "nach 2 Monaten"
    r"au bout de|après|after|nach|después de|depois de|passados|tras)\s+"
    r"(?:the next |der nächsten |los próximos |os próximos |les prochains )?$)"
)
# "за 3 месяца" is a deadline beside work to finish ("дообучить за 3 месяца"), else a term
# ("а за 3 месяца сколько выйдет?").
_ZA_BEFORE_RE = gated_re(r"(?<![" + LETTER + r"])за\s+$")
_WORK_RE = gated_re(r"обуч|тренир|fine-?tun|сдела|законч|выполн|успе|запуст|внедр|разраб")
_DEADLINE_AFTER_RE = gated_re(
    r"^\s*(?:以内|之内|内に|内で|이내|안에|ago|назад|(?:之|以)?后|後|후에?|たったら|経ったら)"
)

_YEAR_UNITS = (
    r"\s*-?\s*(?:years?|yrs?|jahren?|jahre|ans|années|años|anos|года|лет|年(?:間)?|년)"
    r"(?![" + LETTER + r"])"
)
# A whole year said with an adjective: "a full year", "ein ganzes Jahr", "un an complet", "一整年".
_WHOLE = (
    r"(?:whole|full|entire|complete|ganzes|ganzen|volles|vollen|целый|полный|entero|completo|"
    r"inteiro|completo)"
)
_MONTH_UNITS = (
    r"\s*-?\s*(?:months?|mos?\.?|monat(?:e|en|s)?|mois|mes(?:es)?|mês|месяц(?:а|ев)?|мес\.?"
    r"|(?:个|個)\s*月|(?:ヶ|か|カ|ケ|箇|ヵ)\s*月(?:間)?|개월|\s?달)" + WORD_END
)
# A discount asked for a term: "簽一年的話有沒有折扣", "a discount if we sign a year?".
_DISCOUNT_AFTER_RE = gated_re(
    r"[^0-9。.!?！？]{0,10}?(?:折扣|優惠|优惠|打折|discount|割引|할인|скидк|descuento|desconto|"
    r"rabatt|remise)"
)
# Terms without a number: half a year, a year, a quarter (value in months).
_NAMED_TERMS: tuple[tuple[str, int], ...] = (
    (
        (
            r"(?:a|one) year and a half|eineinhalb jahre|anderthalb jahre|un an et demi|"
            r"año y medio|um ano e meio|полтора года|一年半|1年半|1년 반"
        ),
        18,
    ),
    (
        (
            r"half a year|half-year|half year|six-month|halbes jahr|halbjahr|un semestre|"
            r"semestre|medio año|meio ano|six mois|полгода|пол года|полугод[а-я]*|半年|반년"
        ),
        _HALF_YEAR,
    ),
    (
        (
            rf"(?:a|one|1|ein|einem|un|una|um|uma) {_WHOLE} (?:year|jahr|año|ano|год)|"
            r"(?:un an|une année|un año|um ano|целый год) (?:complet|entière|entero|completo|"
            r"inteiro)|一整年|整整一年|一年間|丸一年|1年間|꼬박 1년|일 년 내내|"
            r"(?:a|one|per|1|for a|for one|the whole|the full|the entire) year|yearly|"
            r"annual(?:ly)?|todo el año|todo o ano|tout l'année|das ganze jahr|весь год|"
            r"twelve-month|12-month|"
            r"(?:ein|einem|1) jahr|jährlich|jahresvertrag|(?:un|1) an(?![" + LETTER + r"])|"
            r"une année|annuel(?:le)?|(?:un|1) año|anual|(?:um|1) ano|на год|(?:1|один) год|"
            r"годовой|(?<=за )год|(?<=за весь )год|(?<=срок — )год|(?<=срок: )год|(?<=срок )год|"
            r"一年|1年|包年|年付|年間|年契約|1년|일 년|한 해|연간"
        ),
        _YEAR,
    ),
    (
        (
            r"a quarter|one quarter|(?<![0-9])1 quarter|quarterly|ein quartal|un trimestre|"
            r"(?<![2-9] )trimestre(?!s)|trimestral|"
            r"trimestriel(?:le)?|vierteljährlich|квартал|"
            r"季度(?!末)|"
            r"(?<!두)(?<!두 )(?<!세)(?<!세 )분기(?!\s?(?:마감|말|결산|별|마다))|"
            r"석 ?달|一季(?!度)|一个季|一個季|四半期|한 ?분기"
        ),
        _QUARTER,
    ),
    # two quarters: "只租兩季", "两个季度"
    (
        r"(?:两|兩|二)(?:个|個)?季(?!度末)|(?:两|兩)(?:个|個)季度|두 ?분기|二四半期|2つの四半期",
        2 * _QUARTER,
    ),
    (r"세 ?분기|三四半期", 3 * _QUARTER),
    # three quarters of a year: "ein Dreivierteljahr", "three quarters of a year"
    (r"dreivierteljahr|drei viertel jahr|three quarters of a year|trois quarts d'année", 9),
    (r"두 ?달", 2),
    (r"넉 ?달", 4),
    # one month as the term, said with a word of duration: "pendant un mois", "на месяц"
    (
        (
            r"(?:pendant|durant|sur) (?:un|1) mois|на (?:один |1 )?месяц(?![а-яё])|"
            # only the first month ("Solo el primer mes, después vemos"): a month's term
            r"(?:só|solo|sólo|only|just|nur|seulement) (?:o |el |the |den |le )?"
            r"(?:primer|primeiro|first|ersten|premier) (?:m[eê]s|month|monat|mois)|"
            r"für (?:einen|1) monat|durante (?:un|um) m[eê]s|for (?:a|one) (?:single )?month|"
            r"por (?:un|um|1) m[eê]s|(?:só|solo|sólo|only|just|nur|seulement) "
            r"(?:por |for |pour |für )?(?:un|um|1|one|a|einen) (?:m[eê]s|month|mois|monat)"
        ),
        1,
    ),
)
# "месяца на 3" (a Russian approximation: the number after its unit)
_RU_MONTHS_AFTER_RE = gated_re(
    r"месяц(?:а|ев)?\s(?:на|где-то|примерно)\s(?P<n>[0-9]{1,2})(?![0-9])"
)


# "3/6/12 months", "3, 6 or 12 months": the first of the terms listed.
_LIST_OF = r"(?:\s*(?:/|,|or|oder|ou|o|или|或|か|또는)\s*(?:[0-9]{1,2}))*"


@cache
def _months_re(language: str) -> Searchable:
    # (not the digits of a name: "HGX H200, 12 mois" is 12 months, not 200)
    return gated_re(rf"(?<![{LETTER}])" + number_pattern(language) + _LIST_OF + _MONTH_UNITS)


@cache
def _named_terms_re() -> tuple[tuple[Searchable, int], ...]:
    return tuple(
        (gated_re(rf"{WORD_START}(?:{words}){WORD_END}"), value) for words, value in _NAMED_TERMS
    )


def _is_deadline(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - 30) : start]
    if _ZA_BEFORE_RE.search(before) and _WORK_RE.search(text):
        return True
    return bool(_DEADLINE_BEFORE_RE.search(before)) or bool(
        _DEADLINE_AFTER_RE.match(text[end : end + 6])
    )


@cache
def _years_re(language: str) -> Searchable:
    return gated_re(number_pattern(language) + _YEAR_UNITS)


def _years(text: str, language: str) -> int | None:
    """Return years counted ("two years", "2年間", "два года") as months, or None."""
    for match in _years_re(language).finditer(text):
        token = match.group("n").strip()
        value = number_value(token, language)
        if token in _ARTICLES or not value or value * _YEAR > MAX_MONTHS:
            continue
        if _BUDGET_AFTER_RE.match(text, match.end()):
            continue  # "一年总预算 80 万": the budget's year, no term
        if _discount_asked(text, match, language):
            continue  # "另外簽一年的話有沒有折扣": a longer term's discount asked, not the term
        if not _is_deadline(text, *match.span()):
            return value * _YEAR
    return None


# "$4,000 a month", "per month": a rate, never a term of one month. A term of one month is
# counted ("1 month", "one month"), not said with an article.
_ARTICLES = frozenset({"a", "an", "ein", "eine", "einen", "einem", "un", "une", "una", "um", "uma"})
_RATE_BEFORE_RE = gated_re(r"(?:per|pro|par|por|/|je|al|à|в|за)\s*$")
# An amount right before "一个月": "HK$15萬一個月", "2万美元一个月" is a rate, not a term.
_AMOUNT_BEFORE_RE = gated_re(
    r"(?<![a-z0-9.,])[0-9][0-9,.]*\s?(?:萬|万|千|k|元|円|美元|美金|刀)?\s?$"
)
_ONLY_BEFORE_RE = gated_re(
    r"(?:só|so|solo|sólo|apenas|just|only|nur|seulement|uniquement|только)\s*$"
)
# "por 1 mês só", "for 1 month only": one month as the whole term, not a rate
_ONLY_AFTER_RE = gated_re(
    r"\s*(?:só|so|solo|sólo|apenas|nada más|only|just|nur|seulement|uniquement|только)(?![a-zà-ÿ])"
)


# A budget word right after a year: the year the budget is for ("年間予算", "yearly budget").
_BUDGET_AFTER_RE = gated_re(
    r"\s?(?:の|的|总|總|全体の)?\s?(?:[a-z]{1,3}\s?)?(?:予算|预算|預算|budget|бюджет|예산|orçamento|"
    r"presupuesto|etat|spend|ausgaben)"
)
# A budget word right before a year: "Budget annuel", "бюджет на год", "presupuesto anual".
_BUDGET_BEFORE_RE = gated_re(
    r"(?:budget|бюджет|presupuesto|orçamento|預算|预算|予算|예산)\s?(?:[a-z]{1,3}\s)?(?:на\s)?$"
)
_YEAR_MARKS_RE = gated_re(r"year|yr|jahr|ans\b|année|año|anos\b|год|лет|年|년")


# Another provider named just before a term: its contract, not a rental asked of us.
# Another provider named: "another cloud", "un autre hébergeur", "einem anderen Anbieter".
ANOTHER_PROVIDER = (
    r"(?:un|une|another|other|otro|outro|einem anderen|einer anderen|другого|другом) (?:autre )?"
    r"(?:cloud|provider|host|vendor|fournisseur|hébergeur|proveedor|provedor|anbieter|hoster|"
    r"nuage|провайдер[а-яё]*|облак[а-яё]*)|(?:其他|别的|別的|另一家)(?:云|雲|厂商|廠商|供应商|供應商)|"
    r"他社|다른 ?(?:업체|클라우드)"
)
_ANOTHER_PROVIDER = gated_re(ANOTHER_PROVIDER)
_PROVIDER_REACH = 40


def _not_ours(text: str, start: int, end: int) -> bool:
    """Whether months read are a deadline, or another provider's contract (no term of ours)."""
    if _ANOTHER_PROVIDER.search(text, max(0, start - _PROVIDER_REACH), start):
        return True  # "en 2024 avec un autre hébergeur, 12 mois ferme": their old contract
    return _is_deadline(text, start, end)


_RANGE_END_RE = gated_re(r"[0-9]\s?(?:-|–|~|to|a|à|bis|до|至|到)\s?$")


# Quarters counted: "2 trimestres", "3 quarters", "2 Quartale", "2 квартала".
_QUARTERS_COUNTED_RE = gated_re(
    r"(?<![0-9.,])(?P<n>[2-8]) (?:trimestres|quarters|quartale|квартала)(?![a-zа-яё])"
)


def _quarters_counted(text: str) -> int | None:
    """Return the months of quarters counted ("pour 2 trimestres": six), or None."""
    quarters = _QUARTERS_COUNTED_RE.search(text)
    if quarters is None or _is_deadline(text, *quarters.span()):
        return None  # ("we go live in 2 quarters": a date, no term)
    return _QUARTER * int(quarters.group("n"))


def _discount_asked(text: str, term: re.Match[str], language: str) -> bool:
    """Whether a term is a longer one's discount asked beside another term ("簽一年的話有折扣")."""
    return _DISCOUNT_AFTER_RE.match(text, term.end()) is not None and _another_term(
        text, *term.span(), language
    )


def _another_term(text: str, start: int, end: int, language: str) -> bool:
    """Whether the text states a term besides the one at ``start:end`` ("半年 … 另外簽一年的話")."""
    return find_months(text[:start] + " " * (end - start) + text[end:], language) is not None


def find_months(text: str, language: str) -> int | None:
    """Return the months of rent a message asks about, or None."""
    for match in _months_re(language).finditer(text):
        token = match.group("n").strip()
        value = number_value(token, language)
        before = text[max(0, match.start() - 6) : match.start()]
        rate = value == 1 and (
            _RATE_BEFORE_RE.search(before) is not None
            or _AMOUNT_BEFORE_RE.search(before) is not None
        )
        only = _ONLY_BEFORE_RE.search(before) is not None  # "só um mês": one month alone
        if (
            (token in _ARTICLES and not only)
            or (rate and not _ONLY_AFTER_RE.match(text, match.end()))
            # "6-12 month pricing": terms in general, no term of this message
            or _RANGE_END_RE.search(before)
        ):
            continue  # "per 1 month" is a rate; "por 6 meses" a term
        if value and 0 < value <= MAX_MONTHS and not _not_ours(text, *match.span()):
            return value
    inverted = _RU_MONTHS_AFTER_RE.search(text) if "месяц" in text else None
    if inverted is not None and 0 < int(inverted.group("n")) <= MAX_MONTHS:
        return int(inverted.group("n"))
    years = _years(text, language) if _YEAR_MARKS_RE.search(text) else None
    if years is not None:
        return years
    span = _quarters_counted(text) or find_month_span(text)
    if span is not None:
        return span  # "pour 2 trimestres", "from March to the end of August", "for Q3"
    for pattern, months in _named_terms_re():
        named = pattern.search(text)
        if (
            named is None
            or _is_deadline(text, *named.span())
            or _discount_asked(text, named, language)
        ):
            continue
        if _BUDGET_AFTER_RE.match(text, named.end()) or _BUDGET_BEFORE_RE.search(
            text, max(0, named.start() - 16), named.start()
        ):
            continue  # "年間予算 5,000万円", "Budget annuel": the budget's year, no term
        return months
    return None
