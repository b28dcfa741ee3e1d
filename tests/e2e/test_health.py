"""Health that tells the truth, end to end: a slow start, and Redis stopped under a running bot."""

from __future__ import annotations

import asyncio
import time

import aiohttp

from bot.runtime.serve import serve_bot
from tests.e2e.harness import FAST, START_TIMEOUT_S, STOP_TIMEOUT_S, bot_settings, running_bot
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.redis_server import RedisServer
from tests.fakes.telegram_api import Fault
from tests.fakes.users import FakeUser

WARM_PAUSE_S = 0.05  # per warm-up answer: 60 of them make a start-up of three seconds


class SlowStartPipeline(EchoPipeline):
    """An echo pipeline whose warm-up answers are slow, as on a starved machine."""

    def __init__(self) -> None:
        super().__init__()
        self.warming = True

    def respond(self, text, chat, **options):
        """Answer; slowly while warming up."""
        if self.warming:
            time.sleep(WARM_PAUSE_S)
        return super().respond(text, chat, **options)


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, dict]:
    async with session.get(url) as response:
        return response.status, await response.json()


async def test_livez_answers_within_a_second_of_a_slow_start(fake):
    """Warm-up takes seconds and getMe fails at first: /livez is 200 from the first second."""
    fake.fault("getMe", Fault.BAD_GATEWAY, times=3)
    settings = bot_settings(fake, "webhook", "memory://")
    pipeline = SlowStartPipeline()
    stop = asyncio.Event()
    started = time.monotonic()
    task = asyncio.create_task(serve_bot(settings, pipeline, stop, menu=echo_menu, timing=FAST))
    base = f"http://127.0.0.1:{settings.port}"
    try:
        async with aiohttp.ClientSession() as session:
            while True:  # the listener is up within the first second, long before the start ends
                try:
                    live, _ = await _get(session, f"{base}/livez")
                    break
                except aiohttp.ClientConnectionError:
                    assert time.monotonic() - started < 1.0
                    await asyncio.sleep(0.02)
            assert live == 200
            assert time.monotonic() - started < 1.0
            ready, body = await _get(session, f"{base}/readyz")
            assert (ready, body["phase"]) == (503, "starting")
            await fake.wait_for(
                lambda: bool(fake.calls_to("setWebhook")), timeout_s=START_TIMEOUT_S
            )
            pipeline.warming = False
            assert time.monotonic() - started > 1.0  # the start was slow indeed
            ready, body = await _get(session, f"{base}/readyz")
            assert (ready, body["phase"]) == (200, "running")
    finally:
        stop.set()
        async with asyncio.timeout(STOP_TIMEOUT_S):
            await task


async def test_readyz_stays_200_naming_the_store_degraded_while_redis_is_stopped(fake, tmp_path):
    """Redis stopped under a webhook bot: /readyz 200 with "store": "degraded", the gauge at 1."""
    redis = RedisServer(tmp_path)
    redis.start()
    settings = bot_settings(fake, "webhook", redis.url)
    base = f"http://127.0.0.1:{settings.port}"
    metrics = f"http://127.0.0.1:{settings.metrics_port}/metrics"
    try:
        async with (
            running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST),
            aiohttp.ClientSession() as session,
        ):
            status, body = await _get(session, f"{base}/readyz")
            assert (status, body["checks"]["store"]) == (200, "ok")
            redis.stop()
            await asyncio.sleep(FAST.probe_interval_s * 2)
            status, body = await _get(session, f"{base}/readyz")
            assert status == 200
            assert body["checks"]["store"] == "degraded"
            assert body["degraded"] == ["store"]
            async with session.get(metrics) as response:
                assert "fullgpu_store_degraded 1.0" in await response.text()
            await FakeUser(fake, 9100).says("still there?")
            await fake.wait_for(lambda: bool(fake.sent(9100)), timeout_s=20)
            redis.start()
            await asyncio.sleep(FAST.probe_interval_s * 2)
            status, body = await _get(session, f"{base}/readyz")
            assert (status, body["checks"]["store"]) == (200, "ok")
    finally:
        redis.stop()
