"""Bot API calls that survive a flaky network and a flaky Telegram, without doubling answers.

Two seams python-telegram-bot offers carry it all:

- ``bot.telegram.transport.BotApiRequest`` (PTB's swappable request class): a 401 trips the
  credentials alarm, bodies that are not the Bot API's JSON become one retryable error (instead of a
  logged traceback), ``ok: true`` without ``result`` is told apart, and the HTTP client marks the
  delivery journal (``bot.delivery.journal``) the instant before a request body goes out.
- ``DeliveryLimiter`` (PTB's rate limiter hook, around every call but getUpdates): paces sends
  (``bot.telegram.pacing``), retries with exponential backoff and jitter what certainly did not
  reach Telegram (5xx, refused or dropped connections, connect and pool time-outs, unreadable
  bodies), waits out every 429 as asked, all within one deadline per call.

The one failure not retried is a time-out on a send after its body went out: Telegram has it and may
well have delivered it, so sending again could show the customer the same answer twice. The journal
keeps its mark and the answer counts as sent (see ``bot.delivery.journal``). Edits, callback answers
and the like are idempotent and retried on time-outs too.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import warnings
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum
from typing import Any, Protocol

from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.ext import BaseRateLimiter
from telegram.warnings import PTBDeprecationWarning

from bot.delivery import CURRENT_DELIVERY, DeliveryJournal
from bot.telegram.errors import (
    AnswerOverdueError,
    DeliveryUncertainError,
    ResultMissingError,
    ServerError,
    TelegramUnavailableError,
    TokenRejectedError,
    UnreadableResponseError,
)
from bot.telegram.pacing import Pacer

log = logging.getLogger(__name__)

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
        # Only a time-out after the body went out may hide a carried-out request; connect and
        # pool time-outs (and PTB's own pool message) mean Telegram never had any of it.
        overdue = isinstance(error.__cause__, AnswerOverdueError)
        return Verdict.UNCERTAIN if overdue else Verdict.RETRY
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


def failure_reason(error: BaseException) -> str:
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
            log.info(
                "Bot API call failed: retrying",
                extra={
                    "event": "retry",
                    "method": endpoint,
                    "reason": reason,
                    "wait_s": round(wait_s, 3),
                },
            )
            await asyncio.sleep(wait_s)
            attempt += 1

    def _after_failure(self, endpoint: str, error: Exception, attempt: int) -> tuple[float, str]:
        """Re-raise what must not be retried; otherwise return how long to wait and why."""
        reason = failure_reason(error)
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
