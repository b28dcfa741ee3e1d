"""Webhook mode under load: the bot beside a bare aiohttp relay, on loopback, one core each.

Runs the system under test in its own process pinned to one core: first a bare aiohttp relay
(receives the update, sends one canned sendMessage with a keyboard: the Bot API calls the bot
makes, none of its work), then the real bot (``python -m bot``, webhook mode, memory state,
with Telegram's send limits turned off so that they do not cap the figure at 30/s).
The fake Telegram (tests/fakes) and the load generator share this process, pinned to another
core. For each it prints:

- throughput at saturation for cheap updates (``/start``), four sizing questions (answered
  from the kept answers and renders after their first time, as a popular question or a
  product page's deep link is), and varied messages (the held-out corpus, every language:
  295 texts, each sent again only after all the others), and the CPU milliseconds the process
  spent per update (the fairer figure if the fake saturates first);
- latency (POST sent -> answer received by the fake) at a steady 200 updates/s of cheap
  updates, sizing questions and varied messages: p50, p99, max;
- /livez response time sampled every 10 ms during that run (answer work blocking the loop),
  by a probe process of its own (``bench/livez_probe.py``), so that the load generator's own
  delays are not counted as the server's;
- resident memory (now and peak).

    .venv/bin/python bench/webhook_throughput.py [--updates 2000] [--rate 200] [--seconds 10]

With ``--only bot --profile FILE`` the bot runs under py-spy (raw collapsed stacks, 200 Hz);
``BENCH_PYSPY_ARGS`` replaces py-spy's options (``-r 200``), for example ``-r 1000 --gil``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from tests.e2e.harness import WEBHOOK_SECRET, free_port  # noqa: E402
from tests.fakes.telegram_api import FakeTelegram  # noqa: E402
from tests.fakes.users import FakeUser  # noqa: E402

SIZING_QUESTIONS = (
    "Llama 3.1 70B in FP8 with 32K context for 8 users",
    "DeepSeek V3 FP8 128K context 20 users",
    "Qwen2.5 72B BF16 32K",
    "qwen3 235b fp8 上下文 12.8万 并发 30",
)
CHEAP = ("/start",)
# Varied real-world messages (the project's held-out corpus, every language). A run sends more
# updates than there are texts: a text comes round again after all 294 others, so the kept
# answers serve repeats, but no two updates in a row share one.
CORPUS = tuple(
    json.loads(line)["text"]
    for line in (REPO / "tests/bot/understand/data/holdout-messages.jsonl").read_text().splitlines()
    if line.strip()
)
START_TIMEOUT_S = 30.0
RUN_TIMEOUT_S = 300.0
SUT_CORE, LOAD_CORE = 0, 1
CLK_TCK = os.sysconf("SC_CLK_TCK")
RELAY_ANSWER = "<b>FullGPU</b> answer " + "x" * 600  # about the size of a real answer
RELAY_MARKUP = {
    "inline_keyboard": [
        [{"text": "Order 8× AMD Instinct MI355X", "url": "https://fullgpu.com/en/gpus/amd"}],
        [{"text": "Try H200", "callback_data": "s1|g|h200"}],
    ]
}


class TimedFake(FakeTelegram):
    """The fake Bot API, noting when each chat's answer arrives."""

    def __init__(self) -> None:
        super().__init__()
        self.answered_at: dict[int, float] = {}
        self.answered = asyncio.Event()
        self.expected = 0

    async def _api_sendmessage(self, params: dict[str, Any]) -> dict[str, Any]:
        result = await super()._api_sendmessage(params)
        self.answered_at[int(params["chat_id"])] = time.perf_counter()
        if len(self.answered_at) >= self.expected:
            self.answered.set()
        return result


@dataclass
class Sut:
    """A system under test: its process and where its webhook listens."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    figures: dict[str, str] = field(default_factory=dict)

    def cpu_s(self) -> float:
        """User + system CPU seconds the process has used."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def memory_mb(self) -> tuple[float, float]:
        """Resident memory now and at its peak, in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text().splitlines()
        values = {line.split(":")[0]: int(line.split()[1]) for line in status if "kB" in line}
        return values["VmRSS"] / 1024, values["VmHWM"] / 1024


def pin(core: int) -> None:
    """Pin this process to one core, if the machine has it."""
    if core < (os.cpu_count() or 1):
        os.sched_setaffinity(0, {core})


def start_sut(name: str, fake: FakeTelegram, profile: str | None = None) -> Sut:
    """Start the relay or the bot in a process pinned to SUT_CORE (under py-spy if asked)."""
    port = free_port()
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": fake.token,
        "TELEGRAM_API_BASE_URL": fake.api_root,
        "BOT_MODE": "webhook",
        "WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram/hook",
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "STATE_URL": "memory://",
        "LOG_LEVEL": "INFO",  # as deployed: one log line per update
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(REPO), os.environ.get("BENCH_PYTHONPATH")])
        ),
    }
    # The bot without Telegram's send limits (one answer per chat a second, 30 a second in
    # all): those would cap the figure at 30/s and measure the limits, not the bot.
    command = [sys.executable, str(Path(__file__).resolve()), "--serve-bot"]
    if name == "relay":
        command = [sys.executable, str(Path(__file__).resolve()), "--serve-relay"]
    if profile:
        command = [
            "py-spy",
            "record",
            "--format",
            "raw",
            "-o",
            profile,
            # e.g. "-r 1000 --gil": a finer rate, and only the thread that holds the GIL (so
            # that one thread's wait for it is not counted as work)
            *shlex.split(os.environ.get("BENCH_PYSPY_ARGS", "-r 200")),
            "--",
            *command,
        ]
    process = subprocess.Popen(  # noqa: S603 - our own module
        command, env=env, cwd=REPO, stderr=subprocess.DEVNULL
    )
    if (os.cpu_count() or 1) > SUT_CORE:
        os.sched_setaffinity(process.pid, {SUT_CORE})
    return Sut(name, process, port)


async def wait_ready(fake: FakeTelegram) -> None:
    """Wait until the process has registered its webhook with the fake."""
    fake.webhook = None
    await fake.wait_for(lambda: fake.webhook is not None, timeout_s=START_TIMEOUT_S)


async def deliver(
    fake: TimedFake, users: list[FakeUser], texts: tuple[str, ...], gate: int
) -> float:
    """Push one update per user, ``gate`` in flight; return seconds until every answer arrived."""
    fake.answered_at.clear()
    fake.answered.clear()
    fake.expected = len(users)
    semaphore = asyncio.Semaphore(gate)

    async def one(i: int) -> None:
        async with semaphore:
            await users[i].says(texts[i % len(texts)])

    started = time.perf_counter()
    async with asyncio.timeout(RUN_TIMEOUT_S):
        await asyncio.gather(*(one(i) for i in range(len(users))))
        await fake.answered.wait()
    return time.perf_counter() - started


async def saturate(fake: TimedFake, sut: Sut, label: str, texts: tuple[str, ...], n: int) -> None:
    """Throughput and CPU per update at saturation."""
    first_id = {"cheap": 1_000_000, "sizing": 2_000_000}.get(label, 3_000_000)
    users = [FakeUser(fake, first_id + i) for i in range(n)]
    for user in users:
        user.private_chat()
    await deliver(fake, users[: n // 10], texts, 64)  # warm-up: caches, connections
    cpu_before = sut.cpu_s()
    elapsed = await deliver(fake, users, texts, 64)
    cpu_ms = (sut.cpu_s() - cpu_before) * 1000 / n
    sut.figures[f"{label} updates/s"] = f"{n / elapsed:.0f}"
    sut.figures[f"{label} CPU ms/update"] = f"{cpu_ms:.2f}"


def core_times(core: int) -> list[int]:
    """Return the kernel's time counters of one core (user ... steal), in clock ticks."""
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith(f"cpu{core} "):
            return [int(value) for value in line.split()[1:9]]
    return [0] * 8


def stolen_share(before: list[int], after: list[int]) -> float:
    """Return the share of the core's time the hypervisor gave to others (``steal``)."""
    spent = [b - a for a, b in zip(before, after, strict=True)]
    return spent[7] / sum(spent) if sum(spent) else 0.0


def start_probe(port: int) -> subprocess.Popen[str]:
    """Start ``bench/livez_probe.py`` on ``port`` (its own process); return once it answered."""
    probe = subprocess.Popen(  # noqa: S603 - our own script
        [sys.executable, str(Path(__file__).with_name("livez_probe.py")), str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert probe.stdout is not None  # noqa: S101 - piped above
    ready = probe.stdout.readline()  # blocks until the first answer (nothing else runs yet)
    if ready.strip() != "ready":
        probe.kill()
        raise RuntimeError("the /livez probe did not start")
    return probe


def stop_probe(probe: subprocess.Popen[str]) -> list[float]:
    """Stop the probe; return the /livez response times it measured, in seconds."""
    probe.send_signal(signal.SIGTERM)
    out, _ = probe.communicate(timeout=START_TIMEOUT_S)
    times: list[float] = json.loads(out.strip().splitlines()[-1])
    return times


async def steady(  # noqa: PLR0917 - one call site, all needed
    fake: TimedFake, sut: Sut, label: str, texts: tuple[str, ...], rate: float, seconds: float
) -> None:
    """Latency at a fixed arrival rate, and /livez response times meanwhile."""
    n = int(rate * seconds)
    first_id = {"cheap": 5_000_000, "sizing": 6_000_000}.get(label, 7_000_000)
    users = [FakeUser(fake, first_id + i) for i in range(n)]
    for user in users:
        user.private_chat()
    fake.answered_at.clear()
    fake.answered.clear()
    fake.expected = n
    sent_at: dict[int, float] = {}

    lags: list[float] = []

    async def one(i: int) -> None:
        sent_at[users[i].user_id] = time.perf_counter()
        lags.append(sent_at[users[i].user_id] - (started + i / rate))
        await users[i].says(texts[i % len(texts)])

    # This process's own collector pauses (the fake keeps every call) would show up as the
    # bot's latency: it is kept out of the timed run.
    gc.collect()
    gc.disable()
    prober = start_probe(sut.port)
    try:
        cpu_before = sut.cpu_s()
        cores_before = [core_times(SUT_CORE), core_times(LOAD_CORE)]
        started = time.perf_counter()
        tasks = []
        for i in range(n):
            delay = started + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(i)))
        async with asyncio.timeout(RUN_TIMEOUT_S):
            await asyncio.gather(*tasks)
            await fake.answered.wait()
        cpu_ms = (sut.cpu_s() - cpu_before) * 1000 / n
        stolen = [
            stolen_share(before, core_times(core))
            for before, core in zip(cores_before, (SUT_CORE, LOAD_CORE), strict=True)
        ]
    finally:
        gc.enable()
        probes = stop_probe(prober)
    latencies = sorted(fake.answered_at[c] - sent_at[c] for c in sent_at)
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    sut.figures[f"{label} at {rate:.0f}/s: latency p50/p99/max ms"] = (
        f"{statistics.median(latencies) * 1000:.1f} / {p99 * 1000:.1f} / {latencies[-1] * 1000:.1f}"
    )
    # The bot's CPU per update at this rate, and how late the load generator sent (a late
    # generator, not the bot, would then explain the latency).
    sut.figures[f"{label} at {rate:.0f}/s: CPU ms/update, send lag p99 ms"] = (
        f"{cpu_ms:.2f}, {sorted(lags)[int(len(lags) * 0.99) - 1] * 1000:.1f}"
    )
    # Time the hypervisor took from the server's core and the load's: a busy host, not the
    # server, then explains a slow run.
    sut.figures[f"{label} at {rate:.0f}/s: host steal, server/load core"] = (
        f"{stolen[0]:.0%} / {stolen[1]:.0%}"
    )
    sut.figures[f"{label} at {rate:.0f}/s: /livez p99/max ms"] = (
        f"{sorted(probes)[int(len(probes) * 0.99) - 1] * 1000:.1f} / {max(probes) * 1000:.1f}"
    )


async def measure(name: str, args: argparse.Namespace) -> Sut:
    """Start one system under test, run every measurement against it, stop it."""
    fake = TimedFake()
    await fake.start()
    sut = start_sut(name, fake, args.profile)
    try:
        await wait_ready(fake)
        kinds = {"cheap": (CHEAP, args.updates), "sizing": (SIZING_QUESTIONS, args.updates // 2)}
        kinds["varied"] = (CORPUS, args.updates // 2)
        for label in args.kinds.split(","):
            await saturate(fake, sut, label, *kinds[label])
        for label in args.steady.split(","):
            if label:
                await steady(fake, sut, label, kinds[label][0], args.rate, args.seconds)
        rss, peak = sut.memory_mb()
        sut.figures["RSS now/peak MB"] = f"{rss:.0f} / {peak:.0f}"
        refused = len(fake.calls_to("sendMessage", ok=False))
        sut.figures["sendMessage refused by the fake"] = str(refused)
    finally:
        sut.process.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
        sut.process.wait(timeout=60)
        await fake.stop()
    return sut


def report(relay: Sut, bot: Sut) -> None:
    """Print both columns and the ratios the targets are set on."""
    width = max(len(k) for k in bot.figures)
    print(f"{'':{width}}  {'relay':>20}  {'bot':>20}")
    for key, value in bot.figures.items():
        print(f"{key:{width}}  {relay.figures.get(key, '-'):>20}  {value:>20}")
    for label in ("cheap", "sizing", "varied"):
        if f"{label} updates/s" not in bot.figures:
            continue
        rate = float(bot.figures[f"{label} updates/s"]) / float(relay.figures[f"{label} updates/s"])
        cpu = float(relay.figures[f"{label} CPU ms/update"]) / float(
            bot.figures[f"{label} CPU ms/update"]
        )
        print(f"{label}: bot/relay throughput {rate:.2f}, relay/bot CPU per update {cpu:.2f}")


# --- the relay: a bare aiohttp webhook that only talks to the Bot API ----------------------


async def serve_relay() -> None:
    """Answer each update with one canned sendMessage; register the webhook like the bot."""
    from aiohttp import web  # noqa: PLC0415

    api = f"{os.environ['TELEGRAM_API_BASE_URL']}/bot{os.environ['TELEGRAM_BOT_TOKEN']}"
    session = aiohttp.ClientSession()
    background: set[asyncio.Task[None]] = set()

    async def answer(update: dict[str, Any]) -> None:
        chat_id = update["message"]["chat"]["id"]
        body = {
            "chat_id": chat_id,
            "text": RELAY_ANSWER,
            "parse_mode": "HTML",
            "reply_markup": RELAY_MARKUP,
        }
        async with session.post(f"{api}/sendMessage", json=body) as response:
            await response.read()

    async def hook(request: web.Request) -> web.Response:
        task = asyncio.create_task(answer(json.loads(await request.read())))
        background.add(task)
        task.add_done_callback(background.discard)
        return web.json_response({"ok": True})

    async def livez(_request: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    app = web.Application()
    app.router.add_post("/telegram/hook", hook)
    app.router.add_get("/livez", livez)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", int(os.environ["PORT"])).start()
    body = {"url": os.environ["WEBHOOK_URL"], "secret_token": os.environ["WEBHOOK_SECRET"]}
    async with session.post(f"{api}/setWebhook", json=body) as response:
        await response.read()
    await asyncio.Event().wait()


def serve_bot_unpaced() -> int:
    """``python -m bot`` as configured by the environment, with pacing off."""
    from bot.cli.run import run  # noqa: PLC0415 - only the bot's process needs it
    from bot.runtime.serve import Timing  # noqa: PLC0415
    from bot.telegram.pacing import NO_PACING  # noqa: PLC0415

    return run([], timing=Timing(pacing=NO_PACING))


def main() -> int:
    """Parse the arguments and run the benchmark (or serve as the relay)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--only", choices=("relay", "bot"), default=None)
    parser.add_argument("--kinds", default="cheap,sizing,varied", help="saturation runs")
    parser.add_argument("--steady", default="cheap,sizing,varied", help="fixed-rate runs")
    parser.add_argument("--profile", help="with --only: py-spy collapsed stacks to this file")
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-bot", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_relay:
        asyncio.run(serve_relay())
        return 0
    if args.serve_bot:
        return serve_bot_unpaced()
    pin(LOAD_CORE)
    if args.only:
        sut = asyncio.run(measure(args.only, args))
        for key, value in sut.figures.items():
            print(f"{key}: {value}")
        return 0
    relay = asyncio.run(measure("relay", args))
    bot = asyncio.run(measure("bot", args))
    report(relay, bot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
