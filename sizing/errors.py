"""Domain errors of the engine; each message names the offending value."""

from __future__ import annotations

from typing import Any


class SizingError(Exception):
    """Base of every error the engine raises on purpose."""


class UnknownModelError(SizingError):
    """A model id the catalog does not hold."""

    def __init__(self, model_id: str) -> None:
        super().__init__(f"unknown model: {model_id!r}")
        self.model_id = model_id


class InvalidRequestError(SizingError):
    """A request field with a value the engine cannot size."""

    def __init__(self, field: str, value: Any, why: str = "") -> None:  # noqa: ANN401 - any bad value
        detail = f": {why}" if why else ""
        super().__init__(f"invalid {field}: {value!r}{detail}")
        self.field = field
        self.value = value


class CatalogError(SizingError):
    """A catalog file that does not validate: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, message: str) -> None:
        super().__init__(f"{file}: entry {entry!r}, field {field!r}: {message}")
        self.file = file
        self.entry = entry
        self.field = field
