"""bot.transport: PTB's requests over aiohttp, errors mapped as PTB maps them."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from telegram import InputFile
from telegram.error import NetworkError, TimedOut
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.observability import METRICS
from bot.transport import AiohttpRequest

TOKEN_PATH = "/bot123:SECRETTOKENxyz"  # noqa: S105 - a fake


@pytest.fixture
async def server():
    """Serve on loopback, recording what it received and can stall."""
    seen: list[dict] = []

    async def handle(request: web.Request) -> web.Response:
        if request.match_info["method"] == "stall":
            await asyncio.sleep(5)
        if request.content_type == "application/json":
            seen.append({"json": await request.json()})
        else:
            form = await request.post()
            seen.append({"form": {k: getattr(v, "filename", v) for k, v in form.items()}})
        return web.json_response({"ok": True, "result": True})

    app = web.Application()
    app.router.add_post(TOKEN_PATH + "/{method}", handle)
    async with TestServer(app) as test_server:
        yield test_server, seen


@pytest.fixture
async def request_():
    """Open a request object for the test and shut it down after."""
    req = AiohttpRequest(read_timeout_s=0.3)
    await req.initialize()
    yield req
    await req.shutdown()


async def test_parameters_go_as_native_json(server, request_):
    """Numbers stay numbers and reply_markup stays an object in the JSON body."""
    test_server, seen = server
    data = RequestData(
        [
            RequestParameter("chat_id", 42, None),
            RequestParameter("text", "价格 <b>x</b>", None),
            RequestParameter(
                "reply_markup", {"inline_keyboard": [[{"text": "a", "url": "https://e"}]]}, None
            ),
        ]
    )
    status, body = await request_.do_request(
        str(test_server.make_url(TOKEN_PATH + "/sendMessage")), "POST", data
    )
    assert (status, json.loads(body)["ok"]) == (200, True)
    assert seen[0]["json"] == {
        "chat_id": 42,
        "text": "价格 <b>x</b>",
        "reply_markup": {"inline_keyboard": [[{"text": "a", "url": "https://e"}]]},
    }


async def test_files_go_as_multipart(server, request_):
    """A request with a file is sent as multipart form data with the file's name."""
    test_server, seen = server
    upload = InputFile(b"hello", filename="note.txt")
    data = RequestData(
        [
            RequestParameter("chat_id", 42, None),
            RequestParameter("document", upload.attach_uri, [upload]),
        ]
    )
    status, _ = await request_.do_request(
        str(test_server.make_url(TOKEN_PATH + "/sendDocument")), "POST", data
    )
    assert status == 200
    assert seen[0]["form"]["chat_id"] == "42"
    assert "note.txt" in seen[0]["form"].values()


async def test_a_stalled_answer_is_timed_out(server, request_):
    """No answer within the read timeout raises PTB's TimedOut, counted as code 0."""
    test_server, _ = server
    before = METRICS.value("fullgpu_bot_api_errors_total", {"method": "stall", "code": "0"})
    with pytest.raises(TimedOut):
        await request_.do_request(str(test_server.make_url(TOKEN_PATH + "/stall")), "POST", None)
    after = METRICS.value("fullgpu_bot_api_errors_total", {"method": "stall", "code": "0"})
    assert after == before + 1


async def test_an_unreachable_api_is_a_network_error_without_the_token(request_):
    """Connection refused: NetworkError, and its message never holds the token."""
    from tests.e2e.harness import free_port  # noqa: PLC0415

    url = f"http://127.0.0.1:{free_port()}{TOKEN_PATH}/getMe"
    with pytest.raises(NetworkError) as caught:
        await request_.do_request(url, "POST", None)
    assert "SECRETTOKENxyz" not in str(caught.value)
