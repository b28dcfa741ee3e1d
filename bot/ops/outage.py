"""Admins hear of an outage twice: once when it starts (with a count), once when it ends.

Failures are grouped by kind ("state store", "Telegram", one kind per unexpected error type).
The first failure of a kind opens an outage; after ``settle_s`` one notice says how many
failures came in that time; the outage closes when no failure of its kind came for
``quiet_s``, and a second notice says how long it lasted and how many failures it saw. A
flapping store (reads work, writes fail) stays one outage, not a notice per update.
Notices name the kind and the error type, never a customer's text or chat.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from contextvars import Context
from dataclasses import dataclass

log = logging.getLogger(__name__)

SETTLE_S = 5.0  # failures counted before the first notice
QUIET_S = 60.0  # a kind is back to normal after this long without a failure


@dataclass(slots=True)
class _Outage:
    kind: str
    started_at: float
    last_at: float
    detail: str
    count: int = 0
    task: asyncio.Task[None] | None = None


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"


class OutageMonitor:
    """Counts failures per kind and tells admins at the start and at the end of an outage."""

    def __init__(
        self,
        notify: Callable[[str], Awaitable[None]],
        *,
        settle_s: float = SETTLE_S,
        quiet_s: float = QUIET_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._notify = notify
        self._settle_s = settle_s
        self._quiet_s = quiet_s
        self._clock = clock
        self._open: dict[str, _Outage] = {}

    def failed(self, kind: str, detail: str) -> None:
        """Count one failure of ``kind``; open an outage if none is open."""
        now = self._clock()
        outage = self._open.get(kind)
        if outage is None:
            outage = self._open[kind] = _Outage(kind, started_at=now, last_at=now, detail=detail)
            log.warning(
                "outage started", extra={"event": "outage_started", "kind": kind, "error": detail}
            )
            # A fresh context: the notice belongs to no update being handled.
            follow = self._follow(outage)
            outage.task = asyncio.get_running_loop().create_task(follow, context=Context())
        outage.count += 1
        outage.last_at = now
        outage.detail = detail

    def open_kinds(self) -> list[str]:
        """List the kinds in an outage now."""
        return list(self._open)

    async def _follow(self, outage: _Outage) -> None:
        await asyncio.sleep(self._settle_s)
        await self._say(
            f"{outage.kind}: failing. {outage.count} failure(s) in the first "
            f"{_duration(self._settle_s)}; last: {outage.detail}. "
            "Answers go on where they can; one more message when it is over."
        )
        # Each failure pushes the end further; an Event would wake per failure for nothing.
        while (left := outage.last_at + self._quiet_s - self._clock()) > 0:  # noqa: ASYNC110
            await asyncio.sleep(left)
        del self._open[outage.kind]
        log.warning(
            "outage over",
            extra={"event": "outage_over", "kind": outage.kind, "count": outage.count},
        )
        await self._say(
            f"{outage.kind}: back to normal after {_duration(outage.last_at - outage.started_at)}"
            f"; {outage.count} failure(s) in all."
        )

    async def _say(self, text: str) -> None:
        try:
            await self._notify(text)
        except Exception:  # a notice must never take the bot down with it
            log.warning("outage notice not delivered", exc_info=True)

    async def close(self) -> None:
        """Stop following open outages (shutting down)."""
        tasks = [outage.task for outage in self._open.values() if outage.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._open.clear()
