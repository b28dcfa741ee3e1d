"""How the garbage collector runs in a serving process, once start-up is over.

Measured with gc callbacks under ``bench/webhook_throughput.py`` (after start-up's objects are
frozen, ``bot.runtime.warm.freeze_start_up_objects``; CPU times on a busy two-core host): at
CPython's default thresholds a young collection ran every dozen updates (350 in a run of 4,400
updates, about 0.1 ms of CPU per update), and full collections, which walk everything that outlived
start-up (caches, connections, the updates in hand), took 6-21 ms with the event loop stopped, at
whatever moment CPython picked: mid-burst as often as not.

So, after start-up (``apply_collector_policy``):

- a young collection waits for ``YOUNG_THRESHOLD`` more container objects instead of 700:
  most of an answer's objects are freed by reference counting before it comes, so the same
  run needed 70 young collections and less than half the collector's CPU; each takes a few
  milliseconds, as before (a larger threshold makes them longer);
- full collections are not left to CPython (its threshold is out of reach): the event loop
  runs one (``collect_when_quiet``) when nothing is waiting, at most every ``FULL_EVERY_S``,
  or after ``FULL_DEFER_MAX_S`` however busy the bot is, so cyclic garbage cannot pile up;
- what a full collection leaves alive is frozen, as start-up's objects are. Once the answer
  caches are full they hold about 200,000 objects (measured through ``ask --jsonl``), and a
  walk of them all stops everything for 90-100 ms; frozen, each collection walks only what
  was kept since the one before. A frozen object still goes when its last reference does (an
  entry dropped from a cache); a reference cycle among frozen objects that became garbage
  later (a connection closed since) waits for the next thaw: every ``THAW_EVERY_S`` the
  collection unfreezes everything first and walks it all, once an hour when quiet.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Callable, Iterator

log = logging.getLogger(__name__)

YOUNG_THRESHOLD = 2000  # net new container objects between young collections (CPython: 700)
MIDDLE_THRESHOLD = 10  # young collections between middle ones (CPython's default)
# Middle collections between full ones: never reached, full collections are run by
# ``collect_when_quiet`` instead.
FULL_THRESHOLD_OUT_OF_REACH = 1_000_000_000
FULL_EVERY_S = 60.0
FULL_DEFER_MAX_S = 300.0
THAW_EVERY_S = 3600.0
QUIET_CHECK_S = 1.0


def apply_collector_policy() -> None:
    """Set the thresholds above (after ``bot.runtime.warm.freeze_start_up_objects``)."""
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, FULL_THRESHOLD_OUT_OF_REACH)


def collect_and_freeze() -> int:
    """Collect everything, then freeze what is left alive; return the unreachable count."""
    found = gc.collect()
    gc.freeze()
    return found


def full_collection_due(since_s: float, *, busy: bool) -> bool:
    """Tell whether to collect everything now, ``since_s`` after the last full collection."""
    return since_s >= FULL_DEFER_MAX_S or (since_s >= FULL_EVERY_S and not busy)


async def collect_when_quiet(
    busy: Callable[[], bool], clock: Callable[[], float] = time.monotonic
) -> None:
    """Run full collections while ``busy()`` is false (or when overdue), until cancelled.

    Each one freezes what it leaves alive; every ``THAW_EVERY_S`` one thaws everything first.
    """
    last = thawed = clock()
    while True:
        await asyncio.sleep(QUIET_CHECK_S)
        if not full_collection_due(clock() - last, busy=busy()):
            continue
        started = time.perf_counter()
        thaw = clock() - thawed >= THAW_EVERY_S
        if thaw:
            gc.unfreeze()
        found = collect_and_freeze()
        last = clock()
        thawed = last if thaw else thawed
        log.debug(
            "full collection%s: %d unreachable, %.1f ms",
            " (thawed)" if thaw else "",
            found,
            (time.perf_counter() - started) * 1000,
        )


# A JSON-lines stream (``ask --jsonl``) keeps what it sized in bounded caches: after 20,000
# fuzzed lines about 84,000 objects that a full collection walks (50-90 ms of CPU on one line,
# the slowest line of the stream by far). Every ``STREAM_FREEZE_EVERY_LINES`` lines, between
# two lines, the stream collects everything and then freezes what survived, as start-up's objects
# are: the next collection walks only what was kept since (3 ms on average, 6 at most in the same
# run). A frozen object still goes when its last reference does (an entry dropped from a cache);
# only a reference cycle among frozen objects that later became garbage would stay, and between
# two lines nothing but the caches is alive.
STREAM_FREEZE_EVERY_LINES = 1000


@contextlib.contextmanager
def stream_collection(every_lines: int | None = None) -> Iterator[Callable[[], None]]:
    """Apply the serving thresholds for a stream; yield the call to make after each line.

    Every ``every_lines`` lines (``STREAM_FREEZE_EVERY_LINES`` unless given) that call collects
    and freezes. The thresholds in force before are restored when the stream ends.
    """
    every = every_lines or STREAM_FREEZE_EVERY_LINES
    before = gc.get_threshold()
    apply_collector_policy()
    lines = 0

    def after_line() -> None:
        nonlocal lines
        lines += 1
        if lines % every == 0:
            collect_and_freeze()

    try:
        yield after_line
    finally:
        gc.set_threshold(*before)


__all__ = [
    "FULL_DEFER_MAX_S",
    "FULL_EVERY_S",
    "STREAM_FREEZE_EVERY_LINES",
    "THAW_EVERY_S",
    "YOUNG_THRESHOLD",
    "apply_collector_policy",
    "collect_and_freeze",
    "collect_when_quiet",
    "full_collection_due",
    "stream_collection",
]
