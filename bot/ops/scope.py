"""The update being handled: what the transport, the queue, metrics and logs all say of it.

One ``UpdateScope`` per update, set in ``CURRENT_UPDATE`` by the handler that takes it: the
sender counts its answers there, the dispatcher reads its ``Outcome``, and every log line and
metric of the update reads its ids and kind.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum


class Outcome(Enum):
    """What became of an update once its handlers ran."""

    DONE = "done"  # answered, or answered as well as it ever will be
    RETRY_LATER = "retry_later"  # Telegram was unreachable: keep it, try again later
    STOPPED = "stopped"  # the process is stopping (token refused): leave it for the next start


@dataclass(slots=True)
class UpdateScope:
    """The update being handled by the current task: its answers, outcome, and log facts.

    ``chat_id`` and ``kind`` go on log lines and metrics (``bot.ops.observability``); ``failed``
    says the error handler ran; ``apologized`` keeps an update to one apology however many
    of its handlers fail.
    """

    update_id: int
    answers: int = 0
    outcome: Outcome = field(default=Outcome.DONE)
    chat_id: int | None = None
    kind: str = "other"
    failed: bool = False
    apologized: bool = False

    def next_key(self) -> str:
        """Key of the update's next answer."""
        key = f"{self.update_id}:{self.answers}"
        self.answers += 1
        return key


CURRENT_UPDATE: ContextVar[UpdateScope | None] = ContextVar("current_update", default=None)
