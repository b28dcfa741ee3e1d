"""Several models on one deployment in words: the plan holding them all, each model's share.

The verdict names the plan, the GPUs the models take of it and the monthly price, and what
renting each model on its own would cost when that is more; one line per model gives its GPUs,
layout, formats and the speed each of its users sees; the other plans follow, then one launch
line per process (the GPUs it sees, its port).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import SharedOptionView, SharedView
from bot.answers.words.codes import SentenceParams, reason_text
from bot.answers.words.knowledge import NP_
from bot.answers.words.plan_names import facts_name, plan_facts
from sizing import (
    MAX_ONLINE_ORDER_UNITS,
    ModelInfo,
    SharedAnswer,
    SharedMember,
    SharedOption,
    prices_as_of,
)

VERDICT = N_(
    "%(plan)s holds all %(count)s models: %(used)s of its %(gpus)s GPUs, %(price)s a month."
)
VERDICT_BOTH = N_("%(plan)s holds both models: %(used)s of its %(gpus)s GPUs, %(price)s a month.")
VERDICT_UNPRICED = N_(
    "%(plan)s holds all %(count)s models on %(used)s of its %(gpus)s GPUs (no price: we do not "
    "rent it)."
)
VERDICT_VMS = N_(
    "%(machines)s single-GPU machines hold all %(count)s models, one per model copy: %(price)s "
    "a month."
)
VERDICT_VMS_BOTH = N_(
    "%(machines)s single-GPU machines hold both models, one per model copy: %(price)s a month."
)
NO_PLAN = N_("No plan we rent holds all %(count)s models: %(why)s")
USED = N_("%(used)s of %(gpus)s GPUs, %(price)s a month")
USED_UNPRICED = N_("%(used)s of %(gpus)s GPUs, not rented by us")
SAVING = N_("Each model on its own cheapest plan would cost %(alone)s a month: %(saving)s more.")
SAME_AS_ALONE = N_("Sharing saves nothing here: each model on its own plan costs the same.")
APART_CHEAPER = N_(
    "Renting each model on its own cheapest plan costs less: %(alone)s a month, %(saving)s less."
)
MEMBER = N_(
    "%(model)s: %(gpus)s, %(layout)s, %(weights)s weights, %(kv)s KV, %(users)s at %(context)s, "
    "about %(speed)s tokens/s each."
)
GPU_COUNT = NP_("%(n)s GPU", "%(n)s GPUs")
USER_COUNT = NP_("%(n)s user", "%(n)s users")
LAYOUT_REPLICAS = N_("%(replicas)s copies of TP %(tp)s")
LAYOUT_ONE = N_("TP %(tp)s")
MEMBER_MISSES = N_("%(model)s misses its targets here.")
FREE = NP_(
    "%(free)s GPU stays free for another model or more users.",
    "%(free)s GPUs stay free for another model or more users.",
)
SEPARATE_VMS = N_(
    "Single-H200 plans are separate VMs: each model and each copy runs on its own machine, "
    "behind your load balancer; no NVLink between them."
)
PROCESSES = N_(
    "One serving process per model copy, each on its own GPUs and port: put a router or load "
    "balancer in front to send each request to its model."
)
NOT_HERE = N_("does not hold every model: %(why)s")
USERS_UNSAID = NP_(
    "No number of users at once was given for %(models)s: it is sized for one. Tell me how many.",
    "No number of users at once was given for %(models)s: each is sized for one. Tell me how many.",
)
CONTEXT_UNSAID = NP_(
    "No context length was given for %(models)s: it is sized for %(context)s.",
    "No context length was given for %(models)s: each is sized for %(context)s.",
)


def _is_server(option: SharedOption) -> bool:
    facts = plan_facts(option.plan)
    return facts is None or facts.is_server


def _name(option: SharedOption) -> str:
    name = facts_name(plan_facts(option.plan), option.gpu_facts)
    return name if option.servers <= 1 else f"{option.servers} × {name}"


def _price(loc: Localizer, amount: Decimal | None) -> str:
    return loc.formatter.money(amount) if amount is not None else loc.gettext("no price listed")


def _member_line(loc: Localizer, model: ModelInfo, member: SharedMember) -> str:
    option = member.option
    if option is None:
        return model.name
    layout = (
        loc.gettext(LAYOUT_ONE, tp=option.tensor_parallel or 1)
        if (option.replicas or 1) <= 1
        else loc.gettext(
            LAYOUT_REPLICAS, replicas=option.replicas or 1, tp=option.tensor_parallel or 1
        )
    )
    variant = option.variant
    speed = option.speed.decode_tokens_per_s_per_user or option.speed.decode_tokens_per_s or 0
    line = loc.gettext(
        MEMBER,
        model=model.name,
        gpus=loc.ngettext(*GPU_COUNT, member.gpus, n=loc.formatter.integer(member.gpus)),
        layout=layout,
        weights=variant.weight_format.value.upper() if variant else "-",
        kv=variant.kv_dtype.value.upper() if variant else "-",
        users=loc.ngettext(
            *USER_COUNT, member.concurrency, n=loc.formatter.integer(member.concurrency)
        ),
        context=loc.formatter.context(member.context_tokens),
        speed=loc.formatter.integer(speed),
    )
    if option.meets_targets is False:
        line += " " + loc.gettext(MEMBER_MISSES, model=model.name)
    return line


def _why(loc: Localizer, answer: SharedAnswer, option: SharedOption) -> str:
    for model, member in zip(answer.models, option.members, strict=True):
        if member.option is None or not member.option.fits:
            reason = member.option.reason if member.option is not None else None
            params: SentenceParams = {
                "context": loc.formatter.context(member.context_tokens),
                "concurrency": loc.formatter.integer(member.concurrency),
            }
            text = reason_text(loc, reason, params) if reason is not None else ""
            return f"{model.name}: {text}" if text else model.name
    return ""


def _option_view(
    loc: Localizer, answer: SharedAnswer, option: SharedOption, *, recommended: bool
) -> SharedOptionView:
    if not option.fits:
        return {
            "name": _name(option),
            "recommended": False,
            "summary": loc.gettext(NOT_HERE, why=_why(loc, answer, option)),
        }
    summary = loc.gettext(
        USED if option.monthly_usd is not None else USED_UNPRICED,
        used=loc.formatter.integer(option.gpus_used),
        gpus=loc.formatter.integer(option.gpus),
        price=_price(loc, option.monthly_usd),
    )
    return {"name": _name(option), "recommended": recommended, "summary": summary}


def _verdict(loc: Localizer, answer: SharedAnswer) -> list[str]:
    count = loc.formatter.integer(len(answer.models))
    index = answer.recommended_index
    if index is None:
        cheapest = next((o for o in answer.options if not o.fits), None)
        why = _why(loc, answer, cheapest) if cheapest is not None else ""
        return [loc.gettext(NO_PLAN, count=count, why=why)]
    pick = answer.options[index]
    params = {
        "plan": _name(pick),
        "count": count,
        "used": loc.formatter.integer(pick.gpus_used),
        "gpus": loc.formatter.integer(pick.gpus),
        "price": _price(loc, pick.monthly_usd),
    }
    both = len(answer.models) == 2  # noqa: PLR2004 - two models are "both"
    message = VERDICT_BOTH if both else VERDICT
    if not _is_server(pick):
        message = VERDICT_VMS_BOTH if both else VERDICT_VMS
    if pick.monthly_usd is None:
        message = VERDICT_UNPRICED
    lines = [loc.gettext(message, machines=loc.formatter.integer(pick.servers), **params)]
    alone = answer.separately_usd
    if alone is not None and pick.monthly_usd is not None:
        if alone > pick.monthly_usd:
            lines.append(
                loc.gettext(
                    SAVING,
                    alone=loc.formatter.money(alone),
                    saving=loc.formatter.money(alone - pick.monthly_usd),
                )
            )
        elif alone == pick.monthly_usd and _is_server(pick):
            lines.append(loc.gettext(SAME_AS_ALONE))
        elif alone < pick.monthly_usd:
            lines.append(
                loc.gettext(
                    APART_CHEAPER,
                    alone=loc.formatter.money(alone),
                    saving=loc.formatter.money(pick.monthly_usd - alone),
                )
            )
    return lines


@dataclass(frozen=True, slots=True)
class Unsaid:
    """Which models (by position) the customer gave no users at once or no context for."""

    users: tuple[int, ...] = ()
    context: tuple[int, ...] = ()


def _unsaid_notes(
    loc: Localizer, answer: SharedAnswer, pick: SharedOption, unsaid: Unsaid
) -> list[str]:
    """Say which models were sized for one user, or at the default context, for want of them."""
    notes: list[str] = []
    names = [model.name for model in answer.models]
    users = [names[i] for i in unsaid.users if i < len(names)]
    if users:
        notes.append(loc.ngettext(*USERS_UNSAID, len(users), models=loc.join(users)))
    context = [i for i in unsaid.context if i < len(pick.members)]
    if context:
        notes.append(
            loc.ngettext(
                *CONTEXT_UNSAID,
                len(context),
                models=loc.join([names[i] for i in context]),
                context=loc.formatter.context(pick.members[context[0]].context_tokens),
            )
        )
    return notes


def shared_view(
    loc: Localizer,
    answer: SharedAnswer,
    checkout: CheckoutConfig | None,
    unsaid: Unsaid | None = None,
) -> SharedView:
    """Return everything the shared-deployment templates show."""
    index = answer.recommended_index
    pick = answer.options[index] if index is not None else None
    members: list[str] = []
    notes: list[str] = []
    commands: list[str] = []
    url = None
    if pick is not None:
        for model, member in zip(answer.models, pick.members, strict=True):
            members.append(_member_line(loc, model, member))
        server = _is_server(pick)
        free = pick.gpus - pick.gpus_used
        if free > 0 and server:
            notes.append(loc.ngettext(*FREE, free, free=loc.formatter.integer(free)))
        notes.append(loc.gettext(PROCESSES if server else SEPARATE_VMS))
        notes += _unsaid_notes(loc, answer, pick, unsaid or Unsaid())
        commands = list(pick.launch_commands)
        orderable = pick.servers <= MAX_ONLINE_ORDER_UNITS
        if checkout is not None and pick.plan is not None and orderable:
            url = checkout.url(pick.plan, pick.servers, loc.language)
    return {
        "verdict": _verdict(loc, answer),
        "models": [model.name for model in answer.models],
        "recommendation": _name(pick) if pick is not None else None,
        "members": members,
        "notes": notes,
        "options": [
            _option_view(loc, answer, option, recommended=i == index)
            for i, option in enumerate(answer.options)
        ],
        "commands": "\n".join(commands),
        "checkout_url": url,
        "prices_as_of": loc.gettext(
            "Prices as of %(date)s.", date=loc.formatter.day(prices_as_of())
        ),
    }
