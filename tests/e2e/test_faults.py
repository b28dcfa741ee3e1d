"""The fault matrix: each way Telegram fails, hitting every one of ten answers, in both modes.

Transient faults end with every answer delivered exactly once; permanent refusals are
recorded and not retried; admins hear nothing of faults the bot rode out.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.runtime.serve import serve_bot
from bot.telegram.errors import TelegramUnavailableError, TokenRejectedError
from tests.e2e.harness import FAST, HELD_ANSWER_S, bot_settings, free_port, running_bot
from tests.fakes.faults import Fault
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.telegram_api import FakeTelegram
from tests.fakes.users import FakeUser

MODES = ["polling", "webhook"]
USERS = 10
ADMIN = 4242
TRANSIENT = [
    Fault.SERVER_ERROR,
    Fault.BAD_GATEWAY,
    Fault.TIME_OUT,
    Fault.DROP,
    Fault.MALFORMED,
    Fault.HTML_PAGE,
    Fault.NO_RESULT,
    Fault.TOO_LONG,
    Fault.CANNOT_PARSE,
]
QUIET_AFTER_S = 0.5  # a late duplicate would show up in this time


def users_of(fake) -> list[FakeUser]:
    """Ten users with their private chats registered."""
    users = [FakeUser(fake, 3000 + i) for i in range(USERS)]
    for user in users:
        user.private_chat()
    return users


async def ask_everyone(fake, users: list[FakeUser]) -> None:
    """Each user asks once; wait until every chat got an answer, then a little longer."""
    for user in users:
        await user.says(f"question {user.user_id}")
    await fake.wait_for(lambda: all(fake.sent(u.user_id) for u in users), timeout_s=30)
    await asyncio.sleep(QUIET_AFTER_S)


def answers_of(fake, user: FakeUser) -> list[str]:
    """List the texts the user's chat received."""
    return [message["text"] for message in fake.sent(user.user_id)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", TRANSIENT)
async def test_every_answer_arrives_once_through_a_transient_fault(fake, state_url, mode, fault):
    """One fault per answer: all ten answered exactly once; admins hear nothing."""
    users = users_of(fake)
    for user in users:
        fake.fault("sendMessage", fault, chat_id=user.user_id, hold_s=HELD_ANSWER_S)
    settings = bot_settings(fake, mode, state_url, admins=(ADMIN,))
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await ask_everyone(fake, users)
    for user in users:
        assert answers_of(fake, user) == [f"size: question {user.user_id} [en]"]
    hit = [call for call in fake.calls_to("sendMessage") if call.fault is fault]
    assert len(hit) == USERS
    assert fake.sent(ADMIN) == []


@pytest.mark.parametrize("mode", MODES)
async def test_429_four_times_in_a_row_is_waited_out_each_time(fake, state_url, mode):
    """Four 429s per answer, each waited out as asked: all ten answered once, after 4 s."""
    users = users_of(fake)
    for user in users:
        fake.fail("sendMessage", retry_after=1, times=4, chat_id=user.user_id)
    settings = bot_settings(fake, mode, state_url, admins=(ADMIN,))
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await ask_everyone(fake, users)
    for user in users:
        assert answers_of(fake, user) == [f"size: question {user.user_id} [en]"]
        calls = [c for c in fake.calls_to("sendMessage") if c.params["chat_id"] == user.user_id]
        assert [c.status for c in calls] == [429, 429, 429, 429, 200]
        assert calls[-1].at_s - calls[0].at_s >= 4.0
    assert fake.sent(ADMIN) == []


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", [Fault.BLOCKED, Fault.CHAT_NOT_FOUND])
async def test_a_permanent_refusal_is_recorded_and_not_retried(
    fake, state_url, mode, fault, caplog
):
    """403 blocked, 400 chat not found: one call each, logged, no apology, no admin notice."""
    users = users_of(fake)
    for user in users:
        fake.fault("sendMessage", fault, chat_id=user.user_id)
    settings = bot_settings(fake, mode, state_url, admins=(ADMIN,))
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        for user in users:
            await user.says("hello")
        await fake.wait_for(lambda: len(fake.calls_to("sendMessage")) == USERS, timeout_s=30)
        await asyncio.sleep(QUIET_AFTER_S)
    assert len(fake.calls_to("sendMessage")) == USERS
    assert fake.sent() == []
    assert caplog.text.count("not retried") == USERS


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", [Fault.SERVER_ERROR, Fault.TIME_OUT])
async def test_a_press_survives_a_failing_edit(fake, state_url, mode, fault):
    """An edit failing with a 500 or timing out is retried: the press edits the answer once."""
    user = FakeUser(fake, 3100)
    settings = bot_settings(fake, mode, state_url, admins=(ADMIN,))
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await user.says("70B")
        await fake.wait_for(lambda: len(fake.sent(3100)) == 1)
        fake.fault("editMessageText", fault, hold_s=HELD_ANSWER_S)
        await user.presses(fake.sent(3100)[0], "1:abcdef:g:h200")
        await fake.wait_for(lambda: bool(fake.calls_to("editMessageText", ok=True)))
        await fake.wait_for(lambda: len(fake.calls_to("editMessageText")) >= 2, timeout_s=15)
        await asyncio.sleep(QUIET_AFTER_S)
    answer = fake.messages[(3100, fake.sent(3100)[0]["message_id"])]
    assert answer["text"] == "callback: 1:abcdef:g:h200 [en]"
    assert len(fake.sent(3100)) == 1  # no new message: the edit went through
    assert fake.sent(ADMIN) == []


@pytest.mark.parametrize("mode", MODES)
async def test_a_revoked_token_stops_the_bot_and_nothing_is_lost(fake, state_url, mode):
    """401 for a while: the bot stops (TokenRejectedError); restarted later, it answers once."""
    user = FakeUser(fake, 3200)
    settings = bot_settings(fake, mode, state_url)

    async def ask_while_revoked() -> None:
        async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
            fake.revoke_token(1.0)
            await user.says("asked while the token was revoked")
            await fake.wait_for(lambda: any(c.status == 401 for c in fake.calls), timeout_s=10)
            await asyncio.sleep(1.0)  # the bot stops on its own; the block ends after

    with pytest.raises(TokenRejectedError):
        await ask_while_revoked()
    assert fake.sent(3200) == []
    await asyncio.sleep(0.5)  # the revocation is over
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await fake.wait_for(lambda: bool(fake.sent(3200)), timeout_s=10)
        await asyncio.sleep(QUIET_AFTER_S)
    assert answers_of(fake, user) == ["size: asked while the token was revoked [en]"]


async def test_a_bot_api_unreachable_at_start_up_is_waited_for(state_url):
    """Nothing listens at TELEGRAM_API_BASE_URL for a while: start-up retries, then serves."""
    fake = FakeTelegram()
    port = free_port()
    fake.api_root = f"http://127.0.0.1:{port}"
    settings = bot_settings(fake, "polling", state_url)
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve_bot(settings, EchoPipeline(), stop, menu=echo_menu, timing=FAST)
    )
    await asyncio.sleep(1.5)
    assert not task.done()
    await fake.start(port=port)
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=10)
        await FakeUser(fake, 3300).says("hello")
        await fake.wait_for(lambda: bool(fake.sent(3300)), timeout_s=10)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
        await fake.stop()
    assert answers_of(fake, FakeUser(fake, 3300)) == ["size: hello [en]"]


async def test_a_bot_api_unreachable_past_the_deadline_ends_start_up(state_url):
    """Start-up gives up once Telegram stayed unreachable past its deadline."""
    fake = FakeTelegram(api_root=f"http://127.0.0.1:{free_port()}")
    settings = bot_settings(fake, "polling", state_url)
    timing = replace(FAST, policy=replace(FAST.policy, startup_deadline_s=1.0))
    with pytest.raises(TelegramUnavailableError):
        await asyncio.wait_for(
            serve_bot(settings, EchoPipeline(), asyncio.Event(), menu=echo_menu, timing=timing), 10
        )


async def test_delete_webhook_failing_once_is_retried(fake, state_url):
    """Polling start-up survives deleteWebhook answering 500 once."""
    fake.fault("deleteWebhook", Fault.SERVER_ERROR)
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=10)
        await FakeUser(fake, 3400).says("hello")
        await fake.wait_for(lambda: bool(fake.sent(3400)), timeout_s=10)
    assert [c.status for c in fake.calls_to("deleteWebhook")] == [500, 200]


async def test_a_stop_while_telegram_is_unreachable_at_start_up_ends_at_once(state_url):
    """SIGTERM during start-up retries: the bot stops now, not after the retry deadline."""
    fake = FakeTelegram(api_root=f"http://127.0.0.1:{free_port()}")
    stop = asyncio.Event()
    serving = serve_bot(
        bot_settings(fake, "polling", state_url), EchoPipeline(), stop, menu=echo_menu
    )
    task = asyncio.create_task(serving)
    await asyncio.sleep(0.5)
    stop.set()
    await asyncio.wait_for(task, 2.0)
