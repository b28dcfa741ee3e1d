"""Telegram users for tests: they write messages, press buttons and type inline queries.

Each action builds the update Telegram would build (entities included) and pushes it through
the fake, which queues it for polling or POSTs it to the webhook.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from tests.fakes.telegram_api import FakeTelegram, quoted
from tests.fakes.telegram_html import utf16_length

_MENTION = re.compile(r"@[A-Za-z0-9_]{5,32}")
_COMMAND = re.compile(r"^/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?")


def entities_of(text: str) -> list[dict[str, Any]]:
    """List the entities Telegram's clients attach: a leading /command and @mentions."""
    found: list[dict[str, Any]] = []
    command = _COMMAND.match(text)
    if command:
        found.append({"type": "bot_command", "offset": 0, "length": utf16_length(command.group())})
    for mention in _MENTION.finditer(text):
        if command and mention.start() < command.end():
            continue
        found.append(
            {
                "type": "mention",
                "offset": utf16_length(text[: mention.start()]),
                "length": utf16_length(mention.group()),
            }
        )
    return found


@dataclass
class FakeUser:
    """A person using Telegram."""

    fake: FakeTelegram
    user_id: int
    first_name: str = "Alex"
    language_code: str | None = "en"
    username: str | None = None

    def as_user(self) -> dict[str, Any]:
        """Describe the user as a User object."""
        user: dict[str, Any] = {"id": self.user_id, "is_bot": False, "first_name": self.first_name}
        if self.language_code:
            user["language_code"] = self.language_code
        if self.username:
            user["username"] = self.username
        return user

    def private_chat(self) -> dict[str, Any]:
        """Register and return this user's private chat with the bot."""
        chat = {"id": self.user_id, "type": "private", "first_name": self.first_name}
        self.fake.chats[self.user_id] = chat
        return chat

    def message(
        self, chat: dict[str, Any], text: str, reply_to: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Build an update with a new message (not yet delivered)."""
        message: dict[str, Any] = {
            "message_id": self.fake.next_id(),
            "date": int(time.time()),
            "chat": chat,
            "from": self.as_user(),
            "text": text,
        }
        if entities := entities_of(text):
            message["entities"] = entities
        if reply_to is not None:
            # A reply quotes a message of the same chat, as the fake stored it, one level deep.
            if reply_to["chat"]["id"] != chat["id"]:
                raise ValueError("a reply answers a message of its own chat")
            stored = self.fake.messages.get((chat["id"], reply_to["message_id"]), reply_to)
            message["reply_to_message"] = quoted(stored)
        self.fake.messages[(chat["id"], message["message_id"])] = message
        return {"update_id": self.fake.next_id(), "message": message}

    async def says(
        self,
        text: str,
        *,
        chat: dict[str, Any] | None = None,
        reply_to: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Send ``text`` (in the private chat unless ``chat`` is given); return the update."""
        update = self.message(chat or self.private_chat(), text, reply_to)
        await self.fake.push(update)
        return update

    async def replies(self, message: dict[str, Any], text: str) -> dict[str, Any]:
        """Reply to ``message`` in its chat (a sales person answering the bot in a group)."""
        return await self.says(text, chat=message["chat"], reply_to=message)

    async def sends_document(
        self,
        file_name: str,
        content: bytes,
        *,
        caption: str | None = None,
        chat: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Upload a file (with an optional caption) to the chat; return the update."""
        chat = chat or self.private_chat()
        message: dict[str, Any] = {
            "message_id": self.fake.next_id(),
            "date": int(time.time()),
            "chat": chat,
            "from": self.as_user(),
            "document": self.fake.add_file(file_name, content),
        }
        if caption:
            message["caption"] = caption
            if entities := entities_of(caption):
                message["caption_entities"] = entities
        self.fake.messages[(chat["id"], message["message_id"])] = message
        update = {"update_id": self.fake.next_id(), "message": message}
        await self.fake.push(update)
        return update

    async def presses(self, message: dict[str, Any], callback_data: str) -> dict[str, Any]:
        """Press a callback button under one of the bot's messages; return the update."""
        query_id = str(self.fake.next_id())
        self.fake.open_callbacks.add(query_id)
        update = {
            "update_id": self.fake.next_id(),
            "callback_query": {
                "id": query_id,
                "from": self.as_user(),
                "message": message,
                "chat_instance": str(message["chat"]["id"]),
                "data": callback_data,
            },
        }
        await self.fake.push(update)
        return update

    async def types_inline(self, query: str) -> dict[str, Any]:
        """Type ``@bot query`` in any chat; return the update."""
        query_id = str(self.fake.next_id())
        self.fake.open_inline.add(query_id)
        update = {
            "update_id": self.fake.next_id(),
            "inline_query": {"id": query_id, "from": self.as_user(), "query": query, "offset": ""},
        }
        await self.fake.push(update)
        return update


def group_chat(
    fake: FakeTelegram, chat_id: int = -100_123, title: str = "ML team"
) -> dict[str, Any]:
    """Register and return a supergroup the bot is in."""
    chat = {"id": chat_id, "type": "supergroup", "title": title}
    fake.chats[chat_id] = chat
    return chat
