"""A number corrected inside the message keeps only its correction.

"30 concurrent users — sorry, 50", "человек 25, хотя нет — 35", "同時 10 セッション…すみません、20",
"동시 사용자 100명… 아 150명", "60 usuários simultâneos, ops, 80": the first number is taken
back, so the text keeps the second in its place, with the first one's words after it. "50 statt 20
Nutzer", "50 instead of 20 users": the number before "instead of" is the one meant. Read on the
cleaned text once its numbers are digits.
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re
from bot.understand.number_words import SMALL_NUMBER_WORDS

_NUMBER = r"[0-9]+(?:[.,][0-9]+)?"
# Words that take back what was just said, in the ten languages.
_TAKEN_BACK = (
    r"sorry|i mean|i meant|no wait|wait no|actually|correction|make that|make it|oops|"
    r"хотя нет|точнее|вернее|ой|пардон|(?:ээ+|э|ой),?\s?нет|нет|"
    r"すみません|すいません|失礼|いや|やっぱり|やっぱ|訂正|(?<![ぁ-んァ-ヶ一-龥])あっ?(?=[、,\s])|"
    r"(?<![가-힣])(?:아|아니|아니요|아뇨)(?![가-힣])|정정|"
    r"perdón|perdon|digo|mejor dicho|corrijo|"
    r"ops|opa|quer dizer|aliás|alias|corrigindo|pera|peraí|espera|não|"
    r"pardon|plutôt|enfin|je veux dire|euh,? non|"
    r"äh|ähm|nein|(?:äh,? )?nee|warte|moment|korrektur|besser gesagt|"
    r"o sea|ou melhor|"
    r"不对|不對|说错了|說錯了|应该是|應該是|不好意思|抱歉|打错了|打錯了"
)
_CORRECTED_RE = gated_re(
    # (not across a word joining another fact: "32 k Kontext und äh 10 Anfragen" keeps both)
    rf"(?<![0-9.,a-zа-яё])(?P<first>{_NUMBER})"
    rf"(?P<words>(?:(?!\s(?:und|and|y|et|и|plus|mit|with)\s)(?:[hb]200|mi355x|[^0-9,.;!?。！？、]))"
    r"{0,24}?)"
    rf"[\s,.…:;—–\-、。]*(?:(?<![a-zа-яё])(?:{_TAKEN_BACK})(?![a-zа-яё])[\s,.…:;!—–\-、。]*)+"
    rf"(?:(?:it'?s|it was|that'?s|nein|no|это|でした|sagen wir)\s|(?:是|就是|才是)\s?)?"
    rf"(?P<second>{_NUMBER})(?![0-9])"
)
# A number in Chinese characters taken back: "每个月五万人民币 不对不对 是六万", "五台 いや 六台".
_CJK_NUMBER = r"[零〇一二两兩三四五六七八九十百千万萬亿億]+"
_CJK_CORRECTED_RE = gated_re(
    rf"(?P<first>{_CJK_NUMBER})(?P<words>[^0-9零〇一二两兩三四五六七八九十百千万萬亿億,.;!?。！？、]{{0,8}}?)"
    r"[\s,，、。]*(?:(?:不对|不對|说错了|說錯了|应该是|應該是|打错了|打錯了|いや|やっぱり|訂正)"
    r"[\s,，、。]*)+(?:是|就是|才是)?\s?"
    rf"(?P<second>{_CJK_NUMBER})"
)
# "не 32к, а 128к", "not 32k but 128k", "不是 32k，而是 128k", "nicht 32k, sondern 128k": the
# number denied gives way to the one after.
_NOT_BUT_RE = gated_re(
    rf"(?<![a-zа-яё])(?:не|not|nicht|pas|no|não|不是)\s?(?P<first>{_NUMBER})(?P<words>[^0-9.;!?]{{0,12}}?)"
    r"[,，]?\s?(?:а|but|sondern|mais|sino|mas|而是|是)\s?"
    rf"(?P<second>{_NUMBER})(?![0-9])"
)
# "o contexto é 256k, não 25.6k", "4 users at once, not 40", "32k, а не 8k": the number denied
# after a comma gives way to the one before it.
_KEEP_NOT_RE = gated_re(
    rf"(?<![0-9.,a-zа-яё])(?P<first>{_NUMBER})(?P<words>[^0-9.;!?。！？]{{0,32}}?)[,，]\s?"
    # (not a bare "no": "30 users, no 50" takes the 30 back)
    r"(?:not|não|nao|nicht|pas|а не|не|而不是|不是)\s?"
    rf"{_NUMBER}(?:\s?[kкmм](?![a-zа-яё]))?(?![0-9])"
)
# Words that put the number before them in place of the one after (shared with the head count).
INSTEAD = (
    r"statt|anstatt|instead of|rather than|en vez de|en lugar de|em vez de|ao invés de|au lieu de|"
    r"вместо"
)
_INSTEAD_RE = gated_re(
    rf"(?<![0-9.,])(?P<second>{_NUMBER})\s(?:{INSTEAD})\s(?P<first>{_NUMBER})(?![0-9.,])"
)
# "en lugar de 50 usuarios fueran 500", "instead of 50 users, make it 500": the number after.
# (not a second quantity joined by "and": "64k Kontext statt 16k und 20 Nutzern", "128k instead
# of 32k and 50 users" change two things; "instead of 50 users with RAG, 500" is one change)
_AND = r"\s(?:und|and|y|e|et|и|plus)\s[0-9]"
_INSTEAD_FIRST_RE = gated_re(
    rf"(?:{INSTEAD})\s(?P<first>{_NUMBER})(?![0-9.,])(?P<words>(?:(?!{_AND})[^0-9.;!?。！？]){{1,24}}?)"
    r"[\s,]*"
    r"(?:(?:fueran|fuesen|sean|fossem|sejam|forem|for|were|make it|seien|soient|будет|будут|"
    r"было бы)\s)?"
    rf"(?P<second>{_NUMBER})(?![0-9]|[.,][0-9])"
)
# A change from one number to another, said with a verb of change: "并发从 50 提到 300", "bump
# users from 50 to 300", "von 50 auf 300 erhöhen", "passer de 50 à 300", "50에서 300으로 늘리면".
_CHANGE_VERBS = (
    r"raise|increase|bump|grow|scale|change|move|drop|cut|reduce|lower|go|going|"
    r"passer|passe|passant|pasar|pasamos|subir|bajar|aumentar|reducir|passar|passamos|mudar|"
    r"diminuir|erhöhen|erhöht|senken|gesenkt|steigern|gehen|geht|"
    r"увеличить|увеличим|уменьшить|поднять|снизить"
)
_FROM_TO_RE = gated_re(
    rf"(?:从|從)\s?(?P<first>{_NUMBER})(?P<words>[^0-9]{{0,6}}?)\s?"
    r"(?:提|提高|提升|增加|加|涨|漲|降|降低|减|減|减少|減少|改|调|調|拉)\s?(?:到|至|成)\s?"
    rf"(?P<second>{_NUMBER})|"
    rf"(?:{_CHANGE_VERBS})(?:[^0-9.;!?]{{0,24}}?)\s(?:from|de|von|с)\s(?P<first2>{_NUMBER})"
    rf"(?P<words2>[^0-9.;!?]{{0,16}}?)\s(?:to|à|a|para|auf|до)\s(?P<second2>{_NUMBER})(?![0-9.,])|"
    rf"(?P<first3>{_NUMBER})(?P<words3>\S{{0,6}}?)\s?(?:에서|から)\s?(?P<second3>{_NUMBER})"
    r"(?=\S{0,4}?\s?(?:으로|로|に)\s?(?:늘|줄|올|내|바꾸|변경|増や|減ら|変え|上げ|下げ))"
)
# A cheap test before the patterns, from the same words: most messages take nothing back (the
# patterns' own gate cannot use the one-letter "아").
_MARKS = re.compile(
    rf"{_TAKEN_BACK}|{INSTEAD}|从|從|에서|から|from|von|de |с |не |not |no |nicht |pas |não |不是"
)


def _changed_to(found: re.Match[str]) -> str:
    """Return a change from one number to another as the number it goes to, in its place."""
    for first, words, second in (
        ("first", "words", "second"),
        ("first2", "words2", "second2"),
        ("first3", "words3", "second3"),
    ):
        if found.group(second):
            before = _FROM_WORD_RE.sub("", found.string[found.start() : found.start(first)])
            own_words = _UNIT_AFTER_RE.match(found.string, found.end(second)) is not None
            return before + found.group(second) + ("" if own_words else found.group(words) or "")
    return found.group()


_FROM_WORD_RE = gated_re(r"(?:from|de|von|с|从|從)\s?$")


_UNIT_AFTER_RE = gated_re(r"\s?[^\W\d_]")


def _correction(found: re.Match[str]) -> str:
    """Return the second number, with the first one's words unless it has its own ("150명").

    The second has its own words when the first's start again after it ("60 users, no wait,
    40 users"); other words after it are the sentence going on ("75 Nutzer äh nee sagen wir
    100 reicht das?"), and the first's words stay.
    """
    words = found.group("words")
    head = words.split()[0][:3] if words.split() else ""
    if not head:
        return found.group("second")
    own_words = found.string[found.end() :].lstrip().startswith(head)
    return found.group("second") + ("" if own_words else words)


# A small number in words right after the words taking a number back ("dez H200 digo oito",
# "six months no wait seven"): in digits, so that the correction is read like any other.
_SMALL_AFTER_RE = gated_re(
    rf"(?<=[0-9])(?P<between>[^0-9,.;!?。！？]{{0,24}}?(?<![a-zа-яё])(?:{_TAKEN_BACK})\s)"
    rf"(?P<word>{'|'.join(sorted(SMALL_NUMBER_WORDS, key=len, reverse=True))})(?![a-zà-ÿа-яё])"
)


# A figure changed with an arrow: "32k → 8k", "50 -> 200 users": the one it goes to.
_ARROW_RE = gated_re(
    rf"(?<![0-9.,])(?P<first>{_NUMBER})(?P<unit>\s?[kк]?)\s?(?:→|->|=>|⇒|⟶)\s?(?P<second>{_NUMBER})"
    r"(?![0-9])"
)


def corrected(text: str) -> str:
    """Return ``text`` with each number taken back replaced by its correction."""
    if "→" in text or "->" in text or "=>" in text or "⇒" in text or "⟶" in text:
        text = _ARROW_RE.sub(lambda m: m.group("second"), text)
    if _MARKS.search(text) is None:
        return text
    text = _SMALL_AFTER_RE.sub(
        lambda m: m.group("between") + str(SMALL_NUMBER_WORDS[m.group("word")]), text
    )
    text = _KEEP_NOT_RE.sub(lambda m: m.group("first") + m.group("words"), text)
    text = _CORRECTED_RE.sub(_correction, text)
    text = _CJK_CORRECTED_RE.sub(_correction, text)
    text = _NOT_BUT_RE.sub(_correction, text)
    text = _INSTEAD_FIRST_RE.sub(lambda m: m.group("second") + m.group("words"), text)
    text = _FROM_TO_RE.sub(_changed_to, text)
    return _INSTEAD_RE.sub(lambda m: m.group("second"), text)
