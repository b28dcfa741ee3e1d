"""Leave a failing backend alone for a while: the store, the journal and the pacer share this.

``store_errors()`` names what a failing backend raises, so each caller catches the same set.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

RETRY_AFTER_S = 2.0  # after a failure, the backend is left alone this long


def store_errors() -> tuple[type[BaseException], ...]:
    """List the exception types a failing backend raises (SQLite, sockets, Redis)."""
    errors: list[type[BaseException]] = [sqlite3.Error, OSError, TimeoutError]
    try:
        from redis.exceptions import RedisError  # noqa: PLC0415 - optional dependency
    except ImportError:  # pragma: no cover - redis is installed wherever Redis is used
        return tuple(errors)
    return (*errors, RedisError)


class Cooldown:
    """Leaves a failing backend alone for a while after each failure.

    Without it a hung Redis would be asked, and waited on, once per update.
    """

    def __init__(
        self, seconds: float = RETRY_AFTER_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._seconds = seconds
        self._clock = clock
        self._until = 0.0

    def ready(self) -> bool:
        """Tell whether the backend may be tried now."""
        return self._clock() >= self._until

    def failed(self) -> None:
        """Start a rest."""
        self._until = self._clock() + self._seconds
