"""Scoring the training fields the parser reads against a labelled set of messages.

Each line of a set names the fields its text states (``expect``): a value the parser must read
(numbers within 2%), or null for a field the text must not be read as. ``intent`` is ``train``
or ``size``; ``gpu`` is the first GPU named. A line is right when every field it names is.
"""

from __future__ import annotations

from typing import Any

from bot.understand import parse_message
from tests.helpers import target_fields
from tests.helpers.target_fields import Score, read_set

__all__ = ["FIELDS", "Score", "read_set", "score"]

FIELDS = (
    "intent",
    "method",
    "model",
    "params_b",
    "tokens",
    "epochs",
    "seq_len",
    "gpu",
    "gpu_count",
    "deadline_hours",
    "budget_usd_month",
)


def _got(parsed: Any, name: str) -> Any:
    facts = parsed.facts
    if name == "intent":
        return parsed.intent.value
    if name == "model":
        return facts.model_id
    if name == "gpu":
        return facts.gpus[0].value if facts.gpus else None
    if name == "method":
        return facts.method.value if facts.method is not None else None
    return getattr(facts, name)


def score(lines: list[dict[str, Any]]) -> Score:
    """Parse every line and count what it reads right, intent and training fields."""
    found = target_fields.score(lines, names=FIELDS, read=_got)
    found.intent_right = sum(
        1
        for line in lines
        if "intent" in line["expect"]
        and parse_message(line["text"]).intent.value == line["expect"]["intent"]
    )
    return found
