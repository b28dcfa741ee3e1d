"""bot.ops.gc_policy: full collections run when the bot is quiet, or once overdue."""

from __future__ import annotations

import asyncio
import gc
import io
import weakref

import pytest

from bot.cli.jsonl import run_stream
from bot.ops import gc_policy as collector
from bot.ops.gc_policy import FULL_DEFER_MAX_S, FULL_EVERY_S, full_collection_due


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


class _Cyclic:
    """An object in a reference cycle: only a collection frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def unfrozen_after():
    """Give back what a test froze, if nothing was frozen before it."""
    frozen_before = gc.get_freeze_count()
    yield
    if frozen_before == 0:
        gc.unfreeze()


def test_a_stream_collects_and_freezes_every_n_lines(full_collections, unfrozen_after):
    """Cyclic garbage lives until the Nth line, then goes; what survives is frozen."""
    thresholds = gc.get_threshold()
    with collector.stream_collection(every_lines=5) as after_line:
        assert gc.get_threshold() == (
            collector.YOUNG_THRESHOLD,
            collector.MIDDLE_THRESHOLD,
            collector.FULL_THRESHOLD_OUT_OF_REACH,
        )
        garbage = weakref.ref(_Cyclic())
        for _ in range(4):
            after_line()
        assert garbage() is not None
        assert full_collections == []
        kept = _Cyclic()  # alive at the collection: frozen, not freed
        after_line()
        assert garbage() is None
        assert full_collections == [1]
        assert gc.get_freeze_count() > 0
        assert all(tracked is not kept for tracked in gc.get_objects())  # frozen
    assert gc.get_threshold() == thresholds


def test_a_jsonl_stream_collects_between_lines(monkeypatch, full_collections, unfrozen_after):
    """``run_stream`` collects after every STREAM_FREEZE_EVERY_LINES-th answered line."""
    monkeypatch.setattr(collector, "STREAM_FREEZE_EVERY_LINES", 3)
    source = io.BytesIO(b"".join(b'{"text": "q%d"}\n' % n for n in range(7)))
    sink = io.BytesIO()
    assert run_stream(source, sink, lambda item: {"echo": item.text}) == 0
    assert sink.getvalue().count(b"\n") == 7
    assert full_collections == [1, 1]


async def test_quiet_collections_freeze_and_thaw_hourly(
    monkeypatch, full_collections, unfrozen_after
):
    """Survivors of a quiet collection are frozen; garbage among them goes at the next thaw."""
    monkeypatch.setattr(collector, "QUIET_CHECK_S", 0.01)
    now = [0.0]
    monkeypatch.setattr(collector, "FULL_EVERY_S", 1.0)
    kept = [_Cyclic()]
    gone = weakref.ref(kept[0])
    task = asyncio.create_task(collector.collect_when_quiet(lambda: False, clock=lambda: now[0]))
    try:
        await asyncio.sleep(0.05)  # started at 0
        now[0] = 1.0
        await asyncio.sleep(0.1)
        assert len(full_collections) == 1
        assert all(tracked is not gone() for tracked in gc.get_objects())  # frozen
        kept.clear()  # garbage now, but frozen: later collections do not see it
        now[0] = 2.0
        await asyncio.sleep(0.1)
        assert len(full_collections) == 2
        assert gone() is not None
        now[0] = collector.THAW_EVERY_S
        await asyncio.sleep(0.1)
        assert len(full_collections) == 3
        assert gone() is None
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
