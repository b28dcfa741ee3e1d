"""The HTTP server under the bot: the webhook route, health probes and metrics, on aiohttp."""

from bot.http.server import make_base_app, serving
from bot.http.webhook import WebhookRefusedError, webhook_server

__all__ = [
    "WebhookRefusedError",
    "make_base_app",
    "serving",
    "webhook_server",
]
