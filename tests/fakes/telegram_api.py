"""A fake Telegram Bot API on loopback, as strict as Telegram, recording every call.

``FakeTelegram`` serves ``/bot<token>/<method>`` with aiohttp. The bot under test points its
``base_url`` at ``fake.api_root + "/bot"``. Tests act as users through ``tests.fakes.users``
(messages, button presses, inline queries), which push updates: queued for ``getUpdates`` or,
once a webhook is set, POSTed to it with the secret header, as Telegram does (and delivered
again, as Telegram does, while the webhook cannot be reached or answers 5xx).

Faults (``fault``, ``fail``, ``revoke_token``) make Telegram misbehave the ways it does: 5xx
with JSON or an nginx HTML page, a connection dropped before the request is read, an answer
held past the client's time-out after the message was delivered, unreadable bodies,
``ok: true`` without a result, 429s, refusals, a revoked token.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web
from telegram.constants import FileSizeLimit

from tests.fakes import bot_api_checks as checks
from tests.fakes.bot_api_checks import ApiError, bad_request
from tests.fakes.faults import CARRIED_OUT, NGINX_502, REFUSALS, Fault, InjectedFault

TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk"  # noqa: S105 - a fake
BOT_USERNAME = "fullgpu_test_bot"
MAX_POLL_S = 2.0  # the fake never holds a long poll longer, so shutdowns stay fast
REDELIVER_EVERY_S = 0.1  # Telegram backs off longer; tests need not wait
# Telegram keeps retrying an unacknowledged update for hours; the fake retries long enough that a
# replica restarting on a starved machine is still reached, and stops at once when closed.
REDELIVER_FOR_S = 300.0
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"  # noqa: S105 - a header name
_OBJECT_FIELDS = frozenset(
    {
        "reply_markup",
        "results",
        "commands",
        "scope",
        "allowed_updates",
        "link_preview_options",
        "reply_parameters",
        "entities",
        "button",
    }
)
_INT_FIELDS = frozenset({"message_id", "offset", "limit", "timeout", "cache_time"})
_BOOL_FIELDS = frozenset({"is_personal", "drop_pending_updates", "show_alert"})


def quoted(message: dict[str, Any]) -> dict[str, Any]:
    """Return a message as another one's ``reply_to_message`` carries it: one level deep.

    The Bot API: "the Message object in this field will not contain further reply_to_message
    fields even if it itself is a reply".
    """
    return {key: value for key, value in message.items() if key != "reply_to_message"}


@dataclass(frozen=True)
class ApiCall:
    """One request the bot made and how the fake answered it."""

    method: str
    params: dict[str, Any]
    status: int  # what the client was sent (0: the connection was dropped)
    result: Any = None
    at_s: float = field(default_factory=time.monotonic)  # when the fake answered
    fault: Fault | None = None
    carried_out: bool = False  # Telegram did it (whatever the client heard)


def _decode(name: str, value: str) -> Any:
    if name in _OBJECT_FIELDS:
        return json.loads(value)
    if name in _INT_FIELDS or (name == "chat_id" and value.lstrip("-").isdigit()):
        return int(value)
    if name in _BOOL_FIELDS:
        return value.lower() == "true"
    return value


@dataclass
class FakeTelegram:
    """State of the fake: chats, messages, updates, webhook, commands, and the call log."""

    token: str = TOKEN
    username: str = BOT_USERNAME
    calls: list[ApiCall] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    chats: dict[int, dict[str, Any]] = field(default_factory=dict)
    messages: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    commands: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    open_callbacks: set[str] = field(default_factory=set)
    open_inline: set[str] = field(default_factory=set)
    files: dict[str, dict[str, Any]] = field(default_factory=dict)  # file_id -> File + bytes
    webhook: dict[str, Any] | None = None
    deliveries: list[int] = field(default_factory=list)  # webhook POST statuses
    admins: set[tuple[int, int]] = field(default_factory=set)  # (chat id, user id) of group admins
    api_root: str = ""
    _faults: list[InjectedFault] = field(default_factory=list)
    _revoked_until: float = 0.0
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _runner: web.AppRunner | None = None
    _closing: bool = False
    _session: aiohttp.ClientSession | None = None

    @property
    def bot_id(self) -> int:
        """The bot's user id: the token's number."""
        return int(self.token.split(":", 1)[0])

    def bot_user(self) -> dict[str, Any]:
        """Describe the bot as a User object."""
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": "FullGPU",
            "username": self.username,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": True,
        }

    def next_id(self) -> int:
        """Hand out a fresh id for updates, messages and queries."""
        return next(self._ids)

    # -- faults and inspection -------------------------------------------------------------
    def fail(
        self,
        method: str,
        *,
        code: int = 400,
        description: str = "Bad Request: injected",
        retry_after: int | None = None,
        times: int = 1,
        chat_id: int | None = None,
    ) -> None:
        """Make the next ``times`` calls of ``method`` fail as given (429 with ``retry_after``)."""
        if retry_after is not None:
            code, description = 429, f"Too Many Requests: retry after {retry_after}"
        error = ApiError(description, code=code, retry_after=retry_after)
        self._faults.append(InjectedFault(method.lower(), times, error=error, chat_id=chat_id))

    def fault(
        self,
        method: str,
        kind: Fault,
        *,
        times: int = 1,
        chat_id: int | None = None,
        hold_s: float = 2.0,
    ) -> None:
        """Inject ``kind`` into the next ``times`` calls of ``method`` (to ``chat_id`` only)."""
        self._faults.append(
            InjectedFault(method.lower(), times, kind=kind, chat_id=chat_id, hold_s=hold_s)
        )

    def revoke_token(self, seconds: float) -> None:
        """Answer every call 401 Unauthorized for ``seconds``, as when a token is revoked."""
        self._revoked_until = time.monotonic() + seconds

    def calls_to(self, method: str, *, ok: bool | None = None) -> list[ApiCall]:
        """List the calls of one method; ``ok`` filters by whether Telegram carried them out."""
        return [
            c
            for c in self.calls
            if c.method == method.lower() and (ok is None or c.carried_out == ok)
        ]

    def photos(self, chat_id: int | None = None) -> list[tuple[dict[str, Any], bytes]]:
        """Pictures the bot got into chats: the stored Message and the file's bytes."""
        return [
            (c.result, self.files[c.result["photo"][-1]["file_id"]]["content"])
            for c in self.calls_to("sendPhoto", ok=True)
            if chat_id is None or c.result["chat"]["id"] == chat_id
        ]

    def sent(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        """Messages the bot got into chats (the stored Message objects), oldest first."""
        return [
            c.result
            for c in self.calls_to("sendMessage", ok=True)
            if chat_id is None or c.result["chat"]["id"] == chat_id
        ]

    async def wait_for(self, predicate: Callable[[], bool], *, timeout_s: float = 10.0) -> None:
        """Wait until ``predicate()`` holds; fail the test after ``timeout_s``."""
        async with asyncio.timeout(timeout_s), self._changed:
            await self._changed.wait_for(predicate)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def add_file(
        self, file_name: str, content: bytes, mime_type: str = "application/json"
    ) -> dict[str, Any]:
        """Store a file a user uploads; return its Document object, as an update carries it."""
        number = self.next_id()
        file_id = f"BQACAgIAAxkB{number:08d}"
        self.files[file_id] = {
            "file_unique_id": f"AgAD{number:06d}",
            "file_path": f"documents/file_{number}.json",
            "content": content,
        }
        return {
            "file_id": file_id,
            "file_unique_id": self.files[file_id]["file_unique_id"],
            "file_name": file_name,
            "mime_type": mime_type,
            "file_size": len(content),
        }

    # -- updates ---------------------------------------------------------------------------
    async def push(self, update: dict[str, Any]) -> int | None:
        """Deliver an update: POST it to the webhook if one is set, else queue it for polling.

        A webhook that cannot be reached or answers 5xx gets the update again a little later,
        as from Telegram (a 4xx is final here). Returns the last HTTP status (0: never
        reached), or ``None`` when queued.
        """
        if self.webhook is None:
            self.updates.append(update)
            await self._notify()
            return None
        deadline = time.monotonic() + REDELIVER_FOR_S
        while True:
            status = await self._post_to_webhook(update)
            self.deliveries.append(status)
            await self._notify()
            if 0 < status < 500 or time.monotonic() > deadline or self._closing:
                return status
            await asyncio.sleep(REDELIVER_EVERY_S)

    async def _post_to_webhook(self, update: dict[str, Any]) -> int:
        assert self.webhook is not None
        assert self._session is not None
        secret = self.webhook.get("secret_token")
        headers = {SECRET_HEADER: secret} if secret else {}
        try:
            async with self._session.post(
                self.webhook["url"], json=update, headers=headers
            ) as resp:
                return resp.status
        except (aiohttp.ClientError, TimeoutError):
            return 0

    # -- the HTTP side ---------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve on loopback (a free port unless given); return the API root."""
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.api_root = f"http://{host}:{port}"
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self.api_root

    async def stop(self) -> None:
        """Stop serving and close the webhook client; pending long polls return at once."""
        self._closing = True
        await self._notify()
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _params(self, request: web.Request) -> dict[str, Any]:
        params: dict[str, Any] = {k: _decode(k, v) for k, v in request.query.items()}
        if request.content_type == "application/json":
            body = await request.json()
            params.update(body if isinstance(body, dict) else {})
        elif request.can_read_body:
            form = await request.post()
            for name, value in form.items():
                if isinstance(value, web.FileField):  # a file of a multipart upload
                    params[name] = checks.Upload(
                        value.filename, value.content_type, value.file.read()
                    )
                else:
                    params[name] = _decode(name, str(value))
            params[checks.CONTENT_TYPE] = request.content_type
        return params

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"].lower()
        revoked = time.monotonic() < self._revoked_until
        if request.match_info["token"] != self.token or revoked:
            self.calls.append(ApiCall(method, {}, 401))
            await self._notify()
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        params = await self._params(request)
        fault = self._take_fault(method, params)
        if fault is not None and fault.kind is not None and fault.kind not in REFUSALS:
            return await self._misbehave(request, method, params, fault)
        try:
            if fault is not None:
                raise fault.error or REFUSALS[Fault(fault.kind)]
            result = await self._dispatch(method, params)
        except ApiError as error:
            kind = fault.kind if fault is not None else None
            self.calls.append(ApiCall(method, params, error.code, fault=kind))
            await self._notify()
            return web.json_response(error.payload(), status=error.code)
        self.calls.append(ApiCall(method, params, 200, result, carried_out=True))
        await self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _download(self, request: web.Request) -> web.Response:
        """Serve a file by the path getFile gave, as api.telegram.org/file/bot<token>/ does."""
        path = request.match_info["path"]
        self.calls.append(ApiCall("download", {"path": path}, 200, carried_out=True))
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        for stored in self.files.values():
            if stored["file_path"] == path:
                return web.Response(body=stored["content"], content_type="application/octet-stream")
        return web.json_response(
            {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
        )

    async def _misbehave(
        self, request: web.Request, method: str, params: dict[str, Any], fault: InjectedFault
    ) -> web.Response:
        """Answer the way ``fault`` says, carrying the call out first where Telegram would."""
        kind = Fault(fault.kind)
        result = None
        if kind in CARRIED_OUT:
            result = await self._dispatch(method, params)
        status = {Fault.BAD_GATEWAY: 502, Fault.DROP: 0}.get(kind, 200)
        self.calls.append(
            ApiCall(method, params, status, result, fault=kind, carried_out=kind in CARRIED_OUT)
        )
        await self._notify()
        if kind is Fault.TIME_OUT:
            await asyncio.sleep(fault.hold_s)  # the client has given up by now
            return web.json_response({"ok": True, "result": result})
        if kind is Fault.DROP:
            assert request.transport is not None
            request.transport.abort()
            return web.Response()
        bodies = {
            Fault.BAD_GATEWAY: (NGINX_502, "text/html"),
            Fault.MALFORMED: ('{"ok":true,"result":{"message_id":', "application/json"),
            Fault.HTML_PAGE: ("<html><body>Please log in</body></html>", "text/html"),
            Fault.NO_RESULT: ('{"ok":true}', "application/json"),
        }
        body, content_type = bodies[kind]
        return web.Response(status=status, text=body, content_type=content_type)

    async def _dispatch(self, method: str, params: dict[str, Any]) -> Any:
        handler = getattr(self, f"_api_{method}", None)
        if handler is None:
            raise ApiError("Not Found", code=404)  # what Telegram answers for unknown methods
        return await handler(params)

    def _take_fault(self, method: str, params: dict[str, Any]) -> InjectedFault | None:
        for fault in self._faults:
            if fault.matches(method, params):
                fault.times -= 1
                return fault
        return None

    # -- methods ---------------------------------------------------------------------------
    def _chat(self, chat_id: object) -> dict[str, Any]:
        if not isinstance(chat_id, int) or chat_id not in self.chats:
            raise bad_request("chat not found")
        return self.chats[chat_id]

    async def _api_getme(self, _params: dict[str, Any]) -> dict[str, Any]:
        return self.bot_user()

    async def _api_getupdates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise ApiError(
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
                code=409,
            )
        offset = params.get("offset") or 0
        self.updates = [u for u in self.updates if u["update_id"] >= offset]
        timeout_s = min(float(params.get("timeout") or 0), MAX_POLL_S)
        if not self.updates and timeout_s > 0:
            async with self._changed:
                try:
                    async with asyncio.timeout(timeout_s):
                        await self._changed.wait_for(lambda: bool(self.updates) or self._closing)
                except TimeoutError:
                    pass
        return self.updates[: int(params.get("limit") or 100)]

    async def _api_setwebhook(self, params: dict[str, Any]) -> bool:
        url = params.get("url") or ""
        if not url:
            self.webhook = None
            return True
        checks.check_webhook(url, params.get("secret_token"))
        self.webhook = {"url": url, "secret_token": params.get("secret_token")}
        return True

    async def _api_deletewebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = None
        if params.get("drop_pending_updates"):
            self.updates.clear()
        return True

    async def _api_getwebhookinfo(self, _params: dict[str, Any]) -> dict[str, Any]:
        url = self.webhook["url"] if self.webhook else ""
        return {
            "url": url,
            "has_custom_certificate": False,
            "pending_update_count": len(self.updates),
        }

    def _store_bot_message(
        self, chat: dict[str, Any], text: str, entities: list[Any], markup: Any
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": self.next_id(),
            "date": int(time.time()),
            "chat": chat,
            "from": self.bot_user(),
            "text": text,
        }
        if entities:
            message["entities"] = entities
        if markup:
            message["reply_markup"] = markup
        self.messages[(chat["id"], message["message_id"])] = message
        return message

    async def _api_sendmessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params.get("chat_id"))
        text, entities = checks.check_text(params.get("text"), params.get("parse_mode"))
        checks.check_reply_markup(params.get("reply_markup"))
        reply = params.get("reply_parameters") or {}
        replied = self.messages.get((chat["id"], reply.get("message_id", 0)))
        if reply and replied is None and not reply.get("allow_sending_without_reply"):
            raise bad_request("message to be replied not found")
        message = self._store_bot_message(chat, text, entities, params.get("reply_markup"))
        if replied is not None:
            message["reply_to_message"] = quoted(replied)
        return message

    async def _api_sendphoto(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params.get("chat_id"))
        upload = checks.check_photo(params.get("photo"), params.get(checks.CONTENT_TYPE))
        caption, entities = checks.check_caption(params.get("caption"), params.get("parse_mode"))
        checks.check_reply_markup(params.get("reply_markup"))
        number = self.next_id()
        file_id = f"AgACAgIAAxkB{number:08d}"
        self.files[file_id] = {
            "file_unique_id": f"AQAD{number:06d}",
            "file_path": f"photos/file_{number}.png",
            "content": upload.content,
        }
        width, height = checks.image_size(upload.content)
        message = self._store_bot_message(chat, "", [], params.get("reply_markup"))
        del message["text"]
        message["photo"] = [
            {
                "file_id": file_id,
                "file_unique_id": f"AQAD{number:06d}",
                "width": width,
                "height": height,
                "file_size": len(upload.content),
            }
        ]
        if caption:
            message["caption"] = caption
        if entities:
            message["caption_entities"] = entities
        return message

    async def _api_editmessagetext(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id"):
            raise bad_request("MESSAGE_ID_INVALID")
        chat = self._chat(params.get("chat_id"))
        message = self.messages.get((chat["id"], params.get("message_id", 0)))
        if message is None:
            raise bad_request("message to edit not found")
        if message["from"]["id"] != self.bot_id:
            raise bad_request("message can't be edited")
        text, entities = checks.check_text(params.get("text"), params.get("parse_mode"))
        markup = params.get("reply_markup")
        checks.check_reply_markup(markup)
        if (text, entities or None, markup or None) == (
            message["text"],
            message.get("entities"),
            message.get("reply_markup"),
        ):
            raise bad_request(
                "message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply markup "
                "of the message"
            )
        message.update(text=text, edit_date=int(time.time()))
        for key, value in (("entities", entities), ("reply_markup", markup)):
            if value:
                message[key] = value
            else:
                message.pop(key, None)
        return message

    async def _api_editmessagereplymarkup(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params.get("chat_id"))
        message = self.messages.get((chat["id"], params.get("message_id", 0)))
        if message is None:
            raise bad_request("message to edit not found")
        markup = params.get("reply_markup")
        checks.check_reply_markup(markup)
        if markup:
            message["reply_markup"] = markup
        else:
            message.pop("reply_markup", None)
        return message

    async def _api_getchatmember(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params.get("chat_id"))
        user_id = params.get("user_id")
        user = {"id": user_id, "is_bot": False, "first_name": "Member"}
        if (chat["id"], user_id) not in self.admins:
            return {"status": "member", "user": user}
        rights = (
            "can_be_edited can_manage_chat can_delete_messages can_manage_video_chats "
            "can_restrict_members can_promote_members can_change_info can_invite_users "
            "can_post_stories can_edit_stories can_delete_stories is_anonymous"
        )
        return {"status": "administrator", "user": user} | dict.fromkeys(rights.split(), False)

    async def _api_getfile(self, params: dict[str, Any]) -> dict[str, Any]:
        stored = self.files.get(params.get("file_id") or "")
        if stored is None:
            raise bad_request("invalid file_id")
        size = len(stored["content"])
        if size > FileSizeLimit.FILESIZE_DOWNLOAD:  # bots download at most 20 MB
            raise bad_request("file is too big")
        return {
            "file_id": params["file_id"],
            "file_unique_id": stored["file_unique_id"],
            "file_size": size,
            "file_path": stored["file_path"],
        }

    async def _api_sendchataction(self, params: dict[str, Any]) -> bool:
        self._chat(params.get("chat_id"))
        checks.check_chat_action(params.get("action"))
        return True

    async def _api_answercallbackquery(self, params: dict[str, Any]) -> bool:
        query_id = params.get("callback_query_id")
        if query_id not in self.open_callbacks:
            raise bad_request(
                "query is too old and response timeout expired or query ID is invalid"
            )
        checks.check_callback_answer_text(params.get("text"))
        self.open_callbacks.discard(query_id)
        return True

    async def _api_answerinlinequery(self, params: dict[str, Any]) -> bool:
        query_id = params.get("inline_query_id")
        if query_id not in self.open_inline:
            raise bad_request(
                "query is too old and response timeout expired or query ID is invalid"
            )
        checks.check_inline_results(params.get("results"))
        self.open_inline.discard(query_id)
        return True

    async def _api_setmycommands(self, params: dict[str, Any]) -> bool:
        language = params.get("language_code") or ""
        checks.check_commands(params.get("commands"), language)
        self.commands[language] = params["commands"]
        return True

    async def _api_deletemycommands(self, params: dict[str, Any]) -> bool:
        self.commands.pop(params.get("language_code") or "", None)
        return True

    async def _api_getmycommands(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        return self.commands.get(params.get("language_code") or "", [])
