"""The answer's own words said back before a change: "You said 2x HGX at $47,800/mo. What if…".

A follow-up often repeats what the answer said ("you said", "你刚才说", "Вы насчитали", "Sie
schreiben", "Vous annoncez", "Me dijiste que", "Você falou em", "…라고 하셨는데") before asking
for a change. The figures of that clause are the answer's, not new facts: the facts are read
from the message without it, the follow-up's lever and question from the whole message.
"""

from __future__ import annotations

from bot.understand.gates import gated_re

# Where the said-back clause starts: a verb of the answer reporting, addressed to us.
_SAID_BACK_RE = gated_re(
    # (not a question to us: "what hardware would you put that on?")
    r"(?i)(?<![a-z])(?<!would )(?<!could )(?<!should )(?<!can )(?<!will )(?<!do )(?<!did )"
    r"(?:you(?: guys)? (?:said|put|quoted|wrote|mentioned|estimated|gave|told me|"
    r"came up with|recommended)|"
    # the answer as "it", asked why: "why does it say only ~60 GB of KV room per GPU??" (not "it
    # says 128k in the model card", "how much VRAM does it give per user")
    r"(?:why|how come) (?:does|did) it say|how come it says|"
    # the answer named in brackets: "cust read your answer (the 2x HGX H200 one)"
    # the figure of the answer named: "Цена из вашего ответа (19 900 $/мес)", "the price
    # from your answer ($23,900)"
    r"(?:цен[аы]|сумм[аы]|стоимост[ьи]) (?:из|в) (?:вашего|вашем|твоего|твоём) ответ[а-яё]*|"
    r"(?:the )?(?:price|figure|total|number) (?:from|in) your (?:answer|reply|quote)|"
    r"your (?:previous |last |earlier |first )?(?:answer|estimate|reply|response|quote|proposal)"
    r" \([^)]{1,60}\)|"
    r"your (?:previous |last |earlier |first )?(?:answer|estimate|reply|response) (?:said|says|"
    r"shows|showed|put|assumed|mentioned|named|gave|quoted)|"
    # (at a sentence's start: "the '~21 GB' line in your answer" quotes it before)
    r"(?:(?<=^)|(?<=[.!?:]\s)|(?<=\n))(?:in|dans|en|na) (?:your|ta|votre|tu|su|tua|sua|ihrer|"
    r"eurer) (?:answer|reply|réponse|respuesta|resposta|antwort)|"
    r"(?:ihre|eure|deine) antwort (?:nannte|nennt|sagt|sagte|schreibt|schrieb|zeigt|ergab)|"
    r"(?:ta|votre) réponse (?:dit|indique|annonce|donne)|"
    r"(?:tua|sua) resposta (?:falou|disse|deu|colocou|mostrou|indicou)|"
    r"lo que (?:me )?(?:respondiste|respondieron|contestaste)|o que (?:você |vc )?respondeu|"
    r"what you (?:answered|replied)|"
    r"(?:ваш|твой) (?:прошлый |предыдущий )?ответ (?:про|о|говорит|показал)|в вашем ответе|"
    r"(?:вы|ты) (?:насчитали|написали|сказали|посчитали|указали|пишете|говорите|оценили)|"
    r"sie (?:schreiben|schrieben|nennen|sagten|haben [^.?!]{0,30}(?:genannt|geschrieben|"
    r"berechnet))|ihr (?:schreibt|nennt|sagt)|"
    r"vous (?:annoncez|dites|avez dit|indiquez|écrivez|avez (?:annoncé|calculé|indiqué))|"
    # (not "¿por qué no me pusiste la H200?": what the answer left out, asked about)
    r"(?<!no )me (?:dijiste|dijeron|diste|pusiste)|"
    r"(?:dijiste|indicaste|calculaste|pusiste|dijeron) que|"
    r"(?:você|vocês|vc) (?:falou|falaram|disse|disseram|colocou|calculou|indicou))(?![a-z])|"
    r"你们?(?:刚才|刚刚|剛才|剛剛|之前)?(?:说|說|写|寫|算的|估的|报的|報的)|"
    r"您(?:刚才|剛才)?(?:说|說)|"
    r"방금 답변에서|답변에서|라고 하셨는데|이라고 하셨는데|"
    # "답변에 동시 사용자 최대 7명이라고 나왔는데": the answer's words, closed by 라고 (not "답변에
    # 나오는 TP가 뭔 뜻이에요?", a word of it asked about)
    r"답변에(?=[^?？.!。]{0,40}?라고 )|"
    r"你(?:们|們)?(?:的)?(?:回答|回复|回覆)(?:里|裡|中)?(?:写|寫|说|說|提到|给|給)|"
    r"(?:先ほど|さっき|前)の(?:回答|ご回答|返答)(?:に|で|では|の)|"
    # "回答にあった「…」": what the answer had, quoted after
    r"(?:回答|ご回答|返答)(?:に|で)(?:あった|ある|書いてあった|書いてある|出た|出てきた)(?=\s?[「『\"“])"
)
# A quotation right after the clause opens ("Your answer said: "…"", "Ihre Antwort nannte
# „…“"): the clause ends where the quotation closes.
_QUOTE_OPEN_RE = gated_re(r"[^\"“„«「『'‘\n.!?。]{0,6}?[\"“„«「『'‘]")
_QUOTE_CLOSE = {'"': '"', "“": "”", "„": "“", "«": "»", "「": "」", "『": "』", "'": "'", "‘": "’"}
# Where it ends: the sentence's end, or the first comma of a Chinese clause; in Korean, the
# "…라고 하셨는데" that closes it.
_SENTENCE_END_RE = gated_re(r"[.!?。！？\n](?=\s|$)|[!?。！？\n]|\s[—–-]\s")
_CJK_CLAUSE_END_RE = gated_re(r"[，,]")
_KO_END_RE = gated_re(
    r"(?:이)?라고 (?:하셨는데|하셨죠|말씀하셨는데|나왔는데|나와 있는데|되어 있는데|돼 있는데|"
    r"적혀 있는데)[,，]?"
)
# A quotation of the answer named after it: "le « TTFT 1,4 s » de ta réponse", "the "12 users"
# in your answer", "el «38 tok/s» de tu respuesta", "o "2 servidores" da sua resposta".
_QUOTED_FROM_ANSWER_RE = gated_re(
    r"[\"“„«「『]\s?[^\"”“»」』\n]{1,40}?\s?[\"”“»」』]\s?"
    r"(?:(?:de|dans) (?:ta|votre) réponse|(?:in|of|from) (?:your|the) (?:answer|reply)|"
    r"(?:de|en) (?:tu|su) respuesta|(?:da|na) (?:sua|tua) resposta|"
    r"(?:aus|in) (?:deiner|ihrer|eurer|der) antwort|(?:из|в) (?:вашего|твоего|вашем|твоём) ответ)"
)


def without_said_back(text: str) -> str | None:
    """Return ``text`` with the clauses that say the answer back blanked, or None if none."""
    quoted = _QUOTED_FROM_ANSWER_RE.search(text)
    if quoted is not None:
        rest = text[: quoted.start()] + " " * (quoted.end() - quoted.start()) + text[quoted.end() :]
        return rest if rest.strip() else None
    found = _SAID_BACK_RE.search(text)
    if found is None:
        return None
    start = found.start()
    korean = _KO_END_RE.search(text, start)
    quote = _QUOTE_OPEN_RE.match(text, found.end())
    closing = -1
    if quote is not None:
        opening = quote.group()[-1]
        closing = text.find(_QUOTE_CLOSE[opening], quote.end())
        if opening == "„" and closing < 0:
            closing = text.find("”", quote.end())
    if closing >= 0:
        end = closing + 1
    elif korean is not None:
        end = korean.end()
    elif text[found.start() : found.end()].startswith(("你", "您")):
        stop = _CJK_CLAUSE_END_RE.search(text, found.end()) or _SENTENCE_END_RE.search(
            text, found.end()
        )
        end = stop.end() if stop else len(text)
    else:
        stop = _SENTENCE_END_RE.search(text, found.end())
        end = stop.end() if stop else len(text)
    rest = text[:start] + " " * (end - start) + text[end:]
    return rest if rest.strip() else None


# The kind of a figure of the answer said back, by its unit: what an explanation is asked of.
_FIGURE_KINDS = (
    (
        "speed",
        gated_re(
            r"(?i)tok(?:en)?s?\s?/\s?s|t/s|tps|ток/с|токен\w* в секунду|ttft|首字|首token|"
            r"초당\s?[0-9]|[0-9]+\s?토큰|每秒(?:約|约|大约|大約)?\s?[0-9]|毎秒\s?[0-9]|秒間\s?[0-9]|"
            r"tokens? (?:por|pro|par|per) (?:segundo|sekunde|seconde|second)"
        ),
    ),
    (
        "kv",
        gated_re(
            r"(?i)kv|[0-9]\s?(?:gb|gib|tb|tib|go|го|то|гб|тб)(?![a-zа-яё])|contexts? of|контекст|"
            r"[0-9]\s?(?:full )?contexts|[0-9]\s?contextos|[0-9]\s?contextes|[0-9]\s?kontexte|"
            r"[0-9]\s?(?:個|个)?(?:完整)?(?:上下文|コンテキスト|컨텍스트)"
        ),
    ),
    (
        "price",
        gated_re(
            r"\$|us\$|€|美元|美金|달러|долл|dollars?|/hr|per gpu[- ]hour|gpu[- ]?stunde|"
            r"(?:por|per|par|pro) gpu[- ](?:hora|hour|heure|stunde)|月費|月费|월 ?요금|月額|"
            r"[0-9]\s?(?:usd|eur|dólares|dollars)|(?:por|per|par|pro) (?:hora|hour|heure|stunde)"
        ),
    ),
    (
        "gpu_count",
        gated_re(
            r"(?i)[0-9]+\s?(?:gpus?|cards?|h200s?|servers?|serveurs?|servidores?|server|张|張|卡|"
            r"枚|장|карт|сервер|grafikkarten|karten|台|대|部)|"
            # the parallel layout said back: "why TP=8?", "なんで TP=4"
            r"(?<![a-z])(?:tp|tensor[- ]parallel(?:ism)?)\s?[=:]?\s?[0-9]"
        ),
    ),
)


_USERS_FIGURE = (
    "users",
    gated_re(
        r"(?i)[0-9]+\s?(?:users?|sessions?|セッション|ユーザー|人|명|пользовател\w*|сесси\w*|"
        r"usuarios|usuários|utilisateurs|nutzer)(?!\s?(?:あたり|当たり|당|每|по\s))"
    ),
)


def figure_asked(text: str) -> str | None:
    """Return the kind of the first figure an explanation is asked of, by its unit, or None."""
    found = [(pattern.search(text), kind) for kind, pattern in (*_FIGURE_KINDS, _USERS_FIGURE)]
    placed = [(match.start(), kind) for match, kind in found if match is not None]
    return min(placed)[1] if placed else None
