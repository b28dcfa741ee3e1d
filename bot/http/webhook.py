"""Webhook mode: the update route on the bot's HTTP server (``bot.http.server``).

A delivery is answered 200 only once its update is stored (``bot.delivery.intake`` through the sink,
``Dispatcher.accept``): a replica killed right after the 200 loses nothing, another one (or
the next start) handles the update. The handling itself happens later, in ``bot.delivery.dispatch``,
so the answer to Telegram stays quick.

A body that is not an update is answered 200 too (and logged once): a 4xx or 5xx would make
Telegram deliver the same bad body again and again, holding back the updates behind it. When
the backlog is past ``MAX_PENDING_UPDATES``, Telegram is told to come back later (503: it
redelivers) instead of the queue growing without bound.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web
from telegram.error import BadRequest

from bot.http.health import Readiness
from bot.http.server import ServerLimits, make_base_app
from bot.json_input import JsonInputError, load_json
from bot.ops import METRICS
from bot.settings import Settings
from bot.state import ChatStore, MemoryStore
from bot.telegram import BotApp

log = logging.getLogger(__name__)

# https://core.telegram.org/bots/api#setwebhook: sent with every delivery when secret_token is set.
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"  # noqa: S105 - a header name, not a secret
ALLOWED_UPDATES = ("message", "callback_query", "inline_query")
# Updates stored and not yet handled, at most, before Telegram is asked to deliver later.
MAX_PENDING_UPDATES = 2000
SECRET_KEY = web.AppKey("secret", bytes)
# Every acknowledgement is the same few bytes: written once.
ACCEPTED_TEXT = json.dumps({"ok": True})


class WebhookRefusedError(ValueError):
    """Telegram refused WEBHOOK_URL (setWebhook answered 400): a configuration error."""


class UpdateSink(Protocol):
    """Stores one update as Telegram sent it (``Dispatcher.accept``); returns once it is stored.

    ``body`` is the delivery's JSON as received, stored as it is instead of written anew.
    """

    async def __call__(self, raw: dict[str, Any], body: str | None = None) -> bool:
        """Store ``raw`` (whose JSON text is ``body``); ``False`` if it was not stored."""
        ...


# How many updates wait (``Dispatcher.backlog``): read on every delivery, so it must be cheap.
Backlog = Callable[[], int]


@dataclass
class WebhookDoor:
    """Where deliveries go: nowhere (503, Telegram delivers again later) until opened."""

    sink: UpdateSink | None = None
    backlog: Backlog = lambda: 0

    def open(self, sink: UpdateSink, backlog: Backlog) -> None:
        """Take deliveries into ``sink`` from now on."""
        self.sink, self.backlog = sink, backlog

    def close(self) -> None:
        """Take no more deliveries (stopping): Telegram delivers them to a replica or later."""
        self.sink = None


DOOR_KEY = web.AppKey("webhook_door", WebhookDoor)


def decode_update(body: bytes) -> dict[str, Any] | None:
    """Return the update in ``body`` as sent, or ``None`` (logged once, counted) if it is none.

    The JSON is read within bounds (``bot.json_input``) and must be an object with an integer
    ``update_id``. Whether PTB can read the rest is decided once, where every update is read
    (``bot.runtime.serve``): one it cannot read is dropped there with one log line, as in polling.
    """
    try:
        data: Any = load_json(body, max_bytes=len(body) + 1)
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            raise JsonInputError("not an Update object")  # noqa: TRY301 - one place logs it
    except JsonInputError as error:
        METRICS.rejected_requests.labels(reason="bad_update").inc()
        log.warning(
            "webhook body dropped, not an update",
            extra={"event": "bad_update", "error": _short(error)},
        )
        return None
    return data


def received_text(body: bytes) -> str:
    """Return a delivery's bytes as the text ``json`` read them as (``json.loads`` does this)."""
    return body.decode(json.detect_encoding(body), "surrogatepass")


def _short(error: Exception) -> str:
    return f"{type(error).__name__}: {str(error)[:200]}"


async def receive_update(request: web.Request) -> web.Response:
    """Check the secret in constant time, store the update, then answer 200."""
    expected = request.app[SECRET_KEY]
    given = request.headers.get(SECRET_HEADER, "").encode()
    if not hmac.compare_digest(given, expected):
        log.warning(
            "webhook call with a wrong or missing secret",
            extra={"event": "bad_secret", "remote": request.remote},
        )
        return web.json_response({"ok": False}, status=403)
    door = request.app[DOOR_KEY]
    sink = door.sink
    if sink is None:  # starting or stopping: Telegram delivers it again, here or elsewhere
        METRICS.rejected_requests.labels(reason="not_ready").inc()
        return web.json_response({"ok": False}, status=503, headers={"Retry-After": "5"})
    if door.backlog() >= MAX_PENDING_UPDATES:
        METRICS.rejected_requests.labels(reason="queue_full").inc()
        log.warning(
            "update queue full: asking Telegram to deliver later",
            extra={"event": "queue_full", "updates": MAX_PENDING_UPDATES},
        )
        return web.json_response({"ok": False}, status=503, headers={"Retry-After": "5"})
    body = await request.read()
    raw = decode_update(body)
    if raw is not None:
        await sink(raw, received_text(body))
    return web.Response(text=ACCEPTED_TEXT, content_type="application/json")


def add_webhook_route(app: web.Application, *, secret: str, path: str) -> WebhookDoor:
    """Add POST ``path`` to the server's application; deliveries wait for the door to open."""
    door = WebhookDoor()
    app[SECRET_KEY] = secret.encode()
    app[DOOR_KEY] = door
    app.router.add_post(path, receive_update)
    return door


def make_web_app(
    application: BotApp,
    *,
    secret: str,
    path: str,
    sink: UpdateSink,
    backlog: Backlog = lambda: 0,
    store: ChatStore | None = None,
    limits: ServerLimits | None = None,
) -> web.Application:
    """Build a running server's application with POST ``path`` for updates (into ``sink``)."""
    app = make_base_app(Readiness.running(application, store or MemoryStore()), limits)
    add_webhook_route(app, secret=secret, path=path).open(sink, backlog)
    return app


async def register_webhook(application: BotApp, settings: Settings) -> None:
    """Tell Telegram to post to WEBHOOK_URL; ``WebhookRefusedError`` when it will not.

    The webhook is left registered on exit: with several replicas, another one keeps serving.
    """
    if settings.webhook_url is None or settings.webhook_secret is None:
        raise ValueError("webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET")
    try:
        await application.bot.set_webhook(
            url=settings.webhook_url,
            secret_token=settings.webhook_secret.get_secret_value(),
            allowed_updates=list(ALLOWED_UPDATES),
        )
    except BadRequest as error:  # "bad webhook: ...": no retry or restart can fix it
        refused = f"WEBHOOK_URL: Telegram refused it: {error.message}"
        raise WebhookRefusedError(refused) from None
    log.info("webhook registered", extra={"event": "webhook", "path": settings.webhook_path})
