"""bot.ops.worker: answers computed off the event loop, one at a time, with their context."""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import threading
import time

import pytest

from bot.ops.worker import off_loop, off_loop_first, prefer_the_event_loop

WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


def busy_for(seconds: float) -> int:
    """Spin the CPU in Python for ``seconds`` (an answer that takes long)."""
    until, turns = time.perf_counter() + seconds, 0
    while time.perf_counter() < until:
        turns += 1
    return turns


@pytest.fixture(autouse=True)
def short_switch_interval():
    """Run with the switch interval the bot sets at start, and restore the default after."""
    import sys  # noqa: PLC0415

    before = sys.getswitchinterval()
    prefer_the_event_loop()
    yield
    sys.setswitchinterval(before)


async def test_the_loop_keeps_running_while_an_answer_computes():
    """A 300 ms answer: the loop's own timer still fires every few milliseconds meanwhile."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.002)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    assert await off_loop(busy_for, 0.3) > 0
    done.set()
    await ticking
    assert len(gaps) > 30  # on the loop, the answer would have allowed one tick
    # On the loop one gap would last the whole 300 ms answer; a loaded machine may still
    # delay a tick by tens of milliseconds, which says nothing about the loop being blocked.
    assert max(gaps) < 0.25


async def test_answers_run_one_at_a_time_in_the_order_asked():
    """Three answers asked at once run on one thread, in order, never overlapping."""
    running: list[str] = []
    spans: list[tuple[str, float, float]] = []

    def answer(name: str) -> str:
        running.append(name)
        started = time.perf_counter()
        busy_for(0.02)
        spans.append((name, started, time.perf_counter()))
        return threading.current_thread().name

    threads = await asyncio.gather(*(off_loop(answer, name) for name in "abc"))
    assert running == ["a", "b", "c"]
    assert len(set(threads)) == 1
    assert threads[0] != threading.main_thread().name
    for (_, _, first_end), (_, second_start, _) in itertools.pairwise(spans):
        assert first_end <= second_start


async def test_the_callers_context_goes_along_and_errors_come_back():
    """Context variables set by the caller are seen by the answer; its exception is raised."""
    WHO.set("update 7")

    def read() -> str:
        return WHO.get()

    def fail() -> None:
        raise ValueError(WHO.get())

    assert await off_loop(read) == "update 7"
    with pytest.raises(ValueError, match="update 7"):
        await off_loop(fail)


async def test_an_answer_no_longer_awaited_is_not_computed():
    """A task cancelled while its answer waits its turn: the answer is skipped, the next runs."""
    ran: list[str] = []

    def answer(name: str) -> str:
        ran.append(name)
        busy_for(0.05 if name == "first" else 0)
        return name

    first = asyncio.create_task(off_loop(answer, "first"))
    await asyncio.sleep(0.01)  # the first is running: the second waits behind it
    second = asyncio.create_task(off_loop(answer, "second"))
    await asyncio.sleep(0)
    second.cancel()
    assert await first == "first"
    assert await off_loop(answer, "third") == "third"
    assert second.cancelled()
    assert ran == ["first", "third"]


async def test_the_last_step_of_a_message_begun_goes_ahead_of_new_messages():
    """While one job runs, new messages queue; a message's finishing step overtakes them."""
    ran: list[str] = []

    def step(name: str) -> str:
        ran.append(name)
        busy_for(0.05 if name == "running" else 0)
        return name

    running = asyncio.create_task(off_loop(step, "running"))
    await asyncio.sleep(0.01)  # it runs: what follows waits its turn
    new = [asyncio.create_task(off_loop(step, f"new {n}")) for n in range(3)]
    await asyncio.sleep(0)
    finishing = [asyncio.create_task(off_loop_first(step, f"finish {n}")) for n in range(2)]
    await asyncio.gather(running, *new, *finishing)
    assert ran == ["running", "finish 0", "finish 1", "new 0", "new 1", "new 2"]
