"""A chat store that degrades instead of silencing the bot when its backend fails.

When SQLite cannot write (disk full) or Redis is gone, an answer is still worth sending: it is
computed without the chat's memory (or with what this process remembers of it since the
failure), and the chat's new state is kept in process memory. The backend is tried again
every few seconds; once it answers, chats changed meanwhile are written back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from bot.ops import RETRY_AFTER_S, Cooldown, store_errors
from bot.reply import ChatContext
from bot.settings import DEFAULT_RETENTION_S
from bot.state.chats import ChatStore, MemoryStore

log = logging.getLogger(__name__)


class FallbackStore:
    """Wraps a ``ChatStore``; ``on_failure(operation, error)`` hears of each failure."""

    def __init__(
        self,
        durable: ChatStore,
        on_failure: Callable[[str, BaseException], Any],
        *,
        retry_after_s: float = RETRY_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
        retention_s: float = DEFAULT_RETENTION_S,
    ) -> None:
        self._durable = durable
        self._on_failure = on_failure
        self._rest = Cooldown(retry_after_s, clock)
        self._errors = store_errors()
        self._memory = MemoryStore(retention_s=retention_s)
        self._dirty: set[int] = set()  # chats whose newest state is only in memory
        self._to_forget: set[int] = set()  # chats /forget could not yet delete from the backend

    def _available(self) -> bool:
        return self._rest.ready()

    def _failed(self, operation: str, error: BaseException) -> None:
        self._rest.failed()
        log.warning(
            "chat state call failed: answering without it",
            extra={
                "event": "store_failed",
                "operation": f"chat state {operation}",
                "error": f"{type(error).__name__}: {error}",
            },
        )
        self._on_failure(f"chat state {operation}", error)

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context: from the backend, or from memory while it fails."""
        if self._to_forget and self._available():
            await self._forget_pending()
        if chat_id in self._dirty or not self._available():
            if chat_id in self._dirty and self._available():
                await self._write_back(chat_id)
            return await self._memory.get(chat_id)
        try:
            return await self._durable.get(chat_id)
        except self._errors as error:
            self._failed("read", error)
            return await self._memory.get(chat_id)

    async def put(self, chat: ChatContext) -> None:
        """Store the context in the backend, or in memory while it fails."""
        chat_id = chat.chat_id
        if chat_id is None:
            raise ValueError("a chat context needs its chat_id to be stored")
        if self._available():
            try:
                await self._durable.put(chat)
            except self._errors as error:
                self._failed("write", error)
            else:
                self._dirty.discard(chat_id)
                return
        await self._memory.put(chat)
        self._dirty.add(chat_id)

    async def _write_back(self, chat_id: int) -> None:
        try:
            await self._durable.put(await self._memory.get(chat_id))
        except self._errors as error:
            self._failed("write", error)
        else:
            self._dirty.discard(chat_id)

    async def forget(self, chat_id: int) -> None:
        """Delete the chat everywhere: memory now, the backend now or as soon as it answers."""
        await self._memory.forget(chat_id)
        self._dirty.discard(chat_id)
        self._to_forget.add(chat_id)
        if self._available():
            await self._forget_pending()

    async def _forget_pending(self) -> None:
        for chat_id in sorted(self._to_forget):
            try:
                await self._durable.forget(chat_id)
            except self._errors as error:
                self._failed("delete", error)
                return
            self._to_forget.discard(chat_id)

    async def purge(self) -> int:
        """Delete state older than the retention, in memory and in the backend."""
        gone = await self._memory.purge()
        if not self._available():
            return gone
        try:
            return gone + await self._durable.purge()
        except self._errors as error:
            self._failed("purge", error)
            return gone

    async def close(self) -> None:
        """Close the backend."""
        await self._durable.close()
