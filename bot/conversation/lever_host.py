"""What the levers need of the pipeline, and the plans a chat was shown for its hand-off.

``Host`` is the pipeline as the levers see it: the engine, the shop, the date, two renderers.
Each plan shown is kept in the chat (``ChatContext.discussed``) for the hand-off summary: the
recommendation for the customer's own request, then the alternatives discussed since.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Protocol

from bot.answers import (
    CheckoutConfig,
    Localizer,
    QuoteContext,
    checkout_url_for,
    monthly,
    recommended,
)
from bot.reply import MAX_DISCUSSED, RECOMMENDED, ChatContext, Discussed, Turn
from bot.request import Cues, RequestFacts
from sizing import PlanFacts, PlanOption, SizingAnswer, TrainingAnswer, load_plans

Link = Callable[[PlanOption, int | None], str | None]


class Host(Protocol):
    """What the levers need of the pipeline: the engine, the shop, the date, two renderers."""

    checkout: CheckoutConfig

    def sized(self, facts: RequestFacts) -> SizingAnswer | None:
        """Size the facts; None when the engine refuses them."""
        ...

    def quote_day(self) -> date:
        """Today, as quotes are dated."""
        ...

    def size_and_render(
        self, facts: RequestFacts, chat: ChatContext, loc: Localizer, cues: Cues | None = None
    ) -> Turn:
        """Size and render, keeping the facts in the chat."""
        ...

    def train_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size a training job and render it, keeping the facts in the chat."""
        ...


def plan_by_id(plan_id: str | None) -> PlanFacts | None:
    """Return the catalog's plan of an id, or None."""
    return next((p for p in load_plans() if p.id == plan_id), None)


def link_for(host: Host, loc: Localizer, answer: SizingAnswer) -> Link:
    """Return the checkout link maker of an answer's options, with its signed quote."""
    quote = QuoteContext(model_id=answer.model.id, issued=host.quote_day())

    def link(option: PlanOption, context: int | None = None) -> str | None:
        return checkout_url_for(loc, option, answer, host.checkout, quote, context_tokens=context)

    return link


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
