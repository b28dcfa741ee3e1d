"""A polling bot killed with SIGKILL in the middle of a burst loses nothing and doubles nothing.

A real ``python -m bot`` process against the fake Telegram on loopback: 200 updates (50 chats,
four commands each), SIGKILL when 0%, 30% or 90% have been answered, a restart on the same
SQLite file, then every chat must hold its four answers, in order, once each.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from tests.e2e.processes import BotProcess, clean_env
from tests.fakes.telegram_html import parse_telegram_html
from tests.fakes.users import FakeUser

COMMANDS = ["/help", "/price", "/price h200", "/compare"]
CHATS = 50
TOTAL = CHATS * len(COMMANDS)
ANSWERED_TIMEOUT_S = 120.0
QUIET_AFTER_S = 1.5  # a duplicate would show up in this time


def expected_answers() -> list[str]:
    """Compute the four answers as a chat shows them, with the same pipeline in this process."""
    chat = ChatContext(chat_id=1, telegram_language="en")
    return [parse_telegram_html(Pipeline().respond(c, chat).reply.html).text for c in COMMANDS]


def polling_bot(fake, tmp_path) -> BotProcess:
    """Prepare a polling bot process on a SQLite file in ``tmp_path``."""
    env = clean_env(
        TELEGRAM_BOT_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.api_root,
        STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
        LOG_LEVEL="INFO",
    )
    return BotProcess(env, tmp_path)


async def burst(fake) -> list[FakeUser]:
    """Queue 200 updates: every chat's four commands, chat after chat, command after command."""
    users = [FakeUser(fake, 5000 + i) for i in range(CHATS)]
    for command in COMMANDS:
        for user in users:
            await user.says(command)
    return users


def fetched_some(fake) -> bool:
    """Tell whether a getUpdates has handed updates to the bot."""
    return any(call.result for call in fake.calls_to("getUpdates", ok=True))


@pytest.mark.slow
@pytest.mark.parametrize("kill_at", [0.0, 0.3, 0.9])
async def test_sigkill_mid_burst_then_restart_answers_each_update_once(fake, tmp_path, kill_at):
    """SIGKILL at 0%, 30% or 90% answered, restart: 200 of 200 answered, none twice, in order."""
    expected = expected_answers()
    bot = polling_bot(fake, tmp_path)
    await bot.start()
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=30)
        users = await burst(fake)
        if kill_at == 0:
            await fake.wait_for(lambda: fetched_some(fake), timeout_s=30)
        else:
            target = int(TOTAL * kill_at)
            await fake.wait_for(lambda: len(fake.sent()) >= target, timeout_s=60)
        # Killed the moment the fake has taken the answer that crossed the threshold: the harshest
        # time, right after a request left the process and before its reply came back.
        bot.kill()
        await bot.wait()
        answered_before = len(fake.sent())
        await bot.start()
        await fake.wait_for(lambda: len(fake.sent()) >= TOTAL, timeout_s=ANSWERED_TIMEOUT_S)
        await asyncio.sleep(QUIET_AFTER_S)
    finally:
        status = await bot.stop()
    assert status == 0, bot.log()
    assert answered_before < TOTAL
    for user in users:
        assert [m["text"] for m in fake.sent(user.user_id)] == expected, user.user_id
    assert len(fake.sent()) == TOTAL
