"""Hardware we do not rent: what it is, the nearest GPU we do rent, and a model's fit on it.

The nearest rented GPU runs the same software stack (CUDA on the H200, ROCm on the MI355X),
and among those the one whose memory is closest to it; hardware of neither stack (TPU, Gaudi)
gets the rented GPU whose memory is closest. Only GPUs with a priced plan are pointed at.
A model's fit on the hardware we do not rent is the page's own rule on the engine's figures:
its weights and one context of KV cache against the GPUs' memory, with the serving engine's
default reserve kept free, said as an estimate.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.answer import SizingAnswer
from sizing.catalog import GpuFacts, PlanFacts, load_gpus, plans_for
from sizing.offer.data import OtherGpu, OtherSoftware, other_gpus
from sizing.request import DEFAULT_GPU_MEMORY_UTILIZATION
from sizing.units import GB

_STACKS = {OtherSoftware.CUDA: "cuda", OtherSoftware.ROCM: "rocm"}


@dataclass(frozen=True, slots=True)
class OtherFit:
    """A model on so many GPUs we do not rent: what it needs and what they hold (bytes)."""

    count: int
    needed_bytes: int  # weights and one context of KV cache, as sized on our plans
    usable_bytes: int  # the GPUs' memory after the serving engine's default reserve
    fits: bool


@dataclass(frozen=True, slots=True)
class Unrented:
    """The answer for hardware we do not rent: it, the nearest GPU we rent and its plans."""

    gpu: OtherGpu
    nearest: GpuFacts
    plans: tuple[PlanFacts, ...]
    same_stack: bool
    fit: OtherFit | None = None


def other_gpu(gpu_id: str) -> OtherGpu | None:
    """Return a GPU we do not rent by its id (``h100``, ``mi300x``), or None."""
    return next((gpu for gpu in other_gpus() if gpu.id == gpu_id), None)


def nearest_rented(gpu: OtherGpu) -> tuple[GpuFacts, bool] | None:
    """Return the rented GPU nearest to ``gpu``, and whether it runs the same stack."""
    priced = [g for g in load_gpus() if plans_for(g.id)]
    if not priced:
        return None
    stack = _STACKS.get(gpu.software)
    same = [g for g in priced if stack is not None and g.software.value == stack]
    pool = same or priced
    chosen = min(
        pool, key=lambda g: (g.memory_gb < gpu.memory_gb, abs(g.memory_gb - gpu.memory_gb))
    )
    return chosen, bool(same)


def fit_on(gpu: OtherGpu, answer: SizingAnswer, count: int = 1) -> OtherFit:
    """Compare a sized model's weights and one context with ``count`` of ``gpu``'s memory."""
    needed = answer.weights_bytes + answer.kv_bytes_per_sequence
    usable = int(count * gpu.memory_gb * GB * DEFAULT_GPU_MEMORY_UTILIZATION)
    return OtherFit(count=count, needed_bytes=needed, usable_bytes=usable, fits=needed <= usable)


def unrented(gpu_id: str, answer: SizingAnswer | None = None, count: int = 1) -> Unrented | None:
    """Say what we rent instead of ``gpu_id``, and how a sized model would fit on it."""
    gpu = other_gpu(gpu_id)
    if gpu is None:
        return None
    nearest = nearest_rented(gpu)
    if nearest is None:
        return None
    facts, same = nearest
    fit = fit_on(gpu, answer, max(1, count)) if answer is not None else None
    return Unrented(gpu=gpu, nearest=facts, plans=plans_for(facts.id), same_stack=same, fit=fit)
