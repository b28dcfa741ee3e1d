"""sending: answers keyed per update, skipped when maybe delivered, reworked when refused."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters
from telegram.error import BadRequest, ChatMigrated

from bot.delivery.journal import MemoryJournal
from bot.ops.scope import CURRENT_UPDATE, UpdateScope
from bot.telegram.errors import DeliveryUncertainError
from bot.telegram.sending import (
    MAX_TEXT_UTF16,
    AnswerSender,
    Part,
    html_to_text,
    safe_parts,
    split_html,
    split_plain,
    utf16_units,
)
from tests.fakes.telegram_html import check_telegram_html

MARKUP = InlineKeyboardMarkup([[InlineKeyboardButton("H200", callback_data="x")]])
LONG_HTML = "\n".join(f"<b>Line {i}</b> · {'x' * 150} &amp; <i>more</i>" for i in range(60))


@dataclass
class ScriptedBot:
    """Records sends; refuses the first ones as scripted."""

    refusals: list[Exception] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def post_json(self, endpoint: str, data: dict[str, Any]) -> None:
        """Refuse with the next scripted error, or record the message (as PTB's bot posts it)."""
        assert endpoint == "sendMessage"
        if self.refusals:
            raise self.refusals.pop(0)
        self.sent.append(data)


@pytest.fixture
def scope():
    """Send as the handler of update 5."""
    current = UpdateScope(5)
    token = CURRENT_UPDATE.set(current)
    yield current
    CURRENT_UPDATE.reset(token)


def test_the_text_telegram_shows_has_no_tags_and_decoded_entities():
    """Tags dropped, entities decoded; UTF-16 units counted as Telegram does."""
    assert html_to_text("<b>a &amp; b</b>\n<i>c</i> &lt;3") == "a & b\nc <3"
    assert utf16_units("a🤖") == 3


def test_long_html_splits_into_parts_telegram_takes():
    """Every part parses as Telegram HTML, fits the limit, and together they say it all."""
    parts = split_html(LONG_HTML)
    assert parts is not None
    assert len(parts) > 1
    for part in parts:
        assert check_telegram_html(part).length_utf16 <= MAX_TEXT_UTF16
    assert "\n".join(html_to_text(p) for p in parts) == html_to_text(LONG_HTML)


@pytest.mark.parametrize(
    "html_text",
    ["<b>" + "x" * 5000 + "</b>", "<pre>" + "line\n" * 1000 + "</pre>", "<b>never closed"],
)
def test_html_that_cannot_split_cleanly_is_left_to_plain_text(html_text):
    """One block over the limit, or tags that never close: no HTML split."""
    assert split_html(html_text) is None


@given(st.text(alphabet=st.sampled_from("a\n🤖é"), max_size=12_000))
def test_plain_text_splits_within_the_limit_without_breaking_characters(text):
    """Parts fit 4096 UTF-16 units, and no character beyond the BMP is cut in two."""
    parts = split_plain(text)
    assert all(0 < utf16_units(part) <= MAX_TEXT_UTF16 for part in parts)
    assert "".join(parts).replace("\n", "") == text.replace("\n", "")


def test_refusals_get_their_safe_form():
    """Too long: split HTML; unparsable: plain text; anything else: no safe form."""
    assert safe_parts("<b>x</b>", "Bad Request: message is too long") == [Part("<b>x</b>", "HTML")]
    assert safe_parts("<b>x &amp; y</b>", "Bad Request: can't parse entities: nope") == [
        Part("x & y", None)
    ]
    assert safe_parts("<b>x</b>", "Bad Request: chat not found") is None


async def test_an_answer_that_may_be_delivered_is_not_sent_again(scope):
    """Handled again after a crash: the journaled answer is skipped, the next one goes."""
    journal, bot = MemoryJournal(), ScriptedBot()
    journal.mark("5:0")
    sender = AnswerSender(journal)
    await sender.send(bot, 9, "<b>first</b>")
    await sender.send(bot, 9, "<b>second</b>")
    assert [m["text"] for m in bot.sent] == ["<b>second</b>"]
    assert scope.answers == 2


async def test_a_too_long_answer_goes_out_in_parts_buttons_on_the_last(scope):
    """Split where the HTML allows; the reply quote on the first part, buttons on the last."""
    bot = ScriptedBot([BadRequest("Message is too long")])
    quote = ReplyParameters(3, allow_sending_without_reply=True)
    await AnswerSender(MemoryJournal()).send(bot, 9, LONG_HTML, markup=MARKUP, reply_to=quote)
    assert len(bot.sent) > 1
    assert all(m["parse_mode"] == "HTML" for m in bot.sent)
    markups = [m.get("reply_markup") for m in bot.sent]
    assert markups == [None] * (len(bot.sent) - 1) + [MARKUP.to_dict()]
    quotes = [m.get("reply_parameters") for m in bot.sent]
    assert quotes == [quote.to_dict()] + [None] * (len(bot.sent) - 1)


async def test_unparsable_html_goes_out_as_plain_text(scope):
    """Telegram cannot parse the HTML: the same words, without formatting."""
    bot = ScriptedBot([BadRequest("Can't parse entities: unsupported start tag")])
    await AnswerSender(MemoryJournal()).send(bot, 9, "<b>x &amp; y</b>", markup=MARKUP)
    assert bot.sent == [{"chat_id": 9, "text": "x & y", "reply_markup": MARKUP.to_dict()}]


async def test_plain_text_refused_again_gives_up(scope):
    """Refused in every form: the refusal reaches the handler."""
    bot = ScriptedBot([BadRequest("Can't parse entities: x"), BadRequest("Message is too long")])
    with pytest.raises(BadRequest):
        await AnswerSender(MemoryJournal()).send(bot, 9, "<b>x</b>")


async def test_a_group_that_became_a_supergroup_gets_the_answer_at_its_new_id(scope):
    """ChatMigrated: the answer goes to the new chat id."""
    bot = ScriptedBot([ChatMigrated(-100_777)])
    await AnswerSender(MemoryJournal()).send(bot, -55, "<b>x</b>")
    assert [m["chat_id"] for m in bot.sent] == [-100_777]


async def test_a_send_that_may_have_arrived_counts_as_sent(scope):
    """A read time-out after the request went out: no error, no second try."""
    bot = ScriptedBot([DeliveryUncertainError("timed out")])
    await AnswerSender(MemoryJournal()).send(bot, 9, "<b>x</b>")
    assert bot.sent == []


async def test_an_answer_is_posted_as_send_message_posts_it():
    """post_message sends the body PTB's send_message sends (Defaults included), written compact."""
    from aiohttp import web  # noqa: PLC0415
    from aiohttp.test_utils import TestServer  # noqa: PLC0415
    from telegram import LinkPreviewOptions  # noqa: PLC0415
    from telegram.constants import ParseMode  # noqa: PLC0415
    from telegram.ext import Defaults, ExtBot  # noqa: PLC0415

    from bot.telegram.sending import post_message  # noqa: PLC0415
    from bot.telegram.transport import BotApiRequest  # noqa: PLC0415

    bodies: list[bytes] = []
    bot_user = {"id": 1, "is_bot": True, "first_name": "B", "username": "b_bot"}
    message = {"message_id": 1, "date": 0, "chat": {"id": 9, "type": "private"}, "text": "x"}

    async def handle(request: web.Request) -> web.Response:
        if request.match_info["method"] == "getMe":
            return web.json_response({"ok": True, "result": bot_user})
        bodies.append(await request.read())
        return web.json_response({"ok": True, "result": message})

    app = web.Application()
    app.router.add_post("/bot123:abc/{method}", handle)
    async with TestServer(app) as server:
        bot = ExtBot(
            "123:abc",
            base_url=str(server.make_url("/bot")),
            request=BotApiRequest(),
            get_updates_request=BotApiRequest(),
            defaults=Defaults(
                parse_mode=ParseMode.HTML,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
            ),
        )
        await bot.initialize()
        try:
            quote = ReplyParameters(5, allow_sending_without_reply=True)
            for parse_mode in (ParseMode.HTML, None):
                for reply_to, markup in ((quote, MARKUP), (None, MARKUP.to_dict()), (None, None)):
                    await bot.send_message(
                        9,
                        "<b>x</b> ü",
                        parse_mode=parse_mode,
                        reply_markup=MARKUP if markup else None,
                        reply_parameters=reply_to,
                    )
                    part = Part("<b>x</b> ü", parse_mode)
                    await post_message(bot, 9, part, markup, reply_to)
        finally:
            await bot.shutdown()
    assert len(bodies) == 12
    for sent, posted in zip(bodies[::2], bodies[1::2], strict=True):
        # The same JSON, field for field (ours is written compact: the spaces are all it drops).
        assert json.loads(posted) == json.loads(sent)
        compact = json.dumps(json.loads(sent), ensure_ascii=False, separators=(",", ":"))
        assert posted == compact.encode()
    first = json.loads(bodies[0])
    assert first["link_preview_options"] == {"is_disabled": True}
    assert first["reply_parameters"]["quote_parse_mode"] == "HTML"
    assert "parse_mode" not in json.loads(bodies[6])
