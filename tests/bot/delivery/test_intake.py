"""intake: each intake stores an update once and hands out one per chat, oldest first."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from bot.delivery.intake import Job, MemoryIntake
from bot.delivery.intake_redis import RedisIntake
from bot.delivery.intake_sqlite import SqliteIntake


@pytest.fixture(params=["memory", "sqlite", "redis"])
async def intake(request, tmp_path):
    """Each implementation in turn; Redis keys under a fresh prefix per test."""
    if request.param == "memory":
        made = MemoryIntake()
    elif request.param == "sqlite":
        made = SqliteIntake(tmp_path / "state.sqlite3")
    else:
        from redis.asyncio import Redis  # noqa: PLC0415 - only where Redis runs

        client = Redis.from_url(request.getfixturevalue("redis_url"))
        made = RedisIntake(client, prefix=f"t-{uuid.uuid4().hex}:")
        yield made
        await client.aclose()
        return
    yield made
    await made.close()


async def test_an_update_is_accepted_once(intake):
    """The same update id put twice is stored once."""
    assert await intake.put(1, 10, '{"update_id": 1}') is True
    assert await intake.put(1, 10, '{"update_id": 1}') is False
    assert await intake.depth() == 1


async def test_concurrent_redeliveries_count_once(intake):
    """Of many simultaneous deliveries of one update, exactly one is stored."""
    results = await asyncio.gather(*(intake.put(7, 10, "{}") for _ in range(20)))
    assert results.count(True) == 1


async def test_one_update_per_chat_is_handed_out_oldest_first(intake):
    """A chat's later updates wait until its first is done; other chats go on meanwhile."""
    for update_id, chat in [(1, 10), (2, 10), (3, 20)]:
        await intake.put(update_id, chat, f"u{update_id}")
    taken = await intake.take(10)
    assert sorted((job.update_id, job.chat_key) for job in taken) == [(1, 10), (3, 20)]
    assert await intake.take(10) == []  # both chats are held
    following = await intake.done(next(job for job in taken if job.chat_key == 10))
    assert following == Job(2, 10, "u2")  # handed over with the chat still held
    assert await intake.take(10) == []


async def test_a_chat_is_let_go_when_its_last_update_is_done(intake):
    """Done with the last update, the chat is free: its next update can be taken."""
    await intake.put(1, 10, "a")
    (job,) = await intake.take(5)
    assert await intake.done(job) is None
    await intake.put(2, 10, "b")
    assert [j.update_id for j in await intake.take(5)] == [2]
    assert await intake.depth() == 1


async def test_take_respects_its_limit(intake):
    """No more chats than asked for are held."""
    for chat in range(5):
        await intake.put(chat + 1, chat, "x")
    assert len(await intake.take(2)) == 2
    assert len(await intake.take(10)) == 3


async def test_a_postponed_update_comes_back_after_its_delay_first_in_its_chat(intake):
    """Deferred: not before the delay, then taken again ahead of the chat's later updates."""
    await intake.put(1, 10, "a")
    await intake.put(2, 10, "b")
    (job,) = await intake.take(5)
    await intake.defer(job, 0.3)
    assert await intake.take(5) == []
    await asyncio.sleep(0.5)
    (again,) = await intake.take(5)
    assert (again.update_id, again.attempts) == (1, 1)


async def test_a_released_update_is_taken_again_at_once(intake):
    """Handed back at shutdown: the same update, untouched, is ready immediately."""
    await intake.put(1, 10, "a")
    (job,) = await intake.take(5)
    await intake.release(job)
    assert await intake.take(5) == [job]


async def test_new_work_wakes_a_waiting_worker(intake):
    """wait_for_work returns when an update arrives, well before its time-out."""
    waiting = asyncio.ensure_future(intake.wait_for_work(5.0))
    await asyncio.sleep(0.1)
    await intake.put(1, 10, "a")
    async with asyncio.timeout(2.0):
        await waiting


async def test_sqlite_gives_back_what_a_killed_process_held(tmp_path):
    """Taken but not done when the process died: the next start takes it again; done stays done."""
    first = SqliteIntake(tmp_path / "s.sqlite3")
    for update_id, chat in [(1, 10), (2, 10), (3, 20)]:
        await first.put(update_id, chat, "x")
    held = await first.take(5)
    await first.done(next(job for job in held if job.chat_key == 20))
    await first.close()  # no done for update 1: as if killed while handling it
    second = SqliteIntake(tmp_path / "s.sqlite3")
    try:
        assert [job.update_id for job in await second.take(5)] == [1]
        assert await second.put(3, 20, "x") is False  # done updates are still remembered
    finally:
        await second.close()


async def test_redis_replicas_never_hold_the_same_chat(redis_url):
    """Two replicas taking at once share the chats between them, each chat to one."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client, prefix = Redis.from_url(redis_url), f"t-{uuid.uuid4().hex}:"
    a, b = RedisIntake(client, prefix=prefix), RedisIntake(client, prefix=prefix)
    try:
        for chat in range(20):
            await a.put(chat + 1, chat, "x")
        taken_a, taken_b = await asyncio.gather(a.take(20), b.take(20))
        chats_a, chats_b = {j.chat_key for j in taken_a}, {j.chat_key for j in taken_b}
        assert chats_a.isdisjoint(chats_b)
        assert chats_a | chats_b == set(range(20))
    finally:
        await client.aclose()


async def test_redis_a_dead_replicas_chats_pass_to_another_after_the_lease(redis_url):
    """A replica that stops renewing loses its chats once its lease runs out, head first."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client, prefix = Redis.from_url(redis_url), f"t-{uuid.uuid4().hex}:"
    dead = RedisIntake(client, prefix=prefix, lease_ms=300)
    alive = RedisIntake(client, prefix=prefix, lease_ms=300)
    try:
        await dead.put(1, 10, "a")
        await dead.put(2, 10, "b")
        (stale,) = await dead.take(5)
        assert stale.update_id == 1
        assert await alive.take(5) == []
        await asyncio.sleep(0.5)
        (job,) = await alive.take(5)
        assert job.update_id == 1
        assert await dead.done(stale) is None  # too late: the chat is no longer its own
        following = await alive.done(job)
        assert following is not None
        assert following.update_id == 2
    finally:
        await client.aclose()


async def test_redis_a_dead_replicas_chat_is_taken_however_soon_its_lease_is_looked_at(redis_url):
    """A lease looked at in its last millisecond (PTTL 0) is looked at again, not forgotten.

    The other replica asks for work without pause, so it first looks at the dead replica's
    lease in the very millisecond the lease runs out; the chat must still come to it.
    """
    from redis.asyncio import Redis  # noqa: PLC0415

    client = Redis.from_url(redis_url)
    stranded = 0
    try:
        for _ in range(60):
            prefix = f"t-{uuid.uuid4().hex}:"
            dead = RedisIntake(client, prefix=prefix, lease_ms=3)
            alive = RedisIntake(client, prefix=prefix, lease_ms=1000)
            await dead.put(1, 10, "a")
            assert len(await dead.take(5)) == 1
            taken: list = []
            deadline = time.monotonic() + 0.2
            while not taken and time.monotonic() < deadline:
                taken = await alive.take(5)
            stranded += not taken
    finally:
        await client.aclose()
    assert stranded == 0


async def test_redis_a_lease_left_without_an_expiry_still_runs_out(redis_url):
    """A lease key written without a time-out (by hand, an old version) is given one."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client, prefix = Redis.from_url(redis_url), f"t-{uuid.uuid4().hex}:"
    intake = RedisIntake(client, prefix=prefix, lease_ms=100)
    try:
        await intake.put(1, 10, "a")
        await client.zrem(f"{prefix}ready", "10")
        await client.set(f"{prefix}lease:10", "someone:1")  # no expiry
        await client.zadd(f"{prefix}leases", {"10": 0})
        assert await intake.take(5) == []
        assert 0 < await client.pttl(f"{prefix}lease:10") <= 100
        await asyncio.sleep(0.2)
        (job,) = await intake.take(5)
        assert job.update_id == 1
    finally:
        await client.aclose()


async def test_redis_renewal_keeps_a_slow_chat(redis_url):
    """A replica that renews keeps its chat however long the handling takes."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client, prefix = Redis.from_url(redis_url), f"t-{uuid.uuid4().hex}:"
    slow = RedisIntake(client, prefix=prefix, lease_ms=300)
    other = RedisIntake(client, prefix=prefix, lease_ms=300)
    try:
        await slow.put(1, 10, "a")
        held = await slow.take(5)
        for _ in range(4):
            await asyncio.sleep(0.15)
            await slow.renew(held)
            assert await other.take(5) == []
    finally:
        await client.aclose()
