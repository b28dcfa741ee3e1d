"""bot.webhook: the secret check, the fast 200 and the health endpoint, in-process."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp.test_utils import TestClient, TestServer
from telegram import Update

from bot.webhook import SECRET_HEADER, make_web_app

SECRET = "s3cret_value-123"  # noqa: S105 - a fake
UPDATE = {
    "update_id": 9,
    "message": {"message_id": 1, "date": 0, "text": "hi", "chat": {"id": 5, "type": "private"}},
}


class FakeApplication:
    """The two things the webhook uses of a PTB Application: its bot and its update queue."""

    def __init__(self) -> None:
        self.bot = None
        self.update_queue: asyncio.Queue[Update] = asyncio.Queue()
        self.running = True


@pytest.fixture
async def client():
    """Serve the webhook app to a test client, with a fake Application behind it."""
    application = FakeApplication()
    app = make_web_app(application, secret=SECRET, path="/telegram/hook")  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        test_client.application = application
        yield test_client


async def test_the_right_secret_queues_the_update(client):
    """A delivery with the secret is answered 200 and its update is queued."""
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 200
    update = client.application.update_queue.get_nowait()
    assert update.update_id == 9
    assert update.effective_message.text == "hi"


@pytest.mark.parametrize(
    "headers", [{}, {SECRET_HEADER: "wrong"}, {SECRET_HEADER: SECRET + "x"}, {SECRET_HEADER: ""}]
)
async def test_a_wrong_or_missing_secret_is_403(client, headers):
    """Without the exact secret: 403 and nothing queued."""
    response = await client.post("/telegram/hook", json=UPDATE, headers=headers)
    assert response.status == 403
    assert client.application.update_queue.empty()


DEEP = "[" * 5000 + "]" * 5000
BAD_BODIES = [
    "not json",
    "[1, 2]",
    '"text"',
    DEEP,
    '{"update_id": "nine"}',
    '{"update_id": 9, "message": 5}',
    '{"update_id": 9, "message": {"chat": "x"}}',
    '{"update_id": 1' + "0" * 5000 + "}",
    '{"update_id": 9, "x": NaN}',
    '{"update_id": 9, "x": "\\ud800"}',
    "\xff\xfe garbage",
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
async def test_a_body_that_is_not_an_update_is_200_and_dropped(client, body, caplog):
    """Telegram must not redeliver a bad body: 200, nothing queued, one log line."""
    response = await client.post(
        "/telegram/hook",
        data=body.encode("utf-8", "surrogateescape"),
        headers={SECRET_HEADER: SECRET, "Content-Type": "text/plain"},
    )
    assert response.status == 200
    assert client.application.update_queue.empty()
    dropped = [r for r in caplog.records if "not an update" in r.getMessage()]
    assert len(dropped) == 1


async def test_an_update_with_an_odd_content_type_is_still_read(client):
    """The body decides, not the Content-Type header: a real update is queued."""
    response = await client.post(
        "/telegram/hook",
        data=json.dumps(UPDATE),
        headers={SECRET_HEADER: SECRET, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status == 200
    assert client.application.update_queue.get_nowait().update_id == 9


async def test_health_follows_the_application(client):
    """GET /healthz is 200 while running, 503 once stopped."""
    assert (await client.get("/healthz")).status == 200
    client.application.running = False
    assert (await client.get("/healthz")).status == 503


async def test_other_paths_and_methods_are_not_served(client):
    """Only POST on the webhook path is an update; GET there is 405, other paths 404."""
    assert (await client.get("/telegram/hook")).status == 405
    elsewhere = await client.post("/elsewhere", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert elsewhere.status == 404


async def test_a_full_intake_asks_telegram_to_come_back_later(client, monkeypatch):
    """With the pending-update bound reached: 503 with Retry-After, and nothing queued."""
    monkeypatch.setattr("bot.webhook.pending_updates", lambda: 10**6)
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 503
    assert response.headers["Retry-After"]
    assert client.application.update_queue.empty()
