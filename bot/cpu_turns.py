"""CPU-bound answer work takes turns on the event loop, one answer per loop iteration.

Understanding, sizing and rendering a question is pure CPU work of several milliseconds. With
32 updates in flight, asyncio would run every answer that became ready in one loop iteration
back to back, and a health probe or a webhook acknowledgement arriving meanwhile would wait for
all of them (hundreds of milliseconds under load). Taking turns through one lock, each answer
is resumed in its own iteration, so anything else that is ready runs between two answers.

A worker thread was measured first and rejected: the event loop then waits for the GIL on every
network call, which halved throughput without bounding the probe's wait.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_turns: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}


def _lock() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _turns.get(loop)
    if lock is None:
        for old in [known for known in _turns if known.is_closed()]:
            del _turns[old]  # tests run many loops in one process
        lock = _turns[loop] = asyncio.Lock()
    return lock


async def in_turn(function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Wait for this loop's turn, then run ``function(*args, **kwargs)`` and return its result."""
    async with _lock():
        return function(*args, **kwargs)
