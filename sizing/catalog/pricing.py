"""The price table: the plans sold, all or one GPU's, and the GPUs the catalog cannot price."""

from __future__ import annotations

from functools import cache

from sizing.catalog.hardware import get_gpu, hours_per_month, load_gpus, load_plans, prices_as_of
from sizing.catalog.types import PriceAnswer
from sizing.request import GpuId


@cache
def price_list(gpu: GpuId | None = None) -> PriceAnswer:
    """List the plans sold (all, or one GPU's) and the GPUs the catalog cannot price.

    Kept until the catalog changes (``sizing.catalog_install.install`` forgets it): the same
    answer object each time, so what is made of it can be kept by it.
    """
    plans = tuple(p for p in load_plans() if gpu is None or p.gpu is gpu)
    priced = {p.gpu for p in load_plans()}
    if gpu is None:
        gpus = tuple(g for g in load_gpus() if g.id in priced)
        unpriced = tuple(g.id for g in load_gpus() if g.id not in priced)
    else:
        gpus = (get_gpu(gpu),)
        unpriced = () if gpu in priced else (gpu,)
    return PriceAnswer(
        plans=plans,
        gpu=gpu,
        gpus=gpus,
        unpriced_gpus=unpriced,
        hours_per_month=hours_per_month(),
        prices_as_of=prices_as_of(),
    )
