"""The "cheaper?" lever: a cheaper plan as asked, one change that costs less, or what is missing.

As asked, a cheaper plan serves the request and sets nothing the customer said aside. Else the
changes that cost less: dropping the GPUs named or CUDA only, then the engine's budget advice
sized just under the current price (FP8 weights, an FP8 KV cache, a shorter context, fewer
users). When no plan serves it for less, each cheaper plan the customer allows is sized on the
most of it under the current price, to say what it lacks: users held and KV cache short, or the
weights against its memory.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.answers import Localizer, Miss, Relaxed, cheaper_reply, monthly, recommended
from bot.conversation.lever_host import Host, link_for, noted
from bot.reply import ChatContext, Discussed, Turn
from bot.request import RequestFacts
from sizing import GpuId, PlanFacts, SizingAnswer, VerdictCode, load_plans

CENT = Decimal("0.01")
_HOLDS_SOME = frozenset({VerdictCode.COUNT_HOLDS_SOME, VerdictCode.COUNT_HOLDS_SOME_WITH_CHOICES})


class CheaperLever:
    """Answers "cheaper?" about the sizing on the table."""

    def __init__(self, host: Host) -> None:
        self._host = host

    def answer(
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
                    link=link_for(self._host, loc, current),
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
            link=link_for(self._host, loc, current),
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
            if table.cuda_only and plan.gpu is GpuId.MI355X:
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
