"""Hostile input through every Telegram entry point: a polite answer, never a traceback.

Messages, button data, inline queries and /start payloads that no sane client sends, through
the real pipeline and the fake's strict checks. The autouse fixture fails a test whose
handlers logged an error, so "answered" here means answered without one.
"""

from __future__ import annotations

import pytest

from bot.conversation.pipeline import Pipeline
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.pipeline import EchoPipeline
from tests.fakes.users import FakeUser

MESSAGES = [
    "A" * 4096,
    "🤖" * 4096,  # twice Telegram's limit in UTF-16 units
    "x" * 100_000,  # no client can send it; the bot reads the first 4,096 characters
    "<b>bold?</b> &amp; <script>alert(1)</script> <a href='javascript:x'>y</a>",
    "\u202e70B FP8 \u202d on H200",  # bidirectional overrides
    "\u200b" * 2000 + "llama 70b",  # zero-width spaces
    "\x00\x01\x1b[31m llama \x7f 70b",  # control characters
    "/start " + "x" * 64,  # the longest deep-link payload
    "/start <b>&amp;</b>",
    "/start " + "é" * 64,
    "/lang " + "z" * 300,
    "/price " + "9" * 500,
    "1e309 users, 1e999 tokens of context, llama 70b",  # numbers beyond any float
    "-1 users, 0 context, -70B model",
    "{" * 5000 + "}" * 5000,
    "llama " * 700,
]
CALLBACK_DATA = ["", "garbage", "1:zzzzzz:x:y", "\x00\x00", "1:" + "é" * 40, ":" * 64, "0" * 64]
INLINE_QUERIES = ["", "x" * 256, "<>&\"'", "🤖" * 128, "/start payload", "\u202e\u200b"]


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_hostile_messages_get_polite_answers(fake, state_url, mode):
    """Each hostile message gets exactly one answer Telegram accepts."""
    users = [FakeUser(fake, 9500 + i) for i in range(len(MESSAGES))]
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        for user, text in zip(users, MESSAGES, strict=True):
            await user.says(text)
        await fake.wait_for(lambda: all(fake.sent(u.user_id) for u in users), timeout_s=60)
    assert [len(fake.sent(u.user_id)) for u in users] == [1] * len(MESSAGES)
    assert fake.calls_to("sendMessage", ok=False) == []


async def test_hostile_button_data_is_answered(fake, state_url):
    """Forged or broken callback data: the spinner stops and the user hears back, politely."""
    user = FakeUser(fake, 9600)
    async with running_bot(fake, bot_settings(fake, "polling", state_url), Pipeline()):
        await user.says("Llama 3.1 70B in FP8")
        await fake.wait_for(lambda: len(fake.sent(9600)) == 1, timeout_s=30)
        answer = fake.sent(9600)[0]
        for data in CALLBACK_DATA:
            await user.presses(answer, data)
        await fake.wait_for(
            lambda: len(fake.calls_to("answerCallbackQuery", ok=True)) == len(CALLBACK_DATA),
            timeout_s=30,
        )
    assert fake.calls_to("sendMessage", ok=False) == []
    assert fake.calls_to("editMessageText", ok=False) == []


async def test_hostile_inline_queries_are_answered(fake, state_url):
    """Odd inline queries get results Telegram accepts (or none), never an error."""
    async with running_bot(fake, bot_settings(fake, "webhook", state_url), Pipeline()):
        for index, query in enumerate(INLINE_QUERIES):
            await FakeUser(fake, 9700 + index).types_inline(query)
        await fake.wait_for(
            lambda: len(fake.calls_to("answerInlineQuery")) == len(INLINE_QUERIES), timeout_s=30
        )
    assert fake.calls_to("answerInlineQuery", ok=False) == []


UNREADABLE_UPDATES = [
    {"message": 5},
    {"message": {"chat": "x"}},
    {"callback_query": {"id": 1, "from": "nobody"}},
]


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_updates_ptb_cannot_read_are_dropped_with_one_line_each(fake, mode, caplog):
    """Update objects with wrong field types: never answered, one line each, the chat goes on."""
    user = FakeUser(fake, 9800)
    async with running_bot(fake, bot_settings(fake, mode, "memory://"), EchoPipeline()):
        for index, body in enumerate(UNREADABLE_UPDATES):
            status = await fake.push({"update_id": 990_000 + index, **body})
            assert status in {None, 200}  # webhook: acknowledged, so never delivered again
        await user.says("still there?")
        await fake.wait_for(lambda: len(fake.sent(9800)) == 1)
    dropped = [r for r in caplog.records if "unreadable: dropped" in r.getMessage()]
    assert len(dropped) == len(UNREADABLE_UPDATES)
    assert [message["text"] for message in fake.sent(9800)] == ["size: still there? [en]"]
