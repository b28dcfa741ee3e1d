"""The intake in the SQLite state file: durable, for one process (the default).

Chats being handled are held in memory: after a crash nothing is held, so whatever was taken
and not marked done is simply taken again at the next start.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from bot.delivery.intake import DEDUP_WINDOW_S, Job

_SCHEMA = """
CREATE TABLE IF NOT EXISTS inbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    update_id INTEGER NOT NULL UNIQUE,
    chat_key INTEGER NOT NULL,
    body TEXT NOT NULL,
    received_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before REAL NOT NULL DEFAULT 0,
    done_at REAL
);
CREATE INDEX IF NOT EXISTS inbox_pending ON inbox (chat_key, seq) WHERE done_at IS NULL;
"""
# The oldest pending update of each chat, ready now.
_HEADS = """
SELECT i.update_id, i.chat_key, i.body, i.attempts, i.not_before
FROM inbox AS i
JOIN (SELECT MIN(seq) AS seq FROM inbox WHERE done_at IS NULL GROUP BY chat_key) AS h
  ON i.seq = h.seq
ORDER BY i.seq
"""
_NEXT = """
SELECT update_id, chat_key, body, attempts, not_before FROM inbox
WHERE chat_key = ? AND done_at IS NULL ORDER BY seq LIMIT 1
"""
PRUNE_EVERY_DONE = 1000


class SqliteIntake:
    """Per-chat queues in one SQLite table; calls run in a worker thread."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._held: set[int] = set()
        self._changed = asyncio.Event()
        self._done_count = 0
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=5.0
        )
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # survives a killed process
            self._db.executescript(_SCHEMA)
            self._prune()
            # Files from before handled updates were scrubbed: their texts go now.
            self._db.execute(
                "UPDATE inbox SET body = '', chat_key = 0 WHERE done_at IS NOT NULL AND body != ''"
            )

    def _prune(self) -> None:
        cutoff = time.time() - DEDUP_WINDOW_S
        self._db.execute("DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < ?", (cutoff,))

    def _put(self, update_id: int, chat_key: int, body: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO inbox (update_id, chat_key, body, received_at) "
                "VALUES (?, ?, ?, ?)",
                (update_id, chat_key, body, time.time()),
            )
        return cursor.rowcount == 1

    def _heads(self) -> list[tuple[int, int, str, int, float]]:
        with self._lock:
            return list(self._db.execute(_HEADS))

    def _finish(self, update_id: int, chat_key: int) -> tuple[int, int, str, int, float] | None:
        with self._lock:
            # Handled: only the id stays, for the de-duplication window; the message text and
            # the chat go at once (the text is a customer's, and nothing reads it again).
            self._db.execute(
                "UPDATE inbox SET done_at = ?, body = '', chat_key = 0 WHERE update_id = ?",
                (time.time(), update_id),
            )
            self._done_count += 1
            if self._done_count % PRUNE_EVERY_DONE == 0:
                self._prune()
            row: tuple[int, int, str, int, float] | None = self._db.execute(
                _NEXT, (chat_key,)
            ).fetchone()
        return row

    def _postpone(self, update_id: int, not_before: float) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE inbox SET attempts = attempts + 1, not_before = ? WHERE update_id = ?",
                (not_before, update_id),
            )

    async def put(self, update_id: int, chat_key: int, body: str) -> bool:
        """Store the update unless its id was accepted before."""
        added = await asyncio.to_thread(self._put, update_id, chat_key, body)
        if added:
            self._changed.set()
        return added

    async def take(self, limit: int) -> list[Job]:
        """Hold up to ``limit`` chats with a ready update; return those updates."""
        now, taken = time.time(), list[Job]()
        for update_id, chat_key, body, attempts, not_before in await asyncio.to_thread(self._heads):
            if len(taken) >= limit:
                break
            if chat_key in self._held or not_before > now:
                continue
            self._held.add(chat_key)
            taken.append(Job(update_id, chat_key, body, attempts))
        return taken

    async def done(self, job: Job) -> Job | None:
        """Mark the update done; return the chat's next one, keeping the chat held."""
        row = await asyncio.to_thread(self._finish, job.update_id, job.chat_key)
        if row is None or row[4] > time.time():
            self._held.discard(job.chat_key)
            return None
        update_id, chat_key, body, attempts, _ = row
        return Job(update_id, chat_key, body, attempts)

    async def defer(self, job: Job, delay_s: float) -> None:
        """Keep the update first in its chat, ready again after ``delay_s``."""
        await asyncio.to_thread(self._postpone, job.update_id, time.time() + delay_s)
        self._held.discard(job.chat_key)

    async def release(self, job: Job) -> None:
        """Stop holding the chat."""
        self._held.discard(job.chat_key)
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
        """Count updates not yet done."""

        def count() -> int:
            with self._lock:
                row = self._db.execute("SELECT COUNT(*) FROM inbox WHERE done_at IS NULL")
                return int(row.fetchone()[0])

        return await asyncio.to_thread(count)

    async def close(self) -> None:
        """Close the database file."""
        with self._lock:
            self._db.close()
