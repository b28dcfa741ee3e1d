"""Which answers may already be with the customer: the guard against a visible duplicate.

Telegram's ``sendMessage`` has no idempotency key: a request that reached Telegram cannot be
taken back, and Telegram cannot be asked whether it arrived. So the bot writes down, per answer
(``"<update_id>:<n>"``), that its request is going out, right before the request body is
written, and crosses it out again when Telegram's reply says it was *not* delivered (a 4xx, a
5xx, a 429, a dropped connection, an unreadable body). An update handled again after a crash,
a time-out or a hand-over between replicas skips every answer still written down.

The choice is "never twice" over "always": Telegram cannot carry out a request before its
mark exists, so no crash, time-out or hand-over doubles an answer. An answer is lost only when
Telegram timed out *and* had not delivered, or when the process dies in the microseconds
between the mark and the write.

``mark`` and ``forget`` are synchronous on purpose: ``mark`` runs inside the HTTP client with
no other task scheduled between it and the socket write (``bot.telegram.retries``).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Protocol

from bot.ops import Cooldown

log = logging.getLogger(__name__)

# The answer being sent by the current task, as a journal key; set by ``bot.telegram.sending``.
CURRENT_DELIVERY: ContextVar[str | None] = ContextVar("current_delivery", default=None)
# Telegram redelivers an update for at most 24 hours; a mark is useless after that.
JOURNAL_TTL_S = 24 * 60 * 60
MEMORY_JOURNAL_MAX = 100_000
PRUNE_EVERY_MARKS = 1000
REDIS_JOURNAL_TIMEOUT_S = 0.5  # a mark blocks the event loop for one round trip at most this long


class DeliveryJournal(Protocol):
    """Answers whose request may have reached Telegram."""

    def mark(self, key: str) -> None:
        """Write down that the request for ``key`` has gone out in full."""
        ...

    def forget(self, key: str) -> None:
        """Cross ``key`` out: Telegram said the request was not carried out."""
        ...

    async def contains(self, key: str) -> bool:
        """Tell whether ``key`` may have been delivered."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


class MemoryJournal:
    """In-process journal: for ``memory://``, tests, and as the fallback when a store fails."""

    def __init__(self) -> None:
        self._keys: OrderedDict[str, None] = OrderedDict()

    def mark(self, key: str) -> None:
        """Write the key down (the oldest keys go past ``MEMORY_JOURNAL_MAX``)."""
        self._keys[key] = None
        if len(self._keys) > MEMORY_JOURNAL_MAX:
            self._keys.popitem(last=False)

    def forget(self, key: str) -> None:
        """Cross the key out."""
        self._keys.pop(key, None)

    async def contains(self, key: str) -> bool:
        """Tell whether the key is written down."""
        return key in self._keys

    async def close(self) -> None:
        """Nothing to release."""


_SCHEMA = "CREATE TABLE IF NOT EXISTS sent_requests (key TEXT PRIMARY KEY, at REAL NOT NULL)"


def journal_path(state_path: Path) -> Path:
    """Where the journal of a SQLite state file lives: beside it, in a file of its own.

    Its own file, because a mark must never wait: in the state file it would queue behind the
    intake's writes (SQLite has one writer at a time), and a process killed while it waits
    would have sent an answer without a mark.
    """
    return state_path.with_name(state_path.name + "-sent")


class SqliteJournal:
    """The journal in an SQLite file of its own, written synchronously (tens of microseconds)."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._marks = 0
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=1.0
        )
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            # A mark must survive the process (SIGKILL), not the machine: the OS has it.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)
            self._db.execute("DELETE FROM sent_requests WHERE at < ?", (_expired(),))

    def mark(self, key: str) -> None:
        """Write the key down."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO sent_requests (key, at) VALUES (?, ?)", (key, time.time())
            )
            self._marks += 1
            if self._marks % PRUNE_EVERY_MARKS == 0:
                self._db.execute("DELETE FROM sent_requests WHERE at < ?", (_expired(),))

    def forget(self, key: str) -> None:
        """Cross the key out."""
        with self._lock:
            self._db.execute("DELETE FROM sent_requests WHERE key = ?", (key,))

    async def contains(self, key: str) -> bool:
        """Tell whether the key is written down."""
        with self._lock:
            row = self._db.execute(
                "SELECT 1 FROM sent_requests WHERE key = ? AND at >= ?", (key, _expired())
            ).fetchone()
        return row is not None

    async def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()


class RedisJournal:
    """The journal in Redis, shared by replicas; marks use a blocking client on purpose.

    A blocking ``SET`` is written to the socket before this call returns, so the mark reaches
    Redis even when the process dies right after; its reply costs one round trip of the event
    loop per answer (Telegram allows about 30 answers a second, so a few milliseconds a second).
    """

    def __init__(self, url: str, *, prefix: str) -> None:
        from redis import Redis  # noqa: PLC0415 - redis is an optional dependency
        from redis.asyncio import Redis as AsyncRedis  # noqa: PLC0415

        timeout = REDIS_JOURNAL_TIMEOUT_S
        self._sync = Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._async = AsyncRedis.from_url(url)
        self._prefix = f"{prefix}sent:"

    def mark(self, key: str) -> None:
        """Write the key down (expires with Telegram's redelivery window)."""
        self._sync.set(self._prefix + key, b"1", ex=JOURNAL_TTL_S)

    def forget(self, key: str) -> None:
        """Cross the key out."""
        self._sync.delete(self._prefix + key)

    async def contains(self, key: str) -> bool:
        """Tell whether the key is written down."""
        return bool(await self._async.exists(self._prefix + key))

    async def close(self) -> None:
        """Close both connection pools."""
        self._sync.close()
        await self._async.aclose()


class FallbackJournal:
    """A durable journal that falls back to process memory while its store fails.

    ``on_failure`` hears of each failure (for the outage notice); marks made during an outage
    stay in memory, so this process still never repeats them. After a failure the store is
    left alone for a while: a hung Redis must not hold every answer for its time-out.
    """

    def __init__(
        self,
        durable: DeliveryJournal,
        errors: tuple[type[BaseException], ...],
        on_failure: Callable[[str, BaseException], Any],
    ) -> None:
        self._durable = durable
        self._memory = MemoryJournal()
        self._errors = errors
        self._on_failure = on_failure
        self._rest = Cooldown()

    def _failed(self, operation: str, error: BaseException) -> None:
        self._rest.failed()
        log.warning(
            "journal call failed: kept in memory",
            extra={
                "event": "store_failed",
                "operation": operation,
                "error": f"{type(error).__name__}: {error}",
            },
        )
        self._on_failure(operation, error)

    def mark(self, key: str) -> None:
        """Write the key down durably, or in memory while the store fails."""
        if self._rest.ready():
            try:
                self._durable.mark(key)
            except self._errors as error:
                self._failed("journal mark", error)
            else:
                return
        self._memory.mark(key)

    def forget(self, key: str) -> None:
        """Cross the key out everywhere it can be reached."""
        self._memory.forget(key)
        if self._rest.ready():
            try:
                self._durable.forget(key)
            except self._errors as error:
                self._failed("journal forget", error)

    async def contains(self, key: str) -> bool:
        """Tell whether the key is written down in memory or in the store."""
        if await self._memory.contains(key):
            return True
        if not self._rest.ready():
            return False
        try:
            return await self._durable.contains(key)
        except self._errors as error:
            self._failed("journal read", error)
            return False

    async def close(self) -> None:
        """Close the durable journal."""
        await self._durable.close()


def _expired() -> float:
    return time.time() - JOURNAL_TTL_S
