"""CPU-bound answer work runs on one worker thread, so the event loop keeps answering.

Understanding, sizing and rendering a question is pure CPU work of a few milliseconds (tens
for the largest searches). On the event loop, every answer that became ready in one loop
iteration would run back to back, and a health probe, a webhook acknowledgement or a send
arriving meanwhile would wait for all of them. Here the loop hands the work to one thread and
goes on serving; the thread takes answers one at a time, in the order they were asked for.

The GIL still lets one thread run Python at a time: a thread that wants it asks the running
one to let go, which it does within the switch interval. ``ANSWER_SWITCH_INTERVAL_S`` (instead
of CPython's 5 ms) bounds how long the loop waits for it, each time it comes back from a
socket call.

The context variables of the caller (the update's scope: its ids on log lines) go along.
Everything the answer work touches (the pipeline's caches, the catalog it installs) is touched
by this one thread only, once serving has started.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

ANSWER_SWITCH_INTERVAL_S = 0.001

_lock = threading.Lock()
_worker: list[ThreadPoolExecutor] = []


def _executor() -> ThreadPoolExecutor:
    with _lock:
        if not _worker:
            _worker.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="answers"))
        return _worker[0]


def prefer_the_event_loop() -> None:
    """Shorten the GIL's switch interval, so the loop gets it back quickly from the worker."""
    sys.setswitchinterval(ANSWER_SWITCH_INTERVAL_S)


async def off_loop(function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``function(*args, **kwargs)`` on the answer thread; return (or raise) its result."""
    context = contextvars.copy_context()
    call = functools.partial(context.run, function, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_executor(), call)
