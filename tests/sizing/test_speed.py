"""Decode on the memory roofline, prefill on the compute roofline, in the right format."""

import dataclasses

import pytest

from sizing.hardware import get_gpu
from sizing.loads import model_load
from sizing.memory import Shape
from sizing.models import get_model
from sizing.speed import (
    ALLREDUCE_S,
    ATTENTION_FLOOR_S_PER_LAYER,
    aggregate_tokens_per_s,
    compute_tflops,
    decode_step_s,
    decode_tokens_per_s,
    expert_coverage,
    ttft_s,
    weights_read_bytes,
)
from sizing.types import GpuId, KvDtype, Precision

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"


def _load(model_id, precision=Precision.FP8, context=8192):
    return model_load(get_model(model_id), precision, KvDtype.BF16, context, include_mtp=False)


def test_deepseek_expert_coverage_grows_with_batch():
    """k=8 of E=256: ~3% of routed experts read at batch 1, ~98% at batch 128."""
    assert expert_coverage(8, 256, 1) == pytest.approx(0.03125)
    assert expert_coverage(8, 256, 128) == pytest.approx(0.98, abs=0.005)


def test_moe_step_reads_a_fraction_of_the_weights_at_batch_1():
    """DeepSeek-V3 batch 1 reads far less than its ~670 GB; batch 128 reads nearly all."""
    load = _load(DEEPSEEK)
    assert weights_read_bytes(load, 1) < 0.1 * load.weights_bytes
    assert weights_read_bytes(load, 128) > 0.95 * load.weights_bytes


def test_dense_step_reads_everything_but_the_input_embedding():
    """A dense model reads every weight but the gathered embedding rows."""
    load = _load(LLAMA_70B)
    assert weights_read_bytes(load, 1) == load.weights_bytes - load.input_embedding_bytes


def test_mi355x_decodes_faster_by_the_bandwidth_ratio():
    """Same model, same shape, bandwidth-bound: decode speed scales with 8 vs 4.8 TB/s."""
    load = _load(LLAMA_70B, context=131072)
    mi = decode_tokens_per_s(load, get_gpu(GpuId.MI355X), Shape(1, 1))
    h200 = decode_tokens_per_s(load, get_gpu(GpuId.H200), Shape(1, 1))
    assert mi / h200 == pytest.approx(8 / 4.8, rel=0.01)


def test_tensor_parallel_adds_all_reduce_time():
    """TP=2 halves the bytes per GPU and adds two all-reduces per layer."""
    load = _load(LLAMA_70B, context=131072)
    h200 = get_gpu(GpuId.H200)
    one = decode_step_s(load, h200, Shape(1, 1), 1)
    two = decode_step_s(load, h200, Shape(2, 1), 1)
    assert two == pytest.approx(one / 2 + load.layers * 2 * ALLREDUCE_S, rel=1e-9)


def test_short_context_attention_costs_the_measured_launch_floor():
    """At 8K the KV read is launch-bound: a step costs at least the H200's measured 2.22 ms."""
    load = _load(LLAMA_70B, context=8192)
    h200 = get_gpu(GpuId.H200)
    with_kv = decode_step_s(load, h200, Shape(1, 1), 1)
    weights_only = decode_step_s(
        dataclasses.replace(load, kv_bytes_per_sequence=0), h200, Shape(1, 1), 1
    )
    assert with_kv - weights_only == pytest.approx(load.layers * ATTENTION_FLOOR_S_PER_LAYER)
    assert load.layers * ATTENTION_FLOOR_S_PER_LAYER == pytest.approx(2.218e-3, rel=1e-3)


def test_longer_context_slows_decode():
    """The KV read grows with the context: 128K decodes slower than 8K."""
    h200 = get_gpu(GpuId.H200)
    short = decode_tokens_per_s(_load(LLAMA_70B, context=8192), h200, Shape(1, 1))
    long = decode_tokens_per_s(_load(LLAMA_70B, context=131072), h200, Shape(1, 1))
    assert long < short


def test_batching_raises_aggregate_throughput():
    """Sixteen sequences together generate more tokens per second than one."""
    load = _load(LLAMA_70B)
    h200 = get_gpu(GpuId.H200)
    one = aggregate_tokens_per_s(load, h200, Shape(1, 1), concurrency=1, replicas=1)
    many = aggregate_tokens_per_s(load, h200, Shape(1, 1), concurrency=16, replicas=1)
    assert many > 8 * one


@pytest.mark.parametrize(
    ("gpu_id", "precision", "tflops"),
    [
        (GpuId.H200, Precision.FP4, 1979),  # no FP4 on Hopper: computes at FP8
        (GpuId.H200, Precision.FP8, 1979),
        (GpuId.H200, Precision.INT4, 989),  # weight-only int4 computes at BF16
        (GpuId.H200, Precision.FP6, 1979),
        (GpuId.MI355X, Precision.FP4, 10100),
        (GpuId.MI355X, Precision.FP6, 10100),
        (GpuId.MI355X, Precision.NVFP4, 5000),  # not AMD's format: next it has, FP8
        (GpuId.B200, Precision.FP4, 9000),
        (GpuId.B200, Precision.BF16, 2250),
    ],
)
def test_compute_format_falls_back_to_the_next_native_one(gpu_id, precision, tflops):
    """A format the GPU lacks computes in the next one it has."""
    assert compute_tflops(get_gpu(gpu_id), precision) == tflops


def _ttft_70b_fp8(context, tensor_parallel):
    return ttft_s(
        _load(LLAMA_70B, context=context),
        get_gpu(GpuId.H200),
        Shape(tensor_parallel, 1),
        precision=Precision.FP8,
        context_tokens=context,
    )


def test_ttft_grows_with_context_and_shrinks_with_tp():
    """Prefill of 32K takes longer than of 8K; TP=2 shortens it."""
    short = _ttft_70b_fp8(8192, 1)
    long = _ttft_70b_fp8(32768, 1)
    split = _ttft_70b_fp8(32768, 2)
    assert short < long
    assert split < long


def test_pipeline_stages_work_on_micro_batches_at_once():
    """PP=2 keeps two micro-batches in flight, as vLLM does: more than one batch walking stages."""
    load = _load(DEEPSEEK, Precision.BF16, context=32768)
    gpu = get_gpu(GpuId.H200)
    shape = Shape(8, 2)
    sequential = 64 / decode_step_s(load, gpu, shape, 64)
    pipelined = aggregate_tokens_per_s(load, gpu, shape, concurrency=64, replicas=1)
    assert pipelined == pytest.approx(64 / decode_step_s(load, gpu, shape, 32))
    assert pipelined > 1.3 * sequential
    alone = aggregate_tokens_per_s(load, gpu, shape, concurrency=1, replicas=1)
    assert alone == pytest.approx(decode_tokens_per_s(load, gpu, shape))
