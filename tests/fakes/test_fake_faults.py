"""The fake's faults behave as Telegram's do: what is carried out, and what the client hears."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from aiohttp import web

from tests.fakes.faults import NGINX_502, Fault
from tests.fakes.telegram_api import FakeTelegram


@pytest.fixture
async def api():
    """Serve the fake with one private chat; yield it and a raw caller of sendMessage."""
    fake = FakeTelegram()
    await fake.start()
    fake.chats[1] = {"id": 1, "type": "private", "first_name": "A"}
    timeout = aiohttp.ClientTimeout(total=0.5)
    async with aiohttp.ClientSession(timeout=timeout) as session:

        async def send(text: str = "hi") -> tuple[int, str]:
            url = f"{fake.api_root}/bot{fake.token}/sendMessage"
            async with session.post(url, json={"chat_id": 1, "text": text}) as response:
                return response.status, await response.text()

        yield fake, send
    await fake.stop()


async def test_a_held_answer_is_delivered_though_the_client_times_out(api):
    """TIME_OUT: the message is in the chat; the answer comes too late for the client."""
    fake, send = api
    fake.fault("sendMessage", Fault.TIME_OUT, hold_s=1.0)
    with pytest.raises(TimeoutError):
        await send()
    assert [m["text"] for m in fake.sent(1)] == ["hi"]


async def test_a_dropped_connection_carries_nothing_out(api):
    """DROP: no answer at all and no message; the next call is served."""
    fake, send = api
    fake.fault("sendMessage", Fault.DROP)
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await send()
    assert fake.sent(1) == []
    assert (await send())[0] == 200


@pytest.mark.parametrize(
    ("fault", "status", "body_start", "carried_out"),
    [
        (Fault.SERVER_ERROR, 500, '{"ok": false, "error_code": 500', False),
        (Fault.BAD_GATEWAY, 502, NGINX_502[:20], False),
        (Fault.MALFORMED, 200, '{"ok":true,"result":{"message_id":', False),
        (Fault.HTML_PAGE, 200, "<html>", False),
        (Fault.NO_RESULT, 200, '{"ok":true}', True),
        (Fault.TOO_LONG, 400, '{"ok": false, "error_code": 400', False),
        (Fault.BLOCKED, 403, '{"ok": false, "error_code": 403', False),
    ],
)
async def test_each_fault_answers_as_telegram_would(api, fault, status, body_start, carried_out):
    """Status, body and whether the message reached the chat, per fault."""
    fake, send = api
    fake.fault("sendMessage", fault)
    answered_status, body = await send()
    assert answered_status == status
    assert body.startswith(body_start)
    assert bool(fake.sent(1)) is carried_out


async def test_a_fault_for_one_chat_spares_the_others(api):
    """A fault aimed at chat 2 leaves chat 1's sends alone."""
    fake, send = api
    fake.fault("sendMessage", Fault.SERVER_ERROR, chat_id=2)
    assert (await send())[0] == 200


async def test_a_revoked_token_is_refused_until_the_time_is_up(api):
    """A revoked token: every call is 401 for the given time, then served again."""
    fake, send = api
    fake.revoke_token(0.2)
    status, body = await send()
    assert (status, json.loads(body)["description"]) == (401, "Unauthorized")
    await asyncio.sleep(0.3)
    assert (await send())[0] == 200


async def test_a_webhook_that_is_down_gets_the_update_again():
    """Refused connections and 5xx are delivered again; the first 2xx ends it."""
    answers = [500, 200]
    received = []

    async def hook(request: web.Request) -> web.Response:
        received.append(await request.json())
        return web.Response(status=answers.pop(0))

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    fake = FakeTelegram()
    await fake.start()
    try:
        fake.webhook = {"url": f"http://127.0.0.1:{runner.addresses[0][1]}/hook"}
        assert await fake.push({"update_id": 1}) == 200
    finally:
        await fake.stop()
        await runner.cleanup()
    assert fake.deliveries == [500, 200]
    assert received == [{"update_id": 1}, {"update_id": 1}]
