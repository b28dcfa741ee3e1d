"""bot.ops.outage: one notice when an outage starts, one when it ends, whatever happens between."""

from __future__ import annotations

import asyncio

from bot.ops.outage import OutageMonitor

SETTLE_S, QUIET_S = 0.1, 0.3


def monitor() -> tuple[OutageMonitor, list[str]]:
    """Build a monitor with short timings, and the list of notices it sends."""
    notices: list[str] = []

    async def notify(text: str) -> None:
        notices.append(text)

    return OutageMonitor(notify, settle_s=SETTLE_S, quiet_s=QUIET_S), notices


async def test_one_failure_makes_one_outage_with_two_notices():
    """Start (with its count) and end, nothing else."""
    outages, notices = monitor()
    outages.failed("state store", "chat state write: OperationalError")
    await asyncio.sleep(SETTLE_S + QUIET_S + 0.2)
    assert len(notices) == 2
    assert notices[0].startswith("state store: failing. 1 failure(s)")
    assert "OperationalError" in notices[0]
    assert notices[1].startswith("state store: back to normal")
    assert outages.open_kinds() == []


async def test_a_long_flapping_outage_is_still_two_notices():
    """Failures every 0.1 s for a second: one outage, counted, told twice."""
    outages, notices = monitor()
    for _ in range(10):
        outages.failed("Telegram", "ServerError")
        await asyncio.sleep(0.1)
    assert len(notices) == 1
    assert outages.open_kinds() == ["Telegram"]
    await asyncio.sleep(QUIET_S + 0.2)
    assert len(notices) == 2
    assert notices[1].endswith("10 failure(s) in all.")


async def test_kinds_are_told_apart():
    """Two kinds failing: two outages, two notices each."""
    outages, notices = monitor()
    outages.failed("state store", "x")
    outages.failed("handler error KeyError", "update 5")
    await asyncio.sleep(SETTLE_S + QUIET_S + 0.2)
    assert sorted(n.split(":")[0] for n in notices) == [
        "handler error KeyError",
        "handler error KeyError",
        "state store",
        "state store",
    ]


async def test_a_failing_notice_does_not_break_the_monitor():
    """Telegram down for the notice too: the monitor goes on and closes cleanly."""

    async def notify(_text: str) -> None:
        raise ConnectionError("down")

    outages = OutageMonitor(notify, settle_s=SETTLE_S, quiet_s=QUIET_S)
    outages.failed("Telegram", "x")
    await asyncio.sleep(SETTLE_S + QUIET_S + 0.2)
    assert outages.open_kinds() == []


async def test_closing_stops_following_open_outages():
    """Shutting down mid-outage sends nothing more."""
    outages, notices = monitor()
    outages.failed("state store", "x")
    await outages.close()
    await asyncio.sleep(SETTLE_S + 0.1)
    assert notices == []
