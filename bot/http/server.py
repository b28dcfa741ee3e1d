"""The bot's HTTP server: health and metrics routes, and the limits every connection lives by.

Both modes serve it from the first second (``bot.http.health``): webhook mode adds the update route
(``bot.http.webhook``), polling mode serves only ``/livez``, ``/readyz`` and ``/healthz``.
``/metrics`` has a listener of its own (``METRICS_HOST``/``METRICS_PORT``), off the public port.
Limits, so that no client can exhaust the process:

- connections: at most ``ServerLimits.max_connections`` open at once (fitted under the
  file-descriptor limit); one more is closed as soon as it is accepted, and counted;
- request head: the request line and headers must arrive within ``head_timeout_s`` of the
  connection opening or of the previous response, so idle and slow-header clients are closed;
- request body: read within ``body_timeout_s`` and at most ``max_body_bytes``.

Every connection's end is counted once in ``fullgpu_http_connections_total{outcome}``:
``closed`` (by the client, or at shutdown), ``idle`` (no byte of a new request within the head
deadline: a keep-alive connection at rest, not a fault), ``head_timeout`` (a request head begun and
not finished in time: also counted as a rejected request), ``refused`` (over the connection limit).
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from aiohttp import web

from bot.http.health import Readiness, add_health_routes
from bot.ops import METRICS, METRICS_CONTENT_TYPE

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 1000
FD_RESERVE = 100  # descriptors kept for the Bot API pool, Redis, SQLite, logs and the listener
HEAD_TIMEOUT_S = 15.0
BODY_TIMEOUT_S = 10.0
MAX_BODY_BYTES = 1024 * 1024  # Telegram's updates are a few KB; documents come by file id
KEEPALIVE_MARGIN_S = 1.0
METRICS_CONNECTIONS = 64  # scrapers and a curl or two
METRICS_PATH = "/metrics"


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
        self._partial = False  # bytes of a request head have come since the clock started
        self._ended_as: str | None = None  # how we closed it, when we did

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accept within the limit (arming the head deadline), else close at once."""
        assert isinstance(transport, asyncio.Transport)  # noqa: S101 - TCP gives Transports
        if not self._guard.admit(self, transport):
            METRICS.connection_ended("refused")
            transport.abort()
            return
        self._accepted = True
        self._transport = transport
        self.arm()
        self._inner.connection_made(transport)

    def arm(self) -> None:
        """Start the clock for the next request head (connection opened or response sent)."""
        self.disarm()
        self._partial = False
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
            # Silence since the last response is a keep-alive connection at rest; half a head is
            # a slow or stuck client.
            if self._partial:
                METRICS.rejected_requests.labels(reason="head_timeout").inc()
            self._ended_as = "head_timeout" if self._partial else "idle"
            self._transport.close()

    def data_received(self, data: bytes) -> None:
        """Hand the bytes to aiohttp."""
        self._partial = True
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
        METRICS.connection_ended(self._ended_as or "closed")
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
            log.warning(
                "connection limit reached: new connection closed",
                extra={"event": "connection_refused", "connections": len(self._open)},
            )
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
                log.warning(
                    "request body not received in time",
                    extra={"event": "body_timeout", "seconds": guard.limits.body_timeout_s},
                )
                raise web.HTTPRequestTimeout from None
        return await handler(request)
    finally:
        if protocol is not None:
            protocol.arm()


async def metrics(_request: web.Request) -> web.Response:
    """Every metric in the Prometheus text format."""
    response = web.Response(body=METRICS.exposition())
    response.headers["Content-Type"] = METRICS_CONTENT_TYPE
    return response


def make_base_app(readiness: Readiness, limits: ServerLimits | None = None) -> web.Application:
    """Build the public application: the limits and the health routes (metrics are elsewhere)."""
    limits = limits or ServerLimits()
    app = web.Application(middlewares=[guard_requests], client_max_size=limits.max_body_bytes)
    app[GUARD_KEY] = ConnectionGuard(limits)
    add_health_routes(app, readiness)
    return app


def make_metrics_app(limits: ServerLimits | None = None) -> web.Application:
    """Build the metrics listener's application: ``/metrics`` only, for the scraper."""
    limits = limits or ServerLimits(max_connections=METRICS_CONNECTIONS)
    app = web.Application(middlewares=[guard_requests], client_max_size=limits.max_body_bytes)
    app[GUARD_KEY] = ConnectionGuard(limits)
    app.router.add_get(METRICS_PATH, metrics)
    return app


@asynccontextmanager
async def serving(app: web.Application, host: str, port: int) -> AsyncIterator[web.AppRunner]:
    """Serve ``app`` on host:port until the block ends."""
    limits = app[GUARD_KEY].limits
    # aiohttp's own keep-alive close comes a little after ours, which counts it as "idle".
    keepalive_s = limits.head_timeout_s + KEEPALIVE_MARGIN_S
    runner = web.AppRunner(
        app, access_log=None, keepalive_timeout=keepalive_s, shutdown_timeout=5.0
    )
    await runner.setup()
    try:
        await GuardedSite(runner, host, port, app[GUARD_KEY]).start()
        log.info(
            "HTTP server listening",
            extra={
                "event": "listening",
                "host": host,
                "port": port,
                "connections": limits.max_connections,
            },
        )
        yield runner
    finally:
        await runner.cleanup()
