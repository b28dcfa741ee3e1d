"""The patterns of service-level targets and workloads, in ten languages.

Throughput, each user's speed, time to first token, time per token, request rates, lengths
of prompts and answers, documents and their tokens, jobs and their deadlines: one compiled
pattern each (``patterns``), read by ``bot.understand.targets``.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.items import ITEMS
from bot.understand.target_numbers import NUM, alternatives, group, named, number_of
from bot.understand.target_words import (
    DAY,
    EACH,
    HOUR,
    INPUT_WORDS,
    MINUTE,
    MONTH,
    OUTPUT_WORDS,
    PER_USER,
    REQUESTS,
    SECOND,
    SUMMARY_WORDS,
    TOKENS,
    WEEK,
)

# Korean counts days with words of their own: "이틀 안에" is within two days.
_KOREAN_DAYS = {"하루": 24.0, "이틀": 48.0, "사흘": 72.0, "나흘": 96.0, "일주일": 168.0}
KOREAN_DAY_WORDS = "|".join(_KOREAN_DAYS)


def hours_of(unit: str) -> float | None:
    """Return the hours in one unit of time ("day", "周", "이틀"), or None for no unit."""
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


TIME_UNIT = rf"(?P<unit>{SECOND}|{MINUTE}|{HOUR}|{DAY}|{WEEK})"
LATENCY_UNIT = (
    r"(?P<lunit>ms|msec|milliseconds?|millisekunden?|millisecondes?|milisegundos?|"
    r"milissegundos?|миллисекунд[ауы]?|мс|毫秒|ミリ秒|밀리초|s|sec|secs|seconds?|segundos?|"
    r"secondes?|sekunden?|с|сек|секунд[аы]?|秒|초)"
)


def latency_seconds(match: re.Match[str]) -> float:
    """Return a latency's seconds from a match of a figure and its unit ("800 ms" is 0.8)."""
    value = number_of(match)
    unit = (group(match, "lunit") or "").lower()
    if unit in {"ms", "msec", "мс", "毫秒", "ミリ秒", "밀리초"} or unit.startswith(
        ("milli", "mili", "милли")
    ):
        return value / 1000
    return value


# "in ~60 days", "within about 2 weeks", "за примерно 3 дня": a deadline said roughly.
ABOUT_WORD = (
    r"~\s?|≈\s?|(?:about|around|roughly|approx\.?|approximately|ca\.|около|примерно|где-то|"
    r"unos|unas|uns|umas|environ|etwa|ungefähr)\s"
)

# Things counted with their tokens each but no noun of documents ("80.000 expedientes de unos
# 10.000 tokens cada uno") are a job's documents from this many: fewer are users or requests.
LEAST_DOCUMENTS = 1000

# "each" said after a document's tokens: "10.000 tokens cada uno", "700 tokens cada", "2k each".
EACH_AFTER = (
    r"each|apiece|cada(?:\s(?:uno|una|um))?|chacun(?:e)?|jeweils|каждый|каждое|каждая|на\sкаждый|"
    r"(?:pro|per|par|por|на)\s(?:dokument|document|documento|doc|datei|file|fichier|archivo|"
    r"arquivo|pdf|документ|файл)"
)

# "cada uma com uns 350 tokens", "chacun avec environ 800 tokens": a word of having between.
WITH_EACH = r"one is|one has|one's|is|are|com|con|avec|with|mit|de|of|has|tem|tiene|a|hat"

# A rough word between "each" and its figure: "每张平均 2 千", "1件あたり平均 1,500", "à ~2.000".
ABOUT_EACH = (
    r"平均|大概是|大概|差不多|约|約|大约|大約|평균|약|대략|average|avg\.?|about|around|roughly|~|ca\.?|etwa|rund|"
    r"environ|unos|umas|uns|около|примерно|в\sсреднем"
)


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
    r"(?:text|answers?|repl(?:y|ies)|responses?|output|words)\s(?:starting|to\sstart|start(?:s)?\s"
    r"(?:to\s)?(?:appear|show))|"
    r"(?:start|starts|begin|begins)\s(?:answering|replying|responding|writing|typing|streaming|"
    r"to\s(?:answer|reply|respond|write|type|stream))|"
    r"answers?\s(?:must\s|should\s|need\sto\s|have\sto\s|has\sto\s|needs\sto\s)?"
    r"(?:start|begin)|"
    r"开始出字|開始出字|第一(?:个|個)字|开始回复|開始回覆|开始回答|開始回答|出第一个字|出第一個字|开始输出|開始輸出|"
    r"書き始め|答え始め|返答し始め|回答し始め|表示され始め|出始め|"
    r"응답(?:을)?\s?시작|답변(?:을)?\s?시작|답을\s?시작|출력(?:을)?\s?시작|첫\s?글자|"
    r"начина(?:ть|л|ла|ло|ли)\sотвечать|начать\sотвечать|начало\sответа|"
    r"начина(?:ть|л)\sпечатать|первые\sслова|"
    r"empie(?:ce|za)\sa\s(?:escribir|responder|contestar)|empezar\sa\s(?:escribir|responder)|"
    r"primeras\spalabras|come(?:ce|ça)\sa\s(?:escrever|responder)|"
    r"começar\sa\s(?:escrever|responder)|primeiras\spalavras|"
    r"antwortbeginn|anfangen\szu\s(?:antworten|schreiben)|beginnt\szu\s(?:antworten|schreiben)|"
    # the first response, its wait: "die erste Antwort soll nach 300 ms kommen", "first
    # response under 500 ms", "la première réponse", "la primera respuesta", "первый ответ"
    r"(?:die\s)?erste\santwort|first\sresponse|premi(?:è|e)re\sréponse|primera\srespuesta|"
    r"primeira\sresposta|первый\sответ|"
    # the first answer's arrival: "erste Antwort unter 1 s", "first response under 2 s"
    r"erste[nr]?\santwort|first\s(?:response|reply)|primera\srespuesta|primeira\sresposta|"
    r"première\sréponse|перв(?:ый|ого)\sответ[а]?|首次响应|首次回應|首个响应|首個回應|"
    r"最初の(?:応答|返答)|첫\s?응답|"
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
def patterns() -> dict[str, Searchable]:
    """Return the compiled pattern of each kind of target, workload and job, by its name."""
    num = NUM
    num2 = named(NUM, "b")  # a second number in the same pattern
    tokens_per_s = (
        rf"{num}\s?\+?\s?(?:(?:output|de\ssaída|de\ssalida|generated|выходных|of\soutput)\s)?"
        rf"(?:(?:de\s|of\s)?(?>{TOKENS})\s?(?:(?:de\s)?(?:saída|salida|sortie|output)\s)?"
        # ("a second" is read "1 second" by the number words: "40 tokens 1 second")
        rf"(?:/|per|a|each|por|pro|par|в|за|в\s?одну|每|1(?=\s))\s?"
        rf"(?P<tunit>{SECOND}|{MINUTE})(?![a-zа-я])|(?:tok/s|t/s|tps|tk/s|tokens/sec)(?![a-z]))"
    )
    tokens_then_second = (
        rf"{num}\s?(?:个|個)?\s?(?:{TOKENS})\s?(?:的)?\s?(?:每秒|/秒|毎秒|초당|퍼\s?세컨드|퍼\s?초)"
    )
    before_tokens = (
        rf"(?:每秒(?:钟|鐘)?|秒間|毎秒|1秒(?:あたり|に|で)|초당|1초에|"
        rf"в\sсекунду)[^0-9,，;；]{{0,8}}?{num}\s?(?:个|個)?\s?"
        rf"(?:{TOKENS})"
    )
    tpot = alternatives(
        rf"{_TPOT_WORDS}[^0-9,，;；]{{0,24}}?{num}\s?{LATENCY_UNIT}(?![a-zа-я])",
        rf"{num}\s?{LATENCY_UNIT}\s?(?:/|per|a|each|по|на|por|pro|par|每)?\s?"
        rf"(?:output\s|generated\s|de\ssalida\s|de\ssaída\s|de\ssortie\s|выходной\s|"
        rf"выходного\s)?(?:{TOKENS}|output token)(?![a-zа-я])",
    )
    ttft = alternatives(
        rf"{_TTFT_WORDS}(?:[^0-9,，;；]|p[0-9]{{2}}){{0,32}}?{num}\s?{LATENCY_UNIT}(?![a-zа-я])",
        rf"{num}\s?{LATENCY_UNIT}(?![a-zа-я])\s?(?:to|until|for|before|avant|jusqu'au|antes\sdel?|"
        rf"antes\sdo|até\so|bis\szum|vor\sdem|до|まで|까지|以内に|内に|以内|内|이내에|내에|안에)?\s?"
        rf"(?:the\s|le\s|el\s)?{_TTFT_WORDS}",
    )
    rate = (
        rf"{num}\s?(?:\+\s?)?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{REQUESTS})\s?"
        # (a word before the unit stands apart from it: "Requests ans Modell" is no "a s")
        rf"(?:(?:/\s?|(?:per|a|an|each|every|por|pro|par|в|за|al|ao|à|la|le|am|im|x)\s)(?:one\s)?|/)"
        rf"(?:1\s)?{TIME_UNIT}(?![a-zа-яё])"
    )
    rate_abbr = alternatives(
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
        rf"[^0-9,，;；]{{0,6}}?{num}"
        # (not goods moved: "每小時出貨大概 1,500 箱")
        rf"(?![0-9万萬千億亿만천.,]*\s?(?:箱|瓶|托|板|包裹|盒|辆|輛|박스|상자|パレット|ケース|行))"
        rf"\s?(?:个|個|次|条|條|건|회|件|개)?\s?(?:{REQUESTS})?)"
    )
    # (a number may open a bracket of its own: "inputs are short (400 tokens)")
    gap = r"[^0-9,，;；/()（）。!?！？]{0,18}?(?:[(（][^0-9()（）]{0,8}?)?"
    output = alternatives(
        # "出力は 1 件 300 トークン程度", "輸出很短，每筆大概 50 tokens": the answer's length
        # said per item after its word
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я])[^0-9;；。!?！？]{{0,12}}?(?:{EACH})"
        rf"[^0-9;；。]{{0,8}}?{num}\s?(?:{TOKENS})",
        rf"{num}\s?-?\s?(?:{TOKENS})\s?(?:de\s|of\s|d'|der\s|"
        rf"en\s)?(?:{OUTPUT_WORDS})(?![a-zа-я])",
        # the answers described, then their length: "las salidas son cortitas, unos 20 tokens"
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})\s(?:son|are|sind|sont|são|serão|serán|will be)\s"
        rf"[^0-9;；。!?]{{0,24}}?{num}\s?(?:{TOKENS})",
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я]){gap}{num}(?:\s?(?:{TOKENS}))?(?![0-9])"
        # (not people counted after it: "回答にある「1ユーザーあたり…」" is the answer said back)
        rf"(?!\s?%)(?!\s?(?:ユーザー|ユーザ|users?|人|名|명|사용자|用户|用戶|пользовател|"
        rf"usuarios?|usuários?|utilisateurs?|nutzer))",
        rf"{num}\s?-?\s?(?:{TOKENS})\s?(?:de\s|of\s)?(?:{SUMMARY_WORDS})(?![a-zà-ÿа-я])",
        # the answer or summary per item, then its length in tokens: "Antwort pro Brief
        # vielleicht 20 Token", "a short summary for each one, maybe 150 tokens"
        rf"(?<![a-zа-я])(?:{OUTPUT_WORDS}|{SUMMARY_WORDS})\s(?:pro|per|par|por|je|for\seach)\s"
        rf"[^0-9;；。!?]{{0,24}}?{num}\s?(?:{TOKENS})(?![a-zа-я])",
        rf"(?<![a-zà-ÿа-я])(?:{SUMMARY_WORDS})\s?(?:de\s|von\s|"
        rf"of\s)?(?:~\s?|≈\s?|about\s|around\s|roughly\s)?{num}(?:\s?(?:{TOKENS}))?(?![0-9])"
        # (not a count of calls: "요약 1회 호출", "summary 2x per ticket")
        rf"(?!\s?(?:회|번|건|件|次|回|times?|x(?![a-z])|개))",
        rf"{num}\s?(?:{TOKENS})?\s?(?:out|outputs?|ausgabe|en\ssortie|на\sвыходе|на\sвыход|de\ssalida|de\ssaída|"
        rf"выхода|raus|"
        rf"coming\sout|going\sout)(?![a-zа-я])",
        rf"{num}\s?ausgabe-?tokens?(?![a-zäöü])",
        # "800 input / 250 output tokens": the word between the number and the tokens
        rf"(?:(?<=/)|(?<=/\s)){num}\s?(?:output|generated|de\ssaída|de\ssalida|выходных)\s"
        rf"(?:{TOKENS})(?![a-zа-я])",
        # "1500 输入 / 200 输出": the output's number and word after the slash
        rf"(?:(?<=/)|(?<=/\s)){num}\s?(?:输出|輸出|出力|출력)",
    )
    input_ = alternatives(
        rf"(?<![a-zа-я])(?:{INPUT_WORDS})(?![a-zа-я]){gap}{num}(?:\s?(?:{TOKENS}))?(?![0-9])"
        rf"(?!\s?%)",
        # "prompts average is around 1500 tokens": the average said as a verb, then the figure
        rf"(?<![a-zа-я])(?:{INPUT_WORDS})\s(?:on\s)?(?:average|avg)\s(?:is\s|are\s|of\s)?"
        rf"(?:around\s|about\s|roughly\s|~\s?)?{num}(?:\s?(?:{TOKENS}))?(?![0-9])",
        rf"{num}\s?(?:-|\s)?(?:{TOKENS})\s?(?:de\s|of\s|d')?(?:prompts?|inputs?|entrada|"
        rf"input|in(?=\s?/|\s?,|\sand\s)|eingabe|en\sentrée|entrée|на\sвходе|на\sвход|входа|input\stokens|"
        rf"going\sin|coming\sin|rein)(?![a-zа-я])",
        # "~900 input tokens and ~150 output", "800 prompt tokens": the word before the tokens
        rf"{num}\s?(?:input|prompt|entrada|eingabe|entrée|входных)\s(?:{TOKENS})(?![a-zа-я])"
        rf"(?!\s?(?:/|per\s|a\s|por\s|pro\s|par\s|每)\s?(?:{SECOND}|{MINUTE}))"
        rf"(?!\s(?:in\s)?(?:total|overall|insgesamt|au\stotal|en\stotal|no\stotal|всего))",
        # "1k in / 250 out": short words, the slash between
        rf"{num}\s?(?:in|input)\s?/",
        # "800 input / 250 output tokens": the input's number and word, the tokens said after
        rf"{num}\s?(?:input|prompt|entrada|eingabe|entrée|входных|输入|輸入|入力|입력)(?=\s?/)",
        # "Tickets average around 900 tokens", "los correos rondan los 600 tokens": the things
        # worked through, each one's length
        rf"(?:{ITEMS})\s(?:average|avg\.?|are|run|come\sin\sat|rondan(?:\slos)?|promedian|"
        rf"têm\sem\smédia|haben\sim\sschnitt|font\sen\smoyenne)\s(?:around\s|about\s|~\s?|"
        rf"roughly\s|de\s|unos\s|uns\s|etwa\s|environ\s)?{num}\s?(?:{TOKENS})",
        # the things worked on, each one's length said after them with no count: "contratos
        # longos (uns 100 mil tokens cada)", "reports of ~40k tokens each"
        rf"(?:{ITEMS})[^0-9;；。]{{0,24}}?(?:{ABOUT_EACH})?\s?{num}\s?(?:{TOKENS})\s?"
        rf"(?:{EACH_AFTER})(?![a-zà-ÿ])",
        # German compounds, one suspended: "1.000 Eingabe- und 300 Ausgabetokens"
        rf"{num}\s?eingabe(?:-?tokens?|-(?=\s(?:und|bzw\.?|oder)\s))(?![a-zäöü])",
    )
    # (a model's name blanked between reads as one space: "correos con ___, unos 800 tokens")
    documents = alternatives(
        # (not things counted over time: "600 emails/hour; incoming email ≈ 900 tokens")
        rf"{num}\s?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{ITEMS})"
        rf"(?!\s?(?:/|per\s|an?\s(?:hour|minute|day)|por\s|pro\s|par\s|в\s|每))"
        rf"(?:[^0-9 ]| +){{0,24}}?{num2}\s?"
        rf"(?:input |in |de entrada |d'entrée |входных )?(?:{TOKENS})",
        rf"(?:{ITEMS})\s?{num}\s?(?:건|件|份|개|篇|통|件の)?[^0-9]{{0,6}}?(?:{EACH})[^0-9]{{0,6}}?"
        rf"{num2}\s?(?:{TOKENS})",
        # Things of any name counted, then their tokens said each (``LEAST_DOCUMENTS``):
        # "80.000 expedientes de unos 10.000 tokens cada uno", "12 万张单据，每张平均 2 千 token",
        # "40 万件の問い合わせ履歴（1件あたり平均 1,500 トークン）", "250.000 Dokumente à 2.000"
        rf"{num}[^0-9;；]{{1,64}}?{num2}\s?(?:{TOKENS})(?!\s?(?:/|per\s|por\s|每秒))"
        rf"\s?(?:{EACH_AFTER})",
        rf"{num}[^0-9;；]{{1,64}}?(?:{EACH})\s?(?:{WITH_EACH})?\s?(?:{ABOUT_EACH})?\s?{num2}"
        rf"\s?(?:{TOKENS})"
        rf"(?!\s?(?:/|per\s|por\s|每秒))",
        # "문서 200만 건 × 평균 1,500토큰", "2M tickets x ~900 tokens": counted times their length
        rf"{num}[^0-9;；]{{0,24}}?\s[×x*]\s(?:{ABOUT_EACH})?\s?{num2}\s?(?:{TOKENS})",
    )
    total_tokens = (
        rf"{num}\s?(?:de\s|of\s|d')?(?:{TOKENS})(?!\s?(?:/|per|a\s|each|por|pro|par|в\s|每)\s?"
        rf"(?:{SECOND}|{MINUTE}|user))"
    )
    deadline = alternatives(
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
        rf"за|в\sтечение|в\sпределах|уложи(?:ться|мся|тся)\s(?:надо\s|нужно\s|ли\s)?(?:в|за)|"
        rf"успе(?:ем|ть|ваем)\s(?:ли\s)?за|durante|para|by|d'ici|"
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
        rf"die|nächsten)?\s?(?:{ABOUT_WORD})?(?:{num}\s?-?)?(?:个|個|つ|)?\s?"
        rf"(?P<dunit>{KOREAN_DAY_WORDS}|{HOUR}|{DAY}|{WEEK}|{MONTH})"
        rf"(?![a-zа-яё])",
        rf"(?:{num}\s?)?(?:个|個|つ|)?\s?(?P<dunit>{HOUR}|{DAY}|{WEEK}|{MONTH}|"
        rf"{KOREAN_DAY_WORDS})\s?"
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
        rf"(?<![a-zà-ÿ])(?:d'ici|by|until|till|bis|hasta|até|до|avant|before|deadline:?|frist:?)"
        rf"\s[^\d,.;()]{{2,24}}?"
        rf"\s?[,;(—–-]\s?(?:donc|so|soit|i\.e\.|c'est-à-dire|also|d\.h\.|es decir|o sea|ou seja|"
        rf"то есть|т\.е\.|that's|that is|cioè|tipo|like|genre|типа|"
        rf"como)?\s?(?:{ABOUT_WORD})?{num}\s?"
        rf"(?P<dunit>{HOUR}|{DAY})(?![a-zа-яё])",
    )
    # any length of time, read as the deadline only beside a job with none named otherwise:
    # "window is about 60 hours", "tenho 72h", "wir haben eine Woche Zeit", "데드라인 일주일"
    any_duration = alternatives(
        rf"(?<![0-9.,同]){num}\s?-?\s?(?:个|個|つ|)?\s?(?P<dunit>{HOUR}|{DAY}|{WEEK})"
        rf"(?![a-zа-яё])",
        rf"(?<![a-zа-яё])(?:a|one|une?|una?|uma?|eine?n?|одн[уаи]|)\s?"
        rf"(?P<dunit>{KOREAN_DAY_WORDS}|week|semana|semaine|woche|неделю|неделя|一周|一週|"
        rf"一个星期|一個星期|一個禮拜|一个礼拜|1週間|一週間)(?![a-zа-яё])"
        # (not a day's volume: "하루 퇴원 요약 약 200건" is 200 a day)
        rf"(?!(?:에|당)?[^\d,.;]{{0,14}}?[0-9][0-9,.]*\s?(?:만|천)?\s?(?:건|개|회|번|명|장|件))",
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
