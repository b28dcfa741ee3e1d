"""The website: the calculator page, its JSON API (``/v1``), charts and docs (aiohttp)."""

from bot.web.api import Services
from bot.web.app import WebConfig, create_app
from bot.web.guard import ApiKeys, Cors, Limits

__all__ = [
    "ApiKeys",
    "Cors",
    "Limits",
    "Services",
    "WebConfig",
    "create_app",
]
