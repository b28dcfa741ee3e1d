"""Updates written down before Telegram is told they arrived, then handled in order per chat.

One design for both modes: polling stores each fetched batch before its offset is confirmed,
the webhook stores each delivery before answering 200. Handlers take updates from here, one
chat at a time (a chat's updates in arrival order, many chats at once), and mark each done.
A process killed at any moment loses nothing: what it had taken is taken again, by the next
start (SQLite) or by another replica once the lease runs out (Redis); the delivery journal
(``bot.delivery.journal``) keeps answers from being sent twice.

Each update is accepted once: a redelivery of an update id seen in the last 24 hours is
dropped on arrival.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

# Telegram keeps an undelivered update for at most 24 hours
# (https://core.telegram.org/bots/api#getting-updates), so a redelivery comes within that window.
DEDUP_WINDOW_S = 24 * 60 * 60
MEMORY_SEEN_MAX = 100_000


@dataclass(frozen=True, slots=True)
class Job:
    """One stored update, taken for handling."""

    update_id: int
    chat_key: int  # the chat (or user) whose updates are handled in order
    body: str  # the update as Telegram sent it, JSON
    attempts: int = 0  # times it was put back for a later try
    # The token of the lease it was taken under (``bot.delivery.fence``); empty where one process
    # holds all.
    lease: str = field(default="", compare=False)


class Intake(Protocol):
    """Durable per-chat queues of updates."""

    async def put(self, update_id: int, chat_key: int, body: str) -> bool:
        """Store an update; ``False`` when that update id was already accepted."""
        ...

    async def take(self, limit: int) -> list[Job]:
        """Take the oldest update of up to ``limit`` chats nobody is handling."""
        ...

    async def done(self, job: Job) -> Job | None:
        """Mark ``job`` handled; return the chat's next update (still ours) if there is one."""
        ...

    async def defer(self, job: Job, delay_s: float) -> None:
        """Put ``job`` back, first in its chat, to be taken again after ``delay_s``."""
        ...

    async def release(self, job: Job) -> None:
        """Hand ``job`` back untouched (shutting down), for anyone to take now."""
        ...

    async def renew(self, jobs: Sequence[Job]) -> None:
        """Keep holding the chats of ``jobs`` (replicas take over chats held too long)."""
        ...

    async def holds(self, job: Job) -> bool:
        """Tell whether ``job``'s chat is still held under its lease, and keep holding it."""
        ...

    async def wait_for_work(self, timeout_s: float) -> None:
        """Return when new work may be there, or after ``timeout_s``."""
        ...

    async def depth(self) -> int:
        """Count updates stored and not yet handled."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


class MemoryIntake:
    """Queues in process memory: ``memory://``, tests, and the lane used while a store fails."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._queues: dict[int, deque[Job]] = {}
        self._ready: dict[int, float] = {}  # chat -> not before; insertion order is fairness
        self._held: set[int] = set()
        self._changed = asyncio.Event()

    async def put(self, update_id: int, chat_key: int, body: str) -> bool:
        """Queue the update unless its id was seen."""
        if update_id in self._seen:
            return False
        self._seen[update_id] = None
        if len(self._seen) > MEMORY_SEEN_MAX:
            self._seen.popitem(last=False)
        self._queues.setdefault(chat_key, deque()).append(Job(update_id, chat_key, body))
        if chat_key not in self._held:
            self._ready.setdefault(chat_key, 0.0)
        self._changed.set()
        return True

    async def take(self, limit: int) -> list[Job]:
        """Hold up to ``limit`` ready chats; return their oldest updates."""
        # Only as far into the ready chats as ``limit`` needs: with thousands waiting, a copy of
        # them all on every take made a burst cost quadratic time on the event loop.
        now, chats = self._clock(), list[int]()
        for chat_key, not_before in self._ready.items():
            if len(chats) >= limit:
                break
            if not_before <= now:
                chats.append(chat_key)
        for chat_key in chats:
            del self._ready[chat_key]
            self._held.add(chat_key)
        return [self._queues[chat_key][0] for chat_key in chats]

    async def done(self, job: Job) -> Job | None:
        """Drop the handled update; keep holding the chat if more is queued."""
        queue = self._queues.get(job.chat_key)
        if queue and queue[0].update_id == job.update_id:
            queue.popleft()
        if queue:
            return queue[0]
        self._queues.pop(job.chat_key, None)
        self._held.discard(job.chat_key)
        return None

    async def defer(self, job: Job, delay_s: float) -> None:
        """Put the update back first in its chat, ready after ``delay_s``."""
        queue = self._queues.get(job.chat_key)
        if queue and queue[0].update_id == job.update_id:
            queue[0] = replace(job, attempts=job.attempts + 1)
        self._held.discard(job.chat_key)
        if queue:
            self._ready[job.chat_key] = self._clock() + delay_s

    async def release(self, job: Job) -> None:
        """Stop holding the chat; its updates are ready again."""
        self._held.discard(job.chat_key)
        if self._queues.get(job.chat_key):
            self._ready.setdefault(job.chat_key, 0.0)
            self._changed.set()

    async def renew(self, jobs: Sequence[Job]) -> None:
        """Nothing to renew: one process holds everything."""

    async def holds(self, job: Job) -> bool:  # noqa: ARG002 - the Intake signature
        """Say yes: one process holds everything."""
        return True

    async def wait_for_work(self, timeout_s: float) -> None:
        """Wait for a put or a release, at most ``timeout_s``."""
        try:
            async with asyncio.timeout(timeout_s):
                await self._changed.wait()
        except TimeoutError:
            return
        self._changed.clear()

    async def depth(self) -> int:
        """Count queued updates."""
        return sum(len(queue) for queue in self._queues.values())

    async def close(self) -> None:
        """Nothing to release."""
