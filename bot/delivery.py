"""Bot API calls that survive a flaky network and a flaky Telegram, without doubling answers.

Two seams python-telegram-bot offers carry it all:

- ``BotApiRequest`` (PTB's swappable request class): a 401 trips the credentials alarm,
  bodies that are not the Bot API's JSON become one retryable error (instead of a logged
  traceback), ``ok: true`` without ``result`` is told apart, and the HTTP client marks the
  delivery journal (``bot.journal``) the instant before a request body goes out.
- ``DeliveryLimiter`` (PTB's rate limiter hook, around every call but getUpdates): paces sends
  (``bot.pacing``), retries with exponential backoff and jitter what certainly did not reach
  Telegram (5xx, refused or dropped connections, connect and pool time-outs, unreadable
  bodies), waits out every 429 as asked, all within one deadline per call.

The one failure not retried is a read time-out on a send: the request was written and
Telegram may well have delivered it, so sending again could show the customer the same
answer twice. The journal keeps its mark and the answer counts as sent (see ``bot.journal``).
Edits, callback answers and the like are idempotent and retried on time-outs too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
import warnings
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum
from typing import Any, Protocol

import httpx
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.ext import BaseRateLimiter
from telegram.request import HTTPXRequest
from telegram.warnings import PTBDeprecationWarning

from bot.journal import CURRENT_DELIVERY, DeliveryJournal
from bot.pacing import Pacer

log = logging.getLogger(__name__)

# httpcore's trace event just before the body is written. Between it and the socket write no
# other task runs (anyio only checks for cancellation), so the mark always precedes the body;
# after the write anyio yields, so marking at ".complete" would leave a gap of a loop turn.
BODY_STARTING_EVENT = "http11.send_request_body.started"
CONNECTION_POOL_SIZE = 256  # PTB's default
# Methods whose repetition Telegram would carry out twice: never re-sent once possibly delivered.
REPEATING_PREFIXES = ("send", "copy", "forward")
NOT_REPEATING = frozenset({"sendChatAction"})
# Methods that put something in a chat, so Telegram's per-chat limits apply ("typing..." is
# not a message).
PACED_PREFIXES = ("send", "copy", "forward", "edit")
NOT_PACED = frozenset({"sendChatAction"})
# Worth one try only: failing them costs nothing a customer would notice.
BEST_EFFORT = frozenset({"sendChatAction", "setMyCommands"})
QUERY_ANSWERS = frozenset({"answerCallbackQuery", "answerInlineQuery"})
START_UP = frozenset({"getMe", "deleteWebhook", "setWebhook", "getWebhookInfo"})


class TokenRejectedError(TelegramError):
    """Telegram answered 401: the token was revoked or is wrong. Nothing will work."""


class UnreadableResponseError(NetworkError):
    """The answer was not the Bot API's JSON (an HTML error page, a cut-off body)."""


class ResultMissingError(TelegramError):
    """Telegram said ``ok: true`` without a ``result``: done, but nothing to read back."""


class DeliveryUncertainError(TelegramError):
    """A send timed out after its request went out: Telegram may have delivered it."""


class ServerError(NetworkError):
    """Telegram answered with a 5xx status: nothing was done, try again later."""

    def __init__(self, status: int) -> None:
        super().__init__(f"Telegram answered HTTP {status}")
        self.status = status


class TelegramUnavailableError(NetworkError):
    """Transient failures went on past the call's deadline."""


@dataclass(frozen=True, slots=True)
class DeliveryPolicy:
    """Deadlines, back-off and HTTP time-outs for Bot API calls."""

    send_deadline_s: float = 60.0  # an answer later than this is not worth holding a chat for
    query_deadline_s: float = 10.0  # a button's spinner and inline results expire soon after
    startup_deadline_s: float = 120.0  # Telegram unreachable longer at start: give up, exit 1
    backoff_base_s: float = 0.5
    backoff_cap_s: float = 8.0
    connect_timeout_s: float = 5.0
    read_timeout_s: float = 10.0
    write_timeout_s: float = 10.0
    pool_timeout_s: float = 3.0

    def deadline_for(self, endpoint: str) -> float:
        """How long transient failures of ``endpoint`` are retried."""
        if endpoint in BEST_EFFORT:
            return 0.0
        if endpoint in QUERY_ANSWERS:
            return self.query_deadline_s
        if endpoint in START_UP:
            return self.startup_deadline_s
        return self.send_deadline_s

    def backoff_s(self, attempt: int, rng: Callable[[], float] = random.random) -> float:
        """Exponential back-off with jitter: half the step fixed, half random."""
        step = min(self.backoff_cap_s, self.backoff_base_s * 2**attempt)
        return float(step / 2 + rng() * step / 2)


class DeliveryHooks(Protocol):
    """What the delivery and intake code report, for metrics; every method must be cheap."""

    def api_error(self, method: str, reason: str) -> None:
        """Count a failed Bot API call (``reason``: an HTTP status, ``timeout``, ``network``)."""
        ...

    def waited(self, method: str, seconds: float, reason: str) -> None:
        """Count a wait before a call (``reason``: ``429``, ``backoff`` or ``pacing``)."""
        ...

    def store_error(self, operation: str) -> None:
        """Count a failed call to the state store (``operation``: "intake write"...)."""
        ...


class NoHooks:
    """Reports nowhere."""

    def api_error(self, method: str, reason: str) -> None:
        """Ignore."""

    def waited(self, method: str, seconds: float, reason: str) -> None:
        """Ignore."""

    def store_error(self, operation: str) -> None:
        """Ignore."""


class Verdict(Enum):
    """What to do after a failed call."""

    RETRY = "retry"  # certainly not carried out: try again after a back-off
    UNCERTAIN = "uncertain"  # may have been carried out: a send must not be repeated
    FINAL = "final"  # Telegram's considered answer (4xx, 401): retrying changes nothing


def repeats_visibly(endpoint: str) -> bool:
    """Tell whether calling ``endpoint`` twice would show the customer two things."""
    return endpoint.startswith(REPEATING_PREFIXES) and endpoint not in NOT_REPEATING


def classify(error: BaseException) -> Verdict:
    """Sort a failed call's error: retry it, or not."""
    if isinstance(error, (TokenRejectedError, BadRequest, Forbidden, ChatMigrated, Conflict)):
        return Verdict.FINAL
    if isinstance(error, (InvalidToken, ResultMissingError)):
        return Verdict.FINAL
    if isinstance(error, TimedOut):
        cause = error.__cause__
        # Only a read time-out follows a request that went out; connect, write and pool
        # time-outs (and PTB's own pool message) mean Telegram never had all of it.
        return Verdict.UNCERTAIN if isinstance(cause, httpx.ReadTimeout) else Verdict.RETRY
    if isinstance(error, NetworkError):
        # 5xx, unreadable bodies, refused and dropped connections. A connection closed
        # without a byte of answer is, in practice, a keep-alive connection the server had
        # already closed: the request was never read, and HTTP clients send it again.
        return Verdict.RETRY
    return Verdict.FINAL


def retry_after_seconds(error: RetryAfter) -> float:
    """Seconds Telegram asked us to wait, whichever type this PTB version reports."""
    with warnings.catch_warnings():  # PTB 22 warns that the int form will become a timedelta
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def _reason(error: BaseException) -> str:
    """Label a failure for metrics: the HTTP status where known."""
    if isinstance(error, ServerError):
        return str(error.status)
    labels: list[tuple[type[BaseException], str]] = [
        (RetryAfter, "429"),
        (TimedOut, "timeout"),
        (TokenRejectedError, "401"),
        (Forbidden, "403"),
        (BadRequest, "400"),
        (Conflict, "409"),
        (UnreadableResponseError, "unreadable"),
    ]
    return next((label for kind, label in labels if isinstance(error, kind)), "network")


class DeliveryLimiter(BaseRateLimiter[None]):
    """Pace, retry and wait out 429s around every Bot API call except getUpdates."""

    def __init__(
        self,
        policy: DeliveryPolicy,
        pacer: Pacer,
        journal: DeliveryJournal,
        hooks: DeliveryHooks | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._policy = policy
        self._pacer = pacer
        self._journal = journal
        self._hooks = hooks or NoHooks()
        self._clock = clock

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    async def process_request(  # noqa: PLR0917 - PTB's signature
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,  # noqa: ANN401 - PTB's signature
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,  # noqa: ARG002 - PTB's signature
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Call Telegram until it answers, a final error comes, or the deadline passes."""
        deadline = self._clock() + self._policy.deadline_for(endpoint)
        attempt = 0
        while True:
            if endpoint.startswith(PACED_PREFIXES) and endpoint not in NOT_PACED:
                deadline += await self._pace(endpoint, data.get("chat_id"))
            try:
                return await callback(*args, **kwargs)
            except Exception as error:
                wait_s, reason = self._after_failure(endpoint, error, attempt)
                if self._clock() + wait_s > deadline:
                    raise TelegramUnavailableError(
                        f"{endpoint} still failing after its deadline: {error}"
                    ) from error
            self._hooks.waited(endpoint, wait_s, reason)
            log.info("%s failed (%s): retrying in %.2f s", endpoint, reason, wait_s)
            await asyncio.sleep(wait_s)
            attempt += 1

    def _after_failure(self, endpoint: str, error: Exception, attempt: int) -> tuple[float, str]:
        """Re-raise what must not be retried; otherwise return how long to wait and why."""
        reason = _reason(error)
        self._hooks.api_error(endpoint, reason)
        if isinstance(error, RetryAfter):
            self._forget_delivery()
            return retry_after_seconds(error), reason
        verdict = classify(error)
        if verdict is Verdict.FINAL:
            if not isinstance(error, ResultMissingError):  # ok: true, so it was done: keep the mark
                self._forget_delivery()
            raise error
        if verdict is Verdict.UNCERTAIN and repeats_visibly(endpoint):
            raise DeliveryUncertainError(
                f"{endpoint} timed out after the request went out"
            ) from error
        self._forget_delivery()
        return self._policy.backoff_s(attempt), "backoff"

    async def _pace(self, endpoint: str, chat_id: object) -> float:
        target = chat_id if isinstance(chat_id, (int, str)) else None
        wait_s = await self._pacer.reserve(target)
        if wait_s > 0:
            self._hooks.waited(endpoint, wait_s, "pacing")
            await asyncio.sleep(wait_s)
        return wait_s

    def _forget_delivery(self) -> None:
        key = CURRENT_DELIVERY.get()
        if key is not None:
            self._journal.forget(key)


class JournalingTransport(httpx.AsyncHTTPTransport):
    """httpx's transport, marking the delivery journal as a send's body goes out."""

    def __init__(self, journal: DeliveryJournal, **kwargs: Any) -> None:  # noqa: ANN401
        super().__init__(**kwargs)
        self._journal = journal

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Attach a trace callback to requests made for a journaled answer."""
        key = CURRENT_DELIVERY.get()
        if key is not None:
            journal = self._journal

            async def trace(event: str, _info: dict[str, Any]) -> None:
                if event == BODY_STARTING_EVENT:
                    journal.mark(key)  # synchronous: written before the body, nothing between

            request.extensions = {**request.extensions, "trace": trace}
        return await super().handle_async_request(request)


class BotApiRequest(HTTPXRequest):
    """PTB's HTTPX request, telling Telegram's failures apart (see the module docstring)."""

    def __init__(
        self,
        *,
        policy: DeliveryPolicy,
        journal: DeliveryJournal,
        on_unauthorized: Callable[[], None],
        read_timeout_s: float | None = None,
    ) -> None:
        transport = JournalingTransport(
            journal, limits=httpx.Limits(max_connections=CONNECTION_POOL_SIZE)
        )
        super().__init__(
            connection_pool_size=CONNECTION_POOL_SIZE,
            connect_timeout=policy.connect_timeout_s,
            read_timeout=read_timeout_s if read_timeout_s is not None else policy.read_timeout_s,
            write_timeout=policy.write_timeout_s,
            pool_timeout=policy.pool_timeout_s,
            httpx_kwargs={"transport": transport},
        )
        self._on_unauthorized = on_unauthorized

    async def do_request(  # noqa: PLR0917 - PTB's signature
        self,
        url: str,
        method: str,
        request_data: Any = None,  # noqa: ANN401 - PTB's RequestData
        read_timeout: Any = HTTPXRequest.DEFAULT_NONE,  # noqa: ANN401 - PTB's ODVInput
        write_timeout: Any = HTTPXRequest.DEFAULT_NONE,  # noqa: ANN401
        connect_timeout: Any = HTTPXRequest.DEFAULT_NONE,  # noqa: ANN401
        pool_timeout: Any = HTTPXRequest.DEFAULT_NONE,  # noqa: ANN401
    ) -> tuple[int, bytes]:
        """Make the call; a 401 sounds the alarm, a 5xx is ``ServerError`` whatever its body."""
        code, payload = await super().do_request(
            url,
            method,
            request_data,
            read_timeout=read_timeout,
            write_timeout=write_timeout,
            connect_timeout=connect_timeout,
            pool_timeout=pool_timeout,
        )
        if code == httpx.codes.UNAUTHORIZED:
            self._on_unauthorized()
            raise TokenRejectedError("Telegram refused the bot token (401 Unauthorized)")
        if code >= httpx.codes.INTERNAL_SERVER_ERROR:  # whatever the body: HTML, JSON, nothing
            raise ServerError(code)
        return code, payload

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        """Parse the Bot API's JSON; anything else is ``UnreadableResponseError``, not logged."""
        try:
            data: Any = json.loads(payload.decode("utf-8", "replace"))
        except ValueError:
            raise UnreadableResponseError(
                f"the Bot API's answer is not JSON ({len(payload)} bytes)"
            ) from None
        if not isinstance(data, dict) or not isinstance(data.get("ok"), bool):
            raise UnreadableResponseError("the Bot API's answer is not a response object")
        if data["ok"] and "result" not in data:
            raise ResultMissingError("Telegram answered ok without a result")
        return data
