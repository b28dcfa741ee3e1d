"""Answers as JSON-ready dicts.

Field names as in the types (DESIGN.md's), enums as values, money (every ``Decimal`` of the
answers) as a string with two decimals, tuples as lists. Fields marked ``NOT_IN_JSON`` (facts
carried for the renderer) are left out.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from sizing.units import to_cents


def to_json(obj: object) -> dict[str, Any]:
    """Convert an answer (Sizing, Price, Compare, or a part of one) to a JSON-ready dict."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        raise TypeError(f"not an answer: {type(obj).__name__}")
    return {
        f.name: json_value(getattr(obj, f.name))
        for f in dataclasses.fields(obj)
        if f.metadata.get("json", True)
    }


def _scalar(obj: object) -> Any:  # noqa: ANN401 - JSON values are of any type
    """Convert a value that is not a container to its JSON-ready form."""
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, Decimal):
        return str(to_cents(obj))
    if isinstance(obj, date):  # e.g. the date prices are quoted as of
        return obj.isoformat()
    return obj


def json_value(obj: object) -> Any:  # noqa: ANN401 - JSON values are of any type
    """One value in JSON-ready form."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return to_json(obj)
    if isinstance(obj, tuple | list):
        return [json_value(item) for item in obj]
    if isinstance(obj, dict):
        return {str(key): json_value(value) for key, value in obj.items()}
    return _scalar(obj)
