"""Webhook mode: the update route on the bot's HTTP server (``bot.http_server``).

Telegram retries a webhook delivery that does not get a 2xx answer quickly, so the handler
only checks, queues and answers 200; the Application works through its queue in the background.
A body that is not an update is answered 200 too (and logged once): a 4xx or 5xx would make
Telegram deliver the same bad body again and again, holding back the updates behind it.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

from aiohttp import web
from telegram import Update

from bot.http_server import APPLICATION_KEY, ServerLimits, make_base_app, serving
from bot.jsonin import JsonInputError, load_json
from bot.observability import METRICS, note_received, pending_updates
from bot.settings import Settings
from bot.state import ChatStore, MemoryStore
from bot.telegram_app import BotApp

log = logging.getLogger(__name__)

# https://core.telegram.org/bots/api#setwebhook: sent with every delivery when secret_token is set.
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"  # noqa: S105 - a header name, not a secret
ALLOWED_UPDATES = ("message", "callback_query", "inline_query")
# Updates received and not yet handled, at most: past it Telegram is told to come back later
# (it redelivers after a 5xx) instead of this process growing without bound.
MAX_PENDING_UPDATES = 2000
SECRET_KEY = web.AppKey("secret", bytes)


def decode_update(body: bytes, application: BotApp) -> Update | None:
    """Return the update in ``body``, or ``None`` (logged once, counted) when it is not one."""
    try:
        data: Any = load_json(body, max_bytes=len(body) + 1)
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            raise JsonInputError("not an Update object")  # noqa: TRY301 - one place logs it
        update = Update.de_json(data, application.bot)
    except Exception as error:  # noqa: BLE001 - any body at all must not become a 5xx
        METRICS.rejected_requests.labels(reason="bad_update").inc()
        log.warning("webhook body dropped, not an update: %s", _short(error))
        return None
    return update


def _short(error: Exception) -> str:
    return f"{type(error).__name__}: {str(error)[:200]}"


async def receive_update(request: web.Request) -> web.Response:
    """Check the secret in constant time, queue the update, answer at once."""
    expected = request.app[SECRET_KEY]
    given = request.headers.get(SECRET_HEADER, "").encode()
    if not hmac.compare_digest(given, expected):
        log.warning("webhook call with a wrong or missing secret from %s", request.remote)
        return web.json_response({"ok": False}, status=403)
    if pending_updates() >= MAX_PENDING_UPDATES:
        METRICS.rejected_requests.labels(reason="queue_full").inc()
        log.warning("update queue full (%d): asking Telegram to deliver later", MAX_PENDING_UPDATES)
        return web.json_response({"ok": False}, status=503, headers={"Retry-After": "5"})
    application = request.app[APPLICATION_KEY]
    update = decode_update(await request.read(), application)
    if update is not None:
        note_received(update.update_id)
        await application.update_queue.put(update)
    return web.json_response({"ok": True})


def make_web_app(
    application: BotApp,
    *,
    secret: str,
    path: str,
    store: ChatStore | None = None,
    limits: ServerLimits | None = None,
) -> web.Application:
    """Build the HTTP server's application with POST ``path`` for updates."""
    app = make_base_app(application, store or MemoryStore(), limits)
    app[SECRET_KEY] = secret.encode()
    app.router.add_post(path, receive_update)
    return app


@asynccontextmanager
async def webhook_server(
    application: BotApp, settings: Settings, store: ChatStore
) -> AsyncIterator[web.AppRunner]:
    """Serve the webhook on HOST:PORT and register WEBHOOK_URL with Telegram.

    The webhook is left registered on exit: with several replicas, another one keeps serving.
    The Application must be running (see ``bot.telegram_app.running``).
    """
    if settings.webhook_url is None or settings.webhook_secret is None:
        raise ValueError("webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET")
    secret = settings.webhook_secret.get_secret_value()
    web_app = make_web_app(application, secret=secret, path=settings.webhook_path, store=store)
    async with serving(web_app, settings.host, settings.port) as runner:
        log.info("webhook on %s", settings.webhook_path)
        await application.bot.set_webhook(
            url=settings.webhook_url, secret_token=secret, allowed_updates=list(ALLOWED_UPDATES)
        )
        yield runner


@asynccontextmanager
async def health_server(
    application: BotApp, settings: Settings, store: ChatStore
) -> AsyncIterator[web.AppRunner | None]:
    """Serve only the health and metrics routes on HOST:PORT (polling mode).

    A port already taken is logged and the bot polls on without the routes: answering
    customers matters more than being probed.
    """
    app = make_base_app(application, store)
    async with AsyncExitStack() as stack:
        runner: web.AppRunner | None = None
        try:
            runner = await stack.enter_async_context(serving(app, settings.host, settings.port))
        except OSError as error:
            log.error(  # noqa: TRY400 - the reason is the whole story
                "health server cannot listen on %s:%d (%s): no /livez, /readyz, /metrics",
                settings.host,
                settings.port,
                error.strerror,
            )
        yield runner
