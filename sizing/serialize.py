"""Answers as JSON-ready dicts.

Field names as in the types (DESIGN.md's), enums as values, money (every ``Decimal`` of the
answers) as a string with two decimals, tuples as lists. Fields marked ``NOT_IN_JSON`` (facts
carried for the renderer) are left out. A class with ``JSON_FIELDS`` (an option, whose figures
come in parts) is written as one flat object: each key read along its dotted path, in that
order, a key without a path (one the front end fills) as null.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any

from sizing.units import to_cents

# Field metadata: facts an answer carries for its renderer, left out of the JSON form (the
# plan and GPU tables have their own commands: ``sizing price``, ``sizing compare``).
NOT_IN_JSON: dict[str, bool] = {"json": False}


def to_json(obj: object) -> dict[str, Any]:
    """Convert an answer (Sizing, Price, Compare, or a part of one) to a JSON-ready dict."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        raise TypeError(f"not an answer: {type(obj).__name__}")
    return _dataclass_json(obj)


@cache
def _json_fields(cls: type) -> tuple[str, ...]:
    """Return the names of a dataclass's fields that go into JSON, in order."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("json", True))


# Leaves that are already JSON values (exact types: an Enum subclass of str is converted).
_AS_IS = frozenset({str, int, float, bool, type(None)})


def _scalar(obj: object) -> Any:  # noqa: ANN401 - JSON values are of any type
    """Convert a value that is not a container to its JSON-ready form."""
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, Decimal):
        return str(to_cents(obj))
    if isinstance(obj, date):  # e.g. the date prices are quoted as of
        return obj.isoformat()
    return obj


def _sequence_json(obj: tuple[object, ...] | list[object]) -> list[Any]:
    if all(type(item) is str for item in obj):  # e.g. one launch command per server
        return list(obj)
    return [json_value(item) for item in obj]


def _mapping_json(obj: dict[object, object]) -> dict[str, Any]:
    return {str(key): json_value(value) for key, value in obj.items()}


@cache
def _flat_fields(cls: type) -> tuple[tuple[str, Callable[[object], Any] | None], ...] | None:
    """Return a flat class's keys and how each is read, or None for a plain dataclass."""
    layout: tuple[tuple[str, str | None], ...] | None = getattr(cls, "JSON_FIELDS", None)
    if layout is None:
        return None
    return tuple((key, attrgetter(path) if path else None) for key, path in layout)


def _dataclass_json(obj: object) -> dict[str, Any]:
    cls: type = type(obj)
    flat = _flat_fields(cls)
    if flat is not None:
        omit: frozenset[str] = getattr(cls, "JSON_OMIT_NULL", frozenset())
        written = {key: None if read is None else json_value(read(obj)) for key, read in flat}
        if omit:
            return {k: v for k, v in written.items() if v is not None or k not in omit}
        return written
    return {name: json_value(getattr(obj, name)) for name in _json_fields(cls)}


def _converter(kind: type) -> Callable[[Any], Any]:
    """Choose how values of one type are converted (sequences, mappings, answers, scalars)."""
    if issubclass(kind, tuple | list):
        return _sequence_json
    if issubclass(kind, dict):
        return _mapping_json
    if hasattr(kind, "__dataclass_fields__"):  # an instance (a class is of type ``type``)
        return _dataclass_json
    return _scalar


# The converter of each type met so far: an answer holds a few hundred values of a dozen types.
_converters: dict[type, Callable[[Any], Any]] = {}


def json_value(obj: object) -> Any:  # noqa: ANN401 - JSON values are of any type
    """One value in JSON-ready form."""
    kind = type(obj)
    if kind in _AS_IS:  # the common leaves, with no conversion to look for
        return obj
    convert = _converters.get(kind)
    if convert is None:
        convert = _converters[kind] = _converter(kind)
    return convert(obj)
