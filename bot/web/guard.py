"""What stands before the handlers: body size, per-client rate, API keys, CORS.

- A body is read at most ``max_body_bytes`` (and refused at once when Content-Length says
  more): 413 ``body_too_large``.
- Each client (its API key, else its address) has a token bucket: ``per_minute`` requests a
  minute with bursts of ``burst``; past it, 429 ``rate_limited`` with ``Retry-After``. Keys
  from ``API_KEYS_FILE`` get ``key_per_minute``. Buckets live in the process (per replica)
  and are bounded in number.
- ``API_KEYS_FILE``: one key per line (``#`` comments; ``name:key`` names a key for the
  logs). Only their SHA-256 is held; a key is never logged, only its name or a hash prefix.
  A request with a key not in the file is refused (401), one without a key is anonymous.
- CORS: origins of ``WEB_ALLOWED_ORIGINS`` (``*`` for any) get ``Access-Control-Allow-Origin``
  on the API's answers and preflights; another origin's preflight is refused (403).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from bot.web.problems import ProblemError, Reason

API_KEY_HEADER = "X-API-Key"
# Who the request being handled comes from (``client_of``): its API key's name, or its address.
CURRENT_CLIENT: ContextVar[str] = ContextVar("web_client", default="")
MAX_CLIENTS = 100_000  # buckets kept; the least recently seen client is forgotten first
CORS_MAX_AGE_S = 600
READ_CHUNK_BYTES = 64 * 1024
CORS_HEADERS = "Content-Type, Authorization, X-API-Key, Accept-Language"
CORS_METHODS = "GET, POST, OPTIONS"


@dataclass(frozen=True, slots=True)
class Limits:
    """Requests a minute and burst, for anonymous clients and for API keys (0: no limit)."""

    per_minute: float = 120.0
    burst: float = 40.0
    key_per_minute: float = 6000.0
    key_burst: float = 400.0


class RateLimiter:
    """Token buckets by client, bounded in number; ``check`` raises 429 past the rate."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def check(self, client: str, *, keyed: bool) -> None:
        """Take one token from ``client``'s bucket, or raise ``rate_limited``."""
        rate = self.limits.key_per_minute if keyed else self.limits.per_minute
        burst = self.limits.key_burst if keyed else self.limits.burst
        if rate <= 0:
            return
        per_second = rate / 60.0
        now = self._clock()
        tokens, last = self._buckets.pop(client, (burst, now))
        tokens = min(burst, tokens + (now - last) * per_second)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            wait = math.ceil((1.0 - tokens) / per_second)
            raise ProblemError(
                Reason.RATE_LIMITED, headers={"Retry-After": str(wait)}, seconds=str(wait)
            )
        self._buckets[client] = (tokens - 1.0, now)
        if len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


@dataclass(frozen=True)
class ApiKeys:
    """The keys of ``API_KEYS_FILE``, held as SHA-256 digests with a name for the logs."""

    names: dict[bytes, str] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> ApiKeys:
        """Read the file: one ``key`` or ``name:key`` a line; ValueError naming a bad line."""
        names: dict[bytes, str] = {}
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            name, _, key = line.rpartition(":")
            if len(key) < 16 or any(c.isspace() for c in key):  # noqa: PLR2004 - a guessable key
                raise ValueError(f"{path}: line {number}: a key of 16 or more characters")
            digest = _digest(key)
            names[digest] = name or f"key-{digest.hex()[:8]}"
        return cls(names)

    @classmethod
    def of(cls, keys: Iterable[str]) -> ApiKeys:
        """Hold these keys (tests, benchmarks)."""
        return cls({_digest(k): f"key-{_digest(k).hex()[:8]}" for k in keys})

    def name_of(self, key: str) -> str | None:
        """Return the key's name, or None when it is not one of ours (constant-time compare)."""
        digest = _digest(key)
        found = None
        for known, name in self.names.items():
            if hmac.compare_digest(known, digest):
                found = name
        return found


def presented_key(request: web.Request) -> str | None:
    """Return the API key a request carries (``X-API-Key``, or ``Authorization: Bearer``)."""
    key = request.headers.get(API_KEY_HEADER)
    if key is None:
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        key = value.strip() if scheme.lower() == "bearer" else None
    return key or None


def client_of(request: web.Request, keys: ApiKeys) -> tuple[str, bool]:
    """Return who is asking (an API key's name, else the address) and whether it is keyed.

    A key that is not in the file is refused with 401 ``invalid_api_key``.
    """
    key = presented_key(request)
    if key is not None:
        name = keys.name_of(key)
        if name is None:
            raise ProblemError(Reason.INVALID_API_KEY)
        return f"key:{name}", True
    return f"ip:{request.remote or 'unknown'}", False


@dataclass(frozen=True)
class Cors:
    """The origins allowed to call the API from a browser (``WEB_ALLOWED_ORIGINS``)."""

    origins: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, value: str | None) -> Cors:
        """Read ``https://a.example, https://b.example`` or ``*``."""
        items = {item.strip().rstrip("/") for item in (value or "").split(",") if item.strip()}
        return cls(frozenset(items))

    def allows(self, origin: str) -> bool:
        """Tell whether a browser page of ``origin`` may read the API's answers."""
        return "*" in self.origins or origin.rstrip("/") in self.origins

    def headers(self, origin: str | None) -> dict[str, str]:
        """Return the CORS headers of an answer to ``origin`` (none for another origin)."""
        if origin is None or not self.allows(origin):
            return {}
        return {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Expose-Headers": "Retry-After, Content-Language",
            "Vary": "Origin",
        }

    def preflight(self, origin: str | None) -> web.Response:
        """Answer an ``OPTIONS`` preflight: 204 with the grants, or 403 for another origin."""
        if origin is None or not self.allows(origin):
            raise ProblemError(Reason.ORIGIN_NOT_ALLOWED)
        headers = self.headers(origin) | {
            "Access-Control-Allow-Methods": CORS_METHODS,
            "Access-Control-Allow-Headers": CORS_HEADERS,
            "Access-Control-Max-Age": str(CORS_MAX_AGE_S),
        }
        return web.Response(status=204, headers=headers)


async def read_body(request: web.Request, limit: int) -> bytes:
    """Read the body, at most ``limit`` bytes; 413 ``body_too_large`` beyond."""
    declared = request.content_length
    if declared is not None and declared > limit:
        raise ProblemError(Reason.BODY_TOO_LARGE, limit=f"{limit // 1024} KiB")
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = await request.content.read(READ_CHUNK_BYTES)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise ProblemError(Reason.BODY_TOO_LARGE, limit=f"{limit // 1024} KiB")
        chunks.append(chunk)
