"""Bot API calls written straight as the Bot API's JSON, through the bot's own request path.

Answers are the bot's most frequent call. Going through ``bot.send_message`` builds, for every
one, python-telegram-bot's request parameters from the values, inserts the Defaults, and writes the
JSON from those; here the body is written once from plain JSON values, the Defaults read through
their public properties. Everything else is what ``send_message`` ends in: the rate limiter
(``bot.telegram.retries.DeliveryLimiter``: pacing, retries, 429 waits, the journal's
forgetting), the request class (``bot.telegram.transport.BotApiRequest``:
the journal's mark, time-outs, the 401 alarm) and PTB's ``BaseRequest.post``, which turns Telegram's
refusals into the same exceptions (``BadRequest``, ``RetryAfter``, ``ChatMigrated``...) as before.

A bot that is not python-telegram-bot's (a test's fake) gets the same JSON through its
``post_json(endpoint, data)``. ``tests/bot/telegram/test_api_json.py`` pins the bodies to what
``send_message`` itself sends.
"""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardMarkup, ReplyParameters
from telegram.ext import ExtBot
from telegram.request import BaseRequest, RequestData

from bot.json_input import dumps_compact_bytes

# An inline keyboard, as python-telegram-bot's object or as the Bot API's JSON of it.
Markup = InlineKeyboardMarkup | dict[str, Any] | None


# RequestData is marked final for type checkers only; PTB's request path passes it through untouched
# to the request class (``bot.telegram.transport``), which sends this one's bytes as they are.
class JsonBody(RequestData):  # type: ignore[misc]
    """A request body already written as the Bot API's JSON (no files): sent as it is."""

    __slots__ = ("body",)

    def __init__(self, body: bytes) -> None:
        super().__init__()
        self.body = body


_previews: list[tuple[object, dict[str, Any] | None]] = []  # the last Defaults, and its JSON


def link_preview_json(bot: Any) -> dict[str, Any] | None:  # noqa: ANN401 - PTB's ExtBot
    """Return the Defaults' link preview options as ``send_message`` sends them (kept once)."""
    defaults = getattr(bot, "defaults", None)
    if _previews and _previews[0][0] is defaults:
        return _previews[0][1]
    options = getattr(defaults, "link_preview_options", None)
    preview = options.to_dict() if options is not None else None
    _previews[:] = [(defaults, preview)]
    return preview


def reply_json(bot: Any, reply_to: ReplyParameters) -> dict[str, Any]:  # noqa: ANN401 - ExtBot
    """Write the reply quote as ``send_message`` does, with the Defaults' quote settings.

    Of a quote's fields, the Defaults fill the two left unset (``BaseRequest.DEFAULT_NONE``,
    PTB's public marker of an argument not given): ``allow_sending_without_reply`` and
    ``quote_parse_mode`` (the Defaults' parse mode).
    """
    quote = reply_to.to_dict()
    defaults = getattr(bot, "defaults", None) if isinstance(bot, ExtBot) else None
    if defaults is None:
        return quote
    unset = BaseRequest.DEFAULT_NONE
    allow = defaults.allow_sending_without_reply
    if reply_to.allow_sending_without_reply is unset and allow is not None:
        quote["allow_sending_without_reply"] = allow
    if reply_to.quote_parse_mode is unset and defaults.quote_parse_mode is not None:
        quote["quote_parse_mode"] = str(defaults.quote_parse_mode)
    return quote


def message_json(  # noqa: PLR0917 - the fields of one sendMessage
    bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
    chat_id: int,
    text: str,
    parse_mode: str | None,
    markup: Markup,
    reply_to: ReplyParameters | None,
) -> dict[str, Any]:
    """Return the sendMessage parameters ``bot.send_message`` sends, in its order, no ``None``s.

    A keyboard already in JSON goes as it is; a reply quote (groups only) takes the Defaults'
    quote settings as in ``send_message``.
    """
    data: dict[str, Any] = {"chat_id": chat_id, "text": text}
    preview = link_preview_json(bot)
    if preview is not None:
        data["link_preview_options"] = preview
    if parse_mode is not None:
        data["parse_mode"] = str(parse_mode)
    if markup is not None:
        data["reply_markup"] = markup if isinstance(markup, dict) else markup.to_dict()
    if reply_to is not None:
        data["reply_parameters"] = reply_json(bot, reply_to)
    return data


async def call_json(bot: Any, endpoint: str, data: dict[str, Any]) -> Any:  # noqa: ANN401
    """Call ``endpoint`` with ``data`` (JSON values only); return Telegram's ``result``."""
    if not isinstance(bot, ExtBot):
        return await bot.post_json(endpoint, data)  # a test's fake bot
    url = f"{bot.base_url}/{endpoint}"
    body = JsonBody(dumps_compact_bytes(data))
    limiter = bot.rate_limiter
    if limiter is None:
        return await bot.request.post(url, request_data=body)
    return await limiter.process_request(
        bot.request.post, (url,), {"request_data": body}, endpoint, data, None
    )
