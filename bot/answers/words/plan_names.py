"""How answers name plans and GPUs: as the product page's price table writes them."""

from __future__ import annotations

from sizing import GpuFacts, GpuId, PlanFacts, PlanOption, load_gpus, load_plans

# Plan names as the product page's price table writes them (seed-mi355x-vs-h200, 2026-10-22).
PLAN_NAMES: dict[str, str] = {
    "mi355x-8x": "8× AMD Instinct MI355X",
    "h200-1x": "NVIDIA H200",
    "h200-8x": "8× NVIDIA HGX H200",
}


_SHORT_NAMES = {gpu: gpu.value.upper() for gpu in GpuId}


def short_gpu_name(gpu: GpuId) -> str:
    """``MI355X``, ``H200``, ``B200``: how buttons and tables name a GPU."""
    return _SHORT_NAMES[gpu]


def facts_name(plan: PlanFacts | None, gpu: GpuFacts) -> str:
    """Return the display name of a plan, or of the 8-GPU server shape of an unpriced GPU."""
    if plan is not None and plan.id in PLAN_NAMES:
        return PLAN_NAMES[plan.id]
    if plan is not None and not plan.is_server:
        return gpu.name
    return f"{gpu.gpus_per_server}× {gpu.name}"


def option_name(option: PlanOption) -> str:
    """Return the display name of what a sizing option rents, from the facts it carries."""
    return facts_name(option.plan_facts, option.gpu_facts)


def plan_facts(plan_id: str | None) -> PlanFacts | None:
    """Return the catalog's plan for answers that carry only its id (knowledge answers)."""
    return next((p for p in load_plans() if p.id == plan_id), None)


def plan_name(plan_id: str | None, gpu: GpuId) -> str:
    """Return the display name of a plan named by id (or of an unpriced GPU's server)."""
    facts = next(g for g in load_gpus() if g.id is gpu)
    return facts_name(plan_facts(plan_id), facts)
