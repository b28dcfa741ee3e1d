"""compare_gpus and price_list beyond the product page: B200 is compared, never priced."""

from decimal import Decimal

from sizing.answer import AdviceCode
from sizing.catalog.pricing import price_list
from sizing.catalog.rental import usd_per_million_tokens
from sizing.deploy.compare import compare_gpus
from sizing.request import GpuId
from sizing.serialize import to_json


def test_b200_is_compared_without_a_price():
    """H200 vs B200: ratios from vendor figures; B200 has no plan and no price."""
    answer = compare_gpus(GpuId.H200, GpuId.B200)
    assert answer.plans_b == ()
    assert answer.usd_per_gb_month_b is None
    assert answer.server_monthly_usd_difference is None
    assert answer.unpriced_gpus == (GpuId.B200,)
    assert round(answer.memory_ratio, 3) == round(141 / 180, 3)
    assert answer.fp4_tflops_ratio is None
    codes = {(a.gpu, a.code) for a in answer.advice}
    assert (GpuId.B200, AdviceCode.NATIVE_FP4_FP6) in codes
    assert (GpuId.H200, AdviceCode.SINGLE_GPU_PLAN) in codes
    assert all(a.plan is None for a in answer.advice if a.gpu is GpuId.B200)


def test_fp4_ratio_when_both_have_fp4():
    """MI355X vs B200: both native FP4, the ratio is 10,100 / 9,000."""
    answer = compare_gpus(GpuId.MI355X, GpuId.B200)
    assert answer.fp4_tflops_ratio == 10_100 / 9_000


def test_price_list_filters_by_gpu():
    """price_list(h200) holds the two H200 plans and nothing unpriced."""
    answer = price_list(GpuId.H200)
    assert [p.id for p in answer.plans] == ["h200-1x", "h200-8x"]
    assert answer.unpriced_gpus == ()


def test_usd_per_million_tokens_formula():
    """US$3,090 a month at 100 tokens/s: 3090 / (100 x 730 x 3600) x 1e6 = 11.76."""
    assert usd_per_million_tokens(Decimal(3090), 100.0) == Decimal("11.76")
    assert usd_per_million_tokens(Decimal(3090), 0.0) is None


def test_money_serializes_as_two_decimal_strings_and_enums_as_values():
    """to_json: Decimals as '0.00' strings, enums as their values, tuples as lists."""
    data = to_json(price_list())
    plan = data["plans"][0]
    assert plan["monthly_usd"] == "19900.00"
    assert plan["usd_per_gb_month"] == "8.64"
    assert plan["gpu"] == "mi355x"
    assert plan["availability"] == "limited"
    compared = to_json(compare_gpus(GpuId.MI355X, GpuId.H200))
    assert compared["fit_rows"][1]["notes_b"] == ["no_room"]
    assert compared["a"]["native_formats"][0] == "fp4"
