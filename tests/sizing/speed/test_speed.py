"""The decode step by physical part, prefill on the compute roofline, and their inputs."""

import dataclasses

import pytest

from sizing.catalog.hardware import get_gpu, load_plans
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.model import get_model
from sizing.request import GpuId, KvDtype, Precision
from sizing.speed import (
    compute_tflops,
    decode_step,
    decode_tokens_per_s,
    expert_coverage,
    per_user_tokens_per_s,
    prefill_flops,
    server_network,
    ttft_s,
    weight_bytes_per_gpu,
)
from sizing.speed.costs import CURRENT, HBM_EFFICIENCY
from sizing.speed.decode import TB, attention_s, blend
from sizing.speed.experts import busiest_gpu_experts
from sizing.speed.fabric import DEFAULT_NIC_GBPS, intra_server_gb_s
from sizing.speed.formats import FP4_GEMM_SHARE
from sizing.speed.layers import kv_bytes_per_token_layer
from sizing.speed.prefill import causal_keys

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
GEMMA = "google/gemma-3-27b-it"
GPT_OSS = "openai/gpt-oss-120b"


def _load(model_id, precision=Precision.FP8, context=8192, kv=KvDtype.BF16):
    return model_load(get_model(model_id), precision, kv, context, include_mtp=False)


def _step(load, gpu_id=GpuId.H200, shape=None, sequences=1, **kwargs):
    return decode_step(load, get_gpu(gpu_id), shape or Shape(1, 1), sequences=sequences, **kwargs)


def test_deepseek_expert_coverage_grows_with_batch():
    """k=8 of E=256: ~3% of routed experts read at batch 1, ~98% at batch 128."""
    assert expert_coverage(8, 256, 1) == pytest.approx(0.03125)
    assert expert_coverage(8, 256, 128) == pytest.approx(0.98, abs=0.005)


def test_moe_step_reads_a_fraction_of_the_weights_at_batch_1():
    """DeepSeek-V3 batch 1 reads far less than its ~670 GB; batch 128 reads nearly all."""
    load = _load(DEEPSEEK)
    assert weight_bytes_per_gpu(load, Shape(1, 1), 1) < 0.1 * load.weights_bytes
    assert weight_bytes_per_gpu(load, Shape(1, 1), 128) > 0.95 * load.weights_bytes


def test_dense_step_reads_everything_but_the_input_embedding():
    """A dense model reads every weight but the gathered embedding rows."""
    load = _load(LLAMA_70B)
    read = weight_bytes_per_gpu(load, Shape(1, 1), 1)
    assert read == load.weights_bytes - load.input_embedding_bytes


def test_vision_tower_is_not_read_per_token():
    """Gemma 3's vision tower is loaded but not read by a text decode step."""
    load = _load(GEMMA, Precision.BF16)
    assert load.vision_bytes > 0
    assert weight_bytes_per_gpu(load, Shape(1, 1), 1) == load.weights_bytes - load.vision_bytes


def test_small_matrices_reach_less_of_the_bus():
    """The 8B model reaches less of the HBM bus than the 70B (measured: 0.74 against 0.86)."""
    h200 = get_gpu(GpuId.H200)

    def achieved(model_id):
        load = _load(model_id, Precision.BF16, context=1)
        step = _step(load)
        read = weight_bytes_per_gpu(load, Shape(1, 1), 1)
        return read / (step.weights_s + step.kernels_s) / (h200.bandwidth_tb_s * TB)

    small, large = achieved(LLAMA_8B), achieved(LLAMA_70B)
    assert small < large < HBM_EFFICIENCY


def test_bandwidth_bound_decode_is_faster_on_the_wider_bus():
    """The MI355X's 8 TB/s beats the H200's 4.8 TB/s, by less than the ratio (fixed costs)."""
    load = _load(LLAMA_70B, context=131072)
    mi = decode_tokens_per_s(load, get_gpu(GpuId.MI355X), Shape(1, 1))
    h200 = decode_tokens_per_s(load, get_gpu(GpuId.H200), Shape(1, 1))
    assert 1.2 < mi / h200 < 8 / 4.8


def test_tensor_parallel_pays_two_collectives_per_layer():
    """TP=1 exchanges nothing; TP=2 adds two all-reduces per layer and halves the bytes."""
    load = _load(LLAMA_70B, context=131072)
    one, two = _step(load), _step(load, shape=Shape(2, 1))
    assert one.collectives_s == 0
    assert two.collectives_s > load.layers * 2 * CURRENT.collective_s
    assert two.weights_s == pytest.approx(one.weights_s / 2, rel=1e-6)


def test_mesh_links_limit_small_groups_and_nvswitch_does_not():
    """A 2-GPU MI355X group has one 153.6 GB/s link, NVSwitch 900 GB/s: half of each one way."""
    mi, h200 = get_gpu(GpuId.MI355X), get_gpu(GpuId.H200)
    assert intra_server_gb_s(mi, 2) == pytest.approx(153.6 / 2)
    assert intra_server_gb_s(mi, 8) == pytest.approx(1075.2 / 2)
    assert intra_server_gb_s(h200, 2) == intra_server_gb_s(h200, 8) == 450


def test_attention_kernel_blends_its_floor_and_its_transfer():
    """Short contexts cost about the launch floor; long ones about the transfer."""
    floor = CURRENT.attention_floor_s
    assert blend(floor, 0.0, 1.5) == pytest.approx(floor)
    assert blend(floor, 100 * floor, 1.5) == pytest.approx(100 * floor, rel=0.01)
    assert blend(floor, floor, 1.5) > floor


def test_long_context_kv_read_is_not_hidden_under_a_floor():
    """DeepSeek-V3 on the MI355X server decodes slower at 128K than at 2K (the cache read)."""
    mi = get_gpu(GpuId.MI355X)
    short = decode_tokens_per_s(_load(DEEPSEEK, context=2048), mi, Shape(8, 1))
    long = decode_tokens_per_s(_load(DEEPSEEK, context=131072), mi, Shape(8, 1))
    assert long < 0.95 * short


def test_windowed_layers_read_only_their_window():
    """gpt-oss: going from 8K to 128K grows the cache read of the full layers only."""
    h200 = get_gpu(GpuId.H200)
    short, long = (_load(GPT_OSS, Precision.MXFP4, context=c) for c in (8192, 131072))

    def attention(load):
        return attention_s(
            load, h200, Shape(1, 1), sequences=1, tokens_per_sequence=1, costs=CURRENT
        )

    per_token_layer = kv_bytes_per_token_layer(long)
    windowless = dataclasses.replace(
        long,
        windowed_layers=0,
        sliding_window=None,
        kv_bytes_per_sequence=int(per_token_layer * long.layers * 131072),
    )
    assert attention(short) < attention(long) < attention(windowless)


def test_dp_attention_replicates_attention_weights_per_group():
    """TP8 splits DeepSeek's attention weights; eight one-GPU DP groups each read them whole."""
    load = _load(DEEPSEEK)
    tp8 = weight_bytes_per_gpu(load, Shape(8, 1), 1)
    dp8 = weight_bytes_per_gpu(load, Shape(1, 1, data_parallel=8), 1)
    assert dp8 - tp8 == pytest.approx(load.attention_bytes * (1 - 1 / 8), rel=1e-6)


def test_dp_attention_groups_read_only_their_own_sequences():
    """Eight sequences over eight DP groups: each group's attention reads one sequence."""
    load = _load(DEEPSEEK, context=32768)
    h200 = get_gpu(GpuId.H200)

    def attention(shape, sequences):
        return attention_s(
            load, h200, shape, sequences=sequences, tokens_per_sequence=1, costs=CURRENT
        )

    dp8 = Shape(1, 1, data_parallel=8)
    assert attention(dp8, 8) == pytest.approx(attention(Shape(1, 1), 1))
    assert attention(Shape(8, 1), 8) > attention(dp8, 8)


def test_expert_parallel_all_to_all_only_with_dp_attention():
    """EP with DP attention dispatches and combines tokens; EP under plain TP reduces instead."""
    load = _load(DEEPSEEK)
    ep_tp = _step(load, shape=Shape(8, 1, expert_parallel=True), sequences=8)
    ep_dp = _step(load, shape=Shape(1, 1, data_parallel=8, expert_parallel=True), sequences=8)
    assert ep_tp.all_to_all_s == 0
    assert ep_dp.all_to_all_s > load.moe_layers * 2 * CURRENT.collective_s


def test_busiest_expert_parallel_gpu_reads_more_than_the_even_share():
    """One token's 8 experts on 8 GPUs: the busiest GPU holds more than one, at most all."""
    coverage = expert_coverage(8, 256, 1)
    busiest = busiest_gpu_experts(32, 8, coverage)
    assert 1.5 < busiest < 4
    assert busiest_gpu_experts(32, 8, 1.0) == 32


def test_expert_parallel_is_slower_than_tensor_parallel_experts_at_one_user():
    """At batch 1 expert parallelism leaves the busiest GPU more expert bytes to read."""
    load = _load(DEEPSEEK)
    tp = weight_bytes_per_gpu(load, Shape(8, 1), 1)
    ep = weight_bytes_per_gpu(load, Shape(8, 1, expert_parallel=True), 1)
    assert ep > tp


def test_pipeline_stages_hand_over_on_the_network():
    """PP=2 pays two network hand-overs per step; PP=1 none."""
    load = _load(DEEPSEEK, Precision.BF16)
    assert _step(load, shape=Shape(8, 1)).pipeline_s == 0
    hop = _step(load, shape=Shape(8, 2)).pipeline_s
    assert hop > 2 * CURRENT.network_collective_s


def test_pipeline_stages_work_on_micro_batches_at_once():
    """PP=2 keeps two micro-batches in flight, as vLLM does: 64 users run as two batches of 32."""
    load = _load(DEEPSEEK, Precision.BF16, context=32768)
    gpu = get_gpu(GpuId.H200)
    pipelined = per_user_tokens_per_s(load, gpu, Shape(8, 2), concurrency=64)
    assert pipelined == pytest.approx(1 / _step(load, shape=Shape(8, 2), sequences=32).total_s)


def test_large_batches_turn_decode_compute_bound():
    """The 8B model at 256 sequences spends time on FLOPs beyond its weight reads."""
    load = _load(LLAMA_8B, Precision.BF16, context=1024)
    assert _step(load, sequences=1).compute_s == 0
    assert _step(load, sequences=256).compute_s > 0


def test_speculative_step_yields_more_tokens_for_a_little_more_time():
    """Verifying two tokens per step at one user nearly doubles the speed, not quite."""
    load = _load(DEEPSEEK)
    gpu = get_gpu(GpuId.H200)
    plain = per_user_tokens_per_s(load, gpu, Shape(8, 1), concurrency=1)
    speculative = per_user_tokens_per_s(load, gpu, Shape(8, 1), concurrency=1, tokens_per_step=2)
    assert 1.5 * plain < speculative < 2 * plain


@pytest.mark.parametrize(
    ("gpu_id", "precision", "tflops"),
    [
        (GpuId.H200, Precision.FP4, 989),  # no FP4 on Hopper: weight-only, multiplied at BF16
        (GpuId.H200, Precision.FP8, 1979),
        (GpuId.H200, Precision.INT4, 989),  # weight-only int4 computes at BF16
        (GpuId.H200, Precision.FP6, 989),
        (GpuId.MI355X, Precision.FP4, 10100 * FP4_GEMM_SHARE),
        (GpuId.MI355X, Precision.FP6, 10100 * FP4_GEMM_SHARE),
        (GpuId.MI355X, Precision.NVFP4, 2500),  # not AMD's format: weight-only at BF16
        (GpuId.B200, Precision.FP4, 9000 * FP4_GEMM_SHARE),
        (GpuId.B200, Precision.BF16, 2250),
    ],
)
def test_compute_format_is_native_or_weight_only_at_bf16(gpu_id, precision, tflops):
    """A native format computes at its reached peak; one the GPU lacks unpacks to BF16."""
    assert compute_tflops(get_gpu(gpu_id), precision) == tflops


@pytest.mark.parametrize(
    ("start", "count", "window", "keys"),
    [
        (0, 4, None, 1 + 2 + 3 + 4),
        (4, 2, None, 5 + 6),
        (0, 6, 3, 1 + 2 + 3 + 3 + 3 + 3),
        (5, 3, 3, 3 + 3 + 3),
    ],
)
def test_causal_keys_count_what_each_query_sees(start, count, window, keys):
    """Each query sees itself and the keys before it, at most the window."""
    assert causal_keys(start, count, window) == keys


def test_mla_prefill_attention_uses_query_key_and_value_widths():
    """DeepSeek-V3 prefills with 128 heads of 192-wide keys and 128-wide values."""
    load = _load(DEEPSEEK)
    _, attention = prefill_flops(load, 1000)
    assert attention == pytest.approx(2 * 128 * (192 + 128) * 61 * 1000 * 1001 / 2)


def test_windowed_layers_cap_prefill_attention():
    """Gemma 3's windowed layers attend over at most 1,024 keys."""
    load = _load(GEMMA, Precision.BF16)
    full_only = dataclasses.replace(load, windowed_layers=0, sliding_window=None)
    _, capped = prefill_flops(load, 32768)
    _, uncapped = prefill_flops(full_only, 32768)
    assert capped < 0.3 * uncapped


def _ttft_70b_fp8(context, tensor_parallel):
    return ttft_s(
        _load(LLAMA_70B, context=context),
        get_gpu(GpuId.H200),
        Shape(tensor_parallel, 1),
        context_tokens=context,
    )


def test_ttft_grows_with_context_and_shrinks_with_tp():
    """Prefill of 32K takes longer than of 8K; TP=2 shortens it."""
    short = _ttft_70b_fp8(8192, 1)
    long = _ttft_70b_fp8(32768, 1)
    split = _ttft_70b_fp8(32768, 2)
    assert short < long
    assert split < long


def test_server_network_is_one_nic_per_gpu():
    """The servers sold carry 8x 400G for 8 GPUs; a GPU without a plan gets the HGX default."""
    servers = [p for p in load_plans() if p.is_server]
    assert servers
    for plan in servers:
        assert server_network(plan).gbps_per_gpu == 400
    assert server_network(None).gbps_per_gpu == DEFAULT_NIC_GBPS
