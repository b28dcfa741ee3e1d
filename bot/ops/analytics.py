"""What customers ask and what comes of it, counted without surveillance.

Counters on the metrics listener, beside the process's own, and the same counts added up per
day (UTC) for ``/stats``: what was asked (intent, language), which model families, the verdict
(fits, does not fit, over budget, unknown model, refused), the plan recommended, deep links by kind
and source tag, checkout-link clicks by plan, hand-offs to a person, and 👍/👎 under answers.

Only labels from closed sets are kept: no message text, no user or chat id, no model id beyond its
family. Deep-link source tags are written by whoever publishes a link, so only the first
``MAX_SOURCES`` distinct ones are named; later ones count as ``other``.

The conversation notes what it learns about a turn with ``note_turn`` (a no-op outside a turn the
transport opened with ``noting_turn``: the command line and the console count nothing); the
transport records the turn once it is answered.
"""

from __future__ import annotations

import threading
import time
from collections import Counter as Tally
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields
from datetime import UTC, datetime

from prometheus_client import CollectorRegistry, Counter

MAX_SOURCES = 50  # distinct deep-link source tags named; later ones count as "other"
OTHER = "other"
NONE = "none"


@dataclass(slots=True)
class TurnFacts:
    """What the conversation learnt of one turn; every value from a closed set."""

    intent: str | None = None  # size, train, price, compare, knowledge, sales, help...
    family: str | None = None  # the model's family (llama, qwen, deepseek, generic, other)
    verdict: str | None = None  # fits, does_not_fit, over_budget, unknown_model, refused
    plan: str | None = None  # the plan recommended (a catalog plan id)
    link_kind: str | None = None  # a deep link's kind (size, compare, price, topic, ...)
    link_source: str | None = None  # its source tag (``--<source>``), if it had one


CURRENT_TURN: ContextVar[TurnFacts | None] = ContextVar("current_turn", default=None)


def note_turn(**facts: str | None) -> None:
    """Note facts of the turn being answered (ignored outside one)."""
    turn = CURRENT_TURN.get()
    if turn is None:
        return
    for name, value in facts.items():
        setattr(turn, name, value)


@contextmanager
def noting_turn() -> Iterator[TurnFacts]:
    """Open a turn's facts for the conversation to fill in (the transport's side)."""
    turn = TurnFacts()
    token = CURRENT_TURN.set(turn)
    try:
        yield turn
    finally:
        CURRENT_TURN.reset(token)


_day_cache: list[tuple[int, str]] = [(-1, "")]


def today() -> str:
    """Return the UTC day counts are added to, ``YYYY-MM-DD`` (worked out once a day)."""
    day = int(time.time() // 86400)
    cached = _day_cache[0]
    if cached[0] != day:
        cached = (day, datetime.fromtimestamp(day * 86400, UTC).date().isoformat())
        _day_cache[0] = cached
    return cached[1]


# Counter name -> its label names; a count for /stats is keyed (name, "label=value,...").
COUNTERS: dict[str, tuple[str, ...]] = {
    "questions": ("intent", "language"),
    "model_families": ("family",),
    "verdicts": ("verdict",),
    "recommended_plans": ("plan",),
    "deep_links": ("kind", "source"),
    "checkout_clicks": ("plan",),
    "handoffs": ("outcome",),
    "feedback": ("vote", "kind"),
}
HELP = {
    "questions": "Messages answered, by what was asked and the answer's language",
    "model_families": "Sizings and training answers, by the model's family",
    "verdicts": "Sizing verdicts (fits, does_not_fit, over_budget, unknown_model, refused)",
    "recommended_plans": "Plans recommended in answers",
    "deep_links": "Deep links opened, by kind and source tag",
    "checkout_clicks": "Checkout links followed through the counting redirect, by plan",
    "handoffs": "Hand-offs to a person (sent, failed)",
    "feedback": "Thumbs under answers (up, down), by answer kind",
}


def key_of(name: str, labels: dict[str, str]) -> tuple[str, str]:
    """Return the key of one count: the counter's name and its labels written out."""
    return name, ",".join(f"{label}={labels[label]}" for label in COUNTERS[name])


class Analytics:
    """The counters, and the day's counts not yet added to the aggregates store."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self._counters = {
            name: Counter(f"fullgpu_{name}", HELP[name], list(labels), registry=registry)
            for name, labels in COUNTERS.items()
        }
        self._pending: Tally[tuple[str, str, str]] = Tally()  # (day, name, labels) -> count
        self._lock = threading.Lock()  # counted on the loop, taken by the flush
        self._sources: set[str] = set()
        # (name, label values) -> the counter's child and the key of its daily count: a few
        # dozen label sets in all, each looked up once.
        self._children: dict[tuple[str, tuple[str, ...]], tuple[Counter, str]] = {}

    def count(self, name: str, **labels: str) -> None:
        """Add one to counter ``name`` with ``labels``, and to today's aggregate."""
        key = (name, tuple(labels.values()))
        known = self._children.get(key)
        if known is None:
            known = (self._counters[name].labels(**labels), key_of(name, labels)[1])
            self._children[key] = known
        child, written = known
        child.inc()
        with self._lock:
            self._pending[today(), name, written] += 1

    def source(self, tag: str | None) -> str:
        """Return the label for a deep link's source tag (``other`` past ``MAX_SOURCES``)."""
        if not tag:
            return NONE
        with self._lock:
            if tag in self._sources or len(self._sources) < MAX_SOURCES:
                self._sources.add(tag)
                return tag
        return OTHER

    def turn(self, facts: TurnFacts, *, language: str) -> None:
        """Count one answered turn."""
        self.count("questions", intent=facts.intent or "unknown", language=language)
        if facts.family:
            self.count("model_families", family=facts.family)
        if facts.verdict:
            self.count("verdicts", verdict=facts.verdict)
        if facts.plan:
            self.count("recommended_plans", plan=facts.plan)
        if facts.link_kind:
            self.count("deep_links", kind=facts.link_kind, source=self.source(facts.link_source))

    def take_pending(self) -> dict[tuple[str, str, str], int]:
        """Hand over the counts not yet stored (the flush adds them to the aggregates)."""
        with self._lock:
            pending, self._pending = dict(self._pending), Tally()
        return pending

    def put_back(self, pending: dict[tuple[str, str, str], int]) -> None:
        """Keep counts a failed flush could not store, for the next one."""
        with self._lock:
            self._pending.update(pending)


TURN_FACT_NAMES = tuple(spec.name for spec in fields(TurnFacts))
