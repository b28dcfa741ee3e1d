"""transport: PTB's requests over aiohttp, the journal mark, Telegram's failures named."""

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

from bot.delivery.journal import CURRENT_DELIVERY, MemoryJournal
from bot.ops.observability import HEALTH
from bot.telegram.errors import (
    AnswerOverdueError,
    ResultMissingError,
    ServerError,
    TokenRejectedError,
    UnreadableResponseError,
)
from bot.telegram.retries import DeliveryPolicy, Verdict, classify
from bot.telegram.transport import BotApiRequest
from tests.fakes.faults import NGINX_502

TOKEN_PATH = "/bot123:SECRETTOKENxyz"  # noqa: S105 - a fake


@pytest.fixture
async def api():
    """Serve one route whose answer each test sets; record what it saw (and can stall)."""
    seen: dict = {"answer": web.json_response({"ok": True, "result": True}), "bodies": []}

    async def handle(request: web.Request) -> web.Response:
        journal = seen.get("journal")
        seen["marked"] = await journal.contains("7:0") if journal is not None else None
        if request.content_type == "application/json":
            seen["bodies"].append({"json": await request.json()})
        else:
            form = await request.post()
            seen["bodies"].append({"form": {k: getattr(v, "filename", v) for k, v in form.items()}})
        if request.match_info["method"] == "stall":
            await asyncio.sleep(5)
        return seen["answer"]

    app = web.Application()
    app.router.add_post(TOKEN_PATH + "/{method}", handle)
    async with TestServer(app) as server:
        seen["url"] = lambda method: str(server.make_url(f"{TOKEN_PATH}/{method}"))
        yield seen


@pytest.fixture
async def alarms():
    """Collect the 401 alarms a request sounds."""
    return []


@pytest.fixture
async def request_(api, alarms):
    """Open a request class with a journal and a short read time-out; shut it down after."""
    journal = MemoryJournal()
    api["journal"] = journal
    req = BotApiRequest(
        policy=DeliveryPolicy(read_timeout_s=0.3),
        journal=journal,
        on_unauthorized=lambda: alarms.append("401"),
    )
    await req.initialize()
    yield req
    await req.shutdown()


def text_request() -> RequestData:
    """Build a sendMessage body."""
    return RequestData([RequestParameter.from_input("text", "hello")])


async def test_parameters_go_as_native_json(api, request_):
    """Numbers stay numbers and reply_markup stays an object in the JSON body."""
    data = RequestData(
        [
            RequestParameter("chat_id", 42, None),
            RequestParameter("text", "价格 <b>x</b>", None),
            RequestParameter(
                "reply_markup", {"inline_keyboard": [[{"text": "a", "url": "https://e"}]]}, None
            ),
        ]
    )
    status, body = await request_.do_request(api["url"]("sendMessage"), "POST", data)
    assert (status, json.loads(body)["ok"]) == (200, True)
    assert api["bodies"][0]["json"] == {
        "chat_id": 42,
        "text": "价格 <b>x</b>",
        "reply_markup": {"inline_keyboard": [[{"text": "a", "url": "https://e"}]]},
    }


async def test_files_go_as_multipart(api, request_):
    """A request with a file is sent as multipart form data with the file's name."""
    upload = InputFile(b"hello", filename="note.txt")
    data = RequestData(
        [
            RequestParameter("chat_id", 42, None),
            RequestParameter("document", upload.attach_uri, [upload]),
        ]
    )
    status, _ = await request_.do_request(api["url"]("sendDocument"), "POST", data)
    assert status == 200
    assert api["bodies"][0]["form"]["chat_id"] == "42"
    assert "note.txt" in api["bodies"][0]["form"].values()


async def test_the_journal_is_marked_before_telegram_reads_the_body(api, request_):
    """The server finds the mark already written when the request reaches it."""
    token = CURRENT_DELIVERY.set("7:0")
    try:
        assert await request_.post(api["url"]("sendMessage"), text_request()) is True
    finally:
        CURRENT_DELIVERY.reset(token)
    assert api["marked"] is True


async def test_requests_outside_an_answer_leave_no_mark(api, request_):
    """Without a delivery key nothing is written to the journal."""
    await request_.post(api["url"]("sendMessage"), text_request())
    assert api["marked"] is False
    assert await api["journal"].contains("7:0") is False


async def test_an_answer_overdue_after_the_body_went_out_may_be_carried_out(api, request_):
    """No answer in time after the body was written: TimedOut caused by AnswerOverdueError."""
    token = CURRENT_DELIVERY.set("7:0")
    try:
        with pytest.raises(TimedOut) as raised:
            await request_.post(api["url"]("stall"), text_request())
    finally:
        CURRENT_DELIVERY.reset(token)
    assert isinstance(raised.value.__cause__, AnswerOverdueError)
    assert classify(raised.value) is Verdict.UNCERTAIN
    assert await api["journal"].contains("7:0")  # the mark stays: it may be delivered


async def test_an_unreachable_api_is_a_network_error_without_the_token(request_):
    """Connection refused: NetworkError (retried), and its message never holds the token."""
    from tests.e2e.harness import free_port  # noqa: PLC0415

    url = f"http://127.0.0.1:{free_port()}{TOKEN_PATH}/getMe"
    with pytest.raises(NetworkError) as caught:
        await request_.do_request(url, "POST", None)
    assert "SECRETTOKENxyz" not in str(caught.value)
    assert classify(caught.value) is Verdict.RETRY


async def test_any_answer_shows_the_bot_api_reachable(api, request_, monkeypatch):
    """An answer, even a refusal, tells readiness the Bot API was reached."""
    monkeypatch.setattr(HEALTH, "last_api_answer", None)
    api["answer"] = web.json_response(
        {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"},
        status=400,
    )
    await request_.do_request(api["url"]("sendMessage"), "POST", text_request())
    assert HEALTH.api_answer_age_s() is not None


async def test_a_401_sounds_the_alarm(api, request_, alarms):
    """Unauthorized: TokenRejectedError, and the alarm that stops the process."""
    api["answer"] = web.json_response(
        {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
    )
    with pytest.raises(TokenRejectedError):
        await request_.post(api["url"]("sendMessage"), text_request())
    assert alarms == ["401"]


async def test_a_bad_gateway_page_is_a_server_error(api, request_, caplog):
    """An nginx HTML 502: ServerError(502), and no traceback of the page in the logs."""
    api["answer"] = web.Response(status=502, text=NGINX_502, content_type="text/html")
    with pytest.raises(ServerError) as raised:
        await request_.post(api["url"]("sendMessage"), text_request())
    assert raised.value.status == 502
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize(
    ("payload", "error"),
    [
        (NGINX_502.encode(), UnreadableResponseError),
        (b'{"ok":true,"result":{"message_id":', UnreadableResponseError),
        (b"[1, 2]", UnreadableResponseError),
        (b'{"ok": true}', ResultMissingError),
    ],
)
def test_answers_that_are_not_the_bot_apis_json_are_named(payload, error):
    """HTML pages, cut-off JSON and ok without result each raise their own error."""
    with pytest.raises(error):
        BotApiRequest.parse_json_payload(payload)


def test_a_proper_answer_is_parsed():
    """The Bot API's own JSON comes back as a dict."""
    assert BotApiRequest.parse_json_payload(b'{"ok": true, "result": 1}') == {
        "ok": True,
        "result": 1,
    }
