"""Scoring the training fields the parser reads against a labelled set of messages.

Each line of a set names the fields its text states (``expect``): a value the parser must read
(numbers within 2%), or null for a field the text must not be read as. ``intent`` is ``train``
or ``size``; ``gpu`` is the first GPU named. A line is right when every field it names is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.understand import parse_message
from tests.helpers.target_fields import field_right, read_set

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


@dataclass
class Score:
    """Lines and fields right, and the misses by field."""

    lines: int = 0
    lines_right: int = 0
    fields: int = 0
    fields_right: int = 0
    intent_right: int = 0
    misses: Counter[str] = field(default_factory=Counter)
    missed_lines: list[tuple[str, str, Any, Any]] = field(default_factory=list)


def score(lines: list[dict[str, Any]]) -> Score:
    """Parse every line and count what it reads right."""
    found = Score()
    for line in lines:
        parsed = parse_message(line["text"])
        right = True
        for name, expected in line["expect"].items():
            if name not in FIELDS:
                continue
            got = _got(parsed, name)
            found.fields += 1
            if field_right(expected, got):
                found.fields_right += 1
                found.intent_right += name == "intent"
            else:
                right = False
                found.misses[name] += 1
                found.missed_lines.append((line["id"], name, expected, got))
        found.lines += 1
        found.lines_right += right
    return found
