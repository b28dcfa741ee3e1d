"""The training search: every plan and server count, the layout that fits, the cheapest pick.

On each plan the job is laid out on 1, 2, ... servers (single-GPU plans: one machine, as
separate machines share no fast network for one data-parallel run). For each count the
search tries the ZeRO stages and activation checkpointing modes the customer left open and
keeps the fastest layout that fits with the largest micro-batch; the option of a plan is the
count that runs the job at the least rent (in time when a deadline is given, ties to the
faster), and the smallest count that fits when no dataset size is known. The pick is the
cheapest option within the customer's constraints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal

from sizing.catalog import (
    MAX_ONLINE_ORDER_UNITS,
    GpuFacts,
    PlanFacts,
    Software,
    get_gpu,
    load_plans,
    months_for_hours,
    rental_usd,
)
from sizing.model import ModelSpec, adapter_params
from sizing.request import Checkpointing, GpuId, Optimizer, TrainingMethod
from sizing.train.memory import (
    StateLayout,
    budget_bytes,
    offloaded_bytes,
    training_memory,
)
from sizing.train.recipes import launch_recipe, stack_name
from sizing.train.speed import (
    ANCHORED_GPUS,
    HF_STACK_SHARE,
    SPREAD_ANCHORED,
    SPREAD_ESTIMATED,
    TERA,
    compute_seconds_per_token,
    dequant_seconds,
    fabric_bytes_per_s,
    network_bytes_per_s,
    token_cost,
    tp_seconds_per_token,
)
from sizing.train.types import TrainingDisk, TrainingJob, TrainingOption, TrainReason

SECONDS_PER_HOUR = 3600.0
BILLION_TOKENS = 1e9
MAX_MICRO_BATCH = 64
DATASET_BYTES_PER_TOKEN = 4  # token ids as 32-bit integers (vocabularies past 65,536)
CHECKPOINTS_KEPT = 2
DISK_SHARE = 0.9  # of the NVMe a job may fill
RAM_SHARE = 0.8  # of the server's RAM offloaded optimizer state may take
PCIE_BYTES_PER_S = 64e9 * 0.8  # PCIe Gen5 x16 per GPU, one way
CPU_ADAM_PARAMS_PER_S = 1e9  # per GPU's share of the server's cores (DeepSpeed CPU Adam)
B200_SERVER_GPUS = 8
B200_NETWORK_GBPS = 400
ZERO_1, ZERO_3 = 1, 3


@dataclass(frozen=True, slots=True)
class Target:
    """A shape the job may run on: a plan, or the unpriced B200 server."""

    plan: PlanFacts | None
    gpu: GpuFacts
    unit_gpus: int | None = None  # a published run's machine shape (None: the plan's)

    @property
    def gpus_per_unit(self) -> int:
        """GPUs in one rented unit."""
        if self.unit_gpus is not None:
            return self.unit_gpus
        return self.plan.gpus if self.plan is not None else B200_SERVER_GPUS

    @property
    def joins(self) -> bool:
        """Whether several units make one job (servers on a fast network)."""
        return self.plan is None or self.plan.is_server

    @property
    def port_gbps(self) -> int:
        """Each GPU's port to other servers."""
        return self.plan.network_gbps_per_port if self.plan is not None else B200_NETWORK_GBPS

    @property
    def network(self) -> str:
        """The fabric between units as the price table writes it."""
        return self.plan.network if self.plan is not None else "8x 400G"


def targets(job: TrainingJob) -> list[Target]:
    """Return the plans (and the B200 when asked) the job is tried on."""
    shapes = [Target(plan, get_gpu(plan.gpu)) for plan in load_plans()]
    if GpuId.B200 in job.gpus_asked:
        shapes.append(Target(None, get_gpu(GpuId.B200)))
    return shapes


@dataclass(frozen=True, slots=True)
class Layout:
    """One layout tried on a count of units."""

    zero_stage: int
    checkpointing: Checkpointing
    shard_gpus: int
    tensor_parallel: int = 1


def _tensor_parallel(
    model: ModelSpec, job: TrainingJob, target: Target, gpus: int, asked: int | None
) -> tuple[int, ...]:
    """Tensor-parallel sizes tried: inside one server, for dense pre-training (torchtitan).

    The fine-tuning recipes (LLaMA-Factory with DeepSpeed) shard data-parallel only.
    """
    if asked is not None:
        return (asked,)
    if job.method is not TrainingMethod.PRETRAIN or model.moe:
        return (1,)
    heads = model.num_attention_heads
    return tuple(
        tp
        for tp in (1, 2, 4, 8)
        if tp <= min(target.gpus_per_unit, gpus) and gpus % tp == 0 and heads % tp == 0
    )


def _stages(job: TrainingJob, asked: int | None, gpus: int) -> tuple[int, ...]:
    if gpus == 1:
        return (0,)
    if asked is not None:
        return (asked,)
    if job.method in {TrainingMethod.LORA, TrainingMethod.QLORA}:
        return (0, 3)
    return (0, 1, 2, 3)


def _checkpointing(job: TrainingJob, asked: Checkpointing | None) -> tuple[Checkpointing, ...]:
    """Modes tried: the fine-tuning stacks checkpoint whole layers or nothing."""
    if asked is not None:
        return (asked,)
    if job.method is TrainingMethod.PRETRAIN:
        return tuple(Checkpointing)
    return (Checkpointing.NONE, Checkpointing.FULL)


@dataclass(frozen=True, slots=True)
class Choices:
    """What the customer fixed about the layout (None: the search chooses)."""

    zero_stage: int | None
    checkpointing: Checkpointing | None
    micro_batch: int | None
    offload: bool
    tensor_parallel: int | None = None  # a published run's layout (None: the search's)


def _runs_here(job: TrainingJob, target: Target) -> TrainReason | None:
    if job.cuda_only and target.gpu.software is Software.ROCM:
        return TrainReason.CUDA_ONLY
    return None


def lay_out(
    model: ModelSpec, job: TrainingJob, target: Target, units: int, choices: Choices
) -> TrainingOption:
    """Lay the job out on ``units`` of a target: the fastest layout that fits, or the nearest."""
    gpus = units * target.gpus_per_unit
    best: TrainingOption | None = None
    nearest: TrainingOption | None = None
    layouts = [
        Layout(stage, mode, shard, tp)
        for tp in _tensor_parallel(model, job, target, gpus, choices.tensor_parallel)
        for stage in _stages(job, choices.zero_stage, gpus // tp)
        for mode in _checkpointing(job, choices.checkpointing)
        for shard in _shard_groups(target, gpus, stage, tp)
    ]
    for layout in layouts:
        option = _option(model, job, target, units, layout, choices)
        if option.fits and (best is None or _faster(option, best)):
            best = option
        if nearest is None or option.memory_per_gpu_bytes < nearest.memory_per_gpu_bytes:
            nearest = option
    chosen = best or nearest
    if chosen is None:  # at least one stage and one mode are always tried
        raise ValueError(target)
    blocked = _runs_here(job, target)
    if blocked is not None:
        return replace(chosen, fits=False, reason=blocked)
    return chosen


def _faster(option: TrainingOption, other: TrainingOption) -> bool:
    key = (-option.tokens_per_s, option.tensor_parallel, option.zero_stage, -option.micro_batch)
    return key < (
        -other.tokens_per_s,
        other.tensor_parallel,
        other.zero_stage,
        -other.micro_batch,
    )


def _shard_groups(target: Target, gpus: int, stage: int, tp: int) -> tuple[int, ...]:
    """Data-parallel ranks sharding the state: inside one server, or every one when too small."""
    ranks = gpus // tp
    if stage == 0 or ranks == 1:
        return (1,)
    inside = min(target.gpus_per_unit // tp, ranks)
    return (inside,) if inside == ranks else (inside, ranks)


def _option(  # noqa: PLR0917 - one option's figures, each from its own step
    model: ModelSpec,
    job: TrainingJob,
    target: Target,
    units: int,
    layout: Layout,
    choices: Choices,
) -> TrainingOption:
    gpu = target.gpu
    gpus = units * target.gpus_per_unit
    state = StateLayout(
        method=job.method,
        optimizer=job.optimizer,
        zero_stage=layout.zero_stage,
        shard_gpus=layout.shard_gpus,
        offload=choices.offload,
        lora_rank=job.lora_rank or 0,
        expert_parallel=expert_parallel(model, target, gpus),
        tensor_parallel=layout.tensor_parallel,
    )
    room = budget_bytes(gpu.usable_bytes)
    ranks = gpus // layout.tensor_parallel
    per_gpu_batch = max(1, job.global_batch // ranks)
    ceiling = min(MAX_MICRO_BATCH, per_gpu_batch)
    sizes = (choices.micro_batch,) if choices.micro_batch is not None else range(ceiling, 0, -1)
    micro, memory = 1, None
    for size in sizes:
        memory = training_memory(
            model,
            state,
            micro_batch=size,
            seq_len=job.seq_len,
            checkpointing=layout.checkpointing,
            runtime_bytes=gpu.cuda_context_bytes,
        )
        micro = size
        if memory.total <= room:
            break
    if memory is None:
        raise ValueError(sizes)
    at_one = memory.total
    if micro > 1:
        at_one = training_memory(
            model,
            state,
            micro_batch=1,
            seq_len=job.seq_len,
            checkpointing=layout.checkpointing,
            runtime_bytes=gpu.cuda_context_bytes,
        ).total
    fits = memory.total <= room
    reason: TrainReason | None = None if fits else TrainReason.MEMORY
    if fits and not target.joins and units > 1:
        fits, reason = False, TrainReason.SEPARATE_MACHINES
    ram_need = offloaded_bytes(model, state) * target.gpus_per_unit // max(layout.shard_gpus, 1)
    ram = (target.plan.ram_gb if target.plan is not None else 0) * 10**9 * RAM_SHARE
    if fits and choices.offload and ram_need > ram:
        fits, reason = False, TrainReason.RAM
    if fits and units > MAX_ONLINE_ORDER_UNITS:
        fits, reason = False, TrainReason.BEYOND_ORDER
    accum = max(1, math.ceil(job.global_batch / (micro * ranks)))
    global_batch = accum * micro * ranks
    step = _step_seconds(model, job, target, units, layout, state, micro, accum)
    step_tokens = global_batch * job.seq_len
    tokens_per_s = step_tokens / step
    per_gpu = tokens_per_s / gpus
    anchored = gpu.id.value in ANCHORED_GPUS
    timing = _timing(job, tokens_per_s, anchored=anchored)
    monthly = cost = None
    if target.plan is not None:
        monthly = rental_usd(target.plan, units, 1)
        cost = rental_usd(target.plan, units, timing.months)
    cost_tokens = token_cost(model, job.method, job.seq_len, layout.checkpointing)
    mfu = per_gpu * cost_tokens.model_flops / (gpu.tflops_bf16 * TERA)
    return TrainingOption(
        plan=target.plan.id if target.plan is not None else None,
        gpu=gpu.id,
        gpus=gpus,
        servers=units,
        fits=fits,
        reason=reason,
        memory_per_gpu_bytes=memory.total,
        memory=memory,
        memory_at_one_bytes=at_one,
        usable_bytes_per_gpu=room,
        micro_batch=micro,
        grad_accum=accum,
        global_batch=global_batch,
        zero_stage=layout.zero_stage,
        shard_gpus=layout.shard_gpus,
        tensor_parallel=layout.tensor_parallel,
        checkpointing=layout.checkpointing,
        offload=choices.offload,
        tokens_per_s=tokens_per_s,
        tokens_per_s_per_gpu=per_gpu,
        tokens_per_s_range=timing.speed_range,
        mfu=round(mfu, 3),
        estimated=not anchored,
        hours=timing.hours,
        hours_range=timing.hours_range,
        hours_per_epoch=timing.hours_per_epoch,
        hours_per_billion_tokens=BILLION_TOKENS / tokens_per_s / SECONDS_PER_HOUR,
        months=timing.months,
        monthly_usd=monthly,
        cost_usd=cost,
        disk=_disk(model, job, target, units),
        network=target.network,
        stack=stack_name(job.method, gpu.software, gpus=gpus),
        launch_recipe=(),
    )


@dataclass(frozen=True, slots=True)
class Timing:
    """A job's speed range, hours and months of rent at a speed."""

    speed_range: tuple[float, float]
    hours: float | None
    hours_range: tuple[float, float] | None
    hours_per_epoch: float | None
    months: int


def _timing(job: TrainingJob, tokens_per_s: float, *, anchored: bool) -> Timing:
    """Hours for the job at the tuned speed and over its range (a Hugging Face stack low)."""
    spread = SPREAD_ANCHORED if anchored else SPREAD_ESTIMATED
    low_share = HF_STACK_SHARE if job.method is not TrainingMethod.PRETRAIN else 1 - 2 * spread
    low = tokens_per_s * (low_share if anchored else low_share * (1 - SPREAD_ESTIMATED))
    high = tokens_per_s * (1 + spread)
    hours = hours_range = hours_per_epoch = None
    if job.total_tokens is not None:
        hours = job.total_tokens / tokens_per_s / SECONDS_PER_HOUR
        hours_range = (
            job.total_tokens / high / SECONDS_PER_HOUR,
            job.total_tokens / low / SECONDS_PER_HOUR,
        )
    if job.tokens_per_epoch is not None:
        hours_per_epoch = job.tokens_per_epoch / tokens_per_s / SECONDS_PER_HOUR
    months = months_for_hours(hours) if hours is not None else 1
    return Timing((low, high), hours, hours_range, hours_per_epoch, months)


def expert_parallel(model: ModelSpec, target: Target, gpus: int) -> int:
    """GPUs a routed-expert model's experts are split over: one server's (or all, if fewer)."""
    if not model.moe or gpus == 1:
        return 1
    width = min(target.gpus_per_unit, gpus)
    while model.num_experts % width:
        width -= 1
    return max(width, 1)


def _step_seconds(  # noqa: PLR0917 - a step's parts
    model: ModelSpec,
    job: TrainingJob,
    target: Target,
    units: int,
    layout: Layout,
    state: StateLayout,
    micro: int,
    accum: int,
) -> float:
    """Seconds of one optimizer step: compute, or the communication it overlaps, if longer."""
    gpu = target.gpu
    cost = token_cost(model, job.method, job.seq_len, layout.checkpointing)
    per_token = compute_seconds_per_token(model, gpu, cost, job.precision)
    tp = layout.tensor_parallel
    if tp > 1:  # the group splits each token's FLOPs and all-reduces its activations
        per_token = per_token / tp + tp_seconds_per_token(model, gpu, tp)
    compute = per_token * micro * job.seq_len * accum
    if job.method is TrainingMethod.QLORA:
        compute += dequant_seconds(model, gpu) * accum
    comm = _comm_seconds(model, job, target, units, layout, accum)
    offload = 0.0
    if state.offload and job.method not in {TrainingMethod.LORA, TrainingMethod.QLORA}:
        share = model.total_params / max(layout.shard_gpus, 1)
        offload = share * 4 / PCIE_BYTES_PER_S + share / CPU_ADAM_PARAMS_PER_S
    return max(compute, comm) + offload


def _comm_seconds(  # noqa: PLR0917 - the collectives' inputs
    model: ModelSpec,
    job: TrainingJob,
    target: Target,
    units: int,
    layout: Layout,
    accum: int,
) -> float:
    """Seconds of one step's collectives: gathers and reductions of the sharded state."""
    gpus = units * target.gpus_per_unit
    if gpus == 1:
        return 0.0
    lora = job.method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    ep = expert_parallel(model, target, gpus)
    experts = model.params.routed_experts if ep > 1 else 0
    weights = 2 * (model.total_params - experts) // layout.tensor_parallel
    grads = 4 * adapter_params(model, job.lora_rank or 0) if lora else weights
    expert_grads = 0 if lora else 2 * experts // ep
    fabric = fabric_bytes_per_s(target.gpu)
    network = network_bytes_per_s(target.port_gbps)
    shard = max(layout.shard_gpus, 1)
    inside_link = fabric if shard <= target.gpus_per_unit else network
    spread = (shard - 1) / shard
    if layout.zero_stage >= ZERO_3:
        gathers = (2 * weights + (0 if lora else grads)) * spread * accum
        sharded = gathers / inside_link
    elif layout.zero_stage >= ZERO_1:
        sharded = 2 * grads * spread / inside_link
    else:
        sharded = 0.0
    link = fabric if units == 1 else network
    replicas = gpus // layout.tensor_parallel // shard
    reduce = 0.0
    if replicas > 1:
        reduce += 2 * (grads / shard) * (replicas - 1) / replicas / link
    expert_replicas = gpus // ep
    if expert_grads and expert_replicas > 1:
        reduce += 2 * expert_grads * (expert_replicas - 1) / expert_replicas / link
    return sharded + reduce


def _disk(model: ModelSpec, job: TrainingJob, target: Target, units: int) -> TrainingDisk:
    lora = job.method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    if lora:
        checkpoint = adapter_params(model, job.lora_rank or 0) * 16
    else:
        optimizer = {Optimizer.ADAMW: 12, Optimizer.ADAMW_8BIT: 6, Optimizer.ADAMW_BF16: 4}
        checkpoint = (2 + optimizer[job.optimizer]) * model.total_params
    base = 0 if job.method is TrainingMethod.PRETRAIN else 2 * model.total_params
    dataset = (job.tokens_per_epoch or 0) * DATASET_BYTES_PER_TOKEN
    if target.plan is not None:
        plan_bytes = int(
            target.plan.storage_drives * target.plan.storage_tb_per_drive * 10**12 * units
        )
    else:
        plan_bytes = 0
    need = base + CHECKPOINTS_KEPT * checkpoint + dataset
    return TrainingDisk(
        checkpoint_bytes=checkpoint,
        checkpoints_kept=CHECKPOINTS_KEPT,
        dataset_bytes=dataset,
        plan_bytes=plan_bytes,
        fits=plan_bytes == 0 or need <= plan_bytes * DISK_SHARE,
    )


def _cost_key(option: TrainingOption) -> tuple[Decimal, float, int]:
    cost = option.cost_usd if option.cost_usd is not None else Decimal("Infinity")
    return (cost, option.hours if option.hours is not None else 0.0, option.servers)


def plan_option(
    model: ModelSpec, job: TrainingJob, target: Target, choices: Choices
) -> TrainingOption:
    """Return a target's option: the count that runs the job at the least rent (see above)."""
    first = lay_out(model, job, target, 1, choices)
    if not target.joins or first.reason in {TrainReason.CUDA_ONLY, TrainReason.NO_SOFTWARE}:
        return _with_recipe(model, job, first)
    smallest = _smallest(model, job, target, choices, first)
    if not smallest.fits or job.total_tokens is None:
        return _with_recipe(model, job, smallest)
    best = smallest
    count = smallest.servers
    while count < MAX_ONLINE_ORDER_UNITS:
        count += 1
        option = lay_out(model, job, target, count, choices)
        if not option.fits:
            break
        if _better(option, best, job.deadline_hours):
            best = option
        if best.months == 1 and _meets(best, job.deadline_hours):
            break
    return _with_recipe(model, job, best)


def _smallest(
    model: ModelSpec, job: TrainingJob, target: Target, choices: Choices, first: TrainingOption
) -> TrainingOption:
    """Return the fewest servers that hold the job: doubling, then back between the last two."""
    smallest, units = first, 1
    while not smallest.fits and units < MAX_ONLINE_ORDER_UNITS:
        units = min(units * 2, MAX_ONLINE_ORDER_UNITS)
        smallest = lay_out(model, job, target, units, choices)
    if smallest.fits and smallest.servers > 1:
        for count in range(smallest.servers // 2 + 1, smallest.servers):
            option = lay_out(model, job, target, count, choices)
            if option.fits:
                return option
    return smallest


def _meets(option: TrainingOption, deadline: float | None) -> bool:
    return deadline is None or (option.hours is not None and option.hours <= deadline)


def _better(option: TrainingOption, best: TrainingOption, deadline: float | None) -> bool:
    meets, best_meets = _meets(option, deadline), _meets(best, deadline)
    if meets != best_meets:
        return meets
    if not meets:  # neither in time: the faster
        return (option.hours or 0.0) < (best.hours or 0.0)
    return _cost_key(option) < _cost_key(best)


def exact_option(
    model: ModelSpec, job: TrainingJob, target: Target, gpus: int, choices: Choices
) -> TrainingOption:
    """Return the option on exactly ``gpus`` GPUs of a target (whole servers, rounded up)."""
    units = max(1, math.ceil(gpus / target.gpus_per_unit))
    option = lay_out(model, job, target, units, choices)
    if not target.joins and gpus > 1 and option.fits:
        option = replace(option, fits=False, reason=TrainReason.SEPARATE_MACHINES)
    return _with_recipe(model, job, option)


def _with_recipe(model: ModelSpec, job: TrainingJob, option: TrainingOption) -> TrainingOption:
    if not option.fits:
        return option
    return replace(option, launch_recipe=launch_recipe(model, job, option))


def other_count(
    model: ModelSpec, job: TrainingJob, target: Target, choices: Choices, pick: TrainingOption
) -> TrainingOption | None:
    """Return the pick's plan on another count: one server for months against more for fewer.

    Several servers picked: the fewest that hold the job (longer, rent about the same). One
    server for several months: the fewest that finish within a month.
    """
    if not target.joins or pick.hours is None:
        return None
    if pick.months <= 1:
        fewest = _smallest(model, job, target, choices, lay_out(model, job, target, 1, choices))
        if fewest.fits and fewest.servers < pick.servers:
            return _with_recipe(model, job, fewest)
        return None
    for count in range(pick.servers + 1, min(pick.servers * pick.months * 2, 64) + 1):
        option = lay_out(model, job, target, count, choices)
        if option.fits and option.months == 1:
            return _with_recipe(model, job, option)
    return None
