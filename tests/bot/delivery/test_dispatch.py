"""dispatch: stored updates handled in order per chat, through store failures and stops."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator

from bot.delivery.dispatch import Dispatcher
from bot.delivery.intake import Job, MemoryIntake
from bot.ops.cooldown import store_errors
from bot.ops.scope import Outcome


def raw(update_id: int, chat: int) -> dict:
    """Build a stored update for ``chat``."""
    return {"update_id": update_id, "chat": chat}


class Handler:
    """Handles jobs slowly, recording when each started and ended; outcomes as scripted."""

    def __init__(self, delay_s: float = 0.02) -> None:
        self.delay_s = delay_s
        self.events: list[tuple[str, int, int]] = []  # (start|end, chat, update)
        self.outcomes: dict[int, list[Outcome]] = {}
        self.hang: set[int] = set()
        self.fail: set[int] = set()

    async def __call__(self, job: Job) -> Outcome:
        """Handle one job."""
        self.events.append(("start", job.chat_key, job.update_id))
        if job.update_id in self.hang:
            await asyncio.Event().wait()
        await asyncio.sleep(self.delay_s)
        self.events.append(("end", job.chat_key, job.update_id))
        if job.update_id in self.fail:
            raise RuntimeError("a bug")
        scripted = self.outcomes.get(job.update_id)
        return scripted.pop(0) if scripted else Outcome.DONE

    def handled(self, chat: int | None = None) -> list[int]:
        """List the updates whose handling ended, in order (of ``chat`` only if given)."""
        return [u for kind, c, u in self.events if kind == "end" and chat in (None, c)]


class FailingIntake(MemoryIntake):
    """An intake whose writes fail like a full disk while ``failing`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.failing = False

    async def put(self, update_id: int, chat_key: int, body: str) -> bool:
        """Fail, or store."""
        if self.failing:
            raise sqlite3.OperationalError("database or disk is full")
        return await super().put(update_id, chat_key, body)


@contextlib.asynccontextmanager
async def dispatching(intake, handler, failures=None) -> AsyncIterator[Dispatcher]:
    """Run a dispatcher over ``intake`` for the block; stop it after."""
    dispatcher = Dispatcher(
        intake,
        handler,
        chat_key=lambda update: update["chat"],
        on_store_failure=lambda op, _e: (failures if failures is not None else []).append(op),
        store_errors=store_errors(),
        concurrency=8,
    )
    task = asyncio.create_task(dispatcher.run())
    try:
        yield dispatcher
    finally:
        await dispatcher.stop(1.0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def until(predicate, timeout_s: float = 5.0) -> None:
    """Wait until ``predicate()`` holds."""
    async with asyncio.timeout(timeout_s):
        while not predicate():  # noqa: ASYNC110 - a plain predicate has no event to wait on
            await asyncio.sleep(0.01)


async def test_chats_run_side_by_side_and_each_chat_in_order():
    """Three chats of five updates: each chat in order, never two of one chat at once."""
    handler = Handler()
    async with dispatching(MemoryIntake(), handler) as dispatcher:
        for n in range(15):
            await dispatcher.accept(raw(n + 1, n % 3))
        await until(lambda: len(handler.handled()) == 15)
    for chat in range(3):
        assert handler.handled(chat) == [n + 1 for n in range(15) if n % 3 == chat]
        starts_ends = [(kind, u) for kind, c, u in handler.events if c == chat]
        assert all(starts_ends[i][0] != starts_ends[i + 1][0] for i in range(len(starts_ends) - 1))
    open_now, most = 0, 0
    for kind, _, _ in handler.events:
        open_now += 1 if kind == "start" else -1
        most = max(most, open_now)
    assert most == 3


async def test_an_update_accepted_twice_is_handled_once():
    """A redelivery is dropped on arrival."""
    handler = Handler()
    async with dispatching(MemoryIntake(), handler) as dispatcher:
        assert await dispatcher.accept(raw(1, 7)) is True
        assert await dispatcher.accept(raw(1, 7)) is False
        await until(lambda: handler.handled() == [1])
        await asyncio.sleep(0.1)
    assert handler.handled() == [1]


async def test_updates_are_handled_from_memory_while_the_store_fails():
    """The store refusing writes: updates are still handled, the failure reported."""
    intake, handler, failures = FailingIntake(), Handler(), []
    intake.failing = True
    async with dispatching(intake, handler, failures) as dispatcher:
        await dispatcher.accept(raw(1, 7))
        await until(lambda: handler.handled() == [1])
    assert failures == ["intake write"]


async def test_an_update_telegram_could_not_take_is_tried_again_later():
    """RETRY_LATER puts it back; it is handled again, first in its chat."""
    handler = Handler()
    handler.outcomes[1] = [Outcome.RETRY_LATER]
    async with dispatching(MemoryIntake(), handler) as dispatcher:
        await dispatcher.accept(raw(1, 7))
        await dispatcher.accept(raw(2, 7))
        await until(lambda: handler.handled() == [1, 1, 2], timeout_s=8.0)


async def test_a_bug_does_not_stop_the_chats_next_updates(caplog):
    """A handler that raises: logged, the update dropped, the chat goes on."""
    handler = Handler()
    handler.fail.add(1)
    async with dispatching(MemoryIntake(), handler) as dispatcher:
        await dispatcher.accept(raw(1, 7))
        await dispatcher.accept(raw(2, 7))
        await until(lambda: handler.handled() == [1, 2])
    assert "update 1 could not be handled" in caplog.text


async def test_an_unreadable_update_is_dropped_on_arrival():
    """No chat can be found in it: not stored, not handled."""
    dispatcher = Dispatcher(
        MemoryIntake(),
        Handler(),
        chat_key=lambda update: update["chat"],
        on_store_failure=lambda *_: None,
        store_errors=store_errors(),
    )
    assert await dispatcher.accept({"update_id": 1}) is False
    assert await dispatcher.accept({"update_id": "1", "chat": 2}) is False
    assert await dispatcher.depth() == 0


async def test_a_stop_hands_back_what_did_not_finish_in_the_grace_period():
    """A hanging update is cancelled at the end of the grace and stays in the intake."""
    intake, handler = MemoryIntake(), Handler()
    handler.hang.add(1)
    async with dispatching(intake, handler) as dispatcher:
        await dispatcher.accept(raw(1, 7))
        await dispatcher.accept(raw(2, 8))
        await until(lambda: handler.handled() == [2])
    assert await intake.depth() == 1
    assert [job.update_id for job in await intake.take(5)] == [1]


async def test_an_update_left_for_the_next_start_stays_stored():
    """STOPPED (the token was refused): handed back, not done, and nothing more is taken."""
    intake, handler = MemoryIntake(), Handler()
    handler.outcomes[1] = [Outcome.STOPPED]
    async with dispatching(intake, handler) as dispatcher:
        await dispatcher.accept(raw(1, 7))
        await until(lambda: handler.handled() == [1])
        await dispatcher.accept(raw(2, 8))
        await asyncio.sleep(0.2)
    assert handler.handled() == [1]
    assert await intake.depth() == 2
