"""The memory budget of a GPU and how weights and KV divide over a parallel shape."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sizing.catalog.hardware import get_gpu
from sizing.fit.memory import (
    ACTIVATION_WORKSPACE_DENSE_BYTES,
    ACTIVATION_WORKSPACE_MOE_BYTES,
    COMM_BUFFER_BYTES,
    ModelLoad,
    Shape,
    kv_room,
    kv_share_per_gpu,
    vllm_kv_bytes_per_gpu,
    weights_per_gpu_bytes,
)
from sizing.model.types import Attention
from sizing.request import GpuId


def _load(**changes):
    """Build a Llama-3-70B-shaped load: 80 layers, 64 heads, 8 KV heads, FP8 weights, BF16 KV."""
    base = ModelLoad(
        weights_bytes=72_000_000_000,
        routed_expert_bytes=0,
        input_embedding_bytes=2_100_000_000,
        kv_bytes_per_token=327_680,
        kv_bytes_per_sequence=327_680 * 8192,
        attention=Attention.GQA,
        layers=80,
        num_attention_heads=64,
        num_kv_heads=8,
        moe=False,
        num_experts=0,
        experts_per_token=0,
        active_params=70_000_000_000,
        attention_width=64 * 128,
        windowed_layers=0,
        sliding_window=None,
    )
    return dataclasses.replace(base, **changes)


def test_gqa_kv_splits_over_tensor_parallel_up_to_the_kv_heads():
    """Each TP rank holds kv_heads / TP heads: TP=8 over 8 KV heads holds one eighth."""
    assert kv_share_per_gpu(_load(), Shape(8, 1)) == pytest.approx(1 / 8)
    assert kv_share_per_gpu(_load(), Shape(2, 1)) == pytest.approx(1 / 2)


def test_gqa_kv_heads_replicate_when_tp_exceeds_them():
    """With 4 KV heads and TP=8 each rank still holds a whole head: a quarter, not an eighth."""
    assert kv_share_per_gpu(_load(num_kv_heads=4), Shape(8, 1)) == pytest.approx(1 / 4)


def test_mla_kv_is_replicated_across_tp():
    """MLA keeps its latent whole on every tensor-parallel rank."""
    mla = _load(attention=Attention.MLA, num_kv_heads=128, num_attention_heads=128)
    assert kv_share_per_gpu(mla, Shape(8, 1)) == 1.0


def test_pipeline_parallel_splits_layers():
    """Two pipeline stages each hold half of the layers' cache (MLA included)."""
    mla = _load(attention=Attention.MLA, layers=61)
    assert kv_share_per_gpu(mla, Shape(8, 2)) == pytest.approx(31 / 61)


def test_vllm_budget_takes_reserve_context_activations_and_comm():
    """Stock vLLM: usable x 0.9 - context - activations - comm (TP only) - weights."""
    h200 = get_gpu(GpuId.H200)
    weights = 60_000_000_000
    single = vllm_kv_bytes_per_gpu(
        h200, weights, gpu_memory_utilization=0.9, moe=False, tensor_parallel=1
    )
    expected = (
        int(h200.usable_bytes * 0.9)
        - h200.cuda_context_bytes
        - ACTIVATION_WORKSPACE_DENSE_BYTES
        - weights
    )
    assert single == expected
    tp = vllm_kv_bytes_per_gpu(
        h200, weights, gpu_memory_utilization=0.9, moe=False, tensor_parallel=2
    )
    assert single - tp == COMM_BUFFER_BYTES
    moe = vllm_kv_bytes_per_gpu(
        h200, weights, gpu_memory_utilization=0.9, moe=True, tensor_parallel=1
    )
    assert single - moe == ACTIVATION_WORKSPACE_MOE_BYTES - ACTIVATION_WORKSPACE_DENSE_BYTES


def test_higher_utilization_leaves_more_kv():
    """gpu_memory_utilization 0.95 leaves more KV tokens than 0.9."""
    h200 = get_gpu(GpuId.H200)
    low = kv_room(_load(), h200, Shape(1, 1), gpu_memory_utilization=0.9)
    high = kv_room(_load(), h200, Shape(1, 1), gpu_memory_utilization=0.95)
    assert high.kv_tokens > low.kv_tokens
    assert high.kv_tokens_physical == low.kv_tokens_physical


def test_kv_room_counts_whole_sequences():
    """max_sequences is the stock-vLLM KV bytes over one sequence's bytes, rounded down."""
    h200 = get_gpu(GpuId.H200)
    room = kv_room(_load(), h200, Shape(1, 1), gpu_memory_utilization=0.9)
    assert room.max_sequences == room.kv_bytes_per_gpu // (327_680 * 8192)
    assert room.kv_tokens == room.kv_bytes_per_gpu // 327_680


def test_weights_beyond_memory_leave_no_room():
    """Weights larger than the GPU give zero tokens in both budgets, never negative."""
    room = kv_room(
        _load(weights_bytes=400_000_000_000),
        get_gpu(GpuId.H200),
        Shape(1, 1),
        gpu_memory_utilization=0.9,
    )
    assert (room.kv_tokens, room.kv_tokens_physical, room.max_sequences) == (0, 0, 0)


def _mla_moe(**changes):
    """Build a DeepSeek-V3-shaped load: MLA over 61 layers, 256 routed experts, FP8."""
    return _load(
        weights_bytes=673_000_000_000,
        routed_expert_bytes=650_000_000_000,
        attention=Attention.MLA,
        layers=61,
        num_attention_heads=128,
        num_kv_heads=128,
        moe=True,
        num_experts=256,
        experts_per_token=8,
        kv_bytes_per_token=70_272,
        kv_bytes_per_sequence=70_272 * 131072,
        **changes,
    )


def test_dp_attention_replicates_what_is_not_an_expert_and_shards_the_experts():
    """Weights per GPU under DP attention: the rest split over each group, experts over all."""
    load = _mla_moe()
    dp = Shape(1, 1, 8, expert_parallel=True)
    assert weights_per_gpu_bytes(load, dp) == 23_000_000_000 + 650_000_000_000 // 8
    grouped = Shape(2, 1, 4, expert_parallel=True)
    assert weights_per_gpu_bytes(load, grouped) == 23_000_000_000 // 2 + 650_000_000_000 // 8
    assert weights_per_gpu_bytes(load, Shape(8, 1)) == -(-673_000_000_000 // 8)


def test_dp_attention_caches_each_sequence_in_one_group_only():
    """Eight attention groups hold eight groups' worth of sequences; TP=8 holds the latent 8x."""
    h200 = get_gpu(GpuId.H200)
    load = _mla_moe()
    dp = kv_room(load, h200, Shape(1, 1, 8, expert_parallel=True), gpu_memory_utilization=0.9)
    per_group = dp.kv_bytes_per_gpu // load.kv_bytes_per_sequence
    assert dp.max_sequences == 8 * per_group
    tp = kv_room(load, h200, Shape(8, 1), gpu_memory_utilization=0.9)
    assert tp.max_sequences == tp.kv_bytes_per_gpu // load.kv_bytes_per_sequence
    assert dp.max_sequences > 2 * tp.max_sequences


_LOADS = st.builds(
    _load,
    weights_bytes=st.integers(min_value=1_000_000_000, max_value=2_000_000_000_000),
    kv_bytes_per_sequence=st.integers(min_value=1, max_value=2_000_000).map((327_680).__mul__),
    moe=st.booleans(),
)


@given(
    _LOADS,
    st.sampled_from(list(GpuId)),
    st.sampled_from([Shape(1, 1), Shape(8, 1), Shape(4, 2), Shape(2, 1, 4, expert_parallel=True)]),
    st.sampled_from([0.9, 0.95, 1, 1.0]),
)
def test_a_kept_room_is_the_room_worked_out_afresh(load, gpu_id, shape, utilization):
    """Rooms kept between requests equal those computed anew, whatever was asked before."""
    gpu = get_gpu(gpu_id)
    kept = kv_room(load, gpu, shape, gpu_memory_utilization=utilization)
    again = kv_room(load, gpu, shape, gpu_memory_utilization=utilization)
    afresh = kv_room.__wrapped__(load, gpu, shape, gpu_memory_utilization=utilization)
    assert kept == again == afresh
    assert [type(v) for v in dataclasses.astuple(kept)] == [
        type(v) for v in dataclasses.astuple(afresh)
    ]
