"""journal: what may have reached Telegram is remembered, across restarts and replicas."""

from __future__ import annotations

import sqlite3
import uuid
from pathlib import Path

import pytest

from bot.delivery.journal import (
    FallbackJournal,
    MemoryJournal,
    RedisJournal,
    SqliteJournal,
    journal_path,
)


@pytest.fixture(params=["memory", "sqlite", "redis"])
async def journal(request, tmp_path):
    """Each implementation in turn."""
    if request.param == "memory":
        made = MemoryJournal()
    elif request.param == "sqlite":
        made = SqliteJournal(tmp_path / "j.sqlite3")
    else:
        made = RedisJournal(request.getfixturevalue("redis_url"), prefix=f"t-{uuid.uuid4()}:")
    yield made
    await made.close()


async def test_a_mark_is_remembered_until_forgotten(journal):
    """Marked keys are there; forgotten ones and others are not."""
    journal.mark("5:0")
    assert await journal.contains("5:0") is True
    assert await journal.contains("5:1") is False
    journal.forget("5:0")
    assert await journal.contains("5:0") is False


async def test_sqlite_marks_survive_a_restart(tmp_path):
    """A new process on the same file sees the old one's marks."""
    first = SqliteJournal(tmp_path / "j.sqlite3")
    first.mark("9:0")
    await first.close()
    second = SqliteJournal(tmp_path / "j.sqlite3")
    try:
        assert await second.contains("9:0") is True
    finally:
        await second.close()


def test_the_sqlite_journal_has_a_file_of_its_own_beside_the_state():
    """Marks never queue behind the intake's writes to the state file."""
    assert journal_path(Path("/data/state.sqlite3")) == Path("/data/state.sqlite3-sent")


class BrokenJournal(MemoryJournal):
    """A journal whose store fails every call."""

    def mark(self, _key: str) -> None:
        """Fail like a full disk."""
        raise sqlite3.OperationalError("database or disk is full")

    def forget(self, _key: str) -> None:
        """Fail like a full disk."""
        raise sqlite3.OperationalError("database or disk is full")

    async def contains(self, _key: str) -> bool:
        """Fail like a lost connection."""
        raise ConnectionError("gone")


async def test_a_failing_journal_falls_back_to_memory_and_reports():
    """Store down: marks are kept in memory (this process never repeats them), failures told."""
    failures = []
    journal = FallbackJournal(
        BrokenJournal(),
        (sqlite3.Error, OSError),
        lambda operation, _error: failures.append(operation),
    )
    journal.mark("1:0")
    assert await journal.contains("1:0") is True
    assert await journal.contains("2:0") is False
    journal.forget("1:0")
    assert await journal.contains("1:0") is False
    assert failures == ["journal mark"]  # then left alone for a while, not asked per answer
