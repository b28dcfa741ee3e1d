"""Service-level targets and workloads, however they are said, in ten languages.

"5,000 tok/s", "each user ≥ 30 tok/s", "50 ms per token" (20 tokens/s), "TTFT < 1 s",
"300 req/min", "10 QPS", "每秒 5000 个 token", "1분에 300건", "prompts of ~2k tokens",
"500 tokens de saída", "10M documents of 2k tokens each", "process 5B tokens", "in a week",
"в течение 10 часов". Read before the count of users and the context, and blanked from the
text, so that none of these numbers is taken for either.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache

from bot.understand.clock import window_hours
from bot.understand.forms import read_form
from bot.understand.gates import Searchable, gated_re
from bot.understand.items import ITEMS
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    blank,
    magnitude_factor,
    parse_cjk_number,
    parse_number,
)
from bot.understand.target_words import (
    DAY,
    EACH,
    HOUR,
    INPUT_WORDS,
    MINUTE,
    MONTH,
    OUTPUT_WORDS,
    PER_USER,
    RATE_ABBR,
    REQUESTS,
    SECOND,
    SUMMARY_WORDS,
    TOKENS,
    WEEK,
    per_minute,
)
from sizing import DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS

# --- Numbers with their magnitudes -----------------------------------------------------------

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
)
_MAG = "|".join(f"(?:{pattern})" for pattern, _ in sorted(_MAGNITUDES, key=lambda p: -len(p[0])))
# A number, a glued or spaced magnitude that no letter continues ("2k", "10 M", "1,5 млн").
_SMALL_CJK = {
    "一": 1,
    "两": 2,
    "兩": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
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


def _named(pattern: str, prefix: str) -> str:
    """``pattern`` with its named groups prefixed, so that one regex can hold two numbers."""
    return re.sub(r"\(\?P<([a-z0-9]+)>", lambda m: f"(?P<{prefix}{m.group(1)}>", pattern)


# The group prefixes ``_alt`` gives its alternatives (the pattern's own groups first).
_PREFIXES = ("", *(f"a{i}" for i in range(10)))


def _alt(*parts: str) -> str:
    """Alternatives, each with its groups under its own prefix (``a0``, ``a1``, ...)."""
    return "(?:" + "|".join(_named(part, f"a{i}") for i, part in enumerate(parts)) + ")"


def _prefix(match: re.Match[str]) -> str:
    """Return the prefix of the alternative that matched (see ``_alt``)."""
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


# --- Words -----------------------------------------------------------------------------------

# An input word right before a number ("输入 2000 token 输出 …"): the number is the input's.
_INPUT_BEFORE = gated_re(
    rf"(?<![a-zа-я])(?:{INPUT_WORDS})\s?[:：]?\s?(?:平均|大概|约|約|평균|average|avg\.?|~|"
    rf"в среднем|en promedio|em média|im schnitt|en moyenne|약)?\s?$"
)
_OUTPUT_WORD_RE = gated_re(rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я])")
_ITEMS = ITEMS

# Korean counts days with words of their own: "이틀 안에" is within two days.
_KOREAN_DAYS = {"하루": 24.0, "이틀": 48.0, "사흘": 72.0, "나흘": 96.0, "일주일": 168.0}
_KOREAN_DAY_WORDS = "|".join(_KOREAN_DAYS)


def _hours(unit: str) -> float | None:
    unit = unit.strip().lower()
    if unit in _KOREAN_DAYS:
        return _KOREAN_DAYS[unit]
    for pattern, factor in (
        (HOUR, 1.0),
        (DAY, 24.0),
        (WEEK, 168.0),
        (MONTH, 720.0),
        (MINUTE, 1 / 60),
    ):
        if re.fullmatch(pattern, unit):
            return factor
    return None


_TIME_UNIT = rf"(?P<unit>{SECOND}|{MINUTE}|{HOUR}|{DAY}|{WEEK})"
_LATENCY_UNIT = (
    r"(?P<lunit>ms|msec|milliseconds?|мс|毫秒|ミリ秒|밀리초|s|sec|secs|seconds?|segundos?|"
    r"secondes?|sekunden?|с|сек|секунд[аы]?|秒|초)"
)


def _latency_seconds(match: re.Match[str]) -> float:
    value = number_of(match)
    unit = (group(match, "lunit") or "").lower()
    if unit in {"ms", "msec", "millisecond", "milliseconds", "мс", "毫秒", "ミリ秒", "밀리초"}:
        return value / 1000
    return value


@dataclass(frozen=True, slots=True)
class Targets:
    """What the text states of service levels and the workload; the text without it."""

    rest: str
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    batch_tokens: int | None = None
    # Documents x their tokens, before any answer is added: a training job's data.
    document_tokens: int | None = None
    deadline_hours: float | None = None
    # The rate was counted per day or longer ("8,000 tickets a day"): a volume, not the load
    # when users at once are stated beside it.
    volume_rate: bool | None = None
    refused: tuple[str, ...] = field(default=())

    @property
    def stated(self) -> bool:
        """Whether any target or length was read."""
        return any(
            getattr(self, spec.name) is not None
            for spec in fields(self)
            if spec.name not in {"rest", "refused"}
        )


# --- Patterns ---------------------------------------------------------------------------------

_TTFT_WORDS = (
    r"(?:ttft|time[\s-]to[\s-]first[\s-]token|erstes?\stoken|первый\sтокен|premier\stoken|"
    r"首字时间|首字時間|第一個\s?token|第一个\s?token|first[\s-]token(?:\slatency)?|first\sbyte|"
    r"首\s?token|首字|首包|首个\s?token|首個\s?token|第一个\s?token|第一個\s?token|首token延迟|"
    r"最初のトークン|初回トークン|첫\s?토큰|첫\s?번째\s?토큰|перв(?:ого|ый)\s?токен[а]?|"
    r"primer\stoken|primeiro\stoken|(?:1|1º|1°|1o|1er|1ª)\s?token|ersten?\stoken|premier\stoken|tiempo\sal\sprimer\stoken|"
    r"tempo\saté\so\sprimeiro\stoken|"
    # the answer's start in everyday words: "first words on screen", "开始出字", "書き始める",
    # "начинать отвечать", "que empiece a escribir", "Antwortbeginn", "commence à répondre"
    r"first\swords?(?:\s(?:on\s(?:the\s)?screen|appear|show\sup))?|"
    r"(?:start|starts|begin|begins)\s(?:answering|replying|responding|writing|typing|streaming|"
    r"to\s(?:answer|reply|respond|write|type|stream))|"
    r"answers?\s(?:must\s|should\s|need\sto\s|have\sto\s)?(?:start|begin)|"
    r"开始出字|開始出字|开始回复|開始回覆|开始回答|開始回答|出第一个字|出第一個字|开始输出|開始輸出|"
    r"書き始め|答え始め|返答し始め|回答し始め|表示され始め|出始め|"
    r"응답(?:을)?\s?시작|답변(?:을)?\s?시작|답을\s?시작|출력(?:을)?\s?시작|첫\s?글자|"
    r"начина(?:ть|л|ла|ло|ли)\sотвечать|начать\sотвечать|начало\sответа|"
    r"начина(?:ть|л)\sпечатать|первые\sслова|"
    r"empie(?:ce|za)\sa\s(?:escribir|responder|contestar)|empezar\sa\s(?:escribir|responder)|"
    r"primeras\spalabras|come(?:ce|ça)\sa\s(?:escrever|responder)|"
    r"começar\sa\s(?:escrever|responder)|primeiras\spalavras|"
    r"antwortbeginn|anfangen\szu\s(?:antworten|schreiben)|beginnt\szu\s(?:antworten|schreiben)|"
    r"ersten?\sw(?:ö|o)rte(?:r)?|"
    r"commence(?:r)?\sà\s(?:écrire|répondre)|premiers\smots)"
)
_TPOT_WORDS = (
    r"(?:tpot|itl|inter[\s-]token\s(?:latency|time)|time\sper\s(?:output\s)?token|"
    r"per[\s-]token\slatency|latency\sper\stoken|token\slatency|"
    r"每个\s?token|每個\s?token|每\s?token|トークンあたり|トークン間|토큰당|토큰\s?간|"
    r"на\sтокен|между\sтокенами|por\stoken|pro\stoken|par\stoken|entre\stokens|"
    r"inter[\s-]token[\s-]?(?:latenz|latency|latence)?|latence\sinter[\s-]token|"
    r"latencia\sentre\stokens|token\s?間隔|token\s?间隔|トークン間隔|토큰\s?간격)"
)


@cache
def _patterns() -> dict[str, Searchable]:
    num = NUM
    num2 = _named(NUM, "b")  # a second number in the same pattern
    tokens_per_s = (
        rf"{num}\s?\+?\s?(?:(?:output|de\ssaída|de\ssalida|generated|выходных|of\soutput)\s)?"
        rf"(?:(?:de\s|of\s)?(?>{TOKENS})\s?(?:(?:de\s)?(?:saída|salida|sortie|output)\s)?"
        # ("a second" is read "1 second" by the number words: "40 tokens 1 second")
        rf"(?:/|per|a|each|por|pro|par|в|за|в\s?одну|每|1(?=\s))\s?"
        rf"(?P<tunit>{SECOND}|{MINUTE})(?![a-zа-я])|(?:tok/s|t/s|tps|tk/s|tokens/sec)(?![a-z]))"
    )
    tokens_then_second = rf"{num}\s?(?:个|個)?\s?(?:{TOKENS})\s?(?:的)?\s?(?:每秒|/秒|毎秒|초당)"
    before_tokens = (
        rf"(?:每秒(?:钟|鐘)?|秒間|毎秒|1秒(?:あたり|に|で)|초당|1초에|"
        rf"в\sсекунду)[^0-9,，;；]{{0,8}}?{num}\s?(?:个|個)?\s?"
        rf"(?:{TOKENS})"
    )
    tpot = _alt(
        rf"{_TPOT_WORDS}[^0-9,，;；]{{0,24}}?{num}\s?{_LATENCY_UNIT}(?![a-zа-я])",
        rf"{num}\s?{_LATENCY_UNIT}\s?(?:/|per|a|each|по|на|por|pro|par|每)?\s?"
        rf"(?:output\s|generated\s|de\ssalida\s|de\ssaída\s|de\ssortie\s|выходной\s|"
        rf"выходного\s)?(?:{TOKENS}|output token)(?![a-zа-я])",
    )
    ttft = _alt(
        rf"{_TTFT_WORDS}(?:[^0-9,，;；]|p[0-9]{{2}}){{0,32}}?{num}\s?{_LATENCY_UNIT}(?![a-zа-я])",
        rf"{num}\s?{_LATENCY_UNIT}(?![a-zа-я])\s?(?:to|until|for|before|avant|jusqu'au|antes\sdel?|"
        rf"antes\sdo|até\so|bis\szum|vor\sdem|до|まで|까지|以内に|内に|以内|内|이내에|내에|안에)?\s?"
        rf"(?:the\s|le\s|el\s)?{_TTFT_WORDS}",
    )
    rate = (
        rf"{num}\s?(?:\+\s?)?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{REQUESTS})\s?"
        # (a word before the unit stands apart from it: "Requests ans Modell" is no "a s")
        rf"(?:(?:/\s?|(?:per|a|an|each|every|por|pro|par|в|за|al|ao|à|la|le|am|im|x)\s)(?:one\s)?|/)"
        rf"(?:1\s)?{_TIME_UNIT}(?![a-zа-яё])"
    )
    rate_abbr = _alt(
        rf"{num}\s?(?P<abbr>qps|rps|rpm|req/s|req/min)(?![a-z])",
        rf"(?P<abbr>qps|rps|rpm)\s?(?:of|is|=|:|~|около|约|大概|约为|≈)?\s?{num}",
    )
    # "Pro Tag haben wir ca. 250.000 Anfragen": the day said first, the requests counted after
    rate_before_latin = (
        # (at a clause's start: "3,000 tickets a day but at peak 250 chats" is no day's 250)
        rf"(?:^|(?<=[.,;:!?\n])|(?<=[.,;:!?]\s))(?P<bunit>pro tag|am tag|täglich|per day|a day|"
        rf"daily|par jour|por d[ií]a|al d[ií]a|в день|в сутки|за день)[^0-9,;]{{0,24}}?{num}\s?"
        rf"(?:[a-zа-яё\-]+\s){{0,2}}?"
        rf"(?:{REQUESTS})(?![a-zа-яё])"
    )
    rate_before = (
        rf"(?:(?P<bunit>每秒|每分钟|每分鐘|每小时|每小時|每天|每日|日均|一天|一小时|毎秒|秒間|毎分|毎時|毎日|"
        rf"1\s?分(?:間)?(?:に|で|あたり)?|分間|1\s?時間(?:に|で|あたり)?|時間あたり|"
        rf"1\s?日(?:に|で|あたり)?|1\s?초에|초당|1\s?분에|분당|1\s?시간에|시간당|하루에?|일일)"
        rf"[^0-9,，;；]{{0,6}}?{num}\s?(?:个|個|次|条|條|건|회|件|개)?\s?"
        rf"(?:{REQUESTS})?)"
    )
    # (a number may open a bracket of its own: "inputs are short (400 tokens)")
    gap = r"[^0-9,，;；/()（）。!?！？]{0,18}?(?:[(（][^0-9()（）]{0,8}?)?"
    output = _alt(
        # "出力は 1 件 300 トークン程度", "輸出很短，每筆大概 50 tokens": the answer's length
        # said per item after its word
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я])[^0-9;；。!?！？]{{0,12}}?(?:{EACH})"
        rf"[^0-9;；。]{{0,8}}?{num}\s?(?:{TOKENS})",
        rf"{num}\s?-?\s?(?:{TOKENS})\s?(?:de\s|of\s|d'|der\s|"
        rf"en\s)?(?:{OUTPUT_WORDS})(?![a-zа-я])",
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я]){gap}{num}(?:\s?(?:{TOKENS}))?(?![0-9])"
        rf"(?!\s?%)",
        rf"{num}\s?-?\s?(?:{TOKENS})\s?(?:de\s|of\s)?(?:{SUMMARY_WORDS})(?![a-zà-ÿа-я])",
        rf"(?<![a-zà-ÿа-я])(?:{SUMMARY_WORDS})\s?(?:de\s|von\s|"
        rf"of\s)?(?:~\s?|≈\s?|about\s|around\s|roughly\s)?{num}(?:\s?(?:{TOKENS}))?(?![0-9])",
        rf"{num}\s?(?:{TOKENS})?\s?(?:out|en\ssortie|на\sвыходе|на\sвыход|de\ssalida|de\ssaída|"
        rf"выхода|raus|"
        rf"coming\sout|going\sout)(?![a-zа-я])",
        rf"{num}\s?ausgabe-?tokens?(?![a-zäöü])",
        # "800 input / 250 output tokens": the word between the number and the tokens
        rf"(?:(?<=/)|(?<=/\s)){num}\s?(?:output|generated|de\ssaída|de\ssalida|выходных)\s"
        rf"(?:{TOKENS})(?![a-zа-я])",
        # "1500 输入 / 200 输出": the output's number and word after the slash
        rf"(?:(?<=/)|(?<=/\s)){num}\s?(?:输出|輸出|出力|출력)",
    )
    input_ = _alt(
        rf"(?<![a-zа-я])(?:{INPUT_WORDS})(?![a-zа-я]){gap}{num}(?:\s?(?:{TOKENS}))?(?![0-9])"
        rf"(?!\s?%)",
        rf"{num}\s?(?:-|\s)?(?:{TOKENS})\s?(?:de\s|of\s|d')?(?:prompts?|inputs?|entrada|"
        rf"input|in(?=\s?/|\s?,|\sand\s)|eingabe|en\sentrée|entrée|на\sвходе|на\sвход|входа|input\stokens|"
        rf"going\sin|coming\sin|rein)(?![a-zа-я])",
        # "1k in / 250 out": short words, the slash between
        rf"{num}\s?(?:in|input)\s?/",
        # "800 input / 250 output tokens": the input's number and word, the tokens said after
        rf"{num}\s?(?:input|prompt|entrada|eingabe|entrée|входных|输入|輸入|入力|입력)(?=\s?/)",
        # "Tickets average around 900 tokens", "los correos rondan los 600 tokens": the things
        # worked through, each one's length
        rf"(?:{_ITEMS})\s(?:average|avg\.?|are|run|come\sin\sat|rondan(?:\slos)?|promedian|"
        rf"têm\sem\smédia|haben\sim\sschnitt|font\sen\smoyenne)\s(?:around\s|about\s|~\s?|"
        rf"roughly\s|de\s|unos\s|uns\s|etwa\s|environ\s)?{num}\s?(?:{TOKENS})",
        # German compounds, one suspended: "1.000 Eingabe- und 300 Ausgabetokens"
        rf"{num}\s?eingabe(?:-?tokens?|-(?=\s(?:und|bzw\.?|oder)\s))(?![a-zäöü])",
    )
    # (a model's name blanked between reads as one space: "correos con ___, unos 800 tokens")
    documents = _alt(
        rf"{num}\s?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{_ITEMS})(?:[^0-9 ]| +){{0,24}}?{num2}\s?"
        rf"(?:input |in |de entrada |d'entrée |входных )?(?:{TOKENS})",
        rf"(?:{_ITEMS})\s?{num}\s?(?:건|件|份|개|篇|통|件の)?[^0-9]{{0,6}}?(?:{EACH})[^0-9]{{0,6}}?"
        rf"{num2}\s?(?:{TOKENS})",
        # Things of any name counted, then their tokens said each (``_LEAST_DOCUMENTS``):
        # "80.000 expedientes de unos 10.000 tokens cada uno", "12 万张单据，每张平均 2 千 token",
        # "40 万件の問い合わせ履歴（1件あたり平均 1,500 トークン）", "250.000 Dokumente à 2.000"
        rf"{num}[^0-9;；]{{1,64}}?{num2}\s?(?:{TOKENS})(?!\s?(?:/|per\s|por\s|每秒))"
        rf"\s?(?:{_EACH_AFTER})",
        rf"{num}[^0-9;；]{{1,64}}?(?:{EACH})\s?(?:{_WITH_EACH})?\s?(?:{_ABOUT_EACH})?\s?{num2}"
        rf"\s?(?:{TOKENS})"
        rf"(?!\s?(?:/|per\s|por\s|每秒))",
        # "문서 200만 건 × 평균 1,500토큰", "2M tickets x ~900 tokens": counted times their length
        rf"{num}[^0-9;；]{{0,24}}?\s[×x*]\s(?:{_ABOUT_EACH})?\s?{num2}\s?(?:{TOKENS})",
    )
    total_tokens = (
        rf"{num}\s?(?:de\s|of\s|d')?(?:{TOKENS})(?!\s?(?:/|per|a\s|each|por|pro|par|в\s|每)\s?"
        rf"(?:{SECOND}|{MINUTE}|user))"
    )
    deadline = _alt(
        rf"(?<![a-zà-ÿа-яё])(?:(?:nach\s)?spätestens(?:\snach|\sin)?|at\sthe\slatest\s(?:in|"
        rf"within|after)|"
        rf"au\splus\stard\s(?:en|dans|sous|après)|a\smás\stardar\sen|no\smáximo\sem|"
        rf"не\sпозже(?:\sчем)?\sчерез|не\sпозднее(?:\sчем)?\sчерез|最迟|最遲|遅くとも|"
        rf"in\sless\sthan|en\smenos\sde|em\smenos\sde|in\sweniger\sals|en\smoins\sde|"
        rf"in\sunder|sous|en\sdessous\sde|"
        rf"меньше\sчем\sза|менее\sчем\sза|"
        rf"in|within|under|inside|over|(?:em|en)\saté|até|hasta|en|em|"
        rf"dentro\sde|innerhalb\s(?:von\s)?|binnen|дедлайн|дедлайном|срок\s—|데드라인(?:은|이)?|"
        rf"antes\sde|antes\sdas?|avant|"
        rf"за|в\sтечение|в\sпределах|уложиться\s(?:надо\s|нужно\s)?(?:в|за)|durante|para|by|d'ici|"
        rf"deadline|plazo(?:\sde)?|prazo(?:\sde)?|frist|délai(?:\sde)?|срок|期限|时间|時間|기한은?|für|締切は?|"
        # time the customer is given (Spanish, English), a window (German, Spanish, Portuguese,
        # Russian), time given to us in Chinese, a Korean due date
        rf"只剩(?:下)?|還剩(?:下)?|还剩(?:下)?|(?:nos|me)\sd(?:a|an|á|ão)|gives?\s(?:us|me)|zeitfenster|"
        rf"zeitrahmen|time\s?frame|horizonte|échéance|calendrier|сроки|"
        rf"time\swindow|ventana(?:\sde)?|"
        rf"plazo\sson|prazo\ssão|on\sa|we\shave|tenemos|temos|"
        rf"(?:nos|me|nous)\s(?:quedan|restan|sobran|restam|sobram|reste|restent)|остал(?:ось|ись)|"
        rf"janela(?:\sde)?|окно|给我们|給我們|마감(?:이|은)?|"
        rf"締め切り|截止)(?:\s(?:of|is|es|é|ist|est|de|von|for|fosse|sea|fuera|wäre|"
        rf"serait)(?![a-zà-ÿ])){{0,2}}"
        rf"\s?(?:是|为|為|は)?\s?[:—–]?\s?"
        # "plazo máximo 4 días", "prazo máximo de 3 dias", "deadline max 48h"
        rf"(?:(?:máximo|maximo|máx\.?|max\.?|maximum|maximal|максимум)\s?(?:de\s)?)?"
        rf"(?:a|an|one|uma?|una?|une?|einer?|the\snext|next|les|the|próximos?|próximas?|las|los|"
        rf"die|nächsten)?\s?(?:{_ABOUT_WORD})?(?:{num}\s?-?)?(?:个|個|つ|)?\s?"
        rf"(?P<dunit>{_KOREAN_DAY_WORDS}|{HOUR}|{DAY}|{WEEK}|{MONTH})"
        rf"(?![a-zа-яё])",
        rf"(?:{num}\s?)?(?:个|個|つ|)?\s?(?P<dunit>{HOUR}|{DAY}|{WEEK}|{MONTH}|"
        rf"{_KOREAN_DAY_WORDS})\s?"
        rf"(?:内|以内|之内|之內|以内に|以内で|で|안에|이내|내에|내로|내(?=\s|$|[,.])|内に|内完成|以内完成|內|"
        rf"後(?:まで)?|"
        rf"뒤|후|时间|時間)",
        # a duration in brackets beside the job ("en un fin de semana (48 h)", "über Nacht (max.
        # 10 Stunden)")
        rf"\(\s?(?:(?:max\.?|maximal|höchstens|at most|up to|máx\.?|максимум)\s?)?{num}\s?"
        rf"(?P<dunit>{HOUR}|{DAY})\s?\)",
        # a window of hours: "8h window", "a 10-hour slot"
        rf"{num}\s?-?\s?(?P<dunit>{HOUR})\s(?:window|slot|окно|fenster|ventana|janela|fenêtre)",
        # "that's 60 hours from now", "dans 48 heures à partir de maintenant"
        rf"{num}\s?(?P<dunit>{HOUR}|{DAY}|{WEEK})\s(?:from now|from today|from (?:the )?start|"
        rf"à partir de maintenant|a partir de ahora|a partir de agora|ab jetzt|с этого момента)",
        # a day named, then said as a length: "d'ici vendredi, donc ~72h", "by Friday, so 72 hours"
        rf"(?<![a-zà-ÿ])(?:d'ici|by|until|till|bis|hasta|até|до|avant|before)\s[^\d,.;()]{{2,24}}?"
        rf"\s?[,;(—–-]\s?(?:donc|so|soit|i\.e\.|c'est-à-dire|also|d\.h\.|es decir|o sea|ou seja|"
        rf"то есть|т\.е\.|that's|that is|cioè|tipo|like|genre|типа|"
        rf"como)?\s?(?:{_ABOUT_WORD})?{num}\s?"
        rf"(?P<dunit>{HOUR}|{DAY})(?![a-zа-яё])",
    )
    # any length of time, read as the deadline only beside a job with none named otherwise:
    # "window is about 60 hours", "tenho 72h", "wir haben eine Woche Zeit", "데드라인 일주일"
    any_duration = _alt(
        rf"(?<![0-9.,同]){num}\s?-?\s?(?:个|個|つ|)?\s?(?P<dunit>{HOUR}|{DAY}|{WEEK})"
        rf"(?![a-zа-яё])",
        rf"(?<![a-zа-яё])(?:a|one|une?|una?|uma?|eine?n?|одн[уаи]|)\s?"
        rf"(?P<dunit>{_KOREAN_DAY_WORDS}|week|semana|semaine|woche|неделю|неделя|一周|一週|"
        rf"一个星期|一個星期|一個禮拜|一个礼拜|1週間|一週間)(?![a-zа-яё])",
        # Russian says an approximate count after its unit: "часов за 8", "дней на 5"
        rf"(?<![а-яё])(?P<dunit>часов|часа|дней|дня|суток|недель|недели)\s(?:за|на|где-то|"
        rf"примерно|около)\s{num}",
    )
    tomorrow = (
        r"(?:by\s(?:tomorrow|tmrw|tmr)|overnight|до\sзавтра|para\smañana|até\samanhã|bis\smorgen|"
        r"d'ici\sdemain|明天之前|明天前|明日まで|내일까지|в\sсутки)"
    )
    with_batch = (
        r"(?:process|processing|run|summar|classif|embed|translat|label|tag|extract|batch|offline|"
        r"job|corpus|dataset|total|overall|in\stotal|processar|procesar|verarbeiten|traiter|"
        r"обработ|прогнать|处理|處理|批量|离线|離線|跑完|推理完|总共|總共|清洗|打标|标注|標註|"
        r"処理|バッチ|オフライン|分類|처리|배치|오프라인|번역|분류|resumir|traduzir|classificar|"
        r"摘要|要約|요약|抽取|抽條款|抽条款|klassifizier|résumer|суммариз|pasar\s[0-9]|passar\s[0-9]|"
        r"打(?:个|個)?(?:标签|標籤)|переварить|прогон|par\slots|en\slote|em\slote|por\slotes)"
    )
    # A volume of text not said in tokens ("3 亿字", "900 Mio. Zeichen", "1,2 bilhão de palavras",
    # "300 000 pages"): a job to work through, whose deadline is then read.
    text_volume = (
        rf"{num}\.?\s?(?:de\s|of\s|d')?(?P<unit>characters?|chars|words|pages|字(?!节|節)|文字|글자|"
        rf"자(?=\s|[(（,]|$)|palavras|palabras|caracteres|páginas|zeichen|wörter|seiten|символ\w*|"
        rf"слов(?![а-яё])|страниц)(?P<each>\s?(?:each|apiece|cada(?:\s(?:uno|una|um))?|chacun\w*|"
        rf"jeweils|каждый|по|각))?"
    )
    return {
        "text_volume": gated_re(text_volume),
        "tokens_per_s": gated_re(tokens_per_s),
        "tokens_then_second": gated_re(tokens_then_second),
        "before_tokens": gated_re(before_tokens),
        "tpot": gated_re(tpot),
        "ttft": gated_re(ttft),
        "rate": gated_re(rate),
        "rate_abbr": gated_re(rate_abbr),
        "rate_before": gated_re(rate_before),
        "rate_before_latin": gated_re(rate_before_latin),
        "output": gated_re(output),
        "input": gated_re(input_),
        "documents": gated_re(documents),
        "total_tokens": gated_re(total_tokens),
        "deadline": gated_re(deadline),
        "tomorrow": gated_re(tomorrow),
        "any_duration": gated_re(any_duration),
        "with_batch": gated_re(with_batch),
        "per_user": gated_re(PER_USER),
    }


# Longer than any request (the longest context of a catalog model is 10M tokens, and prompts
# of even 2M are unheard of): a length past this is a job's total.
_LONGEST_REQUEST_TOKENS = 2_097_152

# "in ~60 days", "within about 2 weeks", "за примерно 3 дня": a deadline said roughly.
_ABOUT_WORD = (
    r"~\s?|≈\s?|(?:about|around|roughly|approx\.?|approximately|ca\.|около|примерно|где-то|"
    r"unos|unas|uns|umas|environ|etwa|ungefähr)\s"
)
_TIME_AFTER = gated_re(rf"\s?(?:{HOUR}|{DAY}|{WEEK}|{MONTH})(?![a-zа-яё])")
_NO_DEADLINE = gated_re(r"沒有|没有|无|無|\bno\s|\bsin\s|\bsem\s|\bkein|\bpas\sde|\bнет|まだ|없")
_BEFORE_UNITS = (
    (r"每秒|毎秒|秒間|1\s?초에|초당", 60.0),
    (r"每分钟|每分鐘|毎分|1\s?分(?:間)?(?:に|で|あたり)?|分間|1\s?분에|분당", 1.0),
    (r"每小时|每小時|一小时|毎時|1\s?時間(?:に|で|あたり)?|時間あたり|1\s?시간에|시간당", 1 / 60),
    (r"每天|每日|毎日|日均|一天|1\s?日(?:に|で|あたり)?|하루에?|일일", 1 / 1440),
    (
        (
            r"pro tag|am tag|täglich|per day|a day|daily|par jour|por d[ií]a|al d[ií]a|в день|"
            r"в сутки|за день"
        ),
        1 / 1440,
    ),
)
_PER_HOUR = 1 / 60  # a rate per minute from one per hour; slower ones are volumes
_PER_USER_REACH = 48  # characters around a tokens/s figure where "per user" makes it each user's
# (the period of "mind.", "ca.", "max." ends no clause)
_CLAUSE = gated_re(
    r"[,;，；。！？、\n]|(?<!mind)(?<!min)(?<!max)(?<!ca)(?<!approx)(?<!env)(?<!ок)[.!?]\s|\band\b|"
    r"\bbut\b"
)


_USER_WORDS = gated_re(
    r"(?:users?|per\suser|each|every|stream|session|sessions?|callers?|per\sseat|sitzung|nutzer|"
    r"usuários?|usuarios?|"
    r"utilizador|utilisateurs?|chaque|cada|jede[rsn]?|юзер[ау]?|пользовател[ьяюей]+|на\sкаждого|"
    r"каждо(?:му|го)|用户|用戶|使用者|每位|每个人|每個人|每人|单用户|單用戶|ユーザー|ユーザ|各|"
    r"사용자|유저|인당|명당|한\s?명|(?:人|名|ひとり)(?:あたり|当たり)|每路|每一路|세션|会话|會話|"
    r"セッション|сесси[яюи]|sesi[oó]n|sess[aã]o)"
)
_TOTAL_WORDS = gated_re(
    r"(?:total|overall|aggregate|in\ssum|insgesamt|gesamt|au\stotal|en\stotal|no\stotal|"
    r"суммарн|всего|总|總|合計|全体|전체|총|cluster|deployment|whole|集群|整個|整个)"
)


_FIGURE_OR_JOIN = gated_re(
    r"tok(?:en)?s?\s?/\s?(?:s|sec)|t/s|tps|"
    r"(?<![a-zà-ÿа-яё])(?:and|y|e|und|et|и|а также)(?![a-zà-ÿа-яё])|"
    r"和|并且|並且|且|그리고|および|、"
)


def _each_user(text: str, start: int, end: int) -> bool:
    """Whether a tokens/s figure is said of each user ("30 tok/s per user", "每个用户 20").

    Read within its clause: a word for a user, a session or "each" before it or right after
    it makes it each user's speed, unless the clause says it is a total.
    """
    before = text[max(0, start - _PER_USER_REACH) : start]
    cut = [m.end() for m in _CLAUSE.finditer(before)]
    before = before[cut[-1] :] if cut else before
    after = text[end : end + _PER_USER_REACH]
    cut_after = _CLAUSE.search(after)
    after = after[: cut_after.start()] if cut_after else after
    # Words of a total said of an earlier figure ("10.000 tokens/s en total y al menos 50 tok/s
    # por usuario") are that figure's: only this figure's own words count.
    joins = [m.end() for m in _FIGURE_OR_JOIN.finditer(before)]
    own = before[joins[-1] :] if joins else before
    clause = own + " " + after
    if _TOTAL_WORDS.search(clause):
        return False
    after = _AT_LEAST_AFTER.sub("", after.lstrip(), count=1)  # "10 tok/s minimum par utilisateur"
    return bool(_USER_WORDS.search(before) or _patterns()["per_user"].match(after))


# A bound said between a speed and its user: "10 tok/s minimum par utilisateur", "20 tok/s at
# least per user", "30 tok/s mínimo por usuario".
_AT_LEAST_AFTER = gated_re(
    r"^(?:minimum|min\.?|at least|au moins|mínimo|minimo|mindestens|минимум|как минимум|最低|至少|"
    r"以上|이상)\s?"
)


# Tokens said right after a number: the number is a count of tokens, not of documents.
_TOKENS_AFTER = gated_re(rf"\s?(?:{TOKENS})")


def _count_is_tokens(match: re.Match[str], prefix: str) -> bool:
    """Whether the count a documents pattern read is itself a number of tokens."""
    for kind in ("num", "cjk", "small"):
        name = f"{prefix}{kind}"
        if match.groupdict().get(name):
            end = match.end(f"{prefix}mag") if match.groupdict().get(f"{prefix}mag") else 0
            return _TOKENS_AFTER.match(match.string, max(end, match.end(name))) is not None
    return False


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) and value > 0 else None


class _Reader:
    """One pass over a message: each value taken once, its text blanked for later readers."""

    def __init__(self, text: str, language: str | None = None) -> None:
        self.text = text
        self.rest = text
        self.language = language
        self.values: dict[str, float] = {}
        self.patterns = _patterns()
        self._found: dict[str, tuple[str, list[re.Match[str]]]] = {}
        # Each trigger read once (``text`` stays), by its id: a pattern's own hash reads its whole
        # compiled code each time.
        self._triggered: dict[int, bool] = {}

    def number(self, match: re.Match[str], prefix: str | None = None) -> float:
        return number_of(match, prefix, self.language)

    def take(self, name: str, value: float | None, match: re.Match[str]) -> None:
        if value is not None and name not in self.values:
            self.values[name] = value
        self.rest = blank(self.rest, match.start(), match.end())

    def matches(self, key: str) -> list[re.Match[str]]:
        trigger = _TRIGGERS.get(key)
        if trigger is not None:
            triggered = self._triggered.get(id(trigger))
            if triggered is None:
                triggered = trigger.search(self.text) is not None
                self._triggered[id(trigger)] = triggered
            if not triggered:
                return []  # no word the pattern needs: not worth running it
        found = self._found.get(key)
        if found is None or found[0] is not self.rest:  # read again once text was blanked
            found = (self.rest, list(self.patterns[key].finditer(self.rest)))
            self._found[key] = found
        return found[1]

    def documents(self) -> None:
        for match in self.matches("documents"):
            alt = next(
                (
                    prefix
                    for prefix in ("a0", "a1", "a2", "a3", "a4")
                    if any(match.groupdict().get(f"{prefix}{g}") for g in ("num", "cjk", "small"))
                ),
                "a0",
            )
            docs, each = self.number(match, alt), self.number(match, f"{alt}b")
            if _count_is_tokens(match, alt):
                continue  # "총 9억 토큰짜리 … 건당 20토큰": the job's total, then each answer
            if _finite(each) and each > _MOST_TOKENS_PER_DOCUMENT:
                continue  # "2.5M transcripts (roughly 1.2B tokens total)": the job's tokens
            if alt in {"a2", "a3", "a4"} and not (_finite(docs) and docs >= _LEAST_DOCUMENTS):
                continue  # no noun of documents: a job's count of things only when large
            if _finite(docs) and _finite(each):
                # Each document is one request: its tokens the prompt, the answer's added once
                # the lengths are read (``find_targets``), so the job counts the documents said.
                total = self._total_beside(docs * each, match)
                if total is not None:
                    self.values["job_total"] = total  # "5 Mrd. Token (≈ 2,5 Mio. Artikel à …)"
                self.take("batch_tokens", docs * each, match)
                self.values["documents"] = docs
                self.values.setdefault("input_tokens", each)

    def _total_beside(self, product: float, documents: re.Match[str]) -> float | None:
        """Return the job's total said beside its documents, near their product, blanked."""
        for match in self.patterns["total_tokens"].finditer(self.rest):
            if match.start() < documents.end() and documents.start() < match.end():
                continue
            value = _finite(self.number(match))
            near = value is not None and product > 0 and value >= _LEAST_JOB_TOKENS
            if near and value is not None and _NEAR_TOTAL[0] <= value / product <= _NEAR_TOTAL[1]:
                self.rest = blank(self.rest, match.start(), match.end())
                return value
        return None

    def latencies(self) -> None:
        found = self.matches("ttft")
        # "p50 TTFT sits around 1.2 s today … targets: TTFT under 400 ms": the target, not the
        # latency they have now
        wanted = [
            m for m in found if _TARGET_BEFORE.search(self.text, max(0, m.start() - 40), m.end())
        ]
        today = [
            m for m in found if _TODAY_AROUND.search(self.text, max(0, m.start() - 40), m.end())
        ]
        for match in (wanted + [m for m in found if m not in wanted]) if today else found:
            self.take("ttft_s", _finite(_latency_seconds(match)), match)
        for match in self.matches("tpot"):
            seconds = _latency_seconds(match)
            speed = _finite(1.0 / seconds) if seconds > 0 else None
            self.take("tokens_per_user_tok_s", speed, match)

    def speeds(self) -> None:
        for key in ("tokens_per_s", "tokens_then_second", "before_tokens"):
            for match in self.matches(key):
                if self._speed_today(match):
                    # "darauf läuft … mehr schlecht als recht: 6 tok/s pro Nutzer": what their
                    # hardware gives today, no target
                    self.rest = blank(self.rest, match.start(), match.end())
                    continue
                value = _finite(self.number(match))
                unit = match.groupdict().get("tunit")
                if value is not None and unit and per_minute(unit) == 1.0:  # tokens a minute
                    value /= 60.0
                each = _each_user(self.text, match.start(), match.end())
                self.take("tokens_per_user_tok_s" if each else "throughput_tok_s", value, match)

    def _speed_today(self, match: re.Match[str]) -> bool:
        """Whether a speed is what runs today (said after a word of today, no target word)."""
        before = self.text[max(0, match.start() - _TODAY_REACH) : match.start()]
        today = _RUNS_TODAY.search(before)
        return today is not None and not _TARGET_BEFORE.search(before, today.end())

    def rates(self) -> None:
        """Read the rate of requests: of several, the one said over the shortest time.

        "500,000 calls a day in all; at peak 600 a minute": the day's volume averaged understates
        the peak the deployment must serve, so a rate per minute, second or hour beats it.
        """
        found: list[tuple[float, float, re.Match[str]]] = []  # (per minute, factor, match)
        for match in self.matches("rate"):
            factor = per_minute(match.group("unit"))
            value = _finite(self.number(match))
            if factor is not None and value is not None:
                found.append((value * factor, factor, match))
        for match in self.matches("rate_abbr"):
            abbr = (group(match, "abbr") or "").lower()
            value = _finite(self.number(match))
            if value is not None:
                factor = RATE_ABBR.get(abbr, 1.0)
                found.append((value * factor, factor, match))
        for match in (*self.matches("rate_before"), *self.matches("rate_before_latin")):
            if _CLOCK_AFTER.match(self.rest, match.end()):
                continue  # "每天凌晨 2 点开跑": a clock time, not two a day
            unit = match.group("bunit")
            factor = next((f for p, f in _BEFORE_UNITS if re.fullmatch(p, unit)), None)
            value = _finite(self.number(match))
            if factor is not None and value is not None:
                found.append((value * factor, factor, match))
        if not found:
            return
        shortest = max(factor for _, factor, _ in found)
        rate, factor, _ = next(item for item in found if item[1] == shortest)
        self.note_volume(factor)
        self.values.setdefault("requests_per_minute", rate)
        for _, _, match in found:
            self.rest = blank(self.rest, match.start(), match.end())

    def note_volume(self, per_minute_factor: float) -> None:
        """Note a rate counted per day or longer, when it is the first rate read."""
        if "requests_per_minute" not in self.values and per_minute_factor < _PER_HOUR:
            self.values["volume_rate"] = 1.0

    def lengths(self) -> None:
        for key, name in (("output", "output_tokens"), ("input", "input_tokens")):
            for found in self.matches(key):
                if name in self.values or _TIME_AFTER.match(self.rest, found.end()):
                    continue  # read already ("4.000 tokens de entrada"), or a time ("en 12 horas")
                match: re.Match[str] | None = found
                if key == "output" and _INPUT_BEFORE.search(self.rest, 0, found.start()):
                    # "输入 2000 token 输出 300 token": the 2000 is the input's, the output's
                    # number follows its own word
                    word = _OUTPUT_WORD_RE.search(self.rest, found.start(), found.end())
                    match = self.patterns[key].search(self.rest, word.start()) if word else None
                if match is not None:
                    self.take(name, _finite(self.number(match)), match)

    def job(self) -> None:
        patterns = self.patterns
        if "batch_tokens" in self.values:
            return
        said = bool(self.matches("deadline")) or patterns["tomorrow"].search(self.rest)
        # (tokens past any model's window are a job's total even with no word of a job:
        # "2 milliards de tokens avec Qwen3-32B")
        least = _LEAST_JOB_TOKENS if patterns["with_batch"].search(self.rest) or said else None
        if least is None and _TRAINED_ON.search(self.rest):
            return  # "fine-tuned on 2B tokens, now to serve it": the training data, no job
        for match in self.matches("total_tokens"):
            value = _finite(self.number(match))
            if value is not None and value >= (least or _LEAST_UNSAID_JOB_TOKENS):
                self.take("batch_tokens", value, match)
                return

    def totals_as_lengths(self) -> None:
        """Read lengths too long for one request as a job's totals ("500M in, 50M out").

        The job is their sum; the answer's length keeps their ratio beside the usual prompt
        (2,000 tokens, said as assumed), as no request length was given.
        """
        values = self.values
        lengths = [values.get(name) for name in ("input_tokens", "output_tokens")]
        if "batch_tokens" in values or not any(
            length is not None and length > _LONGEST_REQUEST_TOKENS for length in lengths
        ):
            return
        given = [length for length in lengths if length is not None]
        values["batch_tokens"] = sum(given)
        values.pop("input_tokens", None)
        answer = values.pop("output_tokens", None)
        if len(given) == len(lengths) and answer is not None and given[0] > 0:
            values["output_tokens"] = max(DEFAULT_INPUT_TOKENS * answer / given[0], 1.0)

    def deadline(self) -> None:
        named = self.deadline_said()
        # "200万篇新闻稿做摘要，每篇输入 1200 token…三天内": documents of a length, worked
        # through, are a job
        lengths = "input_tokens" in self.values or "output_tokens" in self.values
        job = (
            "batch_tokens" in self.values
            or (
                lengths
                and ("documents" in self.values or self.patterns["with_batch"].search(self.rest))
            )
            or self._text_volume()
        )
        if job and "deadline_hours" not in self.values:
            self.clock_window()
        if job and "deadline_hours" not in self.values:
            self.any_duration()
        if "deadline_hours" in self.values and not job and not named:
            # A deadline alone is no job: "in a week" of a chat service says when, not how fast;
            # one named so ("а если дедлайн 24ч?") changes the job on the table.
            self.values.pop("deadline_hours")

    def _text_volume(self) -> bool:
        """Whether a large volume of text not counted in tokens is worked through."""
        for match in self.patterns["text_volume"].finditer(self.rest):
            value = _finite(self.number(match))
            if value is not None and value >= _LEAST_DOCUMENTS * 10:
                return True
            if match.group("each") and _COUNT_BEFORE.search(self.rest[: match.start()]):
                return True  # "15.000 expedientes, unas 40 páginas cada uno"
        return False

    def clock_window(self) -> None:
        """Read a window said as two clock times beside a job as its deadline."""
        window = window_hours(self.rest)
        if window is not None:
            hours, (start, end) = window
            self.values["deadline_hours"] = hours
            self.rest = blank(self.rest, start, end)

    def any_duration(self) -> None:
        """Read a length of time said anywhere beside a job as its deadline."""
        for match in self.matches("any_duration"):
            unit = group(match, "dunit") or ""
            factor = _KOREAN_DAYS.get(unit) or _hours(unit) or _WEEK_HOURS.get(unit)
            has_count = group(match, "num") or group(match, "cjk") or group(match, "small")
            count = self.number(match) if has_count else 1.0
            if factor is not None and _finite(count):
                self.take("deadline_hours", count * factor, match)
                return

    def deadline_said(self) -> bool:
        """Read the deadline; return whether it was named as one ("deadline 24h", "срок 3 дня")."""
        for match in self.matches("deadline"):
            if _NO_DEADLINE.search(self.rest[max(0, match.start() - 6) : match.end()]):
                continue
            unit = group(match, "dunit") or ""
            factor = _hours(unit)
            has_count = group(match, "num") or group(match, "cjk") or group(match, "small")
            if not has_count and len(unit.strip()) == 1 and unit.strip().isascii():
                continue  # "5 days end to end": "en" and "d" make no deadline of one day
            count = self.number(match) if has_count else 1.0
            if factor is not None and _finite(count):
                named = _DEADLINE_WORD.search(match.group()) is not None
                self.take("deadline_hours", count * factor, match)
                return named
        if "deadline_hours" not in self.values and window_hours(self.rest) is None:
            # ("overnight, 8pm to 6am": the window's two times say how long the night is)
            tomorrow = self.patterns["tomorrow"].search(self.rest)
            if tomorrow:
                self.take("deadline_hours", 24.0, tomorrow)
        return False


# A clock hour's mark right after a number: "2 点", "8 點", "22時", "10시" (not "時間", "시간").
_CLOCK_AFTER = gated_re(r"\s?(?:点|點|時(?!間)|시(?!간))")
# A week named with its count in one word ("一周", "1週間"): a week's hours.
_WEEK_HOURS = dict.fromkeys(
    ("一周", "一週", "一个星期", "一個星期", "一個禮拜", "一个礼拜", "1週間", "一週間"), 168.0
)
# A deadline named as one, not only a length of time ("in a week").
_DEADLINE_WORD = gated_re(
    r"deadline|дедлайн|срок|plazo|prazo|frist|délai|期限|締切|締め切り|截止|기한|마감|zeitfenster|데드라인"
)
# "1500 输入 / 200 输出": an input's number and word, then a slash.
_SLASHED_LENGTHS = r"[0-9]\s?(?:输入|輸入|入力|입력|input|prompt|entrada|eingabe|entrée)\s?/"
# Words a pattern cannot match without (cheap searches that spare the long patterns).
_TOKEN_WORDS = gated_re(r"tok|tkn|токен|ток|トークン|토큰|tps|t/s")
_TRIGGERS = {
    "documents": _TOKEN_WORDS,
    "tokens_per_s": _TOKEN_WORDS,
    "tokens_then_second": _TOKEN_WORDS,
    "before_tokens": _TOKEN_WORDS,
    # ("1500 输入 / 200 输出": the two lengths said by their words alone, across a slash)
    "output": re.compile(rf"tok|tkn|токен|ток|トークン|토큰|{_SLASHED_LENGTHS}"),
    "input": re.compile(rf"tok|tkn|токен|ток|トークン|토큰|{_SLASHED_LENGTHS}"),
    "total_tokens": _TOKEN_WORDS,
    "tpot": gated_re(r"tok|tpot|itl|токен|トークン|토큰|間隔|间隔|ms|мс|毫秒|ミリ秒|밀리초"),
    "deadline": gated_re(rf"{HOUR}|{DAY}|{WEEK}|{MONTH}|{_KOREAN_DAY_WORDS}"),
}
# Fewer total tokens than this are a prompt's length, not an offline job.
_LEAST_JOB_TOKENS = 1e6
# A model trained on tokens ("fine-tuned on 2B tokens", "entraîné sur 3 000 milliards"): the
# tokens are its training data.
_TRAINED_ON = gated_re(
    r"train|tuned|tune |finetun|fine-tun|обуч|вотрен|entren|trein|entraîn|trainier|学習|训练|訓練|"
    r"학습|튜닝"
)
# Tokens said with no word of a job or deadline: a job's total only past any model's window
# (the longest, Llama 4 Scout's, is 10M).
_LEAST_UNSAID_JOB_TOKENS = 1.1e7


def find_deadline(text: str) -> tuple[float | None, str]:
    """Read a deadline ("in 2 days", "до завтра", "一周内") and return it with the rest."""
    reader = _Reader(text)
    reader.deadline_said()
    return reader.values.get("deadline_hours"), reader.rest


# Latencies said in words ("in under half a second", "en moins d'une demi-seconde"): written as
# figures, padded to their length so the text keeps its places.
_WORDED_LATENCIES = (
    (
        gated_re(
            r"half\sa\ssecond|a\shalf[\s-]second|une\sdemi-?seconde|medio\ssegundo|"
            r"meio\ssegundo|eine\shalbe\ssekunde|полсекунды|пол\sсекунды|半秒|반\s?초"
        ),
        "0.5 s",
    ),
    (
        gated_re(
            r"(?<=under\s)a\ssecond|(?<=within\s)a\ssecond|(?<=less\sthan\s)a\ssecond|"
            r"(?<=menos\sde\s)un\ssegundo|(?<=menos\sde\s)um\ssegundo|"
            r"(?<=moins\sd')une\sseconde|(?<=unter\s)einer\ssekunde"
        ),
        "1 s",
    ),
)


def _latencies_as_figures(text: str) -> str:
    for pattern, figure in _WORDED_LATENCIES:
        if pattern.search(text):
            text = pattern.sub(_padded(figure), text)
    return text


def _padded(figure: str) -> Callable[[re.Match[str]], str]:
    """Return a replacement writing ``figure`` in a match's place, padded to its length."""
    return lambda match: figure.ljust(len(match.group()))


def find_targets(text: str, language: str | None = None) -> Targets:
    """Read every target and length the text states; blank each from the text."""
    text = _latencies_as_figures(text)
    form = read_form(text)  # "peak req/min: 120", "avg in / out tokens: 3000 / 600"
    reader = _Reader(form.rest, language)
    reader.values.update(form.values)
    reader.documents()
    reader.latencies()
    reader.speeds()
    reader.rates()
    reader.lengths()
    reader.job()
    reader.totals_as_lengths()
    reader.deadline()
    values = reader.values
    documents = values.get("documents")
    document_tokens = values.get("batch_tokens") if documents is not None else None
    if "job_total" in values:
        values["batch_tokens"] = values["job_total"]  # the total said is the job's
    elif documents is not None and "input_tokens" in values:
        answer = values.get("output_tokens", DEFAULT_OUTPUT_TOKENS)
        values["batch_tokens"] = documents * (values["input_tokens"] + answer)
    return Targets(
        rest=reader.rest,
        throughput_tok_s=values.get("throughput_tok_s"),
        tokens_per_user_tok_s=values.get("tokens_per_user_tok_s"),
        ttft_s=values.get("ttft_s"),
        requests_per_minute=values.get("requests_per_minute"),
        input_tokens=_whole(values.get("input_tokens")),
        output_tokens=_whole(values.get("output_tokens")),
        batch_tokens=_whole(values.get("batch_tokens")),
        deadline_hours=values.get("deadline_hours"),
        document_tokens=_whole(document_tokens),
        volume_rate=True if "volume_rate" in values else None,
    )


# Words of a target before a latency ("target", "goal", "under", "must", "要求", "目標").
_TARGET_BEFORE = gated_re(
    r"target|goal|requirement|must|should|need|under|below|<|≤|at most|ziel|soll|muss|unter|"
    r"objectif|cible|moins de|objetivo|meta|menos de|цель|нужно|должен|не более|目标|目標|要求|"
    r"以内|以下|目標値|목표|이내|이하"
)
# Words of what they have today beside a latency ("today", "currently", "sits around").
_TODAY_WORDS = (
    r"today|currently|right now|at the moment|sits? (?:at|around)|we see|we get|hoje|atualmente|"
    r"hoy|actualmente|heute|derzeit|aujourd'hui|actuellement|сейчас|目前|现在|現在|現状|現在は|지금|현재"
)
_TODAY_AROUND = gated_re(_TODAY_WORDS)
# What runs today, said before a speed it gives: "darauf läuft …", "today we get", "hoje roda".
_RUNS_TODAY = gated_re(
    rf"(?<![a-zäöüß])(?:läuft|laufen|we only get|we're getting|mehr schlecht als recht|"
    rf"{_TODAY_WORDS})(?![a-zäöüß])"
)
_TODAY_REACH = 72
# A count of at least a thousand things before a length said of each.
_COUNT_BEFORE = gated_re(r"(?<![0-9.,])[1-9][0-9]{0,2}(?:[.,  ][0-9]{3})+(?![0-9])|[0-9]{4,}")
# Things counted with their tokens each but no noun of documents ("80.000 expedientes de unos
# 10.000 tokens cada uno") are a job's documents from this many: fewer are users or requests.
_LEAST_DOCUMENTS = 1000
# A total said beside documents and their length is the job's when near their product.
_NEAR_TOTAL = (0.5, 2.0)
# "each" said after a document's tokens: "10.000 tokens cada uno", "700 tokens cada", "2k each".
_EACH_AFTER = (
    r"each|apiece|cada(?:\s(?:uno|una|um))?|chacun(?:e)?|jeweils|каждый|каждое|каждая|на\sкаждый|"
    r"(?:pro|per|par|por|на)\s(?:dokument|document|documento|doc|datei|file|fichier|archivo|"
    r"arquivo|pdf|документ|файл)"
)
# "cada uma com uns 350 tokens", "chacun avec environ 800 tokens": a word of having between.
_WITH_EACH = r"com|con|avec|with|mit|de|of|has|tem|tiene|a|hat"
# A rough word between "each" and its figure: "每张平均 2 千", "1件あたり平均 1,500", "à ~2.000".
_ABOUT_EACH = (
    r"平均|大概|约|約|大约|大約|평균|약|average|avg\.?|about|around|roughly|~|ca\.?|etwa|rund|"
    r"environ|unos|umas|uns|около|примерно|в\sсреднем"
)
# More tokens than the longest context window any model reads (10M) are no one document's:
# a number of tokens after documents counted is then the whole job's.
_MOST_TOKENS_PER_DOCUMENT = 10_000_000


def _whole(value: float | None) -> int | None:
    return None if value is None or not math.isfinite(value) else max(round(value), 1)
