"""Training memory per GPU: the accounting by method and sharding, and its monotone properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sizing.model import adapter_params, get_model, widths_of
from sizing.request import Checkpointing, Optimizer, TrainingMethod
from sizing.train.memory import (
    StateLayout,
    activations,
    model_state,
    training_memory,
)

LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
MODELS = (
    "meta-llama/Llama-3.1-8B-Instruct",
    LLAMA_70B,
    "Qwen/Qwen3-32B",
    "Qwen/Qwen3-30B-A3B",
    "meta-llama/Llama-2-7b-hf",
)


def _layout(method, stage=0, shards=1, **kw):
    return StateLayout(
        method=method,
        optimizer=kw.get("optimizer", Optimizer.ADAMW),
        zero_stage=stage,
        shard_gpus=shards,
        offload=kw.get("offload", False),
        lora_rank=kw.get("rank", 16),
    )


def test_full_fine_tuning_holds_sixteen_bytes_per_parameter_unsharded():
    """BF16 weights 2 + gradients 2 + AdamW in mixed precision 12 = 16 bytes per parameter."""
    model = get_model("Qwen/Qwen3-32B")
    weights, grads, optimizer, adapters = model_state(model, _layout(TrainingMethod.FULL))
    assert weights == grads == 2 * model.total_params
    assert optimizer == 12 * model.total_params
    assert adapters == 0
    assert weights + grads + optimizer > 500e9  # "over 500 GB for 32B"


def test_zero_stages_shard_optimizer_then_gradients_then_weights():
    """ZeRO-1 shards the optimizer, ZeRO-2 also the gradients, ZeRO-3 also the weights."""
    model = get_model(LLAMA_70B)
    n = model.total_params
    s0 = model_state(model, _layout(TrainingMethod.FULL, 0, 8))
    s1 = model_state(model, _layout(TrainingMethod.FULL, 1, 8))
    s2 = model_state(model, _layout(TrainingMethod.FULL, 2, 8))
    s3 = model_state(model, _layout(TrainingMethod.FULL, 3, 8))
    assert s0[2] == 12 * n
    assert s1[2] == 12 * n // 8
    assert s1[1] == 2 * n
    assert s2[1] == 2 * n // 8
    gathered = 2 * (2 * n // model.layers)  # the layer computed and the one prefetched
    assert s2[0] == 2 * n
    assert s3[0] == pytest.approx(2 * n / 8 + gathered, rel=1e-6)


def test_eight_bit_and_pure_bf16_optimizers_hold_less():
    """8-bit moments keep 6 bytes per parameter, pure BF16 moments 4."""
    model = get_model("meta-llama/Llama-3.1-8B-Instruct")
    n = model.total_params
    assert (
        model_state(model, _layout(TrainingMethod.FULL, optimizer=Optimizer.ADAMW_8BIT))[2] == 6 * n
    )
    assert (
        model_state(model, _layout(TrainingMethod.FULL, optimizer=Optimizer.ADAMW_BF16))[2] == 4 * n
    )


def test_lora_adapters_are_rank_times_widths_on_every_projection():
    """Llama 2 7B at rank 16: q, k, v, o (4096 wide) and gate, up, down (11008) in 32 layers."""
    model = get_model("meta-llama/Llama-2-7b-hf")
    per_layer = 4 * (4096 + 4096) + 3 * (4096 + 11008)
    assert adapter_params(model, 16) == 16 * per_layer * 32
    assert adapter_params(model, 16) < 0.01 * model.total_params


def test_qlora_stores_the_linear_layers_in_four_bits():
    """QLoRA's frozen base is about a quarter of the 16-bit one."""
    model = get_model(LLAMA_70B)
    lora = model_state(model, _layout(TrainingMethod.LORA))[0]
    qlora = model_state(model, _layout(TrainingMethod.QLORA))[0]
    assert lora == 2 * model.total_params
    assert 0.26 < qlora / lora < 0.31


def test_activations_grow_with_tokens_and_shrink_with_checkpointing():
    """Full checkpointing keeps far less than none; selective about half of none."""
    shape = widths_of(get_model("meta-llama/Llama-3.1-8B-Instruct"))
    kept = {
        mode: activations(shape, micro_batch=1, seq_len=8192, checkpointing=mode)
        for mode in Checkpointing
    }
    assert kept[Checkpointing.FULL] < kept[Checkpointing.SELECTIVE] < kept[Checkpointing.NONE]
    logits = 8192 * shape.vocab * 4
    assert kept[Checkpointing.SELECTIVE] - logits == pytest.approx(
        (kept[Checkpointing.NONE] - logits) / 2, rel=0.01
    )


@settings(max_examples=60, deadline=None)
@given(
    model_id=st.sampled_from(MODELS),
    method=st.sampled_from(list(TrainingMethod)),
    gpus=st.sampled_from([1, 2, 4, 8, 16, 64]),
    more=st.sampled_from([2, 4, 8]),
)
def test_more_gpus_never_increase_memory_per_gpu_under_zero3(model_id, method, gpus, more):
    """Sharding over more GPUs under ZeRO-3 never adds memory to a GPU."""
    model = get_model(model_id)

    def state(count):
        return sum(model_state(model, _layout(method, 3, count)))

    assert state(gpus * more) <= state(gpus)


@settings(max_examples=60, deadline=None)
@given(
    model_id=st.sampled_from(MODELS),
    mode=st.sampled_from(list(Checkpointing)),
    seq=st.integers(min_value=128, max_value=131072),
    longer=st.integers(min_value=1, max_value=65536),
    micro=st.integers(min_value=1, max_value=16),
)
def test_a_longer_sequence_never_lowers_activation_memory(model_id, mode, seq, longer, micro):
    """Activations grow with the sequence, whatever the checkpointing."""
    shape = widths_of(get_model(model_id))
    short = activations(shape, micro_batch=micro, seq_len=seq, checkpointing=mode)
    long_ = activations(shape, micro_batch=micro, seq_len=seq + longer, checkpointing=mode)
    assert long_ >= short


@settings(max_examples=60, deadline=None)
@given(
    model_id=st.sampled_from(MODELS),
    stage=st.integers(min_value=0, max_value=3),
    shards=st.sampled_from([1, 2, 8, 64]),
    mode=st.sampled_from(list(Checkpointing)),
    seq=st.sampled_from([512, 4096, 32768]),
)
def test_lora_never_needs_more_memory_than_full_fine_tuning(model_id, stage, shards, mode, seq):
    """LoRA (and QLoRA) of a model never hold more than its full fine-tuning, same layout."""
    model = get_model(model_id)

    def total(method):
        return training_memory(
            model,
            _layout(method, stage, shards),
            micro_batch=1,
            seq_len=seq,
            checkpointing=mode,
            runtime_bytes=0,
        ).total

    full = total(TrainingMethod.FULL)
    assert total(TrainingMethod.LORA) <= full
    assert total(TrainingMethod.QLORA) <= total(TrainingMethod.LORA)
