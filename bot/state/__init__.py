"""What chats remember between messages: one store port, its three backends, and the fallback."""

from bot.state.chats import (
    ChatStore,
    MemoryStore,
    RedisStore,
    SqliteStore,
    StateStoreError,
    connect_store,
)
from bot.state.fallback import FallbackStore

__all__ = [
    "ChatStore",
    "FallbackStore",
    "MemoryStore",
    "RedisStore",
    "SqliteStore",
    "StateStoreError",
    "connect_store",
]
