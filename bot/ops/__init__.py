"""What operators see and the process's own tuning: metrics, logs, outages, the worker, the GC."""

from bot.ops.analytics import COUNTERS, Analytics, TurnFacts, note_turn, noting_turn
from bot.ops.cooldown import RETRY_AFTER_S, Cooldown, store_errors
from bot.ops.gc_policy import (
    apply_collector_policy,
    collect_and_freeze,
    collect_when_quiet,
    stream_collection,
)
from bot.ops.logs import configure_logging
from bot.ops.observability import (
    ANALYTICS,
    HEALTH,
    METRICS,
    METRICS_CONTENT_TYPE,
    MetricsHooks,
    claim_apology,
    mark_update_failed,
    note_received,
    opened_scope,
    set_queue_source,
    update_scope,
)
from bot.ops.outage import QUIET_S, SETTLE_S, OutageMonitor
from bot.ops.scope import CURRENT_UPDATE, Outcome, UpdateScope
from bot.ops.worker import off_loop, off_loop_first, prefer_the_event_loop

__all__ = [
    "ANALYTICS",
    "COUNTERS",
    "CURRENT_UPDATE",
    "HEALTH",
    "METRICS",
    "METRICS_CONTENT_TYPE",
    "QUIET_S",
    "RETRY_AFTER_S",
    "SETTLE_S",
    "Analytics",
    "Cooldown",
    "MetricsHooks",
    "OutageMonitor",
    "Outcome",
    "TurnFacts",
    "UpdateScope",
    "apply_collector_policy",
    "claim_apology",
    "collect_and_freeze",
    "collect_when_quiet",
    "configure_logging",
    "mark_update_failed",
    "note_received",
    "note_turn",
    "noting_turn",
    "off_loop",
    "off_loop_first",
    "opened_scope",
    "prefer_the_event_loop",
    "set_queue_source",
    "store_errors",
    "stream_collection",
    "update_scope",
]
