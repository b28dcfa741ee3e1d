"""The listeners opened first thing, and the housekeeping that runs beside the bot.

The public server (health, the webhook in webhook mode, the counting checkout redirect) and the
metrics server start before the warm-up, the store and Telegram, so ``/livez`` answers while the
rest starts (``bot.http.health``). Beside the running bot: the sweep of chat state past RETENTION,
the flush of the analytics' counts into their daily totals, and a store probe that keeps the
degraded gauge current.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from aiohttp import web

from bot.http import (
    Readiness,
    ReadinessProbes,
    WebhookDoor,
    add_checkout_redirect,
    add_webhook_route,
    make_base_app,
    make_metrics_app,
    serving,
)
from bot.settings import BotMode, Settings
from bot.state import FallbackStore
from bot.telegram import CheckoutRedirects, TelegramHandlers, checkout_redirects

log = logging.getLogger(__name__)

SWEEP_MIN_S, SWEEP_MAX_S = 0.5, 3600.0  # how often expired chat state is looked for


@asynccontextmanager
async def _listening(
    app: web.Application, host: str, port: int, *, required: bool, what: str
) -> AsyncIterator[web.AppRunner | None]:
    """Serve ``app``; a port already taken stops start-up only where ``required``.

    Polling mode's health routes and the metrics listener are not required: answering
    customers matters more than being probed or scraped, so the bot goes on without them.
    """
    async with contextlib.AsyncExitStack() as stack:
        runner: web.AppRunner | None = None
        try:
            runner = await stack.enter_async_context(serving(app, host, port))
        except OSError as error:
            if required:
                raise
            log.error(  # noqa: TRY400 - the reason is the whole story
                "cannot listen: going on without it",
                extra={
                    "event": "listen_failed",
                    "listener": what,
                    "host": host,
                    "port": port,
                    "error": error.strerror,
                },
            )
        yield runner


@dataclass
class Front:
    """The listeners opened at the very start, and what readiness is judged on."""

    readiness: Readiness
    door: WebhookDoor | None  # webhook mode: where deliveries go once the bot runs
    redirects: CheckoutRedirects | None  # PUBLIC_BASE_URL: checkout links that count clicks


@asynccontextmanager
async def listeners(settings: Settings, probe_interval_s: float) -> AsyncIterator[Front]:
    """Open the public server (health, and the webhook in webhook mode) and the metrics one."""
    readiness = Readiness(probe_interval_s=probe_interval_s)
    app = make_base_app(readiness)
    door = None
    webhook = settings.bot_mode is BotMode.WEBHOOK
    if webhook and settings.webhook_secret is not None:
        door = add_webhook_route(
            app, secret=settings.webhook_secret.get_secret_value(), path=settings.webhook_path
        )
    token = settings.telegram_bot_token
    redirects = checkout_redirects(
        settings.public_base_url, token.get_secret_value() if token is not None else None
    )
    if redirects is not None:
        add_checkout_redirect(app, redirects)
    async with (
        _listening(app, settings.host, settings.port, required=webhook, what="public"),
        _listening(
            make_metrics_app(),
            settings.metrics_host,
            settings.metrics_port,
            required=False,
            what="metrics",
        ),
    ):
        yield Front(readiness, door, redirects)


async def sweep(chats: FallbackStore, retention_s: float) -> None:
    """Delete chat state past RETENTION now and then (Redis expires its keys by itself)."""
    every_s = min(max(retention_s / 2, SWEEP_MIN_S), SWEEP_MAX_S)
    while True:
        gone = await chats.purge()
        if gone:
            log.info("expired chat state deleted", extra={"event": "purge", "count": gone})
        await asyncio.sleep(every_s)


async def flush_every(handlers: TelegramHandlers, every_s: float) -> None:
    """Add the analytics' counts to the daily totals now and then (and once more at the end)."""
    while True:
        await asyncio.sleep(every_s)
        await handlers.own.flush_analytics()


async def watch_store(probes: ReadinessProbes, every_s: float) -> None:
    """Probe the store now and then, so the degraded gauge is current without a /readyz."""
    while True:
        await probes.store_check()
        await asyncio.sleep(every_s)
