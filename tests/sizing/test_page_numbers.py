"""Every number of the product page (seed-mi355x-vs-h200.zh.md), computed by the engine."""

from decimal import Decimal

import pytest

from sizing.answer import FitNote
from sizing.catalog.hardware import get_gpu
from sizing.catalog.pricing import price_list
from sizing.deploy.compare import compare_gpus
from sizing.deploy.engine import size_deployment
from sizing.request import GpuId, SizingRequest

GB = 10**9


@pytest.fixture(scope="module")
def page():
    """Compare as the page does: H200 (a) with MI355X (b), in its table's order."""
    return compare_gpus(GpuId.H200, GpuId.MI355X)


def _row(page, label):
    return next(r for r in page.fit_rows if r.label == label)


def test_spec_table():
    """Memory, bandwidth, FP4/FP8/BF16 TFLOPS, interconnect and power as the spec table says."""
    mi, h200 = get_gpu(GpuId.MI355X), get_gpu(GpuId.H200)
    assert (mi.architecture, h200.architecture) == ("CDNA 4", "Hopper")
    assert (mi.memory_gb, h200.memory_gb) == (288, 141)
    assert (mi.bandwidth_tb_s, h200.bandwidth_tb_s) == (8.0, 4.8)
    assert (mi.tflops_fp4, h200.tflops_fp4) == (10_100, None)
    assert (mi.tflops_fp8, h200.tflops_fp8) == (5_000, 1_979)
    assert (mi.tflops_bf16, h200.tflops_bf16) == (2_500, 989)
    assert h200.interconnect_gb_s == 900
    assert (mi.power_w, h200.power_w) == (1_400, 700)


def test_price_table_per_gpu_hour():
    """Per GPU-hour = monthly / GPUs / 730: 3.41, 4.23, 4.09."""
    hourly = {p.id: p.usd_per_gpu_hour for p in price_list().plans}
    assert hourly == {
        "mi355x-8x": Decimal("3.41"),
        "h200-1x": Decimal("4.23"),
        "h200-8x": Decimal("4.09"),
    }


def test_per_gb_month_and_memory_per_dollar(page):
    """Per GB-month 8.64 (MI355X server) and 21.19 (HGX H200): about 2.5x the memory per dollar."""
    assert page.usd_per_gb_month_b == Decimal("8.64")
    assert page.usd_per_gb_month_a == Decimal("21.19")
    assert round(1 / page.memory_per_usd_ratio, 1) == 2.5


def test_mi355x_server_is_4000_cheaper_with_twice_the_memory(page):
    """US$19,900 vs US$23,900: US$4,000 cheaper, 2,304 GB per server."""
    assert page.server_monthly_usd_difference == Decimal(-4000)
    assert page.plans_b[0].memory_gb_total == 2304


def test_hardware_ratios(page):
    """About twice the memory, ~1.7x the bandwidth, ~2.5x FP8 and BF16 for MI355X."""
    assert round(1 / page.memory_ratio, 1) == 2.0
    assert round(1 / page.bandwidth_ratio, 1) == 1.7
    assert round(1 / page.fp8_tflops_ratio, 1) == 2.5
    assert round(1 / page.bf16_tflops_ratio, 1) == 2.5


@pytest.mark.parametrize(
    ("label", "weights_gb", "h200", "mi355x"),
    [
        ("70b_dense_fp8", 70, 1, 1),
        ("70b_dense_bf16", 140, 1, 1),
        ("405b_dense_fp8", 405, 3, 2),
        ("405b_dense_bf16", 810, 6, 3),
        ("671b_moe_fp8", 671, 5, 3),
        ("671b_moe_bf16", 1342, 10, 5),
    ],
)
def test_fit_table_gpu_counts(page, label, weights_gb, h200, mi355x):
    """The page's rule (weights only, ceil over marketed GB) gives the page's GPU counts."""
    row = _row(page, label)
    assert row.weights_gb == pytest.approx(weights_gb, rel=0.035)
    assert (row.gpus_a, row.gpus_b) == (h200, mi355x)


def test_70b_bf16_fits_one_h200_with_no_room_really_two(page):
    """70B BF16: one H200 by weights but no room; the engine's real placement takes 2."""
    row = _row(page, "70b_dense_bf16")
    assert FitNote.NO_ROOM in row.notes_a
    assert row.gpus_deployable_a == 2
    assert row.gpus_with_room_a == 2
    assert row.notes_b == ()
    assert row.gpus_deployable_b == 1


def test_rows_without_notes_have_none(page):
    """Only the 70B BF16 and 671B BF16 rows carry notes, and only on the H200."""
    noted = {r.label for r in page.fit_rows if r.notes_a or r.notes_b}
    assert noted == {"70b_dense_bf16", "671b_moe_bf16"}


def test_671b_bf16_exceeds_one_h200_server_and_leaves_960_gb_on_mi355x(page):
    """671B BF16: 10 H200 (more than one 8-GPU server); 5 MI355X with ~960 GB left."""
    row = _row(page, "671b_moe_bf16")
    assert FitNote.EXCEEDS_ONE_SERVER in row.notes_a
    assert row.server_room_bytes_a is None
    assert row.server_room_bytes_b / GB == pytest.approx(960, rel=0.01)


def test_deepseek_kv_room_on_full_servers(page):
    """DeepSeek-V3 at FP8 leaves ~1.6 TB of KV room on the MI355X server and ~450 GB on HGX H200."""
    assert page.deepseek_kv_room_b.room_bytes_marketed / GB == pytest.approx(1600, rel=0.03)
    assert page.deepseek_kv_room_a.room_bytes_marketed / GB == pytest.approx(450, rel=0.03)
    assert page.deepseek_kv_room_a.room_bytes_vllm < page.deepseek_kv_room_a.room_bytes_physical


def test_70b_kv_example(page):
    """~0.16 MB KV per token in FP8, ~21 GB per 128K; ~70 GB left (3 contexts) vs ~218 GB (10)."""
    ex = page.kv_example
    assert ex.kv_bytes_per_token / 1e6 == pytest.approx(0.16, rel=0.03)
    assert ex.kv_bytes_per_context / GB == pytest.approx(21, rel=0.03)
    assert ex.room_bytes_a / GB == pytest.approx(70, rel=0.03)
    assert ex.room_bytes_b / GB == pytest.approx(218, rel=0.03)
    assert round(ex.contexts_a) == 3
    assert round(ex.contexts_b) == 10


def test_single_h200_fits_70b_fp8_with_kv_room():
    """The page: a single H200 at US$3,090 holds a 70B at FP8 with room for KV."""
    answer = size_deployment(SizingRequest(params_b=70, precision="fp8", context_tokens=131072))
    single = next(o for o in answer.options if o.plan == "h200-1x")
    assert single.fits
    assert single.price.monthly_usd == Decimal(3090)
    assert single.fit.max_concurrency_at_context >= 1
    assert answer.recommended == "h200-1x"
