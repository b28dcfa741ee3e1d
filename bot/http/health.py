"""Health that tells the truth: ``/livez`` from the first second, ``/readyz`` when it can answer.

The HTTP server starts before anything else (``bot.runtime.serve``): while the bot warms up,
opens its store and waits for Telegram (up to two minutes of retries), ``/livez`` answers 200
(the process and its event loop are alive: an orchestrator must not kill it) and ``/readyz``
answers 503 with ``"phase": "starting"`` (no traffic yet). Once running, ``/readyz`` is 200 when
the bot can answer: the Application runs and the Bot API answered lately (or answers a getMe
now). A failing state store does not make it unready, since answers go on from the process's
memory (``bot.state.fallback``): the body says ``"store": "degraded"`` and the
``fullgpu_store_degraded`` gauge is 1. While stopping, ``/readyz`` is 503 again.

Body of ``/readyz``: ``{"ready": bool, "phase": "starting"|"running"|"stopping", "checks":
{"running": ..., "bot_api": ..., "store": ...}, "degraded": [names]}``, each check ``"ok"``,
``"degraded"`` or ``"failed"`` (the Bot API and store are checked only while running).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from aiohttp import web

from bot.ops import HEALTH
from bot.state import ChatStore
from bot.telegram import BotApp

log = logging.getLogger(__name__)

API_FRESH_S = 120.0  # the Bot API answered this recently: no need to ask it again for /readyz
PROBE_TIMEOUT_S = 3.0
PROBE_INTERVAL_S = 10.0  # at most one getMe or store probe per this many seconds
READINESS_CHAT_ID = 0  # Telegram never uses chat id 0: reading it only proves the store answers
OK, DEGRADED, FAILED = "ok", "degraded", "failed"
LIVEZ, READYZ, HEALTHZ = "/livez", "/readyz", "/healthz"


class Phase(StrEnum):
    """Where the process is in its life."""

    STARTING = "starting"  # warming up, opening the store, reaching Telegram
    RUNNING = "running"
    STOPPING = "stopping"  # SIGTERM: finishing what it holds, taking nothing new


@dataclass
class Readiness:
    """What readiness is judged on; filled in by the runtime as start-up goes on."""

    phase: Phase = Phase.STARTING
    application: BotApp | None = None
    store: ChatStore | None = None  # the store itself, not its fallback: it says when it fails
    probe_interval_s: float = PROBE_INTERVAL_S

    @classmethod
    def running(cls, application: BotApp, store: ChatStore) -> Readiness:
        """Describe a process already running with ``application`` and ``store`` (tests)."""
        return cls(Phase.RUNNING, application, store)


class ReadinessProbes:
    """Whether the bot can answer now, each check at most once per ``PROBE_INTERVAL_S``."""

    def __init__(self, readiness: Readiness) -> None:
        self.readiness = readiness
        self._last: dict[str, tuple[float, bool]] = {}
        self._locks = {"store": asyncio.Lock(), "bot_api": asyncio.Lock()}

    async def _probe(self, name: str, check: Callable[[], Awaitable[object]]) -> bool:
        # One probe at a time, and its result reused for a while: a probe storm from several
        # load balancers must not become a storm on Redis or Telegram.
        async with self._locks[name]:
            at, ok = self._last.get(name, (float("-inf"), False))
            if time.monotonic() - at < self.readiness.probe_interval_s:
                return ok
            try:
                async with asyncio.timeout(PROBE_TIMEOUT_S):
                    await check()
                ok = True
            except Exception as error:  # noqa: BLE001 - any failure means "not answering"
                log.warning(
                    "readiness: %s unreachable",
                    name,
                    extra={"event": "readiness", "check": name, "error": type(error).__name__},
                )
                ok = False
            self._last[name] = (time.monotonic(), ok)
            return ok

    async def bot_api_ok(self) -> bool:
        """Reached recently, or answers a getMe now."""
        age = HEALTH.api_answer_age_s()
        if age is not None and age <= API_FRESH_S:
            return True
        application = self.readiness.application
        if application is None:
            return False
        return await self._probe("bot_api", application.bot.get_me)

    async def store_check(self) -> str:
        """``ok`` when the store answers a read, ``degraded`` when answers go on without it."""
        store = self.readiness.store
        if store is None:
            return OK
        ok = await self._probe("store", lambda: store.get(READINESS_CHAT_ID))
        HEALTH.store_probed(ok=ok)
        return OK if ok else DEGRADED

    async def report(self) -> dict[str, Any]:
        """Every check, the phase and the verdict."""
        readiness = self.readiness
        application = readiness.application
        running = (
            readiness.phase is Phase.RUNNING
            and application is not None
            and bool(application.running)
        )
        checks = {"running": OK if running else FAILED}
        if running:
            checks["bot_api"] = OK if await self.bot_api_ok() else FAILED
            checks["store"] = await self.store_check()
        return {
            "ready": FAILED not in checks.values(),
            "phase": readiness.phase.value,
            "checks": checks,
            "degraded": [name for name, state in checks.items() if state == DEGRADED],
        }


PROBES_KEY = web.AppKey("probes", ReadinessProbes)


async def livez(_request: web.Request) -> web.Response:
    """Liveness: the event loop answers (from the first second of the process)."""
    return web.json_response({"ok": True})


async def readyz(request: web.Request) -> web.Response:
    """Readiness: 200 when the bot can answer (a degraded store named), 503 otherwise."""
    report = await request.app[PROBES_KEY].report()
    return web.json_response(report, status=200 if report["ready"] else 503)


async def healthz(request: web.Request) -> web.Response:
    """Answer the original health check: 200 while the Application is running."""
    readiness = request.app[PROBES_KEY].readiness
    application = readiness.application
    running = application is not None and bool(application.running)
    return web.json_response({"ok": running}, status=200 if running else 503)


def add_health_routes(app: web.Application, readiness: Readiness) -> ReadinessProbes:
    """Add ``/livez``, ``/readyz`` and ``/healthz`` to ``app``; return its probes."""
    probes = ReadinessProbes(readiness)
    app[PROBES_KEY] = probes
    app.router.add_get(LIVEZ, livez)
    app.router.add_get(READYZ, readyz)
    app.router.add_get(HEALTHZ, healthz)
    return probes
