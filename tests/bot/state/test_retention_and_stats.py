"""bot.state: chat state kept RETENTION, /forget's delete, and the daily totals apart."""

from __future__ import annotations

import sqlite3

import pytest

from bot.reply import ChatContext
from bot.state.chats import MemoryStore, RedisStore, SqliteStore
from bot.state.stats import MemoryAggregates, RedisAggregates, SqliteAggregates, last_days


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        """Now."""
        return self.now


async def test_memory_state_expires_after_the_retention_and_forget_deletes_at_once():
    """Older than RETENTION: a fresh chat, and purged; forget: gone now."""
    clock = Clock()
    store = MemoryStore(retention_s=60, clock=clock)
    await store.put(ChatContext(chat_id=1, language="de"))
    await store.put(ChatContext(chat_id=2, language="fr"))
    clock.now += 30
    assert (await store.get(1)).language == "de"
    await store.forget(2)
    assert (await store.get(2)).language is None
    clock.now += 31
    assert await store.purge() == 1
    assert (await store.get(1)).language is None


async def test_sqlite_rows_past_the_retention_read_as_absent_and_are_purged(tmp_path):
    """A row written longer ago than RETENTION is not read back, and purge deletes it."""
    path = tmp_path / "state.sqlite3"
    store = SqliteStore(path, retention_s=3600)
    await store.put(ChatContext(chat_id=7, language="ja"))
    await store.put(ChatContext(chat_id=8, language="ko"))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE chats SET updated_at = updated_at - 7200 WHERE chat_id = 7")
    assert (await store.get(7)).language is None
    assert (await store.get(8)).language == "ko"
    assert await store.purge() == 1
    await store.forget(8)
    await store.close()
    with sqlite3.connect(path) as db:
        assert list(db.execute("SELECT chat_id FROM chats")) == []


async def test_a_state_file_from_before_retention_gets_its_column_and_keeps_its_chats(tmp_path):
    """An old file (no updated_at) opens: its rows count as written now."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE chats (chat_id INTEGER PRIMARY KEY, data TEXT NOT NULL)")
        db.execute("""INSERT INTO chats VALUES (5, '{"language": "es"}')""")
    store = SqliteStore(path, retention_s=3600)
    assert (await store.get(5)).language == "es"
    await store.close()


async def test_redis_keys_carry_the_retention_as_their_time_to_live(redis_url):
    """Each chat key expires after RETENTION; forget deletes it."""
    store = RedisStore(redis_url, prefix="ttl-test:", retention_s=120)
    try:
        await store.put(ChatContext(chat_id=9, language="ru"))
        ttl = await store.redis.ttl("ttl-test:chat:9")
        assert 100 < ttl <= 120
        await store.forget(9)
        assert await store.redis.exists("ttl-test:chat:9") == 0
    finally:
        await store.close()


DAY = last_days(1)[0]
COUNTS = {
    (DAY, "questions", "intent=size,language=en"): 2,
    (DAY, "verdicts", "verdict=fits"): 1,
}


@pytest.mark.parametrize("kind", ["memory", "sqlite", "redis"])
async def test_daily_totals_add_up_over_days(kind, tmp_path, redis_url):
    """Counts added twice sum; a period sums its days; other days are not counted."""
    if kind == "memory":
        totals = MemoryAggregates()
    elif kind == "sqlite":
        totals = SqliteAggregates(tmp_path / "s.sqlite3")
    else:
        from redis.asyncio import Redis  # noqa: PLC0415

        client = Redis.from_url(redis_url)
        await client.delete(f"agg-{kind}:stats:{DAY}")
        totals = RedisAggregates(client, prefix=f"agg-{kind}:")
    await totals.add(COUNTS)
    await totals.add(COUNTS)
    await totals.add({("1999-01-01", "verdicts", "verdict=fits"): 5})
    summed = await totals.totals(last_days(7))
    assert summed == {
        ("questions", "intent=size,language=en"): 4,
        ("verdicts", "verdict=fits"): 2,
    }
    await totals.close()
    if kind == "redis":
        await client.aclose()
