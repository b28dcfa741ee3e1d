"""The engine against every reference point: its figure, the reference, the error.

Serving rows are replayed as the benchmarks ran them: the layout and stack of the run, every
user decoding at the mean context of its answer (prompt + half the answer), and each of the
other users' prompts stalling the batch once per answer (``benchmark_figures``).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import cache

from sizing.catalog import GpuFacts, get_gpu, load_plans
from sizing.fit import ModelLoad, Shape, kv_room, model_load
from sizing.model import ModelSpec, get_model, model_from_config
from sizing.request import DEFAULT_GPU_MEMORY_UTILIZATION, GpuId
from sizing.speed.calibration_data import (
    Benchmark,
    CalibrationData,
    Device,
    Kind,
    Point,
    Quantity,
    anchored_gpus,
    load_calibration,
)
from sizing.speed.costs import (
    ESTIMATE_SPEED_ABOVE,
    ESTIMATE_SPEED_BELOW,
    HBM_EFFICIENCY,
    MEASURED_LOOP_GEMMS_PER_LAYER,
    MTP_DRAFTED_TOKENS,
    MTP_FIRST_ACCEPTANCE_HIGH,
    MTP_FIRST_ACCEPTANCE_LOW,
    MTP_LATER_ACCEPTANCE,
    MTP_LATER_ACCEPTANCE_LOW,
    STACKS,
    KernelCosts,
    mtp_tokens_per_step,
)
from sizing.speed.decode import TB, attention_s, decode_step, speculative_step_s
from sizing.speed.fabric import Network, server_network
from sizing.speed.layers import weight_bytes_per_gpu
from sizing.speed.loaded import Loaded, loaded, sequences_for_rate, speed_load
from sizing.speed.prefill import prefill_s
from sizing.speed.targets import TPOT_HEADROOM, ttft_p99_s

# Sequences per replica are searched to half a sequence: a batch holds whole ones.
_SEQUENCE_STEP = 0.5

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
        """Whether the point has a tolerance the engine must meet (held-out runs are scored).

        A held-out run's tolerance is the bar it is counted against (``bench/
        speed_calibration.py`` prints how many meet it); missing it fails no check, since
        the model was not fitted on it.
        """
        return self.point.tolerance is not None and not self.point.held_out

    @property
    def within_bar(self) -> bool:
        """Whether the engine is within the point's tolerance, held out or not."""
        tolerance = self.point.tolerance
        return tolerance is not None and abs(self.error) <= tolerance

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


@cache
def _reference_model(model_id: str) -> ModelSpec:
    """Return a point's model: the catalog's, or one of the calibration file's own configs."""
    for model in load_calibration().models:
        if model.id == model_id:
            return model_from_config({**model.config, "_name_or_path": model.id})
    return get_model(model_id)


def _load(point: Point, context_tokens: int) -> ModelLoad:
    return model_load(
        _reference_model(point.model),
        point.precision,
        point.kv_dtype,
        context_tokens,
        include_mtp=False,
    )


def benchmark_figures(
    point: Point,
    gpu: GpuFacts,
    network: Network,
    costs: KernelCosts,
    *,
    tokens_per_step: float,
    drafted: int = 0,
) -> BenchmarkFigures:
    """Replay a run: per-user speed (1 / TPOT), aggregate output, first token.

    A serving run is a closed loop of ``concurrency`` users on one replica: the engine's own
    loaded model (``sizing.speed.loaded``: prompts paid at the compute roofline, decodes slowed
    by the prompts between them, first tokens queued); a static batch decodes alone. With
    ``drafted`` tokens a step (MTP), each decode step is the module's drafts and the check of
    them (``speculative_step_s``), yielding ``tokens_per_step`` tokens.
    """
    workload = point.workload
    if workload is None:
        raise ValueError(f"{point.id}: no workload")
    shape = point.layout.shape()
    users, output = workload.concurrency, workload.output_tokens
    decode_load = _load(point, workload.input_tokens + output // 2)
    if drafted:
        plain = decode_step(
            decode_load, gpu, shape, sequences=users, network=network, costs=costs
        ).total_s
        step = speculative_step_s(
            decode_load,
            gpu,
            shape,
            sequences=users,
            drafted=drafted,
            network=network,
            costs=costs,
        )
        gain = tokens_per_step * plain / step
    else:
        step = decode_step(
            decode_load,
            gpu,
            shape,
            sequences=users,
            tokens_per_sequence=tokens_per_step,
            network=network,
            costs=costs,
        ).total_s
        gain = tokens_per_step
    prompt_load = _load(point, workload.input_tokens)
    prefill = prefill_s(
        prompt_load, gpu, shape, workload.input_tokens, network=network, costs=costs
    )
    ttft = costs.first_token_overhead_s + prefill
    if workload.benchmark is Benchmark.STATIC_BATCH:
        per_user = tokens_per_step / step
        return BenchmarkFigures(per_user, users * per_user, ttft)
    state = loaded(
        speed_load(_load(point, workload.input_tokens + output), workload.input_tokens, output),
        gpu,
        shape,
        network,
        sequences=float(users),
        input_tokens=workload.input_tokens,
        output_tokens=output,
        arrivals="in_step" if workload.range_ratio == 1.0 else "closed",
        kernel=costs,
    )
    # Speculative steps yield more tokens each, and take longer: the decode share speeds up
    # by the tokens a step over the step's time against a plain one.
    per_user = state.tokens_per_user * gain
    return BenchmarkFigures(
        tokens_per_s_per_user=per_user,
        tokens_per_s_aggregate=users * output / (state.ttft_s + output / per_user),
        ttft_s=state.ttft_s,
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
    workload = point.workload
    if workload is not None and workload.benchmark in {Benchmark.OFFLINE, Benchmark.SERVER}:
        return system_tokens_per_s(point, gpu, network, costs)
    drafted = _drafted(point)
    tokens = mtp_tokens_per_step(drafted) if drafted else 1.0
    figures = benchmark_figures(point, gpu, network, costs, tokens_per_step=tokens, drafted=drafted)
    return float(getattr(figures, point.quantity.value))


def _drafted(point: Point) -> int:
    """Tokens a step the run's MTP layers drafted (the recipes' three when it does not say)."""
    if not point.speculative:
        return 0
    return point.draft_tokens or MTP_DRAFTED_TOKENS


def system_tokens_per_s(point: Point, gpu: GpuFacts, network: Network, costs: KernelCosts) -> float:
    """Output tokens/s of an MLPerf system: offline full, or server within its limits.

    Offline, each replica holds as many sequences as its KV room (and the run's batch cap)
    allows. Server, the highest load whose mean time to first token and per-user speed meet
    the run's 99th-percentile limits with the headroom answers keep (``sizing.deploy.service``).
    """
    workload = point.workload
    if workload is None:
        raise ValueError(f"{point.id}: no workload")
    shape = point.layout.shape()
    inp, out = workload.input_tokens, workload.output_tokens
    memory = _load(point, inp + out)
    room = kv_room(memory, gpu, shape, gpu_memory_utilization=_GPU_MEMORY_UTILIZATION)
    cap = max(min(room.max_sequences, workload.concurrency), 1)
    speed = speed_load(memory, inp, out)

    def at(b: float) -> Loaded:
        arrivals = "closed" if workload.benchmark is Benchmark.OFFLINE else "random"
        return loaded(
            speed,
            gpu,
            shape,
            network,
            sequences=b,
            input_tokens=inp,
            output_tokens=out,
            arrivals=arrivals,
            kernel=costs,
        )

    if workload.benchmark is Benchmark.OFFLINE:
        return workload.replicas * at(float(cap)).output_tokens_per_s
    if workload.rate_per_s is not None and point.quantity is not Quantity.TOKENS_PER_S_AGGREGATE:
        state = _at_rate(point, speed, gpu, network, costs, cap) or at(float(cap))
        return state.ttft_s if point.quantity is Quantity.TTFT_S else state.tokens_per_user

    def within(state: Loaded) -> bool:
        ttft_ok = workload.ttft_limit_s is None or (
            ttft_p99_s(state.ttft_s, state.ttft_floor_s) <= workload.ttft_limit_s
        )
        tpot_ok = workload.tpot_limit_s is None or (
            1.0 / state.tokens_per_user <= workload.tpot_limit_s * TPOT_HEADROOM
        )
        return ttft_ok and tpot_ok

    if not within(at(1.0)):
        return workload.replicas * at(1.0).output_tokens_per_s
    low, high = 1.0, float(cap)
    if within(at(high)):
        low = high
    while high - low > _SEQUENCE_STEP:
        mid = (low + high) / 2
        if within(at(mid)):
            low = mid
        else:
            high = mid
    return workload.replicas * at(low).output_tokens_per_s


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
        drafted = _drafted(point)
        worst, best = (
            benchmark_figures(
                point,
                gpu,
                network,
                costs,
                tokens_per_step=mtp_tokens_per_step(drafted, first, later),
                drafted=drafted,
            )
            for first, later in (
                (MTP_FIRST_ACCEPTANCE_LOW, MTP_LATER_ACCEPTANCE_LOW),
                (MTP_FIRST_ACCEPTANCE_HIGH, MTP_LATER_ACCEPTANCE),
            )
        )
        low = float(getattr(worst, point.quantity.value))
        high = float(getattr(best, point.quantity.value))
    if not anchored:
        low, high = low * (1 - ESTIMATE_SPEED_BELOW), high * (1 + ESTIMATE_SPEED_ABOVE)
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


def _at_rate(  # noqa: PLR0917 - the run's figures, as system_tokens_per_s has them
    point: Point,
    speed: ModelLoad,
    gpu: GpuFacts,
    network: Network,
    costs: KernelCosts,
    cap: int,
) -> Loaded | None:
    """Return one replica of a Server run at the queries a second it ran at (Little's law)."""
    workload = point.workload
    if workload is None or workload.rate_per_s is None:
        return None
    return sequences_for_rate(
        speed,
        gpu,
        point.layout.shape(),
        network,
        requests_per_s=workload.rate_per_s / workload.replicas,
        input_tokens=workload.input_tokens,
        output_tokens=workload.output_tokens,
        max_sequences=cap,
        kernel=costs,
    )


# How close a published run must be to a request to be shown beside its estimate: the same
# model, GPU and weight format, lengths and users per replica within these factors.
MATCH_LENGTH_FACTOR = 2.0
MATCH_USERS_FACTOR = 2.0


def matching_runs(
    *,
    model: str,
    gpu: str,
    precision: str,
    input_tokens: int,
    output_tokens: int,
    users_per_replica: float,
) -> tuple[CalibrationRow, ...]:
    """Return the published serving runs close to a request, nearest first (at most three)."""

    def near(a: float, b: float, factor: float) -> bool:
        return b > 0 and 1 / factor <= a / b <= factor

    found = []
    for row in calibration_table():
        point, workload = row.point, row.point.workload
        if point.kind is Kind.MEASURED or workload is None:
            continue
        if workload.benchmark not in {Benchmark.SERVING, Benchmark.SERVER, Benchmark.OFFLINE}:
            continue
        if (point.model, point.gpu, point.precision.value) != (model, gpu, precision):
            continue
        if not near(workload.input_tokens, input_tokens, MATCH_LENGTH_FACTOR):
            continue
        if not near(workload.output_tokens, output_tokens, MATCH_LENGTH_FACTOR):
            continue
        users = workload.concurrency if workload.benchmark is Benchmark.SERVING else None
        if users is not None and not near(users, users_per_replica, MATCH_USERS_FACTOR):
            continue
        distance = abs(math.log((users or users_per_replica) / max(users_per_replica, 1)))
        found.append((distance, row))
    found.sort(key=lambda item: item[0])
    return tuple(row for _, row in found[:3])
