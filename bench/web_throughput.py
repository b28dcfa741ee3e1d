"""The website's JSON API under load, beside a bare aiohttp handler, in the same run.

Each server runs in its own process pinned to core 0 (``bench/web_server.py``); the load
generator (aiohttp client) runs here, pinned to core 1. For each route it prints:

- requests/s at saturation (``--clients`` connections in a closed loop for ``--seconds``),
  with p50 and p99 latency at that load;
- latency at a fixed, open-loop rate (``--rate``, 200 requests/s): p50, p99, max, and how many
  requests were late to be sent (the generator's own lag, to tell apart from the server's).

Routes: the bare handler (fixed JSON), ``GET /v1/price``, ``POST /v1/size`` (twenty requests
in turn, each answered from the engine's kept answers after its first time, as a product
page's popular question), ``POST /v1/ask`` (the same questions in words). Goals of issue 30:
/v1/price at least half of bare; /v1/size p99 under 50 ms at 200 requests/s.

    .venv/bin/python bench/web_throughput.py [--seconds 8] [--clients 16] [--rate 200]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.bot.web.test_size_equals_cli import CASES  # noqa: E402
from tests.e2e.harness import free_port  # noqa: E402

SIZE_BODIES = [body for body, _ in CASES]
ASK_TEXTS = [
    "DeepSeek V3 FP8 128K context 20 users",
    "Llama 3.1 70B in FP8 with 32K context for 8 users",
    "qwen3 235b fp8 上下文 12.8万 并发 30",
    "gpt-oss-120b on one H200?",
    "Llama 3.3 70B, 64 users, 8K, CUDA only",
]


def start(kind: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start a server pinned to core 0; return it and its root URL once it answers."""
    port = free_port()
    command = [sys.executable, str(REPO / "bench" / "web_server.py"), kind, str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)  # noqa: S603
    os.sched_setaffinity(process.pid, {0})
    root = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{root}/v1/price", timeout=1):  # noqa: S310
                return process, root
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"{kind} server did not start")


Item = tuple[str, str, Any]


def requests_for(route: str) -> Iterator[Item]:
    """Cycle endlessly through the (method, path, json body) of one route."""
    if route == "size":
        return itertools.cycle(("POST", "/v1/size", body) for body in SIZE_BODIES)
    if route == "ask":
        return itertools.cycle(("POST", "/v1/ask", {"text": text}) for text in ASK_TEXTS)
    return itertools.cycle([("GET", "/v1/price", None)])


async def one(session: aiohttp.ClientSession, root: str, item: Item) -> float:
    """Send one request; return its latency in seconds (fail loudly on a non-200)."""
    method, path, body = item
    sent = time.perf_counter()
    async with session.request(method, root + path, json=body) as response:
        await response.read()
        if response.status != 200:
            raise SystemExit(f"{path}: {response.status}")
    return time.perf_counter() - sent


async def saturate(
    root: str, route: str, seconds: float, clients: int
) -> tuple[float, list[float]]:
    """Run ``clients`` connections back to back (closed loop); return rate and latencies."""
    items = requests_for(route)
    latencies: list[float] = []
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector) as session:
        for _ in range(clients):  # warm: first answers of each request made once
            await one(session, root, next(items))
        for _ in range(40):
            await one(session, root, next(items))
        end = time.perf_counter() + seconds

        async def client() -> None:
            while time.perf_counter() < end:
                latencies.append(await one(session, root, next(items)))

        started = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        elapsed = time.perf_counter() - started
    return len(latencies) / elapsed, latencies


async def fixed_rate(root: str, route: str, rate: float, seconds: float) -> tuple[list[float], int]:
    """Open loop at ``rate`` requests/s; return latencies and how many were sent late (>5 ms)."""
    items = requests_for(route)
    latencies: list[float] = []
    late = 0
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        tasks = []
        start_at = time.perf_counter()
        for n in range(int(rate * seconds)):
            due = start_at + n / rate
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            elif wait < -0.005:
                late += 1
            tasks.append(asyncio.create_task(one(session, root, next(items))))
        latencies = list(await asyncio.gather(*tasks))
    return latencies, late


def ms(values: list[float], q: float) -> str:
    """Return a quantile of latencies, in milliseconds."""
    ordered = sorted(values)
    return f"{ordered[min(int(q * len(ordered)), len(ordered) - 1)] * 1000:.1f}"


def main() -> None:
    """Run every route against its server and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--rate", type=float, default=200.0)
    args = parser.parse_args()
    os.sched_setaffinity(0, {1})
    results: dict[str, float] = {}
    for kind, routes in (("bare", ["bare"]), ("website", ["price", "size", "ask"])):
        process, root = start(kind)
        try:
            for route in routes:
                rate, lat = asyncio.run(saturate(root, route, args.seconds, args.clients))
                results[route] = rate
                print(
                    f"{route:6} saturation: {rate:8.0f} req/s  p50 {ms(lat, 0.5)} ms"
                    f"  p99 {ms(lat, 0.99)} ms  ({len(lat)} requests, {args.clients} clients)"
                )
                fixed, late = asyncio.run(fixed_rate(root, route, args.rate, args.seconds))
                print(
                    f"{route:6} at {args.rate:.0f}/s:   p50 {ms(fixed, 0.5)} ms  p99 "
                    f"{ms(fixed, 0.99)} ms  max {max(fixed) * 1000:.1f} ms  mean "
                    f"{statistics.mean(fixed) * 1000:.1f} ms  ({late} sent late)"
                )
        finally:
            process.terminate()
            process.wait(timeout=15)
    print(f"/v1/price / bare: {results['price'] / results['bare']:.2f} (goal >= 0.5)")


if __name__ == "__main__":
    main()
