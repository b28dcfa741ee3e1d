"""The offer wing's data: use cases and their picks, GPUs we do not rent, exchange rates.

Facts only, validated when loaded (``use_cases.json``, ``other_gpus.json``,
``exchange_rates.json``): a pick names a catalog model, a GPU its memory and bandwidth with a
source, a rate its date and publisher.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sizing.errors import CatalogError
from sizing.model import is_catalog_model

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
USE_CASES_FILE = DATA_DIR / "use_cases.json"
OTHER_GPUS_FILE = DATA_DIR / "other_gpus.json"
RATES_FILE = DATA_DIR / "exchange_rates.json"


class UseCase(StrEnum):
    """What a deployment is for, when the customer names the use and not a model."""

    CHAT = "chat"
    CODING = "coding"
    RAG = "rag"
    AGENT = "agent"
    SUPPORT = "support"
    TRANSLATION = "translation"
    SUMMARIZATION = "summarization"
    BATCH = "batch"
    KV_CAPACITY = "kv_capacity"  # a KV-cache capacity asked, no model


class PickReason(StrEnum):
    """Why a model is proposed for a use (the front end words each)."""

    GENERAL_ASSISTANT = "general_assistant"
    LIGHT_MOE = "light_moe"
    AGENTIC_CODING = "agentic_coding"
    CODING_LIGHT = "coding_light"
    TOOL_USE = "tool_use"
    REASONING_TOOLS = "reasoning_tools"
    GROUNDED_LONG_CONTEXT = "grounded_long_context"
    MULTILINGUAL_SUPPORT = "multilingual_support"
    MANY_LANGUAGES = "many_languages"
    MANY_LANGUAGES_LARGE = "many_languages_large"
    BATCH_THROUGHPUT = "batch_throughput"
    KV_REFERENCE = "kv_reference"


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Pick(_Frozen):
    """One model proposed for a use, why, and where the fact it rests on is published."""

    model: str = Field(min_length=3)
    reason: PickReason
    source: str = Field(min_length=8)


class UseCaseEntry(_Frozen):
    """A use case: its typical context, users when none are given, and its picks in order."""

    id: UseCase
    context_tokens: int = Field(gt=0, le=10_000_000)
    default_users: int = Field(ge=1, le=100_000)
    picks: tuple[Pick, ...] = Field(min_length=1, max_length=3)


class ModelKind(StrEnum):
    """A kind of model the engine does not size."""

    EMBEDDING = "embedding"
    RERANKER = "reranker"
    SPEECH = "speech"
    IMAGE = "image"
    VIDEO = "video"


class KindExample(_Frozen):
    """One open model of a kind the engine does not size: its size, to compare with memory."""

    kind: ModelKind
    example: str = Field(min_length=3)
    params_b: float = Field(gt=0, le=10_000)
    source: str = Field(min_length=8)


class UseCaseTable(_Frozen):
    """Every use case, and the share of the people who may use a deployment on it at peak."""

    source: str = Field(alias="_source")
    peak_share_low: Decimal = Field(gt=0, le=1)
    peak_share_high: Decimal = Field(gt=0, le=1)
    use_cases: tuple[UseCaseEntry, ...]
    model_kinds: tuple[KindExample, ...] = ()

    def kind_example(self, kind: ModelKind) -> KindExample | None:
        """Return the example of a kind of model the engine does not size."""
        return next((example for example in self.model_kinds if example.kind is kind), None)

    @model_validator(mode="after")
    def _consistent(self) -> UseCaseTable:
        if self.peak_share_low > self.peak_share_high:
            raise ValueError("peak_share_low is above peak_share_high")
        ids = [entry.id for entry in self.use_cases]
        if len(ids) != len(set(ids)):
            raise ValueError("a use case is listed twice")
        return self

    def entry(self, use: UseCase) -> UseCaseEntry | None:
        """Return the entry of one use case."""
        return next((entry for entry in self.use_cases if entry.id is use), None)


class OtherSoftware(StrEnum):
    """The software stack of a GPU we do not rent."""

    CUDA = "cuda"
    ROCM = "rocm"
    OTHER = "other"


class OtherGpu(_Frozen):
    """A GPU FullGPU does not rent: its memory, bandwidth and generation, with a source."""

    id: str = Field(pattern=r"^[a-z0-9]+$")
    name: str = Field(min_length=2)
    vendor: str = Field(pattern=r"^[a-z]+$")
    architecture: str = Field(min_length=2)
    software: OtherSoftware
    memory_gb: int = Field(gt=0, le=10_000)
    memory_type: str = Field(min_length=2)
    bandwidth_tb_s: float = Field(gt=0, le=100)
    source: str = Field(min_length=8)


class _OtherGpuFile(_Frozen):
    source: str = Field(alias="_source")
    gpus: tuple[OtherGpu, ...] = Field(min_length=1)


class ExchangeRates(_Frozen):
    """Reference rates of one day: units of each currency per unit of ``base``."""

    source: str = Field(alias="_source")
    as_of: date
    source_name: str = Field(min_length=2)
    base: str = Field(pattern=r"^[A-Z]{3}$")
    per_base: dict[str, Decimal]

    @model_validator(mode="after")
    def _has_usd(self) -> ExchangeRates:
        if "USD" not in self.per_base or self.per_base.get(self.base) != 1:
            raise ValueError("per_base needs USD and the base currency at 1")
        if any(rate <= 0 for rate in self.per_base.values()):
            raise ValueError("a rate is not positive")
        return self


def _read(path: Path) -> Any:  # noqa: ANN401 - raw JSON before validation
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CatalogError(path.name, "-", "-", str(exc)) from exc


def _refused(path: Path, exc: ValidationError) -> CatalogError:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "-"
    return CatalogError(path.name, where.split(".")[0], where, first["msg"])


def parse_use_cases(path: Path) -> UseCaseTable:
    """Read and validate a use-case table; every pick must be a catalog model."""
    try:
        table = UseCaseTable.model_validate(_read(path))
    except ValidationError as exc:
        raise _refused(path, exc) from exc
    for entry in table.use_cases:
        for pick in entry.picks:
            if not is_catalog_model(pick.model):
                raise CatalogError(
                    path.name, entry.id.value, "model", f"{pick.model} is not in the catalog"
                )
    return table


def parse_other_gpus(path: Path) -> tuple[OtherGpu, ...]:
    """Read and validate the GPUs we do not rent."""
    try:
        gpus = _OtherGpuFile.model_validate(_read(path)).gpus
    except ValidationError as exc:
        raise _refused(path, exc) from exc
    ids = [gpu.id for gpu in gpus]
    if len(ids) != len(set(ids)):
        raise CatalogError(path.name, "gpus", "id", "a GPU is listed twice")
    return gpus


def parse_rates(path: Path) -> ExchangeRates:
    """Read and validate a day's exchange rates."""
    try:
        return ExchangeRates.model_validate(_read(path))
    except ValidationError as exc:
        raise _refused(path, exc) from exc


@cache
def use_cases() -> UseCaseTable:
    """Return the packaged use-case table."""
    return parse_use_cases(USE_CASES_FILE)


@cache
def other_gpus() -> tuple[OtherGpu, ...]:
    """Return the packaged table of GPUs we do not rent."""
    return parse_other_gpus(OTHER_GPUS_FILE)


@cache
def exchange_rates() -> ExchangeRates:
    """Return the packaged exchange rates."""
    return parse_rates(RATES_FILE)
