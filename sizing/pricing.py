"""Prices: the price table, and what a deployment costs per month and per million tokens."""

from __future__ import annotations

from decimal import Decimal

from sizing.catalog.types import PlanFacts, PriceAnswer
from sizing.hardware import HOURS_PER_MONTH, get_gpu, load_gpus, load_plans
from sizing.request import GpuId
from sizing.units import to_cents

SECONDS_PER_HOUR = 3600
TOKENS_PER_MILLION = 1_000_000


def price_list(gpu: GpuId | None = None) -> PriceAnswer:
    """List the plans sold (all, or one GPU's) and the GPUs the catalog cannot price."""
    plans = tuple(p for p in load_plans() if gpu is None or p.gpu is gpu)
    priced = {p.gpu for p in load_plans()}
    if gpu is None:
        gpus = tuple(g for g in load_gpus() if g.id in priced)
        unpriced = tuple(g.id for g in load_gpus() if g.id not in priced)
    else:
        gpus = (get_gpu(gpu),)
        unpriced = () if gpu in priced else (gpu,)
    return PriceAnswer(
        plans=plans, gpu=gpu, gpus=gpus, unpriced_gpus=unpriced, hours_per_month=HOURS_PER_MONTH
    )


def monthly_usd(plan: PlanFacts, units: int) -> Decimal:
    """Monthly price of ``units`` of a plan (fixed monthly prices; no volume discount)."""
    return plan.monthly_usd * units


def usd_per_million_tokens(monthly: Decimal, tokens_per_s: float) -> Decimal | None:
    """Monthly price over the tokens generated in a month at that rate, per million tokens."""
    if tokens_per_s <= 0:
        return None
    tokens_per_month = Decimal(repr(tokens_per_s)) * HOURS_PER_MONTH * SECONDS_PER_HOUR
    cost = monthly / tokens_per_month * TOKENS_PER_MILLION
    return to_cents(cost)
