"""A conversation with a person, both ways, through the sales chat.

Once a hand-off reached the sales chat, the customer's chat keeps a thread open: the customer's
next messages go to that thread (as replies under the team's last message there), and a sales
person's reply to any of the thread's messages in the sales chat comes back to the customer
through the bot. Each message the bot writes in the sales chat starts with the customer's tag
(``#customer_123``; ``#customer_m100`` for a group's negative id), so a reply names its customer
whatever message it answers, and a click on the tag lists the whole thread. The thread ends when
either side sends ``/done`` or a day passes without a message from either side.

While the thread is open the bot still answers what it can (sizings, levers, prices), and the
sales thread sees the customer's message with the first line of that answer; what only a person
can answer ("when can you call me?") is acknowledged instead. Every word the customer reads is in
their language; the sales chat reads English, as the summaries.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from html import escape

from bot.answers import N_, Localizer, localizer
from bot.languages import answer_language
from bot.reply import (
    ChatContext,
    Reply,
    ReplyKind,
    SalesDelivery,
    SalesMessage,
    Sender,
    Turn,
)

THREAD_IDLE_S = 24 * 60 * 60  # a thread with no message for a day is over
SALES_LANGUAGE = "en"  # the sales team reads English, as the hand-off summaries
DONE_COMMAND = "done"
TAG_PREFIX = "#customer_"
_TAG_RE = re.compile(re.escape(TAG_PREFIX) + r"(m?)([0-9]{1,20})(?![0-9A-Za-z_])")
# What the bot could not answer itself: passed on to the person with a short acknowledgement.
_FOR_A_PERSON = frozenset({"off_topic", "which_model", "what_to_change", "courtesy"})
_FIRST_LINE_CHARS = 300  # of the bot's answer, shown to the team under the customer's words
_ACK = N_("I've passed this on to our team; they will answer you here.")
_CUSTOMER_DONE = (
    N_("You've ended the conversation with our team."),
    N_("I'm still here for sizing questions; send /sales to reach a person again."),
)
_TEAM_DONE = N_(
    "Our team has closed this conversation. I'm still here for sizing questions; send /sales "
    "to reach a person again."
)
_NO_THREAD = N_("There is no open conversation with our team. Send /sales to reach a person.")
_FROM_TEAM = N_("%(name)s, from our team:")
_TEAM = N_("Our team:")
_TO_SALES = {
    "customer_done": N_("The customer ended the conversation (/done)."),
    "team_done": N_("Conversation closed; the customer was told."),
    "closed": N_(
        "Not delivered: this conversation is over (ended with /done, or a day without a "
        "message). Write to the customer directly, or wait until they ask for a person again."
    ),
    "no_text": N_("Not delivered: only text reaches the customer."),
    "blocked": N_("Not delivered: the customer's chat no longer takes messages from the bot."),
    "how_to_end": N_("Reply /done to a message of the conversation you want to end."),
    "bot_said": N_("The assistant answered: %(line)s"),
    "acknowledged": N_("The assistant told the customer a person will answer."),
}


def thread_tag(chat_id: int) -> str:
    """Return the tag that names a customer's thread in the sales chat."""
    return f"{TAG_PREFIX}{'m' if chat_id < 0 else ''}{abs(chat_id)}"


def tagged_chat(text: str) -> int | None:
    """Return the customer a bot's message in the sales chat is about (its first line's tag)."""
    first = text.split("\n", 1)[0]
    match = _TAG_RE.search(first)
    if match is None:
        return None
    number = int(match.group(2))
    return -number if match.group(1) else number


def is_done(text: str) -> bool:
    """Whether a message is the ``/done`` command (``/done@bot`` in a group too)."""
    words = text.strip().split()
    return bool(words) and words[0].split("@", 1)[0].lower() == f"/{DONE_COMMAND}"


def _reply(kind: ReplyKind, language: str, html: str, text: str) -> Reply:
    return Reply(kind=kind, language=language, html=html, text=text, data={"kind": kind.value})


def _to_sales(chat_id: int | None, body_html: str, body_text: str) -> Reply:
    if chat_id is None:  # about no conversation in particular
        return _reply(ReplyKind.HANDOFF_SUMMARY, SALES_LANGUAGE, body_html, body_text)
    tag = thread_tag(chat_id)
    return _reply(
        ReplyKind.HANDOFF_SUMMARY,
        SALES_LANGUAGE,
        f"<b>{tag}</b> {body_html}",
        f"{tag} {body_text}",
    )


def _note(chat_id: int | None, key: str, **params: str) -> Reply:
    sales = localizer(SALES_LANGUAGE)
    line = sales.gettext(_TO_SALES[key], **params)
    return _to_sales(chat_id, escape(line), line)


def sales_note(chat_id: int | None, key: str) -> Reply:
    """Word a note for the sales chat about one customer's thread (``_TO_SALES`` keys)."""
    return _note(chat_id, key)


def _first_line(reply: Reply) -> str:
    for line in reply.text.splitlines():
        if line.strip():
            return line.strip()[:_FIRST_LINE_CHARS]
    return ""


def _who(sender: Sender | None) -> str:
    if sender is None:
        return ""
    name = " ".join(n for n in (sender.first_name, sender.last_name) if n)
    return f"{name} (@{sender.username})" if sender.username else name


class Relay:
    """Keeps each chat's thread with the sales team and words what crosses it."""

    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now

    def is_open(self, chat: ChatContext) -> bool:
        """Whether the chat has a thread with the team that has not ended."""
        at = chat.thread_at
        return at is not None and 0 <= self._now() - at < THREAD_IDLE_S

    def opened(self, chat: ChatContext) -> ChatContext:
        """Return the chat with a thread opened now (a hand-off reached the team)."""
        return replace(chat, thread_at=self._now(), thread_reply_to=None)

    def done_by_customer(self, chat: ChatContext, loc: Localizer) -> Turn:
        """``/done`` from the customer: end the thread and tell both sides."""
        if not self.is_open(chat):
            text = loc.gettext(_NO_THREAD)
            return Turn(_reply(ReplyKind.HANDOFF, loc.language, escape(text), text), chat)
        headline, detail = (loc.gettext(m) for m in _CUSTOMER_DONE)
        reply = _reply(
            ReplyKind.HANDOFF,
            loc.language,
            f"<b>{escape(headline)}</b>\n{escape(detail)}",
            f"{headline}\n{detail}",
        )
        closed = replace(chat, thread_at=None, thread_reply_to=None)
        return Turn(reply, closed, relay=_note(self._chat_id(chat), "customer_done"))

    def customer_turn(self, text: str, before: ChatContext, turn: Turn) -> Turn:
        """Pass a customer's message on to their thread while it is open, beside its answer.

        What the bot answered goes to the team as its first line; what only a person can answer
        is acknowledged to the customer instead.
        """
        if not self.is_open(before) or turn.handoff is not None or turn.relay is not None:
            if before.thread_at is not None and not self.is_open(before):
                return replace(turn, chat=replace(turn.chat, thread_at=None, thread_reply_to=None))
            return turn
        reply = turn.reply
        code = (reply.data or {}).get("code") if reply.kind is ReplyKind.CLARIFY else None
        sender = _who(before.sender)
        said = f"{escape(sender)}:\n{escape(text.strip())}" if sender else escape(text.strip())
        plain = f"{sender}:\n{text.strip()}" if sender else text.strip()
        if code in _FOR_A_PERSON:
            loc = localizer(reply.language)
            ack = loc.gettext(_ACK)
            reply = _reply(ReplyKind.HANDOFF, reply.language, escape(ack), ack)
            note = localizer(SALES_LANGUAGE).gettext(_TO_SALES["acknowledged"])
        else:
            note = localizer(SALES_LANGUAGE).gettext(_TO_SALES["bot_said"], line=_first_line(reply))
        relay = _to_sales(
            self._chat_id(before), f"{said}\n<i>{escape(note)}</i>", f"{plain}\n{note}"
        )
        chat = replace(turn.chat, thread_at=self._now(), thread_reply_to=before.thread_reply_to)
        return replace(turn, reply=reply, chat=chat, relay=relay)

    def from_sales(self, message: SalesMessage, chat: ChatContext) -> SalesDelivery:
        """Carry a sales person's reply to this customer while the thread is open."""
        chat_id = message.customer_chat_id
        if not self.is_open(chat):
            closed = replace(chat, thread_at=None, thread_reply_to=None)
            return SalesDelivery(None, _note(chat_id, "closed"), closed)
        loc = localizer(answer_language(chat, stored=chat.last_language))
        if message.done:
            text = loc.gettext(_TEAM_DONE)
            to_customer = _reply(ReplyKind.HANDOFF, loc.language, escape(text), text)
            closed = replace(chat, thread_at=None, thread_reply_to=None)
            return SalesDelivery(to_customer, _note(chat_id, "team_done"), closed)
        body = message.text.strip()
        if not body:
            return SalesDelivery(None, _note(chat_id, "no_text"), chat)
        name = message.sender.first_name if message.sender else ""
        header = loc.gettext(_FROM_TEAM, name=name) if name else loc.gettext(_TEAM)
        to_customer = _reply(
            ReplyKind.HANDOFF,
            loc.language,
            f"<b>{escape(header)}</b>\n{escape(body)}",
            f"{header}\n{body}",
        )
        kept = replace(chat, thread_at=self._now(), thread_reply_to=message.message_id)
        return SalesDelivery(to_customer, None, kept)

    @staticmethod
    def _chat_id(chat: ChatContext) -> int:
        return chat.chat_id if chat.chat_id is not None else 0
