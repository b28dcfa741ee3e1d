"""bot.webhook: the secret check, the 200 only once stored, and the health endpoint."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.webhook import SECRET_HEADER, make_web_app

SECRET = "s3cret_value-123"  # noqa: S105 - a fake
UPDATE = {
    "update_id": 9,
    "message": {"message_id": 1, "date": 0, "text": "hi", "chat": {"id": 5, "type": "private"}},
}


class FakeApplication:
    """What the health route reads of a PTB Application."""

    def __init__(self) -> None:
        self.running = True


class SlowSink:
    """Stores updates, each only once ``release`` is set (a slow store)."""

    def __init__(self) -> None:
        self.stored: list[dict] = []
        self.release = asyncio.Event()
        self.release.set()

    async def __call__(self, raw: dict) -> bool:
        """Store ``raw`` once allowed to."""
        await self.release.wait()
        self.stored.append(raw)
        return True


@pytest.fixture
async def client():
    """Serve the webhook app to a test client, with a fake Application and sink behind it."""
    application, sink = FakeApplication(), SlowSink()
    app = make_web_app(application, secret=SECRET, path="/telegram/hook", sink=sink)  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        test_client.application = application
        test_client.sink = sink
        yield test_client


async def test_the_right_secret_stores_the_update_as_sent(client):
    """A delivery with the secret is stored exactly as Telegram sent it, then answered 200."""
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 200
    assert client.sink.stored == [UPDATE]


async def test_the_200_waits_until_the_update_is_stored(client):
    """Telegram hears 200 only after the store took the update: a crash before loses nothing."""
    client.sink.release.clear()
    post = asyncio.ensure_future(
        client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    )
    await asyncio.sleep(0.2)
    assert not post.done()
    client.sink.release.set()
    assert (await post).status == 200
    assert client.sink.stored == [UPDATE]


@pytest.mark.parametrize(
    "headers", [{}, {SECRET_HEADER: "wrong"}, {SECRET_HEADER: SECRET + "x"}, {SECRET_HEADER: ""}]
)
async def test_a_wrong_or_missing_secret_is_403(client, headers):
    """Without the exact secret: 403 and nothing queued."""
    response = await client.post("/telegram/hook", json=UPDATE, headers=headers)
    assert response.status == 403
    assert client.sink.stored == []


@pytest.mark.parametrize("body", ["not json", "[1, 2]", '"text"', '{"update_id": "9"}'])
async def test_an_unreadable_body_is_400(client, body):
    """A body that is not an update object is refused with 400 and not stored."""
    response = await client.post("/telegram/hook", data=body, headers={SECRET_HEADER: SECRET})
    assert response.status == 400
    assert client.sink.stored == []


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
