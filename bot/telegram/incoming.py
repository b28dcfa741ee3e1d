"""Private text messages, read straight from the update's JSON; every other update through PTB.

Nearly every update is a customer writing to the bot in a private chat. For those, building
python-telegram-bot's ``Update`` (with its ``Message``, ``Chat`` and ``User``) and routing it
through the Application's handlers cost about a tenth of a sizing answer's CPU, for five
fields: the chat, the text, and who wrote it. ``private_message`` reads a plain text message
(its keys all known, the types PTB needs checked) from the JSON; anything else (groups,
buttons, inline queries, media and documents, replies, an update PTB might refuse) returns
``None`` and goes through PTB as before.

The answer is the one ``TelegramHandlers.on_message`` gives (``answer_text``); a failure goes to
the Application's error handlers with the update PTB would have built, so it is sorted
(retried later, recorded, apologised for) exactly as before.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from telegram import Update
from telegram.constants import ChatType

from bot.ops import UpdateScope
from bot.reply import Sender
from bot.telegram.app import BotApp
from bot.telegram.handlers import TelegramHandlers

log = logging.getLogger(__name__)

_PRIVATE_UPDATE_KEYS = frozenset({"update_id", "message"})
# A plain text message: anything more (a photo, a reply, a forward) is read by PTB.
_TEXT_MESSAGE_KEYS = frozenset({"message_id", "date", "chat", "from", "text", "entities"})
_ENTITY_KEYS = frozenset({"type", "offset", "length", "url", "language", "custom_emoji_id"})


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """The facts of a private chat's message that answering it reads."""

    update_id: int
    chat_id: int
    text: str
    kind: str  # command | message, as ``bot.ops.observability.update_kind`` names it
    sender: Sender | None
    telegram_language: str | None

    def scope(self) -> UpdateScope:
        """Open the update's scope (``bot.ops.observability.opened_scope``)."""
        return UpdateScope(self.update_id, chat_id=self.chat_id, kind=self.kind)


def _optional_str(holder: dict[str, Any], key: str) -> str | None:
    value = holder.get(key)
    if value is None or isinstance(value, str):
        return value
    raise TypeError(key)


def _sender(user: object) -> tuple[Sender | None, str | None]:
    """Who wrote the message, and their client's language."""
    if user is None:
        return None, None
    if not isinstance(user, dict) or not isinstance(user.get("id"), int):
        raise TypeError("from")
    if not isinstance(user.get("first_name"), str) or not isinstance(user.get("is_bot"), bool):
        raise TypeError("from")
    last_name, username = _optional_str(user, "last_name"), _optional_str(user, "username")
    sender = Sender(user["id"], user["first_name"], last_name, username)
    return sender, _optional_str(user, "language_code")


def _entities_fit(entities: object) -> bool:
    """Tell whether the text's entities are what PTB reads as ``MessageEntity`` without a user."""
    if entities is None:
        return True
    return isinstance(entities, list) and all(
        isinstance(entity, dict)
        and entity.keys() <= _ENTITY_KEYS
        and isinstance(entity.get("type"), str)
        and isinstance(entity.get("offset"), int)
        and isinstance(entity.get("length"), int)
        for entity in entities
    )


def _plain_private_text(message: dict[str, Any]) -> bool:
    """Tell whether ``message`` is a plain text message in a private chat, typed as PTB needs."""
    chat = message.get("chat")
    return (
        message.keys() <= _TEXT_MESSAGE_KEYS  # media, documents, replies...: PTB reads those
        and isinstance(chat, dict)
        and chat.get("type") == ChatType.PRIVATE
        and isinstance(chat.get("id"), int)
        and isinstance(message.get("text"), str)
        and isinstance(message.get("message_id"), int)
        and isinstance(message.get("date"), int)
        and _entities_fit(message.get("entities"))
    )


def private_message(raw: dict[str, Any]) -> PrivateMessage | None:
    """Read a private chat's text message from ``raw``; ``None`` for anything else."""
    message = raw.get("message")
    if raw.keys() != _PRIVATE_UPDATE_KEYS or not isinstance(message, dict):
        return None
    if not _plain_private_text(message):
        return None
    try:
        sender, language = _sender(message.get("from"))
    except TypeError:
        return None  # not as Telegram writes it: PTB reads it (or drops it) as before
    text: str = message["text"]
    return PrivateMessage(
        update_id=raw["update_id"],
        chat_id=message["chat"]["id"],
        text=text,
        kind="command" if text.startswith("/") else "message",
        sender=sender,
        telegram_language=language,
    )


async def answer_private(
    application: BotApp,
    handlers: TelegramHandlers,
    message: PrivateMessage,
    raw: dict[str, Any],
) -> None:
    """Answer as ``on_message`` would; a failure goes to the error handlers, as in PTB."""
    bot = application.bot
    try:
        await handlers.answer_text(
            bot, message.chat_id, message.text, message.telegram_language, message.sender
        )
    except Exception as error:  # noqa: BLE001 - sorted by the error handlers, as in PTB
        await application.process_error(Update.de_json(raw, bot), error)
