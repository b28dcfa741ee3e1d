"""Helpers shared by the knowledge answers: which GPU a question is about, plans, actions."""

from __future__ import annotations

from sizing.catalog import PlanFacts, plans_for
from sizing.knowledge.data import load_knowledge
from sizing.knowledge.types import Action, ActionKind, Fact, Point, Question
from sizing.request import GpuId


def first_gpu(question: Question, default: GpuId) -> GpuId:
    """Return the first GPU the question names, else ``default``."""
    return question.gpus[0] if question.gpus else default


def other_gpu(gpu: GpuId) -> GpuId:
    """Return the GPU ``gpu`` is usually weighed against (the page's pair)."""
    faq = load_knowledge().faq.better
    if gpu is faq.gpu:
        return faq.other
    if gpu is faq.other:
        return faq.gpu
    return faq.gpu


def server_plan(gpu: GpuId) -> PlanFacts | None:
    """Return the 8-GPU server plan of a GPU, if one is sold."""
    return next((p for p in plans_for(gpu) if p.is_server), None)


def single_plan(gpu: GpuId) -> PlanFacts | None:
    """Return the single-GPU plan of a GPU, if one is sold."""
    return next((p for p in plans_for(gpu) if not p.is_server), None)


def plan_offer(plan: PlanFacts) -> Point:
    """Say a plan's price, stock and delivery."""
    return Point(
        Fact.PLAN_OFFER,
        {
            "plan": plan.id,
            "monthly_usd": plan.monthly_usd,
            "availability": plan.availability.value,
            "delivery_days": plan.lead_time_business_days,
        },
        count="delivery_days",
    )


def compare_action(gpu: GpuId) -> Action:
    """Compare ``gpu`` with the GPU it is usually weighed against."""
    return Action(ActionKind.COMPARE, gpus=(gpu, other_gpu(gpu)))


def order_actions(plans: tuple[PlanFacts, ...]) -> tuple[Action, ...]:
    """One checkout action per plan."""
    return tuple(Action(ActionKind.ORDER, plan=p.id) for p in plans)
