"""Two webhook replicas on one Redis behave as one bot, even when one is killed mid-burst.

redis-server, the fake Telegram, a load balancer and two real ``python -m bot`` processes on
loopback: 500 updates over 50 chats (questions and follow-ups), split between the replicas;
one replica is killed with SIGKILL after 30% are answered and started again. Every chat must
get its ten answers once each, in order, every follow-up answered with its context.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
import redis.asyncio

from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from tests.e2e.balancer import Balancer
from tests.e2e.harness import WEBHOOK_SECRET, free_port
from tests.e2e.processes import BotProcess, clean_env
from tests.fakes.telegram_html import parse_telegram_html
from tests.fakes.users import FakeUser

CHATS = 50
# Questions and follow-ups: a follow-up answered without its chat's context would differ.
CONVERSATION = [
    "Llama 3.1 70B in FP8",
    "and with 64K context?",
    "/price h200",
    "Qwen2.5 72B in BF16 for 4 users",
    "and in FP8?",
    "/compare",
    "Llama 3.1 8B",
    "and for 16 users?",
    "/help",
    "and with 128K context?",
]
TOTAL = CHATS * len(CONVERSATION)
KILL_AFTER = int(TOTAL * 0.3)
PUSH_EVERY_S = 0.02  # the burst keeps arriving while a replica is down
ANSWERED_TIMEOUT_S = 180.0
QUIET_AFTER_S = 2.0


def expected_answers() -> list[str]:
    """Compute the conversation's answers, each turn with the chat state the last one left."""
    chat, answers = ChatContext(chat_id=1, telegram_language="en"), []
    for text in CONVERSATION:
        turn = Pipeline().respond(text, chat)
        answers.append(parse_telegram_html(turn.reply.html).text)
        chat = replace(turn.chat, chat_id=1, telegram_language="en")
    return answers


def replica(fake, redis_url: str, hook_url: str, port: int, *, log_dir, name: str) -> BotProcess:
    """Prepare one webhook replica listening on ``port`` behind ``hook_url``."""
    env = clean_env(
        TELEGRAM_BOT_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.api_root,
        BOT_MODE="webhook",
        WEBHOOK_URL=hook_url,
        WEBHOOK_SECRET=WEBHOOK_SECRET,
        HOST="127.0.0.1",
        PORT=str(port),
        STATE_URL=redis_url,
        LOG_LEVEL="INFO",
    )
    return BotProcess(env, log_dir, name)


async def push_burst(fake, users: list[FakeUser]) -> None:
    """Deliver every chat's conversation, turn after turn, at a steady pace."""
    for text in CONVERSATION:
        for user in users:
            await user.says(text)
            await asyncio.sleep(PUSH_EVERY_S)


async def stored_state(url: str, chats: list[int]) -> dict[int, dict[str, object]]:
    """Say what the store holds for ``chats``: queue, lease and its time left, ready, leases."""
    client = redis.asyncio.Redis.from_url(url, decode_responses=True)
    found: dict[int, dict[str, object]] = {}
    try:
        for chat in chats:
            keys = [key async for key in client.scan_iter(match=f"*:{chat}")]
            held: dict[str, object] = {}
            for key in keys:
                kind = await client.type(key)
                value = await client.lrange(key, 0, -1) if kind == "list" else await client.get(key)
                held[key] = (value, await client.pttl(key))
            for name in [key async for key in client.scan_iter(match="*ready")] + [
                key async for key in client.scan_iter(match="*leases")
            ]:
                held[name] = await client.zscore(name, str(chat))
            found[chat] = held
    finally:
        await client.aclose()
    return found


@pytest.mark.slow
async def test_two_replicas_one_killed_mid_burst_answer_everything_once_in_order(
    fake, redis_server, tmp_path
):
    """500 updates, 50 chats, two replicas, one SIGKILLed and restarted: all once, in order."""
    expected = expected_answers()
    ports = [free_port(), free_port()]
    balancer = Balancer(ports)
    hook_url = f"{await balancer.start()}/telegram/hook"
    replicas = [
        replica(fake, redis_server.url, hook_url, port, log_dir=tmp_path, name=f"replica{n}")
        for n, port in enumerate(ports)
    ]
    users = [FakeUser(fake, 7000 + i) for i in range(CHATS)]
    try:
        for bot in replicas:
            await bot.start()
        await fake.wait_for(lambda: len(fake.calls_to("setWebhook", ok=True)) == 2, timeout_s=30)
        pushing = asyncio.create_task(push_burst(fake, users))
        await fake.wait_for(lambda: len(fake.sent()) >= KILL_AFTER, timeout_s=60)
        replicas[0].kill()
        await replicas[0].wait()
        await asyncio.sleep(1.0)
        await replicas[0].start()
        await pushing
        try:
            await fake.wait_for(lambda: len(fake.sent()) >= TOTAL, timeout_s=ANSWERED_TIMEOUT_S)
        except TimeoutError:
            short = {u.user_id: len(fake.sent(u.user_id)) for u in users}
            short = {chat: n for chat, n in short.items() if n < len(CONVERSATION)}
            held = await stored_state(redis_server.url, list(short))
            pytest.fail(
                f"{len(fake.sent())} of {TOTAL} answered; answers per short chat {short}; "
                f"what Redis holds for them: {held}"
            )
        await asyncio.sleep(QUIET_AFTER_S)
    finally:
        statuses = [await bot.stop() for bot in replicas]
        await balancer.stop()
    assert statuses == [0, 0], [bot.log()[-3000:] for bot in replicas]
    assert all(count > 0 for count in balancer.forwarded.values())
    for user in users:
        assert [m["text"] for m in fake.sent(user.user_id)] == expected, user.user_id
    assert len(fake.sent()) == TOTAL
