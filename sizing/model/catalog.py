"""The model catalog file (``data/models.json``): validated when loaded, cached.

Each entry holds an architecture (numbers from the model's ``config.json``), its release
format, maximum context and aliases. Parameter totals are computed by ``architecture``.
A bad file raises ``CatalogError`` naming the file, the entry and the field.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt, ValidationError

from sizing.errors import CatalogError, UnknownModelError
from sizing.model.architecture import Architecture, LinearGroup, Release
from sizing.model.recipes import ReleaseRecipe
from sizing.model.specs import to_model_spec
from sizing.model.types import ModelSpec
from sizing.request import Precision

MODELS_FILE = Path(__file__).resolve().parents[1] / "data" / "models.json"
_FILE_LEVEL = "(file)"


class RopeScalingOption(BaseModel):
    """A longer context the model's maker documents through RoPE scaling, off by default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(pattern="^(yarn|dynamic)$")
    factor: PositiveFloat
    original_context_tokens: PositiveInt
    context_tokens: PositiveInt
    source: str = Field(min_length=1)  # where the maker says so


class CatalogEntry(BaseModel):
    """One published model as the catalog file stores it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[\w.-]+/[\w.-]+$")
    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    notes: str = ""  # why a casual name was given to this entry, and similar facts
    release_precision: Precision
    quantized_groups: tuple[LinearGroup, ...] = ()
    # The published storage part by part (which modules stay in 16 bits); absent: whole
    # ``quantized_groups`` in the release format.
    release: ReleaseRecipe | None = None
    # An official quantized checkpoint names the model it is a release of.
    base_model: str | None = Field(default=None, pattern=r"^[\w.-]+/[\w.-]+$")
    max_context_tokens: PositiveInt | None
    architecture: Architecture
    # A longer context the makers document through RoPE scaling (off in config.json).
    rope_scaling_option: RopeScalingOption | None = None
    # Whether "a 70B model" may take this entry's shape: earlier generations kept for the
    # runs published on them (Llama 2's full multi-head cache) do not.
    shapes_generic: bool = True


class _CatalogFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: int = Field(ge=1, le=1)
    about: str = ""
    models: tuple[dict[str, Any], ...] = Field(min_length=1)


def normalize_alias(alias: str) -> str:
    """Case- and spacing-insensitive form used to keep aliases unambiguous."""
    return re.sub(r"\s+", " ", alias.strip().casefold())


def compact_alias(alias: str) -> str:
    """Letters and digits only (any script), case-folded: "Qwen3.5-27B" is "qwen3527b".

    Names are matched in free text without their separators, so two names that differ only
    in spaces, dots or hyphens would be one name to a reader.
    """
    folded = unicodedata.normalize("NFKC", alias).casefold()
    return "".join(char for char in folded if char.isalnum())


def _entry_name(raw: dict[str, Any], index: int) -> str:
    model_id = raw.get("id")
    return model_id if isinstance(model_id, str) and model_id else f"#{index}"


def _validation_failure(path: Path, entry: str, error: ValidationError) -> CatalogError:
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or _FILE_LEVEL
    return CatalogError(str(path), entry, field, first["msg"])


def parse_catalog(path: Path) -> tuple[CatalogEntry, ...]:
    """Validate a catalog file; any fault names the file, the entry and the field."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CatalogError(str(path), _FILE_LEVEL, _FILE_LEVEL, str(error)) from error
    try:
        catalog = _CatalogFile.model_validate(document)
    except ValidationError as error:
        raise _validation_failure(path, _FILE_LEVEL, error) from error
    entries: list[CatalogEntry] = []
    for index, raw in enumerate(catalog.models):
        try:
            entries.append(CatalogEntry.model_validate(raw))
        except ValidationError as error:
            raise _validation_failure(path, _entry_name(raw, index), error) from error
    _check_unique(path, entries)
    _check_bases(path, entries)
    return tuple(entries)


def _check_bases(path: Path, entries: list[CatalogEntry]) -> None:
    """Check that a checkpoint's base model is a catalog entry that is not itself a checkpoint."""
    bases = {entry.id: entry.base_model for entry in entries}
    for entry in entries:
        base = entry.base_model
        if base is not None and (base not in bases or bases[base] is not None):
            raise CatalogError(str(path), entry.id, "base_model", f"{base!r} is not a base model")


def _check_unique(path: Path, entries: list[CatalogEntry]) -> None:
    """Ids and aliases must each name one entry, so that matching is deterministic."""
    owners: dict[str, str] = {}
    for entry in entries:
        for field, name in [("id", entry.id), *(("aliases", alias) for alias in entry.aliases)]:
            key = compact_alias(name)
            if not key:
                raise CatalogError(str(path), entry.id, field, "empty name")
            owner = owners.setdefault(key, entry.id)
            if owner != entry.id:
                raise CatalogError(str(path), entry.id, field, f"{name!r} also names {owner}")


def entry_to_spec(entry: CatalogEntry) -> ModelSpec:
    """Build the engine's view of a catalog entry."""
    release = Release(
        model_id=entry.id,
        name=entry.name,
        aliases=entry.aliases,
        precision=entry.release_precision,
        quantized_groups=entry.quantized_groups,
        max_context_tokens=entry.max_context_tokens,
    )
    return to_model_spec(entry.architecture, release, entry.release)


def load_catalog(path: Path) -> tuple[ModelSpec, ...]:
    """Every model of a catalog file, in file order."""
    return tuple(entry_to_spec(entry) for entry in parse_catalog(path))


@cache
def catalog_entries() -> tuple[CatalogEntry, ...]:
    """Return the shipped catalog's entries (architecture included), validated once."""
    return parse_catalog(MODELS_FILE)


@cache
def generic_shapes() -> frozenset[str]:
    """Return the ids of the catalog models a generic size may be shaped like."""
    return frozenset(entry.id for entry in catalog_entries() if entry.shapes_generic)


@cache
def load_models() -> tuple[ModelSpec, ...]:
    """Return the shipped catalog, validated and derived once."""
    return tuple(entry_to_spec(entry) for entry in catalog_entries())


# How an instruct release's id names its base (pre-trained) checkpoint: the same architecture.
_BASE_SPELLINGS = (
    (re.compile(r"-Instruct(-v0\.\d)$"), r"\1"),  # Mixtral-8x7B-Instruct-v0.1 -> Mixtral-8x7B-v0.1
    (re.compile(r"-Instruct$"), ""),  # Llama-3.1-8B-Instruct -> Llama-3.1-8B
    (re.compile(r"-chat-hf$"), "-hf"),  # Llama-2-70b-chat-hf -> Llama-2-70b-hf
    (re.compile(r"-it$"), "-pt"),  # gemma-3-27b-it -> gemma-3-27b-pt
)


# Base checkpoints of an earlier release of a catalog architecture: Meta Llama 3 (April 2024) is
# Llama 3.1's shape with an 8K window (its config.json: the same widths, depth and vocabulary).
EARLIER_BASES = {
    "meta-llama/Meta-Llama-3-8B": ("meta-llama/Llama-3.1-8B-Instruct", 8192),
    "meta-llama/Meta-Llama-3-8B-Instruct": ("meta-llama/Llama-3.1-8B-Instruct", 8192),
    "meta-llama/Meta-Llama-3-70B": ("meta-llama/Llama-3.1-70B-Instruct", 8192),
    "meta-llama/Meta-Llama-3-70B-Instruct": ("meta-llama/Llama-3.1-70B-Instruct", 8192),
}


@cache
def base_models() -> dict[str, str]:
    """Return the base checkpoint ids of the catalog's instruct releases, each to its release."""
    catalog = {model.id.casefold() for model in load_models()}
    found: dict[str, str] = {base: release for base, (release, _) in EARLIER_BASES.items()}
    for model in load_models():
        for pattern, replacement in _BASE_SPELLINGS:
            base = pattern.sub(replacement, model.id)
            if base != model.id:
                # Some makers name the base "-Base" (Kimi-K2-Base, Qwen3-30B-A3B-Base).
                for spelling in (base, f"{base}-Base") if replacement == "" else (base,):
                    if spelling.casefold() not in catalog:
                        found.setdefault(spelling, model.id)
                break
    return found


def _as_base(model: ModelSpec, base_id: str) -> ModelSpec:
    """Return the instruct release's spec under its base checkpoint's id and name."""
    name = (
        re.sub(r"\s*(?:Instruct|IT|Chat)\b", "", model.name).strip()
        or base_id.rsplit("/", maxsplit=1)[-1]
    )
    return dataclasses.replace(model, id=base_id, name=name, aliases=())


@cache
def _by_id() -> dict[str, ModelSpec]:
    models = {model.id.casefold(): model for model in load_models()}
    for base, release in base_models().items():
        spec = _as_base(models[release.casefold()], base)
        if base in EARLIER_BASES:
            name = base.rsplit("/", maxsplit=1)[-1].replace("-", " ")
            spec = dataclasses.replace(spec, name=name, max_context_tokens=EARLIER_BASES[base][1])
        models.setdefault(base.casefold(), spec)
    return models


def get_model(hf_id: str) -> ModelSpec:
    """Return a catalog model by its Hugging Face id (case-insensitive)."""
    model = _by_id().get(hf_id.strip().casefold())
    if model is None:
        raise UnknownModelError(hf_id)

    return model


def is_catalog_model(hf_id: str) -> bool:
    """Whether the catalog holds a model of this Hugging Face id (case-insensitive)."""
    return hf_id.strip().casefold() in _by_id()


def _entry(hf_id: str) -> CatalogEntry | None:
    key = hf_id.strip().casefold()
    return next((e for e in catalog_entries() if e.id.casefold() == key), None)


def rope_scaling_option(hf_id: str) -> RopeScalingOption | None:
    """Return the documented RoPE-scaling extension of a catalog model's context, if any.

    An official quantized checkpoint reads what its base model reads.
    """
    entry = _entry(hf_id)
    if entry is None:
        return None
    if entry.rope_scaling_option is None and entry.base_model is not None:
        return rope_scaling_option(entry.base_model)
    return entry.rope_scaling_option


def get_architecture(hf_id: str) -> Architecture:
    """Return the architecture numbers behind a catalog model."""
    key = hf_id.strip().casefold()
    for entry in catalog_entries():
        if entry.id.casefold() == key:
            return entry.architecture
    raise UnknownModelError(hf_id)


@cache
def _checkpoints() -> dict[str, tuple[tuple[Precision, str], ...]]:
    found: dict[str, list[tuple[Precision, str]]] = {}
    for entry in catalog_entries():
        if entry.base_model is not None:
            found.setdefault(entry.base_model.casefold(), []).append(
                (entry.release_precision, entry.id)
            )
    return {base: tuple(items) for base, items in found.items()}


def official_checkpoints(model_id: str) -> tuple[tuple[Precision, str], ...]:
    """(weight format, checkpoint id) of each official quantized release of a catalog model.

    The base model's own release is not listed; a checkpoint id has none of its own.
    """
    model = get_model(model_id)
    return _checkpoints().get(model.id.casefold(), ())


def base_model(model_id: str) -> str | None:
    """Return the model an official quantized checkpoint is a release of (None for a base model)."""
    key = get_model(model_id).id.casefold()
    for entry in catalog_entries():
        if entry.id.casefold() == key:
            return entry.base_model
    return None
