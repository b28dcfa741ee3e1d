"""The HTTP server under the bot: the webhook route, health probes and metrics, on aiohttp."""

from bot.http.health import PROBE_INTERVAL_S, Phase, Readiness, ReadinessProbes
from bot.http.redirect import add_checkout_redirect
from bot.http.server import make_base_app, make_metrics_app, serving
from bot.http.webhook import (
    WebhookDoor,
    WebhookRefusedError,
    add_webhook_route,
    register_webhook,
)

__all__ = [
    "PROBE_INTERVAL_S",
    "Phase",
    "Readiness",
    "ReadinessProbes",
    "WebhookDoor",
    "WebhookRefusedError",
    "add_checkout_redirect",
    "add_webhook_route",
    "make_base_app",
    "make_metrics_app",
    "register_webhook",
    "serving",
]
