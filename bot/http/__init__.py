"""The HTTP server under the bot: the webhook route, health probes and metrics, on aiohttp."""

from bot.http.server import make_base_app, serving
from bot.http.webhook import webhook_server

__all__ = [
    "make_base_app",
    "serving",
    "webhook_server",
]
