"""What the running bot tells its operators: Prometheus metrics, readiness facts, update scopes.

One process-wide ``METRICS`` and ``HEALTH``; the rest of the bot reports through the small
``record_*`` functions below, so a new sending or storage module needs one line per fact:

    record_bot_api_call(method, status)      every Bot API answer (or ``None``: unreachable)
    record_retry_after(seconds)              a 429 "retry after" being waited out
    record_store_error(operation)            a state store call that failed
    mark_update_failed()                     the update in progress ended in the error handler

``update_scope(update)`` wraps the handling of one update: it puts the update and chat ids on
every log line written meanwhile (``bot.logs``), times the answer, counts the update by kind
and writes the one INFO line per update (ids, kind, outcome, milliseconds; never the text).
"""

from __future__ import annotations

import contextvars
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from telegram import Update

from bot.reply import ChatContext
from bot.state import ChatStore

log = logging.getLogger("bot.updates")

# Answer latency buckets: Telegram users notice past ~1 s; the target at load is 50 ms.
LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
RECEIVED_REMEMBERED = 10_000  # receipt times kept for updates not yet handled
# An update not handled after this long was taken by another path (or lost): stop counting it
# as pending, so a leak can never make the intake refuse everything.
PENDING_FORGET_S = 600.0
METRICS_CONTENT_TYPE = CONTENT_TYPE_LATEST
NO_ID = "-"


@dataclass
class UpdateFacts:
    """The update being handled in this task, as log lines and metrics see it."""

    update_id: int | None = None
    chat_id: int | None = None
    kind: str = "other"
    failed: bool = False
    apologized: bool = False


CURRENT_UPDATE: contextvars.ContextVar[UpdateFacts | None] = contextvars.ContextVar(
    "current_update", default=None
)


class Metrics:
    """The bot's Prometheus metrics, in a registry of their own (no process-global clutter)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        reg = self.registry
        self.updates = Counter(
            "fullgpu_updates", "Updates handled, by kind and outcome", ["kind", "outcome"],
            registry=reg,
        )  # fmt: skip
        self.answer_seconds = Histogram(
            "fullgpu_answer_seconds", "From receipt of an update to the end of its answer",
            ["kind"], buckets=LATENCY_BUCKETS_S, registry=reg,
        )  # fmt: skip
        self.bot_api_errors = Counter(
            "fullgpu_bot_api_errors", "Bot API calls that failed, by method and HTTP code "
            "(code 0: no answer)", ["method", "code"], registry=reg,
        )  # fmt: skip
        self.retry_after_waits = Counter(
            "fullgpu_retry_after_waits", "429 answers waited out", registry=reg
        )
        self.retry_after_seconds = Counter(
            "fullgpu_retry_after_wait_seconds", "Seconds spent waiting out 429s", registry=reg
        )
        self.store_errors = Counter(
            "fullgpu_store_errors", "State store calls that failed", ["operation"], registry=reg
        )
        self.queue_depth = Gauge(
            "fullgpu_update_queue_depth", "Updates received and not yet handled", registry=reg
        )
        self.queue_depth.set_function(lambda: float(queue_depth()))
        self.rejected_requests = Counter(
            "fullgpu_http_rejected", "Webhook requests refused or dropped, by reason",
            ["reason"], registry=reg,
        )  # fmt: skip
        self.open_connections = Gauge(
            "fullgpu_http_open_connections", "Open connections to the HTTP server", registry=reg
        )

    def exposition(self) -> bytes:
        """Render every metric in the Prometheus text format."""
        return generate_latest(self.registry)

    def value(self, name: str, labels: dict[str, str] | None = None) -> float:
        """Read one sample (0 when absent): for tests and the benchmark."""
        return self.registry.get_sample_value(name, labels or {}) or 0.0


class Health:
    """Facts readiness is judged on: when the Bot API last answered."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.last_api_answer: float | None = None

    def api_answered(self) -> None:
        """Note that the Bot API answered (any HTTP status: it is reachable)."""
        self.last_api_answer = self._clock()

    def api_answer_age_s(self) -> float | None:
        """Seconds since the Bot API last answered; ``None`` if it never did."""
        if self.last_api_answer is None:
            return None
        return self._clock() - self.last_api_answer


METRICS = Metrics()
HEALTH = Health()
_received: OrderedDict[int, float] = OrderedDict()


def record_bot_api_call(method: str, status: int | None) -> None:
    """Count a Bot API answer: ``status`` is the HTTP code, ``None`` when nothing answered."""
    if status is not None:
        HEALTH.api_answered()
        if status < 400:  # noqa: PLR2004 - HTTP success and redirect codes
            return
    METRICS.bot_api_errors.labels(method=method, code=str(status or 0)).inc()


def record_retry_after(seconds: float) -> None:
    """Count one 429 wait of ``seconds``."""
    METRICS.retry_after_waits.inc()
    METRICS.retry_after_seconds.inc(max(0.0, seconds))


def record_store_error(operation: str) -> None:
    """Count one failed store call (``get``, ``put``, ``seen_update``, ``ping``...)."""
    METRICS.store_errors.labels(operation=operation).inc()


def note_received(update_id: int) -> None:
    """Remember when an update arrived, so its latency includes its wait in the queue."""
    _received[update_id] = time.monotonic()
    while len(_received) > RECEIVED_REMEMBERED:
        _received.popitem(last=False)


def pending_updates() -> int:
    """Count updates received (``note_received``) and not yet handled."""
    horizon = time.monotonic() - PENDING_FORGET_S
    while _received and next(iter(_received.values())) < horizon:
        _received.popitem(last=False)
    return len(_received)


_queue_sources: list[Callable[[], int]] = []


def add_queue_source(source: Callable[[], int]) -> None:
    """Count the updates another queue holds (PTB's update queue in polling mode) as pending."""
    _queue_sources[:] = [source]


def queue_depth() -> int:
    """Count updates waiting or in progress, as far as this process knows."""
    extra = sum(source() for source in _queue_sources)
    return max(pending_updates(), extra + _active[0])


_active = [0]  # update scopes open right now


def mark_update_failed() -> None:
    """Mark the update of this task as failed (its error handler runs in the same task)."""
    facts = CURRENT_UPDATE.get()
    if facts is not None:
        facts.failed = True


def claim_apology() -> bool:
    """Tell whether to apologise: yes once per update, however many of its handlers fail."""
    facts = CURRENT_UPDATE.get()
    if facts is None:
        return True
    first = not facts.apologized
    facts.apologized = True
    return first


def update_kind(update: object) -> str:
    """Name the kind of an update for metrics: command, message, callback, inline, other."""
    if not isinstance(update, Update):
        return "other"
    if update.message is not None:
        text = update.message.text or ""
        return "command" if text.startswith("/") else "message"
    if update.callback_query is not None:
        return "callback"
    if update.inline_query is not None:
        return "inline"
    return "other"


def facts_of(update: object) -> UpdateFacts:
    """Read the ids and kind of an update (anything else gets empty facts)."""
    if not isinstance(update, Update):
        return UpdateFacts()
    chat = update.effective_chat
    user = update.effective_user
    # Inline queries have no chat: the user's id is the conversation's.
    chat_id = chat.id if chat is not None else (user.id if user is not None else None)
    return UpdateFacts(update.update_id, chat_id, update_kind(update))


@contextmanager
def update_scope(update: object) -> Iterator[UpdateFacts]:
    """Handle one update inside: ids on every log line, latency and outcome recorded after."""
    facts = facts_of(update)
    started = time.monotonic()
    if facts.update_id is not None:
        started = _received.pop(facts.update_id, started)
    token = CURRENT_UPDATE.set(facts)
    _active[0] += 1
    try:
        yield facts
    except BaseException:
        facts.failed = True
        raise
    finally:
        _active[0] -= 1
        elapsed_s = time.monotonic() - started
        outcome = "failed" if facts.failed else "ok"
        METRICS.updates.labels(kind=facts.kind, outcome=outcome).inc()
        METRICS.answer_seconds.labels(kind=facts.kind).observe(elapsed_s)
        log.info("update %s %s in %.1f ms", facts.kind, outcome, elapsed_s * 1000)
        CURRENT_UPDATE.reset(token)


def current_ids() -> tuple[str, str]:
    """Return the update and chat ids of this task, as log fields (``-`` outside an update)."""
    facts = CURRENT_UPDATE.get()
    if facts is None:
        return NO_ID, NO_ID
    update_id = NO_ID if facts.update_id is None else str(facts.update_id)
    chat_id = NO_ID if facts.chat_id is None else str(facts.chat_id)
    return update_id, chat_id


class ObservedStore:
    """A chat store that counts its failures in ``fullgpu_store_errors_total``; else the same."""

    def __init__(self, inner: ChatStore) -> None:
        self.inner = inner

    async def get(self, chat_id: int) -> ChatContext:
        """Return the chat's context; count a failure."""
        try:
            return await self.inner.get(chat_id)
        except Exception:
            record_store_error("get")
            raise

    async def put(self, chat: ChatContext) -> None:
        """Store the chat's context; count a failure."""
        try:
            await self.inner.put(chat)
        except Exception:
            record_store_error("put")
            raise

    async def seen_update(self, update_id: int) -> bool:
        """Mark the update handled; count a failure."""
        try:
            return await self.inner.seen_update(update_id)
        except Exception:
            record_store_error("seen_update")
            raise

    async def close(self) -> None:
        """Release the inner store."""
        await self.inner.close()
