"""Updates per second the bot handles in webhook mode on loopback, and the process's memory.

Runs the real Application, the real Pipeline and the aiohttp webhook server against the fake
Telegram (tests/fakes), all in this process on 127.0.0.1. Each update is a sizing question from
its own chat; an update counts as handled when its answer reached the fake Bot API.

    .venv/bin/python bench/webhook_throughput.py [--updates 500] [--concurrency 32]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from bot.pipeline import Pipeline
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.telegram_api import FakeTelegram
from tests.fakes.users import FakeUser

QUESTIONS = (
    "Llama 3.1 70B in FP8 with 32K context for 8 users",
    "DeepSeek V3 FP8 128K context 20 users",
    "/price",
    "Qwen2.5 72B BF16 32K",
)
TIMEOUT_S = 300.0


def rss_mb() -> float:
    """Resident memory now, from /proc (Linux); peak RSS elsewhere."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def bench(updates: int, concurrency: int) -> None:
    """Deliver ``updates`` updates, ``concurrency`` at a time, and report."""
    fake = FakeTelegram()
    await fake.start()
    settings = bot_settings(fake, "webhook", "memory://")
    users = [FakeUser(fake, 10_000 + i) for i in range(updates)]
    try:
        async with running_bot(fake, settings, Pipeline()):
            rss_before = rss_mb()
            gate = asyncio.Semaphore(concurrency)

            async def deliver(i: int) -> None:
                async with gate:
                    await users[i].says(QUESTIONS[i % len(QUESTIONS)])

            started = time.perf_counter()
            async with asyncio.timeout(TIMEOUT_S):
                await asyncio.gather(*(deliver(i) for i in range(updates)))
                await fake.wait_for(lambda: len(fake.sent()) >= updates, timeout_s=TIMEOUT_S)
            elapsed_s = time.perf_counter() - started
    finally:
        await fake.stop()
    refused = len(fake.calls_to("sendMessage", ok=False))
    print(f"updates handled: {updates} in {elapsed_s:.2f} s, concurrency {concurrency}")
    print(f"throughput: {updates / elapsed_s:.1f} updates/s (webhook, loopback, one process)")
    print(f"memory: RSS {rss_before:.1f} MB after start-up, {rss_mb():.1f} MB after the run")
    print(f"sendMessage refused by the fake: {refused}")


def main() -> int:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=32)
    args = parser.parse_args()
    asyncio.run(bench(max(1, args.updates), max(1, args.concurrency)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
