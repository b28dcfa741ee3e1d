from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.answers import CheckoutConfig
from bot.conversation import Pipeline
from bot.state import MemoryStore
from bot.web import ApiKeys, Cors, Limits, Services, WebConfig, create_app

API_KEY = "support-tool-key-0123456789"


def make_app(config: WebConfig | None = None):
    """Build the website: the catalog only (no Hub), chats in memory, ``config``."""
    checkout = CheckoutConfig(medium="website")
    services = Services(pipeline=Pipeline(checkout), checkout=checkout, store=MemoryStore())
    return create_app(services, config)


@pytest.fixture
async def client():
    """Serve the website on loopback with generous limits, CORS for one origin, one API key."""
    config = WebConfig(
        limits=Limits(per_minute=10_000, burst=10_000),
        api_keys=ApiKeys.of([API_KEY]),
        cors=Cors.parse("https://fullgpu.com"),
    )
    async with TestClient(TestServer(make_app(config))) as test_client:
        yield test_client
