"""bot.delivery.fence: a replica whose lease ran out mid-update commits neither state nor answers.

Two replicas share one real redis-server: each is a ``Dispatcher`` over its own
``RedisIntake``, with the real handlers, ``RedisStore`` and ``RedisJournal``. Replica A's
lease is short and never renewed, so a stall in the middle of an update (held on an event at
one chosen point) outlasts it, as CPU starvation or a stopped process would.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.delivery.dispatch import Dispatcher
from bot.delivery.fence import LeaseLostError
from bot.delivery.intake import Job
from bot.delivery.intake_redis import RedisIntake
from bot.delivery.journal import CURRENT_DELIVERY, RedisJournal
from bot.ops.cooldown import store_errors
from bot.ops.observability import opened_scope
from bot.ops.scope import Outcome
from bot.reply import ChatContext
from bot.request import RequestFacts
from bot.runtime.serve import chat_key_of
from bot.settings import load_settings
from bot.state.chats import RedisStore
from bot.state.fallback import FallbackStore
from bot.telegram.handlers import TelegramHandlers
from bot.telegram.incoming import private_message
from bot.telegram.sending import AnswerSender
from tests.fakes.pipeline import EchoPipeline, echo_menu

CHAT = 10
SHORT_LEASE_MS = 200
STEP_TIMEOUT_S = 10.0


def message(update_id: int, text: str) -> dict[str, Any]:
    """Build a private text message of ``CHAT`` as Telegram sends it."""
    sender = {"id": CHAT, "is_bot": False, "first_name": "A"}
    chat = {"id": CHAT, "type": "private"}
    body = {"message_id": update_id, "date": 0, "chat": chat, "from": sender, "text": text}
    return {"update_id": update_id, "message": body}


class Gate:
    """Holds the first task that reaches it until opened; tells when one is held."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self.opened = asyncio.Event()
        self.used = False

    async def stall(self) -> None:
        """Stall the first caller until ``opened`` is set; let later callers through."""
        if self.used:
            return
        self.used = True
        self.reached.set()
        await self.opened.wait()


@dataclass
class JournalingBot:
    """Record answers; mark the journal the instant before each, as the transport does."""

    journal: RedisJournal
    id: int = 1
    username: str = "fullgpu_test_bot"
    sent: list[str] = field(default_factory=list)

    async def post_json(self, endpoint: str, data: dict[str, Any]) -> None:
        """Mark the answer's key, then record the answer."""
        assert endpoint == "sendMessage"
        key = CURRENT_DELIVERY.get()
        if key is not None:
            self.journal.mark(key)
        self.sent.append(data["text"])


class StallingStore:
    """A chat store that stalls at a read or a write (``at``) on the gate, and notes refusals."""

    def __init__(self, inner: FallbackStore, gate: Gate | None = None, at: str = "") -> None:
        self.inner, self.gate, self.at = inner, gate, at
        self.refused: list[LeaseLostError] = []

    async def get(self, chat_id: int) -> ChatContext:
        """Read the chat, then stall when asked to here."""
        chat = await self.inner.get(chat_id)
        if self.gate is not None and self.at == "read":
            await self.gate.stall()
        return chat

    async def put(self, chat: ChatContext) -> None:
        """Stall when asked to here, then write the chat."""
        if self.gate is not None and self.at == "write":
            await self.gate.stall()
        try:
            await self.inner.put(chat)
        except LeaseLostError as error:
            self.refused.append(error)
            raise

    async def close(self) -> None:
        """Leave the inner store to the test."""


class StallingJournal(RedisJournal):
    """The Redis journal, stalling on the gate right after an answer's journal check."""

    def __init__(self, url: str, *, prefix: str, gate: Gate) -> None:
        super().__init__(url, prefix=prefix)
        self.gate = gate

    async def contains(self, key: str) -> bool:
        """Check the key, then stall."""
        found = await super().contains(key)
        await self.gate.stall()
        return found


@dataclass
class Replica:
    """One replica's parts: its intake, dispatcher, bot and chat store."""

    intake: RedisIntake
    dispatcher: Dispatcher
    bot: JournalingBot
    store: StallingStore
    finished: list[int] = field(default_factory=list)  # update ids whose handling ended


def replica(
    store: StallingStore, journal: RedisJournal, intake: RedisIntake, failures: list[str]
) -> Replica:
    """Wire a replica as ``bot.runtime.serve`` does, around the given store, journal and intake."""
    bot = JournalingBot(journal)
    handlers = TelegramHandlers(
        load_settings({}), EchoPipeline(), store, echo_menu, AnswerSender(journal)
    )
    finished: list[int] = []

    async def handle(job: Job) -> Outcome:
        found = private_message(json.loads(job.body))
        assert found is not None
        try:
            with opened_scope(found.scope()) as scope:
                await handlers.answer_text(bot, found.chat_id, found.text, None, None)
        finally:
            finished.append(job.update_id)
        return scope.outcome

    dispatcher = Dispatcher(
        intake,
        handle,
        chat_key=chat_key_of,
        on_store_failure=lambda operation, _error: failures.append(operation),
        store_errors=store_errors(),
        concurrency=1,  # a stalled replica takes nothing more, as a stalled process would not
        renew_every_s=3600.0,  # never renewed: a stall outlasts the lease
    )
    return Replica(intake, dispatcher, bot, store, finished)


@asynccontextmanager
async def running(dispatcher: Dispatcher) -> AsyncIterator[None]:
    """Run the dispatcher's loop for the block."""
    task = asyncio.create_task(dispatcher.run())
    try:
        yield
    finally:
        await dispatcher.stop(1.0)
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds (fail after ``STEP_TIMEOUT_S``)."""
    async with asyncio.timeout(STEP_TIMEOUT_S):
        while not condition():  # noqa: ASYNC110 - a plain predicate has no event to wait on
            await asyncio.sleep(0.01)


@pytest.fixture
async def shared(redis_url):
    """Give a fresh key prefix on the shared redis-server, its chat store and journal."""
    prefix = f"t-{uuid.uuid4().hex}:"
    store = RedisStore(redis_url, prefix=prefix)
    journal = RedisJournal(redis_url, prefix=prefix)
    yield redis_url, prefix, store, journal
    await journal.close()
    await store.close()


@pytest.mark.parametrize("stall_at", ["read", "journal", "write"])
async def test_a_replica_stalled_past_its_lease_commits_nothing(shared, stall_at):
    """A stalls mid-update past its lease; B redoes it and the follow-up; A then changes nothing.

    Stalled after reading the chat or after the journal check, A sends nothing (and never
    reaches its write); stalled after sending, its state write is refused. Either way each
    update is answered once and the chat's state is the one B wrote after the follow-up.
    """
    url, prefix, store, journal = shared
    gate, failures = Gate(), list[str]()
    a_journal = StallingJournal(url, prefix=prefix, gate=gate) if stall_at == "journal" else journal
    a_store = StallingStore(FallbackStore(store, lambda *_: None), gate, stall_at)
    b_store = StallingStore(FallbackStore(store, lambda *_: None))
    a_intake = RedisIntake(store.redis, prefix=prefix, lease_ms=SHORT_LEASE_MS)
    a = replica(a_store, a_journal, a_intake, failures)
    b = replica(b_store, journal, RedisIntake(store.redis, prefix=prefix), failures)
    try:
        await a.dispatcher.accept(message(1, "size llama 70b"))
        async with running(a.dispatcher):
            await asyncio.wait_for(gate.reached.wait(), STEP_TIMEOUT_S)
            await asyncio.sleep(3 * SHORT_LEASE_MS / 1000)  # A's lease runs out meanwhile
            await b.dispatcher.accept(message(2, "and with fp8"))
            async with running(b.dispatcher):
                await until(lambda: b.finished == [1, 2])
            gate.opened.set()
            await until(lambda: a.finished == [1])
        assert await b.intake.depth() == 0
        stored = await store.get(CHAT)
    finally:
        if a_journal is not journal:
            await a_journal.close()
    answer_1, answer_2 = "size: size llama 70b [en]", "size: and with fp8 [en]"
    if stall_at == "write":  # A had sent before stalling: B's redo found the journal's mark
        assert (a.bot.sent, b.bot.sent) == ([f"<b>{answer_1}</b>"], [f"<b>{answer_2}</b>"])
        assert len(a_store.refused) == 1
    else:
        assert (a.bot.sent, b.bot.sent) == ([], [f"<b>{answer_1}</b>", f"<b>{answer_2}</b>"])
    assert stored.last_request == RequestFacts(model_id="and with fp8")
    assert failures == []


async def test_a_single_replica_still_answers_and_remembers(shared):
    """Under a lease of its own, a replica sends each answer and writes the chat's state."""
    _url, prefix, store, journal = shared
    only = replica(
        StallingStore(FallbackStore(store, lambda *_: None)),
        journal,
        RedisIntake(store.redis, prefix=prefix),
        [],
    )
    await only.dispatcher.accept(message(1, "size llama 70b"))
    await only.dispatcher.accept(message(2, "and with fp8"))
    async with running(only.dispatcher):
        await until(lambda: only.finished == [1, 2])
    assert only.bot.sent == ["<b>size: size llama 70b [en]</b>", "<b>size: and with fp8 [en]</b>"]
    assert (await store.get(CHAT)).last_request == RequestFacts(model_id="and with fp8")
    assert only.store.refused == []
    assert await only.intake.depth() == 0


async def test_each_grant_of_a_lease_has_its_own_token(shared):
    """A chat taken again (even by the same replica) is held under a new token; the old is void."""
    _url, prefix, store, _journal = shared
    intake = RedisIntake(store.redis, prefix=prefix, lease_ms=SHORT_LEASE_MS)
    await intake.put(1, CHAT, "{}")
    (first,) = await intake.take(5)
    assert await intake.holds(first)
    await asyncio.sleep(2 * SHORT_LEASE_MS / 1000)
    assert not await intake.holds(first)  # ran out
    (again,) = await intake.take(5)
    assert again.update_id == first.update_id
    assert again.lease != first.lease
    assert not await intake.holds(first)
    assert await intake.holds(again)
