"""Risk notes on a pick: a tight fit, and separate VMs.

A tight fit says what one more unit costs; separate VMs need a load balancer in front and
each holds its own copy of the model.
"""

from __future__ import annotations

from decimal import Decimal

from bot.answers.i18n import N_, Localizer
from bot.answers.views.advice import held_on_rented, memory_text
from bot.answers.words.knowledge import NP_
from sizing import GB, PlanOption, SizingAnswer

# Below this share of spare KV room (contexts held beyond the users asked, or KV room per GPU
# against its memory), the fit is called tight: one more long prompt or user has nowhere to go.
TIGHT_HEADROOM = 0.10

TIGHT = NP_(
    "Tight fit: %(held)s full %(context)s context for %(users)s users at once, about %(room)s "
    "of KV room per GPU. One more unit (%(next)s in all) costs %(price)s a month, %(delta)s "
    "more.",
    "Tight fit: %(held)s full %(context)s contexts for %(users)s users at once, about %(room)s "
    "of KV room per GPU. One more unit (%(next)s in all) costs %(price)s a month, %(delta)s "
    "more.",
)
SEPARATE_VMS = N_(
    "These are %(n)s separate virtual machines: put a load balancer in front of them. Each "
    "runs its own copy of the model; they share no NVLink and do not split one model."
)


def _room_per_gpu(option: PlanOption) -> float:
    per_replica = option.fit.kv_cache_bytes or 0
    gpus = option.gpus_per_replica or option.gpus or 1
    return per_replica / gpus


def is_tight(answer: SizingAnswer, option: PlanOption) -> bool:
    """Whether the pick leaves under ``TIGHT_HEADROOM`` of spare KV contexts or room."""
    held = held_on_rented(option)
    users = answer.request.concurrency
    if held and (held - users) < TIGHT_HEADROOM * users:
        return True
    memory = option.gpu_facts.memory_gb * GB
    return 0 < _room_per_gpu(option) < TIGHT_HEADROOM * memory


def _next_shape(loc: Localizer, option: PlanOption, units: int) -> str:
    fmt = loc.formatter
    if option.plan_facts is not None and not option.plan_facts.is_server:
        return loc.ngettext(
            "%(machines)s single-GPU machine",
            "%(machines)s single-GPU machines",
            units,
            machines=fmt.integer(units),
        )
    per = (
        option.plan_facts.gpus
        if option.plan_facts is not None
        else option.gpus // max(1, option.servers)
    )
    return loc.ngettext(
        "%(servers)s server, %(gpus)s GPUs",
        "%(servers)s servers, %(gpus)s GPUs",
        units,
        servers=fmt.integer(units),
        gpus=fmt.integer(units * per),
    )


def risk_lines(loc: Localizer, answer: SizingAnswer) -> list[str]:
    """Return the pick's risk notes, in the answer's language."""
    index = answer.recommended_index
    if index is None:
        return []
    option, fmt = answer.options[index], loc.formatter
    lines: list[str] = []
    plan = option.plan_facts
    if is_tight(answer, option) and plan is not None and option.priced:
        units = option.servers + 1
        price = plan.monthly_usd * units
        held = held_on_rented(option)
        singular, plural = TIGHT
        lines.append(
            loc.ngettext(
                singular,
                plural,
                held,
                held=fmt.integer(held),
                context=fmt.context(answer.request.context_tokens),
                users=fmt.integer(answer.request.concurrency),
                room=memory_text(loc, int(_room_per_gpu(option))),
                next=_next_shape(loc, option, units),
                price=fmt.money(Decimal(price)),
                delta=fmt.money(Decimal(plan.monthly_usd)),
            )
        )
    if plan is not None and not plan.is_server and option.servers > 1:
        lines.append(loc.gettext(SEPARATE_VMS, n=fmt.integer(option.servers)))
    return lines
