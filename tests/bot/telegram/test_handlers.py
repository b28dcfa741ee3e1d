"""bot.telegram.app handlers, called directly with hand-written stand-ins for PTB's context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from telegram import Update
from telegram.error import Forbidden, NetworkError

from bot.answers.checkout import CheckoutConfig
from bot.conversation.pipeline import Pipeline
from bot.delivery.fence import LeaseLostError
from bot.delivery.journal import MemoryJournal
from bot.ops.scope import CURRENT_UPDATE, Outcome, UpdateScope
from bot.reply import ChatContext, Reply, ReplyKind
from bot.settings import load_settings
from bot.state.chats import MemoryStore
from bot.state.fallback import FallbackStore
from bot.telegram.errors import TelegramUnavailableError, TokenRejectedError
from bot.telegram.handlers import MAX_CALLBACK_BYTES, MAX_MESSAGE_CHARS, TelegramHandlers
from bot.telegram.markup import keyboard, keyboard_json
from bot.telegram.sending import AnswerSender
from tests.fakes.pipeline import EchoPipeline, echo_menu


class BrokenStore:
    """A chat store whose backend is gone (Redis down): every call raises."""

    async def get(self, chat_id: int):
        """Fail like a lost connection."""
        raise ConnectionError(f"store down while reading chat {chat_id}")

    async def put(self, chat):
        """Fail like a lost connection."""
        raise ConnectionError(f"store down while writing chat {chat.chat_id}")

    async def close(self) -> None:
        """Nothing to release."""


@dataclass
class RecordingBot:
    """Records what would have been sent."""

    id: int = 1
    username: str = "fullgpu_test_bot"
    sent: list[tuple[int, str]] = field(default_factory=list)

    async def send_message(self, chat_id: int, text: str, **_kwargs: Any) -> None:
        """Record one message."""
        self.sent.append((chat_id, text))

    async def post_json(self, endpoint: str, data: dict[str, Any]) -> None:
        """Record one message, as answers post it."""
        assert endpoint == "sendMessage"
        self.sent.append((data["chat_id"], data["text"]))

    async def send_chat_action(self, chat_id: int, action: str) -> None:
        """Accept "typing..."."""

    async def answer_callback_query(self, *_args: Any, **_kwargs: Any) -> bool:
        """Stop the spinner."""
        return True


@dataclass
class ErrorContext:
    """What an error handler reads from PTB's CallbackContext."""

    error: Exception
    bot: RecordingBot


@dataclass
class Context:
    """What a handler reads from PTB's CallbackContext."""

    bot: RecordingBot


class Monitor:
    """Records outage reports."""

    def __init__(self) -> None:
        self.reports: list[str] = []

    def failed(self, kind: str, _detail: str) -> None:
        """Record one failure."""
        self.reports.append(kind)


def private_update(language_code: str, text: str = "hi") -> Update:
    """Build a private-chat text update from a user with ``language_code``."""
    user = {"id": 9, "is_bot": False, "first_name": "A", "language_code": language_code}
    message = {
        "message_id": 1,
        "date": 0,
        "chat": {"id": 9, "type": "private"},
        "from": user,
        "text": text,
    }
    return Update.de_json({"update_id": 5, "message": message}, None)


def handlers_with(store=None, pipeline=None, monitor=None) -> TelegramHandlers:
    """Build handlers around a memory journal and the given parts."""
    return TelegramHandlers(
        load_settings({}),
        pipeline or EchoPipeline(),
        store or FallbackStore(MemoryStore(), lambda *_: None),
        echo_menu,
        AnswerSender(MemoryJournal()),
        monitor=monitor,
    )


@pytest.fixture
def scope():
    """Handle as if inside update 5 of the intake."""
    current = UpdateScope(5)
    token = CURRENT_UPDATE.set(current)
    yield current
    CURRENT_UPDATE.reset(token)


async def test_the_apology_is_sent_even_when_the_store_is_down(scope):
    """The error handler answers in the user's language although the chat store is gone."""
    store = FallbackStore(BrokenStore(), lambda *_: None)
    handlers, bot = handlers_with(store=store), RecordingBot()
    await handlers.on_error(private_update("de"), ErrorContext(RuntimeError("bug"), bot))
    assert len(bot.sent) == 1
    chat_id, text = bot.sent[0]
    assert chat_id == 9
    assert text.startswith("Entschuldigung")
    assert scope.outcome is Outcome.DONE


async def test_an_unreachable_telegram_keeps_the_update_for_later(scope):
    """Telegram down past the deadline: no apology (it would fail too), the update is kept."""
    monitor = Monitor()
    handlers, bot = handlers_with(monitor=monitor), RecordingBot()
    error = TelegramUnavailableError("sendMessage still failing")
    error.__cause__ = NetworkError("502")
    await handlers.on_error(private_update("en"), ErrorContext(error, bot))
    assert bot.sent == []
    assert scope.outcome is Outcome.RETRY_LATER
    assert monitor.reports == ["Telegram"]


async def test_a_blocked_bot_is_recorded_and_not_retried(scope, caplog):
    """403 "bot was blocked": logged, done, no apology and no admin notice."""
    monitor = Monitor()
    handlers, bot = handlers_with(monitor=monitor), RecordingBot()
    error = Forbidden("Forbidden: bot was blocked by the user")
    await handlers.on_error(private_update("en"), ErrorContext(error, bot))
    assert bot.sent == []
    assert scope.outcome is Outcome.DONE
    assert monitor.reports == []
    assert "not retried" in caplog.text


async def test_a_refused_token_leaves_the_update_for_the_next_start(scope):
    """401 while handling: nothing sent, the update stays in the intake."""
    handlers, bot = handlers_with(), RecordingBot()
    await handlers.on_error(private_update("en"), ErrorContext(TokenRejectedError("401"), bot))
    assert bot.sent == []
    assert scope.outcome is Outcome.STOPPED


async def test_a_lost_lease_is_left_to_the_new_owner_without_apology(scope):
    """The chat passed to another replica mid-update: no apology, no report, nothing sent."""
    monitor = Monitor()
    handlers, bot = handlers_with(monitor=monitor), RecordingBot()
    error = LeaseLostError("the lease on chat 9 passed to another replica")
    await handlers.on_error(private_update("en"), ErrorContext(error, bot))
    assert bot.sent == []
    assert monitor.reports == []


async def test_a_bug_reports_one_failure_of_its_kind(scope):
    """An unexpected error is apologised for and reported to the outage monitor by type."""
    monitor = Monitor()
    handlers, bot = handlers_with(monitor=monitor), RecordingBot()
    await handlers.on_error(private_update("en"), ErrorContext(KeyError("x"), bot))
    assert monitor.reports == ["handler error KeyError"]
    assert len(bot.sent) == 1


async def test_an_overlong_message_is_read_only_up_to_telegrams_limit(scope):
    """Text beyond what Telegram lets a user send never reaches the pipeline."""
    pipeline = EchoPipeline()
    handlers, bot = handlers_with(pipeline=pipeline), RecordingBot()
    await handlers.on_message(private_update("en", "7" * 50_000), Context(bot))
    assert len(pipeline.seen[0][0]) == MAX_MESSAGE_CHARS
    assert len(bot.sent) == 1


async def test_overlong_callback_data_is_cut_at_a_character_boundary(scope):
    """Callback data longer than Telegram allows is clipped to 64 bytes of whole characters."""
    pipeline = EchoPipeline()
    handlers, bot = handlers_with(pipeline=pipeline), RecordingBot()
    query = {
        "id": "q1",
        "from": {"id": 9, "is_bot": False, "first_name": "A"},
        "chat_instance": "9",
        "data": "é" * 100,
    }
    update = Update.de_json({"update_id": 6, "callback_query": query}, None)
    update.callback_query.set_bot(bot)
    await handlers.on_callback(update, Context(bot))
    data = pipeline.seen[0][0]
    assert len(data.encode()) <= MAX_CALLBACK_BYTES
    assert data == "é" * (MAX_CALLBACK_BYTES // 2)


class ChatActionBot:
    """Records sendChatAction calls as the typing helper makes them."""

    def __init__(self) -> None:
        self.actions: list[tuple[int, str]] = []

    async def post_json(self, endpoint: str, data: dict[str, Any]) -> bool:
        """Record the action, as the typing helper posts it."""
        assert endpoint == "sendChatAction"
        self.actions.append((data["chat_id"], data["action"]))
        return True


async def test_typing_shows_only_when_the_answer_is_slow(monkeypatch):
    """Answered within the delay: no typing call; still busy after it: one "typing"."""
    import asyncio  # noqa: PLC0415

    from bot.telegram import handlers as telegram_handlers  # noqa: PLC0415

    monkeypatch.setattr(telegram_handlers, "TYPING_AFTER_S", 0.05)
    bot = ChatActionBot()
    async with telegram_handlers.typing_while_slow(bot, 7):
        pass
    await asyncio.sleep(0.1)
    assert bot.actions == []
    async with telegram_handlers.typing_while_slow(bot, 7):
        await asyncio.sleep(0.15)
    assert bot.actions == [(7, "typing")]


async def test_typing_cancelled_before_it_starts_leaves_no_call_unawaited(monkeypatch):
    """A typing task cancelled before its first step leaves no call never awaited.

    The answer leaves just as the timer fires; no "typing" call may be left behind unawaited
    (a RuntimeWarning, which the test settings make an error).
    """
    import asyncio  # noqa: PLC0415
    import gc  # noqa: PLC0415
    import warnings  # noqa: PLC0415

    from bot.telegram import handlers as telegram_handlers  # noqa: PLC0415

    monkeypatch.setattr(telegram_handlers, "TYPING_AFTER_S", 0.0)
    bot = ChatActionBot()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(20):
            async with telegram_handlers.typing_while_slow(bot, 7):
                await asyncio.sleep(0)
                await asyncio.sleep(0)  # the timer has fired: the task is made, not yet run
        await asyncio.sleep(0.01)  # the cancelled tasks take their first (and last) step
        gc.collect()
    never_awaited = [w for w in caught if "never awaited" in str(w.message)]
    assert never_awaited == []
    assert bot.actions == []


@pytest.mark.parametrize(
    "question",
    ["Llama 3.1 70B FP8 32K context for 8 users", "/compare", "/price", "/start", "hello"],
)
def test_the_keyboard_json_is_what_the_bot_api_objects_would_send(question):
    """Buttons with links and with callback data: the same JSON as python-telegram-bot's."""
    reply = Pipeline(CheckoutConfig()).respond(question, ChatContext(language="en")).reply
    built = keyboard(reply)
    assert keyboard_json(reply) == (built.to_dict() if built is not None else None)


def test_an_answer_without_buttons_has_no_keyboard_json():
    """No rows: no reply_markup at all, as with the objects."""
    assert keyboard_json(Reply(kind=ReplyKind.HELP, language="en", text="hi", html="hi")) is None
