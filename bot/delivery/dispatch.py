"""Takes stored updates and handles them: many chats at once, one update at a time per chat.

``accept`` is where updates come in (the webhook route, the polling loop): it stores them
durably, or, while the store fails, in a lane in process memory so the customer is still
answered. ``run`` takes updates from both lanes and hands each to ``handle``; an update is
marked done only after its handlers ran, put back for later when Telegram was unreachable,
and handed back untouched when the process stops. ``stop`` lets the updates in hand finish
within a grace period and hands back the rest.

An update taken under a lease with a token (several replicas, ``bot.delivery.fence``) is handled
with that lease as the task's fence: when it turns out to have passed to another replica, the update
is dropped here, neither marked done nor handed back, since the new owner has it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.delivery.fence import CURRENT_FENCE, Fence, LeaseLostError
from bot.delivery.intake import MEMORY_SEEN_MAX, Intake, Job, MemoryIntake
from bot.ops import Outcome, note_received

log = logging.getLogger(__name__)

CONCURRENT_UPDATES = 32  # updates handled at once; each waits mostly on the network
IDLE_CHECK_S = 1.0  # also how soon a postponed update is looked at again
STORE_REST_S = 2.0  # a failing store is left alone this long between tries
MAX_ATTEMPTS = 30  # an update Telegram could not take this often is dropped (about 30 min)
RETRY_DELAY_CAP_S = 60.0
BACKLOG_REFRESH_S = 1.0  # how stale the backlog the webhook and /metrics read may be


def retry_delay_s(attempts: int) -> float:
    """Wait before handling a postponed update again: 2, 4, 8... seconds, at most a minute."""
    return float(min(RETRY_DELAY_CAP_S, 2.0 ** (attempts + 1)))


@dataclass(slots=True)
class _InHand:
    lane: Intake
    job: Job
    task: asyncio.Task[None] | None = None


class Dispatcher:
    """Moves updates from the intake to the handlers (see the module docstring)."""

    def __init__(
        self,
        intake: Intake,
        handle: Callable[[Job], Awaitable[Outcome]],
        *,
        chat_key: Callable[[dict[str, Any]], int],
        on_store_failure: Callable[[str, BaseException], Any],
        store_errors: tuple[type[BaseException], ...],
        concurrency: int = CONCURRENT_UPDATES,
        renew_every_s: float = 5.0,
    ) -> None:
        self._durable = intake
        self._memory = MemoryIntake()
        self._handle = handle
        self._chat_key = chat_key
        self._on_store_failure = on_store_failure
        self._errors = store_errors
        self._concurrency = concurrency
        self._renew_every_s = renew_every_s
        self._recent: OrderedDict[int, None] = OrderedDict()  # de-duplication in memory too
        self._in_hand: dict[int, _InHand] = {}  # by chat
        self._parked: dict[int, list[_InHand]] = {}  # the other lane's updates of a busy chat
        self._unacked: list[_InHand] = []  # handled, but the store did not take the news
        self._durable_rests_until = 0.0
        self._backlog = 0  # the store's count at the last refresh
        self._accepted_since = 0  # updates accepted since then
        self._wake = asyncio.Event()
        self._stopping = False

    # -- intake ------------------------------------------------------------------------------
    async def accept(self, raw: dict[str, Any], body: str | None = None) -> bool:
        """Store one update as Telegram sent it; ``False`` for a duplicate or a bad update.

        ``body`` is its JSON text as received (the webhook's), stored as it is; without it,
        the JSON is written from ``raw``.
        """
        update_id = raw.get("update_id")
        if not isinstance(update_id, int) or update_id in self._recent:
            return False
        try:
            chat_key = self._chat_key(raw)
        except Exception as error:  # noqa: BLE001 - any unreadable update is dropped, once
            log.warning("update %d is not one the bot can read: dropped (%s)", update_id, error)
            return False
        if body is None:
            body = json.dumps(raw, ensure_ascii=False, separators=(",", ":"))
        added = None
        if time.monotonic() >= self._durable_rests_until:
            try:
                added = await self._durable.put(update_id, chat_key, body)
            except self._errors as error:
                self._store_failed("intake write", error)
        if added is None:  # the store is failing: answered all the same, from memory
            added = await self._memory.put(update_id, chat_key, body)
        if added:
            note_received(update_id)
            self._accepted_since += 1
        self._remember(update_id)
        self._wake.set()
        return added

    def _remember(self, update_id: int) -> None:
        self._recent[update_id] = None
        if len(self._recent) > MEMORY_SEEN_MAX:
            self._recent.popitem(last=False)

    def _store_failed(self, operation: str, error: BaseException) -> None:
        self._durable_rests_until = time.monotonic() + STORE_REST_S
        log.warning(
            "intake call failed: kept in memory",
            extra={
                "event": "store_failed",
                "operation": operation,
                "error": f"{type(error).__name__}: {error}",
            },
        )
        self._on_store_failure(operation, error)

    async def depth(self) -> int:
        """Count updates waiting or in hand (the store's count, or memory's while it fails)."""
        try:
            durable = await self._durable.depth()
        except self._errors:
            durable = 0
        return durable + await self._memory.depth()

    def backlog(self) -> int:
        """Count updates waiting or in hand, without a store call (at most a second old)."""
        return self._backlog + self._accepted_since

    async def _refresh_backlog(self) -> None:
        while True:
            depth = await self.depth()
            self._backlog, self._accepted_since = depth, 0
            await asyncio.sleep(BACKLOG_REFRESH_S)

    # -- the loop ----------------------------------------------------------------------------
    async def run(self) -> None:
        """Take and handle updates until ``stop``."""
        helpers = [
            asyncio.create_task(self._watch_intake()),
            asyncio.create_task(self._renew_leases()),
            asyncio.create_task(self._refresh_backlog()),
        ]
        try:
            while not self._stopping:
                self._wake.clear()
                await self._take_more()
                await self._retry_unacked()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(IDLE_CHECK_S):
                        await self._wake.wait()
        finally:
            for helper in helpers:
                helper.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)

    async def _take_more(self) -> None:
        for lane in (self._memory, self._durable):
            free = self._concurrency - len(self._in_hand)
            if free <= 0:
                return
            if lane is self._durable and time.monotonic() < self._durable_rests_until:
                continue
            try:
                jobs = await lane.take(free)
            except self._errors as error:
                self._store_failed("intake read", error)
                continue
            for job in jobs:
                self._start(_InHand(lane, job))

    def _start(self, held: _InHand) -> None:
        chat = held.job.chat_key
        if chat in self._in_hand:  # the same chat is being handled from the other lane
            self._parked.setdefault(chat, []).append(held)
            return
        self._in_hand[chat] = held
        held.task = asyncio.create_task(self._work_through(held))

    async def _work_through(self, held: _InHand) -> None:
        """Handle the chat's updates one after another while the lane has more."""
        chat = held.job.chat_key
        try:
            job: Job | None = held.job
            while job is not None and not self._stopping:
                held.job = job
                outcome = await self._handle_fenced(held)
                job = None if outcome is None else await self._settle(held, outcome)
            if job is not None:  # stopping: hand the next update back untouched
                held.job = job
                await self._give_back(held)
        finally:
            del self._in_hand[chat]
            parked = self._parked.pop(chat, [])
            if parked and not self._stopping:
                self._start(parked.pop(0))
                self._parked.setdefault(chat, []).extend(parked)
            self._wake.set()

    async def _handle_fenced(self, held: _InHand) -> Outcome | None:
        """Handle the update under its lease; ``None`` when the lease passed to another replica."""
        job, lane = held.job, held.lane
        fence = None
        if job.lease:
            fence = Fence(job.chat_key, job.lease, lambda: self._confirm(lane, job))
        token = CURRENT_FENCE.set(fence)
        try:
            outcome = await self._handle_safely(job)
        finally:
            CURRENT_FENCE.reset(token)
        if fence is not None and fence.lost:
            log.warning(
                "update %d: chat %d passed to another replica meanwhile: left to it",
                job.update_id,
                job.chat_key,
            )
            return None
        return outcome

    async def _confirm(self, lane: Intake, job: Job) -> bool:
        """Confirm the job's lease; a store that cannot answer cannot hand the chat on either."""
        if time.monotonic() < self._durable_rests_until:  # failing: not waited on per answer
            return True
        try:
            return await lane.holds(job)
        except self._errors as error:
            self._store_failed("lease check", error)
            return True

    async def _handle_safely(self, job: Job) -> Outcome:
        try:
            return await self._handle(job)
        except LeaseLostError:  # the fence is marked lost: the caller drops the update
            return Outcome.DONE
        except Exception:  # a bug must not stop the chat's other updates
            log.exception("update %d could not be handled: dropped", job.update_id)
            return Outcome.DONE

    async def _settle(self, held: _InHand, outcome: Outcome) -> Job | None:
        """Record the outcome; return the chat's next update if the lane hands it over."""
        job = held.job
        if outcome is Outcome.RETRY_LATER and job.attempts + 1 < MAX_ATTEMPTS:
            delay_s = retry_delay_s(job.attempts)
            log.info(
                "update %d postponed %.0f s (attempt %d)", job.update_id, delay_s, job.attempts
            )
            await self._quietly(held.lane.defer(job, delay_s), "intake write")
            return None
        if outcome is Outcome.RETRY_LATER:
            log.error("update %d dropped after %d attempts", job.update_id, MAX_ATTEMPTS)
        if outcome is Outcome.STOPPED:  # the process is going down: take nothing more either
            self.stop_taking()
            await self._give_back(held)
            return None
        try:
            return await held.lane.done(job)
        except self._errors as error:
            self._store_failed("intake write", error)
            self._unacked.append(_InHand(held.lane, job))
            return None

    async def _give_back(self, held: _InHand) -> None:
        await self._quietly(held.lane.release(held.job), "intake write")

    async def _quietly(self, call: Awaitable[None], operation: str) -> None:
        try:
            await call
        except self._errors as error:
            self._store_failed(operation, error)

    async def _retry_unacked(self) -> None:
        """Tell the store of updates handled while it failed (their chats stay held till then)."""
        if not self._unacked or time.monotonic() < self._durable_rests_until:
            return
        pending, self._unacked = self._unacked, []
        for held in pending:
            try:
                await held.lane.done(held.job)
            except self._errors as error:
                self._store_failed("intake write", error)
                self._unacked.append(held)

    async def _watch_intake(self) -> None:
        while True:
            try:
                await self._durable.wait_for_work(IDLE_CHECK_S)
            except self._errors:
                await asyncio.sleep(IDLE_CHECK_S)  # reads report the failure; just wait here
            self._wake.set()

    async def _renew_leases(self) -> None:
        while True:
            await asyncio.sleep(self._renew_every_s)
            held = [h.job for h in self._in_hand.values() if h.lane is self._durable]
            await self._quietly(self._durable.renew(held), "lease renewal")

    # -- stopping ----------------------------------------------------------------------------
    def stop_taking(self) -> None:
        """Take no more updates; those in hand go on."""
        self._stopping = True
        self._wake.set()

    async def stop(self, grace_s: float) -> None:
        """Let updates in hand finish within ``grace_s``; hand the others back."""
        self.stop_taking()
        tasks = [h.task for h in self._in_hand.values() if h.task is not None]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace_s)
            unfinished = [h for h in self._in_hand.values() if h.task in late]
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
            for held in unfinished:
                log.warning("update %d handed back unfinished at shutdown", held.job.update_id)
                await self._give_back(held)
        await self._retry_unacked()
