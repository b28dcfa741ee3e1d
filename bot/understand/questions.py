"""The shape of a question, read without its words: which sentences ask, and whether yes or no.

Customers ask the same thing in endless words ("can it run", "dão conta", "扛得住不", "реально?",
"machbar?") but in few shapes: a sentence that ends with a question mark or a question particle
("吗", "か", "까", "ли"), and that asks for a figure only when a question word ("how", "多少",
"сколько", "combien") stands in it. The finders of the figure asked and of the levers read these
shapes where no word of theirs matched.
"""

from __future__ import annotations

from bot.understand import lexicon
from bot.understand.gates import gated_re

# Question words: a question with one asks for something other than yes or no.
WH_RE = gated_re(
    r"\b(?:how|what|which)\b|几(?![千百万萬十])|幾(?![千百万萬十])|多少|什么|什麼|哪|何|いくら|どの|どれ|"
    r"몇|얼마|무엇|뭐|어떤|어느|"
    r"сколько|как(?:ой|ая|ие|ую)\b|cuánt|\bqué\b|cuál|quant[oa]s?\b|\bqual\b|wie viel|welche|"
    r"combien|\bquel|wie vill|(?<![а-яё])(?:что|чём|чем|где|когда|кто|куда|откуда)(?![а-яё])|"
    r"\b(?:where|when|who)\b|どっち|どちら|には\s*[?？]|のは\s*[?？]|려면\s*[?？]|어떻게|"
    r"怎|如何|啥|咋|多久|多长|多長|wie lange?\b|wie (?:geht|mach|sieht)|^¿?qu[eé]\b|"
    r"\bwas (?:brauch|würd|empfehl|kost|nehm|soll|bräucht)|"
    # a recommendation asked: "有没有推荐配置？", "подскажите", "Que configuração indicam?"
    # (not "the plan you suggested", "recommended": the answer's pick said back)
    r"推荐|推薦|建议|建議|おすすめ|추천|recommend(?!ed)|suggest(?!ed)|empfehl|recomiend|recomend|"
    r"recommand|подскаж|посовету|"
    # a quantity asked by its noun: "number of servers needed?", "Anzahl der GPUs?"
    r"\b(?:number|amount) of\b|anzahl|nombre de|n[úu]mero de|quantidade de|количеств|кол-во|"
    r"数量|數量|台数|枚数|대수|장수"
)

# (a dash between two questions parts them: "Welche Konfiguration – und reicht ein 8x MI355X?")
SENTENCE_END = gated_re(r"(?<=[?？!！。])\s*|(?<=\.)\s+|\n+|\s[–—]\s")

# A sentence that asks: a question mark at its end (emoji and closing marks after it
# allowed), or a particle that makes a question in its language ("行吗", "大丈夫か", "될까",
# "хватит ли", "点解冇佢" is asked by its why-word, read elsewhere).
_ASKS = gated_re(
    r"[?？][\s!！?？)）」』\"'.…~〜]*$|(?:吗|嗎|么|麼|咩|呢|不|否|か|かな|かね|까|나요|가요|죠)\s*[!！.。~〜]*$|"
    r"(?<![а-яё])ли(?![а-яё])|^¿|^est-ce que|^(?:is|are|can|could|will|would|does|do|did|"
    r"should|has|have)\b"
)


def sentences(text: str) -> list[str]:
    """Return the non-empty sentences of a cleaned message."""
    return [part.strip() for part in SENTENCE_END.split(text) if part.strip()]


def asks(sentence: str) -> bool:
    """Whether one sentence has the shape of a question."""
    return _ASKS.search(sentence) is not None


# A change put as a condition ("а если взять три сервера?", "6개월 쓰면요?", "et si on prend
# deux serveurs ?"): what the change does, no yes or no.
_CONDITION = gated_re(
    r"\b(?:if|and for|and with)\b|(?<![а-яё])если(?![а-яё])|(?:et|y|e|und) (?:si|se|wenn|pour|"
    r"para|für|con|com|mit|avec)\b|したら|した場合|면요|하면|라면|다면|如果|要是|假如"
)
# Words of a fit: a change asked with one is still yes or no ("H200 1장이면 충분?", "还放得下吗",
# "does it still fit", "passt das noch?").
FITS_SAID = gated_re(
    r"(?<![a-z])(?:fits?|enough|suffi\w*|reicht|passt|alcanza|cabe|caben|basta|entra|rentre|"
    r"tient)(?![a-z])|放得下|裝得下|装得下|塞得下|放得落|入る|入り|収ま|載る|들어가|влез|помест|хватит|够|夠|"
    r"足り|충분|가능|"
    # whether it still works: "还行不行", "撐得住嗎", "H200 한 장으로 되나요", "いけますか"
    r"行不行|可不可以|撑得住|撐得住|顶得住|頂得住|扛得住|跑得动|跑得動|되나요|될까요|돼요\?|"
    r"いけ(?:ます|る)|回りますか|dá conta|d[aá] pra rodar|aguanta|funciona(?:ría)?\?|"
    r"still work|hält das|tient la route|"
    r"потянет|справится"
)
# Words of a choice, but for one-letter ones ("o" is Portuguese "the", "e" its "and").
_OR = gated_re(
    r"(?<![a-zà-ÿ])(?:or|ou|oder|either|versus|vs\.?|instead of|rather than|en lugar de|"
    r"en vez de|em vez de|au lieu de|statt|anstatt)(?![a-zà-ÿ])|(?<![а-яё])(?:или|либо)(?![а-яё])|"
    r"或|还是|還是|または|もしくは|それとも|또는|아니면|혹은"
)
# "那 B200 呢？": what about it, no yes or no.
_WHAT_ABOUT = gated_re(r"呢\s*[?？]?\s*$")


def yes_no_questions(text: str) -> list[str]:
    """Return the sentences of ``text`` that ask a question with no question word in it.

    A choice between things named ("b200 or mi355x?", "H200 ou MI355X?") is no yes or no.
    """
    return [
        part
        for part in sentences(text)
        if asks(part)
        and not WH_RE.search(part)
        and not _WHAT_ABOUT.search(part)
        and not _OR.search(part)
        and not lexicon.search("why", part)
        and (FITS_SAID.search(part) or not _changes(part))
    ]


def _changes(sentence: str) -> bool:
    """Whether a sentence puts a change ("and for 6 months?", "6개월 쓰면요?")."""
    return lexicon.search("followup", sentence) or _CONDITION.search(sentence) is not None


def questions(text: str) -> list[str]:
    """Return the sentences of ``text`` that have the shape of a question."""
    return [part for part in sentences(text) if asks(part)]
