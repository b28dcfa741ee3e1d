"""Engine answers turned into template data: every figure formatted, every code worded.

Templates only lay out what these functions return, so the HTML and the ticket text of an
answer always carry the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig, QuoteFacts, model_tag
from bot.answers.formatting import BYTES_PER_GB
from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import (
    ModelView,
    OptionView,
    PlanView,
    RequestView,
    SizeView,
    SpeedView,
    WhyView,
)
from bot.answers.views.advice import advice_view
from bot.answers.views.asked import YES_NO, asked_lines, covers_verdict, formats_text
from bot.answers.views.risks import risk_lines
from bot.answers.views.service import service_lines
from bot.answers.words.codes import (
    SentenceParams,
    availability_text,
    caveat_text,
    reason_text,
)
from bot.answers.words.plan_names import facts_name, option_name, short_gpu_name
from sizing import (
    TB,
    Caveat,
    GpuFacts,
    PlanFacts,
    PlanOption,
    SizingAnswer,
    beyond_online_order,
    load_gpus,
)

WHOLE_BILLIONS_FROM = 100  # "671B", but "37.6B": a decimal only where it is significant
# What the model cannot do, said at the top with the verdict rather than among the caveats.
LIMIT_CAVEATS = frozenset(
    {
        Caveat.CONTEXT_BEYOND_MODEL_MAX,
        Caveat.CONTEXT_EXTENDS_WITH_ROPE_SCALING,
        Caveat.SIZED_WITH_ROPE_SCALING,
    }
)
# Shown under "assumptions", not "watch out": the customer should see it next to the context.
_ASSUMPTION_CAVEATS = frozenset({Caveat.CONTEXT_DEFAULTED})
# How the figures were computed rather than what to decide: behind the "details" button, so
# the main answer stays phone-sized.
DETAIL_CAVEATS = frozenset(
    {
        Caveat.MTP_EXCLUDED,
        Caveat.ESTIMATED_CAPACITY,
        Caveat.MLA_KV_REPLICATED,
        Caveat.KV_HEADS_REPLICATED,
        Caveat.SLIDING_WINDOW_CAPPED,
        Caveat.DP_ATTENTION,
        Caveat.NEEDS_QUANTIZED_CHECKPOINT,  # the launch command says it where it matters
    }
)


@dataclass(frozen=True, slots=True)
class QuoteContext:
    """What a checkout link's signed quote carries besides the plan and quantity."""

    model_id: str
    issued: date


def _is_server(option: PlanOption) -> bool:
    return option.plan_facts.is_server if option.plan_facts is not None else True


def sentence_params(loc: Localizer, answer: SizingAnswer) -> SentenceParams:
    """Return the figures reason and caveat sentences may name, formatted once per answer."""
    fmt, model, req = loc.formatter, answer.model, answer.request
    params: SentenceParams = {
        "model": model.name,
        "context": fmt.context(req.context_tokens),
        "max_context": fmt.context(model.max_context_tokens or req.context_tokens),
        "asked_context": fmt.context(req.requested_context_tokens or req.context_tokens),
        "rope_context": fmt.context(model.rope_scaling_context_tokens or req.context_tokens),
        "rope_factor": fmt.decimal(model.rope_scaling_factor or 1, 1),
        "concurrency": fmt.integer(req.concurrency),
        "budget": fmt.money(req.budget_usd_month) if req.budget_usd_month is not None else "",
        "precision": req.precision.value.upper(),
        "release_precision": model.release_precision.value.upper(),
    }
    draft = req.draft
    if draft is not None:
        params["draft"] = draft.model_id
        params["draft_tokens"] = fmt.integer(draft.tokens)
    lora = req.lora
    if lora is not None:
        params["adapters"] = fmt.integer(lora.adapters)
        params["rank"] = fmt.integer(lora.rank)
        params["slots"] = fmt.integer(lora.slots)
        params["adapter_size"] = fmt.size(lora.adapter_bytes)
    level = req.service
    if level is not None:
        params["input"] = fmt.integer(level.input_tokens)
        params["output"] = fmt.integer(level.output_tokens)
        params["floor"] = fmt.integer(round(level.min_tokens_per_user))
    return params


def _replicas_on_rented(option: PlanOption) -> int:
    # The engine counts every copy of the model the rented GPUs hold (JSON and words agree).
    return option.replicas or 1


def _all_replicas(option: PlanOption, per_replica: int | None) -> int | None:
    # The engine counts KV room per replica; the answer counts it over every rented copy.
    return None if per_replica is None else per_replica * _replicas_on_rented(option)


def speed_view(loc: Localizer, option: PlanOption) -> SpeedView:
    """Format an option's speeds: one user, each user at the load, all users, and the range.

    The range is there where the figure is an estimate or counts speculative decoding.
    """
    approx = loc.formatter.approx
    low = high = None
    if option.speed.decode_tokens_per_s_range is not None:
        low, high = (approx(value) for value in option.speed.decode_tokens_per_s_range)
    user = option.speed.decode_tokens_per_s
    each = option.speed.decode_tokens_per_s_per_user
    total = option.speed.decode_tokens_per_s_aggregate
    return {
        "decode_user": None if user is None else approx(user),
        "decode_each": None if each is None else approx(each),
        "decode_total": None if total is None else approx(total),
        "decode_low": low,
        "decode_high": high,
        "decode_estimated": option.speed.decode_speed_estimated,
        "mtp": option.speed.mtp_tokens_per_step is not None,
    }


def option_view(
    loc: Localizer,
    option: PlanOption,
    params: SentenceParams,
    checkout_url: str | None = None,
) -> OptionView:
    """One plan option, formatted."""
    fmt = loc.formatter
    short = short_gpu_name(option.gpu)
    # The product page gives no B200 price; none may appear even if a catalog carried one.
    priced = option.priced
    monthly, per_gpu_hour, per_million = (
        (
            option.price.monthly_usd,
            option.price.usd_per_gpu_hour,
            option.price.usd_per_million_tokens,
        )
        if priced
        else (None, None, None)
    )
    replicas = _replicas_on_rented(option)
    contexts = _all_replicas(option, option.fit.max_concurrency_at_context)
    kv_tokens = _all_replicas(option, option.fit.kv_cache_tokens)
    kv_tokens_physical = _all_replicas(option, option.fit.kv_cache_tokens_physical)
    layout = option.layout
    gpu_params: SentenceParams | None = None
    if option.reason or option.caveats:
        gpu_params = {**params, "gpu": short}
    weights = option.fit.weights_bytes_per_gpu
    return {
        "name": option_name(option),
        "short": short,
        "plan": option.plan,
        "fits": option.fits,
        "usable": option.offerable,
        "is_server": _is_server(option),
        "servers": option.servers,
        "servers_fmt": fmt.integer(option.servers),
        "gpus": option.gpus,
        "gpus_fmt": fmt.integer(option.gpus),
        "monthly": None if monthly is None else fmt.money(monthly),
        "per_gpu_hour": None if per_gpu_hour is None else fmt.money(per_gpu_hour),
        "per_million": None if per_million is None else fmt.money(per_million),
        "kv_tokens": None if kv_tokens is None else fmt.tokens(kv_tokens),
        "kv_tokens_physical": None
        if kv_tokens_physical is None
        else fmt.tokens(kv_tokens_physical),
        "contexts": contexts,
        "contexts_fmt": None if contexts is None else fmt.integer(contexts),
        **speed_view(loc, option),
        "ttft": None if option.speed.ttft_s is None else fmt.seconds(option.speed.ttft_s),
        "tp": option.tensor_parallel,
        "pp": option.pipeline_parallel,
        "dp": layout.data_parallel if layout else 1,
        "ep_gpus": fmt.integer(option.gpus_per_replica or option.gpus),
        "replicas": replicas,
        "replicas_fmt": fmt.integer(replicas),
        "weights_per_gpu": None if weights is None else fmt.gigabytes(weights),
        "reason": (
            reason_text(loc, option.reason, gpu_params) if option.reason and gpu_params else None
        ),
        "caveats": [caveat_text(loc, c, gpu_params) for c in option.caveats] if gpu_params else [],
        "checkout_url": checkout_url,
        "formats": formats_text(loc, option),
        "delta": None,
    }


def _copy_gpus(option: PlanOption) -> int:
    """GPUs of one copy of the model when the rented GPUs hold several multi-GPU copies; else 0.

    Then the weights line names them: "1,029 GB of the 1,152 GB of 4 GPUs" would otherwise
    read as the whole 8-GPU server's memory.
    """
    per_copy = option.gpus_per_replica or 0
    return per_copy if 1 < per_copy < option.gpus else 0


def _replica_memory_bytes(option: PlanOption) -> int:
    gpus = option.gpus_per_replica or option.gpus
    return gpus * option.gpu_facts.memory_gb * BYTES_PER_GB


def _caveat_codes(answer: SizingAnswer) -> list[Caveat]:
    codes: list[Caveat] = list(answer.caveats)
    if answer.recommended_index is not None:
        codes += answer.options[answer.recommended_index].caveats
    return [c for i, c in enumerate(codes) if c not in codes[:i] and c not in _ASSUMPTION_CAVEATS]


def _params_b(loc: Localizer, params: int) -> str:
    billions = params / 1e9
    shown = (
        loc.formatter.integer(billions)
        if billions >= WHOLE_BILLIONS_FROM
        else loc.formatter.decimal(billions, 1)
    )
    return f"{shown}B"


def checkout_url_for(
    loc: Localizer,
    option: PlanOption,
    answer: SizingAnswer,
    checkout: CheckoutConfig | None,
    quote: QuoteContext | None,
    *,
    context_tokens: int | None = None,
) -> str | None:
    """Return the checkout link of an option that fits and has a priced plan; ``None`` otherwise.

    None for a fleet either (``beyond_online_order``): more than one online order holds.

    The quote names the option's own weight format and the context it was sized at
    (``context_tokens`` for a budget counter-proposal sized at a shorter one).
    """
    if checkout is None or option.plan is None or not option.priced or not option.fits:
        return None
    if beyond_online_order(option):  # a fleet is quoted by a person, not put in a basket
        return None
    facts = None
    if quote is not None:
        precision = option.variant.weight_format if option.variant else answer.request.precision
        facts = QuoteFacts(
            plan=option.plan,
            quantity=option.servers,
            model_tag=model_tag(quote.model_id),
            precision=precision.value,
            context_tokens=context_tokens or answer.request.context_tokens,
            issued=quote.issued,
        )
    return checkout.url(
        option.plan, option.servers, loc.language, facts, plan_facts=option.plan_facts
    )


DELTA_LESS = N_("%(amount)s a month less")
DELTA_MORE = N_("%(amount)s a month more")


def _deltas(loc: Localizer, answer: SizingAnswer, options: list[OptionView]) -> None:
    """Say each priced option's monthly difference against the recommendation."""
    index = answer.recommended_index
    if index is None or answer.options[index].price.monthly_usd is None:
        return
    base = answer.options[index].price.monthly_usd or Decimal(0)
    for i, (option, view) in enumerate(zip(answer.options, options, strict=True)):
        monthly = option.price.monthly_usd
        if i == index or monthly is None or not option.priced or monthly == base:
            continue
        message = DELTA_LESS if monthly < base else DELTA_MORE
        view["delta"] = loc.gettext(message, amount=loc.formatter.money(abs(monthly - base)))


def size_view(
    loc: Localizer,
    answer: SizingAnswer,
    checkout: CheckoutConfig | None,
    quote: QuoteContext | None,
    *,
    asked: str | None = None,
) -> SizeView:
    """Everything the size templates show (``asked``: the figure a direct question asks for)."""
    fmt, model, req = loc.formatter, answer.model, answer.request
    params = sentence_params(loc, answer)
    options = [
        option_view(
            loc,
            o,
            params,
            checkout_url_for(loc, o, answer, checkout, quote),
        )
        for o in answer.options
    ]
    _deltas(loc, answer, options)
    rec_index = answer.recommended_index
    rec = options[rec_index] if rec_index is not None else None
    others = [o for i, o in enumerate(options) if i != rec_index]
    memory_bytes = _replica_memory_bytes(answer.options[rec_index]) if rec_index is not None else 0
    caveats = _caveat_codes(answer)
    if answer.release_option is not None:  # the release line says it, with what FP8 takes
        caveats = [c for c in caveats if c is not Caveat.FP8_NATIVE_MODEL_IN_BF16]
    if rec_index is not None:
        params = {**params, "gpu": short_gpu_name(answer.options[rec_index].gpu)}
    budget = params["budget"]

    def link(option: PlanOption, context: int | None = None) -> str | None:
        return checkout_url_for(loc, option, answer, checkout, quote, context_tokens=context)

    advice = advice_view(
        loc, answer, budget, link, service_lines(loc, answer), yes_no=asked in YES_NO
    )
    if covers_verdict(answer, asked):
        advice["verdict"] = None
    model_view: ModelView = {
        "name": model.name,
        "moe": model.moe,
        "total": _params_b(loc, model.total_params),
        "active": _params_b(loc, model.active_params),
        "layers": fmt.integer(model.layers),
        "attention": model.attention.value.upper(),
        "kv_per_token": fmt.size(answer.kv_bytes_per_token),
        "kv_per_context": fmt.size(answer.kv_bytes_per_sequence),
    }
    req_view: RequestView = {
        "precision": req.precision.value.upper(),
        "kv_dtype": req.kv_dtype.value.upper(),
        "context": fmt.context(req.context_tokens),
        "context_defaulted": Caveat.CONTEXT_DEFAULTED in answer.caveats,
        "concurrency": req.concurrency,
        "concurrency_fmt": fmt.integer(req.concurrency),
        "reserve": fmt.percent(1 - req.gpu_memory_utilization),
    }
    why: WhyView = {
        "weights": fmt.gigabytes(answer.weights_bytes),
        "memory": fmt.gigabytes(memory_bytes),
        "copy_gpus": _copy_gpus(answer.options[rec_index]) if rec_index is not None else 0,
        "copy_gpus_fmt": fmt.integer(_copy_gpus(answer.options[rec_index]))
        if rec_index is not None
        else "",
    }
    return {
        **advice,
        "model": model_view,
        "req": req_view,
        "rec": rec,
        "over_budget": Caveat.BUDGET_EXCEEDED_BY_ALL in answer.caveats,
        "why": why,
        "fits": [o for o in others if o["usable"]],
        "nofit": [o for o in others if not o["usable"]],
        "options": options,
        "caveats": [
            *risk_lines(loc, answer),
            *(
                caveat_text(loc, c, params)
                for c in caveats
                if c not in DETAIL_CAVEATS and c not in LIMIT_CAVEATS
            ),
        ],
        "limits": [caveat_text(loc, c, params) for c in caveats if c in LIMIT_CAVEATS],
        "notes": [caveat_text(loc, c, params) for c in answer.caveats if c in DETAIL_CAVEATS],
        "lead": [],
        "asked": asked_lines(loc, answer, asked),
        "trail": [],
    }


def plan_view(
    loc: Localizer, plan: PlanFacts, url: str | None, *, gpu: GpuFacts | None = None
) -> PlanView:
    """One plan of the price list, formatted (``gpu``: its GPU's facts, when at hand)."""
    fmt = loc.formatter
    gpu = gpu or next(g for g in load_gpus() if g.id is plan.gpu)
    return {
        "id": plan.id,
        "name": facts_name(plan, gpu),
        "short": short_gpu_name(plan.gpu),
        "monthly": fmt.money(plan.monthly_usd),
        "per_gpu_hour": fmt.money(plan.usd_per_gpu_hour),
        "per_gb": fmt.money(plan.usd_per_gb_month),
        "gpus": fmt.integer(plan.gpus),
        "gpus_count": plan.gpus,
        "gpu_memory": f"{fmt.gigabytes(gpu.memory_gb * BYTES_PER_GB)} {gpu.memory_type}",
        "cpu": plan.cpu,
        "cpu_cores": fmt.integer(plan.cpu_cores) if plan.cpu_cores else None,
        "cpu_vcpus": fmt.integer(plan.cpu_vcpus or 0),
        "ram": fmt.size(plan.ram_gb * BYTES_PER_GB, exact=True),
        "drives": plan.storage_drives,
        "drive_size": fmt.size(plan.storage_tb_per_drive * TB, exact=True),
        "network": plan.network,
        "availability": availability_text(loc, plan.availability),
        "lead_days": plan.lead_time_business_days,
        "url": url,
    }
