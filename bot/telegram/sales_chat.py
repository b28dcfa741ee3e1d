"""The sales chat: hand-offs to it, and a conversation both ways through it.

Kept apart from the handlers so that they stay a screenful each. A hand-off's summary goes to
``SALES_CHAT_ID`` (or the customer hears it failed); while the customer's thread is open
(``bot.conversation.relay``), their messages follow it there, as replies under the team's
last message. A sales person's reply to one of the bot's messages there names its customer by
the tag on that message's first line; it becomes a job of the customer's own chat in the
update queue (``relay_job``: its id is the negative of the sales update's, so a redelivered or
re-handled sales update adds nothing twice), so that it reaches the customer in the order
written, once (the delivery journal), and the customer's chat state is written by that chat's
own worker only.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from telegram import Message, ReplyParameters
from telegram.error import TelegramError

from bot.answers import localizer
from bot.conversation import HANDOFF_FAILED, is_done, sales_note, tagged_chat
from bot.delivery import LeaseLostError
from bot.ops import CURRENT_UPDATE, Outcome, mark_update_failed
from bot.reply import (
    ChatContext,
    ConversationPipeline,
    Reply,
    ReplyKind,
    SalesMessage,
    Sender,
    Turn,
)
from bot.state import ChatStore
from bot.telegram.errors import TelegramUnavailableError

log = logging.getLogger(__name__)

# The key of a job in the update queue that carries a sales reply to a customer's chat.
RELAY_KEY = "sales_reply"
Send = Callable[..., Awaitable[int | None]]


async def hand_off(
    send: Callable[[int, str], Awaitable[int | None]], sales_chat_id: int | None, turn: Turn
) -> tuple[Reply, ChatContext]:
    """Send a turn's hand-off summary to the sales chat; return the reply and chat to keep.

    ``send(chat_id, html)`` sends one message (the handlers' answer sender: retried, paced,
    never twice for one update) and returns its id: the customer's thread replies under it.

    If the sales chat refuses it, the customer is told so instead of being promised a reply,
    and neither the hand-off time nor a thread is kept, so that asking again tries again.
    """
    if turn.handoff is None or sales_chat_id is None:
        return turn.reply, turn.chat
    try:
        message_id = await send(sales_chat_id, turn.handoff.html)
    except TelegramError as error:
        if isinstance(error, TelegramUnavailableError):
            raise  # kept for later: the update is handled again, nothing lost
        log.error("the sales chat refused a hand-off: %s", error.message)  # noqa: TRY400 - one line
        language = turn.reply.language
        sorry = html.escape(localizer(language).gettext(HANDOFF_FAILED))
        reply = Reply(kind=ReplyKind.ERROR, language=language, html=sorry, text=sorry)
        closed = replace(turn.chat, last_handoff_at=None, thread_at=None, thread_reply_to=None)
        return reply, closed
    if message_id is not None and turn.chat.thread_at is not None:
        return turn.reply, replace(turn.chat, thread_reply_to=message_id)
    return turn.reply, turn.chat


async def relay_to_sales(send: Send, sales_chat_id: int | None, turn: Turn) -> None:
    """Pass a customer's message on to their thread (under the team's last message there)."""
    if turn.relay is None or sales_chat_id is None:
        return
    under = turn.chat.thread_reply_to
    reply_to = ReplyParameters(under, allow_sending_without_reply=True) if under else None
    try:
        await send(sales_chat_id, turn.relay.html, reply_to=reply_to)
    except TelegramError as error:
        if isinstance(error, TelegramUnavailableError):
            raise
        log.error("the sales chat refused a customer's message: %s", error.message)  # noqa: TRY400


def _sender(message: Message) -> Sender | None:
    user = message.from_user
    if user is None:
        return None
    return Sender(user.id, user.first_name or "", user.last_name, user.username)


def sales_reply_job(update_id: int, message: Message, bot_id: int) -> dict[str, Any] | None:
    """Return the queue job a sales reply makes for its customer's chat; None if none.

    A reply counts when it answers a message of the bot whose first line carries a customer's
    tag. The job's id is the negative of the update's: Telegram's are positive, and the same
    sales update always makes the same job, which the queue accepts once.
    """
    replied = message.reply_to_message
    if replied is None or replied.from_user is None or replied.from_user.id != bot_id:
        return None
    customer = tagged_chat(replied.text or replied.caption or "")
    if customer is None:
        return None
    text = message.text or message.caption or ""
    sender = _sender(message)
    return {
        "update_id": -update_id,
        RELAY_KEY: {
            "chat": {"id": customer},
            "text": text,
            "message_id": message.message_id,
            "done": is_done(text),
            "from": {
                "id": sender.user_id if sender else 0,
                "first_name": sender.first_name if sender else "",
                "last_name": sender.last_name if sender else None,
                "username": sender.username if sender else None,
            },
        },
    }


def relay_job(raw: dict[str, Any]) -> SalesMessage | None:
    """Read a stored sales-reply job (``sales_reply_job``); None for anything else."""
    item = raw.get(RELAY_KEY)
    if not isinstance(item, dict):
        return None
    chat, sender = item.get("chat"), item.get("from")
    if not isinstance(chat, dict) or not isinstance(chat.get("id"), int):
        return None
    text, message_id = item.get("text"), item.get("message_id")
    if not isinstance(text, str) or not isinstance(message_id, int):
        return None
    who = None
    if isinstance(sender, dict) and isinstance(sender.get("id"), int):
        who = Sender(
            sender["id"],
            str(sender.get("first_name") or ""),
            sender.get("last_name") if isinstance(sender.get("last_name"), str) else None,
            sender.get("username") if isinstance(sender.get("username"), str) else None,
        )
    return SalesMessage(chat["id"], text, message_id, who, bool(item.get("done")))


class SalesThreads:
    """Carries sales replies to customers: queued as jobs of their chats, then delivered."""

    def __init__(
        self,
        pipeline: ConversationPipeline,
        store: ChatStore,
        send: Send,
        sales_chat_id: int | None,
    ) -> None:
        self._pipeline = pipeline
        self._store = store
        self._send = send
        self.sales_chat_id = sales_chat_id
        # Where jobs go (the dispatcher's ``accept``); without one, a reply is delivered at once.
        self.sink: Callable[[dict[str, Any]], Awaitable[bool]] | None = None

    async def from_sales_chat(self, bot: Any, update_id: int, message: Message) -> bool:  # noqa: ANN401 - PTB's ExtBot
        """Take a sales person's message in the sales chat; False when it is not for a customer."""
        if self.sales_chat_id is None or message.chat.id != self.sales_chat_id:
            return False
        job = sales_reply_job(update_id, message, bot.id)
        if job is None:
            if is_done(message.text or ""):  # /done that answers no conversation
                await self._note(bot, None, sales_note(None, "how_to_end"), message.message_id)
                return True
            return False
        if self.sink is not None:
            await self.sink(job)
            return True
        item = relay_job(job)
        if item is not None:
            await self.deliver(bot, item)
        return True

    async def deliver_queued(self, bot: Any, item: SalesMessage) -> None:  # noqa: ANN401 - ExtBot
        """Deliver a queued sales reply; Telegram unreachable keeps it for later, as any update."""
        try:
            await self.deliver(bot, item)
        except TelegramUnavailableError as error:
            scope = CURRENT_UPDATE.get()
            if scope is not None:
                scope.outcome = Outcome.RETRY_LATER
            log.warning("Telegram unreachable delivering a sales reply: %s; kept for later", error)
        except LeaseLostError:
            log.info("a sales reply left to the replica that holds its chat now")
        except Exception:
            mark_update_failed()
            log.exception("delivering a sales reply failed")

    async def deliver(self, bot: Any, item: SalesMessage) -> None:  # noqa: ANN401 - PTB's ExtBot
        """Deliver one sales reply to its customer, in the customer chat's turn."""
        customer = item.customer_chat_id
        stored = await self._store.get(customer)
        chat = replace(stored, chat_id=customer, sender=None)
        delivery = self._pipeline.respond_to_sales(item, chat)
        note = delivery.to_sales
        kept = delivery.chat
        if delivery.to_customer is not None:
            try:
                await self._send(bot, customer, delivery.to_customer.html)
            except TelegramError as error:
                if isinstance(error, TelegramUnavailableError):
                    raise
                log.warning("a sales reply was not delivered: %s", error.message)
                note, kept = sales_note(customer, "blocked"), chat
        if note is not None:
            await self._note(bot, customer, note, item.message_id)
        await self._store.put(replace(kept, chat_id=customer, sender=None))

    async def _note(self, bot: Any, customer: int | None, note: Reply, under: int) -> None:  # noqa: ANN401
        if self.sales_chat_id is None:
            return
        reply_to = ReplyParameters(under, allow_sending_without_reply=True)
        try:
            await self._send(bot, self.sales_chat_id, note.html, reply_to=reply_to)
        except TelegramError as error:
            if isinstance(error, TelegramUnavailableError):
                raise
            log.warning("a note for the sales chat (%s) was refused: %s", customer, error.message)
