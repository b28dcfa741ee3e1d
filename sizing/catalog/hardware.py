"""The hardware catalog: GPUs and the plans sold, validated when loaded.

Usable bytes: the H200's are measured (``h200-measured.json``); a GPU without a measurement
gets the measured GPU's ratio of usable bytes to marketed GB applied to its own marketed GB
(the same derivation for every such GPU) and is marked estimated.

The catalog in use is the packaged one unless a caller installs another (``use_hardware``):
prices change without a release when the front end loads a data directory, validates it and
installs it. The engine itself never looks for files beyond the ones it is given.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sizing.catalog.types import (
    Availability,
    FormFactor,
    GpuFacts,
    Interconnect,
    PlanFacts,
    Software,
)
from sizing.errors import CatalogError
from sizing.request import GpuId, Precision
from sizing.units import to_cents

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
GPUS_FILE = DATA_DIR / "gpus.json"
PLANS_FILE = DATA_DIR / "plans.json"


class _GpuEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: GpuId
    name: str = Field(min_length=1)
    vendor: str = Field(pattern="^(amd|nvidia)$")
    architecture: str = Field(min_length=1)
    memory_gb: int = Field(gt=0, le=10_000)
    memory_type: str
    measured_usable_bytes: int | None = Field(default=None, gt=0)
    measured_cuda_context_bytes: int | None = Field(default=None, ge=0)
    bandwidth_tb_s: float = Field(gt=0, le=100)
    tflops_fp4: float | None = Field(default=None, gt=0)
    tflops_fp6: float | None = Field(default=None, gt=0)
    tflops_fp8: float | None = Field(default=None, gt=0)
    tflops_bf16: float = Field(gt=0)
    native_formats: tuple[Precision, ...] = Field(min_length=1)
    interconnect: Interconnect
    interconnect_gb_s: float = Field(gt=0)
    interconnect_links: int | None = Field(default=None, gt=0)
    interconnect_link_gb_s: float | None = Field(default=None, gt=0)
    form_factor: FormFactor
    power_w: int = Field(gt=0)
    software: Software
    gpus_per_server: int = Field(gt=0, le=64)
    # a published small all-reduce inside one server (microseconds), with where it comes from
    collective_latency_us: float | None = Field(default=None, gt=0, le=1000)
    collective_latency_source: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _sourced(self) -> _GpuEntry:
        if (self.collective_latency_us is None) != (self.collective_latency_source is None):
            raise ValueError("collective_latency_us and collective_latency_source go together")
        return self


class _GpuFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = Field(alias="_source")
    gpus: tuple[_GpuEntry, ...] = Field(min_length=1)


class _PlanEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern="^[a-z0-9-]+$")
    gpu: GpuId
    gpus: int = Field(gt=0, le=64)
    cpu: str
    cpu_cores: int | None = Field(default=None, gt=0)
    cpu_vcpus: int | None = Field(default=None, gt=0)
    ram_gb: int = Field(gt=0)
    storage_drives: int = Field(gt=0)
    storage_tb_per_drive: float = Field(gt=0)
    network: str
    network_ports: int = Field(gt=0)
    network_gbps_per_port: int = Field(gt=0)
    monthly_usd: Decimal = Field(gt=0)
    availability: Availability
    lead_time_business_days: int = Field(ge=0)
    whole_server_only: bool
    can_split_model: bool
    is_server: bool
    page_path: str


class _PlanFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = Field(alias="_source")
    as_of: date  # the date the prices were set: answers say "prices as of" it
    hours_per_month: int = Field(gt=0)
    plans: tuple[_PlanEntry, ...] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class PlanTable:
    """The plans of one plan file and the date its prices were set."""

    plans: tuple[PlanFacts, ...]
    as_of: date
    # The hours a month is counted as: the page's "per GPU-hour = monthly / GPUs / 730 hours".
    hours_per_month: int


@dataclass(frozen=True, slots=True)
class Hardware:
    """A validated GPU catalog and plan table that belong together."""

    gpus: tuple[GpuFacts, ...]
    plans: PlanTable


def _read_json(path: Path) -> Any:  # noqa: ANN401 - raw JSON before validation
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CatalogError(path.name, "-", "-", str(exc)) from exc


def _catalog_error(path: Path, raw: Any, list_key: str, exc: ValidationError) -> CatalogError:  # noqa: ANN401 - raw JSON
    """Name the file, the entry (its id, else its index) and the field of the first error."""
    first = exc.errors()[0]
    loc = list(first["loc"])
    entry = "-"
    if len(loc) >= 2 and loc[0] == list_key and isinstance(loc[1], int):  # noqa: PLR2004 - (list, index)
        index = loc[1]
        items = raw.get(list_key) if isinstance(raw, dict) else None
        item = items[index] if isinstance(items, list) and index < len(items) else None
        entry = str(item.get("id", index)) if isinstance(item, dict) else str(index)
        loc = loc[2:]
    field = ".".join(str(part) for part in loc) or "-"
    return CatalogError(path.name, entry, field, first["msg"])


def _gpu_facts(entry: _GpuEntry, reference: _GpuEntry) -> GpuFacts:
    measured = entry.measured_usable_bytes is not None
    ref_usable = reference.measured_usable_bytes or 0
    usable = entry.measured_usable_bytes or ref_usable * entry.memory_gb // reference.memory_gb
    context = entry.measured_cuda_context_bytes
    if context is None:
        context = reference.measured_cuda_context_bytes or 0
    return GpuFacts(
        id=entry.id,
        name=entry.name,
        vendor=entry.vendor,
        architecture=entry.architecture,
        memory_gb=entry.memory_gb,
        memory_type=entry.memory_type,
        usable_bytes=usable,
        usable_bytes_estimated=not measured,
        cuda_context_bytes=context,
        bandwidth_tb_s=entry.bandwidth_tb_s,
        tflops_fp4=entry.tflops_fp4,
        tflops_fp6=entry.tflops_fp6,
        tflops_fp8=entry.tflops_fp8,
        tflops_bf16=entry.tflops_bf16,
        native_formats=entry.native_formats,
        interconnect=entry.interconnect,
        interconnect_gb_s=entry.interconnect_gb_s,
        interconnect_links=entry.interconnect_links,
        interconnect_link_gb_s=entry.interconnect_link_gb_s,
        form_factor=entry.form_factor,
        power_w=entry.power_w,
        software=entry.software,
        gpus_per_server=entry.gpus_per_server,
        collective_latency_s=(
            entry.collective_latency_us * 1e-6 if entry.collective_latency_us else None
        ),
    )


def parse_gpus(path: Path) -> tuple[GpuFacts, ...]:
    """Read and validate a GPU file; raise CatalogError naming file, entry and field."""
    raw = _read_json(path)
    try:
        parsed = _GpuFile.model_validate(raw)
    except ValidationError as exc:
        raise _catalog_error(path, raw, "gpus", exc) from exc
    ids = [g.id for g in parsed.gpus]
    for gpu_id in ids:
        if ids.count(gpu_id) > 1:
            raise CatalogError(path.name, gpu_id.value, "id", "duplicate id")
    measured = [g for g in parsed.gpus if g.measured_usable_bytes is not None]
    if not measured:
        raise CatalogError(path.name, "-", "measured_usable_bytes", "no GPU has a measurement")
    return tuple(_gpu_facts(g, measured[0]) for g in parsed.gpus)


def _plan_facts(entry: _PlanEntry, gpu: GpuFacts, hours_per_month: int) -> PlanFacts:
    memory_gb_total = entry.gpus * gpu.memory_gb
    return PlanFacts(
        id=entry.id,
        gpu=entry.gpu,
        gpus=entry.gpus,
        cpu=entry.cpu,
        cpu_cores=entry.cpu_cores,
        cpu_vcpus=entry.cpu_vcpus,
        ram_gb=entry.ram_gb,
        storage_drives=entry.storage_drives,
        storage_tb_per_drive=entry.storage_tb_per_drive,
        network=entry.network,
        network_ports=entry.network_ports,
        network_gbps_per_port=entry.network_gbps_per_port,
        monthly_usd=entry.monthly_usd,
        usd_per_gpu_hour=to_cents(entry.monthly_usd / entry.gpus / hours_per_month),
        usd_per_gb_month=to_cents(entry.monthly_usd / memory_gb_total),
        memory_gb_total=memory_gb_total,
        availability=entry.availability,
        lead_time_business_days=entry.lead_time_business_days,
        whole_server_only=entry.whole_server_only,
        can_split_model=entry.can_split_model,
        is_server=entry.is_server,
        page_path=entry.page_path,
    )


def parse_plans(path: Path, gpus: tuple[GpuFacts, ...]) -> tuple[PlanFacts, ...]:
    """Read and validate a plan file against the GPUs; CatalogError names file/entry/field."""
    return parse_plan_table(path, gpus).plans


def parse_plan_table(path: Path, gpus: tuple[GpuFacts, ...]) -> PlanTable:
    """Read and validate a plan file, keeping the date its prices were set."""
    raw = _read_json(path)
    try:
        parsed = _PlanFile.model_validate(raw)
    except ValidationError as exc:
        raise _catalog_error(path, raw, "plans", exc) from exc
    by_id = {g.id: g for g in gpus}
    seen: set[str] = set()
    plans = []
    for entry in parsed.plans:
        if entry.id in seen:
            raise CatalogError(path.name, entry.id, "id", "duplicate id")
        seen.add(entry.id)
        if entry.gpu not in by_id:
            raise CatalogError(path.name, entry.id, "gpu", f"no GPU {entry.gpu.value!r}")
        if entry.gpus > by_id[entry.gpu].gpus_per_server:
            raise CatalogError(path.name, entry.id, "gpus", "more GPUs than one server holds")
        plans.append(_plan_facts(entry, by_id[entry.gpu], parsed.hours_per_month))
    return PlanTable(plans=tuple(plans), as_of=parsed.as_of, hours_per_month=parsed.hours_per_month)


def read_hardware(data_dir: Path | None = None) -> Hardware:
    """Read and validate GPUs and plans from ``data_dir`` (a file it lacks: the packaged one)."""
    gpus_path, plans_path = GPUS_FILE, PLANS_FILE
    if data_dir is not None:
        gpus_path = _in_dir(data_dir, GPUS_FILE)
        plans_path = _in_dir(data_dir, PLANS_FILE)
    gpus = parse_gpus(gpus_path)
    return Hardware(gpus=gpus, plans=parse_plan_table(plans_path, gpus))


def _in_dir(data_dir: Path, packaged: Path) -> Path:
    candidate = data_dir / packaged.name
    return candidate if candidate.exists() else packaged


@cache
def _packaged() -> Hardware:
    return read_hardware()


_installed: list[Hardware] = []  # at most one: the catalog a front end installed


def use_hardware(hardware: Hardware | None) -> None:
    """Answer from ``hardware`` from now on (``None``: the packaged catalog again).

    Callers validate first (``read_hardware``) and clear the caches built on the old catalog
    (``sizing.catalog_install.install`` does both).
    """
    _installed[:] = [hardware] if hardware is not None else []


def current_hardware() -> Hardware:
    """Return the catalog answers come from: the installed one, else the packaged one."""
    return _installed[0] if _installed else _packaged()


def load_gpus(data_dir: Path | None = None) -> tuple[GpuFacts, ...]:
    """Return the GPU catalog in use, or the one of ``data_dir`` (read and validated now)."""
    if data_dir is not None:
        return read_hardware(data_dir).gpus
    return current_hardware().gpus


def load_plans(data_dir: Path | None = None) -> tuple[PlanFacts, ...]:
    """Return the plans sold, or the ones of ``data_dir`` (read and validated now)."""
    if data_dir is not None:
        return read_hardware(data_dir).plans.plans
    return current_hardware().plans.plans


def prices_as_of() -> date:
    """Return the date the prices in use were set."""
    return current_hardware().plans.as_of


def hours_per_month() -> int:
    """Return the hours a month of rent is counted as (``plans.json``'s ``hours_per_month``)."""
    return current_hardware().plans.hours_per_month


@cache
def get_gpu(gpu_id: GpuId) -> GpuFacts:
    """One GPU's facts."""
    for gpu in load_gpus():
        if gpu.id is gpu_id:
            return gpu
    raise CatalogError(GPUS_FILE.name, gpu_id.value, "id", "not in the catalog")


@cache
def plans_for(gpu_id: GpuId) -> tuple[PlanFacts, ...]:
    """Plans that rent this GPU, in catalog order."""
    return tuple(p for p in load_plans() if p.gpu is gpu_id)
