"""Follow-ups that pull a lever on the answer on the table, and the rental terms of a message.

A lever asks for a change without a value: "cheaper?", "geht es billiger?", "更便宜的呢" ask
for the cheapest way from the plan on the table (``cheaper``); "explain this figure", "why so
many GPUs?", "where does 4.8 GB come from" for this answer's own figures (``explain``); "why not
H200?", "почему не MI355X?" why another GPU was not picked (``why_not``, with the GPU in
``gpus``). Rental terms (``bot.understand.rental``) are read beside them: months, plans counted,
servers counted.

``with_levers`` is the parser's one hook: it writes what it found into the request and settles
the intent a lever or a term implies when no model is named: a lever, a count of servers or a
term alone are follow-ups; plans counted ask for their price. "explain FP8" stays a glossary
question, and a model named keeps its sizing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.request import Intent, Lever, ParsedRequest, RequestFacts
from bot.understand import lexicon
from bot.understand.addressees import without_addressees
from bot.understand.cues.asked import find_asked
from bot.understand.cues.hardware import find_unrented
from bot.understand.gates import gated_re
from bot.understand.lever_shapes import (
    FIGURE_TOPICS,
    lever_by_shape,
    too_dear,
    why_about_one_gpu,
    why_contrast,
    without_self_description,
    you_said,
)
from bot.understand.lever_words import (
    THIS,
    find_lever,
    lever_re,
    opens_with_why_not,
    reports_our_answer,
)
from bot.understand.money import BUDGET_NAMED
from bot.understand.questions import WH_RE, yes_no_questions
from bot.understand.quoted import figure_asked
from bot.understand.rental import RentalAsk, find_rental
from bot.understand.topics.concepts import Concept
from bot.understand.topics.lexicon import mentions_concept
from sizing import load_plans

# Topics a lever's words also touch: "billiger" reads as billing, "only CUDA" as the software
# card; beside a lever or a setting said alone, they are no question of their own.
_WORDS_OF_A_LEVER = frozenset({None, "billing", "software"})
# Words of a question about the terms themselves ("a discount for 12 months?"): a term with a
# contract word only ("1年契約だと？", "1년 약정이면요?") still asks for its total.
_CONTRACT = r"discount|rabatt|descuento|desconto|remise|скидк|折扣|优惠|優惠|割引|할인"
# Topics about terms and money: plans counted beside them ask for their total, which says the
# terms too.
_TERM_TOPICS = frozenset({"billing", "minimum_term", "longer_terms"})
# Settings a message may only say to change ("only CUDA", "nur CUDA"): a follow-up, not the
# software card, when little else is said.
_SHORT_CHANGE_WORDS = 4
# A setting put as a condition ("and what if we're locked into CUDA?", "e se for só CUDA?",
# "а если только CUDA?", "CUDA만 되면요?"): a change to the plan on the table, asked briefly.
_IF = (
    r"what if|and if|if (?:we|it|you|i)|suppose|say we|y si|e se|et si|und wenn|was wäre|"
    r"(?:und )?falls|sofern|angenommen|wenn (?:wir|es|nur)|а если|если|如果|要是|假如|的话|的話|"
    r"場合|なら|だったら|としたら|면요|라면|다면|이라면|하면"
)
_SETTING_QUESTION_CHARS = 64
# CUDA named in such a condition, with no word against it, can only ask for CUDA ("what if the
# team insists on CUDA?", "et si CUDA est imposé ?", "¿y si dependemos sí o sí de CUDA?").
_CUDA_NAMED = r"cuda|nvidia|英伟达|英偉達|エヌビディア|엔비디아|쿠다|нвидиа"
_OTHER_PLATFORM = r"rocm|amd|mi ?3[0-9]{2}|mi ?355"
_NOT_CUDA = (
    r"(?:no|not|n't|without|sin|sem|sans|ohne|kein|nicht|не|без|不|没|沒|無|なし|なく|없|안|말고)"
    r"[^.?!。？]{0,14}(?:cuda|nvidia)|(?:cuda|nvidia)[^.?!。？]{0,14}(?:not|no es|não|n'est|nicht|"
    r"не |不|没|沒|じゃなく|でなく|不要|いらな|없|안 |필요 ?없)"
)


def _explains_a_term(request: ParsedRequest, text: str) -> bool:
    """Whether "explain ..." asks what a term means rather than how this answer was reached."""
    return request.term is not None and not lever_re(THIS).search(text)


def _only_a_setting(request: ParsedRequest, text: str) -> bool:
    """Tell a platform setting said alone or as a condition ("only CUDA", "what if only CUDA?")."""
    if request.facts.cuda_only is None:
        return False
    if request.facts.gpus and lever_re(_IF).match(text) is not None:
        return True  # "Et si on part sur MI355X ? … aucun souci côté AMD": the GPU and platform
    if request.topic not in _WORDS_OF_A_LEVER | {"rocm_image", "faq_migrate"}:
        return False
    stated = "?" not in text and "？" not in text
    if stated and (
        request.topic in {"billing", "rocm_image"}
        or (request.topic in {"software", "faq_migrate"} and request.facts.cuda_only)
    ):
        # stated, not asked: "весь прод на TensorRT-LLM, красные карты не предлагайте", "AMD
        # sin problema, ya tenemos todo dockerizado con ROCm"
        return True
    if len(text.split()) <= _SHORT_CHANGE_WORDS and "?" not in text:
        return True
    return len(text) <= _SETTING_QUESTION_CHARS and lever_re(_IF).search(text) is not None


def _cuda_as_a_condition(request: ParsedRequest, text: str) -> bool:
    """Tell CUDA named as a condition alone, a requirement however it is worded."""
    if request.facts.cuda_only is not None or len(text) > _SETTING_QUESTION_CHARS:
        return False
    if not lever_re(_CUDA_NAMED).search(text) or lever_re(_OTHER_PLATFORM).search(text):
        return False
    return lever_re(_IF).search(text) is not None and re.search(_NOT_CUDA, text) is None


def _only_a_term(text: str) -> bool:
    """Tell a term said alone ("for 12 months?") with no word of a contract."""
    return len(text.split()) <= _SHORT_CHANGE_WORDS and not lever_re(_CONTRACT).search(text)


# Chinese and Cantonese ask yes or no by "A not A" ("可唔可以", "係唔係", "能不能", "有没有"):
# the word asked about, once, for the lever readers, whose negation words would read a denial.
_A_OR_NOT_A = gated_re(r"([有能是要行够夠会會可好用係得使])[不没沒唔冇]\1")


def with_levers(request: ParsedRequest, text: str) -> ParsedRequest:
    """Add the rental terms and the lever ``text`` (cleaned) holds; settle the intent they imply."""
    if request.command is not None:
        return request
    text = _A_OR_NOT_A.sub(r"\1", text)  # "可唔可以一次過俾？": a question, nothing denied
    rental = find_rental(text, request.language, named_alone=not _names_model(request))
    # ("Pourquoi pas des H100 ?": a GPU we do not rent, asked why not, is a GPU named too)
    named_gpu = bool(request.facts.gpus) or find_unrented(text)[0] is not None
    lever = find_lever(text, gpus=named_gpu)
    named = _names_model(request)
    if lever is None or (lever is Lever.CHEAPER and why_about_one_gpu(request, text, named=named)):
        # "а чё не MI355X, он же дешевле?": why the cheaper GPU was left out
        lever = lever_by_shape(request, text, named=named) or lever
    if lever is Lever.EXPLAIN and _explains_a_term(request, text):
        lever = None
    if lever is Lever.CHEAPER and request.intent is Intent.DISCOVER and not named:
        # "想做个RAG问答…个人项目别太贵就行，求推荐": a discovery that wants it cheap, no answer
        # on the table to make cheaper
        lever = None
    lever, why_of_the_pick = _why_of_the_pick(request, text, lever, named=named)
    if _cuda_as_a_condition(request, text):
        request = replace(request, facts=replace(request.facts, cuda_only=True))
    setting_alone = _only_a_setting(request, text)
    if not rental.said and lever is None and not setting_alone:
        return request
    found = replace(
        request, facts=_rented_facts(request, rental), servers=rental.servers, lever=lever
    )
    if _prices_a_purchase(found, text):
        # "想租 4 台單卡 H200 半年，總價多少？": plans to rent, their total asked, no person
        found = replace(found, intent=Intent.PRICE)
    # A term with its total asked ("1년 쓰면 총액이 얼마나?") is the plan on the table for it,
    # unless a discount is what is asked about.
    # (a fleet's total asked beside a discount is still its total: "Gesamtsumme netto und ob es
    # für 24 Monate Rabatt gibt", the longer terms said with it)
    counted = sum((rental.plan_counts or {}).values())
    # (or one plan's total over the term named as such: "итоговую сумму за год и скидка?")
    named_total = _TOTAL_WORD.search(text) is not None
    # (or one plan priced for a term: "pricing for one 8x MI355X server over a 9-month term,
    # and whether a longer commitment qualifies for a discount")
    priced = named_total or _PRICED_FOR.search(text) is not None
    fleet = counted > 1 or (counted == 1 and bool(rental.months) and priced)
    total_asked = find_asked(text) == "price" and (DISCOUNT_WORDS.search(text) is None or fleet)
    # A term put as a change ("and if we commit for 6 months?", "e se fecharmos por 6 meses?"):
    # the plan on the table for it, unless a discount is what is asked about.
    term_as_change = (
        rental.months is not None
        and lexicon.search("followup", text)
        and DISCOUNT_WORDS.search(text) is None
    )
    term_alone = _only_a_term(text) or total_asked or term_as_change
    settled = replace(
        found,
        intent=_intent(
            found,
            setting_alone=setting_alone,
            term_alone=term_alone,
            total_asked=total_asked,
            compared=_compared(text),
            grown=_servers_changed(text),
            discount=DISCOUNT_WORDS.search(text) is not None,
            min_term_asked=_MIN_TERM_NAMED.search(text) is not None,
            too_dear=too_dear(text),
            earlier_said=_EARLIER.search(text) is not None,
            reported=reports_our_answer(text),
            quote_asked=_QUOTE_ASKED.search(text) is not None,
            figure_quoted=figure_asked(text) is not None,
            smaller_model=_SMALLER_MODEL.search(text) is not None,
        ),
    )
    if _one_month_asked(settled, text) or _term_allowed_asked(settled, text):
        # "Quisiera alquilar por un mes para hacer pruebas, ¿es posible?": the shortest term
        # asked, the page's answer, with no plan on the table to put it on
        settled = replace(settled, intent=Intent.KNOWLEDGE, topic="minimum_term")
    settled = _figures_explained(settled, found, text)
    if why_of_the_pick:
        # the pick and the other set against each other, or the pick's count asked why: a
        # question of the answer on the table
        facts = replace(settled.facts, plan_counts=None, months=None)
        settled = replace(settled, intent=Intent.FOLLOWUP, facts=facts, servers=None, topic=None)
    return _no_topic(_after_intent(settled, found.topic, text))


def _figures_explained(settled: ParsedRequest, found: ParsedRequest, text: str) -> ParsedRequest:
    """Return ``settled`` as an explanation of the answer's figures, when it asks one."""
    if settled.intent is Intent.SIZE and _explains_your_count(found, text):
        # "Объясните, почему у вас для Qwen3.5-397B выходит 2 сервера": the answer's count for
        # the model on the table, explained
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if (
        settled.intent is Intent.SIZE
        and found.lever is Lever.WHY_NOT
        and _WHY_NOT_PICKED.search(text) is not None
    ):
        # "為什麼不推薦 B200？我們要跑的是 NVFP4 版的 DeepSeek-V3.1": the answer's pick asked
        # about, the model on the table said again
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if settled.intent is Intent.SIZE and _why_not_of_the_model_said(found, text):
        # "¿Y por qué no una sola H200? Si el modelo es de 32B…": the model on the table, its
        # size said back as the reason to ask
        facts = replace(settled.facts, params_b=None, moe=None)
        settled = replace(settled, intent=Intent.FOLLOWUP, facts=facts)
    if (
        settled.intent is Intent.SIZE
        and found.lever is Lever.WHY_NOT
        and opens_with_why_not(text)
        and not found.facts.context_tokens
        and not found.facts.concurrency
    ):
        # "Por que não uma H200 avulsa? Pro gpt-oss-20b acho que uma GPU só basta.": the answer
        # on the table asked about first, the model said as the reason
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if (
        settled.intent is Intent.SIZE
        and found.lever is Lever.EXPLAIN
        and _QUOTED_FIGURE.search(text) is not None
        and figure_asked(text) is not None
    ):
        # "where does the '~3.5 full contexts' number come from?? my back-of-envelope for 128k
        # on llama 70b…": the answer's figure, quoted, the model theirs to compare with
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if settled.intent is Intent.FOLLOWUP and _explains_figures(found):
        # "2 machines for a 70B model? walk me through it": the figures said back are the
        # answer's own, no new size or count to size again
        facts = replace(settled.facts, params_b=None, gpu_count=None)
        settled = replace(settled, facts=facts, servers=None)
    return settled


def _why_of_the_pick(
    request: ParsedRequest, text: str, lever: Lever | None, *, named: bool
) -> tuple[Lever | None, bool]:
    """Return the lever of a why asked of the pick, and whether one was.

    "why HGX and not 2 single H200s? cheaper" asks why not the other; "为什么推荐 2 台服务器？
    权重才 700 多 GB" asks to explain the count.
    """
    if why_contrast(request, text, named=named):
        return Lever.WHY_NOT, True
    if lever in {None, Lever.WHY_NOT} and _why_of_a_count(request, text):
        return Lever.EXPLAIN, True
    return lever, False


def _why_of_a_count(request: ParsedRequest, text: str) -> bool:
    """Whether a why or a word of not following asks of a count of GPUs or servers said back.

    "Pourquoi vous comptez 2 H200 alors que le modèle fait 70 Go ?", "推奨が H200 2枚になって
    いる理由は？", "No entiendo por qué necesito 2 servidores": the answer's count, explained.
    """
    if _names_model(request) or len(request.facts.plan_counts or {}) > 1:
        return False
    if _OTHER_CHOICE.search(text):
        return False  # "為什麼推這台 8 卡的？直接租單張 H200": the other choice, why not it
    unclear = lexicon.search("unclear", without_self_description(text))
    asked = lexicon.search("why", text) or unclear or _REASON.search(text)
    return bool(asked) and figure_asked(text) == "gpu_count"


# A plan named by its eight GPUs, or the single plan named beside: a choice, not a count.
_OTHER_CHOICE = gated_re(
    r"(?<![0-9])8\s?(?:卡|gpu|장|枚|карт|x)|八卡|单张|單張|单卡|單卡|単体|단일|single|einzeln|"
    r"avuls|suelt|одиночн|individu|simples?\b|unitaires?|"
    # the other plan named as what it would replace: "au lieu du serveur entier"
    r"au lieu d|instead of|en vez de|em vez de|anstatt|statt|вместо|而不是"
)


# The reason asked as a noun: "の理由", "理由是", "이유", "la raison".
_REASON = gated_re(r"理由|原因|이유|근거|la raison|el motivo|o motivo|den grund|причин")


def _one_month_asked(request: ParsedRequest, text: str) -> bool:
    """Tell one month asked for on its own, not as a change to the plan on the table."""
    facts = request.facts
    return (
        request.intent in {Intent.FOLLOWUP, Intent.UNKNOWN}
        and facts.months == 1
        and not (facts.gpus or facts.plan_counts or request.servers or request.lever)
        and not _names_model(request)
        and not lexicon.search("followup", text)
        and _RENT_VERB.search(text) is not None
        and not BUDGET_NAMED.search(text)  # "預算一個月港幣 15 萬": a budget's month
        and not WH_RE.search(text)
    )


# Renting said as such: a month asked to rent ("alquilar por un mes"), not a budget's month
# ("預算一個月港幣 15 萬").
_RENT_VERB = gated_re(
    r"(?<![a-zà-ÿ])(?:rent|hire|lease|alquil|rentar|alug|mieten|miete|louer|loue)|аренд|租|借り|"
    r"レンタル|빌리|빌릴|대여|렌탈"
)


def _term_allowed_asked(request: ParsedRequest, text: str) -> bool:
    """Tell a term asked whether it is allowed ("3개월만 쓰고 반납해도 되나요?").

    "нужен на 2 месяца … Так можно?" too: the shortest term answers it; a price asked or a
    change to the plan on the table does not.
    """
    facts = request.facts
    return (
        bool(facts.months)
        and (
            request.intent in {Intent.FOLLOWUP, Intent.UNKNOWN, Intent.PRICE}
            or (request.intent is Intent.KNOWLEDGE and request.topic is None)
        )
        and len(facts.plan_counts or {}) <= 1
        and sum((facts.plan_counts or {}).values()) <= 1
        and not request.servers
        and not request.lever
        and not _names_model(request)
        and not lexicon.search("followup", text)
        and find_asked(text) != "price"
        and any(_ALLOWED.search(part) for part in yes_no_questions(text))
    )


# Words that ask whether something is allowed or possible.
_ALLOWED = gated_re(
    r"(?<![а-яё])можно|(?<![a-zà-ÿ])(?:possible|posible|possível|möglich|ok|okay|allowed|erlaubt|"
    r"permitido|autorisé|se puede|dá pra|da pra|tudo bem)(?![a-zà-ÿ])|가능|되나요|돼요|될까요|"
    r"可以吗|可以嗎|能不能|行吗|行嗎|できますか|大丈夫|いいですか"
)


def _rented_facts(request: ParsedRequest, rental: RentalAsk) -> RequestFacts:
    """Return the request's facts with the months and plans counted the message says."""
    facts = request.facts
    plans = rental.plan_counts
    if rental.months or plans:
        facts = replace(facts, months=rental.months, plan_counts=plans)
    if plans and not facts.gpus:
        # "¿Con 2 HGX alcanzaría para DeepSeek-V3?": the plans named name their GPUs
        gpu_of = {plan.id: plan.gpu for plan in load_plans()}
        gpus = dict.fromkeys(gpu_of[plan] for plan in plans if plan in gpu_of)  # said order
        facts = replace(facts, gpus=tuple(gpus))
    if plans and len(plans) > 1:
        facts = replace(facts, gpu_count=None)  # "2 HGX + 1 H200" counts plans, not GPUs
    if plans and facts.concurrency in plans.values() and not _names_model(request):
        facts = replace(facts, concurrency=None)  # "H200 단일 VM 2개": machines, not users
    return facts


def _after_intent(settled: ParsedRequest, topic: str | None, text: str) -> ParsedRequest:
    """Settle what the intent read leaves: a model across plans, the delivery beside a total."""
    if _runs_across_plans(settled, text):
        # "one MI355X server and one HGX H200: can Kimi K2 run across both?": the model on
        # those plans, not the two GPUs compared
        settled = replace(settled, intent=Intent.SIZE)
    if settled.intent is Intent.PRICE and topic == "delivery":
        # the total asked with when the plans come: the delivery said under the total
        settled = replace(settled, more_topics=("delivery", *settled.more_topics))
    return settled


def _runs_across_plans(request: ParsedRequest, text: str) -> bool:
    """Tell a model asked to run on several plans counted together, not a comparison."""
    plans = request.facts.plan_counts or {}
    return (
        request.intent is Intent.COMPARE
        and _names_model(request)
        and len(plans) > 1
        and not _compared(text)
        and find_asked(text) == "fits"
    )


def _servers_changed(text: str) -> frozenset[str | None]:
    """Return the topics servers counted replace: none, or a growing load's traffic.

    "サーバーを3台にしたらどうなりますか", "and with two servers?": a change; "our traffic doubles"
    beside it is the load, not the traffic the plans include. "Can two servers share a private
    network?" stays the page's question.
    """
    grows = _LOAD_GROWS.search(text) is not None
    change = grows or lexicon.search("followup", text) or _CHANGE_TO.search(text) is not None
    if not change:
        return frozenset()
    return frozenset({None, "traffic"}) if grows else frozenset({None})


# "what would it look like with", "にしたら", "으로 하면": servers put as a change
_CHANGE_TO = gated_re(
    r"what (?:would|does) it look like|what if|instead of|にしたら|にすると|にした場合|으로 하면|"
    r"로 하면|(?:으로|로) 늘리|に増やし|增加到|加到|扩到|擴到|scale (?:up )?to|"
    r"(?:y|e|et|und|и) (?:con|com|avec|mit|с) (?:dos|tres|dois|três|deux|trois|zwei|drei|"
    r"двумя|тремя)"
)


# A load that grows, said with the traffic: "our traffic doubles in November", "se nos triplica
# el tráfico", "o tráfego dobra", "Black Friday".
_LOAD_GROWS = gated_re(
    r"doubl|tripl|dobra|triplica|duplica|verdoppel|verdreifach|удва|утра|倍増|倍になる|두 배|세 배|"
    r"翻倍|翻番|black friday|peak season|high season|temporada alta|haute saison|hochsaison|"
    r"alta temporada|grows?|spikes?|增长|增長|増え|늘어"
)


# The shortest term named as such: a question about it, whatever months come beside it.
_MIN_TERM_NAMED = gated_re(
    r"minimum (?:rental |contract )?(?:term|period|commitment|duration)|min(?:imum)? term|"
    r"最低契約|契約期間|最短|최소 ?계약|최소 ?기간|минимальн\w* срок|plazo mínimo|duración mínima|"
    r"permanencia mínima|prazo mínimo|período mínimo|mindestlaufzeit|mindestdauer|mindestmiet|"
    r"durée minimale|engagement minimum|最短租期|最少租|最低租期"
)
# A discount asked, or a special price for the term: "¿hay precio especial por plazo largo?"
DISCOUNT_WORDS = gated_re(
    r"discount|cheaper|할인|割引|値引|折扣|优惠|優惠|rabatt|remise|réduction|descuento|desconto|скидк|"
    r"special (?:price|rate|pricing|deal)|precio especial|preço especial|tarifa especial|"
    r"sonderpreis|sonderkondition|prix spécial|tarif préférentiel|спеццен|специальн\w* цен|"
    r"特价|特價|特別価格|특가"
)


def _prices_a_purchase(request: ParsedRequest, text: str) -> bool:
    """Whether a purchase read as a request for a person only asks the total of plans counted."""
    if request.intent is not Intent.SALES or not request.facts.plan_counts:
        return False
    if lexicon.search("sales", without_addressees(text)):
        return False  # "talk to sales about 4 H200 VMs": a person is asked for
    return find_asked(text) == "price"


def _names_model(request: ParsedRequest) -> bool:
    return request.facts.kept().names_model or bool(request.unknown_model or request.hub)


# The answer before, pointed at: "さっきの", "先ほどの", "earlier", "your last answer", "刚才的".
_EARLIER = gated_re(
    r"さっきの|先ほどの|先程の|(?<![a-z])(?:earlier|just now|your (?:last )?(?:answer|quote|reply))"
    r"(?![a-z])|刚才|剛才|之前(?:说|說)的|아까|방금|ранее|(?<![а-яё])выше(?![а-яё])|vorhin|"
    r"tout à l'heure|hace un momento|agora há pouco"
)
# The whole of a rental named as such: "total", "итоговая сумма", "一共", "合計", "총액".
# A figure quoted from the answer: "the '~3.5 full contexts' number", "«2 serveurs»",
# "「38 tok/s」".
_QUOTED_FIGURE = gated_re(
    r"['\"‘’“”«「『][^'\"‘’“”«»「」『』]{0,24}[0-9][^'\"‘’“”«»「」『』]{0,32}['\"‘’“”»」』]"
)
# A smaller model as a way to pay less: "mit einem kleineren Modell", "a smaller model".
_SMALLER_MODEL = gated_re(
    r"smaller model|kleiner(?:e[nms]?)? modell|modelo (?:más )?(?:pequeño|menor)|modèle plus petit|"
    r"petit modèle|меньш[а-яё]* модел|модел[а-яё]* поменьше|更小的模型|小一点的模型|小一點的模型|"
    r"小さい(?:めの)?モデル|더 작은 모델|작은 모델"
)
# A price asked for something named: "pricing for one server", "a quote for", "el precio de".
_PRICED_FOR = gated_re(
    r"(?<![a-z])(?:pricing|price|quote|quotation) for(?![a-z])|precio (?:de|para) (?:un|una|[0-9])|"
    r"preço (?:de|para) (?:um|uma|[0-9])|prix (?:d'un|pour un|de [0-9])|preis für|"
    r"цен[ау] (?:на|за) (?:один|[0-9])"
)
# A quote or a proposal asked for: "quote", "proposta", "Angebot", "devis", "КП", "报价", "見積".
_QUOTE_ASKED = gated_re(
    r"(?<![a-z])(?:quote|quotation|proposal|proposta|propuesta|cotizaci[oó]n|cotação|cotacao|"
    r"angebot|devis|offre commerciale)(?![a-z])|коммерческ[а-яё]* предложени|"
    r"(?<![а-яё])кп(?![а-яё])|"
    r"报价|報價|見積|견적"
)
_TOTAL_WORD = gated_re(
    r"(?<![a-z])(?:total|totals|in all|altogether|gesamt\w*|insgesamt|au total|en total|no total|"
    r"somme|suma total|soma total)(?![a-z])|итогов\w*|общ(?:ая|ую) сумм|в сумме|всего за|"
    r"一共|总共|總共|合计|合計|总价|總價|总额|總額|総額|総費用|총액|총\s?비용|합계|トータル|"
    r"金額|montant"
)
# Topics a fleet's words touch ("single" and "HGX" side by side): plans counted with them are a
# fleet to price, not the difference between the plans.
_PLAN_TOPICS = frozenset({"single_vs_hgx", "single_h200_cluster", "whole_server_only"})


# Machines counted ("2대", "한 대"): Korean's counter is also its "versus" ("H200 대 MI355X").
_COUNTED_MACHINES_RE = gated_re(r"(?:[0-9]+|한|두|세|네|다섯)\s?대")


def _compared(text: str) -> bool:
    """Whether a message asks to compare or tell apart what it names."""
    text = _COUNTED_MACHINES_RE.sub(" ", text)
    return lexicon.search("compare", text) or mentions_concept(Concept.DIFFERENCE, text)


def _plans_priced(request: ParsedRequest, *, total_asked: bool, compared: bool) -> bool:
    """Tell plans counted whose total is asked: a fleet, or one plan with its total asked.

    "2 single H200 + 1 HGX, monthly total?", "一台 HGX H200 租一季要多少？".
    """
    if _a_fleet(request, compared=compared):
        return True
    if total_asked and request.topic in _TERM_TOPICS:
        # "Gesamtsumme netto und ob es für 24 Monate Rabatt gibt": units counted, their total;
        # "итоговую сумму за год": one plan's total over the term asked
        counted = sum((request.facts.plan_counts or {}).values())
        return counted > 1 or (counted == 1 and bool(request.facts.months))
    return bool(request.facts.plan_counts) and request.topic in _PLAN_TOPICS and total_asked


def _a_fleet(request: ParsedRequest, *, compared: bool) -> bool:
    """Tell several plans counted side by side, asked for as one fleet, not compared."""
    plans = request.facts.plan_counts or {}
    if len(plans) < 2:  # noqa: PLR2004 - a fleet mixes two plans at least
        return False
    if request.intent is Intent.COMPARE:
        return not compared
    return request.intent is Intent.KNOWLEDGE and request.topic in _PLAN_TOPICS and not compared


def _term_intent(
    request: ParsedRequest, *, term_alone: bool, min_term_asked: bool = False
) -> Intent | None:
    """Return the intent a term said alone implies, or None.

    "for 12 months?", "1年契約だと？": the plan on the table for the term; "can I rent just one
    month?" asks the shortest term, the page's answer.
    """
    months, topic, intent = request.facts.months, request.topic, request.intent
    if topic == "minimum_term" and intent is Intent.KNOWLEDGE and min_term_asked:
        # "3ヶ月だけ借りたいのですが、最低契約期間はありますか？": the shortest term is asked,
        # the months beside it say what the customer has in mind
        return intent
    if months == 1 and topic == "minimum_term":
        return intent
    term_topic = topic in _TERM_TOPICS or (topic is None and intent is Intent.KNOWLEDGE)
    return Intent.FOLLOWUP if months and term_topic and term_alone else None


def _intent(  # noqa: C901, PLR0911, PLR0912 - one intent per kind of lever or term
    request: ParsedRequest,
    *,
    setting_alone: bool,
    term_alone: bool,
    total_asked: bool = False,
    compared: bool = False,
    grown: frozenset[str | None] = frozenset(),
    discount: bool = False,
    min_term_asked: bool = False,
    too_dear: bool = False,
    earlier_said: bool = False,
    reported: bool = False,
    quote_asked: bool = False,
    figure_quoted: bool = False,
    smaller_model: bool = False,
) -> Intent:
    """Return the intent a lever or a term implies, when no model is named.

    ``discount``: a word of a discount is said; ``min_term_asked``: the shortest term is named
    as such ("最低契約期間", "minimum term"); ``too_dear``: what is counted is said to cost too
    much ("Der Kunde findet 2× HGX H200 zu teuer"), the plans on the table. ``grown``: topics
    the message's words of a growing load stand for ("our traffic doubles" is no question
    about the traffic the plans include). ``reported``: our answer's plan is said back ("the bot
    says 2x HGX"): a cheaper way or another GPU asked beside it pulls on that answer.
    """
    intent = request.intent
    if reported and request.lever in {Lever.CHEAPER, Lever.WHY_NOT} and intent is not Intent.TRAIN:
        return Intent.FOLLOWUP
    if _explains_figures(request):
        # "wait, 16 GPUs for a 70B model?? walk me through that", "por que 8 GPUs? me explica a
        # conta": the answer's own figures, said back, are what is asked about
        return Intent.FOLLOWUP
    if _names_model(request) or intent in {Intent.SALES, Intent.TRAIN}:
        return intent
    if (
        request.lever is Lever.EXPLAIN
        and figure_quoted
        and intent is Intent.KNOWLEDGE
        and not (total_asked and request.facts.plan_counts)
    ):
        # (plans counted and their total asked: "1台 HGX 加2台單卡，總價怎麼算？" prices them)
        # "De onde saiu esse 'máx. 6 contextos completos' no MI355X? … 288 GB por GPU": a figure
        # of the answer said back to be explained, the GPU's facts as the reason to ask
        return Intent.FOLLOWUP
    if request.lever is Lever.EXPLAIN and request.topic == "glossary":
        # "KV 캐시 계산 근거가 뭐예요?": a term of this answer's calculation, explained on it
        return Intent.FOLLOWUP
    if request.lever is Lever.WHY_NOT and (
        sum((request.facts.plan_counts or {}).values()) <= 1
        or (not total_asked and not request.facts.months)
    ):
        # "为啥不用MI355X，显存不是更大吗", "Vous avez écarté MI355X, pourquoi ?": why the answer
        # on the table left that GPU out, whatever fact about it comes along
        return Intent.FOLLOWUP
    one_plan = sum((request.facts.plan_counts or {}).values()) <= 1
    if (
        request.lever is Lever.CHEAPER
        and (too_dear or len(request.facts.plan_counts or {}) <= 1)
        and len(request.facts.gpus) <= 1
        and intent is not Intent.COMPARE
        and (too_dear or (one_plan and not (total_asked or request.facts.months)))
    ):
        # "Dá pra economizar usando só uma H200 avulsa?": the plan on the table, made cheaper
        # on the one plan named
        return Intent.FOLLOWUP
    if request.lever is Lever.EXPLAIN and not request.facts.months and earlier_said:
        # "さっきの月額$47,800ってどういう内訳？HGX2台分ってこと？": the answer's price explained
        return Intent.FOLLOWUP
    if _plans_priced(request, total_asked=total_asked, compared=compared):
        return Intent.PRICE
    if intent is Intent.COMPARE:
        return intent
    if request.lever is Lever.CHEAPER and request.topic == "minimum_term" and not discount:
        # "더 싼 방법은 없을까요? 일단 한 달만 써 볼 거라서요.": the plan on the table made
        # cheaper, a short trial the reason, no question about the shortest term
        return Intent.FOLLOWUP
    if request.lever is Lever.CHEAPER and smaller_model and not _names_model(request):
        # "Geht's günstiger, wenn wir gleich 12 Monate nehmen? Oder mit einem kleineren
        # Modell?": the plan on the table made cheaper, a term or a smaller model the ways asked
        return Intent.FOLLOWUP
    if quote_asked and request.facts.plan_counts and intent is Intent.KNOWLEDGE:
        # "uma proposta pra 3 servidores MI355X por 1 ano … desconto por volume": the plans'
        # quote, whose total says the longer terms too
        return Intent.PRICE
    if request.topic == "longer_terms" and discount and intent is Intent.KNOWLEDGE:
        # "any discount if we commit to 12 months? looking at the 8x H200 box": the terms asked
        return intent
    # "2 HGX + 1 H200 for 6 months": their total, terms and all; "пять серверов 8×MI355X: цена
    # за месяц и сроки поставки": the total, said with when each plan is delivered
    delivered = total_asked and request.topic == "delivery"
    if request.facts.plan_counts and (
        request.topic is None or request.topic in _TERM_TOPICS or delivered
    ):
        return Intent.PRICE
    if request.facts.months and request.facts.gpus and total_asked and not request.servers:
        # "単体 H200 を1年使う予定ですが、総額は？": that GPU's plans for the term, their total
        return Intent.PRICE
    term = _term_intent(request, term_alone=term_alone, min_term_asked=min_term_asked)
    if term is not None:
        return term
    if intent is Intent.KNOWLEDGE and request.servers and request.topic in grown:
        # "and with two servers? our traffic doubles in November": the plan on the table on
        # that many servers, not the traffic the plans include
        return Intent.FOLLOWUP
    if (
        intent is Intent.KNOWLEDGE
        and not setting_alone
        and (request.topic not in _WORDS_OF_A_LEVER or request.lever is None)
    ):
        # "How fast can you deliver an MI355X server?", "is it cheaper for 12 months?", "a
        # private network between two servers?": the page's answer, terms and all.
        return intent
    if request.lever is not None or request.servers or setting_alone:
        return Intent.FOLLOWUP
    if request.facts.plan_counts:
        return Intent.PRICE
    if intent is Intent.PRICE and request.facts.gpus:
        return intent  # "H200 for 3 months, how much?": that GPU's plans for the term
    return Intent.FOLLOWUP


def _explains_your_count(request: ParsedRequest, text: str) -> bool:
    """Whether an explanation is asked of a count the answer gave for the model named."""
    if request.lever is not Lever.EXPLAIN or not request.facts.model_id:
        return False
    counted = request.servers is not None or request.facts.gpu_count is not None
    return counted and you_said(text)


# Why the answer did not pick something: "為什麼不推薦 B200", "why didn't you recommend the
# B200", "なぜ B200 をおすすめしないのか", "почему не рекомендуете", "warum empfehlt ihr nicht".
_WHY_NOT_PICKED = gated_re(
    r"(?:为什么|為什麼|为啥|為啥|怎么|怎麼)(?:不|没有?|沒有?)(?:推荐|推薦|选|選|考虑|考慮)|"
    r"why (?:didn't|did not|don't|do not|wouldn't) you (?:recommend|pick|suggest|propose|choose)|"
    r"why (?:not|no) (?:recommend|suggest)|"
    r"なぜ[^?？。]{0,16}(?:おすすめ|推奨|提案)(?:しない|されない|しなかった)|"
    r"왜[^?？.]{0,16}(?:추천|제안)(?:을|를)?\s?(?:안|하지 않)|"
    r"почему (?:вы )?не (?:рекомендуете|рекомендовали|предложили|советуете)|"
    r"por qu[eé] no (?:me |nos )?(?:recomiendan|recomendaste|recomendaron|sugieren|propusieron)|"
    r"por que (?:vocês |você )?não (?:recomendam|recomendou|recomendaram|sugeriram)|"
    r"pourquoi (?:vous )?(?:ne )?(?:recommandez|proposez|conseillez)[^?]{0,12}pas|"
    r"warum (?:empfehlt|empfehlen) (?:ihr|sie) (?:nicht|kein)"
)
# The model on the table, its size said back: "si el modelo es de 32B", "the model is only 70B",
# "o modelo tem 32B", "das Modell hat doch nur 70B", "le modèle fait 32B", "模型才 32B".
_MODEL_SAID_BACK = gated_re(
    r"(?<![a-z])(?:the|el|o|le|das|its|su|seu)\s(?:model|modelo|modèle|modell)\s(?:is|es|é|est|"
    r"ist|has|tiene|tem|hat|fait|só tem|solo tiene|only has)\s(?:de\s|only\s|just\s|solo\s|"
    r"sólo\s|apenas\s|nur\s|doch\snur\s|seulement\s)?~?[0-9]|"
    r"(?:модель|модели)\s(?:всего|только|же)?\s?[0-9]|模型(?:才|只有|就|只)\s?[0-9]|"
    r"モデル(?:は|が)\s?[0-9]|모델(?:은|이)\s?[0-9]"
)


def _why_not_of_the_model_said(request: ParsedRequest, text: str) -> bool:
    """Whether a why-not names the model on the table only by its size, said back."""
    facts = request.facts
    if request.lever is not Lever.WHY_NOT or facts.model_id or request.unknown_model:
        return False
    return facts.params_b is not None and _MODEL_SAID_BACK.search(text) is not None


def _explains_figures(request: ParsedRequest) -> bool:
    """Tell an explanation asked of figures the answer gave: GPUs counted, a size, no model."""
    if request.lever is not Lever.EXPLAIN or request.topic not in FIGURE_TOPICS:
        return False
    facts = request.facts
    if facts.model_id or request.unknown_model or request.hub or request.ambiguous:
        return False
    if facts.plan_counts or facts.months:
        return False  # "5 台 MI355X 八卡機，月租怎麼算？": the plans' total is asked
    if any(value is not None for value in (facts.context_tokens, facts.concurrency)):
        return False
    return facts.gpu_count is not None or facts.params_b is not None or bool(request.servers)


def _no_topic(request: ParsedRequest) -> ParsedRequest:
    """Clear a knowledge topic the lever or term replaced ("geht es billiger?" is no billing)."""
    if request.intent is Intent.KNOWLEDGE:
        return request
    return replace(request, topic=None, spec=None, software=None, term=None)
