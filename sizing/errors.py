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


class ModelSourceError(SizingError):
    """A model the catalog does not hold could not be read from the model source (the Hub)."""

    code = "model_source"

    def __init__(self, model_id: str, why: str) -> None:
        super().__init__(f"{model_id!r}: {why}")
        self.model_id = model_id


class ModelNotFoundError(ModelSourceError):
    """No repository of that id (or no config.json in it): nothing to size."""

    code = "model_not_found"


class GatedModelError(ModelSourceError):
    """The repository is gated or private: its config needs the owner's consent or a token."""

    code = "model_gated"


class SourceUnavailableError(ModelSourceError):
    """The model source did not answer (offline, down, slow): the model is unknown for now."""

    code = "source_unavailable"


class AmbiguousModelError(ModelSourceError):
    """A loose name matched several repositories: the candidates, likeliest first."""

    code = "model_ambiguous"

    def __init__(self, model_id: str, candidates: tuple[str, ...]) -> None:
        super().__init__(model_id, "several models match: " + ", ".join(candidates))
        self.candidates = candidates
