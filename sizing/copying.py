"""``changed``: a frozen dataclass with some fields changed, as ``dataclasses.replace`` makes it.

The search copies options and requests many times per answer; ``dataclasses.replace`` looks at
every field's kind on each copy, where the names of the fields are enough once per class.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

_T = TypeVar("_T")
_readers: dict[type, tuple[tuple[str, ...], attrgetter[Any]]] = {}


def changed(obj: _T, **changes: Any) -> _T:  # noqa: ANN401 - any field's value
    """Return a copy of ``obj`` (a dataclass whose fields are all set by ``__init__``) changed."""
    cls = type(obj)
    reader = _readers.get(cls)
    if reader is None:
        names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        reader = _readers[cls] = (names, attrgetter(*names))
    names, read = reader
    values = dict(zip(names, read(obj), strict=True))
    values.update(changes)
    return cls(**values)
