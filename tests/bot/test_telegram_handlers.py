"""bot.telegram_app handlers, called directly with hand-written stand-ins for PTB's context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from telegram import Update

from bot.settings import load_settings
from bot.telegram_app import TelegramHandlers
from tests.fakes.pipeline import EchoPipeline, echo_menu


class BrokenStore:
    """A chat store whose backend is gone (Redis down): every call raises."""

    async def get(self, chat_id: int):
        """Fail like a lost connection."""
        raise ConnectionError(f"store down while reading chat {chat_id}")

    async def put(self, chat):
        """Fail like a lost connection."""
        raise ConnectionError(f"store down while writing chat {chat.chat_id}")

    async def seen_update(self, update_id: int) -> bool:
        """Fail like a lost connection."""
        raise ConnectionError(f"store down while checking update {update_id}")

    async def close(self) -> None:
        """Nothing to release."""


@dataclass
class RecordingBot:
    """Records what would have been sent."""

    sent: list[tuple[int, str]] = field(default_factory=list)

    async def send_message(self, chat_id: int, text: str, **_kwargs: Any) -> None:
        """Record one message."""
        self.sent.append((chat_id, text))


@dataclass
class ErrorContext:
    """What an error handler reads from PTB's CallbackContext."""

    error: Exception
    bot: RecordingBot


def private_update(language_code: str) -> Update:
    """Build a private-chat text update from a user with ``language_code``."""
    user = {"id": 9, "is_bot": False, "first_name": "A", "language_code": language_code}
    message = {
        "message_id": 1,
        "date": 0,
        "chat": {"id": 9, "type": "private"},
        "from": user,
        "text": "hi",
    }
    return Update.de_json({"update_id": 5, "message": message}, None)


async def test_the_apology_is_sent_even_when_the_store_is_down():
    """The error handler answers in the user's language without needing the chat store."""
    handlers = TelegramHandlers(load_settings({}), EchoPipeline(), BrokenStore(), echo_menu)
    bot = RecordingBot()
    await handlers.on_error(private_update("de"), ErrorContext(ConnectionError("down"), bot))
    assert len(bot.sent) == 1
    chat_id, text = bot.sent[0]
    assert chat_id == 9
    assert text.startswith("Entschuldigung")


class ChatActionBot:
    """Records sendChatAction calls as the typing helper makes them."""

    def __init__(self) -> None:
        self.actions: list[tuple[int, str]] = []

    async def send_chat_action(self, chat_id: int, action: str) -> bool:
        """Record the action."""
        self.actions.append((chat_id, action))
        return True


async def test_typing_shows_only_when_the_answer_is_slow(monkeypatch):
    """Answered within the delay: no typing call; still busy after it: one "typing"."""
    import asyncio  # noqa: PLC0415

    from bot import telegram_app  # noqa: PLC0415

    monkeypatch.setattr(telegram_app, "TYPING_AFTER_S", 0.05)
    bot = ChatActionBot()
    async with telegram_app.typing_while_slow(bot, 7):
        pass
    await asyncio.sleep(0.1)
    assert bot.actions == []
    async with telegram_app.typing_while_slow(bot, 7):
        await asyncio.sleep(0.15)
    assert bot.actions == [(7, "typing")]
