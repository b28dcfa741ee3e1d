"""The conversation: one message or button press in, one turn out; it knows no transport."""

from bot.conversation.catalog_source import CatalogSource
from bot.conversation.clarify import cannot_answer
from bot.conversation.handoff import HANDOFF_FAILED
from bot.conversation.lookups import Lookup, LookupProblem, ModelLookups
from bot.conversation.pipeline import Pipeline, command_menu
from bot.conversation.relay import is_done, sales_note, tagged_chat, thread_tag
from bot.conversation.uploads import MAX_CONFIG_BYTES

__all__ = [
    "HANDOFF_FAILED",
    "MAX_CONFIG_BYTES",
    "CatalogSource",
    "Lookup",
    "LookupProblem",
    "ModelLookups",
    "Pipeline",
    "cannot_answer",
    "command_menu",
    "is_done",
    "sales_note",
    "tagged_chat",
    "thread_tag",
]
