"""The HTTP client under python-telegram-bot: aiohttp, the delivery journal, Telegram's failures.

PTB puts the network behind one swappable class (``telegram.request.BaseRequest``); this is
ours. A profile of the bot under load showed httpx/httpcore (PTB's default) spending about a
quarter of each update in connection-pool bookkeeping, plus a failing ``import sniffio`` on
every request; aiohttp's pool, which the webhook server already runs on, costs a fraction.

Beyond moving bytes it does four things ``bot.telegram.retries`` relies on:

- the delivery journal (``bot.delivery.journal``) is marked the instant before a send's request body
  is written to the socket: aiohttp calls ``on_request_chunk_sent`` just before each body
  write, and nothing is awaited between our synchronous mark and the ``transport.write``
  (headers are held back and go out with the first body bytes), so Telegram can never hold a
  request whose mark does not exist;
- a time-out is told apart by whether the body had gone out (``AnswerOverdueError``: the
  request may have been carried out) or not (safe to send again);
- a 401 sounds the credentials alarm; a 5xx is ``ServerError`` whatever its body; a body that
  is not the Bot API's JSON is one retryable ``UnreadableResponseError`` (not a logged
  traceback); ``ok: true`` without ``result`` is ``ResultMissingError``;
- every answer, of any status, tells ``bot.ops.observability`` that the Bot API is reachable.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from types import SimpleNamespace
from typing import Any

import aiohttp
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.delivery import CURRENT_DELIVERY, DeliveryJournal, MemoryJournal
from bot.json_input import loads_known
from bot.ops import HEALTH
from bot.telegram.api_json import JsonBody
from bot.telegram.errors import (
    AnswerOverdueError,
    ResultMissingError,
    ServerError,
    TokenRejectedError,
    UnreadableResponseError,
)
from bot.telegram.retries import DeliveryPolicy

MEDIA_WRITE_TIMEOUT_S = 20.0  # PTB's default for uploads
CONNECTIONS = 256  # PTB's default pool for Bot API calls; getUpdates needs one
KEEPALIVE_S = 30.0
_JSON_HEADERS = {"Content-Type": "application/json"}
_TOKEN_IN_PATH = re.compile(r"/bot[^/]+/")  # method URLs are .../bot<token>/<method>


# A time-out argument as PTB passes it: seconds, None (no limit) or ``BaseRequest.DEFAULT_NONE``
# (not given), PTB's public marker; typed wider than PTB's own alias, which is private.
Timeout = object


def _pick(value: Timeout, default: float | None) -> float | None:
    """Return the seconds ``value`` gives, ``default`` when it was not given."""
    if value is BaseRequest.DEFAULT_NONE or not isinstance(value, int | float | None):
        return default
    return None if value is None else float(value)


def _body(request_data: RequestData | None) -> aiohttp.FormData | bytes | None:
    """Build the body: JSON (no URL-encoding of long answers), multipart when files go along.

    The Bot API takes application/json for every method
    (https://core.telegram.org/bots/api#making-requests).
    """
    if request_data is None:
        return None
    if isinstance(request_data, JsonBody):
        return request_data.body
    if not request_data.contains_files:
        # Native JSON values (numbers, nested reply_markup), as a client of the API writes them.
        return json.dumps(request_data.parameters, ensure_ascii=False).encode()
    fields = request_data.json_parameters
    form = aiohttp.FormData(quote_fields=False)
    for name, value in fields.items():
        form.add_field(name, value)
    for name, (filename, content, mime_type) in request_data.multipart_data.items():
        form.add_field(name, content, filename=filename, content_type=mime_type)
    return form


@dataclass(slots=True)
class _Outgoing:
    """One request on its way: its journal key, and whether its body started going out."""

    key: str | None
    body_started: bool = False


def journal_trace(journal: DeliveryJournal) -> aiohttp.TraceConfig:
    """Mark ``journal`` just before the first body bytes of a journaled request are written."""
    trace = aiohttp.TraceConfig()

    async def before_body_chunk(
        _session: aiohttp.ClientSession,
        context: SimpleNamespace,
        _params: aiohttp.TraceRequestChunkSentParams,
    ) -> None:
        outgoing = context.trace_request_ctx
        if not isinstance(outgoing, _Outgoing) or outgoing.body_started:
            return
        outgoing.body_started = True
        if outgoing.key is not None:
            journal.mark(outgoing.key)  # synchronous: nothing runs before the write

    trace.on_request_chunk_sent.append(before_body_chunk)
    trace.freeze()
    return trace


class BotApiRequest(BaseRequest):
    """PTB's request interface over one ``aiohttp.ClientSession`` (see the module docstring)."""

    def __init__(
        self,
        *,
        policy: DeliveryPolicy | None = None,
        journal: DeliveryJournal | None = None,
        on_unauthorized: Callable[[], None] = lambda: None,
        connections: int = CONNECTIONS,
        read_timeout_s: float | None = None,
    ) -> None:
        self._policy = policy or DeliveryPolicy()
        self._journal = journal or MemoryJournal()
        self._on_unauthorized = on_unauthorized
        self._connections = connections
        self._read_timeout_s = (
            read_timeout_s if read_timeout_s is not None else self._policy.read_timeout_s
        )
        self._session: aiohttp.ClientSession | None = None
        self._default_timeouts: dict[bool, aiohttp.ClientTimeout] = {}

    @property
    def read_timeout(self) -> float:
        """The default read timeout (PTB adds getUpdates' long-poll time to it)."""
        return self._read_timeout_s

    async def initialize(self) -> None:
        """Open the session and its connection pool."""
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(
                limit=self._connections, keepalive_timeout=KEEPALIVE_S, ttl_dns_cache=300
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                headers={"User-Agent": self.USER_AGENT},
                trace_configs=[journal_trace(self._journal)],
            )

    async def shutdown(self) -> None:
        """Close the session."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _timeout(
        self,
        *,
        has_files: bool,
        read_timeout: Timeout,
        write_timeout: Timeout,
        connect_timeout: Timeout,
        pool_timeout: Timeout,
    ) -> aiohttp.ClientTimeout:
        given = (read_timeout, write_timeout, connect_timeout, pool_timeout)
        defaults_only = all(value is BaseRequest.DEFAULT_NONE for value in given)
        if defaults_only and has_files in self._default_timeouts:
            return self._default_timeouts[has_files]  # nearly every call: built once
        policy = self._policy
        write_default = MEDIA_WRITE_TIMEOUT_S if has_files else policy.write_timeout_s
        write_s = _pick(write_timeout, write_default)
        read_s = _pick(read_timeout, self._read_timeout_s)
        connect_s = _pick(connect_timeout, policy.connect_timeout_s)
        pool_s = _pick(pool_timeout, policy.pool_timeout_s)
        # aiohttp has no separate write deadline: the write allowance goes into the total.
        total = None if read_s is None else read_s + (write_s or 0) + (connect_s or 0)
        timeout = aiohttp.ClientTimeout(
            total=total,
            connect=None if connect_s is None else connect_s + (pool_s or 0),
            sock_connect=connect_s,
            sock_read=read_s,
        )
        if defaults_only:
            self._default_timeouts[has_files] = timeout
        return timeout

    async def do_request(  # noqa: PLR0917 - PTB's signature
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Timeout = BaseRequest.DEFAULT_NONE,
        write_timeout: Timeout = BaseRequest.DEFAULT_NONE,
        connect_timeout: Timeout = BaseRequest.DEFAULT_NONE,
        pool_timeout: Timeout = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """Send one request; a 401 sounds the alarm, a 5xx is ``ServerError`` whatever its body."""
        if self._session is None or self._session.closed:
            raise RuntimeError("BotApiRequest is not initialized")
        timeout = self._timeout(
            has_files=request_data is not None and request_data.contains_files,
            read_timeout=read_timeout,
            write_timeout=write_timeout,
            connect_timeout=connect_timeout,
            pool_timeout=pool_timeout,
        )
        body = _body(request_data)
        headers = _JSON_HEADERS if isinstance(body, bytes) else None
        outgoing = _Outgoing(CURRENT_DELIVERY.get())
        try:
            async with self._session.request(
                method,
                url,
                data=body,
                headers=headers,
                timeout=timeout,
                trace_request_ctx=outgoing,
            ) as response:
                answer = await response.read()
        except TimeoutError as error:
            if outgoing.body_started:  # written: Telegram may be carrying it out
                raise TimedOut("no answer in time after the request went out") from (
                    AnswerOverdueError(str(error) or "read timed out")
                )
            raise TimedOut("timed out before the request went out") from error
        except (aiohttp.ClientError, OSError) as error:
            # aiohttp's messages may quote the URL, and the URL holds the token.
            reason = _TOKEN_IN_PATH.sub("/bot[redacted]/", str(error))
            raise NetworkError(f"aiohttp.{type(error).__name__}: {reason}") from None
        HEALTH.api_answered()
        return self._checked(response.status), answer

    def _checked(self, status: int) -> int:
        if status == HTTPStatus.UNAUTHORIZED:
            self._on_unauthorized()
            raise TokenRejectedError("Telegram refused the bot token (401 Unauthorized)")
        if status >= HTTPStatus.INTERNAL_SERVER_ERROR:  # whatever the body: HTML, JSON, nothing
            raise ServerError(status)
        return status

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        """Parse the Bot API's JSON; anything else is ``UnreadableResponseError``, not logged."""
        try:
            data: Any = loads_known(payload)
        except ValueError:
            try:  # not UTF-8 throughout: read what is, as before
                data = json.loads(payload.decode("utf-8", "replace"))
            except ValueError:
                raise UnreadableResponseError(
                    f"the Bot API's answer is not JSON ({len(payload)} bytes)"
                ) from None
        if not isinstance(data, dict) or not isinstance(data.get("ok"), bool):
            raise UnreadableResponseError("the Bot API's answer is not a response object")
        if data["ok"] and "result" not in data:
            raise ResultMissingError("Telegram answered ok without a result")
        return data
