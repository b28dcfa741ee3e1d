"""The HTTP client under python-telegram-bot: aiohttp instead of PTB's default httpx.

PTB puts the network behind one swappable class (``telegram.request.BaseRequest``); this is
ours. A profile of the bot under load showed httpx/httpcore spending about a quarter of each
update in connection-pool bookkeeping, plus a failing ``import sniffio`` on every request;
aiohttp's pool, which the webhook server already runs on, costs a fraction of that. The class
only moves bytes: PTB's ``BaseRequest`` still turns status codes into ``TelegramError``s.

Every answer from the Bot API (and every failure to get one) is reported to
``bot.observability``: readiness reads "reached recently" from it, ``/metrics`` counts errors.
"""

from __future__ import annotations

import json
import re

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.observability import record_bot_api_call

# PTB's HTTPXRequest defaults, kept so that timeouts mean what PTB's documentation says.
CONNECT_TIMEOUT_S = 5.0
READ_TIMEOUT_S = 5.0
WRITE_TIMEOUT_S = 5.0
MEDIA_WRITE_TIMEOUT_S = 20.0
POOL_TIMEOUT_S = 1.0
CONNECTIONS = 256  # PTB's default pool for Bot API calls; getUpdates needs one
KEEPALIVE_S = 30.0
_JSON_HEADERS = {"Content-Type": "application/json"}
_TOKEN_IN_PATH = re.compile(r"/bot[^/]+/")  # method URLs are .../bot<token>/<method>


def _method_of(url: str) -> str:
    """Return the Bot API method a URL calls (its last path segment); "file" for downloads.

    Download URLs end in a file path, which must not become a metrics label of its own.
    """
    if "/file/bot" in url:
        return "file"
    return url.rsplit("/", 1)[-1].split("?", 1)[0] or "unknown"


def _pick(value: ODVInput[float], default: float) -> float | None:
    return default if isinstance(value, DefaultValue) else value


def _body(request_data: RequestData | None) -> aiohttp.FormData | bytes | None:
    """Build the body: JSON (no URL-encoding of long answers), multipart when files go along.

    The Bot API takes application/json for every method
    (https://core.telegram.org/bots/api#making-requests).
    """
    if request_data is None:
        return None
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


class AiohttpRequest(BaseRequest):
    """PTB's request interface over one ``aiohttp.ClientSession``."""

    def __init__(
        self, *, connections: int = CONNECTIONS, read_timeout_s: float = READ_TIMEOUT_S
    ) -> None:
        self._connections = connections
        self._read_timeout_s = read_timeout_s
        self._session: aiohttp.ClientSession | None = None

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
            headers = {"User-Agent": self.USER_AGENT}
            self._session = aiohttp.ClientSession(connector=connector, headers=headers)

    async def shutdown(self) -> None:
        """Close the session."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def do_request(  # noqa: PLR0917 - PTB's signature
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """Send one request; return status and body, or raise ``TimedOut``/``NetworkError``."""
        if self._session is None or self._session.closed:
            raise RuntimeError("AiohttpRequest is not initialized")
        has_files = request_data is not None and request_data.contains_files
        write_s = _pick(write_timeout, MEDIA_WRITE_TIMEOUT_S if has_files else WRITE_TIMEOUT_S)
        read_s = _pick(read_timeout, self._read_timeout_s)
        connect_s = _pick(connect_timeout, CONNECT_TIMEOUT_S)
        pool_s = _pick(pool_timeout, POOL_TIMEOUT_S)
        # aiohttp has no separate write deadline: a send counts against sock_read's clock once
        # written, so the write allowance goes into the overall limit.
        total = None if read_s is None else read_s + (write_s or 0) + (connect_s or 0)
        timeout = aiohttp.ClientTimeout(
            total=total,
            connect=None if connect_s is None else connect_s + (pool_s or 0),
            sock_connect=connect_s,
            sock_read=read_s,
        )
        api_method = _method_of(url)
        body = _body(request_data)
        headers = _JSON_HEADERS if isinstance(body, bytes) else None
        try:
            async with self._session.request(
                method, url, data=body, headers=headers, timeout=timeout
            ) as response:
                answer = await response.read()
        except TimeoutError as error:
            record_bot_api_call(api_method, None)
            raise TimedOut from error
        except (aiohttp.ClientError, OSError) as error:
            record_bot_api_call(api_method, None)
            # aiohttp's messages may quote the URL, and the URL holds the token.
            reason = _TOKEN_IN_PATH.sub("/bot[redacted]/", str(error))
            raise NetworkError(f"aiohttp.{type(error).__name__}: {reason}") from error
        record_bot_api_call(api_method, response.status)
        return response.status, answer
