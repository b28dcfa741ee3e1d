"""Nothing lost, nothing twice: the update queue, the journal of answers sent, leases and fences."""

from bot.delivery.dispatch import Dispatcher
from bot.delivery.fence import CURRENT_FENCE, LeaseLostError, hold_lease
from bot.delivery.intake import Intake, Job, MemoryIntake
from bot.delivery.intake_redis import RedisIntake
from bot.delivery.intake_sqlite import SqliteIntake
from bot.delivery.journal import (
    CURRENT_DELIVERY,
    DeliveryJournal,
    FallbackJournal,
    MemoryJournal,
    RedisJournal,
    SqliteJournal,
    journal_path,
)

__all__ = [
    "CURRENT_DELIVERY",
    "CURRENT_FENCE",
    "DeliveryJournal",
    "Dispatcher",
    "FallbackJournal",
    "Intake",
    "Job",
    "LeaseLostError",
    "MemoryIntake",
    "MemoryJournal",
    "RedisIntake",
    "RedisJournal",
    "SqliteIntake",
    "SqliteJournal",
    "hold_lease",
    "journal_path",
]
