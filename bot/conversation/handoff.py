"""A person when asked: the customer is told what happens next, sales gets a summary.

The summary says who asked (name, username, language), what they asked last, the plan they
were recommended for their own request and the alternatives discussed since (a cheaper one,
another GPU, more servers, a term: ``ChatContext.discussed``), the signed quote reference of
the recommendation, and links that open a chat with them. Its first line carries the
customer's thread tag: a reply to it in the sales chat reaches the customer
(``bot.conversation.relay``). One hand-off per chat per hour: a second request within the hour
is answered without bothering sales again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from html import escape

from bot.answers import (
    HANDOFF_SUMMARY_HTML,
    HANDOFF_SUMMARY_TEXT,
    LANGUAGE_NAMES,
    N_,
    CheckoutConfig,
    HandoffView,
    Localizer,
    QuoteFacts,
    WhoView,
    localizer,
    model_tag,
    option_name,
    sign_quote,
    units_label,
)
from bot.conversation.relay import thread_tag
from bot.languages import answer_language
from bot.reply import RECOMMENDED, ChatContext, Discussed, Reply, ReplyKind, Sender, Turn
from sizing import (
    PlanFacts,
    PlanOption,
    SizingAnswer,
    SizingError,
    SizingRequest,
    load_plans,
)

HANDOFF_INTERVAL_S = 60 * 60  # at most one hand-off per chat per hour
SALES_LANGUAGE = "en"  # the sales team reads summaries in English
HANDOFF_FAILED = N_(
    "Sorry, I could not reach our team just now. Please ask again in a few minutes, or write "
    "to us through fullgpu.com."
)


@dataclass(frozen=True, slots=True)
class HandoffConfig:
    """Whether a sales chat receives hand-offs, and what signs the quote references."""

    sales_chat_configured: bool
    checkout: CheckoutConfig


def _request_line(loc: Localizer, answer: SizingAnswer) -> str:
    fmt, req = loc.formatter, answer.request
    return loc.ngettext(
        "%(model)s, %(precision)s, %(context)s context, %(num)s user",
        "%(model)s, %(precision)s, %(context)s context, %(num)s users",
        req.concurrency,
        model=answer.model.name,
        precision=req.precision.value.upper(),
        context=fmt.context(req.context_tokens),
    )


def _recommended(answer: SizingAnswer) -> PlanOption | None:
    index = answer.recommended_index
    return answer.options[index] if index is not None else None


def _recommendation_line(loc: Localizer, option: PlanOption) -> str:
    monthly = loc.formatter.money(option.price.monthly_usd) if option.price.monthly_usd else None
    return loc.gettext(
        "%(plan)s × %(servers)s, %(price)s a month",
        plan=option_name(option),
        servers=loc.formatter.integer(option.servers),
        price=monthly or loc.gettext("price on request"),
    )


# What brought an alternative up, as the sales summary names it.
_ROLES = {
    "cheaper": N_("cheaper"),
    "why_not": N_("another GPU"),
    "servers": N_("more servers"),
    "months": N_("a term"),
    "change": N_("a changed request"),
}


def _discussed_line(loc: Localizer, item: Discussed) -> str:
    """One plan discussed: "Llama 3.3 70B Instruct (FP8, 128K, 10 users) — NVIDIA H200, ..."."""
    plan = plan_facts(item.plan)
    name = units_label(loc, plan, item.units) if plan is not None else item.plan
    if item.monthly_usd is None:
        line = loc.join([name, loc.gettext("price on request")])
    else:
        monthly = loc.formatter.money(Decimal(item.monthly_usd))
        line = loc.gettext("%(name)s: %(monthly)s a month", name=name, monthly=monthly)
    facts = [
        item.precision.upper() if item.precision else "",
        loc.formatter.context(item.context_tokens) if item.context_tokens else "",
        loc.ngettext(
            "%(n)s user",
            "%(n)s users",
            item.concurrency,
            n=loc.formatter.integer(item.concurrency),
        )
        if item.concurrency
        else "",
        loc.ngettext(
            "%(n)s month", "%(n)s months", item.months, n=loc.formatter.integer(item.months)
        )
        if item.months
        else "",
    ]
    said = loc.join([f for f in facts if f])
    model = f"{item.model} ({said})" if said else item.model
    return f"{model} — {line}"


def discussed_lines(loc: Localizer, chat: ChatContext) -> tuple[str | None, list[str]]:
    """Word the recommendation for the customer's own request, and the alternatives discussed."""
    recommended = next((i for i in chat.discussed if i.role == RECOMMENDED), None)
    others = [
        loc.gettext(
            "%(why)s: %(plan)s",
            why=loc.gettext(_ROLES.get(i.role, i.role)),
            plan=_discussed_line(loc, i),
        )
        for i in chat.discussed
        if i.role != RECOMMENDED
    ]
    return (_discussed_line(loc, recommended) if recommended else None), others


def plan_facts(plan_id: str) -> PlanFacts | None:
    """Return the catalog's plan of an id kept in the chat (None when the catalog lost it)."""
    return next((p for p in load_plans() if p.id == plan_id), None)


def quote_facts(answer: SizingAnswer, issued: date) -> QuoteFacts | None:
    """Return what the recommended option's quote states; ``None`` without a plan."""
    option = _recommended(answer)
    if option is None or option.plan is None:
        return None
    return QuoteFacts(
        plan=option.plan,
        quantity=option.servers,
        model_tag=model_tag(answer.model.id),
        precision=answer.request.precision.value,
        context_tokens=answer.request.context_tokens,
        issued=issued,
    )


def _who(sender: Sender | None, chat: ChatContext) -> WhoView:
    user_id = sender.user_id if sender else chat.chat_id
    name = " ".join(n for n in (sender.first_name, sender.last_name) if n) if sender else ""
    username = sender.username if sender else None
    return {
        "name": name or f"{chat.chat_id}",
        "username": username,
        "user_id": user_id,
        "chat_id": chat.chat_id,
        "user_link": f"tg://user?id={user_id}" if user_id else None,
        "username_link": f"https://t.me/{username}" if username else None,
    }


def summary_view(
    loc: Localizer,
    chat: ChatContext,
    asked: str,
    answer: SizingAnswer | None,
    quote_ref: str | None,
) -> HandoffView:
    """Build what the sales summary shows (in ``loc``'s language, the sales team's)."""
    customer_language = answer_language(chat, stored=chat.last_language)
    option = _recommended(answer) if answer else None
    recommendation, alternatives = discussed_lines(loc, chat)
    if recommendation is None and option is not None:
        recommendation = _recommendation_line(loc, option)
    return {
        "who": _who(chat.sender, chat),
        "language": LANGUAGE_NAMES.get(customer_language, customer_language),
        "client_language": chat.telegram_language,
        "asked": asked.strip(),
        "request": _request_line(loc, answer) if answer else None,
        "recommendation": recommendation,
        "quote": quote_ref,
        "tag": thread_tag(chat.chat_id if chat.chat_id is not None else 0),
        "alternatives": alternatives,
    }


class Handoff:
    """Decides and words hand-offs; the transport sends the summary to the sales chat."""

    def __init__(
        self,
        config: HandoffConfig,
        *,
        size: Callable[[SizingRequest], SizingAnswer],
        now: Callable[[], float],
        today: Callable[[], date],
    ) -> None:
        self.config = config
        self._size = size
        self._now = now
        self._today = today

    def _last_answer(self, chat: ChatContext) -> SizingAnswer | None:
        facts = chat.last_request
        if facts is None or not facts.names_model:
            return None
        try:
            return self._size(facts.sizing_request())
        except SizingError:
            return None  # the summary says "no request yet" rather than failing the hand-off

    def _quote(self, answer: SizingAnswer | None) -> str | None:
        key = self.config.checkout.signing_key
        if answer is None or key is None:
            return None
        facts = quote_facts(answer, self._today())
        return sign_quote(facts, key) if facts else None

    def respond(self, loc: Localizer, asked: str, chat: ChatContext) -> Turn:
        """Answer a request for a person: hand off, or say it was done within the hour."""
        if not self.config.sales_chat_configured:
            return Turn(_confirmation(loc, "unavailable"), chat)
        now = self._now()
        last = chat.last_handoff_at
        if last is not None and 0 <= now - last < HANDOFF_INTERVAL_S:
            return Turn(_confirmation(loc, "already"), chat)
        answer = self._last_answer(chat)
        sales = localizer(SALES_LANGUAGE)
        view = summary_view(sales, chat, asked, answer, self._quote(answer))
        summary = Reply(
            kind=ReplyKind.HANDOFF_SUMMARY,
            language=sales.language,
            html=sales.render(HANDOFF_SUMMARY_HTML, view),
            text=sales.render(HANDOFF_SUMMARY_TEXT, view),
        )
        return Turn(_confirmation(loc, "sent"), replace(chat, last_handoff_at=now), summary)


_CONFIRMATIONS = {
    "sent": (
        N_("I've passed your request to our team."),
        N_(
            "A person will reply to you here in this chat. They see your last question and our "
            "recommendation, so you don't need to repeat them."
        ),
    ),
    "already": (
        N_("Your request already reached our team within the last hour."),
        N_("A person will reply to you here in this chat; there is no need to ask again."),
    ),
    "unavailable": (
        N_("I can't reach a person from this chat right now."),
        N_("Please write to us through fullgpu.com, or ask again here later."),
    ),
}


def _confirmation(loc: Localizer, state: str) -> Reply:
    headline, detail = (loc.gettext(m) for m in _CONFIRMATIONS[state])
    view = {"headline": headline, "detail": detail}
    return Reply(
        kind=ReplyKind.HANDOFF,
        language=loc.language,
        html=f"<b>{escape(headline)}</b>\n{escape(detail)}",
        text=f"{headline}\n{detail}",
        data={"kind": "handoff", "state": state, **view},
    )
