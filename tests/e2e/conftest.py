from __future__ import annotations

import logging

import pytest

from tests.fakes.redis_server import redis_server, redis_url  # noqa: F401 - shared fixtures
from tests.fakes.telegram_api import FakeTelegram


@pytest.fixture
async def fake():
    """Serve the fake Bot API on a free loopback port for one test."""
    server = FakeTelegram()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
def state_url(tmp_path):
    """Name a fresh SQLite state file for one test."""
    return f"sqlite:///{tmp_path / 'state.sqlite3'}"


@pytest.fixture
def expect_errors():
    """Mark a test that makes a handler fail on purpose."""
    return True


@pytest.fixture(autouse=True)
def no_handler_errors(request, caplog):
    """Fail a test whose handlers logged an error: an apology could pass a check unnoticed."""
    caplog.set_level(logging.WARNING, logger="bot")
    yield
    if "expect_errors" in request.fixturenames:
        return
    errors = [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith("bot") and r.levelno >= logging.ERROR
    ]
    assert errors == []
