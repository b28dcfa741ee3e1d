"""Pace sends under Telegram's limits before Telegram has to say 429.

Telegram's published limits (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
about one message a second in one chat, 20 a minute in one group, about 30 a second overall.
Each limit is a GCRA (generic cell rate algorithm) slot schedule: a send takes the earliest
moment all of its limits allow and waits until then. Reservations are made at once and never
retried, so senders queue fairly in arrival order.

``LocalPacer`` paces one process; ``RedisPacer`` shares the schedule between replicas (one
bot, one set of limits) and falls back to local pacing while Redis fails.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ops import Cooldown

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Rate:
    """One limit: a send every ``interval_s``, with up to ``burst`` sends at once."""

    interval_s: float
    burst: int = 1

    @property
    def tolerance_s(self) -> float:
        """How far ahead of the steady schedule a send may go (GCRA's tau)."""
        return (self.burst - 1) * self.interval_s


# Short exchanges in a private chat never wait; a flood is held to one answer a second.
PER_CHAT = Rate(interval_s=1.0, burst=3)
# A GCRA lets through at most window / interval + burst sends in any window: 17 + 3 = 20 a minute.
PER_GROUP = Rate(interval_s=60 / 17, burst=3)
OVERALL = Rate(interval_s=1 / 30, burst=10)
OVERALL_KEY = "all"
KEY_IDLE_S = 120.0  # a chat's schedule is forgotten once this far in the past


@dataclass(frozen=True, slots=True)
class Limits:
    """The three limits a send is paced under."""

    chat: Rate = PER_CHAT
    group: Rate = PER_GROUP
    overall: Rate = OVERALL

    def for_chat(self, chat_id: int | str | None) -> list[tuple[str, Rate]]:
        """Name the schedules a send to ``chat_id`` takes a slot in (the overall one always)."""
        keys = [(OVERALL_KEY, self.overall)]
        if isinstance(chat_id, str):  # "@channelusername": a channel, limited like a group
            return [*keys, (f"group:{chat_id}", self.group)]
        if chat_id is None:  # an inline message: no chat of ours to count against
            return keys
        if chat_id < 0:  # groups, supergroups and channels have negative ids
            return [*keys, (f"group:{chat_id}", self.group)]
        return [*keys, (f"chat:{chat_id}", self.chat)]


# For measuring the bot itself (benchmarks): no pacing at all. Never for a real bot.
NO_PACING = Limits(chat=Rate(0.0), group=Rate(0.0), overall=Rate(0.0))


def reserve(
    scheduled: list[float | None], rates: list[Rate], now: float
) -> tuple[float, list[float]]:
    """GCRA over several limits: the start time of the send and each schedule's new state.

    ``scheduled[i]`` is limit i's theoretical arrival time (``None``: idle). The send starts
    at the first moment every limit allows. Each limit's schedule moves one interval on from
    the slot that limit itself allows: a send a busy group holds back books the overall
    limit's slot now, so it never holds back the sends to every other chat behind it (a sales
    chat at 20 messages a minute would otherwise pace every customer's answer).
    """
    earliest = [
        now if tat is None else max(now, tat - rate.tolerance_s)
        for tat, rate in zip(scheduled, rates, strict=True)
    ]
    start = max(earliest, default=now)
    updated = [
        max(tat if tat is not None else own, own) + rate.interval_s
        for tat, rate, own in zip(scheduled, rates, earliest, strict=True)
    ]
    return start, updated


class Pacer(Protocol):
    """Gives each send its slot."""

    async def reserve(self, chat_id: int | str | None) -> float:
        """Take the next slot for a send to ``chat_id``; return the seconds to wait for it."""
        ...


class LocalPacer:
    """Slot schedules in this process."""

    def __init__(
        self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._limits = limits or Limits()
        self._clock = clock
        self._scheduled: dict[str, float] = {}
        self._reservations = 0

    async def reserve(self, chat_id: int | str | None) -> float:
        """Take the next slot; return the seconds to wait."""
        return self.reserve_now(chat_id)

    def reserve_now(self, chat_id: int | str | None) -> float:
        """Take the next slot synchronously; return the seconds to wait."""
        now = self._clock()
        keys = self._limits.for_chat(chat_id)
        start, updated = reserve(
            [self._scheduled.get(key) for key, _ in keys], [rate for _, rate in keys], now
        )
        for (key, _), tat in zip(keys, updated, strict=True):
            self._scheduled[key] = tat
        self._reservations += 1
        if self._reservations % 1000 == 0:
            self._forget_idle(now)
        return start - now

    def _forget_idle(self, now: float) -> None:
        idle = [key for key, tat in self._scheduled.items() if tat < now - KEY_IDLE_S]
        for key in idle:
            del self._scheduled[key]


# KEYS: the schedules; ARGV: interval and tolerance (microseconds) per key, then a TTL (ms).
# Redis' own clock keeps every replica on one time line.
_RESERVE_LUA = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local start = now
local own = {}
for i, key in ipairs(KEYS) do
  local tat = tonumber(redis.call('GET', key))
  own[i] = now
  if tat then
    own[i] = math.max(now, tat - tonumber(ARGV[2 * i]))
  end
  start = math.max(start, own[i])
end
for i, key in ipairs(KEYS) do
  local tat = tonumber(redis.call('GET', key)) or own[i]
  local updated = math.max(tat, own[i]) + tonumber(ARGV[2 * i - 1])
  redis.call('SET', key, string.format('%d', updated), 'PX', ARGV[2 * #KEYS + 1])
end
return start - now
"""


class RedisPacer:
    """Slot schedules in Redis, shared by every replica of the bot."""

    def __init__(
        self,
        redis: Any,  # noqa: ANN401 - redis.asyncio.Redis; redis is an optional dependency
        *,
        prefix: str,
        errors: tuple[type[BaseException], ...],
        on_failure: Callable[[str, BaseException], Any],
        limits: Limits | None = None,
    ) -> None:
        self._limits = limits or Limits()
        self._script = redis.register_script(_RESERVE_LUA)
        self._prefix = f"{prefix}pace:"
        self._fallback = LocalPacer(self._limits)
        self._errors = errors
        self._on_failure = on_failure
        self._rest = Cooldown()

    async def reserve(self, chat_id: int | str | None) -> float:
        """Take the next shared slot; pace locally while Redis fails."""
        if not self._rest.ready():
            return self._fallback.reserve_now(chat_id)
        keys = self._limits.for_chat(chat_id)
        args: list[int] = []
        for _, rate in keys:
            args += [round(rate.interval_s * 1e6), round(rate.tolerance_s * 1e6)]
        args.append(round(KEY_IDLE_S * 1000))
        try:
            wait_us = await self._script(keys=[self._prefix + key for key, _ in keys], args=args)
        except self._errors as error:
            self._rest.failed()
            self._on_failure("pacing", error)
            return self._fallback.reserve_now(chat_id)
        return max(0.0, int(wait_us) / 1e6)
