"""What customers ask, counted without surveillance; what chats leave behind, and for how long.

A scripted conversation in three languages, through the real bot and pipeline, shows in the
analytics counters and in /stats, while no message text, user id or chat id reaches either
(the metrics and the daily totals read directly). RETENTION=1s empties SQLite and Redis of the
chats' state; /forget deletes a chat's state at once, and in a group only for an admin.
"""

from __future__ import annotations

import asyncio
import sqlite3
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest
import redis

from bot.conversation.pipeline import Pipeline
from tests.e2e.harness import FAST, bot_settings, running_bot
from tests.fakes.users import FakeUser, group_chat

ADMIN = 6060
PRIVATE = "Zanzibar-7731"  # a customer's project name: must reach no count
EN, DE, JA = 731_001, 731_002, 731_003
PUBLIC = "https://bot.example.com"


def _buttons(message: dict) -> list[dict]:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [button for row in rows for button in row]


async def _metric_lines(session: aiohttp.ClientSession, port: int) -> str:
    async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
        return await response.text()


def _value(exposition: str, sample: str) -> float:
    for line in exposition.splitlines():
        if line.startswith(sample + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


async def _answered(fake, chat_id: int, count: int) -> list[dict]:
    await fake.wait_for(lambda: len(fake.sent(chat_id)) >= count, timeout_s=60)
    return fake.sent(chat_id)


@pytest.mark.slow
async def test_a_conversation_in_three_languages_is_counted_without_text_or_ids(fake, tmp_path):
    """Intent, language, family, verdict, plan, deep-link source, a click and a vote are counted."""
    state = tmp_path / "state.sqlite3"
    settings = bot_settings(
        fake,
        "webhook",
        f"sqlite:///{state}",
        {"PUBLIC_BASE_URL": PUBLIC},
        admins=(ADMIN,),
    )
    samples = (
        'fullgpu_questions_total{intent="size",language="en"}',
        'fullgpu_questions_total{intent="size",language="de"}',
        'fullgpu_deep_links_total{kind="size",source="pricing"}',
        'fullgpu_model_families_total{family="llama"}',
        'fullgpu_verdicts_total{verdict="fits"}',
        'fullgpu_feedback_total{kind="size",vote="up"}',
    )
    async with (
        running_bot(fake, settings, Pipeline(), timing=FAST),
        aiohttp.ClientSession() as session,
    ):
        before = await _metric_lines(session, settings.metrics_port)
        await FakeUser(fake, EN).says(f"Llama 3.1 70B FP8 32K context for 8 users, {PRIVATE}")
        await FakeUser(fake, DE, language_code="de").says(
            "Wie viele GPUs brauche ich für Qwen2.5 72B in BF16 mit 32K Kontext für 10 Nutzer?"
        )
        await FakeUser(fake, JA, language_code="ja").says("/start size-deepseek-v3-fp8--pricing")
        answer = (await _answered(fake, EN, 1))[0]
        await _answered(fake, DE, 1)
        await _answered(fake, JA, 1)
        votes = [b for b in _buttons(answer) if b.get("callback_data", "").startswith("fb:1:")]
        assert [b["text"] for b in votes] == ["👍"]
        await FakeUser(fake, EN).presses(answer, votes[0]["callback_data"])
        await fake.wait_for(lambda: not any("fb:" in str(b) for b in _buttons(answer)))
        order = next(b["url"] for b in _buttons(answer) if "url" in b)
        assert order.startswith(f"{PUBLIC}/checkout/")
        local = order.replace(PUBLIC, f"http://127.0.0.1:{settings.port}")
        async with session.get(local, allow_redirects=False) as followed:
            assert followed.status == 302
            assert followed.headers["Location"] == parse_qs(urlsplit(order).query)["to"][0]
        forged = local.replace("sig=", "sig=x")
        async with session.get(forged, allow_redirects=False) as refused:
            assert refused.status == 404
        plan = urlsplit(order).path.rsplit("/", 1)[-1]
        after = await _metric_lines(session, settings.metrics_port)
        await FakeUser(fake, ADMIN).says("/stats")
        stats = (await _answered(fake, ADMIN, 1))[0]["text"]
    for sample in samples:
        assert _value(after, sample) >= _value(before, sample) + 1, sample
    click = f'fullgpu_checkout_clicks_total{{plan="{plan}"}}'
    assert _value(after, click) == _value(before, click) + 1
    assert "Last 7 days" in stats
    assert "Last 30 days" in stats
    assert "pricing" in stats
    with sqlite3.connect(state) as db:
        totals = " ".join(str(row) for row in db.execute("SELECT * FROM daily_counts"))
    assert "deep_links" in totals
    for leak in (PRIVATE, "Zanzibar", str(EN), str(DE), str(JA), "Qwen2.5 72B", "Llama 3.1"):
        assert leak not in after, leak
        assert leak not in totals, leak
        assert leak not in stats, leak


def _chat_keys_redis(url: str) -> list[bytes]:
    client = redis.Redis.from_url(url)
    try:
        return sorted(client.keys("fullgpu:chat:*"))
    finally:
        client.close()


@pytest.fixture
def fresh_redis(redis_server):
    """Empty the module's redis-server: each test's fake Telegram counts update ids from 1."""
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    client.close()
    return redis_server


def _chat_rows_sqlite(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return list(db.execute("SELECT chat_id FROM chats"))


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
async def test_with_retention_of_one_second_chat_state_is_gone_from_the_store(
    fake, tmp_path, fresh_redis, backend
):
    """RETENTION=1s: a chat's state is in the store after its answer, and gone soon after."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}" if backend == "sqlite" else fresh_redis.url
    settings = bot_settings(fake, "polling", url, {"RETENTION": "1s"})
    user = FakeUser(fake, 732_001)

    def stored() -> list:
        if backend == "sqlite":
            return _chat_rows_sqlite(tmp_path / "s.sqlite3")
        return _chat_keys_redis(fresh_redis.url)

    async with running_bot(fake, settings, Pipeline(), timing=FAST):
        await user.says("Llama 3.1 70B FP8 32K context for 8 users")
        await _answered(fake, user.user_id, 1)
        await asyncio.sleep(0.2)
        assert stored()  # kept for follow-ups...
        await asyncio.sleep(2.5)
        assert stored() == []  # ...for no longer than RETENTION
    if backend == "sqlite":
        with sqlite3.connect(tmp_path / "s.sqlite3") as db:
            bodies = [row[0] for row in db.execute("SELECT body FROM inbox")]
        assert bodies
        assert all(body == "" for body in bodies)  # handled updates keep no text


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
async def test_forget_deletes_the_chat_everywhere(fake, tmp_path, fresh_redis, backend):
    """/forget after a question: the reply says so, the store holds nothing of the chat."""
    url = f"sqlite:///{tmp_path / 'f.sqlite3'}" if backend == "sqlite" else fresh_redis.url
    settings = bot_settings(fake, "webhook", url)
    user = FakeUser(fake, 733_001, language_code="de")
    async with running_bot(fake, settings, Pipeline(), timing=FAST):
        await user.says("Llama 3.1 70B FP8 32K Kontext für 8 Nutzer")
        await _answered(fake, user.user_id, 1)
        await asyncio.sleep(0.2)
        if backend == "sqlite":
            assert _chat_rows_sqlite(tmp_path / "f.sqlite3") == [(user.user_id,)]
        else:
            assert f"fullgpu:chat:{user.user_id}".encode() in _chat_keys_redis(url)
        await user.says("/forget")
        reply = (await _answered(fake, user.user_id, 2))[1]["text"]
        await asyncio.sleep(0.2)
        if backend == "sqlite":
            assert _chat_rows_sqlite(tmp_path / "f.sqlite3") == []
        else:
            assert f"fullgpu:chat:{user.user_id}".encode() not in _chat_keys_redis(url)
    assert "gelöscht" in reply
    assert "Vertriebsteam" in reply  # a summary sent to sales cannot be recalled


async def test_in_a_group_only_an_admin_may_forget(fake, tmp_path):
    """A member's /forget is refused and the group's state stays; an admin's deletes it."""
    path = tmp_path / "g.sqlite3"
    settings = bot_settings(fake, "webhook", f"sqlite:///{path}")
    group = group_chat(fake, -100_734)
    member, admin = FakeUser(fake, 734_001), FakeUser(fake, 734_002)
    fake.admins.add((group["id"], admin.user_id))
    async with running_bot(fake, settings, Pipeline(), timing=FAST):
        await member.says("/size llama 3.1 70b fp8", chat=group)
        await _answered(fake, group["id"], 1)
        await member.says("/forget", chat=group)
        refused = (await _answered(fake, group["id"], 2))[1]["text"]
        await asyncio.sleep(0.2)
        assert _chat_rows_sqlite(path) == [(group["id"],)]
        await admin.says("/forget", chat=group)
        await _answered(fake, group["id"], 3)
        await asyncio.sleep(0.2)
        assert _chat_rows_sqlite(path) == []
    assert "Only an admin" in refused
