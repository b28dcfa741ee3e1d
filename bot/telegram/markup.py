"""An answer's buttons and an inline result: python-telegram-bot objects or the Bot API JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
)
from telegram.constants import InlineQueryResultLimit, ParseMode

from bot.reply import Reply

# How much of an answer an inline result shows before it is chosen: the first line as the
# title, the next ones as the description. Telegram sets no limit on either; these are display
# choices, the length a phone shows on one and two lines.
INLINE_TITLE_CHARS = 64
INLINE_DESCRIPTION_CHARS = 120


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """Build the reply's inline keyboard (``None`` when it has no buttons)."""
    rows = [
        [InlineKeyboardButton(b.text, url=b.url, callback_data=b.callback_data) for b in row]
        for row in reply.buttons
        if row
    ]
    return InlineKeyboardMarkup(rows) if rows else None


def keyboard_json(
    reply: Reply,
    *,
    wrap: Callable[[str], str] | None = None,
    last_row: list[dict[str, str]] | None = None,
) -> dict[str, Any] | None:
    """Build the reply's inline keyboard as the Bot API's JSON (``keyboard``'s ``to_dict``).

    Every answer is sent with its keyboard: written straight as JSON, it skips building and
    then serialising python-telegram-bot's objects, a tenth of a sizing update's CPU. ``wrap``
    rewrites link URLs (the counting checkout redirect); ``last_row`` goes under the rest (👍/👎).
    """
    rows: list[list[dict[str, Any]]] = [
        [
            {"text": b.text, "url": wrap(b.url) if wrap is not None else b.url}
            if b.url is not None
            else {"text": b.text, "callback_data": b.callback_data}
            for b in row
        ]
        for row in reply.buttons
        if row
    ]
    if last_row:
        rows.append(last_row)
    return {"inline_keyboard": rows} if rows else None


def inline_article(index: int, reply: Reply) -> InlineQueryResultArticle:
    """One ready-to-send inline result: the HTML answer with its buttons."""
    lines = [line.strip() for line in reply.text.splitlines() if line.strip()] or [reply.kind]
    return InlineQueryResultArticle(
        id=f"{index}-{reply.kind}"[: InlineQueryResultLimit.MAX_ID_LENGTH],
        title=lines[0][:INLINE_TITLE_CHARS],
        description=" ".join(lines[1:])[:INLINE_DESCRIPTION_CHARS] or None,
        input_message_content=InputTextMessageContent(reply.html, parse_mode=ParseMode.HTML),
        reply_markup=keyboard(reply),
    )
