"""Models beyond the catalog, looked up on the Hub before the answer is worked out.

``ModelLookups`` meets a ``sizing.ModelSource`` (the Hub adapter) with a cache kept for a time
(``ttl_s``) and a bound on its size. Front ends on an event loop call ``resolve_all`` first,
off the loop, with a short time-out: a slow Hub never holds the answer thread or another chat;
the pipeline then reads only what was found. Each outcome is a ``Lookup``: the checkpoint, or
the candidates of an ambiguous name, or why there is none (not found, gated, Hub unreachable).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from bot.request import HubQuery
from bot.understand import REDUCED_WORDS
from sizing import (
    AmbiguousModelError,
    Checkpoint,
    GatedModelError,
    ModelNotFoundError,
    ModelSource,
    ModelSourceError,
    SourceUnavailableError,
    find_checkpoint,
)

log = logging.getLogger(__name__)
# Reduced releases left out when the customer asks for the full model ("满血版").


class LookupProblem(StrEnum):
    """Why a lookup found no checkpoint to size."""

    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    GATED = "gated"
    UNAVAILABLE = "unavailable"


@dataclass(frozen=True, slots=True)
class Lookup:
    """What the Hub said of one query."""

    query: HubQuery
    checkpoint: Checkpoint | None = None
    candidates: tuple[str, ...] = ()
    problem: LookupProblem | None = None


UNAVAILABLE = LookupProblem.UNAVAILABLE


class SharedCache(Protocol):
    """A store the replicas share (Redis): lookups made by one are read by the others."""

    async def get(self, key: str) -> bytes | str | None:
        """Return the value kept under ``key``, or None."""
        ...

    async def set(self, key: str, value: str, *, ex: int) -> Any:  # noqa: ANN401 - the client's
        """Keep ``value`` under ``key`` for ``ex`` seconds."""
        ...


SHARED_KEY = "hub:"
# A value read back larger than this is not a lookup of ours (configs are kilobytes).
MAX_SHARED_BYTES = 4_000_000


def lookup_to_json(lookup: Lookup) -> str:
    """Return the JSON a shared cache keeps of a lookup (unreachable Hubs are not kept)."""
    checkpoint = lookup.checkpoint
    return json.dumps(
        {
            "candidates": list(lookup.candidates),
            "problem": lookup.problem.value if lookup.problem else None,
            "checkpoint": None
            if checkpoint is None
            else {
                "hf_id": checkpoint.hf_id,
                "config": dict(checkpoint.config),
                "revision": checkpoint.revision,
                "hf_quant_config": dict(checkpoint.hf_quant_config)
                if checkpoint.hf_quant_config
                else None,
                "stored_params": dict(checkpoint.stored_params),
                "gated": checkpoint.gated,
                "releases": dict(checkpoint.releases),
            },
        },
        separators=(",", ":"),
    )


def lookup_from_json(query: HubQuery, raw: bytes | str) -> Lookup | None:
    """Read a shared lookup back; anything that does not read is no lookup (None)."""
    try:
        if len(raw) > MAX_SHARED_BYTES:
            return None
        data = json.loads(raw)
        problem = LookupProblem(data["problem"]) if data.get("problem") else None
        found = data.get("checkpoint")
        checkpoint = None
        if isinstance(found, dict):
            checkpoint = Checkpoint(
                hf_id=str(found["hf_id"]),
                config=dict(found["config"]),
                revision=found.get("revision"),
                hf_quant_config=found.get("hf_quant_config"),
                stored_params={str(k): int(v) for k, v in found.get("stored_params", {}).items()},
                gated=bool(found.get("gated")),
                releases={str(k): str(v) for k, v in found.get("releases", {}).items()},
            )
        candidates = tuple(str(c) for c in data.get("candidates", ()))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    if checkpoint is None and problem is None:
        return None
    return Lookup(query, checkpoint=checkpoint, candidates=candidates, problem=problem)


def _shared_key(query: HubQuery) -> str:
    kind = "id" if query.is_id else ("full" if query.full else "name")
    return f"{SHARED_KEY}{kind}:{query.text.strip().lower()[:200]}"


class _FullModels:
    """A source whose searches leave reduced releases out (the customer asked for the full one)."""

    def __init__(self, source: ModelSource) -> None:
        self._source = source

    def checkpoint(self, hf_id: str) -> Checkpoint:
        return self._source.checkpoint(hf_id)

    def search(self, name: str, limit: int) -> tuple[str, ...]:
        found = self._source.search(name, limit + 3)
        full = tuple(i for i in found if not any(w in i.lower() for w in REDUCED_WORDS))
        return full[:1] if len(full) == 1 else full[:limit]


class ModelLookups:
    """Hub lookups with a cache; thread-safe."""

    def __init__(
        self,
        source: ModelSource | None,
        *,
        ttl_s: float = 3600.0,
        failure_ttl_s: float = 60.0,
        max_entries: int = 1024,
        timeout_s: float = 2.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.source = source
        self.timeout_s = timeout_s
        self._ttl_s = ttl_s
        self._failure_ttl_s = failure_ttl_s
        self._max = max_entries
        self._clock = clock
        self._kept: OrderedDict[HubQuery, tuple[float, Lookup]] = OrderedDict()
        self._lock = threading.Lock()
        self.shared: SharedCache | None = None  # set when the replicas share a Redis

    def cached(self, query: HubQuery) -> Lookup | None:
        """Return the outcome of an earlier lookup still fresh, or None."""
        with self._lock:
            kept = self._kept.get(query)
            if kept is None:
                return None
            expires, lookup = kept
            if self._clock() >= expires:
                del self._kept[query]
                return None
            self._kept.move_to_end(query)
            return lookup

    def resolve(self, query: HubQuery) -> Lookup:
        """Look a query up (blocking, bounded by the adapter's deadline); cached."""
        found = self.cached(query)
        if found is not None:
            return found
        lookup = self._ask(query)
        self._keep(lookup)
        return lookup

    async def resolve_all(self, queries: Iterable[HubQuery]) -> dict[HubQuery, Lookup]:
        """Look queries up off the event loop; past ``timeout_s`` a query is unavailable."""
        out: dict[HubQuery, Lookup] = {}
        for query in dict.fromkeys(queries):
            found = self.cached(query) or await self._shared_get(query)
            if found is None:
                try:
                    found = await asyncio.wait_for(
                        asyncio.to_thread(self.resolve, query), self.timeout_s
                    )
                except TimeoutError:
                    found = Lookup(query, problem=UNAVAILABLE)  # kept by the thread when done
                else:
                    await self._shared_put(found)
            out[query] = found
        return out

    async def _shared_get(self, query: HubQuery) -> Lookup | None:
        if self.shared is None:
            return None
        try:
            raw = await asyncio.wait_for(self.shared.get(_shared_key(query)), self.timeout_s)
        except Exception as error:  # noqa: BLE001 - a store outage costs the cache, not the answer
            log.info("the shared lookup cache did not answer: %s", type(error).__name__)
            return None
        found = None if raw is None else lookup_from_json(query, raw)
        if found is not None:
            self._keep(found)
        return found

    async def _shared_put(self, lookup: Lookup) -> None:
        if self.shared is None or lookup.problem is UNAVAILABLE:
            return
        try:
            await asyncio.wait_for(
                self.shared.set(
                    _shared_key(lookup.query), lookup_to_json(lookup), ex=int(self._ttl_s)
                ),
                self.timeout_s,
            )
        except Exception as error:  # noqa: BLE001 - see _shared_get
            log.info("the shared lookup cache did not keep a lookup: %s", type(error).__name__)

    def _ask(self, query: HubQuery) -> Lookup:  # noqa: PLR0911 - one outcome per error
        if self.source is None:
            return Lookup(query, problem=UNAVAILABLE)
        source: ModelSource = _FullModels(self.source) if query.full else self.source
        try:
            return Lookup(query, checkpoint=find_checkpoint(query.text, source))
        except AmbiguousModelError as error:
            return Lookup(query, candidates=error.candidates, problem=LookupProblem.AMBIGUOUS)
        except GatedModelError:
            return Lookup(query, problem=LookupProblem.GATED)
        except ModelNotFoundError:
            return Lookup(query, problem=LookupProblem.NOT_FOUND)
        except SourceUnavailableError as error:
            log.info("the Hub was not reached: %s", type(error).__name__)
            return Lookup(query, problem=UNAVAILABLE)
        except ModelSourceError:
            return Lookup(query, problem=LookupProblem.NOT_FOUND)
        except Exception:
            log.exception("a Hub lookup failed")
            return Lookup(query, problem=UNAVAILABLE)

    def _keep(self, lookup: Lookup) -> None:
        ttl = self._ttl_s if lookup.problem is not UNAVAILABLE else self._failure_ttl_s
        with self._lock:
            self._kept[lookup.query] = (self._clock() + ttl, lookup)
            self._kept.move_to_end(lookup.query)
            while len(self._kept) > self._max:
                self._kept.popitem(last=False)


Resolved = Mapping[HubQuery, Lookup]
