"""Figures of the answer said back in a follow-up: the subject of the question, not new facts.

"where does the 450 GB KV number come from?", "Pouvez-vous expliquer le TTFT de 0,9 s ?",
"Woher kommen die 57 Token/s pro Nutzer?": the figures were the answer's, asked about, and no
capacity, speed or latency the customer wants. "$23,900/mo is steep for a pilot, anything
cheaper?", "HGX 一个月 2.39 万美元批不下来": the price quoted back is no budget, unless it is
named one ("our budget is …") or said as a ceiling ("월 2만 달러 넘으면 결재가 안 나요").
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache

from bot.request import Intent, Lever, ParsedRequest
from bot.understand import lexicon
from bot.understand.cues.currency import find_money
from bot.understand.gates import gated_re
from bot.understand.money import BUDGET_NAMED
from bot.understand.numbers import blank
from bot.understand.questions import asks
from bot.understand.quoted import figure_asked
from sizing import load_plans

# Words that make an amount a ceiling: "max", "under", "no more than", "넘으면", "以内", "до".
_CEILING = gated_re(
    r"(?<![a-z])(?:max(?:imum)?|at most|under|below|within|up to|no more than|not more than|"
    r"(?:go|goes|going|be|get) over|exceed|less than|unter|weniger als|moins de|sous|menos de|"
    r"por debajo de|abaixo de|tope|teto|límite|уложиться|уложимся|"
    r"nicht drin|can'?t go (?:above|over|beyond)|no podemos pasar de|não podemos passar de|"
    r"limit|limits|cap(?:ped|s)?|ceiling|hasta|máximo|como mucho|no más de|até|no máximo|não mais|"
    r"höchstens|maximal|bis zu|nicht mehr als|au plus|au maximum|jusqu'à|plafond|pas plus de|"
    r"не больше|не более|максимум|в пределах|лимит|потолок|"
    # what they had in mind: "wir hatten eher so 12.000 € im Kopf", "more like $10k"
    r"eher so|eher|more like|something like|rather|pensábamos en|algo como|algo así como|"
    r"pensávamos em|algo tipo|plutôt|quelque chose comme|on visait|скорее|"
    r"рассчитывали на)(?![a-z])|"
    r"想的是|预期|預期|考えていた|생각했|"
    r"(?<![а-яё])до(?=\s?[0-9$€])|넘으면|넘지|넘어가면|이하|이내|한도|한계|상한|안으로|안에서|안쪽|以内|以下|不超过|"
    r"不能超过|超过|超過|上限|封顶|封頂|最多|最高|顶多|頂多|まで|を超える|超えると|최대|많아야"
)


# Codes of figures not read: in an explanation asked, the figures are the answer's own.
_FIGURE_CODES = ("context", "concurrency")


def _without_budget(request: ParsedRequest) -> ParsedRequest:
    return replace(
        request,
        facts=replace(request.facts, budget_usd_month=None),
        cues=replace(request.cues, budget_amount=None, budget_currency=None, budget_months=None),
    )


def _budget_said(request: ParsedRequest) -> bool:
    return request.facts.budget_usd_month is not None or request.cues.budget_amount is not None


# The price said back as over the budget: "月 23,900 ドルは予算オーバー", "that's over our budget".
_OVER_BUDGET = gated_re(
    r"予算オーバー|予算を(?:超え|オーバー)|over (?:our |the |my )?budget|超预算|超出预算|超預算|"
    r"超出預算|예산 ?초과|예산을 넘|сверх бюджета|выше бюджета|über (?:dem|unserem) budget|"
    r"hors budget|au-dessus (?:de notre|du) budget|fuera de(?:l| nuestro)? presupuesto|"
    r"acima do (?:nosso )?orçamento|estoura o orçamento"
)


# Two formats asked between ("BF16 or FP8?", "BF16 還是 FP8", "BF16 oder FP8"): which the answer
# used, not a format chosen.
_FORMAT = r"(?:bf16|fp16|fp8|fp4|int8|int4|nvfp4|mxfp4|awq|gptq)"
_FORMATS_ASKED = gated_re(
    rf"{_FORMAT}[^?？。]{{0,12}}?(?:\bor\b|\bou\b|\boder\b|\bo\b|или|还是|還是|或|か|아니면)"
    rf"[^?？。]{{0,12}}?{_FORMAT}"
)


def without_figures_said_back(request: ParsedRequest, text: str) -> ParsedRequest:
    """Return ``request`` without the answer's figures a follow-up asks about or reacts to."""
    if request.intent is not Intent.FOLLOWUP:
        return request  # "商品説明を自動生成…5,000 tok/s": a first message's own figures
    if request.lever is Lever.EXPLAIN:
        # the answer's figures: the speeds and latency it predicted, the KV room it found
        facts = replace(
            request.facts,
            throughput_tok_s=None,
            tokens_per_user_tok_s=None,
            ttft_s=None,
            context_tokens=None,  # "where do the '3.5 contexts of 128k' come from?"
            concurrency=None,
            # "這是用 BF16 還是 FP8 算的？": the formats the answer used, asked which
            precision=None if _FORMATS_ASKED.search(text) else request.facts.precision,
            kv_dtype=None if _FORMATS_ASKED.search(text) else request.facts.kv_dtype,
        )
        # the figure asked about is the one said back ("where does the 450 GB come from?": kv)
        asked = figure_asked(text) or request.cues.asked
        cues = replace(request.cues, kv_cache_bytes=None, asked=asked)
        # ("les 21 Go par contexte": no context of the customer's could not be read)
        understood = tuple(
            code for code in request.not_understood if not code.startswith(_FIGURE_CODES)
        )
        request = replace(request, facts=facts, cues=cues, not_understood=understood)
        if _budget_said(request) and BUDGET_NAMED.search(text) is None:
            request = _without_budget(request)  # "explain the $23,900": the price, explained
        return request
    named = BUDGET_NAMED.search(text) is not None and _OVER_BUDGET.search(text) is None
    if (
        request.lever is Lever.CHEAPER
        and _budget_said(request)
        and not named
        and _CEILING.search(text) is None
    ):
        return _without_budget(request)
    return request


# A follow-up this short, with a budget as a ceiling and a question, asks to fit under it.
_SHORT_FOLLOWUP_CHARS = 120


def cheaper_within_budget(request: ParsedRequest, text: str) -> ParsedRequest:
    """Return a short question to fit the plan on the table under a ceiling as the cheaper lever.

    "O cliente tem no máximo R$ 100 mil por mês, dá pra baixar?", "Le client a un plafond de
    12 000 € par mois, on peut descendre ?", "월 1,500만 원 안으로 맞출 수 있을까요?": no model, a
    budget said as a ceiling, asked after an answer.
    """
    if request.intent not in {Intent.UNKNOWN, Intent.FOLLOWUP} or request.lever is not None:
        return request
    facts = request.facts
    if facts.model_id or facts.params_b is not None or not _budget_said(request):
        return request
    if len(text) > _SHORT_FOLLOWUP_CHARS or not asks(text):
        return request
    if _CEILING.search(text) is None and not lexicon.search("lower", text):
        return request
    return replace(request, intent=Intent.FOLLOWUP, lever=Lever.CHEAPER)


# Wishes to pay less than a price said back: "too steep", "批不下来", "won't get past our CFO",
# "get closer to that".
_PAY_LESS = gated_re(
    r"too (?:expensive|pricey|steep|much)|(?:is|are|looks|seems) (?:steep|pricey|a lot) for|"
    r"(?:won't|will not|wouldn't|doesn't|does not) (?:get|go) "
    r"(?:past|through)|get (?:closer|it down|them under|under)|any way to (?:get|bring|go)|"
    r"car[ií]s+imo|(?:muy|demasiado) car[oa]|caro demais|trop cher|zu teuer|слишком дорог|"
    r"дороговато|太贵|太貴|批不下来|批不下來|过不了|過不了|高すぎ|通らない|너무 비싸|결재가 안"
)
_MOST_SERVERS = 16  # plans counted in a price said back ("16 H200s", "2 HGX")


@cache
def _our_prices() -> frozenset[Decimal]:
    """Monthly list prices of up to 16 of one plan, and each plan's price per GPU-hour."""
    plans = load_plans()
    monthly = {plan.monthly_usd * count for plan in plans for count in range(1, _MOST_SERVERS + 1)}
    return frozenset(monthly | {plan.usd_per_gpu_hour for plan in plans})


def price_said_back(request: ParsedRequest, text: str) -> ParsedRequest:
    """Read our own price said back with a wish to pay less as the cheaper lever.

    "HGX 一个月 2.39 万美元批不下来，能不能用单卡 H200 凑一下": the price is the answer's, no
    budget, and the plan it names is the one on the table; a second amount said as a ceiling
    ("under $15k a month") is the budget.
    """
    if request.facts.model_id or request.intent in {Intent.TRAIN, Intent.SIZE, Intent.SALES}:
        return request
    if (request.facts.months or 0) > 1:
        return request  # "$47,800 a month, and for 12 months?": a term's total asked
    money = find_money(text, request.language)
    if money is None or money.currency != "USD" or money.amount not in _our_prices():
        return request
    if request.lever is Lever.WHY_NOT:
        # "why not 3 single H200s? 3 × $3,090 is way less than $23,900": our prices set side
        # by side, no budget
        return _without_budget(request)
    if request.lever is not Lever.CHEAPER and not _PAY_LESS.search(text):
        return request
    rest = blank(text, money.start, money.end)
    other = find_money(rest, request.language)
    if other is not None and not _CEILING.search(rest, max(0, other.start - 24), other.start):
        other = None
    dollars = other.monthly if other is not None and other.currency == "USD" else None
    facts = replace(
        request.facts, budget_usd_month=dollars, plan_counts=None, months=None, gpu_count=None
    )
    cues = replace(
        request.cues,
        budget_amount=other.amount if other else None,
        budget_currency=other.currency if other else None,
        budget_months=other.months if other and other.months != 1 else None,
    )
    return replace(
        request, intent=Intent.FOLLOWUP, lever=Lever.CHEAPER, facts=facts, cues=cues, servers=None
    )
