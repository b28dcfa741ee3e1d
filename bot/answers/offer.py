"""Offers rendered: proposals, hardware we do not rent, kinds of model we do not size.

A proposal for a use without a model, hardware we do not rent, a model of a kind we do not
size; and the lead lines a sizing answer gets from them.

Every plan, price and figure comes from the engine's answers and the offer data
(``sizing.offer``); this module only words them.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.formatting import BYTES_PER_GB
from bot.answers.i18n import Localizer
from bot.answers.links import model_slug, size_payload, to_callback
from bot.answers.view_types import OFFER_HTML, OFFER_TEXT, OfferTextView, OfferView
from bot.answers.views.advice import near_budget, over_budget, price_text, shape_text
from bot.answers.views.service import service_lines
from bot.answers.views.size import QuoteContext, checkout_url_for
from bot.answers.words import offer as words
from bot.answers.words.plan_names import facts_name, option_name
from bot.reply import Button, Reply, ReplyKind
from sizing import (
    Conversion,
    GpuFacts,
    ModelKind,
    PlanFacts,
    PlanOption,
    Proposal,
    ProposedModel,
    SizingAnswer,
    Unrented,
    UsersFrom,
    VerdictCode,
    load_gpus,
    load_plans,
    prices_as_of,
    use_cases,
)

Buttons = tuple[tuple[Button, ...], ...]


def _reply(loc: Localizer, view: OfferView, buttons: Buttons, data: dict[str, object]) -> Reply:
    links = [(button.text, button.url) for row in buttons for button in row if button.url]

    def text() -> str:
        text_view: OfferTextView = {**view, "links": links}
        return loc.render(OFFER_TEXT, text_view)

    return Reply.deferred(
        kind=ReplyKind.OFFER,
        language=loc.language,
        html=loc.render(OFFER_HTML, view),
        text=text,
        buttons=buttons,
        data=lambda: data,
    )


def _as_of(loc: Localizer) -> str:
    return loc.gettext("Prices as of %(date)s.", date=loc.formatter.day(prices_as_of()))


def _share(loc: Localizer, share: Decimal) -> str:
    return loc.formatter.percent(float(share))


def _pick(answer: SizingAnswer) -> PlanOption | None:
    index = answer.recommended_index
    return answer.options[index] if index is not None else None


def _over(answer: SizingAnswer) -> tuple[PlanOption, Decimal, Decimal] | None:
    """Nothing within the budget: the cheapest plan that serves, how far over, the budget."""
    budget = answer.request.budget_usd_month
    if _pick(answer) is not None or budget is None:
        return None
    index = answer.budget.cheapest_index if answer.budget is not None else None
    verdict = answer.verdict
    if index is None and verdict is not None and verdict.code is VerdictCode.OVER_BUDGET:
        index = verdict.option_index
    if index is None:
        return None
    option = answer.options[index]
    over = over_budget(option, budget)
    return (option, over, budget) if over is not None else None


def _offered(answer: SizingAnswer) -> PlanOption | None:
    """Return the plan a pick leads with: its pick, or one a small margin over the budget."""
    option = _pick(answer)
    if option is not None:
        return option
    over = _over(answer)
    return over[0] if over is not None and near_budget(over[1], over[2]) else None


def _with_over(loc: Localizer, lead: str, answer: SizingAnswer) -> str:
    """Return the lead, and by how much its plan is over the budget when it is."""
    over = _over(answer)
    if over is None:
        return lead
    fmt = loc.formatter
    return loc.gettext(
        words.LEAD_OVER_BUDGET, lead=lead, over=fmt.money(over[1]), budget=fmt.money(over[2])
    )


def _plan_params(loc: Localizer, option: PlanOption) -> dict[str, str]:
    return {
        "plan": option_name(option),
        "shape": shape_text(loc, option),
        "price": price_text(loc, option),
    }


def _reason(loc: Localizer, picked: ProposedModel) -> str:
    model = picked.answer.model
    active = _billions(loc, model.active_params / 1e9)
    window = loc.formatter.context(model.max_context_tokens or picked.answer.request.context_tokens)
    return loc.gettext(words.REASONS[picked.reason], active=active, max_context=window)


_WHOLE_FROM_B = 10  # "22B", but "3.3B": a decimal only where it is significant


def _billions(loc: Localizer, billions: float) -> str:
    digits = 0 if billions >= _WHOLE_FROM_B else 1
    return loc.formatter.decimal(billions, digits) + "B"


def _amount(loc: Localizer, amount: Decimal, currency: str) -> str:
    """``8,000 EUR``: an amount in another currency, as written with its ISO code."""
    return loc.formatter.decimal(float(amount), 2) + " " + currency


def _pick_line(loc: Localizer, picked: ProposedModel, *, lead_over: bool = False) -> str:
    """One pick in a line (``lead_over``: the lead is over the budget, so say this is within)."""
    answer, name = picked.answer, picked.answer.model.name
    option = _pick(answer)
    reason = _reason(loc, picked)
    if option is not None:
        message = words.PICK_WITHIN_BUDGET if lead_over else words.PICK
        return loc.gettext(message, model=name, reason=reason, **_plan_params(loc, option))
    over = _over(answer)
    if over is not None:
        params = {**_plan_params(loc, over[0]), "over": loc.formatter.money(over[1])}
        return loc.gettext(words.PICK_OVER_BUDGET, model=name, reason=reason, **params)
    return loc.gettext(words.PICK_NONE, model=name, reason=reason)


def _lead_pick(proposal: Proposal) -> ProposedModel | None:
    """Return the pick the proposal leads with.

    The first one, when it serves within the budget or a small margin over it; else the first
    that serves within the budget.
    """
    picks = proposal.picks
    if picks and _offered(picks[0].answer) is not None:
        return picks[0]
    return next((p for p in picks if _pick(p.answer) is not None), None)


def _lead(loc: Localizer, proposal: Proposal) -> str:
    fmt = loc.formatter
    use = loc.gettext(words.USES[proposal.use_case])
    first = _lead_pick(proposal)
    if proposal.kv_cache_bytes is not None:
        answer = proposal.picks[0].answer
        over = _over(answer)
        option = _pick(answer) or (over[0] if over is not None else None)
        capacity = fmt.size(proposal.kv_cache_bytes)
        if option is None:
            return loc.gettext(words.LEAD_KV_NONE, capacity=capacity)
        room = (option.fit.kv_cache_bytes or 0) * (option.replicas or 1)
        lead = loc.gettext(
            words.LEAD_KV,
            capacity=capacity,
            room=fmt.size(room),
            model=answer.model.name,
            **_plan_params(loc, option),
        )
        return _with_over(loc, lead, answer)
    if first is None:
        return loc.gettext(words.LEAD_NONE, use=use)
    option = _offered(first.answer)
    assert option is not None  # noqa: S101 - chosen for having one
    params = {"use": use, "model": first.answer.model.name, **_plan_params(loc, option)}
    if proposal.headcount is not None:
        singular, plural = words.LEAD_PEOPLE
        lead = loc.ngettext(
            singular,
            plural,
            proposal.headcount,
            headcount=fmt.integer(proposal.headcount),
            **params,
        )
    else:
        lead = loc.gettext(words.LEAD, **params)
    return _with_over(loc, lead, first.answer)


def _assumption(loc: Localizer, proposal: Proposal) -> str:
    """Word what the proposal assumed, in the plural form its count of users takes."""
    fmt = loc.formatter
    count = proposal.users
    users, context = fmt.integer(count), fmt.context(proposal.context_tokens)
    if proposal.users_from is UsersFrom.KV:
        first = proposal.picks[0].answer
        return loc.ngettext(
            *words.ASSUMED_KV,
            count,
            model=first.model.name,
            users=users,
            context=context,
            per_context=fmt.size(first.kv_bytes_per_sequence),
        )
    if proposal.users_from is UsersFrom.HEADCOUNT and proposal.headcount is not None:
        return loc.ngettext(
            *words.ASSUMED_HEADCOUNT,
            count,
            users=users,
            share=_share(loc, proposal.peak_share_high),
            headcount=fmt.integer(proposal.headcount),
            low=_share(loc, proposal.peak_share_low),
            high=_share(loc, proposal.peak_share_high),
            context=context,
        )
    message = {
        UsersFrom.STATED: words.ASSUMED_STATED,
        UsersFrom.TARGETS: words.ASSUMED_TARGETS,
    }.get(proposal.users_from, words.ASSUMED_DEFAULT)
    return loc.ngettext(*message, count, users=users, context=context)


def _question(loc: Localizer, proposal: Proposal, *, cuda_only: bool | None) -> str:
    if proposal.users_from is UsersFrom.KV:
        return loc.gettext(words.QUESTION_MODEL)
    if proposal.users_from in {UsersFrom.DEFAULT, UsersFrom.HEADCOUNT}:
        return loc.gettext(words.QUESTION_USERS)
    if not proposal.context_stated:
        return loc.gettext(words.QUESTION_CONTEXT)
    first = next((_pick(p.answer) for p in proposal.picks if _pick(p.answer)), None)
    if cuda_only is None and first is not None and first.gpu_facts.software.value == "rocm":
        return loc.gettext(words.QUESTION_ROCM)
    return loc.gettext(words.QUESTION_DETAIL)


def render_proposal(
    loc: Localizer,
    proposal: Proposal,
    *,
    checkout: CheckoutConfig | None = None,
    quote: Callable[[str], QuoteContext] | None = None,
    cuda_only: bool | None = None,
) -> Reply:
    """Render a proposal: the first pick's plan, why each model, the assumption, a question."""
    picks = proposal.picks
    lead_pick = _lead_pick(proposal)
    lead_over = lead_pick is not None and _pick(lead_pick.answer) is None
    others = picks[1:] if proposal.kv_cache_bytes is None else ()
    lines = [_pick_line(loc, picked, lead_over=lead_over) for picked in others]
    if proposal.kv_cache_bytes is None and picks:
        if lead_pick is picks[0]:
            first = loc.gettext(
                "%(model)s: %(reason)s.",
                model=picks[0].answer.model.name,
                reason=_reason(loc, picks[0]),
            )
            # Targets asked: whether the lead's plan meets each, as a sizing answer says it
            lines[:0] = [first, *service_lines(loc, picks[0].answer)]
        else:
            lines.insert(0, _pick_line(loc, picks[0]))
    budget = picks[0].answer.request.budget_usd_month if picks else None
    if budget is not None and all(_pick(p.answer) is not None for p in picks):
        lines.append(loc.gettext(words.WITHIN_BUDGET, budget=loc.formatter.money(Decimal(budget))))
    view: OfferView = {
        "lead": _lead(loc, proposal),
        "lines": lines,
        "assumption": _assumption(loc, proposal),
        "question": _question(loc, proposal, cuda_only=cuda_only),
        "prices_as_of": _as_of(loc),
    }
    rows: list[tuple[Button, ...]] = []
    if lead_pick is not None:
        option = _offered(lead_pick.answer)
        assert option is not None  # noqa: S101 - chosen for having one
        url = checkout_url_for(
            loc, option, lead_pick.answer, checkout, quote(lead_pick.model_id) if quote else None
        )
        if url:
            rows.append((Button(loc.gettext("Order %(plan)s", plan=option_name(option)), url=url),))
    sizes = []
    for picked in picks:
        payload = size_payload(
            model_slug(picked.model_id),
            context_tokens=proposal.context_tokens,
            concurrency=proposal.users,
        )
        callback = to_callback(payload)
        if callback:
            label = loc.gettext(words.SIZE_IN_DETAIL, model=picked.answer.model.name)
            sizes.append(Button(label, callback_data=callback))
    if sizes:
        rows.append(tuple(sizes))
    sales = to_callback("sales")
    if sales:
        rows.append((Button(loc.gettext("Talk to a person"), callback_data=sales),))
    data: dict[str, object] = {
        "kind": ReplyKind.OFFER.value,
        "code": "proposal",
        "use_case": proposal.use_case.value,
        "users": proposal.users,
        "context_tokens": proposal.context_tokens,
        "picks": [_pick_json(p) for p in picks],
    }
    return _reply(loc, view, tuple(rows), data)


def _pick_json(picked: ProposedModel) -> dict[str, object]:
    option = _pick(picked.answer)
    return {
        "model": picked.model_id,
        "plan": option.plan if option else None,
        "servers": option.servers if option else None,
    }


def _memory(loc: Localizer, memory_gb: int) -> str:
    return loc.formatter.gigabytes(memory_gb * BYTES_PER_GB)


def _bandwidth(loc: Localizer, tb_s: float) -> str:
    return loc.formatter.decimal(tb_s, 2) + " TB/s"


def _stack(loc: Localizer, software: str) -> str:
    return words.STACKS.get(software) or loc.gettext(words.STACK_OTHER)


def unrented_lines(loc: Localizer, found: Unrented) -> list[str]:
    """Say we don't rent it, the nearest GPU we rent and how they compare, and its plans."""
    other, ours = found.gpu, found.nearest
    params = {
        "gpu": other.name,
        "ours": ours.name,
        "architecture": ours.architecture,
        "stack": _stack(loc, ours.software.value),
        "memory": _memory(loc, ours.memory_gb),
        "memory_type": ours.memory_type,
        "their_memory": _memory(loc, other.memory_gb),
        "bandwidth": _bandwidth(loc, ours.bandwidth_tb_s),
        "their_bandwidth": _bandwidth(loc, other.bandwidth_tb_s),
    }
    nearest = words.NEAREST_SAME if found.same_stack else words.NEAREST_OTHER
    lines = [loc.gettext(words.UNRENTED_LEAD, **params), loc.gettext(nearest, **params)]
    lines += [_plan_line(loc, plan, ours) for plan in found.plans]
    return lines


def _plan_line(loc: Localizer, plan: PlanFacts, gpu: GpuFacts) -> str:
    price = loc.gettext("%(monthly)s a month", monthly=loc.formatter.money(plan.monthly_usd))
    return loc.gettext(words.NEAREST_PLAN, plan=facts_name(plan, gpu), price=price)


def fit_line(loc: Localizer, found: Unrented, answer: SizingAnswer) -> str | None:
    """Say whether the sized model's weights and one context fit on the hardware named."""
    fit = found.fit
    if fit is None:
        return None
    message = words.OTHER_FIT_YES if fit.fits else words.OTHER_FIT_NO
    count_gpu = loc.formatter.integer(fit.count) + "× " + found.gpu.name
    return loc.gettext(
        message,
        count_gpu=count_gpu,
        model=answer.model.name,
        needed=loc.formatter.gigabytes(fit.needed_bytes),
        context=loc.formatter.context(answer.request.context_tokens),
        usable=loc.formatter.gigabytes(fit.usable_bytes),
    )


def render_unrented(
    loc: Localizer, found: Unrented, *, checkout: CheckoutConfig | None = None
) -> Reply:
    """Hardware we do not rent, without a model: it, the nearest we rent, its plans, a question."""
    lines = unrented_lines(loc, found)
    view: OfferView = {
        "lead": lines[0],
        "lines": lines[1:],
        "assumption": None,
        "question": loc.gettext(words.UNRENTED_QUESTION),
        "prices_as_of": _as_of(loc),
    }
    rows: list[tuple[Button, ...]] = []
    for plan in found.plans:
        url = checkout.url(plan.id, 1, loc.language, plan_facts=plan) if checkout else None
        if url:
            name = facts_name(plan, found.nearest)
            rows.append((Button(loc.gettext("Order %(plan)s", plan=name), url=url),))
    sales = to_callback("sales")
    if sales:
        rows.append((Button(loc.gettext("Talk to a person"), callback_data=sales),))
    data: dict[str, object] = {
        "kind": ReplyKind.OFFER.value,
        "code": "unrented",
        "gpu": found.gpu.id,
        "nearest": found.nearest.id.value,
        "plans": [p.id for p in found.plans],
    }
    return _reply(loc, view, tuple(rows), data)


def render_scope(loc: Localizer, kind: ModelKind) -> Reply:
    """Say the engine does not size a kind of model, what its weights take; offer a person."""
    kind_name = loc.gettext(words.KINDS[kind])
    lines: list[str] = []
    example = use_cases().kind_example(kind)
    gpus = [g for g in load_gpus() if any(p.gpu is g.id for p in load_plans())]
    plans = sorted(load_plans(), key=lambda p: p.monthly_usd)
    if example is not None and gpus and plans:
        smallest = plans[0]
        gpu = next(g for g in gpus if g.id is smallest.gpu)
        weights = example.params_b * 1e9 * 2  # BF16: two bytes a parameter
        lines.append(
            loc.gettext(
                words.SCOPE_EXAMPLE,
                example=example.example,
                params=loc.formatter.decimal(example.params_b, 2) + "B",
                weights=loc.formatter.gigabytes(weights),
                gpu=gpu.name,
                memory=_memory(loc, gpu.memory_gb),
            )
        )
        price = loc.gettext(
            "%(monthly)s a month", monthly=loc.formatter.money(smallest.monthly_usd)
        )
        lines.append(loc.gettext(words.SCOPE_PLAN, plan=facts_name(smallest, gpu), price=price))
    view: OfferView = {
        "lead": loc.gettext(words.SCOPE_LEAD, kind=kind_name),
        "lines": lines,
        "assumption": None,
        "question": loc.gettext(words.SCOPE_HANDOFF),
        "prices_as_of": _as_of(loc) if lines else None,
    }
    rows: list[tuple[Button, ...]] = []
    sales = to_callback("sales")
    if sales:
        rows.append((Button(loc.gettext("Talk to a person"), callback_data=sales),))
    data: dict[str, object] = {
        "kind": ReplyKind.OFFER.value,
        "code": "scope",
        "model_kind": kind.value,
    }
    return _reply(loc, view, tuple(rows), data)


def conversion_line(loc: Localizer, conversion: Conversion) -> str:
    """Say a budget in another currency in US dollars, at the dated rate used."""
    fmt = loc.formatter
    return loc.gettext(
        words.CONVERTED,
        amount=_amount(loc, conversion.amount, conversion.currency),
        usd=fmt.money(conversion.usd),
        rate=fmt.decimal(float(conversion.usd_per_unit), _rate_digits(conversion.usd_per_unit)),
        currency=conversion.currency,
        source=conversion.source,
        date=fmt.day(conversion.as_of),
    )


def _rate_digits(rate: Decimal) -> int:
    """Four decimals for a rate near one; more for a currency worth a cent or less (yen, won)."""
    return 4 if rate >= Decimal("0.1") else 6


def no_rate_line(loc: Localizer, amount: Decimal, currency: str) -> str:
    """Say a budget in a currency without a rate is not applied."""
    return loc.gettext(words.NO_RATE, currency=currency, amount=_amount(loc, amount, currency))


def peak_over_usual_line(loc: Localizer, peak: int, usual: int) -> str:
    """Say the peak of users at once was sized, and the usual count said beside it."""
    return loc.ngettext(
        *words.PEAK_OVER_USUAL,
        peak,
        peak=loc.formatter.integer(peak),
        usual=loc.formatter.integer(usual),
    )


def peak_line(loc: Localizer, users: int, headcount: int) -> str:
    """Say a head count was sized as users at peak, and the share assumed."""
    table = use_cases()
    return loc.ngettext(
        *words.PEAK_FROM_HEADCOUNT,
        users,
        users=loc.formatter.integer(users),
        share=_share(loc, table.peak_share_high),
        headcount=loc.formatter.integer(headcount),
        low=_share(loc, table.peak_share_low),
        high=_share(loc, table.peak_share_high),
    )
