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
from bot.state.stats import (
    AggregateStore,
    MemoryAggregates,
    aggregates_for,
    last_days,
)

__all__ = [
    "AggregateStore",
    "ChatStore",
    "FallbackStore",
    "MemoryAggregates",
    "MemoryStore",
    "RedisStore",
    "SqliteStore",
    "StateStoreError",
    "aggregates_for",
    "connect_store",
    "last_days",
]
