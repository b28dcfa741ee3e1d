"""Follow-ups as levers on the answer on the table, and totals for a term.

With a sizing on the table, every follow-up answers with the plan it leads to and the price
difference against the current one: a change of GPU, platform, context, users or format ("only
CUDA", "what about MI355X?", "with 64K instead?", "what if 50 users?") is sized and led by
that comparison; "cheaper?" looks for a cheaper plan as asked, then for one change that costs
less (the engine's budget advice, priced just under the current plan), and otherwise says what
every cheaper plan lacks; "why not H200?" sizes that GPU alone; "two servers?" prices that many
servers of the plan and counts the contexts they hold; "for 3 months?" multiplies the plan out
for the term; "explain" works this answer's figures out. Training answers take the levers that
make sense for a job. Plans counted with no model ("two MI355X servers", "2 HGX + 1 H200") get
their total at list price.

Each plan shown is kept in the chat (``ChatContext.discussed``) for the hand-off summary: the
recommendation for the customer's own request, then the alternatives discussed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Protocol

from bot.answers import (
    N_,
    CheckoutConfig,
    Localizer,
    Miss,
    QuoteContext,
    Relaxed,
    Rented,
    TermQuote,
    change_note,
    cheaper_reply,
    checkout_url_for,
    explain_reply,
    explain_training_reply,
    model_tag,
    monthly,
    named_gpu_line,
    recommended,
    render_totals,
    servers_reply,
    units_label,
    why_not_reply,
    with_lead,
)
from bot.conversation.clarify import ask_which_model
from bot.reply import MAX_DISCUSSED, RECOMMENDED, ChatContext, Discussed, Turn
from bot.request import Intent, Lever, ParsedRequest, RequestFacts
from sizing import (
    GpuId,
    PlanFacts,
    PlanOption,
    SizingAnswer,
    SizingError,
    TrainingAnswer,
    TrainingOption,
    VerdictCode,
    load_plans,
    prices_as_of,
    size_training,
)

CENT = Decimal("0.01")
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
# Intents a lever or a term may come with: a follow-up, or a question the parser left open
# ("can I rent it for 3 months only?"); a request for a person or a comparison stays that.
_LEVER_INTENTS = frozenset({Intent.FOLLOWUP, Intent.UNKNOWN, Intent.KNOWLEDGE, Intent.TRAIN})
# Knowledge topics a term answers with the plan on the table ("and for 12 months?").
_TERM_TOPICS = frozenset({"minimum_term", "longer_terms", "billing"})
_HOLDS_SOME = frozenset({VerdictCode.COUNT_HOLDS_SOME, VerdictCode.COUNT_HOLDS_SOME_WITH_CHOICES})


class Host(Protocol):
    """What the levers need of the pipeline: the engine, the shop, the date, two renderers."""

    checkout: CheckoutConfig

    def sized(self, facts: RequestFacts) -> SizingAnswer | None:
        """Size the facts; None when the engine refuses them."""
        ...

    def quote_day(self) -> date:
        """Today, as quotes are dated."""
        ...

    def size_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size and render, keeping the facts in the chat."""
        ...

    def train_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size a training job and render it, keeping the facts in the chat."""
        ...


def discussed_entry(role: str, answer: SizingAnswer, months: int | None = None) -> Discussed | None:
    """Return the entry the hand-off summary keeps for an answer's recommendation."""
    pick = recommended(answer)
    if pick is None or pick.plan is None:
        return None
    price = monthly(pick)
    req = answer.request
    return Discussed(
        role=role,
        model=answer.model.name,
        plan=pick.plan,
        units=pick.servers,
        monthly_usd=None if price is None else str(price),
        precision=req.precision.value,
        context_tokens=req.context_tokens,
        concurrency=req.concurrency,
        months=months,
    )


def training_entry(role: str, answer: TrainingAnswer) -> Discussed | None:
    """Return the entry the hand-off summary keeps for a training answer's recommendation."""
    index = answer.recommended_index
    option = answer.options[index] if index is not None else None
    if option is None or option.plan is None:
        return None
    price = option.monthly_usd
    return Discussed(
        role=role,
        model=answer.model.name,
        plan=option.plan,
        units=option.servers,
        monthly_usd=None if price is None else str(price),
        months=option.months,
        training=True,
    )


def noted(chat: ChatContext, entry: Discussed | None) -> ChatContext:
    """Note a plan in the chat: a recommendation starts the list, others are added to it."""
    if entry is None:
        return chat
    if entry.role == RECOMMENDED:
        return replace(chat, discussed=(entry,))
    kept = [item for item in chat.discussed if item != entry]
    first = [kept[0]] if kept and kept[0].role == RECOMMENDED else []
    rest = [item for item in kept if item not in first]
    return replace(chat, discussed=tuple([*first, *rest, entry][-MAX_DISCUSSED:]))


def _plan(plan_id: str | None) -> PlanFacts | None:
    return next((p for p in load_plans() if p.id == plan_id), None)


class Levers:
    """Answers levers and terms; the pipeline asks it first about every message."""

    def __init__(self, host: Host) -> None:
        self._host = host

    # --- entry -----------------------------------------------------------------------------

    def answer(  # noqa: PLR0911 - one way out per kind of message
        self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer
    ) -> Turn | None:
        """Answer a lever, a term or plans counted; None for anything else."""
        facts = parsed.facts.kept()
        if parsed.intent is Intent.PRICE and not facts.names_model:
            fleet = self._fleet(facts)
            if fleet:
                reply = render_totals(
                    loc,
                    fleet,
                    facts.months,
                    checkout=self._host.checkout,
                    prices_as_of=prices_as_of(),
                )
                return Turn(reply, chat)
            return None
        if facts.names_model or parsed.unknown_model or parsed.hub or parsed.not_understood:
            return None
        asks = parsed.lever is not None or bool(parsed.servers)
        term_topic = parsed.topic in _TERM_TOPICS and bool(facts.months)
        if parsed.intent not in _LEVER_INTENTS or (
            parsed.topic is not None and not asks and not term_topic
        ):
            return None
        changing = parsed.intent in {Intent.FOLLOWUP, Intent.TRAIN}
        if not changing and not (asks or facts.months):
            return None
        table = chat.last_request
        if table is None or not table.names_model:
            return Turn(ask_which_model(loc, follow_up=True), chat) if asks else None
        if table.trains:
            return self._training(parsed, table, chat, loc)
        if parsed.intent is Intent.TRAIN:
            return None  # a job asked after a sizing: sized as a job, as before
        current = self._host.sized(table)
        if current is None:
            return None
        return self._sizing(parsed, table, current, chat, loc)

    def _fleet(self, facts: RequestFacts) -> list[Rented]:
        """Return the plans a price question counts, or one unit of the GPU's plan for a term."""
        counted = facts.plan_counts or {}
        plans = {plan.id: plan for plan in load_plans()}
        fleet = [Rented(plans[key], units) for key, units in counted.items() if key in plans]
        if fleet or not facts.months or len(facts.gpus) != 1:
            return fleet
        # "an H200 for 3 months": one GPU, where one is rented alone.
        of_gpu = sorted((p for p in load_plans() if p.gpu is facts.gpus[0]), key=lambda p: p.gpus)
        return [Rented(of_gpu[0], 1)] if of_gpu else []

    # --- sizing ----------------------------------------------------------------------------

    def _sizing(  # noqa: PLR0911 - one answer per lever
        self,
        parsed: ParsedRequest,
        table: RequestFacts,
        current: SizingAnswer,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn | None:
        said = parsed.facts.kept()
        if parsed.lever is Lever.CHEAPER:
            return self._cheaper(table, current, chat, loc)
        if parsed.lever is Lever.EXPLAIN:
            return Turn(explain_reply(loc, current), chat)
        if parsed.lever is Lever.WHY_NOT and said.gpus:
            return self._why_not(table, current, said, chat, loc)
        if parsed.servers:
            return self._servers(table, current, parsed.servers, chat, loc)
        changes = {k: v for k, v in said.stated().items() if k != "months"}
        if said.months and not changes:
            return self._term(table, current, said.months, chat, loc)
        if changes:
            return self._changed(table.merge(said), current, chat, loc, said.gpus)
        return None

    def _link(
        self, loc: Localizer, answer: SizingAnswer
    ) -> Callable[[PlanOption, int | None], str | None]:
        quote = QuoteContext(model_id=answer.model.id, issued=self._host.quote_day())

        def link(option: PlanOption, context: int | None = None) -> str | None:
            return checkout_url_for(
                loc, option, answer, self._host.checkout, quote, context_tokens=context
            )

        return link

    def _changed(
        self,
        facts: RequestFacts,
        current: SizingAnswer,
        chat: ChatContext,
        loc: Localizer,
        named: tuple[GpuId, ...] = (),
    ) -> Turn:
        """Answer a change to the request: the new sizing, its price against the plan before."""
        turn = self._host.size_and_render(facts, chat, loc)
        after = self._host.sized(facts)
        if after is None or turn.reply.kind.value != "size":
            return turn
        before, pick = recommended(current), recommended(after)
        lead = [change_note(loc, before, pick), named_gpu_line(loc, after, named)]
        data = {"lever": "change", "before": before.plan if before else None}
        reply = with_lead(turn.reply, [line for line in lead if line], data)
        kept = replace(turn.chat, discussed=chat.discussed)
        return Turn(reply, noted(kept, discussed_entry("change", after, facts.months)))

    def _term(
        self,
        table: RequestFacts,
        current: SizingAnswer,
        months: int,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn | None:
        """Multiply the plan on the table out for the term ("for 3 months?")."""
        pick = recommended(current)
        if pick is None or pick.plan_facts is None or not pick.priced:
            return None
        req = current.request
        quote = TermQuote(
            model_tag=model_tag(current.model.id),
            precision=(pick.variant.weight_format if pick.variant else req.precision).value,
            context_tokens=req.context_tokens,
            issued=self._host.quote_day(),
        )
        lead = loc.ngettext(
            "%(model)s, %(precision)s, %(context)s context, %(num)s user",
            "%(model)s, %(precision)s, %(context)s context, %(num)s users",
            req.concurrency,
            model=current.model.name,
            precision=req.precision.value.upper(),
            context=loc.formatter.context(req.context_tokens),
        )
        reply = render_totals(
            loc,
            [Rented(pick.plan_facts, pick.servers)],
            months,
            checkout=self._host.checkout,
            prices_as_of=prices_as_of(),
            quote=quote,
            lead=lead,
        )
        facts = table.merge(RequestFacts(months=months))
        kept = replace(chat, last_request=facts, last_language=loc.language)
        return Turn(reply, noted(kept, discussed_entry("months", current, months)))

    def _why_not(
        self,
        table: RequestFacts,
        current: SizingAnswer,
        said: RequestFacts,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn:
        """Size the GPU named alone and set it against the pick ("why not H200?")."""
        gpu = said.gpus[0]
        on_gpu = self._host.sized(replace(table, gpus=(gpu,), gpu_count=None))
        reply = why_not_reply(loc, current, gpu, on_gpu, self._link(loc, on_gpu or current))
        entry = discussed_entry("why_not", on_gpu) if on_gpu is not None else None
        if entry is not None and recommended(on_gpu) is not None:
            pick = recommended(on_gpu)
            if pick is not None and pick.gpu is not gpu:
                entry = None
        return Turn(reply, noted(chat, entry))

    def _servers(
        self,
        table: RequestFacts,
        current: SizingAnswer,
        servers: int,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn | None:
        """Price that many servers of the plan (of the GPU's server plan for single GPUs)."""
        pick = recommended(current)
        if pick is None or pick.plan_facts is None:
            return None
        plan = pick.plan_facts
        if not plan.is_server:
            plan = next((p for p in load_plans() if p.gpu is pick.gpu and p.is_server), plan)
        option = next((o for o in current.options if o.plan == plan.id and o.fits), None)
        if option is None:
            on_gpu = self._host.sized(replace(table, gpus=(plan.gpu,), gpu_count=None))
            found = on_gpu.options if on_gpu is not None else ()
            option = next((o for o in found if o.plan == plan.id and o.fits), None)
        if option is None:
            return None
        per_copy = option.gpus_per_replica or 1
        copies = servers * plan.gpus // per_copy
        contexts = copies * (option.fit.max_concurrency_at_context or 0)
        quote = QuoteContext(model_id=current.model.id, issued=self._host.quote_day())
        reply = servers_reply(
            loc,
            current,
            option=option,
            servers=servers,
            contexts=contexts,
            checkout=self._host.checkout,
            quote=quote,
        )
        price = plan.monthly_usd * servers
        entry = Discussed(
            role="servers",
            model=current.model.name,
            plan=plan.id,
            units=servers,
            monthly_usd=str(price),
            precision=current.request.precision.value,
            context_tokens=current.request.context_tokens,
            concurrency=current.request.concurrency,
        )
        return Turn(reply, noted(chat, entry))

    def _cheaper(
        self, table: RequestFacts, current: SizingAnswer, chat: ChatContext, loc: Localizer
    ) -> Turn:
        """Find a cheaper plan as asked, one change that costs less, or what is missing."""
        pick = recommended(current)
        price = monthly(pick)
        if pick is None or price is None:
            return Turn(
                cheaper_reply(
                    loc,
                    current,
                    as_asked=None,
                    probe=None,
                    relaxed=(),
                    misses=(),
                    link=self._link(loc, current),
                ),
                chat,
            )
        # As asked: serves the request and sets nothing the customer said aside (a GPU they did
        # not name only ranks lower in the engine, and is offered as another GPU below).
        offered = [
            o
            for o in current.options
            if o.offerable and not o.set_aside and (p := monthly(o)) is not None and p < price
        ]
        as_asked = min(offered, key=lambda o: monthly(o) or price, default=None)
        relaxed = self._relaxed(table, price)
        probe = self._host.sized(replace(table, budget_usd_month=price - CENT))
        misses = () if as_asked is not None else self._misses(table, current, price)
        reply = cheaper_reply(
            loc,
            current,
            as_asked=as_asked,
            probe=probe,
            relaxed=relaxed,
            misses=misses,
            link=self._link(loc, current),
        )
        best = as_asked or min(
            [item.option for item in relaxed]
            + [c.option for c in (probe.budget.changes if probe and probe.budget else ())],
            key=lambda o: monthly(o) or price,
            default=None,
        )
        entry = None
        if best is not None and best.plan is not None:
            entry = Discussed(
                role="cheaper",
                model=current.model.name,
                plan=best.plan,
                units=best.servers,
                monthly_usd=str(monthly(best)) if monthly(best) is not None else None,
            )
        return Turn(reply, noted(chat, entry))

    def _relaxed(self, table: RequestFacts, price: Decimal) -> list[Relaxed]:
        """Return the pick once the GPUs named, or CUDA only, are dropped, when it costs less."""
        found: list[Relaxed] = []
        drops = (
            ("gpus", replace(table, gpus=(), gpu_count=None), bool(table.gpus)),
            ("cuda_only", replace(table, cuda_only=None), bool(table.cuda_only)),
        )
        for dropped, facts, applies in drops:
            if not applies:
                continue
            pick = recommended(self._host.sized(facts))
            if pick is not None and (p := monthly(pick)) is not None and p < price:
                found.append(Relaxed(dropped, pick))
        return found

    def _misses(self, table: RequestFacts, current: SizingAnswer, price: Decimal) -> list[Miss]:
        """For each plan the customer allows, the most of it that costs less, and what it lacks."""
        found: list[Miss] = []
        allowed = set(table.gpus) if table.gpus else None
        for plan in load_plans():
            if allowed is not None and plan.gpu not in allowed:
                continue
            if table.cuda_only and plan.gpu.value == "mi355x":
                continue
            units = int((price - CENT) // plan.monthly_usd)
            if units < 1:
                continue
            found.append(self._miss(table, current, plan, units))
        return sorted(found, key=lambda m: m.monthly_usd, reverse=True)

    def _miss(
        self, table: RequestFacts, current: SizingAnswer, plan: PlanFacts, units: int
    ) -> Miss:
        cost = plan.monthly_usd * units
        if not plan.can_split_model:
            single = next((o for o in current.options if o.plan == plan.id), None)
            if single is not None and single.reason is not None:
                return Miss(plan, units, cost, reason=single.reason)
        count = self._host.sized(replace(table, gpus=(plan.gpu,), gpu_count=units * plan.gpus))
        verdict = count.verdict if count is not None else None
        if count is None or verdict is None:
            return Miss(plan, units, cost)
        if verdict.code in _HOLDS_SOME and verdict.held:
            users = count.request.concurrency
            short = (users - verdict.held) * count.kv_bytes_per_sequence
            return Miss(plan, units, cost, held=verdict.held, short_bytes=short)
        return Miss(plan, units, cost)

    # --- training --------------------------------------------------------------------------

    def _training(  # noqa: PLR0911 - one answer per lever
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
            return self._training_cheaper(table, current, chat, loc)
        changes = {k: v for k, v in said.stated().items() if k != "months"}
        if said.months and not changes:
            return self._training_term(table, current, said.months, chat, loc)
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

    def _training_cheaper(
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

    def _training_term(
        self,
        table: RequestFacts,
        current: TrainingAnswer,
        months: int,
        chat: ChatContext,
        loc: Localizer,
    ) -> Turn | None:
        index = current.recommended_index
        option = current.options[index] if index is not None else None
        plan = _plan(option.plan if option else None)
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
    plan = _plan(option.plan)
    return units_label(loc, plan, option.servers) if plan is not None else ""
