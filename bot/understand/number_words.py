"""Numbers written as words, in digits: "forty or so analysts", "fifty million tokens".

Customers write counts in words ("a team of thirty-five", "unas cuarenta personas", "человек
пятнадцать", "fünfzig Leute", "스무 명") where every reader of the parser looks for digits.
``words_to_digits`` writes them as digits in the cleaned text, once, after the language is
chosen (the words count for the language) and before any reader.

Only what cannot be another word is rewritten: tens and teens (with their units: "thirty-five",
"treinta y cinco", "fünfunddreißig", "двадцать пять"), hundreds, and a small number before a
scale word ("two billion", "dos millones", "полтора миллиарда" as "1.5 миллиарда"). The small
numbers alone ("two servers", "tres") and "one" stay words: the readers that take them know
them already, and "one" is everywhere ("one of", "which one"). Korean's native tens before a
counter ("스무 명", "열 명") are rewritten too.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import CJK_DIGITS, parse_cjk_number

_LETTER = r"a-zà-ÿß-öø-ÿœа-яё"

# Words of 2-9, by language (several forms where a language declines them).
_UNITS: dict[int, tuple[str, ...]] = {
    2: ("two", "dos", "dois", "duas", "deux", "zwei", "два", "две", "двух"),
    3: ("three", "tres", "três", "trois", "drei", "три", "трёх", "трех"),
    4: ("four", "cuatro", "quatro", "quatre", "vier", "четыре", "четырёх", "четырех"),
    5: ("five", "cinco", "cinq", "fünf", "пять", "пяти"),
    6: ("six", "seis", "sechs", "шесть", "шести"),
    7: ("seven", "siete", "sete", "sept", "sieben", "семь", "семи"),
    8: ("eight", "ocho", "oito", "huit", "acht", "восемь", "восьми"),
    9: ("nine", "nueve", "nove", "neuf", "neun", "девять", "девяти"),
}
_TEENS: dict[int, tuple[str, ...]] = {
    10: ("ten", "diez", "dez", "dix", "zehn", "десять", "десяти"),
    # (not Spanish "once": English "at once")
    11: ("eleven", "onze", "одиннадцать", "одиннадцати"),
    12: ("twelve", "doce", "doze", "douze", "zwölf", "двенадцать", "двенадцати"),
    13: ("thirteen", "trece", "treze", "treize", "dreizehn", "тринадцать", "тринадцати"),
    14: (
        "fourteen",
        "catorce",
        "catorze",
        "quatorze",
        "quatorze",
        "vierzehn",
        "четырнадцать",
        "четырнадцати",
    ),
    15: ("fifteen", "quince", "quinze", "fünfzehn", "пятнадцать", "пятнадцати"),
    16: ("sixteen", "dieciséis", "dezesseis", "sechzehn", "шестнадцать", "шестнадцати"),
    17: (
        "seventeen",
        "diecisiete",
        "dezessete",
        "dix-sept",
        "siebzehn",
        "семнадцать",
        "семнадцати",
    ),
    18: (
        "eighteen",
        "dieciocho",
        "dezoito",
        "dix-huit",
        "achtzehn",
        "восемнадцать",
        "восемнадцати",
    ),
    19: (
        "nineteen",
        "diecinueve",
        "dezenove",
        "dix-neuf",
        "neunzehn",
        "девятнадцать",
        "девятнадцати",
    ),
    # Spanish writes twenty and its unit as one word: "veintisiete", "veintidós"
    21: ("veintiuno", "veintiún", "veintiuna"),
    22: ("veintidós", "veintidos"),
    23: ("veintitrés", "veintitres"),
    24: ("veinticuatro",),
    25: ("veinticinco",),
    26: ("veintiséis", "veintiseis"),
    27: ("veintisiete",),
    28: ("veintiocho",),
    29: ("veintinueve",),
    # French counts by twenties past sixty
    70: ("soixante-dix", "soixante dix"),
    80: ("quatre-vingts", "quatre-vingt", "quatre vingts"),
    90: ("quatre-vingt-dix", "quatre vingt dix"),
}
_TENS: dict[int, tuple[str, ...]] = {
    20: ("twenty", "veinte", "vinte", "vingt", "zwanzig", "двадцать", "двадцати"),
    30: ("thirty", "treinta", "trinta", "trente", "dreißig", "dreissig", "тридцать", "тридцати"),
    40: ("forty", "cuarenta", "quarenta", "quarante", "vierzig", "сорок", "сорока"),
    50: ("fifty", "cincuenta", "cinquenta", "cinquante", "fünfzig", "пятьдесят", "пятидесяти"),
    60: ("sixty", "sesenta", "sessenta", "soixante", "sechzig", "шестьдесят", "шестидесяти"),
    # (Belgian and Swiss French count "septante", "huitante", "nonante")
    70: ("seventy", "setenta", "siebzig", "семьдесят", "семидесяти", "septante"),
    80: (
        "eighty",
        "ochenta",
        "oitenta",
        "achtzig",
        "восемьдесят",
        "восьмидесяти",
        "huitante",
        "octante",
    ),
    90: ("ninety", "noventa", "neunzig", "девяносто", "nonante"),
}
_HUNDREDS: dict[int, tuple[str, ...]] = {
    # (not French "cent" alone: a cent of money, "per cent")
    100: ("a hundred", "one hundred", "cien", "cem", "hundert", "einhundert", "сто", "ста"),
    200: (
        "two hundred",
        "doscientos",
        "doscientas",
        "duzentos",
        "deux cents",
        "zweihundert",
        "двести",
        "двухсот",
    ),
    300: (
        "three hundred",
        "trescientos",
        "trezentos",
        "trezentas",
        "trescientas",
        "trois cents",
        "dreihundert",
        "триста",
        "трёхсот",
        "трехсот",
    ),
    400: (
        "four hundred",
        "cuatrocientos",
        "quatrocentos",
        "quatre cents",
        "vierhundert",
        "четыреста",
        "четырёхсот",
        "четырехсот",
    ),
    500: (
        "five hundred",
        "quinientos",
        "quinhentos",
        "cinq cents",
        "fünfhundert",
        "пятьсот",
        "пятисот",
    ),
    600: ("six hundred", "seiscientos", "seiscentos", "six cents", "sechshundert", "шестьсот"),
    700: ("seven hundred", "setecientos", "setecentos", "sept cents", "siebenhundert", "семьсот"),
    800: ("eight hundred", "ochocientos", "oitocentos", "huit cents", "achthundert", "восемьсот"),
    900: ("nine hundred", "novecientos", "novecentos", "neuf cents", "neunhundert", "девятьсот"),
}
# Scale words that follow a number ("two billion", "dos millones", "полтора миллиарда"):
# kept as words after the digits, which the readers already take ("2 billion").
_SCALES = (
    r"hundred|thousand|million|millions|billion|billions|mil|millón|millones|millão|milhões|"
    r"bilhão|bilhões|mille|milliers|milliard|milliards|tausend|millionen|milliarde|milliarden|"
    r"тысяч[аиу]?|миллион(?:а|ов)?|миллиард(?:а|ов)?"
)
# Units of time after a small number ("three days", "пять суток", "dos semanas"): the deadline
# and term readers take digits. Bytes and requests too ("zwei Terabyte", "two requests").
_TIME_UNITS = (
    r"terabytes?|gigabytes?|tb|gb|тб|гб|терабайт[аов]?|"
    r"requests?|anfragen|peticiones|solicitudes|requisições|requêtes|запрос(?:а|ов)?|"
    r"days?|hours?|weeks?|months?|días|dias|horas|semanas|meses|jours|heures|semaines|mois|"
    r"tage|tagen|stunden|wochen|monate|monaten|суток|сутки|дней|дня|часов|часа|недел[иья]|"
    r"месяц(?:ев|а)?|"
    # epochs and seconds after a small number: "three epochs", "dos épocas", "one second"
    r"epochs?|épocas?|epochen|époques?|эпох[иа]?|seconds?|segundos?|sekunden?|secondes?|секунд[ауы]?|"
    # passes over the data: "two passes", "zwei Durchläufe", "dos pasadas", "четыре прохода"
    r"pass(?:es)?|durchl(?:ä|a)ufe?|durchgänge|pasadas?|passadas?|проход(?:а|ов)?"
)
# Korean native tens before a counter: "스무 명", "서른 명", "열 명".
_KOREAN: dict[str, int] = {
    "열": 10,
    "스무": 20,
    "스물": 20,
    "서른": 30,
    "마흔": 40,
    "쉰": 50,
    "예순": 60,
    "일흔": 70,
    "여든": 80,
    "아흔": 90,
}
_KOREAN_RE = gated_re(r"(?<![가-힣])(" + "|".join(_KOREAN) + r")(?=\s?(?:명|개|대|장|건|분))")


# Sino-Korean numerals before a counter: "천오백 건" (1,500), "오십 명", "이만 명" (20,000).
_SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_SINO = "[일이삼사오육칠팔구]"
_SINO_KOREAN_RE = gated_re(
    rf"(?<![가-힣0-9])(?=[가-힣]*[십백천만])(?P<n>(?:{_SINO}?천)?(?:{_SINO}?백)?(?:{_SINO}?십)?"
    rf"{_SINO}?)(?P<man>만)?(?=\s?(?:명|개|대|장|건|분|세션|요청|토큰|동접|원|달러))"
)


def _sino_korean(found: re.Match[str]) -> str:
    """Return the value of a Sino-Korean numeral as digits (unchanged when it is none)."""
    words, value, digit = found.group("n"), 0, 0
    places = {"천": 1000, "백": 100, "십": 10}
    for char in words:
        if char in _SINO_DIGITS:
            digit = _SINO_DIGITS[char]
        else:
            value += (digit or 1) * places[char]
            digit = 0
    value += digit
    if found.group("man"):
        value = (value or 1) * 10_000
    return str(value) if value else found.group()


# Chinese and Japanese people counted in numerals: "三十五个人", "十二个人", "二十人", "八人".
_CJK_DIGITS = {digit: value for digit, value in CJK_DIGITS.items() if value}
_CJK_PEOPLE_RE = gated_re(
    # (not after 数/幾: "数百人" is several hundred; nor after 第: "第二个人" is the second)
    r"(?<![0-9零〇一二两兩三四五六七八九十百千万萬亿億第数數幾几])"
    r"(?:(?P<hund>[一二两兩三四五六七八九]?百)?(?P<tens>[二两兩三四五六七八九]?十)(?P<unit>[一二三四五六七八九])?"
    r"|(?P<hund2>[一二两兩三四五六七八九]?百)(?P<unit2>[一二三四五六七八九])?"
    r"|(?P<one>[二两兩三四五六七八九]))"
    # (people only: "个" counts anything, "兩個模型" is two models)
    r"(?=\s?(?:个人|個人|位|名|人|ユーザ|用户|用戶|"
    r"(?:个|個)(?=\s?(?:用户|用戶|使用者|员工|員工|同事|开发|開發))))"
)


def _cjk_people(match: re.Match[str]) -> str:
    found = match.groupdict()
    if found["one"]:
        return str(_CJK_DIGITS[found["one"]])
    hund = found["hund"] or found["hund2"]
    value = 100 * (_CJK_DIGITS[hund[0]] if len(hund) > 1 else 1) if hund else 0
    tens = found["tens"]
    if tens:
        value += 10 * (_CJK_DIGITS[tens[0]] if len(tens) > 1 else 1)
    unit = found["unit"] or found["unit2"]
    return str(value + (_CJK_DIGITS[unit] if unit else 0))


_HALF_RE = gated_re(r"(?<![а-яё])пол(миллиарда|миллиона)(?![а-яё])")
_FRENCH_HUNDRED_RE = gated_re(
    r"(?<![a-zà-ÿ])cent(?= (?:personnes|développeurs|devs|salariés|employés|utilisateurs|"
    r"collaborateurs|agents|ingénieurs|étudiants))"
)
_FRENCH_HUNDRED_AND_RE = gated_re(
    r"(?<![a-zà-ÿ0-9])(?:(?P<m>deux|trois|quatre|cinq|six|sept|huit|neuf) )?cents? "
    r"(?P<n>[1-9][0-9]?)(?![0-9.,])"
)
_FRENCH_UNITS = {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8}
_FRENCH_UNITS["neuf"] = 9
_RUSSIAN_ORDER_RE = gated_re(r"(?<![а-яё])(тысяч|миллионов|миллиардов) ([0-9]+)(?![0-9.,])")
# ("2 тысячи 48" is two thousand and forty-eight: a count said before it is no "about")
_A_THOUSAND_AND_RE = gated_re(r"(?<![а-яё0-9])(?<![0-9] )тысяч[аиу] ([0-9]{1,3})(?![0-9.,])")
# A thousand said alone after "about": "около тысячи на выходе" (not "тысячи 2", read above).
_ABOUT_A_THOUSAND_RE = gated_re(
    r"(?:(?<=около )|(?<=примерно )|(?<=порядка )|(?<=где-то )|(?<=почти ))"
    r"тысяч[аиу](?![а-яё])(?! [0-9])"
)
# Thousands and what follows, once both are digits: "четыре тысячи девяносто шесть" (by now
# "4 тысячи 96"), "dois mil e quarenta e oito" ("2 mil e 48"), "dos mil cuarenta".
_THOUSANDS_AND_RE = gated_re(
    r"(?<![0-9.,])([1-9][0-9]?) (?:тысяч[аиу]?|mil) (?:e |y )?([1-9][0-9]{0,2})(?![0-9]|[.,][0-9])"
    # (one number only where the sentence goes on after it: "20 mil 6 meses" is two)
    r"(?=\s*(?:$|[,.;:!?)]|tokens?|токен|token|quanto|cuánto|de contexto|контекст|"
    r"(?:и|y|e|and|und|et) )|"
    # (a Russian sentence going on with a word that counts nothing: "2 тысячи 48 уложиться")
    r"\s(?!(?:месяц|мес|дн|дня|час|недел|карт|сервер|пользоват|человек|лет|год|gpu|шт))[а-яё])"
    r"(?! (?:тысяч|mil|millones|milhões|миллион))"
)
# German writes thousands as one word: "zwölftausend", "vierzigtausend", "zweitausend".
_DE_THOUSANDS_RE = gated_re(
    r"(?<![a-zäöüß])(?P<n>(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und[a-zäöüß]+zig|"
    r"[a-zäöüß]+zig|[a-zäöüß]+zehn|zwölf|elf|zehn|zwei|drei|vier|fünf|sechs|sieben|acht|neun)"
    r"tausend(?P<rest>(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und[a-zäöüß]+zig|"
    r"[a-zäöüß]+zig|[a-zäöüß]+zehn|zwölf|elf|zehn|eins|zwei|drei|vier|fünf|sechs|sieben|acht|"
    r"neun|[a-zäöüß]*hundert[a-zäöüß]*)?(?![a-zäöüß])"
)
_ONE_AND_A_HALF_HUNDRED_RE = gated_re(
    r"(?<![а-яё])(?:(?:полторы|полутора) (?:сотни|сотен)|полтораста)(?![а-яё])"
)
# "две сотни", "пару сотен", "три сотни": hundreds counted
_HUNDREDS_RE = gated_re(
    r"(?<![а-яё])(?P<n>две|двух|три|трёх|трех|четыре|пять|пару|пара) (?:сотни|сотен)(?![а-яё])"
)
_RU_HUNDREDS = {
    "две": 2,
    "двух": 2,
    "три": 3,
    "трёх": 3,
    "трех": 3,
    "четыре": 4,
    "пять": 5,
    "пару": 2,
    "пара": 2,
}


def _alternatives(table: dict[int, tuple[str, ...]]) -> dict[str, int]:
    return {word: value for value, words in table.items() for word in words}


@cache
def _compiled() -> tuple[Searchable, dict[str, int], dict[str, int], dict[str, int]]:
    tens = _alternatives(_TENS)
    units = _alternatives(_UNITS)
    singles = _alternatives({**_TEENS, **_HUNDREDS})
    tens_words = "|".join(sorted(tens, key=len, reverse=True))
    unit_words = "|".join(sorted(units, key=len, reverse=True))
    single_words = "|".join(sorted(singles, key=len, reverse=True))
    teens = _alternatives(_TEENS)
    teen_words = "|".join(sorted((w for w in teens if " " not in w), key=len, reverse=True))
    hundreds = _alternatives(_HUNDREDS)
    hundred_words = "|".join(sorted(hundreds, key=len, reverse=True))
    pattern = gated_re(
        rf"(?<![{_LETTER}0-9])(?:"
        # "twelve hundred", "fifteen hundred": hundreds counted by a teen or a unit
        rf"(?P<mulh>{unit_words}|{teen_words})\shundred(?![{_LETTER}])"
        # "a billion", "un milliard", "one million": one before a scale word
        rf"|(?P<one>a|one|un|une|um|uma|ein|eine)(?=\s(?:billion|million|milliard|milliarde|"
        rf"millón|milhão|bilhão|миллиард|миллион)(?![{_LETTER}]))"
        # hundreds and their tens or units: "cento e vinte", "cuatrocientos ochenta",
        # "doscientos cincuenta y seis", "a hundred and twenty", "двести пятьдесят шесть"
        rf"|(?P<hundred>cento|ciento|{hundred_words})(?:\s(?:e|y|and|und)\s|\s)"
        rf"(?:(?P<htens>{tens_words})(?:(?:-|\s(?:y|e|et)\s|\s)(?P<hunit>{unit_words}))?"
        rf"|(?P<hteen>{teen_words}))"
        # German writes hundreds, units and tens as one word: "hundertachtundzwanzig"
        rf"|(?P<de_h>(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)?hundert)(?:und)?"
        rf"(?:(?P<deh_unit>ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und"
        rf"(?P<deh_tens>{tens_words})|(?P<deh_t>{tens_words}|{teen_words}))"
        # teens, hundreds and French compounds first ("soixante-dix" before "soixante")
        rf"|(?P<single>{single_words})"
        # German writes the unit first: "fünfunddreißig", "einundzwanzig"
        rf"|(?P<de_unit>ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und(?P<de_tens>{tens_words})"
        # tens, then a unit: "thirty-five", "treinta y cinco", "trinta e dois", "двадцать пять"
        rf"|(?P<tens>{tens_words})(?:(?:-|\s(?:y|e|et)\s|\s)(?P<unit>{unit_words}))?"
        # a small number before a scale word or a unit of time: "two billion", "полтора
        # миллиарда", "three days"
        rf"|(?P<small>{unit_words}|полтора|полторы)"
        rf"(?=\s(?:{_SCALES}|{_TIME_UNITS})(?![{_LETTER}]))"
        rf")(?![{_LETTER}])"
    )
    return pattern, tens, units, singles


def _value(  # noqa: PLR0911 - one return per form of number
    match: re.Match[str], tens: dict[str, int], units: dict[str, int], singles: dict[str, int]
) -> str:
    found = match.groupdict()
    if found["mulh"]:
        return str(100 * ({**units, **singles}[found["mulh"]]))
    if found["one"]:
        return "1"
    if found["hundred"] or found["de_h"]:
        return str(_hundreds_and(match, tens, units, singles))
    if found["de_tens"]:
        unit = {"ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5}.get(found["de_unit"])
        unit = unit or {"sechs": 6, "sieben": 7, "acht": 8, "neun": 9}[found["de_unit"]]
        return str(tens[found["de_tens"]] + unit)
    if found["tens"]:
        return str(tens[found["tens"]] + (units[found["unit"]] if found["unit"] else 0))
    if found["single"]:
        return str(singles[found["single"]])
    small = found["small"]
    return "1.5" if small in {"полтора", "полторы"} else str(units[small])


_DE_UNITS = {"ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7}
_DE_UNITS.update({"acht": 8, "neun": 9})


def _hundreds_and(
    found: re.Match[str], tens: dict[str, int], units: dict[str, int], singles: dict[str, int]
) -> int:
    """Return hundreds with their tens and units ("cuatrocientos ochenta" is 480)."""
    if found["de_h"]:
        head = found["de_h"].removesuffix("hundert")
        value = 100 * _DE_UNITS.get(head, 1)
        if found["deh_tens"]:
            return value + tens[found["deh_tens"]] + _DE_UNITS[found["deh_unit"]]
        rest = found["deh_t"]
        return value + (tens.get(rest) or singles[rest])
    word = found["hundred"]
    value = 100 if word in {"cento", "ciento"} else singles[word]
    if found["hteen"]:
        return value + singles[found["hteen"]]
    return value + tens[found["htens"]] + (units[found["hunit"]] if found["hunit"] else 0)


# Substrings one of which every rewritten word holds: most messages have none.
_MARKS = (
    "ty", "nta", "nte", "zig", "ßig", "ssig", "сят", "сорок", "сто", "ста", "дцат", "девяност",
    "vingt", "soixante", "полм", "cent ", "illion", "illiard", "illón", "ilhão", "иллиард",
    "иллион",
    "een", "ve", "ze", "ce", "eize", "lf", "ölf", "надцат", "ndred", "cien", "cem", "cent",
    "hundert", "лтор", "лутор", "сот", "ientos", "entos",
    "열", "스무", "스물", "서른", "마흔", "쉰", "예순", "일흔",
    "여든", "아흔",
    "two", "dos", "dois", "duas", "deux", "zwei", "два", "две", "three", "tres", "três", "trois",
    "drei", "три", "four", "cuatro", "quatro", "quatre", "vier", "четыр", "five", "cinco", "cinq",
    "fünf", "пят", "six", "seis", "sechs", "шест", "seven", "siete", "sete", "sept", "sieben",
    "сем", "eight", "ocho", "oito", "huit", "acht", "восем", "nine", "nueve", "nove", "neuf",
    "neun", "девят", "ten", "diez", "dez", "dix", "zehn", "десят", "elf", "once", "onze",
    "veinti", "двест",
)  # fmt: skip


# One second or half of one, in words: "en moins d'une seconde", "не больше полсекунды".
_ONE_SECOND_RE = gated_re(
    r"(?<![a-zà-ÿа-яё])(?:one|a|une|un|um|uma|una|eine[rn]?|одну|одной) "
    r"(?P<unit>seconds?|secondes?|segundos?|sekunden?|секунд[уы]?)(?![a-zà-ÿа-яё])"
)
# Two or three seconds in words: "не больше двух секунд", "dois segundos", "zwei Sekunden".
_FEW_SECONDS = {
    "two": 2, "dos": 2, "dois": 2, "deux": 2, "zwei": 2, "две": 2, "двух": 2, "два": 2,
    "three": 3, "tres": 3, "três": 3, "trois": 3, "drei": 3, "три": 3, "трёх": 3, "трех": 3,
}  # fmt: skip
_FEW_SECONDS_RE = gated_re(
    rf"(?<![a-zà-ÿа-яё])(?P<n>{'|'.join(_FEW_SECONDS)}) "
    r"(?P<unit>seconds?|secondes?|segundos?|sekunden?|секунд[уы]?)(?![a-zà-ÿа-яё])"
)
_HALF_SECOND_RE = gated_re(
    r"(?<![a-zà-ÿа-яё])(?:полсекунды|half a second|une demi-seconde|medio segundo|meio segundo|"
    r"einer? halben? sekunde)(?![a-zà-ÿа-яё])"
)


# "mil millones" alone (not "2 mil millones", "cincuenta mil millones": a count before it)
# "mil millones" / "mil milhões" (a thousand million) and a Russian "миллиард" with no number
# before it: one of them. Read once the numbers in words are digits, so "dos mil millones"
# (by then "2 mil millones") keeps its own count.
_THOUSAND_MILLION_RE = gated_re(
    r"(?<![0-9])(?<![0-9][\s.,])(?<![a-zà-ÿ])mil (?P<scale>millones|milhões|milhoes)(?![a-zà-ÿ])"
)
# "mil peticiones", "mil usuários": a thousand with no number before it (Spanish, Portuguese)
_BARE_THOUSAND_RE = gated_re(
    r"(?<![0-9])(?<![0-9][\s.,])(?<![a-zà-ÿ])mil(?P<scale>)(?!\s?(?:millones|milhões|milhoes|"
    r"mill|[0-9]))(?![a-zà-ÿ])"
)
_HUNDRED_AND_RE = gated_re(r"(?<![0-9.,])([1-9]00) and ([1-9][0-9]?)(?![0-9])")
# "около миллиарда токенов": about one of the scale, its count left out.
_ABOUT_ONE_SCALE_RE = gated_re(
    r"(?<![а-яё])(?P<about>около|примерно|порядка|почти|где-то|под|больше|меньше) "
    r"(?P<scale>миллиард|миллион)а(?![а-яё])"
)
_BARE_RU_SCALE_RE = gated_re(
    r"(?<![0-9])(?<![0-9]\s)(?<![а-яё])(?P<scale>миллиард|миллион)(?![а-яё])"
)


def _seconds_in_words(text: str) -> str:
    if "sec" not in text and "сек" not in text and "segund" not in text and "sekund" not in text:
        return text
    text = _HALF_SECOND_RE.sub("0.5 s", text)
    text = _FEW_SECONDS_RE.sub(
        lambda found: f"{_FEW_SECONDS[found.group('n')]} {found.group('unit')}", text
    )
    return _ONE_SECOND_RE.sub(lambda found: "1 " + found.group("unit"), text)


# A CJK numeral right after a word of "at once", before a particle: "同時接続百で",
# "同時アクセス千くらい", "并发两百，" (people counted without a counter).
_AT_ONCE_NUMERAL_RE = re.compile(
    r"(?P<lead>(?:同時(?:接続|アクセス|ユーザー?|リクエスト|利用)|并发|並發|同时在线|同時在線)"
    r"(?:数|數|人数|人數)?(?:は|が|：|:)?\s?)"
    r"(?P<num>[一二两兩三四五六七八九]?[百千](?:[一二三四五六七八九]?十)?[一二三四五六七八九]?)"
    r"(?=で|くらい|ぐらい|ほど|程度|前後|左右|上下|[，,、。.]|\s|$)"
)


def _at_once_numeral(match: re.Match[str]) -> str:
    return match.group("lead") + str(int(parse_cjk_number(match.group("num"))))


def _bare_scales(text: str) -> str:
    """Write a scale word that no number counts as one of it ("mil millones", "миллиард")."""
    _, tens, units, singles = _compiled()

    def one(found: re.Match[str], count: str) -> str:
        before = text[: found.start()].split()
        if before and (before[-1] in units or before[-1] in tens or before[-1] in singles):
            return found.group(0)  # "dos mil millones": the number before counts it
        return count + found.group("scale")

    text = _THOUSAND_MILLION_RE.sub(lambda found: one(found, "1000 "), text)
    text = _BARE_THOUSAND_RE.sub(lambda found: one(found, "1000"), text)
    text = _ABOUT_ONE_SCALE_RE.sub(
        lambda found: f"{found.group('about')} 1 {found.group('scale')}", text
    )
    return _BARE_RU_SCALE_RE.sub(lambda found: one(found, "1 "), text)


def _with_digits(
    text: str, pattern: Searchable, tables: tuple[dict[str, int], dict[str, int], dict[str, int]]
) -> str:
    """Write the numbers in words as digits; hundreds and their tens as one number."""
    hundred_and = "hundred and " in text
    text = pattern.sub(lambda found: _value(found, *tables), text)
    if hundred_and:
        # "two hundred and fifty" (by now "200 and 50"): one number
        text = _HUNDRED_AND_RE.sub(lambda m: str(int(m.group(1)) + int(m.group(2))), text)
    return text


# One unit of time and a half: "un día y medio", "a day and a half", "um dia e meio", "un jour
# et demi", "una semana y media".
_AND_A_HALF_RE = gated_re(
    r"(?<![a-zà-ÿ])(?:un|una|um|uma|a|one|une)\s(día|dia|day|jour|semana|week|semaine|hora|hour|"
    r"heure|bilhão|milhão|billion|million|milliard|millón)\s(?:y|e|and|et)\s"
    r"(?:medio|media|meio|meia|a half|demie?)(?![a-zà-ÿ])"
)


# A second and a half, its article often left out: "en menos de segundo y medio".
_SECOND_AND_A_HALF_RE = gated_re(
    r"(?<![a-zà-ÿ])(?:(?:un|una|um|uma|a|one|une)\s)?(?:segundo|second|seconde)\s(?:y|e|and|et)\s"
    r"(?:medio|meio|a half|demie?)(?![a-zà-ÿ])"
)


def _spelled(text: str) -> str:
    """Write a unit and a half, and the numbers of the word tables, as digits."""
    if "medi" in text or "mei" in text or "half" in text or "demi" in text:
        text = _SECOND_AND_A_HALF_RE.sub("1.5 s", text)
        text = _AND_A_HALF_RE.sub(lambda found: f"1.5 {found.group(1)}", text)
    if any(mark in text for mark in _MARKS):
        pattern, tens, units, singles = _compiled()
        text = _with_digits(text, pattern, (tens, units, singles))
    return text


# Russian says a rough count after its unit: "тысяч на 200 токенов" is about 200 thousand.
_RU_UNIT_FIRST_RE = gated_re(
    r"(?<![а-яё])(тысяч|тыс\.?|миллионов|млн)\s(?:на|в|около|под|где-то)\s([0-9]+(?:[.,][0-9]+)?)"
    r"(?![0-9])"
)
# "за ночь, часов 10", "дней пять": a rough length with its unit first.
_RU_TIME_FIRST_RE = gated_re(
    r"(?<![а-яё0-9] )(?<![0-9])(часов|дней|суток|недель) ([0-9]+)(?![0-9.,])"
)


def _russian_unit_first(text: str) -> str:
    """Put a Russian unit said first after its number ("тысяч на 200", "часов 10")."""
    if "тыс" in text or "млн" in text or "миллион" in text:
        text = _RU_UNIT_FIRST_RE.sub(lambda found: f"{found.group(2)} {found.group(1)}", text)
    if "час" in text or "дн" in text or "сут" in text or "недел" in text:
        text = _RU_TIME_FIRST_RE.sub(lambda found: f"{found.group(2)} {found.group(1)}", text)
    return text


def words_to_digits(text: str) -> str:
    """Return ``text`` (cleaned, lower case) with its numbers in words written as digits."""
    text = _russian_unit_first(text)
    text = _seconds_in_words(text)
    if "十" in text or "百" in text or any(digit in text for digit in _CJK_DIGITS):
        text = _CJK_PEOPLE_RE.sub(_cjk_people, text)
    if "百" in text or "千" in text:
        text = _AT_ONCE_NUMERAL_RE.sub(_at_once_numeral, text)
    if any(unit in text for unit in "십백천만"):
        text = _SINO_KOREAN_RE.sub(_sino_korean, text)
    if "mil" in text or "милли" in text:
        text = _bare_scales(text)
    text = _spelled(text)
    if "пол" in text:
        # "полмиллиарда" (half a billion), "полмиллиона"
        text = _HALF_RE.sub(lambda found: "0.5 " + found.group(1), text)
    if "cent " in text:
        # "cent vingt" (its tens written as digits by now): a hundred and twenty
        text = _FRENCH_HUNDRED_AND_RE.sub(
            lambda found: str(
                100 * _FRENCH_UNITS.get(found.group("m") or "", 1) + int(found.group("n"))
            ),
            text,
        )
        # French "cent" alone is a hundred before people ("cent développeurs"), a cent elsewhere
        text = _FRENCH_HUNDRED_RE.sub("100", text)
    text = _thousands(text)
    if "тыс" in text or "сот" in text or "полтораст" in text or "иллио" in text or "иллиар" in text:
        # "тысяч двадцать" (about twenty thousand) as "20 тысяч"; "полторы сотни" as 150
        text = _A_THOUSAND_AND_RE.sub(lambda found: str(1000 + int(found.group(1))), text)
        text = _ABOUT_A_THOUSAND_RE.sub("1000", text)
        text = _RUSSIAN_ORDER_RE.sub(r"\2 \1", text)
        text = _ONE_AND_A_HALF_HUNDRED_RE.sub("150", text)
        text = _HUNDREDS_RE.sub(lambda found: str(100 * _RU_HUNDREDS[found.group("n")]), text)
    if _KOREAN_RE.search(text):
        text = _KOREAN_RE.sub(lambda found: str(_KOREAN[found.group(1)]), text)
    return _SMALL_PEOPLE_RE.sub(lambda found: str(_UNIT_OF[found.group(1)]), text)


# Thousands said after their digits in English and French: "6 thousand tokens", "40 mille".
_DIGITS_THOUSAND_RE = gated_re(r"(?<![0-9.,])([1-9][0-9]{0,2}) (?:thousand|mille)(?![a-z])")
# A small clock hour said in words: "friday eight pm", "six am".
_WORDED_HOUR_RE = gated_re(
    r"(?<![a-z])(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s?(am|pm)(?![a-z])"
)
_HOUR_WORDS = {
    word: value
    for value, word in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), start=1
    )
} | {"eleven": 11, "twelve": 12}


def _thousands(text: str) -> str:
    """Write thousands and what follows them as one number ("4 тысячи 96", "zwölftausend")."""
    if "thousand" in text or "mille" in text:
        text = _DIGITS_THOUSAND_RE.sub(lambda found: str(1000 * int(found.group(1))), text)
    if "am" in text or "pm" in text:
        text = _WORDED_HOUR_RE.sub(
            lambda found: f"{_HOUR_WORDS[found.group(1)]} {found.group(2)}", text
        )
    if "тысяч" in text or "mil " in text:
        text = _THOUSANDS_AND_RE.sub(
            lambda found: str(1000 * int(found.group(1)) + int(found.group(2))), text
        )
    if "tausend" in text:
        text = _DE_THOUSANDS_RE.sub(_german_thousands, text)
    return text


def _german_thousands(found: re.Match[str]) -> str:
    """Return a German word of thousands as digits ("zwölftausend" is 12000), else as it is.

    What follows the thousands in the same word is added ("viertausendsechsundneunzig" is 4096).
    """
    head = found.group("n")
    pattern, tens, units, singles = _compiled()
    if pattern.fullmatch(head) is None:
        count = _DE_UNITS.get(head)
        if not count:
            return found.group()
    else:
        count = int(pattern.sub(lambda m: _value(m, tens, units, singles), head))
    rest = found.group("rest")
    if not rest:
        return str(1000 * count)
    added = _DE_UNITS.get("ein" if rest == "eins" else rest)
    if added is None and pattern.fullmatch(rest) is not None:
        written = pattern.sub(lambda m: _value(m, tens, units, singles), rest)
        added = int(written) if written.isdigit() else None
    return str(1000 * count + added) if added is not None else found.group()


# A small number right before a word of people is no other word: "somos solo tres personas",
# "just two devs", "nous sommes trois personnes", "нас три человека".
_UNIT_OF = {word: value for value, words in _UNITS.items() for word in words}
# The small numbers of 2-9 in words, by their value (a correction's: "dez … digo oito").
SMALL_NUMBER_WORDS = _UNIT_OF
_SMALL_PEOPLE_RE = gated_re(
    rf"(?<![{_LETTER}])({'|'.join(sorted(_UNIT_OF, key=len, reverse=True))})"
    r"(?=\s(?:people|persons|ppl|folks|devs|developers|engineers|personas|desarrolladores|"
    r"pessoas|desenvolvedores|devs|personnes|développeurs|leute|personen|entwickler|"
    r"человека?|разработчика?)(?![a-zа-яё]))"
)
