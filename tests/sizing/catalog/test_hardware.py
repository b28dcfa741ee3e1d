"""The hardware catalog: vendor figures, usable bytes, plans and their rules, validation."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from sizing.catalog.hardware import (
    GPUS_FILE,
    PLANS_FILE,
    get_gpu,
    load_gpus,
    load_plans,
    parse_gpus,
    parse_plans,
)
from sizing.catalog.types import Availability, Software
from sizing.errors import CatalogError
from sizing.request import GpuId, Precision


def _plan(plan_id):
    return next(p for p in load_plans() if p.id == plan_id)


def test_h200_usable_bytes_are_the_measured_ones():
    """The H200 carries the bytes the framework saw and its CUDA context, not an estimate."""
    h200 = get_gpu(GpuId.H200)
    assert h200.usable_bytes == 150_109_880_320
    assert h200.cuda_context_bytes == 554_500_096
    assert not h200.usable_bytes_estimated


@pytest.mark.parametrize("gpu_id", [GpuId.MI355X, GpuId.B200])
def test_unmeasured_gpus_are_derived_by_the_h200_ratio_and_marked_estimated(gpu_id):
    """MI355X and B200 get the H200's usable-to-marketed ratio applied to their own GB."""
    gpu, h200 = get_gpu(gpu_id), get_gpu(GpuId.H200)
    assert gpu.usable_bytes_estimated
    ratio = h200.usable_bytes / h200.memory_gb
    assert gpu.usable_bytes == pytest.approx(ratio * gpu.memory_gb, abs=1)
    assert gpu.usable_bytes > gpu.memory_gb * 10**9  # marketed "GB" undersell the bytes


def test_native_formats_follow_the_vendors():
    """MI355X and B200 compute FP4 natively; the H200's lowest float format is FP8."""
    assert Precision.MXFP4 in get_gpu(GpuId.MI355X).native_formats
    assert Precision.NVFP4 in get_gpu(GpuId.B200).native_formats
    h200 = get_gpu(GpuId.H200)
    assert h200.tflops_fp4 is None
    assert Precision.FP8 in h200.native_formats
    assert Precision.MXFP4 not in h200.native_formats


def test_software_stacks():
    """MI355X runs ROCm; the NVIDIA GPUs run CUDA."""
    stacks = {g.id: g.software for g in load_gpus()}
    assert stacks == {
        GpuId.MI355X: Software.ROCM,
        GpuId.H200: Software.CUDA,
        GpuId.B200: Software.CUDA,
    }


def test_mi355x_interconnect_is_seven_links_per_gpu():
    """7 x 153.6 GB/s Infinity Fabric links make ~1.08 TB/s per GPU."""
    mi = get_gpu(GpuId.MI355X)
    assert mi.interconnect_links * mi.interconnect_link_gb_s == pytest.approx(mi.interconnect_gb_s)
    assert round(mi.interconnect_gb_s / 1000, 2) == 1.08


def test_plan_rules():
    """MI355X only as the whole server; single H200s never share a model; no B200 plan."""
    mi, single, hgx = _plan("mi355x-8x"), _plan("h200-1x"), _plan("h200-8x")
    assert mi.whole_server_only
    assert mi.gpus == 8
    assert not single.can_split_model
    assert not single.is_server
    assert hgx.can_split_model
    assert hgx.is_server
    assert all(p.gpu is not GpuId.B200 for p in load_plans())


def test_plan_columns_of_the_price_table():
    """Every column of the page's price table is in the catalog."""
    mi = _plan("mi355x-8x")
    assert (mi.cpu, mi.cpu_cores, mi.ram_gb) == ("2x EPYC 9575F", 128, 3000)
    assert (mi.storage_drives, mi.storage_tb_per_drive, mi.network) == (8, 3.84, "8x 400G RoCE")
    assert (mi.availability, mi.lead_time_business_days) == (Availability.LIMITED, 7)
    single = _plan("h200-1x")
    assert (single.cpu_vcpus, single.ram_gb, single.network) == (24, 240, "25 Gbps")
    assert (single.availability, single.lead_time_business_days) == (Availability.IN_STOCK, 1)
    hgx = _plan("h200-8x")
    assert (hgx.cpu, hgx.cpu_cores, hgx.lead_time_business_days) == ("2x Xeon 8480+", 112, 3)
    assert [p.monthly_usd for p in load_plans()] == [Decimal(19900), Decimal(3090), Decimal(23900)]


def _write(tmp_path: Path, source: Path, mutate) -> Path:
    data = json.loads(source.read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / source.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_bad_gpu_field_names_file_entry_and_field(tmp_path):
    """A negative bandwidth stops loading with the file, the GPU id and the field named."""
    path = _write(tmp_path, GPUS_FILE, lambda d: d["gpus"][1].update(bandwidth_tb_s=-1))
    with pytest.raises(CatalogError) as caught:
        parse_gpus(path)
    assert (caught.value.file, caught.value.entry, caught.value.field) == (
        "gpus.json",
        "h200",
        "bandwidth_tb_s",
    )
    assert "gpus.json" in str(caught.value)
    assert "bandwidth_tb_s" in str(caught.value)


def test_missing_plan_field_names_file_entry_and_field(tmp_path):
    """A plan without its monthly price is named by id and field."""
    path = _write(tmp_path, PLANS_FILE, lambda d: d["plans"][2].pop("monthly_usd"))
    with pytest.raises(CatalogError) as caught:
        parse_plans(path, load_gpus())
    assert (caught.value.file, caught.value.entry, caught.value.field) == (
        "plans.json",
        "h200-8x",
        "monthly_usd",
    )


def test_plan_of_an_unknown_gpu_is_rejected(tmp_path):
    """A plan must rent a GPU of the catalog."""
    gpus = tuple(g for g in load_gpus() if g.id is not GpuId.MI355X)
    with pytest.raises(CatalogError) as caught:
        parse_plans(PLANS_FILE, gpus)
    assert (caught.value.entry, caught.value.field) == ("mi355x-8x", "gpu")


def test_unreadable_catalog_file_is_a_catalog_error(tmp_path):
    """Broken JSON names the file."""
    path = tmp_path / "gpus.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"gpus\.json"):
        parse_gpus(path)


def test_a_collective_latency_needs_its_source(tmp_path):
    """A GPU's own all-reduce latency without where it comes from stops loading, named."""
    path = _write(tmp_path, GPUS_FILE, lambda d: d["gpus"][1].update(collective_latency_us=5.0))
    with pytest.raises(CatalogError) as caught:
        parse_gpus(path)
    assert (caught.value.file, caught.value.entry) == ("gpus.json", "h200")
