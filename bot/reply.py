"""What the conversation layer hands to a transport (Telegram, console, HTTP, ticket tool)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Button:
    """An inline keyboard button: exactly one of ``url`` or ``callback_data`` is set."""

    text: str
    url: str | None = None
    callback_data: str | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer, ready to send, in one language."""

    kind: str  # size | price | compare | help | clarify | error
    language: str
    html: str  # Telegram HTML: one message, within Telegram's limits
    text: str  # plain text for tickets and the console
    buttons: tuple[tuple[Button, ...], ...] = ()
    detail_html: str | None = None  # the longer answer behind the "details" button
    launch_html: str | None = None  # the launch command(s), behind the "launch command" button
    data: dict[str, Any] | None = None  # the JSON form (``bot ask --format json``)


@dataclass(frozen=True, slots=True)
class Sender:
    """Who wrote the message being answered (from the update; never stored)."""

    user_id: int
    first_name: str = ""
    last_name: str | None = None
    username: str | None = None  # without the "@"


@dataclass(frozen=True, slots=True)
class ChatContext:
    """What one chat remembers between messages; stored by ``bot.state``."""

    chat_id: int | None = None
    language: str | None = None  # chosen with /lang; wins over detection from then on
    telegram_language: str | None = None  # the user's client language code, if known
    last_request: dict[str, Any] | None = field(default=None)  # JSON-able, for follow-ups
    last_handoff_at: float | None = None  # Unix time of the last hand-off to a person
    sender: Sender | None = None  # who wrote this update (set by the transport, not stored)


@dataclass(frozen=True, slots=True)
class Turn:
    """The reply to one message and the chat context to store after it."""

    reply: Reply
    chat: ChatContext
    handoff: Reply | None = None  # the summary for the sales chat, when the customer asked
