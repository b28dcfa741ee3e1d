"""Scoring the service-level fields the parser reads against a labelled set of messages.

Each line of a set names the fields its text states (``expect``): a value the parser must
read (numbers within 2%), or null for a field the text must not be read as. A line is right
when every field it names is.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.request import SERVICE_FIELDS
from bot.understand import parse_message

# The service-level facts (``bot.request.SERVICE_FIELDS``), then what they are read beside.
FIELDS = (*SERVICE_FIELDS, "concurrency", "context_tokens", "model")
TOLERANCE = 0.02


def read_set(path: Path) -> list[dict[str, Any]]:
    """Return the lines of a JSON Lines set."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _got(facts: Any, name: str) -> Any:
    return facts.model_id if name == "model" else getattr(facts, name)


def field_right(expected: Any, got: Any) -> bool:
    """Whether one field was read as labelled."""
    if expected is None or got is None:
        return expected is None and got is None
    if isinstance(expected, str):
        return expected == got
    number = float(got)
    return math.isclose(number, float(expected), rel_tol=TOLERANCE)


@dataclass
class Score:
    """Lines and fields right, and the misses by field."""

    lines: int = 0
    lines_right: int = 0
    fields: int = 0
    fields_right: int = 0
    intent_right: int = 0  # lines whose intent is labelled and read right (training sets)
    misses: Counter[str] = field(default_factory=Counter)
    missed_lines: list[tuple[str, str, Any, Any]] = field(default_factory=list)


def score(
    lines: list[dict[str, Any]],
    *,
    names: tuple[str, ...] = FIELDS,
    read: Callable[[Any, str], Any] | None = None,
) -> Score:
    """Parse every line and count what it reads right.

    ``names`` are the fields scored; ``read(parsed, name)`` reads one from the parsed
    request (by default the facts' own field, ``model`` for the catalog id).
    """
    found = Score()
    for line in lines:
        parsed = parse_message(line["text"])
        right = True
        for name, expected in line["expect"].items():
            if name not in names:
                continue
            got = read(parsed, name) if read is not None else _got(parsed.facts, name)
            found.fields += 1
            if field_right(expected, got):
                found.fields_right += 1
            else:
                right = False
                found.misses[name] += 1
                found.missed_lines.append((line["id"], name, expected, got))
        found.lines += 1
        found.lines_right += right
    return found
