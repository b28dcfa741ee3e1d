"""A comparison's one-line takeaways, as the page states them, computed from the catalog.

"US$4,000 a month cheaper", "~2x memory, ~1.7x bandwidth, ~2.5x FP8", "2.5x memory per
dollar": each is a ``Point`` whose ratios and differences come from ``CompareAnswer`` (so they
follow the prices and specs in use). Ratios are stated from the GPU that leads (>= 1).
"""

from __future__ import annotations

from sizing.answer import CompareAnswer
from sizing.knowledge.types import Fact, Point, Value
from sizing.request import GpuId

_RATIO_KEYS = ("memory_ratio", "bandwidth_ratio", "fp8_ratio")


def _leads(answer: CompareAnswer) -> dict[GpuId, dict[str, float]]:
    """Per GPU, the metrics it leads on and by how much (a tie leads nowhere)."""
    ratios = {
        "memory_ratio": answer.memory_ratio,
        "bandwidth_ratio": answer.bandwidth_ratio,
        "fp8_ratio": answer.fp8_tflops_ratio,
    }
    leads: dict[GpuId, dict[str, float]] = {answer.a.id: {}, answer.b.id: {}}
    for key in _RATIO_KEYS:
        ratio = ratios[key]
        if ratio is None or ratio == 1:
            continue
        if ratio > 1:
            leads[answer.a.id][key] = ratio
        else:
            leads[answer.b.id][key] = 1 / ratio
    return leads


def _hardware(answer: CompareAnswer) -> list[Point]:
    points = []
    for gpu, metrics in _leads(answer).items():
        if not metrics:
            continue
        other = answer.b.id if gpu is answer.a.id else answer.a.id
        values: dict[str, Value] = {"gpu": gpu.value, "other": other.value, **metrics}
        points.append(Point(Fact.HARDWARE_RATIOS, values))
    return points


def cheaper_server(answer: CompareAnswer) -> list[Point]:
    """State the price gap between the two 8-GPU server plans, if both are sold."""
    difference = answer.server_monthly_usd_difference
    server_a = next((p for p in answer.plans_a if p.is_server), None)
    server_b = next((p for p in answer.plans_b if p.is_server), None)
    if not difference or server_a is None or server_b is None:
        return []
    cheaper, dearer = (answer.a, answer.b) if difference > 0 else (answer.b, answer.a)
    plans = (server_a, server_b) if difference > 0 else (server_b, server_a)
    values: dict[str, Value] = {
        "gpu": cheaper.id.value,
        "other": dearer.id.value,
        "plan": plans[0].id,
        "other_plan": plans[1].id,
        "difference_usd": abs(difference),
    }
    if cheaper.memory_gb > dearer.memory_gb:
        values["memory_ratio"] = cheaper.memory_gb / dearer.memory_gb
    return [Point(Fact.CHEAPER_SERVER, values)]


def _per_dollar(answer: CompareAnswer) -> list[Point]:
    ratio = answer.memory_per_usd_ratio
    if ratio is None or ratio == 1:
        return []
    gpu, other = (answer.a, answer.b) if ratio > 1 else (answer.b, answer.a)
    values: dict[str, Value] = {
        "gpu": gpu.id.value,
        "other": other.id.value,
        "per_dollar_ratio": ratio if ratio > 1 else 1 / ratio,
    }
    return [Point(Fact.MEMORY_PER_DOLLAR, values)]


def compare_takeaways(answer: CompareAnswer) -> tuple[Point, ...]:
    """Sum a comparison up: hardware ratios, the price gap, memory per dollar."""
    return (*_hardware(answer), *cheaper_server(answer), *_per_dollar(answer))
