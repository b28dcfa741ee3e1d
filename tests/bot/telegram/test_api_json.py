"""bot.telegram.api_json: the bodies written as JSON are the ones ``send_message`` sends."""

from __future__ import annotations

import json
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions, ReplyParameters
from telegram.constants import ParseMode
from telegram.ext import Defaults, ExtBot
from telegram.request import BaseRequest, RequestData

from bot.telegram.api_json import message_json

TOKEN = "123456:ABCdefGhIJKlmnOPQRstuVWXyz0123456789"  # noqa: S105 - a fake


class Recording(BaseRequest):
    """A request class that keeps every body and answers as Telegram would."""

    def __init__(self) -> None:
        self.bodies: dict[str, dict[str, Any]] = {}

    @property
    def read_timeout(self) -> float:
        """No network: any figure."""
        return 1.0

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def do_request(self, url, method, request_data=None, *args, **kwargs):  # noqa: ARG002
        """Keep the parameters; answer getMe and sendMessage."""
        endpoint = url.rsplit("/", 1)[-1]
        assert isinstance(request_data, RequestData | None)
        self.bodies[endpoint] = dict(request_data.parameters) if request_data else {}
        if endpoint == "getMe":
            result: dict[str, Any] = {"id": 1, "is_bot": True, "first_name": "B", "username": "b"}
        else:
            result = {"message_id": 9, "date": 0, "chat": {"id": 5, "type": "private"}}
        return 200, json.dumps({"ok": True, "result": result}).encode()


def _bot(request: Recording) -> ExtBot[Any]:
    defaults = Defaults(
        parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True)
    )
    return ExtBot(TOKEN, request=request, defaults=defaults)


async def test_a_quoted_answer_with_buttons_is_the_body_send_message_sends():
    """Reply quote (Defaults' quote parse mode), keyboard, previews off: the same parameters."""
    request = Recording()
    bot = _bot(request)
    await bot.initialize()
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Order", url="https://fullgpu.com/x")]])
    quote = ReplyParameters(77, allow_sending_without_reply=True)
    await bot.send_message(5, "<b>hi</b>", reply_markup=markup, reply_parameters=quote)
    ours = message_json(bot, 5, "<b>hi</b>", ParseMode.HTML, markup, quote)
    assert ours == request.bodies["sendMessage"]
    assert ours["reply_parameters"]["quote_parse_mode"] == "HTML"


async def test_a_quote_without_its_options_takes_the_defaults_as_send_message_does():
    """A bare ReplyParameters gets the Defaults filled in as PTB fills them."""
    request = Recording()
    bot = ExtBot(
        TOKEN,
        request=request,
        defaults=Defaults(parse_mode=ParseMode.HTML, allow_sending_without_reply=True),
    )
    await bot.initialize()
    await bot.send_message(5, "plain", parse_mode=None, reply_parameters=ReplyParameters(3))
    ours = message_json(bot, 5, "plain", None, None, ReplyParameters(3))
    sent = request.bodies["sendMessage"]
    assert ours["reply_parameters"] == sent["reply_parameters"]
    assert ours["reply_parameters"]["allow_sending_without_reply"] is True
