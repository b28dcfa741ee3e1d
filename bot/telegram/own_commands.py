"""The bot's own commands, answered before the conversation: /forget, /stats and 👍/👎 presses.

What they do and who may ask is in ``bot.telegram.privacy``; this holds the store, the sender,
the analytics and their daily totals they work with.
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass, replace
from typing import Any

from telegram import InlineKeyboardMarkup, Message, ReplyParameters, Update
from telegram.constants import ChatType
from telegram.error import BadRequest

from bot.answers import localizer
from bot.languages import answer_language
from bot.ops import Analytics, store_errors
from bot.reply import Sender
from bot.settings import Settings
from bot.state import AggregateStore, ChatStore, last_days
from bot.telegram.errors import ResultMissingError, TelegramUnavailableError
from bot.telegram.privacy import (
    FEEDBACK_PREFIX,
    FEEDBACK_THANKS,
    FORGET,
    FORGET_ADMINS_ONLY,
    FORGET_DONE,
    STATS_DAYS,
    may_forget,
    read_vote,
    stats_text,
)
from bot.telegram.sending import AnswerSender

log = logging.getLogger(__name__)

# The user Telegram shows for a group's anonymous admins (https://core.telegram.org/bots/api,
# Message.sender_chat: "the supergroup itself for messages from anonymous group administrators").
ANONYMOUS_ADMIN_ID = 1087968824
NOT_TAKEN = (BadRequest, ResultMissingError, TelegramUnavailableError)


@dataclass(frozen=True, slots=True)
class OwnCommand:
    """Where a /forget or /stats came from."""

    chat_id: int
    chat_type: str
    telegram_language: str | None
    sender: Sender | None
    reply_to: ReplyParameters | None


@dataclass
class OwnCommands:
    """Answers /forget, /stats and votes with the handlers' store, sender and analytics."""

    settings: Settings
    store: ChatStore
    answers: AnswerSender
    analytics: Analytics
    aggregates: AggregateStore | None = None

    async def answer(self, bot: Any, command: str, own: OwnCommand) -> bool:  # noqa: ANN401
        """Answer /forget or /stats; ``False`` when it is not ours to answer (goes on as text)."""
        if command == FORGET:
            await self._forget(bot, own)
            return True
        admins = self.settings.admin_chat_ids
        asker = own.sender.user_id if own.sender is not None else None
        if own.chat_id not in admins and asker not in admins:
            return False  # /stats from anyone else is an unknown command like any other
        await self.flush_analytics()
        periods = {}
        if self.aggregates is not None:
            for days in STATS_DAYS:
                periods[days] = await self.aggregates.totals(last_days(days))
        await self.answers.send(bot, own.chat_id, stats_text(periods), reply_to=own.reply_to)
        return True

    async def _forget(self, bot: Any, own: OwnCommand) -> None:  # noqa: ANN401 - PTB's ExtBot
        stored = await self.store.get(own.chat_id)
        language = answer_language(replace(stored, telegram_language=own.telegram_language))
        status = None
        if own.chat_type != ChatType.PRIVATE and own.sender is not None:
            if own.sender.user_id == ANONYMOUS_ADMIN_ID:
                status = "administrator"
            else:
                member = await bot.get_chat_member(own.chat_id, own.sender.user_id)
                status = member.status
        allowed = may_forget(own.chat_type, status)
        if allowed:
            await self.store.forget(own.chat_id)
        message = FORGET_DONE if allowed else FORGET_ADMINS_ONLY
        text = html.escape(localizer(language).gettext(message))
        await self.answers.send(bot, own.chat_id, text, reply_to=own.reply_to)

    async def flush_analytics(self) -> None:
        """Add the day's counts not yet stored to the aggregates (kept for later on failure)."""
        if self.aggregates is None:
            return
        pending = self.analytics.take_pending()
        try:
            await self.aggregates.add(pending)
        except store_errors() as error:
            self.analytics.put_back(pending)
            log.warning(
                "analytics totals not stored: kept for later",
                extra={"event": "store_failed", "operation": "stats add", "error": str(error)},
            )

    async def vote(self, update: Update, data: str) -> None:
        """Count a 👍/👎 by answer kind, thank the customer, take the buttons off that answer."""
        query = update.callback_query
        if query is None:
            return
        vote = read_vote(data)
        if vote is not None:
            self.analytics.count("feedback", vote=vote[0], kind=vote[1])
        message = query.message if isinstance(query.message, Message) else None
        stored = await self.store.get(message.chat.id if message is not None else 0)
        client = query.from_user.language_code
        language = answer_language(replace(stored, telegram_language=client))
        try:
            await query.answer(localizer(language).gettext(FEEDBACK_THANKS))
        except NOT_TAKEN as error:
            log.info("answerCallbackQuery not taken: %s", error)
        markup = message.reply_markup if message is not None else None
        if markup is None:
            return
        rows = [row for row in markup.inline_keyboard if not any(_is_vote(b) for b in row)]
        try:
            await query.edit_message_reply_markup(InlineKeyboardMarkup(rows) if rows else None)
        except NOT_TAKEN as error:
            log.info("vote buttons not taken off: %s", error)


def _is_vote(button: Any) -> bool:  # noqa: ANN401 - an InlineKeyboardButton
    data = getattr(button, "callback_data", None)
    return isinstance(data, str) and data.startswith(FEEDBACK_PREFIX)
