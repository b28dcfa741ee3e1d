"""The hand-off to a person: the summary goes to the sales chat, or the customer hears it failed.

Kept apart from the handlers so that they stay a screenful each.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from telegram.error import TelegramError

from bot.answers import localizer
from bot.conversation import HANDOFF_FAILED
from bot.reply import ChatContext, Reply, ReplyKind, Turn

log = logging.getLogger(__name__)


async def hand_off(
    send: Callable[[int, str], Awaitable[None]], sales_chat_id: int | None, turn: Turn
) -> tuple[Reply, ChatContext]:
    """Send a turn's hand-off summary to the sales chat; return the reply and chat to keep.

    ``send(chat_id, html)`` sends one message (the handlers' answer sender: retried, paced,
    never twice for one update).

    If the sales chat refuses it, the customer is told so instead of being promised a reply,
    and the hand-off time is not kept, so that asking again tries again.
    """
    if turn.handoff is None or sales_chat_id is None:
        return turn.reply, turn.chat
    try:
        await send(sales_chat_id, turn.handoff.html)
    except TelegramError as error:
        log.error("the sales chat refused a hand-off: %s", error.message)  # noqa: TRY400 - one line
        language = turn.reply.language
        sorry = html.escape(localizer(language).gettext(HANDOFF_FAILED))
        reply = Reply(kind=ReplyKind.ERROR, language=language, html=sorry, text=sorry)
        return reply, replace(turn.chat, last_handoff_at=None)
    return turn.reply, turn.chat
