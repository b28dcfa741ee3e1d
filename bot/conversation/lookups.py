"""Models beyond the catalog, looked up on the Hub before the answer is worked out.

``ModelLookups`` meets a ``sizing.ModelSource`` (the Hub adapter) with a cache kept for a time
(``ttl_s``) and a bound on its size. Front ends on an event loop call ``resolve_all`` first,
off the loop, with a short time-out: a slow Hub never holds the answer thread or another chat;
the pipeline then reads only what was found. Each outcome is a ``Lookup``: the checkpoint, or
the candidates of an ambiguous name, or why there is none (not found, gated, Hub unreachable).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.request import HubQuery
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
_REDUCED = ("flash", "air", "lite", "mini", "distill", "small")


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


class _FullModels:
    """A source whose searches leave reduced releases out (the customer asked for the full one)."""

    def __init__(self, source: ModelSource) -> None:
        self._source = source

    def checkpoint(self, hf_id: str) -> Checkpoint:
        return self._source.checkpoint(hf_id)

    def search(self, name: str, limit: int) -> tuple[str, ...]:
        found = self._source.search(name, limit + 3)
        full = tuple(i for i in found if not any(w in i.lower() for w in _REDUCED))
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
            found = self.cached(query)
            if found is None:
                try:
                    found = await asyncio.wait_for(
                        asyncio.to_thread(self.resolve, query), self.timeout_s
                    )
                except TimeoutError:
                    found = Lookup(query, problem=UNAVAILABLE)  # kept by the thread when done
            out[query] = found
        return out

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
