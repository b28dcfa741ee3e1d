"""The bot's HTTP server: health and metrics routes, and the limits every connection lives by.

Both modes serve it: webhook mode adds the update route (``bot.http.webhook``), polling mode serves
only ``/livez``, ``/readyz``, ``/healthz`` and ``/metrics``. Limits, so that no client can
exhaust the process:

- connections: at most ``ServerLimits.max_connections`` open at once (fitted under the
  file-descriptor limit); one more is closed as soon as it is accepted, and counted;
- request head: the request line and headers must arrive within ``head_timeout_s`` of the
  connection opening or of the previous response, so idle and slow-header clients are closed;
- request body: read within ``body_timeout_s`` and at most ``max_body_bytes``.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.ops import HEALTH, METRICS, METRICS_CONTENT_TYPE
from bot.state import ChatStore
from bot.telegram import BotApp

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 1000
FD_RESERVE = 100  # descriptors kept for the Bot API pool, Redis, SQLite, logs and the listener
HEAD_TIMEOUT_S = 15.0
BODY_TIMEOUT_S = 10.0
MAX_BODY_BYTES = 1024 * 1024  # Telegram's updates are a few KB; documents come by file id
API_FRESH_S = 120.0  # the Bot API answered this recently: no need to ask it again for /readyz
PROBE_TIMEOUT_S = 3.0
PROBE_INTERVAL_S = 10.0  # at most one getMe or store probe per this many seconds
READINESS_CHAT_ID = 0  # Telegram never uses chat id 0: reading it only proves the store answers
APPLICATION_KEY = web.AppKey("application", BotApp)
LIVEZ, READYZ, HEALTHZ, METRICS_PATH = "/livez", "/readyz", "/healthz", "/metrics"


def fitted_max_connections(wanted: int = MAX_CONNECTIONS) -> int:
    """``wanted``, lowered to fit under the soft file-descriptor limit with a reserve."""
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except OSError:  # a sandbox may refuse to tell: keep the default cap
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - FD_RESERVE))


@dataclass(frozen=True)
class ServerLimits:
    """How much any one client may hold of the server."""

    max_connections: int = field(default_factory=fitted_max_connections)
    head_timeout_s: float = HEAD_TIMEOUT_S
    body_timeout_s: float = BODY_TIMEOUT_S
    max_body_bytes: int = MAX_BODY_BYTES


class _GuardedProtocol(asyncio.Protocol):
    """Wraps aiohttp's per-connection protocol: counts it and closes it when idle too long."""

    def __init__(self, guard: ConnectionGuard, inner: asyncio.Protocol) -> None:
        self._guard, self._inner = guard, inner
        self._transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._accepted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accept within the limit (arming the head deadline), else close at once."""
        assert isinstance(transport, asyncio.Transport)  # noqa: S101 - TCP gives Transports
        if not self._guard.admit(self, transport):
            transport.abort()
            return
        self._accepted = True
        self._transport = transport
        self.arm()
        self._inner.connection_made(transport)

    def arm(self) -> None:
        """Start the clock for the next request head (connection opened or response sent)."""
        self.disarm()
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(self._guard.limits.head_timeout_s, self._expire)

    def disarm(self) -> None:
        """Stop the clock: a request is being handled."""
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self._transport is not None and not self._transport.is_closing():
            METRICS.rejected_requests.labels(reason="head_timeout").inc()
            self._transport.close()

    def data_received(self, data: bytes) -> None:
        """Hand the bytes to aiohttp."""
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        """Hand the end of input to aiohttp."""
        return self._inner.eof_received()

    def pause_writing(self) -> None:
        """Pass flow control through."""
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        """Pass flow control through."""
        self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection and let aiohttp clean up."""
        self.disarm()
        if not self._accepted:
            return
        self._guard.release(self)
        self._inner.connection_lost(exc)


class ConnectionGuard:
    """Counts open connections and maps transports to their guarded protocol."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self._open: dict[asyncio.Transport, _GuardedProtocol] = {}

    @property
    def open_connections(self) -> int:
        """How many connections are open now."""
        return len(self._open)

    def admit(self, protocol: _GuardedProtocol, transport: asyncio.Transport) -> bool:
        """Register a new connection; ``False`` when the server is full."""
        if len(self._open) >= self.limits.max_connections:
            METRICS.rejected_requests.labels(reason="too_many_connections").inc()
            log.warning("connection limit (%d) reached: new connection closed", len(self._open))
            return False
        self._open[transport] = protocol
        METRICS.open_connections.set(len(self._open))
        return True

    def release(self, protocol: _GuardedProtocol) -> None:
        """Forget a closed connection."""
        for transport, known in list(self._open.items()):
            if known is protocol:
                del self._open[transport]
        METRICS.open_connections.set(len(self._open))

    def protocol_of(self, transport: asyncio.BaseTransport | None) -> _GuardedProtocol | None:
        """Return the guarded protocol of a request's transport."""
        return self._open.get(transport) if isinstance(transport, asyncio.Transport) else None

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """Wrap aiohttp's protocol factory."""
        return lambda: _GuardedProtocol(self, inner())


class GuardedSite(web.BaseSite):
    """A TCP site whose connections go through a ``ConnectionGuard``."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, guard: ConnectionGuard) -> None:
        super().__init__(runner)
        self._host, self._port, self._guard = host, port, guard

    @property
    def name(self) -> str:
        """Where the site listens."""
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        """Listen; every accepted connection is guarded."""
        await super().start()
        server = self._runner.server
        if server is None:
            raise RuntimeError("the runner is not set up")
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._guard.factory(server), self._host, self._port, reuse_address=True
        )


GUARD_KEY = web.AppKey("guard", ConnectionGuard)


@web.middleware
async def guard_requests(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Stop the head clock while a request runs; read its body within the deadline first."""
    guard = request.app[GUARD_KEY]
    protocol = guard.protocol_of(request.transport)
    if protocol is not None:
        protocol.disarm()
    try:
        if request.can_read_body and request.content.is_eof():
            await request.read()  # all here already (nearly every update): nothing to wait for
        elif request.can_read_body:
            try:
                async with asyncio.timeout(guard.limits.body_timeout_s):
                    await request.read()  # cached: handlers read it again for free
            except TimeoutError:
                METRICS.rejected_requests.labels(reason="body_timeout").inc()
                log.warning("request body not received within %.0f s", guard.limits.body_timeout_s)
                raise web.HTTPRequestTimeout from None
        return await handler(request)
    finally:
        if protocol is not None:
            protocol.arm()


class ReadinessProbes:
    """Whether the bot can answer now: running, store reachable, Bot API reached recently."""

    def __init__(self, application: BotApp, store: ChatStore) -> None:
        self.application, self.store = application, store
        self._last: dict[str, tuple[float, bool]] = {}
        self._locks = {"store": asyncio.Lock(), "bot_api": asyncio.Lock()}

    async def _probe(self, name: str, check: Callable[[], Awaitable[object]]) -> bool:
        # One probe at a time, and its result reused for a while: a probe storm from several
        # load balancers must not become a storm on Redis or Telegram.
        async with self._locks[name]:
            at, ok = self._last.get(name, (float("-inf"), False))
            if time.monotonic() - at < PROBE_INTERVAL_S:
                return ok
            try:
                async with asyncio.timeout(PROBE_TIMEOUT_S):
                    await check()
                ok = True
            except Exception as error:  # noqa: BLE001 - any failure means "not ready"
                log.warning("readiness: %s unreachable: %s", name, type(error).__name__)
                ok = False
            self._last[name] = (time.monotonic(), ok)
            return ok

    async def bot_api_ok(self) -> bool:
        """Reached recently, or answers a getMe now."""
        age = HEALTH.api_answer_age_s()
        if age is not None and age <= API_FRESH_S:
            return True
        return await self._probe("bot_api", self.application.bot.get_me)

    async def store_ok(self) -> bool:
        """Check that the state store answers a read."""
        return await self._probe("store", lambda: self.store.get(READINESS_CHAT_ID))

    async def report(self) -> dict[str, Any]:
        """Every check and the verdict."""
        checks = {
            "running": bool(self.application.running),
            "store": await self.store_ok(),
            "bot_api": await self.bot_api_ok(),
        }
        return {"ready": all(checks.values()), "checks": checks}


PROBES_KEY = web.AppKey("probes", ReadinessProbes)


async def livez(_request: web.Request) -> web.Response:
    """Liveness: the event loop answers."""
    return web.json_response({"ok": True})


async def readyz(request: web.Request) -> web.Response:
    """Readiness: 200 when every check passes, 503 with the failing ones otherwise."""
    report = await request.app[PROBES_KEY].report()
    return web.json_response(report, status=200 if report["ready"] else 503)


async def healthz(request: web.Request) -> web.Response:
    """Answer the original health check: 200 while the Application is running."""
    running = request.app[APPLICATION_KEY].running
    return web.json_response({"ok": running}, status=200 if running else 503)


async def metrics(_request: web.Request) -> web.Response:
    """Every metric in the Prometheus text format."""
    response = web.Response(body=METRICS.exposition())
    response.headers["Content-Type"] = METRICS_CONTENT_TYPE
    return response


def make_base_app(
    application: BotApp, store: ChatStore, limits: ServerLimits | None = None
) -> web.Application:
    """Build the aiohttp application with the limits and the health and metrics routes."""
    limits = limits or ServerLimits()
    app = web.Application(middlewares=[guard_requests], client_max_size=limits.max_body_bytes)
    app[APPLICATION_KEY] = application
    app[PROBES_KEY] = ReadinessProbes(application, store)
    app[GUARD_KEY] = ConnectionGuard(limits)
    app.router.add_get(LIVEZ, livez)
    app.router.add_get(READYZ, readyz)
    app.router.add_get(HEALTHZ, healthz)
    app.router.add_get(METRICS_PATH, metrics)
    return app


@asynccontextmanager
async def serving(app: web.Application, host: str, port: int) -> AsyncIterator[web.AppRunner]:
    """Serve ``app`` on host:port until the block ends."""
    limits = app[GUARD_KEY].limits
    runner = web.AppRunner(
        app, access_log=None, keepalive_timeout=limits.head_timeout_s, shutdown_timeout=5.0
    )
    await runner.setup()
    try:
        await GuardedSite(runner, host, port, app[GUARD_KEY]).start()
        log.info(
            "HTTP server on %s:%d (at most %d connections)", host, port, limits.max_connections
        )
        yield runner
    finally:
        await runner.cleanup()
