"""The engine against every reference point: its figure, the reference, the error.

Serving rows are replayed as the benchmarks ran them: the layout and stack of the run, every
user decoding at the mean context of its answer (prompt + half the answer), and each of the
other users' prompts stalling the batch once per answer (``benchmark_figures``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from sizing.catalog import GpuFacts, get_gpu, load_plans
from sizing.fit import ModelLoad, Shape, kv_room, model_load
from sizing.model import get_model
from sizing.request import DEFAULT_GPU_MEMORY_UTILIZATION, GpuId
from sizing.speed.calibration_data import (
    Benchmark,
    CalibrationData,
    Device,
    Point,
    Quantity,
    anchored_gpus,
    load_calibration,
)
from sizing.speed.costs import (
    ESTIMATE_BAND,
    HBM_EFFICIENCY,
    MEASURED_LOOP_GEMMS_PER_LAYER,
    MTP_TOKENS_PER_STEP,
    MTP_TOKENS_PER_STEP_HIGH,
    STACKS,
    KernelCosts,
)
from sizing.speed.decode import TB, attention_s, decode_step
from sizing.speed.fabric import Network, server_network
from sizing.speed.layers import weight_bytes_per_gpu
from sizing.speed.prefill import prefill_s

# The H200 measurement ran 16 sequences through each weights-only step ("batch <= 16").
MEASURED_LOOP_BATCH = 16
# vLLM's default memory budget; the physical room does not depend on it.
_GPU_MEMORY_UTILIZATION = DEFAULT_GPU_MEMORY_UTILIZATION


@dataclass(frozen=True, slots=True)
class CalibrationRow:
    """One point, the engine's figure for it, and how far apart they are."""

    point: Point
    engine: float
    engine_range: tuple[float, float] | None  # where the engine's figure is an estimate

    @property
    def error(self) -> float:
        """Engine over reference, minus one."""
        return self.engine / self.point.value - 1.0

    @property
    def held(self) -> bool:
        """Whether the point has a tolerance the engine must meet."""
        return self.point.tolerance is not None

    @property
    def within(self) -> bool:
        """Whether the engine meets the point's tolerance (False for points not held)."""
        tolerance = self.point.tolerance
        return tolerance is not None and abs(self.error) <= tolerance


@dataclass(frozen=True, slots=True)
class BenchmarkFigures:
    """What a serving benchmark reports, as the engine predicts it."""

    tokens_per_s_per_user: float
    tokens_per_s_aggregate: float
    ttft_s: float


def device_gpu(device: Device) -> GpuFacts:
    """Facts of a GPU the plans do not have, from its vendor figures (H200 as the template)."""
    template = get_gpu(GpuId.H200)
    usable = template.usable_bytes * device.memory_gb // template.memory_gb
    return dataclasses.replace(
        template,
        name=device.name,
        memory_gb=device.memory_gb,
        usable_bytes=usable,
        usable_bytes_estimated=True,
        bandwidth_tb_s=device.bandwidth_tb_s,
        tflops_fp8=device.tflops_fp8,
        tflops_bf16=device.tflops_bf16,
        interconnect=device.interconnect,
        interconnect_gb_s=device.interconnect_gb_s,
    )


def point_hardware(point: Point, data: CalibrationData) -> tuple[GpuFacts, Network]:
    """Return the GPU a point ran on and the network between its servers."""
    for device in data.devices:
        if device.id == point.gpu:
            return device_gpu(device), Network(gbps_per_gpu=device.network_gbps_per_gpu)
    gpu = get_gpu(GpuId(point.gpu))
    servers = [p for p in load_plans() if p.gpu is gpu.id and p.is_server]
    return gpu, server_network(servers[0] if servers else None)


def _load(point: Point, context_tokens: int) -> ModelLoad:
    return model_load(
        get_model(point.model), point.precision, point.kv_dtype, context_tokens, include_mtp=False
    )


def benchmark_figures(
    point: Point, gpu: GpuFacts, network: Network, costs: KernelCosts, *, tokens_per_step: float
) -> BenchmarkFigures:
    """Replay a run: per-user speed (1 / TPOT), aggregate output, first token.

    In a serving run a user's answer of ``output`` tokens is slowed by the prompts of the
    other users, each prefilled once in that time while the decode batch waits; a static
    batch decodes alone.
    """
    workload = point.workload
    if workload is None:
        raise ValueError(f"{point.id}: no workload")
    shape = point.layout.shape()
    users, output = workload.concurrency, workload.output_tokens
    decode_load = _load(point, workload.input_tokens + output // 2)
    step = decode_step(
        decode_load,
        gpu,
        shape,
        sequences=users,
        tokens_per_sequence=tokens_per_step,
        network=network,
        costs=costs,
    ).total_s
    prompt_load = _load(point, workload.input_tokens)
    prefill = prefill_s(
        prompt_load, gpu, shape, workload.input_tokens, network=network, costs=costs
    )
    ttft = costs.first_token_overhead_s + prefill
    if workload.benchmark is Benchmark.STATIC_BATCH:
        per_user = tokens_per_step / step
        return BenchmarkFigures(per_user, users * per_user, ttft)
    tpot = step / tokens_per_step + (users - 1) * prefill / output
    return BenchmarkFigures(
        tokens_per_s_per_user=1.0 / tpot,
        tokens_per_s_aggregate=users * output / (ttft + output * tpot),
        ttft_s=ttft,
    )


def engine_figure(point: Point, data: CalibrationData, costs: KernelCosts) -> float:
    """Compute the engine's figure for a point's quantity."""
    gpu, network = point_hardware(point, data)
    if point.quantity is Quantity.WEIGHTS_BYTES:
        return float(_load(point, point.context_tokens or 1).weights_bytes)
    if point.quantity is Quantity.WEIGHTS_ONLY_STEP_S:
        load = _load(point, point.context_tokens or 1)
        read = weight_bytes_per_gpu(load, Shape(1, 1), MEASURED_LOOP_BATCH)
        gemms = load.layers * MEASURED_LOOP_GEMMS_PER_LAYER + 1  # and the LM head
        return read / (HBM_EFFICIENCY * gpu.bandwidth_tb_s * TB) + gemms * costs.gemm_kernel_s
    if point.quantity is Quantity.ATTENTION_STEP_S:
        load = _load(point, point.context_tokens or 1)
        return attention_s(
            load, gpu, Shape(1, 1), sequences=1, tokens_per_sequence=1.0, costs=costs
        )
    if point.quantity is Quantity.KV_TOKENS_PHYSICAL:
        load = _load(point, point.context_tokens or 1)
        room = kv_room(load, gpu, Shape(1, 1), gpu_memory_utilization=_GPU_MEMORY_UTILIZATION)
        return float(room.kv_tokens_physical)
    tokens = MTP_TOKENS_PER_STEP if point.speculative else 1.0
    figures = benchmark_figures(point, gpu, network, costs, tokens_per_step=tokens)
    return float(getattr(figures, point.quantity.value))


def engine_range(
    point: Point, data: CalibrationData, costs: KernelCosts, figure: float
) -> tuple[float, float] | None:
    """Return the range an answer would give, or None where it gives a figure alone.

    The range covers speculative decoding's spread and, where no measurement anchors the
    GPU, the estimate band.
    """
    speed = point.quantity in {Quantity.TOKENS_PER_S_PER_USER, Quantity.TOKENS_PER_S_AGGREGATE}
    anchored = point.gpu in {g.value for g in anchored_gpus()}
    if not speed or (anchored and not point.speculative):
        return None
    low, high = figure, figure
    if point.speculative:
        gpu, network = point_hardware(point, data)
        best = benchmark_figures(
            point, gpu, network, costs, tokens_per_step=MTP_TOKENS_PER_STEP_HIGH
        )
        high = float(getattr(best, point.quantity.value))
    if not anchored:
        low, high = low * (1 - ESTIMATE_BAND), high * (1 + ESTIMATE_BAND)
    return low, high


def evaluate(point: Point, data: CalibrationData | None = None) -> CalibrationRow:
    """Evaluate one point with the stack it ran on."""
    calibration = data or load_calibration()
    costs = STACKS[point.stack]
    figure = engine_figure(point, calibration, costs)
    return CalibrationRow(
        point=point, engine=figure, engine_range=engine_range(point, calibration, costs, figure)
    )


@cache
def calibration_table() -> tuple[CalibrationRow, ...]:
    """Every reference point against the engine, in the file's order."""
    data = load_calibration()
    return tuple(evaluate(point, data) for point in data.points)
