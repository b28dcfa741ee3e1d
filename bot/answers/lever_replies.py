"""The short answers of levers: "cheaper?", "why not H200?", "two servers?".

"cheaper?" gets the cheapest way (a cheaper plan as asked, or one change that costs less, each
with its saving) or, when there is none, what every cheaper plan lacks, in users and gigabytes.
"why not H200?" says what that GPU would take and cost, or why it cannot serve the request.
"two servers?" prices that many servers and says how many contexts they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import N_, Localizer
from bot.answers.levers import (
    change_line,
    lever_reply,
    monthly,
    order_button,
    plan_label,
    recommended,
    units_label,
)
from bot.answers.views.advice import budget_lines, memory_text, shape_text
from bot.answers.views.size import QuoteContext, checkout_url_for, sentence_params
from bot.answers.words.codes import reason_text
from bot.answers.words.plan_names import option_name
from bot.reply import Button, Reply
from sizing import GpuId, PlanFacts, PlanOption, Reason, SizingAnswer, load_gpus

_SAVING = N_("That is %(diff)s a month less.")
NO_CHANGE = N_(
    "No plan we rent costs less than %(old)s, and no single change (FP8, a shorter context, "
    "fewer users) brings the price down."
)
_RELAXED = {
    "gpus": N_("On another GPU: %(plan)s, %(shape)s, %(price)s."),
    "cuda_only": N_("If ROCm is fine: %(plan)s, %(shape)s, %(price)s."),
}


@dataclass(frozen=True, slots=True)
class Miss:
    """A cheaper plan that does not serve the request, and what it lacks."""

    plan: PlanFacts
    units: int
    monthly_usd: Decimal
    held: int | None = None  # users of the request it holds (None: not measured)
    reason: Reason | None = None  # why not one copy of the model fits
    short_bytes: int | None = None  # KV cache missing for the users it does not hold


@dataclass(frozen=True, slots=True)
class Relaxed:
    """The pick once a constraint the customer set is dropped (named GPUs, CUDA only)."""

    dropped: str  # "gpus" or "cuda_only"
    option: PlanOption


def _miss_line(loc: Localizer, miss: Miss, current: SizingAnswer, old_price: Decimal) -> str:
    """Say what one cheaper plan lacks: users held and cache short, or the weights."""
    money, fmt = loc.formatter.money, loc.formatter
    params = {
        "plan": units_label(loc, miss.plan, miss.units),
        "price": money(miss.monthly_usd),
        "diff": money(old_price - miss.monthly_usd),
    }
    req = current.request
    if miss.held is not None and miss.held > 0:
        return loc.ngettext(
            "%(plan)s (%(price)s a month, %(diff)s less) holds %(held)s of your %(num)s user "
            "at %(context)s: %(short)s of KV cache short.",
            "%(plan)s (%(price)s a month, %(diff)s less) holds %(held)s of your %(num)s users "
            "at %(context)s: %(short)s of KV cache short.",
            req.concurrency,
            held=fmt.integer(miss.held),
            context=fmt.context(req.context_tokens),
            short=memory_text(loc, miss.short_bytes or 0),
            **params,
        )
    gpu = next(g for g in load_gpus() if g.id is miss.plan.gpu)
    memory = miss.units * miss.plan.gpus * gpu.memory_gb * 10**9
    if miss.reason is Reason.SINGLE_GPU_PLAN_CANNOT_SHARD or (
        not miss.plan.can_split_model and current.weights_bytes > gpu.memory_gb * 10**9
    ):
        return loc.gettext(
            "%(plan)s (%(price)s a month, %(diff)s less): the weights (%(weights)s) exceed one "
            "GPU's %(gpu_memory)s, and single-GPU machines cannot split one model.",
            weights=memory_text(loc, current.weights_bytes),
            gpu_memory=memory_text(loc, gpu.memory_gb * 10**9),
            **params,
        )
    return loc.gettext(
        "%(plan)s (%(price)s a month, %(diff)s less): %(memory)s of GPU memory, not enough "
        "for the weights (%(weights)s) and one %(context)s context.",
        memory=memory_text(loc, memory),
        weights=memory_text(loc, current.weights_bytes),
        context=loc.formatter.context(req.context_tokens),
        **params,
    )


def cheaper_reply(
    loc: Localizer,
    current: SizingAnswer,
    *,
    as_asked: PlanOption | None,
    probe: SizingAnswer | None,
    relaxed: Sequence[Relaxed],
    misses: Sequence[Miss],
    link: Callable[[PlanOption, int | None], str | None],
) -> Reply:
    """Answer "cheaper?": the cheapest way from the plan on the table, or why there is none."""
    pick = recommended(current)
    old_price = monthly(pick)
    if pick is None or old_price is None:
        headline = loc.gettext("There is no priced plan on the table to make cheaper.")
        return lever_reply(loc, "cheaper", headline, [])
    money = loc.formatter.money
    old = {"old": plan_label(loc, pick), "old_price": money(old_price)}
    buttons: list[tuple[Button, ...]] = []
    lines: list[str] = []
    if as_asked is not None and (price := monthly(as_asked)) is not None:
        headline = loc.gettext(
            "Cheaper as you asked it: %(new)s, %(new_price)s a month, %(diff)s less than "
            "%(old)s (%(old_price)s).",
            new=plan_label(loc, as_asked),
            new_price=money(price),
            diff=money(old_price - price),
            **old,
        )
        buttons.append(order_button(loc, as_asked, link(as_asked, None)))
    else:
        headline = loc.gettext(
            "Nothing cheaper than %(old)s (%(old_price)s a month) serves this as asked.", **old
        )
        lines += [_miss_line(loc, miss, current, old_price) for miss in misses]
    changes: list[str] = []
    for item in relaxed:
        price = monthly(item.option)
        if price is None or price >= old_price:
            continue
        text = loc.gettext(
            _RELAXED[item.dropped],
            plan=option_name(item.option),
            shape=shape_text(loc, item.option),
            price=loc.gettext("%(monthly)s a month", monthly=money(price)),
        )
        changes.append(f"{text} {loc.gettext(_SAVING, diff=money(old_price - price))}")
        buttons.append(order_button(loc, item.option, link(item.option, None)))
    advice = budget_lines(loc, probe, link) if probe is not None else None
    probe_changes = probe.budget.changes if probe is not None and probe.budget else ()
    for worded, change in zip(advice["changes"] if advice else [], probe_changes, strict=False):
        price = monthly(change.option)
        if price is None:
            continue
        changes.append(f"{worded['text']} {loc.gettext(_SAVING, diff=money(old_price - price))}")
    if not changes and as_asked is None and not misses:
        lines.append(loc.gettext(NO_CHANGE, old=plan_label(loc, pick)))
    data = {"current": pick.plan, "current_units": pick.servers, "as_asked": bool(as_asked)}
    return lever_reply(
        loc,
        "cheaper",
        headline,
        lines,
        buttons=tuple(b for b in buttons if b),
        data=data,
        more=(loc.gettext("Cheaper with one change:"), changes),
    )


def why_not_reply(
    loc: Localizer,
    current: SizingAnswer,
    gpu: GpuId,
    on_gpu: SizingAnswer | None,
    link: Callable[[PlanOption, int | None], str | None],
) -> Reply:
    """Answer "why not H200?": what that GPU would take and cost, or why it cannot serve it."""
    pick = recommended(current)
    name = next(g for g in load_gpus() if g.id is gpu).name
    money = loc.formatter.money
    if pick is not None and pick.gpu is gpu:
        headline = loc.gettext(
            "The recommendation is on %(gpu)s already: %(plan)s, %(price)s.",
            gpu=name,
            plan=plan_label(loc, pick),
            price=_price_words(loc, pick),
        )
        return lever_reply(loc, "why_not", headline, [])
    option = recommended(on_gpu)
    if on_gpu is not None and (option is None or option.gpu is not gpu):
        # The GPU named is not priced (B200) or not the cheapest way: its own fitting option.
        option = next((o for o in on_gpu.options if o.gpu is gpu and o.offerable), option)
    if option is None or option.gpu is not gpu or not option.fits:
        reason = _why_it_does_not_fit(loc, current, on_gpu, gpu)
        headline = loc.gettext("%(gpu)s cannot serve this as asked.", gpu=name)
        said = [reason] if reason else []
        return lever_reply(loc, "why_not", headline, said, data={"gpu": gpu.value})
    lines: list[str] = []
    line = change_line(loc, pick, option)
    if line:
        lines.append(line)
    old_price, new_price = monthly(pick), monthly(option)
    if old_price is not None and new_price is not None and new_price > old_price:
        because = loc.gettext(
            "%(gpu)s serves it too, for %(diff)s a month more: the recommendation is the "
            "cheapest plan that serves it.",
            gpu=name,
            diff=money(new_price - old_price),
        )
    elif new_price is None:
        because = loc.gettext(
            "%(gpu)s serves it too, but we list no price for it: ask us for a quote.", gpu=name
        )
    else:
        because = loc.gettext(
            "%(gpu)s serves it too: %(plan)s.", gpu=name, plan=plan_label(loc, option)
        )
    set_aside = [reason_text(loc, r, sentence_params(loc, current)) for r in option.set_aside]
    buttons = (order_button(loc, option, link(option, None)),)
    data = {"gpu": gpu.value, "plan": option.plan, "units": option.servers}
    return lever_reply(
        loc,
        "why_not",
        because,
        [*lines, *set_aside],
        buttons=tuple(b for b in buttons if b),
        data=data,
    )


def _price_words(loc: Localizer, option: PlanOption) -> str:
    price = monthly(option)
    if price is None:
        return loc.gettext("price on request")
    return loc.gettext("%(monthly)s a month", monthly=loc.formatter.money(price))


def _why_it_does_not_fit(
    loc: Localizer, current: SizingAnswer, on_gpu: SizingAnswer | None, gpu: GpuId
) -> str | None:
    """Return the reason the named GPU's plans give (the engine's codes, this model's figures)."""
    answer = on_gpu or current
    params = sentence_params(loc, answer)
    for option in answer.options:
        if (
            option.gpu is gpu
            and option.reason is not None
            and option.reason is not Reason.GPU_NOT_REQUESTED
        ):
            gpu_params = {**params, "gpu": option.gpu_facts.name}
            return reason_text(loc, option.reason, gpu_params)  # type: ignore[arg-type]
    return None


def servers_reply(
    loc: Localizer,
    current: SizingAnswer,
    *,
    option: PlanOption,
    servers: int,
    contexts: int,
    checkout: CheckoutConfig | None,
    quote: QuoteContext | None,
) -> Reply:
    """Answer "two servers?": that many servers of the plan, their price and the contexts held."""
    pick = recommended(current)
    scaled = replace(
        option,
        servers=servers,
        gpus=servers * (option.plan_facts.gpus if option.plan_facts else option.gpus),
        price=replace(
            option.price,
            monthly_usd=(option.plan_facts.monthly_usd * servers) if option.plan_facts else None,
        ),
    )
    req = current.request
    fmt = loc.formatter
    headline = change_line(loc, pick, scaled) or plan_label(loc, scaled)
    held = loc.ngettext(
        "They hold %(contexts)s contexts of %(context)s at once; you asked for %(num)s user.",
        "They hold %(contexts)s contexts of %(context)s at once; you asked for %(num)s users.",
        req.concurrency,
        contexts=fmt.integer(contexts),
        context=fmt.context(req.context_tokens),
    )
    url = checkout_url_for(loc, scaled, current, checkout, quote)
    buttons = (order_button(loc, scaled, url),)
    data = {"plan": option.plan, "units": servers, "contexts": contexts}
    return lever_reply(
        loc, "servers", headline, [held], buttons=tuple(b for b in buttons if b), data=data
    )
