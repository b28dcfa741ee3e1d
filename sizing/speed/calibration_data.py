"""The reference points of ``sizing/data/calibration.json``, validated when loaded.

Measured figures of one H200 and published serving runs, each with its source and row, the
layout and workload it ran, and the tolerance it is held to. GPUs the plans do not have (a
16x H100 run) carry their vendor figures here.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sizing.catalog import Interconnect
from sizing.errors import CatalogError
from sizing.fit import Shape
from sizing.request import GpuId, KvDtype, Precision
from sizing.speed.costs import STACKS

CALIBRATION_FILE = Path(__file__).resolve().parents[1] / "data" / "calibration.json"


class Quantity(StrEnum):
    """What a point measures."""

    WEIGHTS_BYTES = "weights_bytes"  # the weights as loaded
    WEIGHTS_ONLY_STEP_S = "weights_only_step_s"  # a decode step's GEMMs alone (CUDA graph)
    ATTENTION_STEP_S = "attention_step_s"  # one token's attention over the context, all layers
    KV_TOKENS_PHYSICAL = "kv_tokens_physical"  # KV tokens that fit beside the weights
    TOKENS_PER_S_PER_USER = "tokens_per_s_per_user"  # 1000 / TPOT of a serving benchmark
    TOKENS_PER_S_AGGREGATE = "tokens_per_s_aggregate"  # output tokens/s of the whole run
    TTFT_S = "ttft_s"  # time to first token


class Kind(StrEnum):
    """How a point was obtained."""

    MEASURED = "measured"
    PUBLISHED = "published"
    ESTIMATE = "estimate"  # a tool's estimate, published beside the measured rows


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Layout(_Strict):
    """The parallel layout of the run."""

    tensor_parallel: int = Field(ge=1, le=64)
    pipeline_parallel: int = Field(ge=1, le=16)
    data_parallel: int = Field(ge=1, le=64)
    expert_parallel: bool

    def shape(self) -> Shape:
        """Return the engine's shape for this layout."""
        return Shape(
            self.tensor_parallel,
            self.pipeline_parallel,
            data_parallel=self.data_parallel,
            expert_parallel=self.expert_parallel,
        )


class Benchmark(StrEnum):
    """How a run loaded the server."""

    SERVING = "serving"  # users send requests in turn: others' prompts interleave with decode
    STATIC_BATCH = "static_batch"  # one batch prefilled, then decoded alone (or a tool's step)
    # MLPerf Inference: every query queued at once (the system full), and queries arriving at
    # random at the highest rate the run's latency limits (99th percentiles) allow.
    OFFLINE = "offline"
    SERVER = "server"


class Workload(_Strict):
    """A run's load: users at once, prompt and answer lengths, and how they arrived."""

    concurrency: int = Field(ge=1, le=4096)  # offline and server: the most a replica batches
    input_tokens: int = Field(ge=1, le=1_048_576)
    output_tokens: int = Field(ge=1, le=1_048_576)
    benchmark: Benchmark
    replicas: int = Field(default=1, ge=1, le=512)  # copies of the model the system ran
    ttft_limit_s: float | None = Field(default=None, gt=0)  # server: the p99 limits
    tpot_limit_s: float | None = Field(default=None, gt=0)
    rate_per_s: float | None = Field(default=None, gt=0)  # server: queries a second it ran at
    # The benchmark's --random-range-ratio when the source states it: lengths drawn between
    # this share of the stated ones and the stated ones; 1.0 is every request alike.
    range_ratio: float | None = Field(default=None, ge=0, le=1)


class Device(_Strict):
    """A GPU the plans do not have, by its vendor figures."""

    id: str = Field(pattern="^[a-z0-9-]+$")
    name: str = Field(min_length=1)
    memory_gb: int = Field(gt=0)
    bandwidth_tb_s: float = Field(gt=0, le=100)
    tflops_fp8: float | None = Field(default=None, gt=0)
    tflops_bf16: float = Field(gt=0)
    interconnect: Interconnect
    interconnect_gb_s: float = Field(gt=0)
    network_gbps_per_gpu: float = Field(gt=0)
    source: str = Field(min_length=1)


class Point(_Strict):
    """One reference figure and what produced it."""

    id: str = Field(pattern="^[a-z0-9-]+$")
    kind: Kind
    source: str = Field(min_length=1)
    row: str = Field(min_length=1)
    gpu: str
    model: str
    precision: Precision
    kv_dtype: KvDtype
    layout: Layout
    stack: str
    speculative: bool
    # Tokens a step the run's MTP layers drafted (``--speculative-num-steps``); None: three.
    draft_tokens: int | None = Field(default=None, ge=1, le=8)
    workload: Workload | None
    quantity: Quantity
    value: float = Field(gt=0)
    tolerance: float | None = Field(gt=0, le=1)
    fitted: tuple[str, ...]
    context_tokens: int | None = Field(default=None, ge=1)
    note: str | None = None
    # Collected after the model's constants were set and never fitted on: the check of the
    # model on data it was not tuned to. ``date`` is the run's, as its source gives it.
    held_out: bool = False
    date: str | None = None
    # A set of held-out runs collected together (scored apart from the others): "fresh-atom"
    # for the ROCm/ATOM recipes' tables, collected before the loaded-speed changes it checks.
    group: str | None = Field(default=None, pattern="^[a-z0-9-]+$")

    @model_validator(mode="after")
    def _complete(self) -> Point:
        if self.stack not in STACKS:
            raise ValueError(f"unknown stack {self.stack!r}")
        serving = self.quantity in _SERVING
        if serving and self.workload is None:
            raise ValueError(f"{self.quantity.value} needs a workload")
        if not serving and self.context_tokens is None:
            raise ValueError(f"{self.quantity.value} needs context_tokens")
        if self.tolerance is None and not self.note:
            raise ValueError("a point not held needs a note saying why")
        return self


_SERVING = frozenset(
    {Quantity.TOKENS_PER_S_PER_USER, Quantity.TOKENS_PER_S_AGGREGATE, Quantity.TTFT_S}
)


class Anchor(_Strict):
    """A GPU whose speeds measurements anchor: answers on it give a figure, not a range."""

    gpu: GpuId
    source: str = Field(min_length=1)


class ReferenceModel(_Strict):
    """A model runs were published for that the catalog does not sell: its config's facts."""

    id: str = Field(min_length=1)
    config: dict[str, Any]
    source: str = Field(min_length=1)


class CalibrationData(_Strict):
    """The whole file."""

    format: int = Field(ge=1, le=1)
    about: str
    anchored_gpus: tuple[Anchor, ...]
    devices: tuple[Device, ...]
    models: tuple[ReferenceModel, ...] = ()
    points: tuple[Point, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> CalibrationData:
        ids = [p.id for p in self.points]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate point ids: {', '.join(duplicates)}")
        known = {g.value for g in GpuId} | {d.id for d in self.devices}
        unknown = sorted({p.gpu for p in self.points} - known)
        if unknown:
            raise ValueError(f"points on unknown GPUs: {', '.join(unknown)}")
        return self


def parse_calibration(path: Path) -> CalibrationData:
    """Read and validate a calibration file; CatalogError names the file and the problem."""
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
        return CalibrationData.model_validate(raw)
    except (OSError, json.JSONDecodeError) as exc:
        raise CatalogError(path.name, "-", "-", str(exc)) from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "-"
        raise CatalogError(path.name, "-", field, first["msg"]) from exc


@cache
def load_calibration() -> CalibrationData:
    """Load the project's calibration points (read once)."""
    return parse_calibration(CALIBRATION_FILE)


def anchored_gpus() -> frozenset[GpuId]:
    """GPUs whose speeds rest on measurements rather than vendor-figure extrapolation."""
    return frozenset(a.gpu for a in load_calibration().anchored_gpus)
