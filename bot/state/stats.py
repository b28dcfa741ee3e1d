"""Daily totals of the analytics counters, kept apart from what chats remember.

One count per (UTC day, counter, labels): no chat, no user, no text. SQLite keeps them in a table
of their own (``daily_counts``) beside the state file's chats; Redis in one hash per day
(``stats:<day>``, fields ``<counter>|<labels>``), shared by every replica. Days older than
``KEEP_DAYS`` are deleted (Redis: the hash's time to live), whatever RETENTION says of chats: the
totals hold nothing personal, and ``/stats`` reads the last 30 days.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

KEEP_DAYS = 90
Counts = dict[tuple[str, str], int]  # (counter, labels) -> count
DayCounts = dict[tuple[str, str, str], int]  # (day, counter, labels) -> count


def last_days(days: int, today: date | None = None) -> list[str]:
    """List the ``days`` UTC days up to today, ``YYYY-MM-DD``, newest first."""
    end = today or datetime.now(UTC).date()
    return [(end - timedelta(days=back)).isoformat() for back in range(days)]


class AggregateStore(Protocol):
    """Where the day's counts are added up."""

    async def add(self, counts: DayCounts) -> None:
        """Add ``counts`` to their days' totals."""
        ...

    async def totals(self, days: Iterable[str]) -> Counts:
        """Sum the totals of ``days``."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


class MemoryAggregates:
    """Totals in process memory: ``memory://`` and tests."""

    def __init__(self) -> None:
        self._days: dict[str, Counter[tuple[str, str]]] = {}

    async def add(self, counts: DayCounts) -> None:
        """Add to the days' totals."""
        for (day, name, labels), count in counts.items():
            self._days.setdefault(day, Counter())[name, labels] += count

    async def totals(self, days: Iterable[str]) -> Counts:
        """Sum the days asked."""
        total: Counter[tuple[str, str]] = Counter()
        for day in days:
            total.update(self._days.get(day, Counter()))
        return dict(total)

    async def close(self) -> None:
        """Nothing to release."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS daily_counts (
    day TEXT NOT NULL, name TEXT NOT NULL, labels TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (day, name, labels)
);
"""


class SqliteAggregates:
    """Totals in their own table of the state file."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=5.0
        )
        with self._lock:
            self._db.executescript(_SCHEMA)
            oldest = last_days(KEEP_DAYS)[-1]
            self._db.execute("DELETE FROM daily_counts WHERE day < ?", (oldest,))

    def _add(self, counts: DayCounts) -> None:
        rows = [(day, name, labels, count) for (day, name, labels), count in counts.items()]
        with self._lock:
            self._db.executemany(
                "INSERT INTO daily_counts (day, name, labels, count) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (day, name, labels) DO UPDATE SET count = count + excluded.count",
                rows,
            )

    def _totals(self, days: list[str]) -> Counts:
        marks = ",".join("?" * len(days))
        with self._lock:
            rows = self._db.execute(
                "SELECT name, labels, SUM(count) FROM daily_counts "  # noqa: S608 - only "?"s
                f"WHERE day IN ({marks}) GROUP BY name, labels",
                days,
            ).fetchall()
        return {(str(name), str(labels)): int(total) for name, labels, total in rows}

    async def add(self, counts: DayCounts) -> None:
        """Add to the days' totals."""
        if counts:
            await asyncio.to_thread(self._add, counts)

    async def totals(self, days: Iterable[str]) -> Counts:
        """Sum the days asked."""
        wanted = list(days)
        return await asyncio.to_thread(self._totals, wanted) if wanted else {}

    async def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()


class RedisAggregates:
    """Totals in Redis, one hash per day, shared by the replicas."""

    def __init__(self, redis: Any, *, prefix: str) -> None:  # noqa: ANN401 - redis.asyncio.Redis
        self._redis, self._prefix = redis, f"{prefix}stats:"

    async def add(self, counts: DayCounts) -> None:
        """Add to the days' hashes (each kept ``KEEP_DAYS``)."""
        if not counts:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for (day, name, labels), count in counts.items():
                pipe.hincrby(self._prefix + day, f"{name}|{labels}", count)
            for day in {day for day, _, _ in counts}:
                pipe.expire(self._prefix + day, KEEP_DAYS * 86400)
            await pipe.execute()

    async def totals(self, days: Iterable[str]) -> Counts:
        """Sum the days asked."""
        total: Counter[tuple[str, str]] = Counter()
        for day in days:
            for field, value in (await self._redis.hgetall(self._prefix + day)).items():
                name, _, labels = _text(field).partition("|")
                total[name, labels] += int(value)
        return dict(total)

    async def close(self) -> None:
        """Leave the connection pool to its owner (the chat store)."""


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def aggregates_for(store: object) -> AggregateStore:
    """Open the aggregates that go with the chat store STATE_URL opened (same place)."""
    from bot.state.chats import RedisStore, SqliteStore  # noqa: PLC0415 - beside, not above

    if isinstance(store, RedisStore):
        return RedisAggregates(store.redis, prefix=store.prefix)
    if isinstance(store, SqliteStore):
        return SqliteAggregates(store.path)
    return MemoryAggregates()
