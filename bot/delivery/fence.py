"""Fencing: a replica whose lease on a chat ran out commits nothing of that chat any more.

With several replicas (``bot.delivery.intake_redis``) a chat is handled by whoever holds its lease.
A replica stalled longer than the lease (CPU starvation, a long collection, a stopped and
resumed process) loses it while still in the middle of an update; another replica takes the
chat, handles that update again and goes on. Each grant of a lease carries a token, and the
stalled replica's effects are committed only while its token is still the chat's:

- the chat's state is written in one Redis script that writes only if ``lease:<chat>`` still
  holds the token (``bot.state.chats.RedisStore``), so a late write never covers newer state;
- before each answer goes out (``bot.telegram.sending``) and before an answer is edited in place,
the
  lease is confirmed *and extended* by a full lease in one script (``hold``): the new owner
  cannot take the chat within a lease of a check that passed. The order per answer is the
  journal check, this confirmation, then the request, whose journal mark is written the
  instant before its body (``bot.delivery.journal``): a mark written within the lease after the
  confirmation is there before the new owner can take the chat, so its redo skips that
  answer; a stale replica that reaches the confirmation late finds its lease gone and sends
  nothing. The answer is sent before the state is written, as before: a replica that stalls
  between the two has its write refused and the new owner's redo finds the answer's mark.

A refused check raises ``LeaseLostError`` and marks the fence lost; the dispatcher then drops
the update (no done, no hand-back: the new owner has it, or takes it once the lease is
swept). The one window left: a replica that passes the confirmation and then stalls for
longer than a whole lease (10 s) before its request body is written (pacing waits included),
while the new owner sends the same answer meanwhile: both go out. Telegram takes no
condition with a send, so the check and the send cannot be one atomic step; the extension
makes the window a second stall of a full lease right there, not a race between replicas.
Edits in place are confirmed the same way; "typing..." and callback answers are not (they
change nothing a customer keeps). The confirmation costs one Redis call per answer.

SQLite and memory stores serve one process: their updates carry no token and are not fenced.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass


class LeaseLostError(Exception):
    """The lease on the chat ran out mid-update: another replica handles the update now."""


@dataclass(slots=True)
class Fence:
    """The lease the current update is handled under: its chat, token, and how to confirm it."""

    chat_key: int
    token: str
    confirm: Callable[[], Awaitable[bool]]  # True (and extended) while the lease is ours
    lost: bool = False

    def refused(self) -> LeaseLostError:
        """Record that a commit was refused; return the error to raise."""
        self.lost = True
        return LeaseLostError(f"the lease on chat {self.chat_key} passed to another replica")


# The lease of the update being handled by the current task; set by ``bot.delivery.dispatch``.
CURRENT_FENCE: ContextVar[Fence | None] = ContextVar("current_fence", default=None)


async def hold_lease() -> None:
    """Confirm (and extend) the current update's lease; raise ``LeaseLostError`` if it is gone.

    Outside a fenced update (SQLite, memory, or no update at all) it does nothing.
    """
    fence = CURRENT_FENCE.get()
    if fence is None:
        return
    if fence.lost or not await fence.confirm():
        raise fence.refused()
