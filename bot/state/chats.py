"""What chats remember between messages, behind one small port with three implementations.

``MemoryStore`` for tests and the console, ``SqliteStore`` (the default: one file that survives
restarts), ``RedisStore`` for several replicas sharing state. ``open_store(STATE_URL)`` picks one.

A chat's state is kept ``RETENTION`` after it was last written (30 days by default): Redis keys
carry it as their time to live, SQLite rows their time of writing, read as absent once older and
deleted by ``purge`` (run at start and then regularly, ``bot.runtime.serve``). ``forget`` deletes a
chat's state at once (``/forget``).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from bot.delivery import CURRENT_FENCE
from bot.json_input import dumps_compact, loads_known
from bot.reply import (
    ChatContext,
    discussed_from_json,
    discussed_json,
    last_request_from_json,
    last_request_json,
)
from bot.settings import DEFAULT_RETENTION_S

REDIS_PREFIX = "fullgpu:"
# A Redis that stops answering (not one that refuses connections) fails a call after this long.
REDIS_SOCKET_TIMEOUT_S = 5.0
REDIS_CONNECT_TIMEOUT_S = 2.0
# KEYS: the chat's state, the lease of the chat being handled; ARGV: the state, the lease token.
# ARGV[3]: the chat state's time to live, in seconds (RETENTION).
_FENCED_PUT = """
if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
"""


class StateStoreError(ValueError):
    """The store ``STATE_URL`` names cannot be used; the message names the variable."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"STATE_URL: {problem}")


class ChatStore(Protocol):
    """Chat contexts by chat id (updates themselves are kept by ``bot.delivery.intake``)."""

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context (an empty one for a new chat)."""
        ...

    async def put(self, chat: ChatContext) -> None:
        """Store ``chat`` under its ``chat_id``."""
        ...

    async def forget(self, chat_id: int) -> None:
        """Delete everything the store keeps of the chat."""
        ...

    async def purge(self) -> int:
        """Delete state older than the retention period; return how many chats went."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


def chat_to_json(chat: ChatContext) -> str:
    """Serialise what is worth remembering of a chat."""
    stored: dict[str, Any] = {
        "language": chat.language,
        "telegram_language": chat.telegram_language,
        "last_request": last_request_json(chat),
        "last_handoff_at": chat.last_handoff_at,
    }
    # Kept only when there is something to keep: a chat without them reads as before.
    later = {
        "discussed": discussed_json(chat) or None,
        "thread_at": chat.thread_at,
        "thread_reply_to": chat.thread_reply_to,
    }
    stored.update({key: value for key, value in later.items() if value is not None})
    return dumps_compact(stored)


def chat_from_json(chat_id: int, raw: str | bytes | None) -> ChatContext:
    """Rebuild a chat context; unreadable stored data counts as a fresh chat."""
    if raw is None:
        return ChatContext(chat_id=chat_id)
    try:
        data: Any = loads_known(raw)
    except ValueError:
        return ChatContext(chat_id=chat_id)
    if not isinstance(data, dict):
        return ChatContext(chat_id=chat_id)
    last, last_language = last_request_from_json(data.get("last_request"))
    handoff = data.get("last_handoff_at")
    return ChatContext(
        chat_id=chat_id,
        language=_str_or_none(data.get("language")),
        telegram_language=_str_or_none(data.get("telegram_language")),
        last_request=last,
        last_language=last_language,
        last_handoff_at=_time_or_none(handoff),
        discussed=discussed_from_json(data.get("discussed")),
        thread_at=_time_or_none(data.get("thread_at")),
        thread_reply_to=_int_or_none(data.get("thread_reply_to")),
    )


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _time_or_none(value: object) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok else None  # type: ignore[arg-type]


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _require_id(chat: ChatContext) -> int:
    if chat.chat_id is None:
        raise ValueError("a chat context needs its chat_id to be stored")
    return chat.chat_id


class MemoryStore:
    """In-process store: for tests, the console and single short-lived runs."""

    def __init__(
        self, *, retention_s: float = DEFAULT_RETENTION_S, clock: Callable[[], float] = time.time
    ) -> None:
        self._chats: dict[int, tuple[str, float]] = {}
        self._retention_s, self._clock = retention_s, clock

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context (a fresh one once it is older than the retention)."""
        data, at = self._chats.get(chat_id, (None, 0.0))
        if data is not None and at < self._clock() - self._retention_s:
            del self._chats[chat_id]
            data = None
        return chat_from_json(chat_id, data)

    async def put(self, chat: ChatContext) -> None:
        """Store the chat's context."""
        self._chats[_require_id(chat)] = (chat_to_json(chat), self._clock())

    async def forget(self, chat_id: int) -> None:
        """Delete the chat's context."""
        self._chats.pop(chat_id, None)

    async def purge(self) -> int:
        """Delete contexts older than the retention."""
        cutoff = self._clock() - self._retention_s
        old = [chat_id for chat_id, (_, at) in self._chats.items() if at < cutoff]
        for chat_id in old:
            del self._chats[chat_id]
        return len(old)

    async def close(self) -> None:
        """Nothing to release."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS chats (
    chat_id INTEGER PRIMARY KEY, data TEXT NOT NULL, updated_at REAL NOT NULL
);
"""


class SqliteStore:
    """One SQLite file; calls run in a worker thread so the event loop never blocks on disk."""

    def __init__(self, path: str | Path, *, retention_s: float = DEFAULT_RETENTION_S) -> None:
        self.path = Path(path)
        self.retention_s = retention_s
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=5.0
        )
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            self._db.executescript(_SCHEMA)
            self._add_write_times()

    def _add_write_times(self) -> None:
        """Give a file from before retention its column; its rows count as written now."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(chats)")}
        if "updated_at" not in columns:
            self._db.execute("ALTER TABLE chats ADD COLUMN updated_at REAL")
            self._db.execute("UPDATE chats SET updated_at = ?", (time.time(),))

    def _cutoff(self) -> float:
        return time.time() - self.retention_s

    def _get(self, chat_id: int) -> str | None:
        with self._lock:
            cursor = self._db.execute(
                "SELECT data FROM chats WHERE chat_id = ? AND updated_at >= ?",
                (chat_id, self._cutoff()),
            )
            row = cursor.fetchone()
        return None if row is None else str(row[0])

    def _put(self, chat_id: int, data: str) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO chats (chat_id, data, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (chat_id) DO UPDATE SET data = excluded.data, "
                "updated_at = excluded.updated_at",
                (chat_id, data, time.time()),
            )

    def _delete(self, sql: str, value: float) -> int:
        with self._lock:
            return self._db.execute(sql, (value,)).rowcount

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context (a fresh one once it is older than the retention)."""
        return chat_from_json(chat_id, await asyncio.to_thread(self._get, chat_id))

    async def put(self, chat: ChatContext) -> None:
        """Store the chat's context."""
        await asyncio.to_thread(self._put, _require_id(chat), chat_to_json(chat))

    async def forget(self, chat_id: int) -> None:
        """Delete the chat's row."""
        await asyncio.to_thread(self._delete, "DELETE FROM chats WHERE chat_id = ?", chat_id)

    async def purge(self) -> int:
        """Delete rows written longer ago than the retention."""
        sql = "DELETE FROM chats WHERE updated_at < ?"
        return await asyncio.to_thread(self._delete, sql, self._cutoff())

    async def close(self) -> None:
        """Close the database file."""
        with self._lock:
            self._db.close()


class PrefixedCache:
    """Plain keys with a time to live under the store's prefix (``SharedCache`` of lookups)."""

    def __init__(self, redis: Any, prefix: str) -> None:  # noqa: ANN401 - redis.asyncio.Redis
        self._redis = redis
        self._prefix = prefix

    async def get(self, key: str) -> bytes | str | None:
        """Return the value under ``key`` (prefixed), or None."""
        value: bytes | str | None = await self._redis.get(f"{self._prefix}{key}")
        return value

    async def set(self, key: str, value: str, *, ex: int) -> bool:
        """Keep ``value`` under ``key`` (prefixed) for ``ex`` seconds."""
        return bool(await self._redis.set(f"{self._prefix}{key}", value, ex=max(ex, 1)))


class RedisStore:
    """Redis, for several replicas behind one webhook: chats as strings.

    ``redis`` (the connection pool), ``url`` and ``prefix`` are shared with the intake, the
    delivery journal and the pacer, which keep their own keys under the same prefix. Inside an
    update handled under a lease (``bot.delivery.fence``), a chat is written only while that lease
    still holds its token, checked and written in one script: a replica that lost the chat
    to another never writes over the newer state.
    """

    def __init__(
        self, url: str, *, prefix: str = REDIS_PREFIX, retention_s: float = DEFAULT_RETENTION_S
    ) -> None:
        from redis.asyncio import Redis  # noqa: PLC0415 - redis is an optional dependency

        self.redis = Redis.from_url(
            url,
            socket_timeout=REDIS_SOCKET_TIMEOUT_S,
            socket_connect_timeout=REDIS_CONNECT_TIMEOUT_S,
        )
        self.url = url
        self.prefix = prefix
        self.retention_s = max(1, round(retention_s))  # a key's time to live, in seconds
        self._fenced_put = self.redis.register_script(_FENCED_PUT)

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context."""
        raw = await self.redis.get(f"{self.prefix}chat:{chat_id}")
        return chat_from_json(chat_id, raw)

    async def put(self, chat: ChatContext) -> None:
        """Store the chat's context; raise ``LeaseLostError`` if the update's lease is gone."""
        key, data = f"{self.prefix}chat:{_require_id(chat)}", chat_to_json(chat)
        fence = CURRENT_FENCE.get()
        if fence is None:
            await self.redis.set(key, data, ex=self.retention_s)
            return
        lease = f"{self.prefix}lease:{fence.chat_key}"
        args = [data, fence.token, self.retention_s]
        if not await self._fenced_put(keys=[key, lease], args=args):
            raise fence.refused()

    async def forget(self, chat_id: int) -> None:
        """Delete the chat's key."""
        await self.redis.delete(f"{self.prefix}chat:{chat_id}")

    async def purge(self) -> int:
        """Nothing to do: every chat key expires by itself (its time to live is RETENTION)."""
        return 0

    def shared_cache(self) -> PrefixedCache:
        """Return the keys the replicas share beside the chats (Hub lookups), under the prefix."""
        return PrefixedCache(self.redis, self.prefix)

    async def ping(self) -> None:
        """Raise redis' ``ConnectionError`` (or another ``RedisError``) when Redis cannot answer."""
        await self.redis.ping()

    async def close(self) -> None:
        """Close the connection pool."""
        await self.redis.aclose()


def open_store(state_url: str, retention_s: float = DEFAULT_RETENTION_S) -> ChatStore:
    """Open the store ``STATE_URL`` names: sqlite:///FILE, memory:// or redis://..."""
    parts = urlsplit(state_url)
    if parts.scheme == "memory":
        return MemoryStore(retention_s=retention_s)
    if parts.scheme in {"redis", "rediss"}:
        return RedisStore(state_url, retention_s=retention_s)
    if parts.scheme == "sqlite":
        # sqlite:///relative.db and sqlite:////absolute/path.db, as SQLAlchemy spells them.
        path = parts.path.removeprefix("/") or "state.sqlite3"
        return SqliteStore(path, retention_s=retention_s)
    raise ValueError(f"unsupported STATE_URL scheme: {parts.scheme!r}")


async def connect_store(state_url: str, retention_s: float = DEFAULT_RETENTION_S) -> ChatStore:
    """Open the store and check it answers; raise ``StateStoreError`` naming STATE_URL if not.

    Found at start-up, a missing folder, a corrupt file or an unreachable Redis is one clear
    line; found at the first update, it would be a failing handler for every message.
    """
    try:
        store = open_store(state_url, retention_s)
    except sqlite3.Error as error:
        raise StateStoreError(f"cannot open the SQLite file: {error}") from None
    except ValueError as error:  # redis-py's message on a malformed URL names no password
        raise StateStoreError(str(error)) from None
    if isinstance(store, RedisStore):
        from redis.exceptions import RedisError  # noqa: PLC0415 - an optional dependency

        try:
            await store.ping()
        except (RedisError, OSError) as error:
            await store.close()
            # redis-py's message names host and port, never the URL's password.
            raise StateStoreError(f"cannot reach Redis: {error}") from None
    return store
