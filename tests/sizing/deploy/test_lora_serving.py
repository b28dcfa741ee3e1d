"""Many LoRA adapters on one base (vLLM multi-LoRA): their GPU slots, their kernels, their flags."""

from __future__ import annotations

import dataclasses

import pytest

from sizing import (
    Caveat,
    GpuId,
    InvalidRequestError,
    KvDtype,
    Precision,
    ServingEngine,
    SizingRequest,
    size_deployment,
)
from sizing.catalog import get_gpu
from sizing.fit import Shape, model_load
from sizing.model import get_model
from sizing.speed import decode_step

LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
# Llama 3.1 8B: hidden 4,096, 32 query heads and 8 KV heads of 128, MLP 14,336, 32 layers.
# Rank 16 on QKV, output, gate, up and down: 16 x (2 x (4096 + 4096) + 2 x (4096 + 1024) +
# 3 x (4096 + 14336)) x 32 parameters, 2 bytes each.
RANK_16_ADAPTER_BYTES = 16 * (2 * 8192 + 2 * 5120 + 3 * 18432) * 32 * 2


def _pick(request):
    answer = size_deployment(request)
    return answer, answer.options[answer.recommended_index]


def test_one_adapter_is_rank_times_the_widths_of_every_projection():
    """The adapter's bytes follow the model's widths at 16 bits."""
    answer, _ = _pick(SizingRequest(model_id=LLAMA_8B, lora_adapters=4))
    assert answer.request.lora.adapter_bytes == RANK_16_ADAPTER_BYTES


def test_adapter_slots_take_memory_from_the_kv_cache():
    """Every slot held on the GPUs is memory the cache no longer has."""
    _, plain = _pick(SizingRequest(model_id=LLAMA_8B, concurrency=64, gpus=(GpuId.H200,)))
    answer, served = _pick(
        SizingRequest(model_id=LLAMA_8B, concurrency=64, gpus=(GpuId.H200,), lora_adapters=40)
    )
    slots = answer.request.lora.slots
    assert slots == 32  # as many as the users could mix, at most 32
    gained = served.fit.weights_bytes_per_gpu - plain.fit.weights_bytes_per_gpu
    assert gained == pytest.approx(slots * RANK_16_ADAPTER_BYTES / served.tensor_parallel, rel=0.01)
    assert served.fit.kv_cache_tokens_physical < plain.fit.kv_cache_tokens_physical


def test_slots_are_no_more_than_the_users_or_the_adapters():
    """Three users mix at most three adapters in a batch; two adapters need two slots."""
    few_users, _ = _pick(SizingRequest(model_id=LLAMA_8B, concurrency=3, lora_adapters=50))
    few_adapters, _ = _pick(SizingRequest(model_id=LLAMA_8B, concurrency=50, lora_adapters=2))
    assert few_users.request.lora.slots == 3
    assert few_adapters.request.lora.slots == 2


def test_adapter_kernels_cost_a_few_percent_at_full_batch_and_more_alone():
    """VLLM's runs: 3-4% at full batch (Llama 2 7B, A100); a single user pays more."""
    load = model_load(get_model(LLAMA_8B), Precision.BF16, KvDtype.BF16, 2048, include_mtp=False)
    adapter, slots = RANK_16_ADAPTER_BYTES, 8
    with_lora = dataclasses.replace(
        load,
        weights_bytes=load.weights_bytes + slots * adapter,
        lora_slots=slots,
        lora_adapter_bytes=adapter,
    )
    gpu = get_gpu(GpuId.H200)

    def slower(sequences):
        served = decode_step(with_lora, gpu, Shape(1, 1), sequences=sequences).total_s
        return served / decode_step(load, gpu, Shape(1, 1), sequences=sequences).total_s - 1

    assert 0.01 < slower(256) < 0.10
    assert slower(1) > slower(256)


def test_the_launch_command_turns_multi_lora_on():
    """VLLM gets --enable-lora with the slots and rank; the rest are held in CPU memory."""
    _, pick = _pick(
        SizingRequest(model_id=LLAMA_8B, concurrency=20, lora_adapters=50, lora_rank=64)
    )
    command = pick.launch.commands[0]
    for flag in ("--enable-lora", "--max-loras 20", "--max-lora-rank 64", "--max-cpu-loras 50"):
        assert flag in command


def test_sglang_takes_its_own_lora_flags():
    """SGLang names the slots --max-loras-per-batch and keeps no CPU pool flag."""
    _, pick = _pick(
        SizingRequest(
            model_id=LLAMA_8B, concurrency=8, lora_adapters=8, engine=ServingEngine.SGLANG
        )
    )
    command = pick.launch.commands[0]
    assert "--enable-lora" in command
    assert "--max-loras-per-batch 8" in command
    assert "--max-cpu-loras" not in command


def test_the_answer_says_adapters_were_sized():
    """A caveat tells the customer how the adapters were counted."""
    answer, _ = _pick(SizingRequest(model_id=LLAMA_8B, lora_adapters=5))
    assert Caveat.LORA_ADAPTERS in answer.caveats
    plain, _ = _pick(SizingRequest(model_id=LLAMA_8B))
    assert Caveat.LORA_ADAPTERS not in plain.caveats


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"lora_rank": 16}, "lora_rank"),
        ({"lora_adapters": 0}, "lora_adapters"),
        ({"lora_adapters": 5, "lora_rank": 4096}, "lora_rank"),
    ],
)
def test_bad_adapter_values_are_refused_by_field(fields, name):
    """A rank with no adapters, no adapters, or an absurd rank: refused, naming the field."""
    with pytest.raises(InvalidRequestError, match=name):
        size_deployment(SizingRequest(model_id=LLAMA_8B, **fields))
