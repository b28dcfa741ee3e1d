"""Follow-ups as levers on the answer on the table, and totals for a term.

With a sizing on the table, every follow-up answers with the plan it leads to and the price
difference against the current one: a change of GPU, platform, context, users or format ("only
CUDA", "what about MI355X?", "with 64K instead?", "what if 50 users?") is sized and led by
that comparison; "cheaper?" is ``levers_cheaper``'s; "why not H200?" sizes that GPU alone;
"two servers?" prices that many servers of the plan and counts the contexts they hold; "for 3
months?" multiplies the plan out for the term; "explain" works this answer's figures out.
Training answers take the levers that make sense for a job (``levers_training``). Plans counted
with no model ("two MI355X servers", "2 HGX + 1 H200") get their total at list price.

Each plan shown is noted in the chat for the hand-off summary (``lever_host.noted``).
"""

from __future__ import annotations

from dataclasses import replace

from bot.answers import (
    Localizer,
    QuoteContext,
    Rented,
    TermQuote,
    change_note,
    explain_reply,
    model_tag,
    named_gpu_line,
    recommended,
    render_price,
    render_totals,
    servers_reply,
    why_not_reply,
    with_lead,
)
from bot.conversation.clarify import ask_which_model
from bot.conversation.lever_host import Host, discussed_entry, link_for, noted
from bot.conversation.levers_cheaper import CheaperLever
from bot.conversation.levers_training import TrainingLevers
from bot.reply import ChatContext, Discussed, Turn
from bot.request import Cues, Intent, Lever, ParsedRequest, RequestFacts
from sizing import (
    GpuId,
    SizingAnswer,
    load_plans,
    price_list,
    prices_as_of,
)

# Intents a lever or a term may come with: a follow-up, or a question the parser left open
# ("can I rent it for 3 months only?"); a request for a person or a comparison stays that.
_LEVER_INTENTS = frozenset({Intent.FOLLOWUP, Intent.UNKNOWN, Intent.KNOWLEDGE, Intent.TRAIN})
# Knowledge topics a term answers with the plan on the table ("and for 12 months?").
_TERM_TOPICS = frozenset({"minimum_term", "longer_terms", "billing"})


def _counts_plans_to_rent(parsed: ParsedRequest) -> bool:
    """Tell a price asked, or plans counted to rent ("単体H200を3台借りたい": three of them).

    Whether one GPU can be rented alone (``whole_server_only``) is answered by the total of
    the plans counted, when more than one is counted.
    """
    if parsed.intent is Intent.PRICE:
        return True
    counted = parsed.facts.plan_counts or {}
    return parsed.topic == "whole_server_only" and sum(counted.values()) > 1


def _gpus_named(facts: RequestFacts) -> list[GpuId]:
    """Return the GPUs a message names, by name or by the plans it counts, in order."""
    plans = {plan.id: plan for plan in load_plans()}
    named = list(facts.gpus)
    for key in facts.plan_counts or {}:
        plan = plans.get(key)
        if plan is not None and plan.gpu not in named:
            named.append(plan.gpu)
    return named


class Levers:
    """Answers levers and terms; the pipeline asks it first about every message."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._cheaper = CheaperLever(host)
        self._training = TrainingLevers(host)

    # --- entry -----------------------------------------------------------------------------

    def answer(  # noqa: PLR0911 - one way out per kind of message
        self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer
    ) -> Turn | None:
        """Answer a lever, a term or plans counted; None for anything else."""
        facts = parsed.facts.kept()
        if _counts_plans_to_rent(parsed) and not facts.names_model:
            fleet = self._fleet(facts)
            if fleet:
                reply = render_totals(
                    loc,
                    fleet,
                    facts.months,
                    checkout=self._host.checkout,
                    prices_as_of=prices_as_of(),
                    delivery="delivery" in parsed.more_topics,
                )
                return Turn(reply, chat)
            return None
        if (
            facts.names_model
            or parsed.unknown_model
            or parsed.hub
            or parsed.not_understood
            or _asks_the_page(parsed)  # "流量咋算的？": the page's traffic, table or not
        ):
            return None
        # servers counted beside a question the page answers ("with two, do you link them by
        # InfiniBand?") leave it the page's question
        asks = parsed.lever is not None or (bool(parsed.servers) and parsed.topic is None)
        term_topic = parsed.topic in _TERM_TOPICS and bool(facts.months)
        # "why not H200? isn't it safer than MI355X": the plan on the table, on the GPU asked
        why_not = parsed.intent is Intent.COMPARE and parsed.lever is Lever.WHY_NOT
        if (parsed.intent not in _LEVER_INTENTS and not why_not) or (
            parsed.topic is not None and not asks and not term_topic
        ):
            return None
        changing = parsed.intent in {Intent.FOLLOWUP, Intent.TRAIN}
        if not changing and not (asks or facts.months):
            return None
        table = chat.last_request
        if table is None or not table.names_model:
            return self._without_table(parsed, chat, loc, asks=asks)
        if table.trains:
            return self._training.answer(parsed, table, chat, loc)
        if parsed.intent is Intent.TRAIN:
            return None  # a job asked after a sizing: sized as a job, as before
        current = self._host.sized(table)
        if current is None:
            return None
        return self._sizing(parsed, table, current, chat, loc)

    @staticmethod
    def _without_table(
        parsed: ParsedRequest, chat: ChatContext, loc: Localizer, *, asks: bool
    ) -> Turn | None:
        """Answer a lever with no sizing on the table: ask for the model, unless of hardware."""
        if parsed.cues.unrented_gpu is not None:
            return None  # "do you have 4090s? a cheap one is fine": hardware we do not rent
        if not asks:
            return None
        gpus = _gpus_named(parsed.facts.kept())
        if gpus:
            # "HGX 太贵，能不能用单卡 H200 凑一下？" as a first message: the prices of what it
            # names, and the model asked for, instead of a dead end
            lead = loc.gettext(
                "There is no sizing of yours in this chat yet, so here are the prices of what "
                "you named. Tell me the model (and how many users) and I will size it on them."
            )
            listed = render_price(loc, price_list(gpus[0] if len(gpus) == 1 else None))
            return Turn(with_lead(listed, [lead], after_verdict=False), chat)
        return Turn(ask_which_model(loc, follow_up=True), chat)

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
            return self._cheaper.answer(table, current, chat, loc)
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
            return self._changed(table.merge(said), current, chat, loc, said.gpus, cues=parsed.cues)
        return None

    def _changed(
        self,
        facts: RequestFacts,
        current: SizingAnswer,
        chat: ChatContext,
        loc: Localizer,
        named: tuple[GpuId, ...] = (),
        *,
        cues: Cues | None = None,
    ) -> Turn:
        """Answer a change to the request: the new sizing, its price against the plan before.

        ``cues``: the message's own (the figure it asks, said first: "50 users, how fast?").
        """
        turn = self._host.size_and_render(facts, chat, loc, cues=cues)
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
        """Size the GPU named alone and set it against the pick ("why not H200?").

        Of two GPUs named ("why HGX H200 and not MI355X?"), the one the pick left out.
        """
        picked = recommended(current)
        gpu = next((g for g in said.gpus if picked is None or g is not picked.gpu), said.gpus[0])
        on_gpu = self._host.sized(replace(table, gpus=(gpu,), gpu_count=None))
        reply = why_not_reply(
            loc, current, gpu, on_gpu, link_for(self._host, loc, on_gpu or current)
        )
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


# Topics of the page an "explain" may be asked of ("流量咋算的？", "how is billing counted?"): the
# page's answer, not the figures of the answer on the table (those of a figure or a term are).
_FIGURES_EXPLAINED = frozenset({"whole_server_only", "glossary"})


def _asks_the_page(parsed: ParsedRequest) -> bool:
    """Whether "how is it counted" asks a question of the page rather than of the answer."""
    return (
        parsed.intent is Intent.KNOWLEDGE
        and parsed.lever is Lever.EXPLAIN
        and parsed.topic is not None
        and parsed.topic not in _FIGURES_EXPLAINED
    )
