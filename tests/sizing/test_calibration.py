"""The engine against what one real H200 measured (h200-measured.json; skipped without it)."""

import dataclasses
import json
from pathlib import Path

import pytest

from sizing.hardware import get_gpu
from sizing.loads import model_load
from sizing.memory import Shape, kv_room
from sizing.models import get_model
from sizing.speed import decode_step_s
from sizing.types import GpuId, KvDtype, Precision

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference"
MEASURED = REFERENCE / "h200-measured.json"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"


@pytest.fixture(scope="module")
def measured():
    """Load the measured figures, or skip when the reference folder is absent."""
    if not MEASURED.is_file():
        pytest.skip("shared/reference/h200-measured.json is absent")
    return json.loads(MEASURED.read_text(encoding="utf-8"))


def _fp8_load(context_tokens=131072):
    return model_load(
        get_model(LLAMA_70B), Precision.FP8, KvDtype.FP8, context_tokens, include_mtp=False
    )


def test_catalog_h200_is_the_measured_device(measured):
    """Usable bytes and CUDA context in the catalog are the measured ones."""
    h200 = get_gpu(GpuId.H200)
    assert h200.usable_bytes == measured["total_bytes"]
    assert h200.cuda_context_bytes == measured["context_overhead_bytes"]


def test_llama70b_fp8_weights_match_the_measured_tensors(measured):
    """FP8 linear weights with BF16 embeddings: within 0.5% of the bytes allocated on the H200."""
    load = _fp8_load()
    assert load.weights_bytes == pytest.approx(
        measured["llama3_70b_fp8"]["weights_bytes"], rel=0.005
    )


def test_weights_only_decode_step_within_15_percent(measured):
    """One decode step reading only the weights: within 15% of the measured 17.55 ms."""
    load = _fp8_load()
    weights_only = dataclasses.replace(load, kv_bytes_per_sequence=0)
    step_s = decode_step_s(weights_only, get_gpu(GpuId.H200), Shape(1, 1), 1)
    assert step_s == pytest.approx(measured["llama3_70b_fp8"]["decode_step_s_M16"], rel=0.15)


def test_physical_kv_tokens_within_3_percent(measured):
    """KV tokens that physically fit beside the FP8 weights (FP8 KV): within 3% of 466,944."""
    room = kv_room(_fp8_load(), get_gpu(GpuId.H200), Shape(1, 1), gpu_memory_utilization=0.9)
    expected = measured["llama3_70b_fp8"]["kv_tokens_fit"]
    assert room.kv_tokens_physical == pytest.approx(expected, rel=0.03)
    assert _fp8_load().kv_bytes_per_token == measured["llama3_70b_fp8"]["kv_bytes_per_token"]


def test_stock_vllm_budget_is_smaller_than_the_physical_one(measured):
    """The stock vLLM launch leaves fewer tokens than the physical fit (reserve + activations)."""
    room = kv_room(_fp8_load(), get_gpu(GpuId.H200), Shape(1, 1), gpu_memory_utilization=0.9)
    assert 0 < room.kv_tokens < room.kv_tokens_physical


def test_llama70b_bf16_loads_but_leaves_almost_nothing(measured):
    """All-BF16 70B: it loads, and the physical KV room is a small fraction of a 128K context."""
    load = model_load(get_model(LLAMA_70B), Precision.BF16, KvDtype.BF16, 131072, include_mtp=False)
    room = kv_room(load, get_gpu(GpuId.H200), Shape(1, 1), gpu_memory_utilization=0.9)
    bf16 = measured["llama3_70b_bf16"]
    assert load.weights_bytes == pytest.approx(bf16["weights_bytes"], rel=0.005)
    assert room.kv_tokens_physical == pytest.approx(bf16["kv_tokens_fit"], rel=0.15)
    assert room.max_sequences_physical == 0
    assert room.kv_tokens == 0
