"""Placement: the parallel shape a serving engine will start, and how many units to rent.

Rules (``engine-notes.md``, "Parallelism that serving engines accept", and the page's plan
rules): tensor parallel 1/2/4/8 inside one server, dividing the attention heads, and for GQA
either dividing the KV heads or divisible by them (vLLM's check); pipeline parallel only across
servers, one stage per server; a plan whose machines are independent (single H200) runs TP=1
only, several machines being replicas, never one model split across them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.catalog import GpuFacts, PlanFacts
from sizing.codes import Reason
from sizing.fit.memory import KvRoom, ModelLoad, Shape, kv_room
from sizing.model import Attention

TENSOR_PARALLEL_SIZES = (1, 2, 4, 8)
# Pipeline stages across servers the engine will consider: beyond this a customer needs a
# quote for a cluster (the page: "several servers: quote on request").
MAX_PIPELINE_SERVERS = 8


@dataclass(frozen=True, slots=True)
class Target:
    """What an option rents: a plan, or a GPU's server shape without a plan (B200)."""

    gpu: GpuFacts
    plan: PlanFacts | None
    gpus_per_unit: int  # GPUs in one rented unit (8 for a server, 1 for a single-GPU plan)
    can_split_model: bool


@dataclass(frozen=True, slots=True)
class Placement:
    """The chosen shape and its count, or the reason nothing fits (with the last shape tried)."""

    shape: Shape
    room: KvRoom
    fits: bool
    reason: Reason | None
    replicas: int  # replicas needed for the concurrency (0 when it does not fit)
    units: int  # plan units (servers or single-GPU machines) to rent
    gpus: int  # GPUs rented: units x GPUs per unit


def target_for_plan(gpu: GpuFacts, plan: PlanFacts) -> Target:
    """Make the target of a priced plan."""
    return Target(gpu=gpu, plan=plan, gpus_per_unit=plan.gpus, can_split_model=plan.can_split_model)


def target_for_server(gpu: GpuFacts) -> Target:
    """Make an unpriced server target of a GPU (e.g. an 8-GPU HGX B200)."""
    return Target(gpu=gpu, plan=None, gpus_per_unit=gpu.gpus_per_server, can_split_model=True)


def tensor_parallel_ok(load: ModelLoad, tensor_parallel: int) -> bool:
    """Whether vLLM accepts this TP for the model's heads."""
    if load.num_attention_heads % tensor_parallel:
        return False
    if load.attention is Attention.MLA:
        return True
    kv_heads = load.num_kv_heads
    return kv_heads % tensor_parallel == 0 or tensor_parallel % kv_heads == 0


def candidate_shapes(load: ModelLoad, target: Target) -> tuple[Shape, ...]:
    """Every shape worth trying on the target, smallest first."""
    if not target.can_split_model:
        return (Shape(1, 1),)
    sizes = [
        tp
        for tp in TENSOR_PARALLEL_SIZES
        if tp <= target.gpus_per_unit and tensor_parallel_ok(load, tp)
    ]
    if not sizes:
        return ()
    shapes = [Shape(tp, 1) for tp in sizes]
    if target.gpus_per_unit > 1:
        shapes += [Shape(sizes[-1], pp) for pp in range(2, MAX_PIPELINE_SERVERS + 1)]
    return tuple(shapes)


def dp_attention_shapes(load: ModelLoad, target: Target) -> tuple[Shape, ...]:
    """Data-parallel-attention layouts over one whole server, for MoE models with MLA.

    Under tensor parallelism the MLA latent is whole on every rank, so eight GPUs hold eight
    copies of each sequence's cache; with attention data-parallel each group of TP GPUs
    caches only its own sequences and the experts are sharded over all the server's GPUs
    (SGLang ``--enable-dp-attention``, vLLM data parallel with ``--enable-expert-parallel``).
    The whole server, as engines lay it out: the experts' all-to-all stays on its fabric.
    Narrowest attention groups first.
    """
    gpus = target.gpus_per_unit
    if load.attention is not Attention.MLA or not load.moe or not target.can_split_model:
        return ()
    if load.draft is not None:  # a separate draft model runs beside classic layouts only
        return ()
    return tuple(
        Shape(tp, 1, gpus // tp, expert_parallel=True)
        for tp in TENSOR_PARALLEL_SIZES
        if tp < gpus and gpus % tp == 0 and tensor_parallel_ok(load, tp)
    )


def units_for(shape: Shape, replicas: int, gpus_per_unit: int) -> int:
    """Count the units to rent.

    Replicas share a server when they use fewer than its GPUs; PP stages take a server each.
    """
    if shape.pipeline_parallel > 1:
        return replicas * shape.pipeline_parallel
    per_unit = max(gpus_per_unit // shape.gpus, 1)
    return -(-replicas // per_unit)


def failure_reason(room: KvRoom, gpu: GpuFacts) -> Reason:
    """Why a shape does not hold one sequence of the context."""
    if room.weights_per_gpu_bytes > gpu.usable_bytes - gpu.cuda_context_bytes:
        return Reason.WEIGHTS_EXCEED_MEMORY
    if room.kv_bytes_per_gpu <= 0:
        return Reason.NO_KV_ROOM
    return Reason.CONTEXT_DOES_NOT_FIT


def held_on_gpus(gpus: int, shape: Shape, room: KvRoom) -> int:
    """Sequences of the context that whole copies of the shape hold on ``gpus`` GPUs."""
    return (gpus // shape.gpus) * max(room.max_sequences, 0)


@dataclass(frozen=True, slots=True)
class CountRoom:
    """What a number of GPUs of one kind holds of a request: whole copies of the model only."""

    copy_fits: bool  # some layout within those GPUs loads the weights
    sequences: int  # sequences of the requested context those GPUs hold at once


def room_on_gpus(
    load: ModelLoad, target: Target, gpus: int, *, gpu_memory_utilization: float
) -> CountRoom:
    """Say what ``gpus`` GPUs of the target hold, in the best layout that fits within them.

    The layouts are those an engine starts on the target (a single-GPU plan runs one copy per
    machine); a copy spread over more GPUs than that counts for nothing.
    """
    copy_fits, held = False, 0
    for shape in (*candidate_shapes(load, target), *dp_attention_shapes(load, target)):
        if shape.gpus > gpus:
            continue
        room = kv_room(load, target.gpu, shape, gpu_memory_utilization=gpu_memory_utilization)
        if (
            room.max_sequences < 1
            and failure_reason(room, target.gpu) is Reason.WEIGHTS_EXCEED_MEMORY
        ):
            continue
        copy_fits = True
        held = max(held, held_on_gpus(gpus, shape, room))
    return CountRoom(copy_fits=copy_fits, sequences=held)


def place(
    load: ModelLoad,
    target: Target,
    *,
    concurrency: int,
    gpu_memory_utilization: float,
    shapes: tuple[Shape, ...] | None = None,
    rooms: dict[Shape, KvRoom] | None = None,
) -> Placement | None:
    """Choose the cheapest shape that serves the concurrency.

    Cheapest: fewest units, then fewest GPUs, then the most sequences held (see ``_cost_key``).
    ``shapes`` (smallest first) defaults to the classic tensor/pipeline shapes. When none
    fits, the largest shape tried with its reason; None when the target has no shape at all.
    ``rooms`` keeps the KV room of each shape tried, for a caller that weighs them again.
    """
    best: Placement | None = None
    best_key: tuple[int, int, int, int, int] | None = None
    last: Placement | None = None
    for shape in candidate_shapes(load, target) if shapes is None else shapes:
        if best_key is not None and _least_cost(shape) > best_key[:2]:
            break  # shapes come smallest first: no later one can cost less
        room = kv_room(load, target.gpu, shape, gpu_memory_utilization=gpu_memory_utilization)
        if rooms is not None:
            rooms[shape] = room
        if room.max_sequences < 1:
            reason = failure_reason(room, target.gpu)
            last = Placement(shape, room, fits=False, reason=reason, replicas=0, units=0, gpus=0)
            continue
        replicas = -(-concurrency // room.max_sequences)
        units = units_for(shape, replicas, target.gpus_per_unit)
        option = Placement(
            shape,
            room,
            fits=True,
            reason=None,
            replicas=replicas,
            units=units,
            gpus=units * target.gpus_per_unit,
        )
        key = _cost_key(option)
        if best_key is None or key < best_key:
            best, best_key = option, key
    if best is not None:
        return best
    needs_more_gpus = {Reason.WEIGHTS_EXCEED_MEMORY, Reason.NO_KV_ROOM}
    if last is not None and not target.can_split_model and last.reason in needs_more_gpus:
        # The model needs more than one GPU, and these machines cannot share it.
        return _with_reason(last, Reason.SINGLE_GPU_PLAN_CANNOT_SHARD)
    return last


def _cost_key(option: Placement) -> tuple[int, int, int, int, int]:
    """Order placements: units, GPUs occupied, pipeline stages, sequences held (most), TP.

    At equal GPUs, independent replicas beat one replica pipelined across servers (no
    network hop in every step); two TP=4 replicas and one TP=8 replica occupy the same GPUs,
    and the single replica stores the weights once, so it holds more sequences.
    """
    shape = option.shape
    held = option.replicas * option.room.max_sequences
    gpus = option.replicas * shape.gpus
    return (option.units, gpus, shape.pipeline_parallel, -held, shape.tensor_parallel)


def _least_cost(shape: Shape) -> tuple[int, int]:
    """Return the lowest (units, GPUs) a shape could cost: one replica."""
    return (shape.pipeline_parallel, shape.gpus)


def _with_reason(placement: Placement, reason: Reason) -> Placement:
    return Placement(
        placement.shape,
        placement.room,
        fits=False,
        reason=reason,
        replicas=0,
        units=0,
        gpus=0,
    )
