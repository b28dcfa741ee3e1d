"""bot.collector: full collections run when the bot is quiet, or once overdue."""

from __future__ import annotations

import asyncio
import gc

import pytest

from bot import collector
from bot.collector import FULL_DEFER_MAX_S, FULL_EVERY_S, full_collection_due


def test_a_full_collection_waits_for_quiet_until_it_is_overdue():
    """Due after FULL_EVERY_S when quiet; when busy, only after FULL_DEFER_MAX_S."""
    assert not full_collection_due(FULL_EVERY_S - 1, busy=False)
    assert full_collection_due(FULL_EVERY_S, busy=False)
    assert not full_collection_due(FULL_EVERY_S, busy=True)
    assert not full_collection_due(FULL_DEFER_MAX_S - 1, busy=True)
    assert full_collection_due(FULL_DEFER_MAX_S, busy=True)


@pytest.fixture
def full_collections():
    """Count the full collections made while the test runs (CPython's own ones held off)."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            seen.append(1)

    gc.callbacks.append(note)
    gc.disable()
    yield seen
    gc.enable()
    gc.callbacks.remove(note)


async def test_the_loop_collects_only_while_quiet(monkeypatch, full_collections):
    """Busy: no full collection; quiet again: one, from the event loop."""
    monkeypatch.setattr(collector, "QUIET_CHECK_S", 0.01)
    monkeypatch.setattr(collector, "FULL_EVERY_S", 0.0)
    busy = [True]
    task = asyncio.create_task(collector.collect_when_quiet(lambda: busy[0]))
    try:
        await asyncio.sleep(0.1)
        assert full_collections == []
        busy[0] = False
        await asyncio.sleep(0.1)
        assert full_collections
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
