"""How the garbage collector runs in a serving process, once start-up is over.

Measured with gc callbacks under ``bench/webhook_throughput.py`` (after start-up's objects are
frozen, ``bot.warm.freeze_start_up_objects``; CPU times on a busy two-core host): at CPython's
default thresholds a young collection ran every dozen updates (350 in a run of 4,400 updates,
about 0.1 ms of CPU per update), and full collections, which walk everything that outlived
start-up (caches, connections, the updates in hand), took 6-21 ms with the event loop stopped,
at whatever moment CPython picked: mid-burst as often as not.

So, after start-up (``apply_collector_policy``):

- a young collection waits for ``YOUNG_THRESHOLD`` more container objects instead of 700:
  most of an answer's objects are freed by reference counting before it comes, so the same
  run needed 70 young collections and less than half the collector's CPU; each takes a few
  milliseconds, as before (a larger threshold makes them longer);
- full collections are not left to CPython (its threshold is out of reach): the event loop
  runs one (``collect_when_quiet``) when nothing is waiting, at most every ``FULL_EVERY_S``,
  or after ``FULL_DEFER_MAX_S`` however busy the bot is, so cyclic garbage cannot pile up.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

YOUNG_THRESHOLD = 2000  # net new container objects between young collections (CPython: 700)
MIDDLE_THRESHOLD = 10  # young collections between middle ones (CPython's default)
# Middle collections between full ones: never reached, full collections are run by
# ``collect_when_quiet`` instead.
FULL_THRESHOLD_OUT_OF_REACH = 1_000_000_000
FULL_EVERY_S = 60.0
FULL_DEFER_MAX_S = 300.0
QUIET_CHECK_S = 1.0


def apply_collector_policy() -> None:
    """Set the thresholds above (after ``bot.warm.freeze_start_up_objects``)."""
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, FULL_THRESHOLD_OUT_OF_REACH)


def full_collection_due(since_s: float, *, busy: bool) -> bool:
    """Tell whether to collect everything now, ``since_s`` after the last full collection."""
    return since_s >= FULL_DEFER_MAX_S or (since_s >= FULL_EVERY_S and not busy)


async def collect_when_quiet(
    busy: Callable[[], bool], clock: Callable[[], float] = time.monotonic
) -> None:
    """Run full collections while ``busy()`` is false (or when overdue), until cancelled."""
    last = clock()
    while True:
        await asyncio.sleep(QUIET_CHECK_S)
        if not full_collection_due(clock() - last, busy=busy()):
            continue
        started = time.perf_counter()
        found = gc.collect()
        last = clock()
        log.debug(
            "full collection: %d unreachable, %.1f ms",
            found,
            (time.perf_counter() - started) * 1000,
        )


__all__ = [
    "FULL_DEFER_MAX_S",
    "FULL_EVERY_S",
    "YOUNG_THRESHOLD",
    "apply_collector_policy",
    "collect_when_quiet",
    "full_collection_due",
]
