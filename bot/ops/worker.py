"""CPU-bound answer work runs on one worker thread, so the event loop keeps answering.

Understanding, sizing and rendering a question is pure CPU work of a few milliseconds (tens
for the largest searches). On the event loop, every answer that became ready in one loop
iteration would run back to back, and a health probe, a webhook acknowledgement or a send
arriving meanwhile would wait for all of them. Here the loop hands the work to one thread and
goes on serving; the thread takes answers one at a time, in the order they were asked for,
except that the second step of a message already begun (its answer, once its Hub queries are
read) goes ahead of new messages: under a burst, answers then go out as they are made instead
of all waiting behind the first step of every message that arrived.

The GIL still lets one thread run Python at a time: a thread that wants it asks the running
one to let go only after waiting the switch interval. While an answer computes, the worker
holds it whenever the loop sleeps, so each time the loop wakes (an update arriving, an answer
coming back, Telegram's answer, a health probe: several times per update) it waits about one
interval first. ``bench/loop_wakeup.py`` measures it on one core: the loop woke late by a median
of 3.35 ms at CPython's 5 ms, 1.36 ms at 1 ms, 0.51 ms at 0.2 ms, while the answer thread got as
much done at each. ``ANSWER_SWITCH_INTERVAL_S`` is 0.2 ms.

The hand-off is a queue and one ``call_soon_threadsafe`` back, without an executor's futures
and locks. The context variables of the
caller (the update's scope: its ids on log lines) go along.
Everything the answer work touches (the pipeline's caches, the catalog it installs) is touched
by this one thread only, once serving has started.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import itertools
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

ANSWER_SWITCH_INTERVAL_S = 0.0002

# One job: its rank (FINISH before START), its turn in line, the call (in its context), the
# loop that asked, the future it awaits.
_Job = tuple[int, int, Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]
FINISH, START = 0, 1

_lock = threading.Lock()
_jobs: queue.PriorityQueue[_Job] = queue.PriorityQueue()
_turns = itertools.count()
_worker: list[threading.Thread] = []


def _settle(future: asyncio.Future[Any], result: object, error: BaseException | None) -> None:
    """On the loop: hand the answer (or its exception) to the awaiting task."""
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _work() -> None:
    """Run the jobs one at a time: those finishing a message first, each rank in order."""
    while True:
        _rank, _turn, call, loop, future = _jobs.get()
        if future.cancelled():  # the asker gave up before the job began
            continue
        result: object = None
        error: BaseException | None = None
        try:
            result = call()
        except BaseException as raised:  # noqa: BLE001 - raised again in the asking task
            error = raised
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
            loop.call_soon_threadsafe(_settle, future, result, error)
        del call, loop, future, result, error  # hold nothing while waiting for the next job


def _start_worker() -> None:
    with _lock:
        if not _worker:
            thread = threading.Thread(target=_work, name="answers", daemon=True)
            thread.start()
            _worker.append(thread)


def prefer_the_event_loop() -> None:
    """Shorten the GIL's switch interval, so the loop gets it back quickly from the worker."""
    sys.setswitchinterval(ANSWER_SWITCH_INTERVAL_S)


async def off_loop(function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``function(*args, **kwargs)`` on the answer thread; return (or raise) its result."""
    return await _run(START, functools.partial(function, *args, **kwargs))


async def off_loop_first(function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Like ``off_loop``, ahead of new work: the last step of a message already begun."""
    return await _run(FINISH, functools.partial(function, *args, **kwargs))


async def _run(rank: int, call: Callable[[], T]) -> T:
    if not _worker:
        _start_worker()
    context = contextvars.copy_context()
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    _jobs.put((rank, next(_turns), functools.partial(context.run, call), future.get_loop(), future))
    return await future
