"""Every budget a message states, as its amount and ISO currency: "€8,000", "50万円", "R$ 40 mil".

US dollars included ("$50k" is 50,000 USD), so that ``budget_amount`` and ``budget_currency``
say what was written whatever the currency. A yen sign is yen in Japanese and yuan in Chinese;
a bare 元 is the yuan, or the New Taiwan dollar in Traditional Chinese. Amounts said per year
are per month here, as ``budget_usd_month`` is. Only amounts marked as money count (a sign, a
currency word or a budget word before the number).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.money import (
    BUDGET_GAP,
    NOT_MONEY_AFTER,
    a_year,
    amount_patterns,
    amount_value,
    per_year,
    spent_elsewhere,
)
from bot.understand.rental import counted_after

_MONTHS_PER_YEAR = 12
# code -> (written before the amount, written after it); cleaned, lower-case text.
_CURRENCIES: dict[str, tuple[str, str]] = {
    "USD": (
        r"us\s?\$|u\$s|\$(?<![a-z]\$)|usd|美金|美元",
        (
            r"\$|usd|us\$|\$ us|dollars?|bucks|美元|美金|美刀|刀|ドル|달러|불|долл[а-яё]*|"
            r"бакс[а-яё]*|"
            r"dólares|"
            r"dolares|dólar|"
            r"dolar"
        ),
    ),
    # ("pavos": euros in Spanish slang, "10 mil pavos al mes")
    "EUR": (r"€|eur\b|欧元|歐元", r"€|euros?|eur\b|евро|欧元|歐元|ユーロ|유로|pavos"),
    "GBP": (r"£|gbp", r"£|gbp|pounds?|libras?|pfund|фунт[а-яё]*|英镑|英鎊|ポンド|파운드"),
    "JPY": (r"jpy|日元|日圓", r"jpy|yen|円|日元|日圓|иен[а-яё]*|엔"),
    "CNY": (r"rmb|cny|人民币|人民幣", r"rmb|cny|yuan|人民币|人民幣|юан[а-яё]*|위안"),
    # Chinese writes the currency before the amount too: "港幣 15 萬", "新台幣 50 萬"
    "TWD": (
        r"nt\$|twd|新台币|新臺幣|新台幣|台币|台幣|臺幣",
        r"twd|台币|台幣|新台币|新臺幣|新台幣|臺幣|new taiwan dollars?|taiwan dollars?",
    ),
    "HKD": (r"hk\$|hkd|港币|港幣|港元", r"hkd|港币|港幣|港元|hong kong dollars?"),
    # (not "원해요", "원하는": the verb "want")
    "KRW": (r"₩|krw|韩元|韓元", r"₩|krw|원(?![해하합할했함])|韩元|韓元|ウォン"),
    "RUB": (r"₽|rub\b", r"₽|rub\b|r[o]?ubles?|руб[а-яё.]*|루블|卢布|盧布"),
    # ("20 mil paus": reais in Brazilian slang)
    "BRL": (r"r\$|brl", r"brl|reais|real\b|paus\b|pila[s]?\b"),
    "CHF": (r"chf", r"chf|franken|francs? suisses?|швейцарск[а-яё]* франк[а-яё]*"),
    "INR": (r"₹|inr", r"₹|inr|rupees?|рупи[а-яё]*"),
    "PLN": (r"pln|zł", r"pln|zł|zl\b|zlotys?|złotys?|złotych|zlotych|злот[а-яё]*"),
    "SEK": (r"sek", r"sek|swedish kronor|svenska kronor|kronor|шведск[а-яё]* крон[а-яё]*"),
    "CZK": (r"czk", r"czk|kč|korun[ay]?|чешск[а-яё]* крон[а-яё]*"),
    "TRY": (r"₺|try\b", r"₺|turkish lira|liras? turcas?|türk lirası|tl\b|турецк[а-яё]* лир[а-яё]*"),
    # (no reference rate: named, not converted)
    "KZT": (r"₸|kzt", r"₸|kzt|тенге|tenge"),
    "PHP": (
        r"₱",
        (
            r"₱|philippine pesos?|pes(?:os|itos?) filipinos?|"
            r"филиппинск[а-яё]* песо|菲律宾比索|菲律賓披索|フィリピンペソ|필리핀 ?페소"
        ),
    ),
    # Pesos of no country named: Mexico's when the message names it (``_code``), else none.
    "PESO": (
        r"(?!x)x",
        (
            r"(?:de )?pes(?:os|itos?)"
            r"(?!\s(?:mexicanos?|argentinos?|colombianos?|chilenos?|filipinos?|mx\b))"
        ),
    ),
    "MXN": (
        r"mx\$|mxn(?:\s?\$)?",
        (
            r"mxn|(?:de )?pes(?:os?|itos?) mexicanos?|mexican pesos?|"
            r"мексиканск[а-яё]* песо|墨西哥比索|"
            r"pes(?:os|itos?)(?=[^.!?]{0,20}\(?mxn)|pes(?:os|itos?) mx\b|"
            r"メキシコペソ|멕시코 ?페소"
        ),
    ),
    # Pesos of a country named, and Peru's soles (no reference rate: named, not converted)
    "CLP": (
        r"clp",
        (
            r"clp|(?:de )?pes(?:os?|itos?) chilenos?|chilean pesos?|чилийск[а-яё]* песо|智利比索|"
            r"チリペソ|칠레 ?페소"
        ),
    ),
    "COP": (
        r"cop\s?\$|cop(?=\s?[0-9])",
        (
            r"cop|(?:de )?pes(?:os?|itos?) colombianos?|colombian pesos?|колумбийск[а-яё]* песо|"
            r"哥伦比亚比索|哥倫比亞比索|コロンビアペソ|콜롬비아 ?페소"
        ),
    ),
    "ARS": (
        r"ar\$|ars(?=\s?[0-9])",
        (
            r"ars|(?:de )?pes(?:os?|itos?) argentinos?|argentine pesos?|аргентинск[а-яё]* песо|"
            r"阿根廷比索|アルゼンチンペソ|아르헨티나 ?페소"
        ),
    ),
    "PEN": (
        r"pen(?=\s?[0-9])",
        r"(?:de )?(?:nuevos )?soles|peruvian soles?|перуанск[а-яё]* сол[а-яё]*",
    ),
    # Other dollars, by their prefix, code, sign after ("25 000 $ CA") or name
    "CAD": (
        r"(?<![a-z])(?:ca|can|c)\$|cad(?:\s?\$)?",
        (
            r"cad|\$\s?(?:can?|cad)(?![a-z])|canadian dollars?|dollars? canadiens?|"
            r"dólares canadienses|dólares canadenses|kanadische[n]? dollar|"
            r"канадск[а-яё]* доллар[а-яё]*|加元|加币|加幣|カナダドル|캐나다 ?달러"
        ),
    ),
    "AUD": (
        r"(?<![a-z])(?:au|a)\$|aud(?:\s?\$)?",
        (
            r"aud|\$\s?aud?(?![a-z])|australian dollars?|dollars? australiens?|"
            r"dólares australianos|australische[n]? dollar|австралийск[а-яё]* доллар[а-яё]*|"
            r"澳元|澳币|澳幣|豪ドル|호주 ?달러"
        ),
    ),
    "SGD": (
        r"(?<![a-z])s\$|sgd",
        (
            r"sgd|singapore dollars?|dollars? de singapour|dólares de singapur|新加坡元|新币|"
            r"新幣|シンガポールドル|싱가포르 ?달러"
        ),
    ),
}
# Signs and words whose currency depends on the message's language.
_YEN_SIGN = "¥"
_YUAN_WORDS = r"元|块|塊"
_BUDGET = r"(?:budget|预算|預算|бюджет[а-яё]*|予算|예산|presupuesto|orçamento|orcamento|haushalt)"
_MARKS_RE = gated_re(
    r"[$€£¥₩₽₹元块塊円원币幣]|usd|eur|gbp|jpy|rmb|cny|yuan|yen|twd|hkd|krw|rub|brl|chf|inr|cad|aud|"
    r"sgd|mxn|peso|pesito|pavos|песо|ペソ|페소|比索|pln|zł|zlot|złot|злот|sek|kronor|czk|kč|korun|₺|"
    r"lira|лир|₸|kzt|тенге|tenge|clp|soles|ars\b|ar\$|cop\b|"
    r"roubl|canad|austral|singap|加元|澳|新加坡|カナダ|캐나다|호주|싱가포르|"
    r"dollar|dólar|dolar|bucks|бакс|paus|pila|euro|pound|pfund|libra|reais|real\b|rupee|franken|"
    r"franc|"
    r"美元|美金|美刀|刀|ドル|달러|불|долл|евро|фунт|иен|юан|руб|루블|유로|ユーロ|ポンド|파운드|"
    r"台币|台幣|港币|港幣|budget|预算|預算|бюджет|予算|예산|presupuesto|orçamento|orcamento"
)


@dataclass(frozen=True, slots=True)
class Money:
    """An amount of money as written, its ISO code, and the months it is for (12 a year)."""

    amount: Decimal
    currency: str
    start: int
    end: int = 0
    months: int = 1

    @property
    def monthly(self) -> Decimal:
        """The amount per month (to the cent)."""
        if self.months == 1:
            return self.amount
        monthly = (self.amount / self.months).quantize(Decimal("0.01"))
        return monthly.quantize(Decimal(1)) if monthly == monthly.to_integral_value() else monthly


# Substrings a currency's amounts always contain: only the currencies a message shows one of
# are read with their (many) amount patterns.
_MARKS: dict[str, tuple[str, ...]] = {
    "USD": (
        "$",
        "usd",
        "dollar",
        "buck",
        "美",
        "刀",
        "ドル",
        "달러",
        "불",
        "долл",
        "бакс",
        "dólar",
        "dolar",
    ),
    "EUR": ("€", "eur", "евро", "欧元", "歐元", "ユーロ", "유로", "pavos"),
    "GBP": ("£", "gbp", "pound", "libra", "pfund", "фунт", "英镑", "英鎊", "ポンド", "파운드"),
    "JPY": ("jpy", "yen", "円", "日元", "日圓", "иен", "엔"),
    "CNY": ("rmb", "cny", "yuan", "人民", "юан", "위안"),
    "TWD": ("nt$", "twd", "台币", "台幣", "臺幣", "taiwan"),
    "HKD": ("hk$", "hkd", "港币", "港幣", "港元", "hong kong"),
    "KRW": ("₩", "krw", "원", "韩元", "韓元", "ウォン"),
    "RUB": ("₽", "rub", "roubl", "руб", "루블", "卢布", "盧布"),
    "BRL": ("r$", "brl", "reais", "real", "paus", "pila"),
    "CHF": ("chf", "franken", "franc", "франк"),
    "INR": ("₹", "inr", "rupee", "рупи"),
    "MXN": ("mx$", "mxn", "peso", "песо", "ペソ", "페소", "比索"),
    "PESO": ("peso",),
    "CLP": ("clp", "chilen", "чилий", "智利", "チリ", "칠레"),
    "COP": ("cop", "colombian", "колумб", "哥伦比亚", "哥倫比亞", "コロンビア", "콜롬비아"),
    "ARS": ("ar$", "ars", "argentin", "аргентин", "阿根廷", "アルゼンチン", "아르헨티나"),
    "PEN": ("pen", "soles", "перуан"),
    "PLN": ("pln", "zł", "zl", "zlot", "złot", "злот"),
    "SEK": ("sek", "kronor"),
    "CZK": ("czk", "kč", "korun"),
    "TRY": ("₺", "try", "lira", "tl", "лир"),
    "KZT": ("₸", "kzt", "тенге", "tenge"),
    "PHP": (
        "₱",
        "filipin",
        "philippin",
        "菲律宾",
        "菲律賓",
        "フィリピン",
        "필리핀",
        "филиппин",
    ),
    "CAD": (
        "c$",
        "ca$",
        "cad",
        "$ ca",
        "$ca",
        "canad",
        "加元",
        "加币",
        "加幣",
        "カナダ",
        "캐나다",
        "канадск",
    ),
    "AUD": ("a$", "au$", "aud", "$ au", "$au", "austral", "澳", "豪ドル", "호주", "австрал"),
    "SGD": ("s$", "sgd", "singap", "新加坡", "新币", "新幣", "シンガポール", "싱가포르"),
    "¥": ("¥",),
    "元": ("元", "块", "塊"),
    "budget": (
        "budget",
        "预算",
        "預算",
        "бюджет",
        "予算",
        "예산",
        "presupuesto",
        "orçamento",
        "orcamento",
        "haushalt",
    ),
}


@cache
def _patterns() -> tuple[tuple[str, Searchable], ...]:
    found: list[tuple[str, Searchable]] = []
    amounts = amount_patterns()
    for code, (before, after) in _CURRENCIES.items():
        # A code or word of its own, not the start of another word ("3 Sekunden" is no SEK)
        found += [(code, gated_re(rf"(?<![a-zа-яё])(?:{before})\s?{amount}")) for amount in amounts]
        found += [
            (
                code,
                gated_re(
                    # ("15k max, USD": a ceiling word between the amount and its currency)
                    rf"{amount}\s?(?:多|余|餘|出头|出頭|(?:max(?:imum)?|tops|máx(?:imo)?|maximal)"
                    rf"\.?,?\s)?(?:{after})(?![a-zа-яё])"
                ),
            )
            for amount in amounts
        ]
    found += [("¥", gated_re(rf"{_YEN_SIGN}\s?{amount}")) for amount in amounts]
    found += [("¥", gated_re(rf"{amount}\s?{_YEN_SIGN}")) for amount in amounts]
    found += [
        ("元", gated_re(rf"{amount}\s?(?:多|余|餘|出头|出頭)?(?:{_YUAN_WORDS})"))
        for amount in amounts
    ]
    # "budget 50k", "预算 3万": a budget word and a number, the currency said after or not at all
    # (CJK numerals first: "预算 80 萬" is 800,000, not 80)
    found += [
        (
            "budget",
            gated_re(rf"{_BUDGET}{BUDGET_GAP}{amount}"),
        )
        for amount in reversed(amounts)
    ]
    return tuple(found)


# Pesos with no country: Mexico's, Argentina's, Colombia's, Chile's... (not US dollars).
_UNNAMED_PESOS = gated_re(r"\s?(?:pes(?:os?|itos?)|песо|ペソ|페소|比索)")
_MEXICO_RE = gated_re(
    r"m[eé]xico|mexican[oa]s?|cdmx|guadalajara|monterrey|mxn|мексик|メキシコ|멕시코|墨西哥"
)


# Countries whose pesos a message means when it names them ("48 sucursales en Colombia").
_PESO_COUNTRIES = (
    ("COP", gated_re(r"colombia|bogot[aá]|medell[ií]n|cali(?![a-z])|колумби|哥伦比亚|哥倫比亞")),
    ("CLP", gated_re(r"(?<![a-z])chile(?![a-z])|santiago de chile|чили|智利")),
    ("ARS", gated_re(r"argentin|buenos aires|c[oó]rdoba|rosario|аргентин|阿根廷")),
)


def _pesos_of(text: str) -> str:
    """Return the pesos of the country a message names: Mexico's, Colombia's…, else none."""
    if _MEXICO_RE.search(text):
        return "MXN"
    return next((code for code, pattern in _PESO_COUNTRIES if pattern.search(text)), "")


def _code(marker: str, language: str, text: str, end: int) -> str:
    if marker == "USD":
        return _dollars_named(text, end)
    if marker in {"¥", "元"}:
        # yen in Japanese, yuan elsewhere; "元" is the New Taiwan dollar in Traditional Chinese
        local = {"¥": ("ja", "JPY"), "元": ("zh-Hant", "TWD")}[marker]
        return local[1] if language == local[0] else "CNY"
    if marker == "PESO":
        return _pesos_of(text)
    if marker == "budget":
        return _budget_currency(text, end)
    return marker


def _budget_currency(text: str, end: int) -> str:
    """Return the currency said after a budget's amount: USD unless another is named."""
    after = text[end : end + 12]
    for code, pattern in _after_res():
        if pattern.match(after):
            return code
    if _UNNAMED_PESOS.match(after):
        # pesos of a country the message names ("Escribo desde México"), else of none
        return _pesos_of(text)
    return "USD"


def _dollars_named(text: str, end: int) -> str:
    """Return the code after a dollar amount ("$350.000 MXN mensuales", "$5,000 CAD"), or USD."""
    after = text[end : end + 12]
    return next(
        (code for code, pattern in _after_res() if code != "USD" and pattern.match(after)), "USD"
    )


@cache
def _after_res() -> tuple[tuple[str, Searchable], ...]:
    # ("15万以内（人民币）": a bound and a bracket between the amount and its currency)
    between = r"\s?(?:以内|以下|之内|之內|左右|上下|까지|以内で|程度|多|余|餘|出头|出頭)?\s?[(（]?"
    return tuple(
        (code, gated_re(rf"{between}\s?(?:{after})(?![a-zа-яё])"))
        for code, (_, after) in _CURRENCIES.items()
    )


_MAX_MATCHES = 4


def find_money(text: str, language: str = "en") -> Money | None:
    """Return the first budget the text states, per month, with its currency (cleaned text)."""
    if _MARKS_RE.search(text) is None:
        return None
    shown = {marker for marker, marks in _MARKS.items() if any(mark in text for mark in marks)}
    marked = [(marker, p) for marker, p in _patterns() if marker != "budget" and marker in shown]
    budget = [(marker, p) for marker, p in _patterns() if marker == "budget" and marker in shown]
    found = _first(marked, text, language) or _first(budget, text, language)
    if found is not None and found.months != 1:
        # "年間のIT予算は1.2億円で、そのうちAIに回せるのは月500万円": the month's share said after
        # the year's whole is the budget
        rest = text[found.end :]
        later = _first(marked, rest, language) or _first(budget, rest, language)
        if later is not None and later.months == 1 and later.currency == found.currency:
            shift = found.end
            return Money(later.amount, later.currency, later.start + shift, later.end + shift)
    return found


def _first(patterns: list[tuple[str, Searchable]], text: str, language: str) -> Money | None:
    """Return the earliest amount any of ``patterns`` reads."""
    best: Money | None = None
    for marker, pattern in patterns:
        for match in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            # The earliest amount wins; at the same start, the longest reading ("25 000 $ CA"
            # is Canadian dollars, not "25 000 $"; "NT$60 萬" is 600,000, not 60).
            if best is not None and (match.start(), -match.end()) >= (best.start, -best.end):
                break
            value = amount_value(match, text, language)
            if not value > 0 or spent_elsewhere(text, match.start(), match.end()):
                continue
            if marker == "budget" and counted_after(text, match.end()):
                continue  # "um orçamento pra 2 servidores": a quote for two servers, no budget
            if marker == "budget" and NOT_MONEY_AFTER.match(text, match.end()):
                continue  # "latency budget: 25ms": a budget of time
            if marker == "budget" and a_year(match.group(), text, match.end()):
                continue  # "orçamento 2026": the year's budget, no amount
            months = _MONTHS_PER_YEAR if per_year(text, match.end(), match.start()) else 1
            amount = _decimal(value)
            if amount is None:
                continue
            code = _code(marker, language, text, match.end())
            if not code:
                continue  # "300 mil pesos": pesos of a country not said, no currency to name
            best = Money(amount, code, match.start(), match.end(), months)
            break
    return best


_MAX_AMOUNT = 1e15  # beyond any budget in any currency: no amount a customer means


def _decimal(value: float) -> Decimal | None:
    """Return a money value as a Decimal (whole where it is whole); None beyond any budget."""
    if not 0 < value <= _MAX_AMOUNT:
        return None
    try:
        amount = Decimal(str(round(value, 2)))
    except (InvalidOperation, ValueError, OverflowError):
        return None
    if not amount.is_finite():
        return None
    return amount.quantize(Decimal(1)) if amount == amount.to_integral_value() else amount
