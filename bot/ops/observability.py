"""What the running bot tells its operators: Prometheus metrics, readiness facts, update scopes.

One process-wide ``METRICS`` and ``HEALTH``. Delivery and storage report through
``MetricsHooks`` (the ``bot.telegram.retries.DeliveryHooks`` the runtime hands them): failed Bot API
calls by method and code, waits (429, back-off, pacing), store failures by operation.

``update_scope(update)`` wraps the handling of one update: it opens the update's
``bot.ops.scope.UpdateScope`` (the journal keys of its answers, its outcome), puts the update
and chat ids on every log line written meanwhile (``bot.ops.logs``), times the answer from receipt,
counts the update by kind and outcome and writes the one INFO line per update (ids, kind, outcome,
milliseconds; never the text).
"""

from __future__ import annotations

import logging
import platform
import time
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager
from types import TracebackType

import prometheus_client
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info, ProcessCollector
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from telegram import Update
from telegram import __version__ as ptb_version

from bot.ops.analytics import Analytics
from bot.ops.scope import CURRENT_UPDATE, Outcome, UpdateScope
from bot.version import version

log = logging.getLogger("bot.updates")

# Answer latency buckets: Telegram users notice past ~1 s; the target at load is 50 ms.
LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
RECEIVED_REMEMBERED = 10_000  # receipt times kept for updates not yet handled
METRICS_CONTENT_TYPE = CONTENT_TYPE_LATEST


# A ``_created`` sample beside every counter and histogram is noise on a dashboard (and a
# series per label set): off, before any metric exists.
prometheus_client.disable_created_metrics()  # type: ignore[no-untyped-call]
CONNECTION_OUTCOMES = ("closed", "idle", "head_timeout", "refused")


class Metrics:
    """The bot's Prometheus metrics, in a registry of their own (no process-global clutter).

    Beside the bot's own: ``process_*`` (CPU, memory, file descriptors, start time, read from
    /proc) and ``fullgpu_build_info`` (version, Python, python-telegram-bot).
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        reg = self.registry
        ProcessCollector(registry=reg)
        Info("fullgpu_build", "The running build", registry=reg).info(
            {"version": version(), "python": platform.python_version(), "telegram": ptb_version}
        )
        self.updates = Counter(
            "fullgpu_updates", "Updates handled, by kind and outcome", ["kind", "outcome"],
            registry=reg,
        )  # fmt: skip
        self.answer_seconds = Histogram(
            "fullgpu_answer_seconds", "From receipt of an update to the end of its answer",
            ["kind"], buckets=LATENCY_BUCKETS_S, registry=reg,
        )  # fmt: skip
        self.bot_api_errors = Counter(
            "fullgpu_bot_api_errors", "Bot API calls that failed, by method and code (an HTTP "
            "status, or timeout, network, unreadable)", ["method", "code"], registry=reg,
        )  # fmt: skip
        self.retry_after_waits = Counter(
            "fullgpu_retry_after_waits", "429 answers waited out", registry=reg
        )
        self.retry_after_seconds = Counter(
            "fullgpu_retry_after_wait_seconds", "Seconds spent waiting out 429s", registry=reg
        )
        self.send_waits = Counter(
            "fullgpu_send_wait_seconds", "Seconds Bot API calls waited before going out, by "
            "reason (429, backoff, pacing)", ["reason"], registry=reg,
        )  # fmt: skip
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
        self.connections = Counter(
            "fullgpu_http_connections", "Connections ended, by outcome (closed, idle, "
            "head_timeout, refused)", ["outcome"], registry=reg,
        )  # fmt: skip
        self._connection_children = {
            outcome: self.connections.labels(outcome=outcome) for outcome in CONNECTION_OUTCOMES
        }
        self.store_degraded = Gauge(
            "fullgpu_store_degraded", "1 while the state store fails and answers go on without it",
            registry=reg,
        )  # fmt: skip
        self.store_degraded.set_function(lambda: float(HEALTH.store_degraded()))
        self._handled: dict[tuple[str, str], tuple[Counter, Histogram]] = {}

    def update_handled(self, kind: str, outcome: str, elapsed_s: float) -> None:
        """Count one handled update and observe its answer latency."""
        children = self._handled.get((kind, outcome))
        if children is None:  # a few kinds and outcomes: each pair's children looked up once
            children = (
                self.updates.labels(kind=kind, outcome=outcome),
                self.answer_seconds.labels(kind=kind),
            )
            self._handled[kind, outcome] = children
        children[0].inc()
        children[1].observe(elapsed_s)

    def connection_ended(self, outcome: str) -> None:
        """Count one connection's end (``CONNECTION_OUTCOMES``)."""
        self._connection_children[outcome].inc()

    def exposition(self) -> bytes:
        """Render every metric in the Prometheus text format."""
        return generate_latest(self.registry)

    def value(self, name: str, labels: dict[str, str] | None = None) -> float:
        """Read one sample (0 when absent): for tests and the benchmark."""
        return self.registry.get_sample_value(name, labels or {}) or 0.0


STORE_FAILURE_FRESH_S = 30.0  # a store failure this recent still counts as degraded


class Health:
    """Facts readiness is judged on: when the Bot API last answered, how the store does."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.last_api_answer: float | None = None
        self._store_failed_at: float | None = None
        self._store_probe_ok = True

    def store_failed(self) -> None:
        """Note a failed call to the state store (answers go on from memory)."""
        self._store_failed_at = self._clock()

    def store_probed(self, *, ok: bool) -> None:
        """Note a readiness probe of the store; one that answers clears an earlier failure."""
        self._store_probe_ok = ok
        if ok:
            self._store_failed_at = None

    def store_degraded(self) -> bool:
        """Tell whether the store failed its last probe, or a call in the last 30 s."""
        failed_at = self._store_failed_at
        recent = failed_at is not None and self._clock() - failed_at < STORE_FAILURE_FRESH_S
        return recent or not self._store_probe_ok

    def api_answered(self) -> None:
        """Note that the Bot API answered (any HTTP status: it is reachable)."""
        self.last_api_answer = self._clock()

    def api_answer_age_s(self) -> float | None:
        """Seconds since the Bot API last answered; ``None`` if it never did."""
        if self.last_api_answer is None:
            return None
        return self._clock() - self.last_api_answer


HEALTH = Health()
METRICS = Metrics()
ANALYTICS = Analytics(METRICS.registry)
_received: OrderedDict[int, float] = OrderedDict()
_queue_source: list[Callable[[], int]] = []


class MetricsHooks:
    """``bot.telegram.retries.DeliveryHooks`` that count into ``METRICS``."""

    def api_error(self, method: str, reason: str) -> None:
        """Count a failed Bot API call (``reason``: an HTTP status, ``timeout``, ``network``)."""
        METRICS.bot_api_errors.labels(method=method, code=reason).inc()

    def waited(self, method: str, seconds: float, reason: str) -> None:  # noqa: ARG002 - the hook's signature
        """Count a wait before a call (``reason``: ``429``, ``backoff`` or ``pacing``)."""
        seconds = max(0.0, seconds)
        METRICS.send_waits.labels(reason=reason).inc(seconds)
        if reason == "429":
            METRICS.retry_after_waits.inc()
            METRICS.retry_after_seconds.inc(seconds)

    def store_error(self, operation: str) -> None:
        """Count a failed call to the state store (``operation``: "intake write"...)."""
        METRICS.store_errors.labels(operation=operation).inc()
        HEALTH.store_failed()


def set_queue_source(source: Callable[[], int]) -> None:
    """Read the queue depth gauge from ``source`` (the dispatcher's backlog)."""
    _queue_source[:] = [source]


def queue_depth() -> int:
    """Count updates waiting or in hand, as far as this process knows."""
    return sum(source() for source in _queue_source)


def note_received(update_id: int) -> None:
    """Remember when an update arrived, so its latency includes its wait in the queue."""
    _received[update_id] = time.monotonic()
    while len(_received) > RECEIVED_REMEMBERED:
        _received.popitem(last=False)


def mark_update_failed() -> None:
    """Mark the update of this task as failed (its error handler runs in the same task)."""
    scope = CURRENT_UPDATE.get()
    if scope is not None:
        scope.failed = True


def claim_apology() -> bool:
    """Tell whether to apologise: yes once per update, however many of its handlers fail."""
    scope = CURRENT_UPDATE.get()
    if scope is None:
        return True
    first = not scope.apologized
    scope.apologized = True
    return first


def update_kind(update: Update) -> str:
    """Name the kind of an update for metrics: command, message, callback, inline, other."""
    if update.message is not None:
        text = update.message.text or ""
        return "command" if text.startswith("/") else "message"
    if update.callback_query is not None:
        return "callback"
    if update.inline_query is not None:
        return "inline"
    return "other"


def scope_of(update: Update) -> UpdateScope:
    """Open the scope of an update: its ids and kind."""
    chat = update.effective_chat
    user = update.effective_user
    # Inline queries have no chat: the user's id is the conversation's.
    chat_id = chat.id if chat is not None else (user.id if user is not None else None)
    return UpdateScope(update.update_id, chat_id=chat_id, kind=update_kind(update))


def _outcome_label(scope: UpdateScope) -> str:
    if scope.failed:
        return "failed"
    return "ok" if scope.outcome is Outcome.DONE else scope.outcome.value


def update_scope(update: Update) -> AbstractContextManager[UpdateScope]:
    """Handle one update inside: ids on every log line, latency and outcome recorded after."""
    return opened_scope(scope_of(update))


class opened_scope:  # noqa: N801 - a context manager named as the function it was
    """``update_scope`` for an update read without python-telegram-bot (``telegram.incoming``).

    A class rather than a generator: entered and left once per update, on the event loop.
    """

    __slots__ = ("_scope", "_started", "_token")

    def __init__(self, scope: UpdateScope) -> None:
        self._scope = scope

    def __enter__(self) -> UpdateScope:
        """Note when the update arrived and make it the current one."""
        scope = self._scope
        self._started = _received.pop(scope.update_id, time.monotonic())
        self._token = CURRENT_UPDATE.set(scope)
        return scope

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Count the update, observe its latency, write its line (a failure marks it failed)."""
        scope = self._scope
        if kind is not None:
            scope.failed = True
        elapsed_s = time.monotonic() - self._started
        outcome = _outcome_label(scope)
        METRICS.update_handled(scope.kind, outcome, elapsed_s)
        log.info(
            "update handled",
            extra={
                "event": "update",
                "kind": scope.kind,
                "outcome": outcome,
                "ms": round(elapsed_s * 1000, 1),
            },
        )
        CURRENT_UPDATE.reset(self._token)


def current_ids() -> tuple[int | None, int | None]:
    """Return the update and chat ids of this task, as log fields (None outside an update)."""
    scope = CURRENT_UPDATE.get()
    if scope is None:
        return None, None
    return scope.update_id, scope.chat_id
