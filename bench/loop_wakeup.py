"""How late the event loop wakes while the answer thread computes, for several switch intervals.

The serving process runs answers on one worker thread (``bot.ops.worker``). Whenever the loop
sleeps (waiting for sockets or a timer) the worker takes the GIL; when the loop wakes, it must
wait until the worker lets go, which CPython asks for only after the switch interval. The loop
wakes several times per update (the delivery, the answer coming back, Telegram's answer, a
health probe), so this wait is paid several times per update while answers are computed.

Here the worker computes answers without a break (CPU-bound Python, through ``off_loop``) while
the loop sleeps 2 ms at a time, all pinned to one core as in ``bench/webhook_throughput.py``.
For each interval it prints how late the loop woke (p50, p99) and how much work the answer
thread got done per second (its throughput should not suffer from a shorter interval).

    .venv/bin/python bench/loop_wakeup.py [--intervals-ms 5,1,0.5,0.2,0.1] [--wakeups 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from bot.ops.worker import ANSWER_SWITCH_INTERVAL_S, off_loop

SLEEP_S = 0.002
SLICE_S = 0.005  # one "answer": CPU-bound Python for about this long


def answer(slice_s: float) -> int:
    """Compute for ``slice_s`` seconds of wall time, like an answer; return the steps made."""
    until, steps = time.perf_counter() + slice_s, 0
    while time.perf_counter() < until:
        steps += 1
    return steps


async def measure(interval_s: float, wakeups: int) -> str:
    """Sleep ``wakeups`` times while answers compute back to back; return the figures."""
    sys.setswitchinterval(interval_s)
    stop = asyncio.Event()
    steps = 0

    async def answers() -> None:
        nonlocal steps
        while not stop.is_set():
            steps += await off_loop(answer, SLICE_S)

    worker = asyncio.create_task(answers())
    await asyncio.sleep(0.05)
    late: list[float] = []
    started, steps = time.perf_counter(), 0
    for _ in range(wakeups):
        before = time.perf_counter()
        await asyncio.sleep(SLEEP_S)
        late.append(time.perf_counter() - before - SLEEP_S)
    elapsed = time.perf_counter() - started
    stop.set()
    await worker
    late.sort()
    p99 = late[int(len(late) * 0.99) - 1]
    marker = "  <- the bot's" if interval_s == ANSWER_SWITCH_INTERVAL_S else ""
    return (
        f"interval {interval_s * 1000:5.2f} ms: loop wakes late p50 "
        f"{statistics.median(late) * 1000:5.2f} ms, p99 {p99 * 1000:5.2f} ms; "
        f"answer thread {steps / elapsed / 1e6:5.2f} M steps/s{marker}"
    )


def main() -> int:
    """Measure each interval in turn and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--intervals-ms", default="5,1,0.5,0.2,0.1")
    parser.add_argument("--wakeups", type=int, default=1000)
    args = parser.parse_args()
    if os.cpu_count():
        os.sched_setaffinity(0, {0})  # one core, as a replica is measured
    for interval_ms in (float(value) for value in args.intervals_ms.split(",")):
        print(asyncio.run(measure(interval_ms / 1000, args.wakeups)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
