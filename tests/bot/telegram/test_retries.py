"""retries: what is retried, what is waited out, what is never repeated, and the 401 alarm."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.delivery.journal import CURRENT_DELIVERY, MemoryJournal
from bot.telegram.errors import (
    AnswerOverdueError,
    DeliveryUncertainError,
    ResultMissingError,
    ServerError,
    TelegramUnavailableError,
    TokenRejectedError,
    UnreadableResponseError,
)
from bot.telegram.retries import DeliveryLimiter, DeliveryPolicy, Verdict, classify


@pytest.fixture(autouse=True)
def timedelta_retry_after(monkeypatch):
    """Read 429 waits as timedeltas, as the bot opts in to at start-up."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


POLICY = DeliveryPolicy(
    send_deadline_s=1.0, query_deadline_s=0.5, backoff_base_s=0.01, backoff_cap_s=0.05
)


def timed_out(cause: Exception) -> TimedOut:
    """PTB's TimedOut as the transport raises it, with its ``cause``."""
    error = TimedOut()
    error.__cause__ = cause
    return error


class Script:
    """A Bot API call that fails as scripted, then answers."""

    def __init__(self, *failures: Exception) -> None:
        self.failures = list(failures)
        self.calls = 0

    async def __call__(self, *_args, **_kwargs):
        """Fail with the next scripted error, or answer."""
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return {"message_id": 1}


class Hooks:
    """Records what the limiter reports."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.waits: list[tuple[float, str]] = []

    def api_error(self, _method: str, reason: str) -> None:
        """Record a failure."""
        self.errors.append(reason)

    def waited(self, _method: str, seconds: float, reason: str) -> None:
        """Record a wait."""
        self.waits.append((seconds, reason))

    def store_error(self, operation: str) -> None:
        """Not reported by the limiter."""
        raise AssertionError(operation)


class Pacer:
    """Records which chats sends were paced for, never makes them wait."""

    def __init__(self) -> None:
        self.paced: list[object] = []

    async def reserve(self, chat_id):
        """Record the chat."""
        self.paced.append(chat_id)
        return 0.0


async def call(limiter, script, endpoint="sendMessage", data=None):
    """Make one call through the limiter."""
    data = {"chat_id": 5} if data is None else data
    return await limiter.process_request(script, (), {}, endpoint, data, None)


@pytest.mark.parametrize(
    ("error", "verdict"),
    [
        (ServerError(500), Verdict.RETRY),
        (NetworkError("aiohttp.ServerDisconnectedError: Server disconnected"), Verdict.RETRY),
        (UnreadableResponseError("html"), Verdict.RETRY),
        (timed_out(TimeoutError("connect")), Verdict.RETRY),
        (
            TimedOut("Pool timeout: All connections in the connection pool are occupied."),
            Verdict.RETRY,
        ),
        (timed_out(AnswerOverdueError("read")), Verdict.UNCERTAIN),
        (BadRequest("chat not found"), Verdict.FINAL),
        (Forbidden("bot was blocked by the user"), Verdict.FINAL),
        (TokenRejectedError("401"), Verdict.FINAL),
        (ResultMissingError("ok"), Verdict.FINAL),
    ],
)
def test_failures_are_sorted_by_whether_telegram_may_have_acted(error, verdict):
    """Only a time-out after the body went out leaves it open whether Telegram acted."""
    assert classify(error) is verdict


async def test_transient_failures_are_retried_until_telegram_answers():
    """5xx, a dropped connection, an unreadable body, a connect time-out: then the answer."""
    hooks = Hooks()
    limiter = DeliveryLimiter(POLICY, Pacer(), MemoryJournal(), hooks)
    script = Script(
        ServerError(500),
        NetworkError("aiohttp.ServerDisconnectedError: Server disconnected"),
        UnreadableResponseError("html"),
        timed_out(TimeoutError("connect")),
    )
    assert await call(limiter, script) == {"message_id": 1}
    assert script.calls == 5
    assert hooks.errors == ["500", "network", "unreadable", "timeout"]
    assert [reason for _, reason in hooks.waits] == ["backoff"] * 4


async def test_429_is_waited_out_as_often_as_asked():
    """Four 429s in a row: each waited out for as long as Telegram asked."""
    hooks = Hooks()
    limiter = DeliveryLimiter(POLICY, Pacer(), MemoryJournal(), hooks)
    script = Script(*(RetryAfter(timedelta(seconds=0.05)) for _ in range(4)))
    started = time.monotonic()
    await call(limiter, script)
    assert script.calls == 5
    assert hooks.waits == [(0.05, "429")] * 4
    assert time.monotonic() - started >= 0.2


async def test_past_its_deadline_a_call_gives_up_with_the_last_error():
    """Failing on and on: TelegramUnavailableError, caused by Telegram's last answer."""
    limiter = DeliveryLimiter(POLICY, Pacer(), MemoryJournal())
    with pytest.raises(TelegramUnavailableError) as raised:
        await call(limiter, Script(*(ServerError(502) for _ in range(1000))))
    assert isinstance(raised.value.__cause__, ServerError)


async def test_a_429_beyond_the_deadline_is_not_waited_for_nothing():
    """Asked to wait longer than the deadline allows: give up at once."""
    limiter = DeliveryLimiter(POLICY, Pacer(), MemoryJournal())
    started = time.monotonic()
    with pytest.raises(TelegramUnavailableError):
        await call(limiter, Script(RetryAfter(timedelta(seconds=30))))
    assert time.monotonic() - started < 0.5


@pytest.mark.parametrize(
    "refusal",
    [BadRequest("chat not found"), Forbidden("bot was blocked"), TokenRejectedError("401")],
)
async def test_telegrams_considered_refusals_are_not_retried(refusal):
    """400, 403, 401: raised after one call."""
    script = Script(refusal)
    with pytest.raises(type(refusal)):
        await call(DeliveryLimiter(POLICY, Pacer(), MemoryJournal()), script)
    assert script.calls == 1


async def test_a_send_that_timed_out_after_going_out_is_not_repeated():
    """Read time-out on sendMessage: no second call; the journal keeps its mark."""
    journal = MemoryJournal()
    script = Script(timed_out(AnswerOverdueError("r")))
    token = CURRENT_DELIVERY.set("5:0")
    journal.mark("5:0")  # as the transport does when the body goes out
    try:
        with pytest.raises(DeliveryUncertainError):
            await call(DeliveryLimiter(POLICY, Pacer(), journal), script)
    finally:
        CURRENT_DELIVERY.reset(token)
    assert script.calls == 1
    assert await journal.contains("5:0")


async def test_an_edit_that_timed_out_is_tried_again():
    """Edits are idempotent: a read time-out is retried."""
    script = Script(timed_out(AnswerOverdueError("r")))
    await call(DeliveryLimiter(POLICY, Pacer(), MemoryJournal()), script, "editMessageText")
    assert script.calls == 2


@pytest.mark.parametrize(
    ("failure", "kept"),
    [(ServerError(500), False), (BadRequest("x"), False), (ResultMissingError("ok"), True)],
)
async def test_a_send_telegram_did_not_carry_out_is_crossed_out_of_the_journal(failure, kept):
    """5xx and 4xx: the mark goes (the answer may be sent again); ok without result: it stays."""
    journal = MemoryJournal()
    token = CURRENT_DELIVERY.set("5:0")
    journal.mark("5:0")
    try:
        await call(DeliveryLimiter(POLICY, Pacer(), journal), Script(failure))
    except (BadRequest, ResultMissingError):
        pass
    finally:
        CURRENT_DELIVERY.reset(token)
    assert await journal.contains("5:0") is kept


async def test_only_what_lands_in_a_chat_is_paced():
    """Sends and edits are paced for their chat; typing and query answers are not."""
    pacer = Pacer()
    limiter = DeliveryLimiter(POLICY, pacer, MemoryJournal())
    await call(limiter, Script(), "sendMessage", {"chat_id": 5})
    await call(limiter, Script(), "editMessageText", {"inline_message_id": "abc"})
    await call(limiter, Script(), "sendChatAction", {"chat_id": 5})
    await call(limiter, Script(), "answerCallbackQuery", {"callback_query_id": "1"})
    assert pacer.paced == [5, None]


async def test_typing_is_tried_once():
    """A failed "typing..." is not worth a retry."""
    script = Script(ServerError(500))
    with pytest.raises(TelegramUnavailableError):
        await call(DeliveryLimiter(POLICY, Pacer(), MemoryJournal()), script, "sendChatAction")
    assert script.calls == 1
