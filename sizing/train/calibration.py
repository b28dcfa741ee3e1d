"""Published training runs replayed through the training model (``sizing/data/training.json``).

Each run is laid out as published (GPUs, sequence length, micro-batch, checkpointing, ZeRO
stage when stated) on its GPU's figures, and its predicted tokens/s per GPU and memory per
GPU are set beside the published ones. ``fit`` rows set constants; ``held_out`` rows are the
check; ``feasibility`` rows are claims of what fits.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from sizing.catalog import GpuFacts, get_gpu
from sizing.deploy import resolve_model
from sizing.errors import CatalogError
from sizing.request import (
    Checkpointing,
    GpuId,
    Optimizer,
    Precision,
    TrainingMethod,
    TrainingRequest,
)
from sizing.train.engine import resolve_job
from sizing.train.plan import Choices, Target, lay_out
from sizing.train.types import TrainingOption

TRAINING_FILE = Path(__file__).resolve().parent.parent / "data" / "training.json"
GB = 10**9
ROLES = frozenset({"fit", "held_out", "feasibility"})
SERVER_GPUS = 8


@dataclass(frozen=True, slots=True)
class PublishedRun:
    """One published run or claim, as the data file states it."""

    id: str
    role: str
    source: str
    request: TrainingRequest
    gpu_key: str
    gpus: int
    checkpointing: Checkpointing
    micro_batch: int
    zero_stage: int | None
    tensor_parallel: int | None  # as published; None: the search's own
    tokens_per_s_per_gpu: float | None
    memory_gb: float | None  # per GPU
    memory_gb_total: float | None  # over all the run's GPUs
    fits: bool | None


@dataclass(frozen=True, slots=True)
class Replay:
    """A run's published figures beside the model's."""

    run: PublishedRun
    option: TrainingOption
    tokens_per_s_per_gpu: float
    memory_gb: float

    @property
    def speed_error(self) -> float | None:
        """Predicted over published tokens/s, less one."""
        published = self.run.tokens_per_s_per_gpu
        return None if published is None else self.tokens_per_s_per_gpu / published - 1

    @property
    def memory_error(self) -> float | None:
        """Predicted over published memory (per GPU, or in total), less one."""
        if self.run.memory_gb is not None:
            return self.memory_gb / self.run.memory_gb - 1
        if self.run.memory_gb_total is not None:
            return self.memory_gb * self.run.gpus / self.run.memory_gb_total - 1
        return None


def _gpu(key: str, table: dict[str, Any]) -> GpuFacts:
    entry = table.get(key)
    if not isinstance(entry, dict):
        raise CatalogError(TRAINING_FILE.name, key, "gpu", "not described")
    if "catalog" in entry:
        return get_gpu(GpuId(entry["catalog"]))
    base = get_gpu(GpuId.H200)
    # A power-capped part clocks lower: with voltage following frequency, dynamic power goes
    # as f^3, so the sustained tensor peak scales with the cube root of the power ratio.
    capped = (float(entry.get("power_w", 1)) / float(entry.get("rated_power_w", 1))) ** (1 / 3)
    return replace(
        base,
        name=str(entry["name"]),
        tflops_bf16=float(entry["tflops_bf16"]) * capped,
        bandwidth_tb_s=float(entry["bandwidth_tb_s"]),
        usable_bytes=int(float(entry["usable_gb"]) * GB),
        interconnect_gb_s=float(entry["interconnect_gb_s"]),
    )


def _run(row: dict[str, Any]) -> PublishedRun:
    role = row.get("role")
    if role not in ROLES:
        raise CatalogError(TRAINING_FILE.name, str(row.get("id")), "role", f"not one of {ROLES}")
    request = TrainingRequest(
        model_id=row.get("model"),
        params_b=row.get("params_b"),
        method=TrainingMethod(row["method"]),
        seq_len=int(row["seq_len"]),
        precision=Precision(row["precision"]),
        optimizer=Optimizer(row.get("optimizer", "adamw")),
        lora_rank=row.get("lora_rank"),
        global_batch=int(row["global_batch"]),
        tokens=10**9,
    )
    return PublishedRun(
        id=str(row["id"]),
        role=str(role),
        source=str(row["source"]),
        request=request,
        gpu_key=str(row["gpu"]),
        gpus=int(row["gpus"]),
        checkpointing=Checkpointing(row["checkpointing"]),
        micro_batch=int(row["micro_batch"]),
        zero_stage=row.get("zero_stage"),
        tensor_parallel=row.get("tensor_parallel"),
        tokens_per_s_per_gpu=row.get("tokens_per_s_per_gpu"),
        memory_gb=row.get("memory_gb"),
        memory_gb_total=row.get("memory_gb_total"),
        fits=row.get("fits"),
    )


@cache
def published_runs() -> tuple[PublishedRun, ...]:
    """Return the runs of the data file (read once)."""
    data = json.loads(TRAINING_FILE.read_text(encoding="utf-8"))
    return tuple(_run(row) for row in data["runs"])


@cache
def _gpus() -> dict[str, Any]:
    data = json.loads(TRAINING_FILE.read_text(encoding="utf-8"))
    return dict(data["gpus"])


def replay(run: PublishedRun) -> Replay:
    """Lay a published run out as it ran and return the model's figures for it."""
    model = resolve_model(run.request.model_request())
    job = resolve_job(run.request, model)
    gpu = _gpu(run.gpu_key, _gpus())
    per_unit = min(SERVER_GPUS, run.gpus)
    target = Target(plan=None, gpu=gpu, unit_gpus=per_unit)
    choices = Choices(
        zero_stage=run.zero_stage if run.gpus > 1 else None,
        checkpointing=run.checkpointing,
        micro_batch=run.micro_batch,
        offload=False,
        tensor_parallel=run.tensor_parallel,
    )
    units = math.ceil(run.gpus / per_unit)
    option = lay_out(model, job, target, units, choices)
    return Replay(
        run=run,
        option=option,
        tokens_per_s_per_gpu=option.tokens_per_s_per_gpu,
        memory_gb=option.memory_per_gpu_bytes / GB,
    )
