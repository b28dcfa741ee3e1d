"""Log lines: text or JSON, with ids, secrets redacted, repeated warnings rate-limited.

``LOG_FORMAT`` picks text (the default) or one JSON object per line.

Every line carries ``update_id`` and ``chat_id`` of the update being handled (``-`` in text,
``null`` in JSON outside one, see ``bot.ops.observability.update_scope``). A JSON line holds the
keys of ``BASE_FIELDS`` and, where the line says more than its message, keys of ``LOG_FIELDS``
passed as ``extra`` (``event`` names the kind of line): the schema README.md documents, which a
test holds every line of a conversation to. Other extras are left out, never invented.

A flood of one warning (a wrong webhook secret on
every request, a socket error per dropped client) is cut to a few lines per minute plus a count
of what was left out, so no client can fill the disk through the log.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import TextIO

import orjson

from bot.ops.observability import current_ids

REDACTED = "[redacted]"
TEXT_FORMAT = (
    "%(asctime)s %(levelname)s %(name)s [update %(update_ref)s chat %(chat_ref)s] %(message)s"
)
NO_ID = "-"
# Keys every JSON line may have (``exception`` only with a traceback).
BASE_FIELDS = ("time", "level", "logger", "message", "update_id", "chat_id", "exception")
# Keys a line may add through ``extra``, and what they hold (README.md, "Operating it").
LOG_FIELDS = {
    "event": "what kind of line: update, listening, readiness, start, outage, retry...",
    "kind": "the update's kind (command, message, callback, inline, other) or an outage's",
    "outcome": "how an update ended (ok, failed, retry_later, stopped)",
    "ms": "milliseconds from the update's receipt to the end of its answer",
    "method": "the Bot API method",
    "reason": "why a call failed or waits (an HTTP status, timeout, network, 429, backoff)",
    "wait_s": "seconds waited before trying again",
    "operation": "the state store call that failed",
    "error": "the type of an error, or its short description (never a secret)",
    "check": "the readiness check (store, bot_api)",
    "listener": "which HTTP listener (public, metrics)",
    "host": "an address listened on",
    "port": "a port listened on",
    "connections": "open connections, or the most allowed",
    "seconds": "a duration in seconds",
    "updates": "a count of updates",
    "remote": "the address a refused request came from",
    "path": "the webhook's path",
    "version": "the running version",
    "mode": "polling or webhook",
    "state": "the state store's scheme (sqlite, redis, memory)",
    "count": "a count of failures or of items",
    "retention_s": "how long chat state is kept, in seconds",
}
_LOG_FIELD_NAMES = frozenset(LOG_FIELDS)
LOG_FORMATS = ("text", "json")
REPEAT_WINDOW_S = 60.0
REPEAT_BURST = 5  # identical warnings written per window before the rest are counted instead
REPEAT_KEYS_MAX = 1000  # distinct warnings tracked at once; the oldest window is dropped first


class RedactSecrets(logging.Filter):
    """Replace every secret in a record's message and traceback before any handler writes it."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self._secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def _redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drop it."""
        record.msg = self._redact(record.getMessage())
        record.args = None
        fields = record.__dict__
        for key in _LOG_FIELD_NAMES.intersection(fields):  # the extras a line has, of the schema's
            value = fields[key]
            if isinstance(value, str):
                fields[key] = self._redact(value)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self._redact(record.stack_info)
        return True


class UpdateIds(logging.Filter):
    """Put the current update and chat ids on the record (``None`` outside an update)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add ``update_id`` and ``chat_id`` (and ``-`` forms for text); never drop it."""
        update_id, chat_id = current_ids()
        record.update_id, record.chat_id = update_id, chat_id
        record.update_ref = NO_ID if update_id is None else update_id
        record.chat_ref = NO_ID if chat_id is None else chat_id
        return True


class RepeatLimiter(logging.Filter):
    """Let through ``burst`` copies of one warning per window; count the rest, say so later.

    Records are the same warning when logger, level and message template match: a flood whose
    arguments differ (another client address each time) is still one flood.
    """

    def __init__(
        self,
        *,
        window_s: float = REPEAT_WINDOW_S,
        burst: int = REPEAT_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self._window_s, self._burst, self._clock = window_s, burst, clock
        # key -> [window start, written in window, suppressed in window]
        self._seen: dict[tuple[str, int, str], list[float]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Drop the record when its warning already filled this window's burst."""
        if not logging.WARNING <= record.levelno <= logging.ERROR:
            return True
        key = (record.name, record.levelno, str(record.msg))
        now = self._clock()
        entry = self._seen.get(key)
        if entry is None or now - entry[0] >= self._window_s:
            suppressed = int(entry[2]) if entry else 0
            self._remember(key, [now, 1, 0])
            if suppressed:
                record.msg = f"{record.msg} ({suppressed} more like this in the last window)"
            return True
        if entry[1] < self._burst:
            entry[1] += 1
            return True
        entry[2] += 1
        return False

    def _remember(self, key: tuple[str, int, str], entry: list[float]) -> None:
        self._seen.pop(key, None)
        if len(self._seen) >= REPEAT_KEYS_MAX:
            del self._seen[next(iter(self._seen))]
        self._seen[key] = entry


class TextFormatter(logging.Formatter):
    """``logging.Formatter`` whose time of day is written once per second, not once per line."""

    _second: tuple[int, str] = (-1, "")  # the second last written, and its text

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802 - logging's name
        """Return the standard time (``2026-11-30 12:00:00,123``), its seconds' part kept."""
        if datefmt is not None:
            return super().formatTime(record, datefmt)
        second = int(record.created)
        kept = self._second  # one read: another thread may write it meanwhile
        if kept[0] != second:
            kept = (second, time.strftime(self.default_time_format, self.converter(record.created)))
            self._second = kept
        msec = self.default_msec_format
        return msec % (kept[1], record.msecs) if msec else kept[1]


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, ids, message, and the traceback if any."""

    def format(self, record: logging.LogRecord) -> str:
        """Serialise the (already redacted) record."""
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "update_id": getattr(record, "update_id", None),
            "chat_id": getattr(record, "chat_id", None),
            "message": record.getMessage(),
        }
        fields = record.__dict__
        for key in LOG_FIELDS.keys() & fields.keys():
            entry[key] = fields[key]
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        try:
            return orjson.dumps(entry, default=str).decode()
        except TypeError:  # an integer past 64 bits: the standard library writes it
            return json.dumps(entry, ensure_ascii=False, default=str)


def make_handler(
    log_format: str, secrets: Iterable[str], stream: TextIO | None = None
) -> logging.Handler:
    """Build a stderr handler writing ``log_format`` lines, with the ids, limiter and redaction."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter(TEXT_FORMAT))
    handler.addFilter(RepeatLimiter())  # before redaction rewrites the template it keys on
    handler.addFilter(RedactSecrets(secrets))
    handler.addFilter(UpdateIds())
    return handler


def configure_logging(
    level: str, log_format: str, secrets: Iterable[str], stream: TextIO | None = None
) -> None:
    """Send every logger's records to one handler at ``level``."""
    root = logging.getLogger()
    root.handlers[:] = [make_handler(log_format, secrets, stream)]
    # No format here names the source file, line, function, thread or process: skip finding
    # them for every record (the settings of the logging HOWTO's "Optimization" section), a
    # third of what a line cost.
    logging._srcfile = None  # noqa: SLF001 - the documented way to skip the caller lookup
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    root.setLevel(level)
    # httpx logs every request URL at INFO, and the URL holds the token: keep it quiet.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    # aiohttp's access log would add a line per request beside the one per update.
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
