"""The intake in Redis: several replicas, one bot, each chat's updates in order.

Per chat a list of update ids (``q:<chat>``); the bodies in ``upd:<id>``; chats with work nobody
holds in the sorted set ``ready`` (scored by the time they may be taken); a chat being handled is
held by one replica through a lease (``lease:<chat>``, renewed while it works, and listed in
``leases`` by expiry). A replica that dies stops renewing; once its leases run out any replica takes
those chats again, oldest update first. Each grant of a lease holds a token of its own (the
replica's id and a number from ``grants``), carried by the jobs handed out under it: a replica only
renews, hands back or goes on under a lease that still holds its token, and commits the chat's state
and answers only then (``bot.delivery.fence``). Every step is one Lua script, so replicas never see
half a change. ``wake`` is a short list that idle replicas block on.

Keys are built inside the scripts from the prefix: this needs one Redis server (or a
primary with replicas), not Redis Cluster.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from bot.delivery.intake import DEDUP_WINDOW_S, Job

LEASE_MS = 10_000  # a dead replica's chats wait at most this long; renewed every third
WAKE_TOKENS = 64

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

_PUT = """
local p, id, chat = ARGV[1], ARGV[2], ARGV[3]
if not redis.call('SET', p .. 'update:' .. id, '1', 'NX', 'EX', ARGV[5]) then return 0 end
redis.call('HSET', p .. 'upd:' .. id, 'b', ARGV[4], 'n', 0)
redis.call('EXPIRE', p .. 'upd:' .. id, ARGV[5])
redis.call('RPUSH', p .. 'q:' .. chat, id)
redis.call('INCR', p .. 'pending')
if redis.call('EXISTS', p .. 'lease:' .. chat) == 0 then
  redis.call('ZADD', p .. 'ready', 'NX', now, chat)
end
redis.call('LPUSH', p .. 'wake', '1')
redis.call('LTRIM', p .. 'wake', 0, ARGV[6])
return 1
"""

_TAKE = """
local p, owner, lease_ms, limit = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
for _, chat in ipairs(redis.call('ZRANGEBYSCORE', p .. 'leases', '-inf', now, 'LIMIT', 0, 100)) do
  local ttl = redis.call('PTTL', p .. 'lease:' .. chat)
  if ttl == -1 then  -- a lease with no expiry (none of these scripts makes one): let it run out
    redis.call('PEXPIRE', p .. 'lease:' .. chat, lease_ms)
    ttl = lease_ms
  end
  if ttl >= 0 then
    -- Still held, if only for this millisecond (PTTL 0: the key exists until the clock moves on,
    -- and a script's clock does not): look again once it has run out, or this chat, taken from
    -- both sets while its lease still exists below, would be taken by nobody ever again.
    redis.call('ZADD', p .. 'leases', now + ttl, chat)
  else
    redis.call('ZREM', p .. 'leases', chat)
    if redis.call('LLEN', p .. 'q:' .. chat) > 0 then
      redis.call('ZADD', p .. 'ready', now, chat)
    end
  end
end
local taken = {}
for _, chat in ipairs(redis.call('ZRANGEBYSCORE', p .. 'ready', '-inf', now, 'LIMIT', 0, limit)) do
  redis.call('ZREM', p .. 'ready', chat)
  local id = redis.call('LINDEX', p .. 'q:' .. chat, 0)
  if id and redis.call('EXISTS', p .. 'lease:' .. chat) == 0 then
    local token = owner .. ':' .. redis.call('INCR', p .. 'grants')
    redis.call('SET', p .. 'lease:' .. chat, token, 'PX', lease_ms)
    redis.call('ZADD', p .. 'leases', now + lease_ms, chat)
    local h = redis.call('HMGET', p .. 'upd:' .. id, 'b', 'n')
    table.insert(taken, {chat, id, h[1] or '', h[2] or '0', token})
  end
end
return taken
"""

_DONE = """
local p, token, chat, id, lease_ms = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
local q, lease = p .. 'q:' .. chat, p .. 'lease:' .. chat
if redis.call('LINDEX', q, 0) == id then
  redis.call('LPOP', q)
  redis.call('DEL', p .. 'upd:' .. id)
  redis.call('DECR', p .. 'pending')
end
if redis.call('GET', lease) ~= token then return false end
local next_id = redis.call('LINDEX', q, 0)
if not next_id then
  redis.call('DEL', lease)
  redis.call('ZREM', p .. 'leases', chat)
  return false
end
redis.call('PEXPIRE', lease, lease_ms)
redis.call('ZADD', p .. 'leases', now + lease_ms, chat)
local h = redis.call('HMGET', p .. 'upd:' .. next_id, 'b', 'n')
return {chat, next_id, h[1] or '', h[2] or '0', token}
"""

# ARGV[5]: milliseconds before the chat may be taken again; ARGV[6]: 1 to count an attempt.
_GIVE_BACK = """
local p, token, chat, id = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local lease = p .. 'lease:' .. chat
if redis.call('GET', lease) ~= token then return 0 end
if ARGV[6] == '1' then redis.call('HINCRBY', p .. 'upd:' .. id, 'n', 1) end
redis.call('DEL', lease)
redis.call('ZREM', p .. 'leases', chat)
if redis.call('LLEN', p .. 'q:' .. chat) > 0 then
  redis.call('ZADD', p .. 'ready', now + tonumber(ARGV[5]), chat)
  redis.call('LPUSH', p .. 'wake', '1')
  redis.call('LTRIM', p .. 'wake', 0, ARGV[7])
end
return 1
"""

# ARGV[3..]: pairs of a chat and the token it is held under; returns how many are still held.
_RENEW = """
local p, lease_ms, held = ARGV[1], tonumber(ARGV[2]), 0
for i = 3, #ARGV, 2 do
  local chat = ARGV[i]
  if redis.call('GET', p .. 'lease:' .. chat) == ARGV[i + 1] then
    redis.call('PEXPIRE', p .. 'lease:' .. chat, lease_ms)
    redis.call('ZADD', p .. 'leases', now + lease_ms, chat)
    held = held + 1
  end
end
return held
"""


def _job(row: Sequence[Any]) -> Job:
    chat, update_id, body, attempts, token = (_text(value) for value in row)
    return Job(int(update_id), int(chat), body, int(attempts or 0), lease=token)


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisIntake:
    """Per-chat queues and leases in Redis, shared by every replica."""

    def __init__(
        self,
        redis: Any,  # noqa: ANN401 - redis.asyncio.Redis; redis is an optional dependency
        *,
        prefix: str,
        lease_ms: int = LEASE_MS,
    ) -> None:
        self._redis = redis
        self._prefix = prefix
        self._lease_ms = lease_ms
        self._owner = uuid.uuid4().hex  # this process; a restart is a new owner
        scripts = {"put": _PUT, "take": _TAKE, "done": _DONE, "give": _GIVE_BACK, "renew": _RENEW}
        self._scripts = {name: redis.register_script(_NOW + code) for name, code in scripts.items()}

    @property
    def renew_every_s(self) -> float:
        """How often held chats must be renewed."""
        return self._lease_ms / 3000

    async def _run(self, name: str, *args: object) -> Any:  # noqa: ANN401 - Redis replies vary
        return await self._scripts[name](args=[self._prefix, *args])

    async def put(self, update_id: int, chat_key: int, body: str) -> bool:
        """Store the update unless its id was accepted in the last 24 hours."""
        added = await self._run("put", update_id, chat_key, body, DEDUP_WINDOW_S, WAKE_TOKENS - 1)
        return bool(added)

    async def take(self, limit: int) -> list[Job]:
        """Lease up to ``limit`` ready chats (and any whose lease ran out); return their heads."""
        rows = await self._run("take", self._owner, self._lease_ms, limit)
        return [_job(row) for row in rows]

    async def done(self, job: Job) -> Job | None:
        """Remove the handled update; return the chat's next one while the lease is ours."""
        row = await self._run("done", job.lease, job.chat_key, job.update_id, self._lease_ms)
        return _job(row) if row else None

    async def defer(self, job: Job, delay_s: float) -> None:
        """Give the chat back, ready again after ``delay_s``, counting an attempt."""
        delay_ms = round(delay_s * 1000)
        await self._run(
            "give", job.lease, job.chat_key, job.update_id, delay_ms, 1, WAKE_TOKENS - 1
        )

    async def release(self, job: Job) -> None:
        """Give the chat back for anyone to take now."""
        await self._run("give", job.lease, job.chat_key, job.update_id, 0, 0, WAKE_TOKENS - 1)

    async def renew(self, jobs: Sequence[Job]) -> None:
        """Extend the leases of the chats being handled."""
        if jobs:
            held = [value for job in jobs for value in (job.chat_key, job.lease)]
            await self._run("renew", self._lease_ms, *held)

    async def holds(self, job: Job) -> bool:
        """Tell whether ``job``'s lease still holds its token; if so, extend it a full lease."""
        return bool(await self._run("renew", self._lease_ms, job.chat_key, job.lease))

    async def wait_for_work(self, timeout_s: float) -> None:
        """Block on the wake list (any replica's new update), at most ``timeout_s``."""
        await self._redis.blpop([self._prefix + "wake"], timeout=timeout_s)

    async def depth(self) -> int:
        """Count updates stored and not yet handled, over all replicas."""
        return int(await self._redis.get(self._prefix + "pending") or 0)

    async def close(self) -> None:
        """Leave the connection pool to its owner."""
