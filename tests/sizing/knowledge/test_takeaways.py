"""A comparison's takeaways state the page's ratios and price gap, from the leading GPU."""

from __future__ import annotations

from decimal import Decimal

from sizing.deploy.compare import compare_gpus
from sizing.knowledge.takeaways import compare_takeaways
from sizing.knowledge.types import Fact
from sizing.request import GpuId


def _by_fact(a, b):
    return {p.fact: p.values for p in compare_takeaways(compare_gpus(a, b))}


def test_mi355x_over_h200_has_the_page_takeaways():
    """~2x memory, ~1.7x bandwidth, ~2.5x FP8; $4,000 a month cheaper; 2.5x memory per dollar."""
    takeaways = _by_fact(GpuId.MI355X, GpuId.H200)
    ratios = takeaways[Fact.HARDWARE_RATIOS]
    assert ratios["gpu"] == "mi355x"
    assert [round(ratios[k], 1) for k in ("memory_ratio", "bandwidth_ratio", "fp8_ratio")] == [
        2.0,
        1.7,
        2.5,
    ]
    assert takeaways[Fact.CHEAPER_SERVER]["difference_usd"] == Decimal(4000)
    assert round(takeaways[Fact.MEMORY_PER_DOLLAR]["per_dollar_ratio"], 1) == 2.5


def test_takeaways_do_not_depend_on_the_order_asked():
    """H200 vs MI355X states the same leader and ratios."""
    forward = _by_fact(GpuId.MI355X, GpuId.H200)
    backward = _by_fact(GpuId.H200, GpuId.MI355X)
    assert forward[Fact.HARDWARE_RATIOS]["gpu"] == backward[Fact.HARDWARE_RATIOS]["gpu"]
    assert forward[Fact.CHEAPER_SERVER] == backward[Fact.CHEAPER_SERVER]


def test_an_unpriced_gpu_gets_no_price_takeaway():
    """B200 has no plan: no price gap and no memory per dollar, only hardware ratios."""
    takeaways = _by_fact(GpuId.MI355X, GpuId.B200)
    assert set(takeaways) == {Fact.HARDWARE_RATIOS}
    assert "bandwidth_ratio" not in takeaways[Fact.HARDWARE_RATIOS]  # 8 TB/s on both: a tie
