"""The advice of a size answer in words: verdict, choices made, model limits, KV room, budget.

The engine says what it chose and why in codes (``Verdict``, ``Variant``, ``RoomFigures``,
``BudgetAdvice``); these functions turn them into the sentences the answer leads with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from babel.lists import format_list

from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import (
    AdviceView,
    BudgetAdviceView,
    BudgetChangeView,
    CheapestView,
)
from bot.answers.views.launch import cheapest_over_budget, launch_view
from bot.answers.words.plan_names import option_name
from sizing import (
    MAX_ONLINE_ORDER_UNITS,
    TB,
    BudgetChangeKind,
    Choice,
    GpuId,
    KvDtype,
    PlanOption,
    SizingAnswer,
    Verdict,
    VerdictCode,
)

VERDICTS: dict[VerdictCode, str] = {
    VerdictCode.SERVES: N_("%(plan)s serves it: %(shape)s, %(price)s."),
    VerdictCode.SERVES_WITH_CHOICES: N_(
        "%(plan)s serves it with %(choices)s: %(shape)s, %(price)s."
    ),
    VerdictCode.YES: N_("Yes: %(plan)s serves it, %(shape)s, %(price)s."),
    VerdictCode.YES_WITH_CHOICES: N_(
        "Yes, with %(choices)s: %(plan)s serves it, %(shape)s, %(price)s."
    ),
    VerdictCode.NOT_ON_NAMED_GPU: N_("Not on %(named)s. %(plan)s serves it: %(shape)s, %(price)s."),
    VerdictCode.ON_QUOTE: N_(
        "%(other_plan)s serves it: %(other_shape)s, %(other)s. Of the plans with a listed "
        "price, %(plan)s serves it: %(shape)s, %(price)s."
    ),
    VerdictCode.BETTER: N_(
        "%(gpu)s is the better buy here: %(plan)s, %(shape)s, %(price)s, against %(other)s "
        "for %(other_plan)s."
    ),
    VerdictCode.OVER_BUDGET: N_(
        "Not within %(budget)s a month: the cheapest plan that serves it is %(plan)s, "
        "%(shape)s, %(price)s (%(over)s over)."
    ),
    VerdictCode.NO_PLAN: N_("No: nothing we rent serves this as asked."),
    VerdictCode.TARGETS_NOT_MET: N_("No: nothing we rent meets every target you gave."),
    VerdictCode.BEYOND_ONLINE_ORDER: N_(
        "%(plan)s serves it with %(shape)s, %(price)s: more than one online order holds "
        "(%(max)s servers or machines at most). A person from our team quotes deployments "
        "of this size."
    ),
}
# Over the budget by a small margin (``NEAR_BUDGET_SHARE`` of it at most): the plan that serves
# leads, and the difference is said, never a "not within" first.
OVER_BUDGET_NEAR = N_(
    "%(plan)s serves it: %(shape)s, %(price)s, %(over)s over your budget of %(budget)s a month."
)
NEAR_BUDGET_SHARE = Decimal("0.1")
# The customer asked to run it on a number of GPUs ("on one H200") that does not serve it all.
COUNT_VERDICTS: dict[VerdictCode, str] = {
    VerdictCode.COUNT_TOO_FEW_FOR_COPY: N_(
        "Not on %(count_gpu)s: the weights alone take %(weights)s, more than fits there. "
        "%(plan)s serves it: %(shape)s, %(price)s."
    ),
    VerdictCode.COUNT_NO_ROOM: N_(
        "Not on %(count_gpu)s: the weights (%(weights)s) leave no room there for one "
        "%(context)s context. %(plan)s serves it: %(shape)s, %(price)s."
    ),
}
# A fleet: what one copy of the model takes and serves, and how many copies the answer counts.
FLEET_COPY = N_(
    "GPUs per copy of the model: %(copy_gpus)s · users each copy serves at %(context)s: "
    "%(users)s · copies: %(copies)s"
)
# BETTER when no other GPU named serves it at all.
ONLY_ONE_SERVES = N_(
    "%(gpu)s: of the GPUs you named, only its plan %(plan)s serves it, %(shape)s, %(price)s."
)
# The choices a pick rests on, in a list ("with FP8 weights and an FP8 KV cache").
WEIGHTS_CHOICE = N_("%(format)s weights")
KV_CHOICES: dict[KvDtype, str] = {
    KvDtype.BF16: N_("a BF16 KV cache"),
    KvDtype.FP16: N_("an FP16 KV cache"),
    KvDtype.FP8: N_("an FP8 KV cache"),
}
DP_ATTENTION_CHOICE = N_("data-parallel attention")
LITERAL_SERVED = N_("With %(literal)s instead, it would take %(plan)s, %(shape)s, %(price)s.")
LITERAL_NOT_SERVED = N_("With %(literal)s instead, nothing we rent serves it.")
BUDGET_CHANGES: dict[BudgetChangeKind, str] = {
    BudgetChangeKind.FP8_WEIGHTS: N_("With FP8 weights: %(plan)s, %(shape)s, %(price)s."),
    BudgetChangeKind.FP8_KV: N_("With an FP8 KV cache: %(plan)s, %(shape)s, %(price)s."),
    BudgetChangeKind.SHORTER_CONTEXT: N_(
        "With %(context)s of context: %(plan)s, %(shape)s, %(price)s."
    ),
}
NO_BUDGET_CHANGE = N_(
    "No single change brings it under %(budget)s a month: FP8, a shorter context or fewer "
    "users each still cost more."
)
PAGE_RULES: dict[str, str] = {
    "reserve": N_(
        "The product page counts about %(page)s (about %(n)s contexts with an FP8 KV cache): "
        "it takes all %(hbm)s of HBM as free, while vLLM keeps %(reserve)s in reserve and "
        "memory for activations."
    ),
    "mla": N_(
        "The product page counts about %(page)s (about %(n)s contexts with an FP8 KV cache): "
        "it takes all %(hbm)s of HBM as free, while the engine keeps %(reserve)s in reserve, "
        "memory for activations and a copy of the MLA cache on every GPU."
    ),
    "attention": N_(
        "The product page counts about %(page)s (about %(n)s contexts with an FP8 KV cache): "
        "it takes all %(hbm)s of HBM as free, while the engine keeps %(reserve)s in reserve, "
        "memory for activations and a copy of the attention weights on every GPU."
    ),
}


def memory_text(loc: Localizer, size_bytes: int) -> str:
    """Write memory as the product page does: whole GB, or TB to two digits from a terabyte."""
    if size_bytes >= TB:
        return loc.formatter.size(size_bytes)
    return loc.formatter.gigabytes(size_bytes)


def shape_text(loc: Localizer, option: PlanOption) -> str:
    """``1 server, 8 GPUs`` / ``2 single-GPU machines``, as the templates' shape phrase."""
    fmt = loc.formatter
    servers = fmt.integer(option.servers)
    if option.plan_facts is not None and not option.plan_facts.is_server:
        return loc.catalog.ngettext(
            "%(machines)s single-GPU machine", "%(machines)s single-GPU machines", option.servers
        ) % {"machines": servers}
    return loc.catalog.ngettext(
        "%(servers)s server, %(gpus)s GPUs", "%(servers)s servers, %(gpus)s GPUs", option.servers
    ) % {"servers": servers, "gpus": fmt.integer(option.gpus)}


def price_text(loc: Localizer, option: PlanOption) -> str:
    """``US$3,090 a month``, or "price on request" (the B200 is never priced)."""
    if option.price.monthly_usd is None or not option.priced:
        return loc.gettext("price on request")
    return loc.gettext("%(monthly)s a month", monthly=loc.formatter.money(option.price.monthly_usd))


def over_budget(option: PlanOption, budget: Decimal | None) -> Decimal | None:
    """How much the option's monthly rent is over ``budget`` (None: within it, or unpriced)."""
    price = option.price.monthly_usd
    if budget is None or price is None or not option.priced or price <= budget:
        return None
    return price - budget


def near_budget(over: Decimal, budget: Decimal) -> bool:
    """Whether ``over`` is a small margin of ``budget`` (the plan then leads the answer)."""
    return over <= budget * NEAR_BUDGET_SHARE


def _plan_params(loc: Localizer, option: PlanOption) -> dict[str, str]:
    return {
        "plan": option_name(option),
        "shape": shape_text(loc, option),
        "price": price_text(loc, option),
    }


def choices_text(loc: Localizer, option: PlanOption, *, layout: bool = True) -> str:
    """List the choices an option rests on that the customer left open."""
    variant, items = option.variant, []
    if variant is None:
        return ""
    if variant.weight_format_source is Choice.CHOSEN:
        items.append(loc.gettext(WEIGHTS_CHOICE, format=variant.weight_format.value.upper()))
    if variant.kv_dtype_source is Choice.CHOSEN and variant.kv_dtype is KvDtype.FP8:
        items.append(loc.gettext(KV_CHOICES[KvDtype.FP8]))
    if layout and option.layout is not None and option.layout.dp_attention:
        items.append(loc.gettext(DP_ATTENTION_CHOICE))
    return _listed(loc, items)


def _listed(loc: Localizer, items: list[str]) -> str:
    return str(format_list(items, locale=loc.formatter.locale)) if items else ""


# A "Yes" opens only an answer to a yes/no question; otherwise the pick is said plainly.
_PLAIN_VERDICTS = {
    VerdictCode.YES: VerdictCode.SERVES,
    VerdictCode.YES_WITH_CHOICES: VerdictCode.SERVES_WITH_CHOICES,
}


def verdict_text(
    loc: Localizer, answer: SizingAnswer, budget: str, *, yes_no: bool = True
) -> str | None:
    """Word the one-line answer the size answer leads with (``yes_no``: a yes/no question)."""
    verdict = answer.verdict
    if verdict is not None and not yes_no and verdict.code in _PLAIN_VERDICTS:
        verdict = replace(verdict, code=_PLAIN_VERDICTS[verdict.code])
    if verdict is None:
        return None
    if verdict.code is VerdictCode.TARGETS_NOT_MET:
        return loc.gettext(VERDICTS[VerdictCode.TARGETS_NOT_MET])
    if verdict.option_index is None:
        return loc.gettext(VERDICTS[VerdictCode.NO_PLAN])
    option = answer.options[verdict.option_index]
    params: dict[str, str] = {**_plan_params(loc, option), "budget": budget}
    params["choices"] = choices_text(loc, option)
    params["gpu"] = option.gpu_facts.name
    named = [g for g in answer.request.gpus if g is not option.gpu]
    params["named"] = _listed(loc, [_gpu_name(answer, g) for g in named])
    params["max"] = loc.formatter.integer(MAX_ONLINE_ORDER_UNITS)
    if verdict.gpu_count is not None:
        return _count_verdict(loc, answer, verdict, verdict.gpu_count, params)
    if verdict.code is VerdictCode.BETTER and verdict.other_index is None:
        return loc.gettext(ONLY_ONE_SERVES, **params)
    if verdict.other_index is not None:  # BETTER, ON_QUOTE
        other = answer.options[verdict.other_index]
        params["other"] = price_text(loc, other)
        params["other_plan"] = option_name(other)
        params["other_shape"] = shape_text(loc, other)
    message = VERDICTS[verdict.code]
    if verdict.code is VerdictCode.OVER_BUDGET:
        message = _over_budget(loc, answer, option, params)
    with_choices = {VerdictCode.SERVES_WITH_CHOICES, VerdictCode.YES_WITH_CHOICES}
    if verdict.code in with_choices and not params["choices"]:  # nothing worth naming after all
        plain = (
            VerdictCode.YES if verdict.code is VerdictCode.YES_WITH_CHOICES else VerdictCode.SERVES
        )
        message = VERDICTS[plain]
    return loc.gettext(message, **params)


def _over_budget(
    loc: Localizer, answer: SizingAnswer, option: PlanOption, params: dict[str, str]
) -> str:
    """Set how far the plan is over the budget; return the verdict that says it.

    A small margin leads with the plan ("serves it: ..., US$100 over your budget"); more says
    first that it is not within the budget.
    """
    limit = answer.request.budget_usd_month
    over = over_budget(option, limit)
    params["over"] = loc.formatter.money(over) if over is not None else ""
    if over is not None and limit is not None and near_budget(over, limit):
        return OVER_BUDGET_NEAR
    return VERDICTS[VerdictCode.OVER_BUDGET]


def _count_gpu(loc: Localizer, count: int, gpu: str) -> str:
    """``1× NVIDIA H200``: the GPUs the customer asked for, as the page writes a plan."""
    return f"{loc.formatter.integer(count)}× {gpu}"


def _count_verdict(
    loc: Localizer, answer: SizingAnswer, verdict: Verdict, count: int, params: dict[str, str]
) -> str:
    """Say what the GPUs the customer asked for hold, and what serves the whole request."""
    fmt = loc.formatter
    params["count_gpu"] = _count_gpu(loc, count, params["gpu"])
    params["weights"] = memory_text(loc, answer.weights_bytes)
    params["context"] = fmt.context(answer.request.context_tokens)
    if verdict.code in COUNT_VERDICTS:
        return loc.gettext(COUNT_VERDICTS[verdict.code], **params)
    users = answer.request.concurrency
    params["users"], params["held"] = fmt.integer(users), fmt.integer(verdict.held or 0)
    if verdict.code is VerdictCode.COUNT_HOLDS_SOME_WITH_CHOICES and params["choices"]:
        message = loc.catalog.ngettext(
            "With %(choices)s, %(count_gpu)s holds %(held)s of your %(users)s user at "
            "%(context)s; %(plan)s serves them all: %(shape)s, %(price)s.",
            "With %(choices)s, %(count_gpu)s holds %(held)s of your %(users)s users at "
            "%(context)s; %(plan)s serves them all: %(shape)s, %(price)s.",
            users,
        )
    else:
        message = loc.catalog.ngettext(
            "%(count_gpu)s holds %(held)s of your %(users)s user at %(context)s; "
            "%(plan)s serves them all: %(shape)s, %(price)s.",
            "%(count_gpu)s holds %(held)s of your %(users)s users at %(context)s; "
            "%(plan)s serves them all: %(shape)s, %(price)s.",
            users,
        )
    return str(message) % params


def fleet_text(loc: Localizer, answer: SizingAnswer) -> str | None:
    """Say what one copy of a fleet's model takes and serves, and how many copies it counts."""
    verdict = answer.verdict
    if verdict is None or verdict.code is not VerdictCode.BEYOND_ONLINE_ORDER:
        return None
    if verdict.option_index is None:
        return None
    option, fmt = answer.options[verdict.option_index], loc.formatter
    return loc.gettext(
        FLEET_COPY,
        copy_gpus=fmt.integer(option.gpus_per_replica or option.gpus),
        context=fmt.context(answer.request.context_tokens),
        users=fmt.integer(option.fit.max_concurrency_at_context or 0),
        copies=fmt.integer(option.replicas or 1),
    )


def _gpu_name(answer: SizingAnswer, gpu: GpuId) -> str:
    return next((o.gpu_facts.name for o in answer.options if o.gpu is gpu), gpu.value.upper())


def literal_text(loc: Localizer, answer: SizingAnswer) -> str | None:
    """Say what the literal request would take, when the pick rests on choices left open."""
    if not answer.literal_options:
        return None
    first = answer.literal_options[0].variant
    if first is None:
        return None
    literal = _listed(
        loc,
        [
            loc.gettext(WEIGHTS_CHOICE, format=first.weight_format.value.upper()),
            loc.gettext(KV_CHOICES[first.kv_dtype]),
        ],
    )
    index = answer.literal_recommended_index
    if index is None:
        return loc.gettext(LITERAL_NOT_SERVED, literal=literal)
    option = answer.literal_options[index]
    return loc.gettext(LITERAL_SERVED, literal=literal, **_plan_params(loc, option))


def held_on_rented(option: PlanOption) -> int:
    """Count the sequences of the context every copy on the rented GPUs holds together."""
    per_copy = option.gpus_per_replica or option.gpus or 1
    copies = max(option.gpus // per_copy, option.replicas or 1)
    return (option.fit.max_concurrency_at_context or 0) * copies


def count_option_text(loc: Localizer, answer: SizingAnswer) -> str | None:
    """Say what FP8 weights fit on the GPUs asked for, when the 16 bits fixed do not."""
    option, count = answer.count_option, answer.request.gpu_count
    if option is None or count is None:
        return None
    n = held_on_rented(option)
    return loc.catalog.ngettext(
        "With FP8 weights, %(count_gpu)s holds it: %(plan)s, %(shape)s, %(price)s, with room "
        "for %(n)s full %(context)s context at once.",
        "With FP8 weights, %(count_gpu)s holds it: %(plan)s, %(shape)s, %(price)s, with room "
        "for %(n)s full %(context)s contexts at once.",
        n,
    ) % {
        **_plan_params(loc, option),
        "count_gpu": _count_gpu(loc, count, option.gpu_facts.name),
        "n": loc.formatter.integer(n),
        "context": loc.formatter.context(answer.request.context_tokens),
    }


def release_text(loc: Localizer, answer: SizingAnswer) -> str | None:
    """Say what the release format would take, when a wider one was asked for."""
    option = answer.release_option
    if option is None:
        return None
    n = held_on_rented(option)
    return loc.catalog.ngettext(
        "%(model)s is released in %(release)s: in %(release)s it would take %(plan)s, "
        "%(shape)s, %(price)s, with room for %(n)s full %(context)s context at once.",
        "%(model)s is released in %(release)s: in %(release)s it would take %(plan)s, "
        "%(shape)s, %(price)s, with room for %(n)s full %(context)s contexts at once.",
        n,
    ) % {
        **_plan_params(loc, option),
        "model": answer.model.name,
        "release": answer.model.release_precision.value.upper(),
        "n": loc.formatter.integer(n),
        "context": loc.formatter.context(answer.request.context_tokens),
    }


def room_lines(loc: Localizer, answer: SizingAnswer) -> list[str]:
    """Word the pick's KV room per copy, and the product page's figure when it differs."""
    room, fmt = answer.room, loc.formatter
    if room is None:
        return []
    context = fmt.context(room.context_tokens)
    lines = [
        loc.catalog.ngettext(
            "KV room per copy of the model: about %(room)s after the weights, %(n)s full "
            "%(context)s context at once.",
            "KV room per copy of the model: about %(room)s after the weights, %(n)s full "
            "%(context)s contexts at once.",
            room.stock_contexts,
        )
        % {
            "room": memory_text(loc, room.stock_bytes),
            "n": fmt.integer(room.stock_contexts),
            "context": context,
        }
    ]
    if room.stock_contexts_fp8 is not None and room.stock_contexts_fp8 != room.stock_contexts:
        n = room.stock_contexts_fp8
        lines.append(
            loc.catalog.ngettext(
                "With an FP8 KV cache: %(n)s full context.",
                "With an FP8 KV cache: %(n)s full contexts.",
                n,
            )
            % {"n": fmt.integer(n)}
        )
    stock_fp8 = room.stock_contexts if room.stock_contexts_fp8 is None else room.stock_contexts_fp8
    page_contexts = round(room.marketed_contexts_fp8)
    differs = memory_text(loc, room.marketed_bytes) != memory_text(loc, room.stock_bytes)
    if differs or page_contexts != stock_fp8:
        rule = "attention" if room.attention_copies else "mla" if room.mla_replicated else "reserve"
        reserve = fmt.percent(1 - answer.request.gpu_memory_utilization)
        lines.append(
            loc.gettext(
                PAGE_RULES[rule],
                page=memory_text(loc, room.marketed_bytes),
                n=fmt.integer(page_contexts),
                hbm=memory_text(loc, room.hbm_bytes),
                reserve=reserve,
            )
        )
    return lines


def budget_lines(
    loc: Localizer, answer: SizingAnswer, link: Callable[..., str | None]
) -> BudgetAdviceView | None:
    """Over budget: the changes that fit it, each with its plan, price and checkout link."""
    advice, budget = answer.budget, answer.request.budget_usd_month
    if advice is None or budget is None:
        return None
    money = loc.formatter.money(Decimal(budget))
    changes: list[BudgetChangeView] = []
    for change in advice.changes:
        params = _plan_params(loc, change.option)
        if change.kind is BudgetChangeKind.FEWER_USERS:
            users = change.concurrency
            text = loc.catalog.ngettext(
                "For %(users)s user at once: %(plan)s, %(shape)s, %(price)s.",
                "For %(users)s users at once: %(plan)s, %(shape)s, %(price)s.",
                users,
            ) % {
                **params,
                "users": loc.formatter.integer(users),
            }
        else:
            context = loc.formatter.context(change.context_tokens)
            text = loc.gettext(BUDGET_CHANGES[change.kind], context=context, **params)
        changes.append({"text": text, "url": link(change.option, change.context_tokens)})
    none = loc.gettext(NO_BUDGET_CHANGE, budget=money) if not changes else None
    return {"budget": money, "changes": changes, "none": none}


WITHIN_BUDGET = N_("That is within your budget of %(budget)s a month.")


def advice_view(
    loc: Localizer,
    answer: SizingAnswer,
    budget: str,
    link: Callable[..., str | None],
    service: list[str] | None = None,
    *,
    yes_no: bool = True,
) -> AdviceView:
    """Build the advice part of the size templates' data (``service``: its target lines)."""
    service = service or []
    cheapest: CheapestView | None = None
    index = cheapest_over_budget(answer)
    if index is not None:
        option = answer.options[index]
        cheapest = {"name": option_name(option), "checkout_url": link(option)}
    launch = launch_view(loc, answer)
    within = None
    if answer.recommended_index is not None and answer.request.budget_usd_month is not None:
        within = loc.gettext(WITHIN_BUDGET, budget=budget)
    room = answer.room
    # The room line says the same as the KV line when it counts the same context on the one
    # copy the plan holds; then it replaces it (the answer stays phone-sized).
    same = room is not None and room.copies == 1
    same = same and room is not None and room.context_tokens == answer.request.context_tokens
    return {
        "kv_line": not same,
        "verdict": verdict_text(loc, answer, budget, yes_no=yes_no),
        "service": service,
        "fleet": fleet_text(loc, answer),
        "within_budget": within,
        "literal": literal_text(loc, answer),
        "release": release_text(loc, answer),
        "count_option": count_option_text(loc, answer),
        "room": room_lines(loc, answer),
        "budget_advice": budget_lines(
            loc, answer, lambda option, context=None: link(option, context)
        ),
        "cheapest": cheapest,
        "launch": launch,
    }
