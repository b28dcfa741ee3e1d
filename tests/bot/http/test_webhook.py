"""bot.http.webhook: the secret check, the 200 only once stored, bad bodies, a full backlog."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.http.webhook import MAX_PENDING_UPDATES, SECRET_HEADER, make_web_app

SECRET = "s3cret_value-123"  # noqa: S105 - a fake
UPDATE = {
    "update_id": 9,
    "message": {"message_id": 1, "date": 0, "text": "hi", "chat": {"id": 5, "type": "private"}},
}


class FakeApplication:
    """What the routes read of a PTB Application: whether it runs, and its bot."""

    def __init__(self) -> None:
        self.running = True
        self.bot = None


class SlowSink:
    """Stores updates, each only once ``release`` is set (a slow store)."""

    def __init__(self) -> None:
        self.stored: list[dict] = []
        self.bodies: list[str | None] = []
        self.release = asyncio.Event()
        self.release.set()

    async def __call__(self, raw: dict, body: str | None = None) -> bool:
        """Store ``raw`` (and the JSON text it came as) once allowed to."""
        await self.release.wait()
        self.stored.append(raw)
        self.bodies.append(body)
        return True


@pytest.fixture
async def client():
    """Serve the webhook app to a test client, with a fake Application and sink behind it."""
    application, sink = FakeApplication(), SlowSink()
    backlog = [0]
    app = make_web_app(
        application,  # type: ignore[arg-type]
        secret=SECRET,
        path="/telegram/hook",
        sink=sink,
        backlog=lambda: backlog[0],
    )
    async with TestClient(TestServer(app)) as test_client:
        test_client.application = application
        test_client.sink = sink
        test_client.backlog = backlog
        yield test_client


async def test_the_right_secret_stores_the_update_as_sent(client):
    """A delivery with the secret is stored exactly as Telegram sent it, then answered 200."""
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 200
    assert client.sink.stored == [UPDATE]


@pytest.mark.parametrize(
    "body",
    [
        json.dumps(UPDATE).encode(),
        json.dumps(UPDATE, ensure_ascii=False, indent=1)
        .replace('"hi"', '"é 😀 \\ud83d\\ude00"')
        .encode(),
        json.dumps(UPDATE).encode("utf-16"),
        b"\xef\xbb\xbf" + json.dumps(UPDATE).encode(),
    ],
    ids=["compact", "non-ascii", "utf-16", "utf-8 bom"],
)
async def test_the_update_is_stored_as_the_text_that_came(client, body):
    """The sink gets the delivery's own JSON text (not written anew), which reads as the update."""
    response = await client.post(
        "/telegram/hook", data=body, headers={SECRET_HEADER: SECRET, "Content-Type": "text/plain"}
    )
    assert response.status == 200
    [raw], [text] = client.sink.stored, client.sink.bodies
    assert text is not None
    assert json.loads(text) == raw
    if not body.startswith((b"\xef", b"\xff", b"\xfe")):
        assert text.encode() == body


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
    """Without the exact secret: 403 and nothing stored."""
    response = await client.post("/telegram/hook", json=UPDATE, headers=headers)
    assert response.status == 403
    assert client.sink.stored == []


DEEP = "[" * 5000 + "]" * 5000
BAD_BODIES = [
    "not json",
    "[1, 2]",
    '"text"',
    DEEP,
    '{"update_id": "nine"}',
    '{"update_id": "9"}',
    '{"update_id": 1' + "0" * 5000 + "}",
    '{"update_id": 9, "x": NaN}',
    '{"update_id": 9, "x": "\\ud800"}',
    "\xff\xfe garbage",
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
async def test_a_body_that_is_not_an_update_is_200_and_dropped(client, body, caplog):
    """Telegram must not redeliver a bad body: 200, nothing stored, one log line."""
    response = await client.post(
        "/telegram/hook",
        data=body.encode("utf-8", "surrogateescape"),
        headers={SECRET_HEADER: SECRET, "Content-Type": "text/plain"},
    )
    assert response.status == 200
    assert client.sink.stored == []
    dropped = [r for r in caplog.records if "not an update" in r.getMessage()]
    assert len(dropped) == 1


async def test_an_update_object_ptb_cannot_read_is_stored_for_the_handler_to_drop(client):
    """Right shape, wrong field types: stored as sent and answered 200; reading it is later."""
    odd = {"update_id": 9, "message": 5}
    response = await client.post("/telegram/hook", json=odd, headers={SECRET_HEADER: SECRET})
    assert response.status == 200
    assert client.sink.stored == [odd]


async def test_an_update_with_an_odd_content_type_is_still_read(client):
    """The body decides, not the Content-Type header: a real update is stored."""
    response = await client.post(
        "/telegram/hook",
        data=json.dumps(UPDATE),
        headers={SECRET_HEADER: SECRET, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status == 200
    assert client.sink.stored == [UPDATE]


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


async def test_a_full_backlog_asks_telegram_to_come_back_later(client):
    """With the backlog at its bound: 503 with Retry-After, and nothing stored; below it, 200."""
    client.backlog[0] = MAX_PENDING_UPDATES
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 503
    assert response.headers["Retry-After"]
    assert client.sink.stored == []
    client.backlog[0] = MAX_PENDING_UPDATES - 1
    response = await client.post("/telegram/hook", json=UPDATE, headers={SECRET_HEADER: SECRET})
    assert response.status == 200
    assert client.sink.stored == [UPDATE]
