"""The real bot on the awkward paths: old buttons, messages without text, a store that is down."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.cli.run import serve
from bot.conversation.pipeline import Pipeline
from bot.state.chats import StateStoreError
from tests.e2e.harness import bot_settings, free_port, running_bot
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.users import FakeUser, group_chat

MODES = ["polling", "webhook"]
STICKER = {
    "file_id": "CAACAgIAAxk",
    "file_unique_id": "AgADx",
    "type": "regular",
    "width": 512,
    "height": 512,
    "is_animated": False,
    "is_video": False,
}


def sticker_update(fake, user: FakeUser, chat, reply_to=None):
    """Build an update with a sticker (a message without text or caption)."""
    message = {
        "message_id": fake.next_id(),
        "date": int(time.time()),
        "chat": chat,
        "from": user.as_user(),
        "sticker": STICKER,
    }
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {"update_id": fake.next_id(), "message": message}


@pytest.mark.parametrize("mode", MODES)
async def test_a_stale_button_leaves_its_answer_alone(fake, state_url, mode):
    """A button under an older answer says so in a new message; the older answer is kept."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        user = FakeUser(fake, 801)
        await user.says("Llama 3.1 70B with 32K context")
        await fake.wait_for(lambda: len(fake.sent(801)) == 1)
        await user.says("Qwen2.5 72B in FP8")
        await fake.wait_for(lambda: len(fake.sent(801)) == 2)
        first = fake.sent(801)[0]
        datas = [
            b.get("callback_data") for row in first["reply_markup"]["inline_keyboard"] for b in row
        ]
        await user.presses(first, next(d for d in datas if d and d.endswith(":p:bf16")))
        await fake.wait_for(lambda: len(fake.sent(801)) == 3)
        await fake.wait_for(lambda: bool(fake.calls_to("answerCallbackQuery", ok=True)))
    assert fake.calls_to("editMessageText") == []
    assert "earlier answer" in fake.sent(801)[2]["text"]
    assert "Llama 3.1 70B" in fake.sent(801)[0]["text"]


@pytest.mark.parametrize("mode", MODES)
async def test_a_sticker_is_answered_in_private_and_ignored_in_a_group(fake, state_url, mode):
    """No text: a private chat gets a polite question; a group (even a reply to us) gets nothing."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), EchoPipeline(), echo_menu):
        user = FakeUser(fake, 802)
        group = group_chat(fake)
        await user.says(f"@{fake.username} 70B", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 1)
        await fake.push(sticker_update(fake, user, group, reply_to=fake.sent(group["id"])[0]))
        await fake.push(sticker_update(fake, user, user.private_chat()))
        await fake.wait_for(lambda: len(fake.sent(802)) == 1)
        await user.says(f"@{fake.username} marker", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 2)
    assert fake.sent(group["id"])[1]["text"] == f"size: @{fake.username} marker [en]"
    assert fake.sent(802)[0]["text"] == "size:  [en]"


async def test_an_unreachable_redis_stops_start_up_with_a_clear_error(fake):
    """STATE_URL naming a Redis nobody listens on: start-up fails naming STATE_URL."""
    settings = bot_settings(fake, "polling", f"redis://127.0.0.1:{free_port()}/0")
    stop_now = asyncio.Event()
    stop_now.set()
    with pytest.raises(StateStoreError, match="STATE_URL"):
        await serve(settings, EchoPipeline(), stop_now, menu=echo_menu)
    assert fake.calls_to("getMe") == []
