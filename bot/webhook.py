"""Webhook mode: an aiohttp server that stores Telegram's updates in the intake.

A delivery is answered 200 only once its update is stored (``bot.intake``): a replica killed
right after the 200 loses nothing, another one (or the next start) handles the update. The
handling itself happens later, in ``bot.dispatch``, so the answer to Telegram stays quick.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

from bot.settings import Settings
from bot.telegram_app import BotApp

log = logging.getLogger(__name__)

# https://core.telegram.org/bots/api#setwebhook: sent with every delivery when secret_token is set.
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"  # noqa: S105 - a header name, not a secret
HEALTH_PATH = "/healthz"
ALLOWED_UPDATES = ("message", "callback_query", "inline_query")
APPLICATION_KEY = web.AppKey("application", BotApp)
SECRET_KEY = web.AppKey("secret", bytes)
# Stores one update as Telegram sent it (``Dispatcher.accept``); returns once it is stored.
UpdateSink = Callable[[dict[str, Any]], Awaitable[bool]]
SINK_KEY: web.AppKey[UpdateSink] = web.AppKey("sink")


async def receive_update(request: web.Request) -> web.Response:
    """Check the secret in constant time, store the update, then answer 200."""
    expected = request.app[SECRET_KEY]
    given = request.headers.get(SECRET_HEADER, "").encode()
    if not hmac.compare_digest(given, expected):
        log.warning("webhook call with a wrong or missing secret from %s", request.remote)
        return web.json_response({"ok": False}, status=403)
    try:
        data: Any = await request.json()
    except ValueError as error:
        log.warning("unreadable webhook body: %s", error)
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
        return web.json_response({"ok": False}, status=400)
    await request.app[SINK_KEY](data)
    return web.json_response({"ok": True})


async def health(request: web.Request) -> web.Response:
    """Liveness and readiness: 200 while the Application is running."""
    running = request.app[APPLICATION_KEY].running
    return web.json_response({"ok": running}, status=200 if running else 503)


def make_web_app(
    application: BotApp, *, secret: str, path: str, sink: UpdateSink
) -> web.Application:
    """Build the aiohttp application: POST ``path`` for updates (into ``sink``), GET /healthz."""
    app = web.Application()
    app[APPLICATION_KEY] = application
    app[SECRET_KEY] = secret.encode()
    app[SINK_KEY] = sink
    app.router.add_post(path, receive_update)
    app.router.add_get(HEALTH_PATH, health)
    return app


@asynccontextmanager
async def webhook_server(
    application: BotApp, settings: Settings, sink: UpdateSink
) -> AsyncIterator[web.AppRunner]:
    """Serve the webhook on HOST:PORT and register WEBHOOK_URL with Telegram.

    The webhook is left registered on exit: with several replicas, another one keeps serving.
    The Application must be running (see ``bot.telegram_app.running``).
    """
    if settings.webhook_url is None or settings.webhook_secret is None:
        raise ValueError("webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET")
    secret = settings.webhook_secret.get_secret_value()
    web_app = make_web_app(application, secret=secret, path=settings.webhook_path, sink=sink)
    runner = web.AppRunner(web_app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.host, settings.port).start()
        log.info("webhook server on %s:%d%s", settings.host, settings.port, settings.webhook_path)
        await application.bot.set_webhook(
            url=settings.webhook_url, secret_token=secret, allowed_updates=list(ALLOWED_UPDATES)
        )
        yield runner
    finally:
        await runner.cleanup()
