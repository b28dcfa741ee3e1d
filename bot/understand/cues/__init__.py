"""What a message says beyond a deployment's facts, for the conversation to act on.

The use, the people, hardware we do not rent, a kind of model we do not size, the figure
asked, the budget as written.

``read_cues`` is the parser's one hook for them: it runs once the intent is decided, fills
``ParsedRequest.cues``, takes a head count the concurrency finder read as users at once back
out of the facts, and makes a use without a model a ``discover`` request.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.request import Cues, Intent, Lever, ParsedRequest, RequestFacts
from bot.understand import lexicon, limits
from bot.understand.addressees import without_addressees
from bot.understand.concurrency import RATE
from bot.understand.context import find_context
from bot.understand.cues.asked import asked_by_shape, asks_speed, find_asked
from bot.understand.cues.chatty import find_chatty_users
from bot.understand.cues.currency import Money, find_money
from bot.understand.cues.hardware import asks_cost, asks_if_rented, find_unrented
from bot.understand.cues.headcount import (
    but_only_said,
    counted_groups,
    counts_of_non_users,
    find_all_at_once,
    find_headcount,
    find_share,
    people_besides,
)
from bot.understand.cues.kinds import find_model_kind, names_kind_model, without_kind_words
from bot.understand.cues.stack import stack_cuda_only
from bot.understand.cues.uses import (
    document_counts,
    find_kv_capacity,
    find_use_case,
    retrieval_said,
    says_no_model_yet,
    without_document_counts,
)
from bot.understand.gates import gated_re
from bot.understand.intents import asks_other_work, has_price_words
from bot.understand.language import is_common_word
from bot.understand.lever_shapes import too_dear
from bot.understand.money import BUDGET_NAMED
from bot.understand.numbers import parse_number
from bot.understand.questions import FITS_SAID, asks
from bot.understand.topics.concepts import Concept
from bot.understand.topics.lexicon import mentions_concept
from bot.understand.training import says_serving
from sizing import UseCase

# Intents a use without a model turns into a proposal ("what would a chatbot for 200 staff
# cost?" asks for one, not for the price list).
_DISCOVERABLE = frozenset(
    {Intent.UNKNOWN, Intent.FOLLOWUP, Intent.SIZE, Intent.PRICE, Intent.KNOWLEDGE, Intent.SALES}
)
# Knowledge topics a use case's words may have matched by accident ("support", "choose").
_LOOSE_TOPICS = frozenset(
    {None, "software", "how_to_choose", "gpu_card", "private_network", "calculator"}
)


def _names_model(request: ParsedRequest) -> bool:
    facts = request.facts
    return bool(
        facts.model_id
        or facts.params_b is not None
        or facts.hf_id
        or request.hub
        or request.unknown_model
        or request.ambiguous
    )


_KIND_NAME_RE = gated_re(r"embed|rerank|whisper|tts|diffusion|flux|vl\b|vision|video|asr|speech")


def _without_word_models(request: ParsedRequest) -> ParsedRequest:
    """Drop an "unknown model" that is a common word, or a model named by its kind."""
    name = request.unknown_model
    if name is None or request.hub is not None:
        return request
    # "Qwen3-Embedding": a model of a kind we do not size, named by its kind (the kind answers)
    of_kind = request.cues.model_kind is not None and _KIND_NAME_RE.search(name) is not None
    # "un ChatGPT interne", "our own ChatGPT": the hosted product named as the use, a chat
    # assistant of one's own, not a model to run
    product = name.casefold().replace(" ", "") in _ASSISTANT_PRODUCTS
    if not (of_kind or product or is_common_word(name.casefold())):
        return request
    understood = tuple(code for code in request.not_understood if code != "model")
    cues = request.cues
    if product and cues.use_case is None:
        cues = replace(cues, use_case=UseCase.CHAT.value)
    return replace(
        request, unknown_model=None, suggestions=(), not_understood=understood, cues=cues
    )


_ASSISTANT_PRODUCTS = frozenset({"chatgpt", "copilot", "gemini", "claude"})


# Agents and counsellors named (their support bots and consultations counted are blanked with
# the addressees): "상담원"/"상담사" hold the word of contact "상담" but ask for no one alone.
# Consultations as what is worked on ("상담 녹취 텍스트", "상담 내역") ask for no one either.
_PERSON_NOUNS_RE = gated_re(
    r"상담(?:원|사)|상담 ?(?:녹취|기록|내역|로그|데이터|텍스트|건수|문의|자동화|봇|챗봇)"
)


def _asks_for_a_person(text: str) -> bool:
    """Whether a message asks for a person outright ("talk to sales"), use case or not.

    A word that may name a person ("agent", "상담원") is no request for one without a word
    of contact ("talk", "contact", "연결").
    """
    text = without_addressees(text)
    if mentions_concept(Concept.SALES_PHRASE, text):
        return True
    if lexicon.search("size_question", text) or not lexicon.search("sales", text):
        return False
    # "상담원"/"상담 봇" (agents, a support bot) hold the word of contact "상담" but ask for no one.
    return mentions_concept(Concept.CONTACT, _PERSON_NOUNS_RE.sub(" ", text))


def _proposal_asked(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a question the knowledge base might take asks for a proposal instead.

    Its topic matched by accident (a use's words), and it gives the people, a capacity or a
    budget, or asks what to run or rent.
    """
    if (
        request.topic == "longer_terms"
        and cues.budget_amount is not None
        and not request.facts.months
        and (cues.budget_months or cues.use_case is not None or says_no_model_yet(text))
    ):
        return True  # "年間予算 5,000万円、社内 RAG 用": the year of a budget, no term asked
    if (
        cues.kv_cache_bytes is not None
        and request.topic == "gpu_spec"
        and find_asked(text) == "gpu_count"
    ):
        return True  # "1,5 ТБ KV-кэша … сколько серверов MI355X?": a capacity, not the GPU's memory
    if request.topic not in _LOOSE_TOPICS:
        return False
    facts = request.facts
    # (or a load said beside the use: "客服机器人，高峰每分钟大概 20 个请求 … 求推荐")
    load = (facts.requests_per_minute, facts.concurrency, facts.throughput_tok_s)
    used = cues.use_case is not None and any(value is not None for value in load)
    stated = (cues.headcount, cues.kv_cache_bytes, cues.budget_amount)
    return (
        any(value is not None for value in stated) or used or lexicon.search("size_question", text)
    )


def _needs_said(request: ParsedRequest, cues: Cues) -> bool:
    """Whether a message says what a proposal is sized for: a use, people, a capacity, targets."""
    said = (cues.use_case, cues.headcount, cues.kv_cache_bytes, cues.budget_amount)
    return request.facts.states_load or any(value is not None for value in said)


# What a budget buys, asked: "what can we run with that?", "o que dá pra fazer?", "was geht
# damit?", "on fait tourner quoi ?", "何ができますか", "能跑什么", "뭘 돌릴 수 있나요".
_WHAT_IT_BUYS = gated_re(
    r"what can (?:we|i|you|that|it) (?:do|run|get|host|afford|buy)|what(?:'s| is) possible|"
    r"what (?:does|would|will) (?:that|this|it) (?:get|buy)|what (?:fits|runs) (?:in|into|within|"
    r"on) (?:that|this|it)|"
    r"qu[eé] (?:podemos|puedo|se puede|podr[ií]amos) (?:hacer|correr|montar|tener)|"
    r"qu[eé] nos (?:alcanza|da)|"
    r"o que (?:d[áa]|daria) (?:pra|para) (?:fazer|rodar|montar)|o que (?:podemos|consigo|"
    r"conseguimos|d[áa]) (?:fazer|rodar)|o que cabe|"
    r"was geht (?:damit|da|dafür)|was (?:können|kann|könnten) (?:wir|ich) (?:damit |dafür )?"
    r"(?:machen|betreiben|laufen lassen|bekommen)|was ist (?:damit |dafür )?(?:möglich|drin)|"
    r"on (?:fait|peut faire|pourrait faire) tourner quoi|qu'est-ce qu'on (?:peut|pourrait) "
    r"(?:faire|faire tourner|avoir)|que (?:peut-on|pourrait-on) (?:faire|faire tourner|avoir)|"
    r"on fait quoi|"
    # whether the budget is enough for the use: "C'est faisable ?", "¿Alcanza para algo decente?"
    r"c'est faisable|is (?:that|it|this) (?:doable|feasible)|alcanza para|¿alcanza|"
    r"ist das machbar|это реально|реально ли|可行吗|可行嗎|"
    r"что (?:можно|можем|получится) (?:сделать|запустить|поднять|взять)|на что (?:хватит|хватает)|"
    r"能做什么|能做什麼|能跑什么|能跑什麼|可以做什么|可以做什麼|能干什么|能幹什麼|能上什么|能上什麼|"
    r"够跑什么|夠跑什麼|能租什么|能租什麼|"
    r"何ができ|何が動か|何を動かせ|何が借りられ|"
    r"뭘 할 수|무엇을 할 수|뭐 (?:돌릴|할) 수|뭐가 가능|어떤 걸 돌릴|뭘 돌릴|"
    # what to rent within it asked: "可以租到咩配置", "有推薦的方案嗎", "Was empfehlt ihr?"
    r"租到咩|咩配置|租到什么|租到什麼|有(?:什么|什麼|啥)?推荐的?方案|有(?:什么|什麼|啥)?推薦的?方案|"
    r"what (?:do|would) you (?:recommend|suggest)|qu[eé] (?:nos )?(?:recomiendan|recomiendas|"
    r"sugieren)|qu[eé] nos alcanza|o que (?:vocês|você) (?:recomendam|recomenda|sugerem)|"
    r"was (?:empfehlt|empfehlen|schlagt) (?:ihr|sie)|que (?:nous )?(?:conseillez|recommandez|"
    r"proposez)-vous|おすすめ(?:は|の構成|ある|あります|を教えて)|"
    r"추천(?:해 주세요|해주세요|하시나요)|"
    # what to rent asked outright: "что вообще нужно арендовать", "what do we need to rent",
    # "qué necesitamos rentar", "o que preciso alugar", "was müssten wir mieten"
    r"что (?:посоветуете|порекомендуете|предложите)|"
    r"что (?:вообще )?(?:нужно|надо) (?:арендовать|взять)|what (?:do|would|should) (?:we|i) "
    r"(?:need to )?rent|qu[eé] (?:necesitamos|necesito|tendr[ií]amos que) (?:rentar|alquilar|"
    r"contratar)|o que (?:precisamos|preciso|teríamos que) (?:alugar|contratar)|"
    r"was (?:müssten|müssen|sollten) (?:wir|ich) mieten|qu'est-ce qu'il (?:nous )?faut louer|"
    r"需要租(?:什么|什麼|啥)|要租(?:什么|什麼|啥)|何を借りれば|뭘 빌려야|무엇을 빌려야|"
    # what it would take: "ce qu'il faudrait", "what we'd need", "qué haría falta"
    r"ce qu'il (?:nous )?faudrait|ce dont (?:on|nous) aurait besoin|what (?:we'd|we would|i'd|"
    r"i would) need|qu[eé] (?:nos )?har[ií]a falta|o que (?:seria preciso|precisar[ií]amos)|"
    r"was (?:wir|ich) (?:bräuchten|brauchen würden)|что (?:нам )?понадобится|"
    r"需要(?:什么|什麼)(?:配置|方案)|何が必要|뭐가 필요"
)


def _budget_to_spend(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a budget is said with what it buys asked, nothing else of a deployment."""
    facts = request.facts
    if cues.budget_amount is None or facts.gpus or facts.plan_counts or request.lever:
        return False
    if facts.months:
        return False  # "for 6 months with €15k a month?": a term's total, no proposal
    open_intents = {Intent.HELP, Intent.UNKNOWN, Intent.FOLLOWUP, Intent.PRICE, Intent.KNOWLEDGE}
    return request.intent in open_intents and bool(_WHAT_IT_BUYS.search(text))


def _discovers(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a message describes a use to propose for, with no model named."""
    # A format is said of a model in mind (one not recognised: ask which, not propose).
    stated_model = request.facts.precision is not None or _names_model(request)
    if stated_model or cues.model_kind or request.facts.trains:
        return False
    if request.lever in {Lever.EXPLAIN, Lever.WHY_NOT}:
        return False  # "where does the 61 GB of KV come from?": this answer's figure, no use
    if request.lever is Lever.CHEAPER and too_dear(text) and not says_no_model_yet(text):
        # "achou a proposta cara … mais em conta para a mesma equipa de 40": the plan on the
        # table, cheaper, the people it was for said again
        return False
    if _budget_to_spend(request, cues, text):
        return True  # "R$ 50 mil por mês, o que dá pra fazer?": a proposal within it
    if says_no_model_yet(text) and not _asks_for_a_person(text) and _needs_said(request, cues):
        return True  # "RAG over our docs, no model chosen yet": a proposal, whatever the topic
    return _use_to_propose_for(request, cues, text)


def _use_to_propose_for(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a message that may be another question describes a use to propose for."""
    if request.intent not in _DISCOVERABLE:
        return False
    if request.facts.plan_counts and request.facts.months:
        return False  # "chiffrer 2 serveurs 8× MI355X sur 12 mois … devis au format PDF": a quote
    if request.intent is Intent.KNOWLEDGE and (
        # a question with no topic proposes for a use unless it is about GPUs named
        request.facts.gpus if request.topic is None else not _proposal_asked(request, cues, text)
    ):
        return False
    if (
        request.intent is Intent.UNKNOWN
        and asks_other_work(text)
        and not lexicon.search("size_question", text)
    ):
        # "write me some sorting code" is work asked of the assistant; "we want to translate
        # our manuals, what should we rent?" asks what to run that work on
        return False
    if request.intent is Intent.SALES and _asks_for_a_person(text):
        return False
    # A head count alone: a change to the chat's last request when said as one ("and for 500
    # staff?"), else a use to propose for.
    return (
        cues.use_case is not None
        or cues.kv_cache_bytes is not None
        or (cues.headcount is not None and not lexicon.search("followup", text))
    )


def _hardware_price(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a message asks the price of hardware we do not rent ("A100 per month?")."""
    asks = request.intent in {Intent.FOLLOWUP, Intent.UNKNOWN, Intent.KNOWLEDGE}
    facts = request.facts
    settings = (facts.context_tokens, facts.concurrency, facts.precision)
    return (
        asks
        and cues.unrented_gpu is not None
        and not _names_model(request)
        and all(value is None for value in settings)
        and has_price_words(text)
    )


def _asks_for_hardware(request: ParsedRequest, cues: Cues, text: str) -> bool:
    """Whether a message asks if we rent hardware we do not ("do you have H100s?").

    A question about the portfolio (``knowledge``): its answer says we do not and names the
    nearest plan we do. Its price asked ("how much is an H100 a month?") stays a price.
    """
    facts = request.facts
    settings = (facts.context_tokens, facts.concurrency, facts.precision)
    # (or a short question that names it and nothing else: "MI325X는 없나요?", "L4 みたいな安い
    # GPUは置いてないですか？", "no A100s?")
    short_question = (
        request.intent is Intent.UNKNOWN and len(text) <= _SHORT_ASK_CHARS and asks(text)
    )
    return (
        request.intent in {Intent.PRICE, Intent.FOLLOWUP, Intent.UNKNOWN}
        and cues.unrented_gpu is not None
        and not _names_model(request)
        and all(value is None for value in settings)
        and (asks_if_rented(text) or short_question)
        and not asks_cost(text)
    )


_SHORT_ASK_CHARS = 60


# A long message (an email) that names a model and settings asks for a sizing, even when its
# sign-off offers contact ("feel free to reach out to me").
_LONG_MESSAGE_CHARS = 800


def _sizing_email(request: ParsedRequest, text: str) -> bool:
    facts = request.facts
    settings = (facts.context_tokens, facts.concurrency, facts.precision)
    return (
        request.intent is Intent.SALES
        and len(text) > _LONG_MESSAGE_CHARS
        and _names_model(request)
        and any(value is not None for value in settings)
    )


def _read(text: str, language: str, usual_at_once: int | None) -> tuple[Cues, Money | None]:
    """Read every cue of ``text`` (cleaned): the use, people, hardware, kind, budget.

    ``usual_at_once`` is the cue read with the users at once, kept as it is.
    """
    kv_bytes = find_kv_capacity(text)
    use = find_use_case(text)
    unrented, count = find_unrented(text)
    money = find_money(text, language)
    cues = Cues(
        use_case=(use.value if use else None) if kv_bytes is None else "kv_capacity",
        headcount=find_headcount(text),
        kv_cache_bytes=kv_bytes,
        unrented_gpu=unrented,
        unrented_count=count,
        model_kind=find_model_kind(text),
        budget_amount=money.amount if money else None,
        budget_currency=money.currency if money else None,
        budget_months=money.months if money and money.months != 1 else None,
        usual_at_once=usual_at_once,
    )
    return cues, money


def _dollar_budget(money: Money | None) -> Decimal | None:
    """Return a dollar budget the budget reader missed, within its limits ("$0.5" is none)."""
    if money is None or money.currency != "USD":
        return None
    whole, refused = limits.check_whole(limits.BUDGET, float(money.monthly))
    return money.monthly if refused is None and whole is not None else None


# A count of plain people (not "users"): "35 personas", "18 pessoas", "55 personnes", "40 Leuten".
_PLAIN_PEOPLE_RE = gated_re(
    r"[0-9]\s?(?:people|persons|personas|pessoas|personnes|leute[n]?|personen|человек|人|名|명)"
    r"(?![a-zа-яё])"
)
_COUNT_BEFORE_RE = gated_re(
    r"(?<![0-9.,\w-])([1-9][0-9]{0,5})(?![0-9.,]?[0-9])(?![a-z]|\s?(?:k|%|gb|b\b|x\b))"
)
_COUNT_REACH = 48


def _counted_before_taken_back(text: str) -> int | None:
    """Return the count just before an "at once" a negation takes back, if any."""
    at = lexicon.taken_back_at(text)
    if at is None:
        return None
    counts = list(_COUNT_BEFORE_RE.finditer(text, max(0, at - _COUNT_REACH), at))
    return int(counts[-1].group(1)) if counts else None


def _team(request: ParsedRequest, cues: Cues, text: str) -> int | None:
    """Return the head count the users at once turn out to be, or the cue's."""
    facts, headcount = request.facts, cues.headcount
    if headcount is not None:
        return headcount
    if facts.concurrency is not None and lexicon.at_once_taken_back(text):
        # "их 25 человек, но сидят они не одновременно": the people, never all at once
        return facts.concurrency
    if facts.concurrency is None:
        # "los 60 guías (no todos a la vez)": the count before at-once taken back is the team
        return _counted_before_taken_back(text)
    if (
        cues.use_case is not None
        and not _names_model(request)
        and not lexicon.said_at_once(text)
        and _PLAIN_PEOPLE_RE.search(text) is not None
    ):
        # "una agencia con 35 personas y queremos un asistente": the organisation's people,
        # never said at once, of a use to propose for
        return facts.concurrency
    return None


def _without_non_users(facts: RequestFacts, text: str) -> RequestFacts:
    """Drop users at once who are people said not to use it ("学生 3200 人 … 学生不直接用")."""
    if facts.concurrency is not None and facts.concurrency in counts_of_non_users(text):
        return replace(facts, concurrency=None)
    return facts


def _a_count_of_people(concurrency: int | None, headcount: int, text: str) -> bool:
    """Whether the users at once read are a count of people instead ("200 employees").

    The head count itself is people who may use it; more at once than use it at all is the
    whole organisation ("2.400 empleados pero … solo … unas 300 personas") or another group
    counted ("全校 2400 名学生、180 名老师。只给老师用").
    """
    if concurrency is None:
        return False
    if concurrency == headcount:
        return True
    if concurrency < headcount or lexicon.said_at_once(text):
        return False
    return but_only_said(text) or concurrency in counted_groups(text)


def _people(
    request: ParsedRequest, cues: Cues, text: str
) -> tuple[RequestFacts, tuple[str, ...], Cues]:
    """Tell the people who may use it (the head count) from the users at once.

    Return the request's facts and codes not understood, and the cues, as they then are.
    """
    facts, understood = request.facts, request.not_understood
    everyone = find_all_at_once(text)
    if everyone is not None and facts.concurrency in {None, everyone}:
        # "Команда из 25 аналитиков, все работают одновременно": all the team, all at once
        facts = replace(facts, concurrency=everyone)
        understood = tuple(code for code in understood if code != RATE)
        return facts, understood, replace(cues, headcount=everyone)
    facts = _without_non_users(facts, text)
    headcount = _team(replace(request, facts=facts), cues, text)
    if (
        headcount is not None
        and request.intent is Intent.TRAIN
        and facts.concurrency is None
        and not says_serving(text)
    ):
        headcount = None  # "a 40-person studio wants to pretrain": who trains, no users
    cues = replace(cues, headcount=headcount)
    if headcount is not None and _a_count_of_people(facts.concurrency, headcount, text):
        facts = replace(facts, concurrency=None)
    share = find_share(text) if headcount is not None else None
    if share is not None and headcount is not None:
        said = parse_number(share[1]) if share[1] else None
        if facts.concurrency is None or (said is not None and facts.concurrency == said):
            # "12 engineers, maybe half use it at once", "同时在线大概 10%": that share of them
            facts = replace(facts, concurrency=max(1, round(headcount * share[0])))
            understood = tuple(code for code in understood if code != RATE)
    if facts.concurrency is None:
        chatty = find_chatty_users(text)
        if chatty is not None and chatty != headcount:
            facts = replace(facts, concurrency=chatty)
            understood = tuple(code for code in understood if code != RATE)
    if headcount is None and facts.concurrency is not None:
        # "нас 25 человек ... одновременно человек 10": the other people are the head count
        cues = replace(cues, headcount=people_besides(text, facts.concurrency))
    return facts, understood, cues


def _with_facts(
    request: ParsedRequest, cues: Cues, money: Money | None, text: str
) -> ParsedRequest:
    """Correct the facts by the cues: a head count is no users at once, users said apart are.

    Also a dollar budget the budget reader missed, the stack a team runs, and a count of
    documents the context reader took for a context.
    """
    facts, understood, cues = _people(request, cues, text)
    if facts.budget_usd_month is None and (dollars := _dollar_budget(money)) is not None:
        facts = replace(facts, budget_usd_month=dollars)
    elif (
        money is not None
        and money.currency not in {"USD", ""}
        and facts.budget_usd_month in {money.amount, money.monthly}
    ):
        # "月预算15万以内（人民币）", "budget 50k (EUR)": the currency said after a bound or in
        # brackets, which the dollar reader did not see: no dollar budget
        facts = replace(facts, budget_usd_month=None)
    if facts.cuda_only is None and (stack := stack_cuda_only(text)) is not None:
        facts = replace(facts, cuda_only=stack)
    if (
        not facts.gpus
        and cues.unrented_count is not None
        and facts.gpu_count == cues.unrented_count
    ):
        facts = replace(facts, gpu_count=None)  # "8 张 H800 today": their cards, not ours
    if facts.context_tokens is not None and facts.context_tokens == cues.headcount:
        facts = replace(facts, context_tokens=None)  # "4,000 students": people, no context
    if facts.context_tokens is not None and facts.context_tokens in document_counts(text):
        # "RAG over 10M documents": no context; another one said is ("文档 8 万篇，上下文 16k")
        other = find_context(without_document_counts(text), request.language)
        context = other.value if other is not None and other.refused is None else None
        facts = replace(facts, context_tokens=context)
    return replace(request, facts=facts, cues=cues, not_understood=understood)


# Intents a model of a kind the engine does not size turns into a sizing request, answered
# with the scope ("bge-m3 for 5M texts a day, can you size it?", "Whisper: which GPU?").
_KIND_SIZED = frozenset({Intent.UNKNOWN, Intent.FOLLOWUP, Intent.PRICE, Intent.SIZE})
# Topics a kind's own words match (image generation's "image" is the OS image's word too).
_KIND_TOPICS = {"os_image": Concept.OS_IMAGE}


def _topic_of_kind_words(request: ParsedRequest, text: str) -> bool:
    """Whether the topic matched only the kind's own words ("이미지 생성" holds "image")."""
    concept = _KIND_TOPICS.get(request.topic or "")
    kind = request.cues.model_kind
    if concept is None or kind is None:
        return False
    return not mentions_concept(concept, without_kind_words(text, kind))


_SERVER_WORDS = gated_re(r"server|サーバ|服务器|伺服器|서버|сервер|servidor|serveur|gpu")


def _sizes_a_kind(request: ParsedRequest, text: str) -> bool:
    """Whether a message asks to run a model of a kind the engine does not size.

    A question the site answers stays one ("is traffic included? we push embeddings"), unless
    its topic came from the use's words or it asks what to run the model on.
    """
    if request.cues.model_kind is None or _names_model(request):
        return False
    if request.intent in _KIND_SIZED:
        return True
    if (
        request.intent is Intent.SALES
        and (_SERVER_WORDS.search(text) or lexicon.search("size_question", text))
        and not _asks_for_a_person(text)
    ):
        # "それ用のサーバーを相談したい", "要租什麼": what to run it on, asked of us
        return True
    if request.intent is not Intent.KNOWLEDGE:
        return False
    asks_hardware = lexicon.search("size_question", text) or lexicon.search("catalog", text)
    if request.topic in {"gpu_spec", "gpu_card"} and find_asked(text) in {"fits", "gpu_count"}:
        return (
            True  # "bge-m3 要多大显存？一张 H200 够不够": what to run it on, not the card's facts
        )
    loose = request.topic in _LOOSE_TOPICS or _topic_of_kind_words(request, text)
    return loose or (request.topic == "billing" and asks_hardware)


# Where the customer runs today, or asks what it would take with us: "we run X on 8 H800
# today, what would we need with you?" is a sizing of X, not a change to an earlier answer.
_MOVING_RE = gated_re(
    r"(?<![a-z])(?:currently|today|right now|at the moment|now|with you|at yours?|from you|"
    r"hoy|actualmente|con ustedes|con vosotros|hoje|atualmente|com vocês|com voces|derzeit|"
    r"aktuell|momentan|heute|bei euch|bei ihnen|aujourd'hui|actuellement|chez vous)(?![a-z])|"
    r"сейчас|сегодня|у вас|现在|目前|現在|你们这|你們這|你们那|你們那|贵司|貴司|今は|御社|貴社|"
    r"지금|현재|귀사"
)


def _moves_here(request: ParsedRequest, text: str) -> bool:
    """Whether a message sizes a model it runs on hardware we do not rent, for our plans."""
    if request.cues.unrented_gpu is None or not _names_model(request):
        return False
    if request.intent is not Intent.FOLLOWUP:
        return False
    return _MOVING_RE.search(text) is not None or lexicon.search("size_question", text)


def _compares_unrented(request: ParsedRequest, text: str) -> bool:
    """Whether a GPU we rent (or ours at large) is asked against one we do not.

    "vs an H100, what does the H200 give us?" is a comparison, not a question about one card;
    "сравните с L40S", "GoogleのTPUと比べてどうですか？" compare it with what we rent.
    """
    if request.cues.unrented_gpu is None or _names_model(request):
        return False
    if request.intent not in {Intent.KNOWLEDGE, Intent.UNKNOWN, Intent.FOLLOWUP}:
        return False
    if request.topic not in _LOOSE_TOPICS and request.topic != "gpu_spec":
        return False
    return lexicon.search("compare", text) or mentions_concept(Concept.DIFFERENCE, text)


# An offer of other hardware set equal to ours: "C'est équivalent à vos MI355X ?", "is an
# MI300X the same as your MI355X for DeepSeek V3?", "¿es equivalente?", "vergleichbar?".
_EQUAL_RE = gated_re(
    r"(?<![a-z])(?:[ée]quivalent[es]?|equivalente?s?|comparable|as good as|same as|on par with|"
    r"igual que|vergleichbar|gleichwertig)(?![a-z])|эквивалент|сопоставим|相当于|相當於|等同|同等|"
    r"同じくらい|동급|비슷한가"
)


def _unrented_as_ours(request: ParsedRequest, text: str) -> bool:
    """Whether other hardware is asked to be as good as a GPU of ours, for a model named."""
    return (
        request.cues.unrented_gpu is not None
        and bool(request.facts.gpus)
        and request.intent is Intent.SIZE
        and _EQUAL_RE.search(text) is not None
        # ("¿cuántas H200 serían equivalentes?": how many of ours, a sizing)
        and find_asked(text) != "gpu_count"
    )


# How much better ours would be than theirs: "how much faster", "会快多少", "lohnt sich".
_GAIN_RE = gated_re(
    r"(?<![a-z])(?:faster|quicker|speed-?up|worth it|schneller|lohnt sich|lohnt es sich|"
    r"plus rapide|vaut le coup|m[aá]s r[aá]pido|mais r[aá]pido|vale (?:a|la) pena|merece la pena|"
    r"compensa)(?![a-z])|быстрее|выигрыш|стоит ли|快多少|快幾|快几|提升多少|速く|速くなる|"
    r"빠른가|빠를까|빨라지|빠르"
)


# One of ours or two, asked: "eine H200, oder braucht man gleich zwei?", "one H200 or two?".
_ONE_OR_TWO = gated_re(
    r"(?<![a-z])(?:eine[nr]?|one|una?|um|uma|une?)\s(?:einzige\s|single\s|sola\s|seule\s)?"
    r"(?:h200|mi355x?|b200|gpu|karte|card|tarjeta|placa|carte|server|servidor|serveur)"
    r"[^?.]{0,40}(?:oder|or|o|ou)(?![a-z])[^?.]{0,30}(?:zwei|two|dos|duas|deux|2)(?![0-9a-z])|"
    r"(?:一|单|單)(?:张|張|台|块|塊)[^?？。]{0,20}(?:还是|還是)[^?？。]{0,10}(?:两|兩|2)(?:张|張|台|块|塊)|"
    r"한\s?(?:대|장)[^?？.]{0,20}(?:아니면|혹은|또는)[^?？.]{0,10}두\s?(?:대|장)|"
    r"1\s?(?:台|枚)[^?？。]{0,20}(?:それとも|か)[^?？。]{0,10}2\s?(?:台|枚)"
)


def _compares_theirs(request: ParsedRequest, text: str) -> bool:
    """Whether a model run on hardware we do not rent is weighed against ours for it.

    "今 A100 で Llama 3.1 70B … H200 に移ったらどれくらい速くなりますか", "H100 대비 H200이
    얼마나 빠른가요?", "Lohnt sich ein Umstieg von 8× RTX 4090 auf eine H200": the two compared.
    """
    if request.cues.unrented_gpu is None or not _names_model(request):
        return False
    if request.intent is not Intent.SIZE or not request.facts.gpus:
        return False
    if find_asked(text) == "gpu_count" or _ONE_OR_TWO.search(text):
        # "Сравниваем с TPU … Сколько H200 надо на 50 юзеров?", "auf eine H200, oder braucht
        # man gleich zwei?": a count asked
        return False
    return _GAIN_RE.search(text) is not None or lexicon.search("compare", text)


# Staff passing on a customer's ask: "From sales (Marco) —", "je relaie une demande client",
# "고객사 요청 전달드려요", "转述客户原话", "(relaying for Priya, FullGPU sales)".
_RELAYED_RE = gated_re(
    r"(?<![a-z])(?:relay(?:ing|ed)?|relaie|relayer|repassando|repasso|passing (?:this |it )?"
    r"(?:on|along)|forward(?:ing|ed)?|from (?:the )?sales|on behalf of|de la part d|"
    r"en nombre de|em nome d|im auftrag|weiterleit\w*|les paso|les comparto)(?![a-z])|"
    r"передаю|пересылаю|просьб\w* клиента|转述|轉述|转问|轉問|帮客户|幫客戶|替客户|替客戶|代客户|"
    r"客户原话|客戶原話|요청 ?전달|전달드려요|전달합니다|전달 ?드립니다|전달(?=\s*[)）]|\s*$)|"
    r"お客様から|代わりに"
)


def _relayed(request: ParsedRequest, text: str) -> Intent | None:
    """Return the intent of a customer's ask relayed by staff, read as the customer's own.

    Their words of sales are who they are, not a request for a person: a model with its
    settings is sized, a cheaper way asked is the lever, plans counted with a price are priced.
    """
    if request.intent is not Intent.SALES or _RELAYED_RE.search(text) is None:
        return None
    facts = request.facts
    settings = facts.states_load or facts.context_tokens or request.cues.headcount
    if _names_model(request) and settings:
        return Intent.SIZE
    if request.lever is not None:
        return Intent.FOLLOWUP
    if facts.plan_counts and find_asked(text) == "price":
        return Intent.PRICE
    return None


def _a_job_to_propose_for(request: ParsedRequest, text: str) -> bool:
    """Whether a use to propose for is a batch job: a job with no other use, or documents.

    "50 millones de correos en 3 días, ¿qué modelo?": a job, no other use named; "Procesar 10
    millones de documentos … en una semana": documents worked through, not searched.
    """
    if not request.facts.batch_tokens:
        return False
    use = request.cues.use_case
    return use is None or (use == UseCase.RAG.value and not retrieval_said(text))


# Uses a language model serves beside a model of a kind we do not size (the summaries of the
# transcripts); retrieval only with a language model named beside the embeddings.
_BESIDE_A_KIND = frozenset({UseCase.SUMMARIZATION.value, UseCase.TRANSLATION.value})
_LANGUAGE_MODEL_RE = gated_re(
    r"(?<![a-z])llms?(?![a-z])|language model|言語モデル|大模型|大语言模型|大語言模型|"
    r"языков\w* модел|"
    r"언어 ?모델|modelo de (?:lenguaje|linguagem)|sprachmodell|modèle de langage|"
    r"(?:answer|回答|답변) ?(?:generation|生成|생성)"
)


def _a_kind_asked(request: ParsedRequest, text: str) -> ParsedRequest:
    """Settle a message about a model of a kind we do not size: a sizing, or a use to serve.

    The kind alone ("an embedding model for our search, which GPU?", "bge-m3 for 5M texts a
    day") is sized as far as we size it, the scope said. A use a language model serves beside
    it, with no model of the kind chosen ("transcribe and summarise the calls", "RAG: the
    embeddings and an LLM") is a use to propose for; a model named or a yes/no question stays
    a sizing.
    """
    cues = request.cues
    yes_no = "fits" in {find_asked(text), asked_by_shape(text)}
    beside = cues.use_case in _BESIDE_A_KIND or (
        cues.use_case == UseCase.RAG.value and _LANGUAGE_MODEL_RE.search(text) is not None
    )
    # (a yes or no asked of a budget, "20 000 $ CA par mois, c'est jouable ?", asks a proposal)
    if names_kind_model(text) or (yes_no and cues.budget_amount is None) or not beside:
        intent, use = Intent.SIZE, None
    else:
        intent, use = Intent.DISCOVER, cues.use_case
    return replace(
        request,
        intent=intent,
        topic=None,
        spec=None,
        software=None,
        cues=replace(cues, use_case=use),
    )


def _with_intent(request: ParsedRequest, text: str) -> ParsedRequest:
    """Decide the intents the cues settle: hardware prices, emails, uses to propose for."""
    cues = request.cues
    if _sizes_a_kind(request, text):
        return _a_kind_asked(request, text)
    if _moves_here(request, text):
        request = replace(request, intent=Intent.SIZE)
    if (
        _compares_unrented(request, text)
        or _compares_theirs(request, text)
        or _unrented_as_ours(request, text)
    ):
        request = replace(request, intent=Intent.COMPARE, topic=None, spec=None)
    if _hardware_price(request, cues, text):
        request = replace(request, intent=Intent.PRICE, topic=None, spec=None)
    if _asks_for_hardware(request, cues, text):
        request = replace(request, intent=Intent.KNOWLEDGE, topic=None, spec=None)
    settled = Intent.SIZE if _sizing_email(request, text) else _relayed(request, text)
    if settled is not None:
        request = replace(request, intent=settled)
    if _discovers(request, cues, text):
        if _a_job_to_propose_for(request, text):
            request = replace(request, cues=replace(cues, use_case=UseCase.BATCH.value))
        return replace(request, intent=Intent.DISCOVER, topic=None, spec=None, software=None)
    if cues.use_case is not None and not _names_model(request):
        return replace(request, cues=replace(cues, use_case=None))  # only a discovery has one
    return request


def _without_price_said_back(request: ParsedRequest, text: str) -> ParsedRequest:
    """Drop an amount the answer gave, said back to be explained ("US$23,900 是怎麼來的")."""
    if request.lever is not Lever.EXPLAIN or BUDGET_NAMED.search(text):
        return request
    facts = replace(request.facts, budget_usd_month=None)
    cues = replace(request.cues, budget_amount=None, budget_currency=None, budget_months=None)
    return replace(request, facts=facts, cues=cues)


def read_cues(request: ParsedRequest, text: str) -> ParsedRequest:
    """Return ``request`` with what ``text`` (cleaned) says beyond the deployment's facts."""
    if request.command is not None:
        return request
    cues, money = _read(text, request.language, request.cues.usual_at_once)
    request = _without_word_models(_with_facts(request, cues, money, text))
    request = _without_price_said_back(request, text)
    request = _with_intent(request, text)
    if _asks_a_figure(request):
        asked = find_asked(text)
        facts = request.facts
        stated = facts.throughput_tok_s is not None or facts.tokens_per_user_tok_s is not None
        if asked == "speed" and stated and not asks_speed(text):
            # "总吞吐 5000 tok/s": a speed stated as a target, not asked; another figure may be
            # ("麻烦给个方案和月费": the price)
            asked = find_asked(text, besides_speed=True)
        if asked is None and request.intent in _ASKED_BY_SHAPE:
            asked = asked_by_shape(text)
        if asked == "fits" and _only_a_change(request) and not FITS_SAID.search(text):
            asked = None  # "FP4にしたらどうなりますか": what the change does, not yes or no
        request = replace(request, cues=replace(request.cues, asked=asked))
    return request


# Intents whose question may ask its figure by its shape alone ("Total?", "реально?"): a
# comparison asks which, a page's question its answer.
_ASKED_BY_SHAPE = frozenset({Intent.SIZE, Intent.TRAIN, Intent.FOLLOWUP, Intent.PRICE})


def _only_a_change(request: ParsedRequest) -> bool:
    """Whether a request is a follow-up changing a setting, with no model or rental of its own."""
    facts = request.facts
    return (
        request.intent is Intent.FOLLOWUP
        and not _names_model(request)
        and not facts.months
        and not facts.plan_counts
        and request.servers is None
    )


def _asks_a_figure(request: ParsedRequest) -> bool:
    """Whether a direct question may ask a figure of this request.

    A model, of a kind we do not size too, a use to propose for, a job to train, a rental
    to total, or a setting of the request on the table changed ("如果上下文拉到 128K 還放得下嗎？").
    """
    facts = request.facts
    changed = (facts.context_tokens, facts.concurrency, facts.precision, facts.kv_dtype)
    return (
        (request.intent is Intent.FOLLOWUP and any(value is not None for value in changed))
        or _names_model(request)
        or request.intent is Intent.DISCOVER
        or request.cues.model_kind is not None
        or bool(facts.training)
        or facts.months is not None
        or bool(facts.plan_counts)
        or (request.intent is Intent.PRICE and bool(facts.gpus))
        or request.servers is not None
    )
