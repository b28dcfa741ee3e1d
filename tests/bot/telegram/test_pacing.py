"""bot.telegram.pacing: sends are spaced under Telegram's per-chat, per-group and overall limits."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ops.cooldown import store_errors
from bot.telegram.pacing import (
    NO_PACING,
    OVERALL,
    PER_CHAT,
    PER_GROUP,
    Limits,
    LocalPacer,
    Rate,
    RedisPacer,
    reserve,
)
from tests.fakes.redis_server import free_port

GROUP = -100_200


def schedule(pacer: LocalPacer, clock: list[float], chat_id, arrivals: list[float]) -> list[float]:
    """Start times of sends to ``chat_id`` arriving at ``arrivals``."""
    starts = []
    for at in arrivals:
        clock[0] = at
        starts.append(at + pacer.reserve_now(chat_id))
    return starts


def local() -> tuple[LocalPacer, list[float]]:
    """Build a pacer on a clock the test moves."""
    clock = [1000.0]
    return LocalPacer(clock=lambda: clock[0]), clock


def test_a_private_chat_takes_a_short_burst_then_one_a_second():
    """Three answers go at once; a flood after them is held to one a second."""
    pacer, clock = local()
    starts = schedule(pacer, clock, 42, [1000.0] * 6)
    assert starts[:3] == [1000.0] * 3
    assert starts[3:] == pytest.approx([1001.0, 1002.0, 1003.0])


def test_chats_do_not_wait_for_each_other():
    """Two chats each get their own burst (well under the overall limit)."""
    pacer, clock = local()
    assert schedule(pacer, clock, 1, [1000.0] * 3) == [1000.0] * 3
    assert schedule(pacer, clock, 2, [1000.0] * 3) == [1000.0] * 3


@given(st.lists(st.floats(min_value=0, max_value=300), min_size=1, max_size=80))
def test_a_group_never_gets_more_than_20_in_any_minute(offsets):
    """Whenever sends arrive, no 60-second window holds more than 20 starts in one group."""
    pacer, clock = local()
    starts = schedule(pacer, clock, GROUP, sorted(1000.0 + o for o in offsets))
    for start in starts:
        assert sum(start <= other < start + 60 for other in starts) <= 20


def test_the_overall_limit_spaces_sends_to_many_chats():
    """A hundred chats at once: after the burst, about 30 sends a second overall."""
    pacer, clock = local()
    starts = [schedule(pacer, clock, chat, [1000.0])[0] for chat in range(1, 101)]
    assert starts[OVERALL.burst - 1] == 1000.0
    assert starts[-1] == pytest.approx(1000.0 + (100 - OVERALL.burst) * OVERALL.interval_s)


def test_reserve_takes_the_latest_slot_any_limit_allows():
    """With several limits, the send starts when the strictest allows; each books its own slot."""
    start, updated = reserve([1005.0, None], [Rate(1.0), Rate(2.0)], now=1000.0)
    assert start == 1005.0
    assert updated == [1006.0, 1002.0]


def test_a_busy_group_does_not_hold_back_other_chats():
    """A sales chat's queued sends wait for their group; a customer's answer does not wait."""
    pacer, clock = local()
    group = schedule(pacer, clock, GROUP, [1000.0] * 8)
    assert group[-1] > 1010.0  # the group is held to 20 a minute
    assert schedule(pacer, clock, 42, [1000.0]) == [1000.0]


def test_limits_name_the_schedules_of_each_kind_of_chat():
    """Private chats, groups, channels by username and inline messages."""
    limits = Limits()
    assert limits.for_chat(5) == [("all", OVERALL), ("chat:5", PER_CHAT)]
    assert limits.for_chat(-5) == [("all", OVERALL), ("group:-5", PER_GROUP)]
    assert limits.for_chat("@news") == [("all", OVERALL), ("group:@news", PER_GROUP)]
    assert limits.for_chat(None) == [("all", OVERALL)]


async def test_replicas_share_one_schedule_through_redis(redis_url):
    """The second replica's send to a chat waits for the first replica's burst."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client, prefix = Redis.from_url(redis_url), f"t-{uuid.uuid4().hex}:"
    failures = []
    a, b = (
        RedisPacer(client, prefix=prefix, errors=store_errors(), on_failure=failures.append)
        for _ in range(2)
    )
    try:
        waits = [await a.reserve(42) for _ in range(3)] + [await b.reserve(42)]
    finally:
        await client.aclose()
    assert waits[:3] == [0.0, 0.0, 0.0]
    assert 0.5 < waits[3] <= 1.0
    assert failures == []


async def test_pacing_goes_on_locally_while_redis_is_down():
    """Redis unreachable: sends are paced in process and the failure is reported."""
    from redis.asyncio import Redis  # noqa: PLC0415

    client = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")
    failures = []
    pacer = RedisPacer(
        client, prefix="x:", errors=store_errors(), on_failure=lambda op, _e: failures.append(op)
    )
    try:
        waits = [await pacer.reserve(42) for _ in range(4)]
    finally:
        await client.aclose()
    assert waits[:3] == [0.0, 0.0, 0.0]
    assert waits[3] > 0.5
    assert failures == ["pacing"]  # then left alone for a while, not asked per send


def test_no_pacing_never_waits():
    """The benchmark setting: any number of sends, no wait."""
    clock = [1000.0]
    pacer = LocalPacer(NO_PACING, clock=lambda: clock[0])
    assert {pacer.reserve_now(chat) for chat in [1, 1, 1, 1, -5, -5, None] * 20} == {0.0}
