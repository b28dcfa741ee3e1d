"""Levers on a training job: explain it, a term, another GPU, a cheaper job, a change.

A job is priced as a whole (hours at the plan's rate, whole months of rent), so its lines
compare what the job costs in all rather than a month.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.answers import (
    N_,
    Localizer,
    Rented,
    explain_training_reply,
    render_totals,
    units_label,
    with_lead,
)
from bot.conversation.lever_host import Host, noted, plan_by_id, training_entry
from bot.reply import ChatContext, Turn
from bot.request import Lever, ParsedRequest, RequestFacts
from sizing import (
    SizingError,
    TrainingAnswer,
    TrainingOption,
    load_plans,
    prices_as_of,
    size_training,
)

_JOB_CHEAPEST = N_(
    "Nothing runs this job for less than %(old)s at %(old_cost)s: the shortest rent on the "
    "cheapest plan that holds it."
)
_JOB_SAME = N_("The job costs the same: %(new)s, %(new_cost)s in all.")
_JOB_LESS = N_(
    "Compared with %(old)s at %(old_cost)s for the job: %(new)s, %(new_cost)s, %(diff)s less."
)
_JOB_MORE = N_(
    "Compared with %(old)s at %(old_cost)s for the job: %(new)s, %(new_cost)s, %(diff)s more."
)


def _on_servers(said: RequestFacts, current: TrainingAnswer, servers: int) -> RequestFacts:
    """Read "two servers?" of a job as its GPUs: that many servers of the GPU recommended.

    A job on a single-GPU machine counts servers of that GPU's 8-GPU plan: separate machines
    do not train one model together.
    """
    index = current.recommended_index
    option = current.options[index] if index is not None else None
    if option is None:
        return said
    server = max(
        (p for p in load_plans() if p.gpu is option.gpu), key=lambda p: p.gpus, default=None
    )
    if server is None:
        return said
    return replace(said, gpus=(option.gpu,), gpu_count=servers * server.gpus)


class TrainingLevers:
    """Answers levers about the training job on the table."""

    def __init__(self, host: Host) -> None:
        self._host = host

    def answer(  # noqa: PLR0911 - one answer per lever
        self, parsed: ParsedRequest, table: RequestFacts, chat: ChatContext, loc: Localizer
    ) -> Turn | None:
        """Levers on a training job: explain, why not a GPU, a term, a change."""
        try:
            current = size_training(table.training_request())
        except SizingError:
            return None
        said = parsed.facts.kept()
        if parsed.lever is Lever.EXPLAIN:
            return Turn(explain_training_reply(loc, current), chat)
        if parsed.lever is Lever.WHY_NOT and said.gpus:
            said = replace(said, gpu_count=None)
        elif parsed.lever is Lever.CHEAPER:
            return self._cheaper(table, current, chat, loc)
        if parsed.servers:
            said = _on_servers(said, current, parsed.servers)
        changes = {k: v for k, v in said.stated().items() if k != "months"}
        if said.months and not changes:
            return self._term(table, current, said.months, chat, loc)
        if not changes:
            return None
        facts = table.merge(said)
        turn = self._host.train_and_render(facts, chat, loc)
        try:
            after = size_training(facts.training_request())
        except SizingError:
            return turn
        line = _training_change_line(loc, current, after)
        reply = with_lead(turn.reply, [line] if line else [], {"lever": "change"})
        kept = replace(turn.chat, discussed=chat.discussed)
        return Turn(reply, noted(kept, training_entry("change", after)))

    def _cheaper(
        self, table: RequestFacts, current: TrainingAnswer, chat: ChatContext, loc: Localizer
    ) -> Turn:
        """Compare the option of the job that costs least in all with the recommendation."""
        cheapest = min(
            (o for o in current.options if o.fits and o.cost_usd is not None),
            key=lambda o: o.cost_usd or Decimal(0),
            default=None,
        )
        turn = self._host.train_and_render(table, chat, loc)
        index = current.recommended_index
        pick = current.options[index] if index is not None else None
        if pick is not None and cheapest is not None and pick.cost_usd == cheapest.cost_usd:
            line = loc.gettext(
                _JOB_CHEAPEST, old=_training_label(loc, pick), old_cost=_money(loc, pick)
            )
        else:
            line = _training_cost_line(loc, pick, cheapest)
        return Turn(with_lead(turn.reply, [line], {"lever": "cheaper"}), chat)

    def _term(
        self,
        table: RequestFacts,
        current: TrainingAnswer,
        months: int,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn | None:
        index = current.recommended_index
        option = current.options[index] if index is not None else None
        plan = plan_by_id(option.plan if option else None)
        if option is None or plan is None:
            return None
        reply = render_totals(
            loc,
            [Rented(plan, option.servers)],
            months,
            checkout=self._host.checkout,
            prices_as_of=prices_as_of(),
        )
        facts = table.merge(RequestFacts(months=months))
        kept = replace(chat, last_request=facts, last_language=loc.language)
        return Turn(reply, noted(kept, training_entry("months", current)))


def _training_change_line(
    loc: Localizer, before: TrainingAnswer, after: TrainingAnswer
) -> str | None:
    old = before.options[before.recommended_index] if before.recommended_index is not None else None
    new = after.options[after.recommended_index] if after.recommended_index is not None else None
    return _training_cost_line(loc, old, new)


def _training_cost_line(
    loc: Localizer, old: TrainingOption | None, new: TrainingOption | None
) -> str:
    """Compare two training options by what the whole job costs."""
    money = loc.formatter.money
    if old is None or new is None or old.cost_usd is None or new.cost_usd is None:
        return ""
    params = {
        "old": _training_label(loc, old),
        "old_cost": money(old.cost_usd),
        "new": _training_label(loc, new),
        "new_cost": money(new.cost_usd),
    }
    if new.cost_usd == old.cost_usd:
        return loc.gettext(_JOB_SAME, **params)
    message = _JOB_LESS if new.cost_usd < old.cost_usd else _JOB_MORE
    return loc.gettext(message, diff=money(abs(new.cost_usd - old.cost_usd)), **params)


def _money(loc: Localizer, option: TrainingOption) -> str:
    return loc.formatter.money(option.cost_usd) if option.cost_usd is not None else ""


def _training_label(loc: Localizer, option: TrainingOption) -> str:
    plan = plan_by_id(option.plan)
    return units_label(loc, plan, option.servers) if plan is not None else ""
