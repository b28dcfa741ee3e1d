"""The fake Bot API is as strict as Telegram where the bot could go wrong."""

from __future__ import annotations

import aiohttp
import pytest

from tests.fakes.telegram_api import FakeTelegram


@pytest.fixture
async def api():
    """Serve the fake with one known private chat; yield it and a raw JSON caller."""
    fake = FakeTelegram()
    await fake.start()
    fake.chats[1] = {"id": 1, "type": "private", "first_name": "A"}
    async with aiohttp.ClientSession() as session:

        async def call(method, **params):
            async with session.post(f"{fake.api_root}/bot{fake.token}/{method}", json=params) as r:
                return r.status, await r.json()

        yield fake, call
    await fake.stop()


async def test_unknown_method_is_404(api):
    """A method Telegram does not have answers 404 Not Found."""
    _, call = api
    assert await call("sendTelepathy", chat_id=1) == (
        404,
        {"ok": False, "error_code": 404, "description": "Not Found"},
    )


async def test_a_wrong_token_is_401(api):
    """Another token is Unauthorized."""
    fake, _ = api
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{fake.api_root}/bot1:wrong/getMe") as response,
    ):
        assert response.status == 401


@pytest.mark.parametrize(
    ("markup", "reason"),
    [
        ({"inline_keyboard": [[{"text": "x", "callback_data": "a" * 65}]]}, "BUTTON_DATA_INVALID"),
        ({"inline_keyboard": [[{"text": "x", "url": "ftp://a.b"}]]}, "unsupported URL protocol"),
        ({"inline_keyboard": [[{"text": "x"}]]}, "exactly one action"),
    ],
)
async def test_bad_buttons_are_refused(api, markup, reason):
    """Callback data over 64 bytes, non-http(s)/tg URLs and action-less buttons: 400."""
    _, call = api
    status, body = await call("sendMessage", chat_id=1, text="hi", reply_markup=markup)
    assert status == 400
    assert reason in body["description"]


async def test_html_is_checked_and_edits_must_change_something(api):
    """Bad HTML is refused; re-sending the same text as an edit is "message is not modified"."""
    _, call = api
    status, body = await call("sendMessage", chat_id=1, text="<p>x</p>", parse_mode="HTML")
    assert status == 400
    assert "can't parse entities" in body["description"]
    _, sent = await call("sendMessage", chat_id=1, text="<b>x</b>", parse_mode="HTML")
    message_id = sent["result"]["message_id"]
    status, body = await call(
        "editMessageText", chat_id=1, message_id=message_id, text="<b>x</b>", parse_mode="HTML"
    )
    assert status == 400
    assert body["description"].startswith("Bad Request: message is not modified")


async def test_injected_429_carries_retry_after(api):
    """fail(retry_after=N) answers 429 with parameters.retry_after, once."""
    fake, call = api
    fake.fail("getMe", retry_after=3)
    assert (await call("getMe"))[1]["parameters"] == {"retry_after": 3}
    assert (await call("getMe"))[0] == 200


async def test_command_menus_need_two_letter_language_codes(api):
    """SetMyCommands refuses language codes such as zh-Hans."""
    _, call = api
    commands = [{"command": "start", "description": "Start"}]
    assert (await call("setMyCommands", commands=commands, language_code="zh-Hans"))[0] == 400
    assert (await call("setMyCommands", commands=commands, language_code="zh"))[0] == 200


async def test_get_file_then_download_serves_the_uploaded_bytes(api):
    """The file_path from getFile serves the uploaded bytes under /file/bot<token>/."""
    fake, call = api
    document = fake.add_file("config.json", b'{"a": 1}')
    status, body = await call("getFile", file_id=document["file_id"])
    assert status == 200
    assert body["result"]["file_size"] == 8
    path = body["result"]["file_path"]
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_root}/file/bot{fake.token}/{path}") as response:
            assert response.status == 200
            assert await response.read() == b'{"a": 1}'
        async with session.get(f"{fake.api_root}/file/bot1:wrong/{path}") as response:
            assert response.status == 401
        async with session.get(f"{fake.api_root}/file/bot{fake.token}/documents/x") as response:
            assert response.status == 404


async def test_get_file_refuses_unknown_ids_and_files_over_20_mb(api):
    """An unknown file_id and a file past the bots' 20 MB download limit are refused."""
    fake, call = api
    assert (await call("getFile", file_id="nope"))[1]["description"] == (
        "Bad Request: invalid file_id"
    )
    big = fake.add_file("big.json", b" " * (20_000_000 + 1))
    status, body = await call("getFile", file_id=big["file_id"])
    assert (status, body["description"]) == (400, "Bad Request: file is too big")


async def _send_photo(fake, form):
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{fake.api_root}/bot{fake.token}/sendPhoto", data=form) as response,
    ):
        return response.status, await response.json()


def _png(width, height):
    import struct  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * (width + 1) * height)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _photo_form(content, caption=None, filename="chart.png"):
    form = aiohttp.FormData()
    form.add_field("chat_id", "1")
    form.add_field("photo", content, filename=filename, content_type="image/png")
    if caption is not None:
        form.add_field("caption", caption)
        form.add_field("parse_mode", "HTML")
    return form


async def test_send_photo_takes_a_png_upload_and_stores_it(api):
    """A multipart PNG upload with an HTML caption is stored with its size and entities."""
    fake, _ = api
    status, body = await _send_photo(fake, _photo_form(_png(900, 600), "<b>Chart</b> of it"))
    assert status == 200
    assert body["result"]["photo"][0]["width"] == 900
    assert body["result"]["caption"] == "Chart of it"
    assert fake.photos(1)[0][1] == _png(900, 600)


@pytest.mark.parametrize(
    ("form", "reason"),
    [
        (lambda: _photo_form(b"GIF89a not a png"), "IMAGE_PROCESS_FAILED"),
        (lambda: _photo_form(_png(9000, 2000)), "PHOTO_INVALID_DIMENSIONS"),
        (lambda: _photo_form(_png(2100, 100)), "PHOTO_INVALID_DIMENSIONS"),
        (lambda: _photo_form(_png(100, 100), "x" * 1025), "caption is too long"),
        (lambda: _photo_form(_png(100, 100), "<b>open"), "can't parse entities"),
        (lambda: {"chat_id": "1", "photo": "not-uploaded"}, "there is no photo"),
    ],
)
async def test_send_photo_is_as_strict_as_telegram(api, form, reason):
    """Not a picture, past 10,000 px or a 20:1 ratio, a long or broken caption, no upload: 400."""
    fake, _ = api
    status, body = await _send_photo(fake, form())
    assert status == 400
    assert reason in body["description"]


async def test_a_reply_carries_the_message_it_answers_one_level_deep(api):
    """As the Bot API: ``reply_to_message`` is the quoted message without its own reply."""
    fake, call = api
    fake.chats[-100] = {"id": -100, "type": "supergroup", "title": "Sales"}
    _, first = await call("sendMessage", chat_id=-100, text="#customer_1 summary")
    _, second = await call(
        "sendMessage",
        chat_id=-100,
        text="a reply",
        reply_parameters={"message_id": first["result"]["message_id"]},
    )
    _, third = await call(
        "sendMessage",
        chat_id=-100,
        text="a reply to the reply",
        reply_parameters={"message_id": second["result"]["message_id"]},
    )
    quoted = third["result"]["reply_to_message"]
    assert quoted["text"] == "a reply"
    assert "reply_to_message" not in quoted
    assert quoted["from"]["id"] == fake.bot_id


async def test_a_users_reply_quotes_the_stored_message_of_its_own_chat(api):
    """A person's reply quotes the bot's message as stored, one level deep, in its own chat."""
    from tests.fakes.users import FakeUser, group_chat  # noqa: PLC0415 - the fake's own users

    fake, call = api
    group = group_chat(fake, -200, "Sales")
    _, sent = await call("sendMessage", chat_id=-200, text="#customer_1 summary")
    maria = FakeUser(fake, 9, first_name="Maria")
    update = await maria.replies(sent["result"], "hello")
    quoted = update["message"]["reply_to_message"]
    assert quoted == {k: v for k, v in sent["result"].items() if k != "reply_to_message"}
    with pytest.raises(ValueError, match="its own chat"):
        maria.message({"id": 1, "type": "private"}, "x", reply_to=sent["result"])
    assert group["id"] == update["message"]["chat"]["id"]
