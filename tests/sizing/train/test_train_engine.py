"""size_training: the issue's three questions, the search's choices, limits, JSON and CLI."""

import json
from dataclasses import replace
from decimal import Decimal

import pytest

from sizing import InvalidRequestError, to_json
from sizing.cli import main
from sizing.request import GpuId, Precision, TrainingMethod, TrainingRequest
from sizing.train import TrainCaveat, TrainReason, TrainVerdictCode, size_training

LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
OPTION_FIELDS = {
    "plan",
    "gpu",
    "gpus",
    "servers",
    "fits",
    "reason",
    "memory_per_gpu_bytes",
    "memory",
    "micro_batch",
    "tokens_per_s",
    "tokens_per_s_per_gpu",
    "tokens_per_s_range",
    "mfu",
    "hours",
    "hours_range",
    "monthly_usd",
    "cost_usd",
    "launch_recipe",
}


def _option(answer, plan):
    return next(o for o in answer.options if o.plan == plan)


def test_lora_of_a_70b_on_one_h200_is_no_in_16_bits_and_yes_as_qlora():
    """BF16 weights fill the H200; as QLoRA it fits with room for several sequences."""
    lora = size_training(
        TrainingRequest(
            model_id=LLAMA_70B,
            method=TrainingMethod.LORA,
            gpus=(GpuId.H200,),
            gpu_count=1,
            tokens=50_000_000,
        )
    )
    asked = lora.options[lora.asked_index]
    assert (asked.plan, asked.gpus, asked.fits, asked.reason) == (
        "h200-1x",
        1,
        False,
        TrainReason.MEMORY,
    )
    assert asked.memory.weights > 0.95 * asked.usable_bytes_per_gpu  # a few GB left
    assert lora.verdict.code is TrainVerdictCode.NOT_ON_ASKED
    assert lora.recommended.plan == "h200-8x"
    assert lora.recommended.fits
    qlora = next(m for m in lora.other_methods if m.method is TrainingMethod.QLORA)
    assert (qlora.plan, qlora.gpus) == ("h200-1x", 1)
    assert qlora.memory_at_one_bytes < 60e9
    assert qlora.micro_batch > 1
    assert qlora.hours is not None
    assert qlora.hours > 0


def test_full_fine_tuning_of_qwen3_32b_needs_a_server():
    """About 16 bytes per parameter: over 500 GB, so no single H200; the cheapest server fits."""
    answer = size_training(TrainingRequest(model_id="Qwen/Qwen3-32B", method=TrainingMethod.FULL))
    single = _option(answer, "h200-1x")
    assert not single.fits
    assert single.memory_per_gpu_bytes > 500e9
    pick = answer.recommended
    assert pick.fits
    assert pick.servers == 1
    assert pick.gpus == 8
    assert pick.plan == "mi355x-8x"  # the cheaper of the two 8-GPU servers
    assert _option(answer, "h200-8x").fits


def test_pre_training_a_7b_from_scratch_gets_days_with_a_range():
    """No token count: 20 per parameter (said); days and months of rent, with a range."""
    answer = size_training(
        TrainingRequest(params_b=7, method=TrainingMethod.PRETRAIN, gpus=(GpuId.MI355X,))
    )
    assert TrainCaveat.TOKENS_DEFAULTED in answer.caveats
    assert answer.job.total_tokens == 140_000_000_000
    pick = answer.recommended
    assert pick.plan == "mi355x-8x"
    assert pick.estimated
    low, high = pick.hours_range
    assert low < pick.hours < high
    assert 24 < pick.hours < 24 * 60
    assert pick.months >= 1
    assert pick.cost_usd == Decimal(19900) * pick.months


def test_lora_per_token_is_about_one_and_a_half_times_faster_than_full():
    """4N against 6N FLOPs per token: LoRA is ~1.5x faster, not several times.

    On the MI355X server both hold an 8B model without recomputing activations, so the
    layouts compare like for like.
    """

    def speed(method):
        answer = size_training(
            TrainingRequest(
                model_id="meta-llama/Llama-3.1-8B-Instruct",
                method=method,
                gpus=(GpuId.MI355X,),
                tokens=10**9,
            )
        )
        assert answer.recommended.checkpointing.value == "none"
        return answer.recommended.tokens_per_s_per_gpu

    ratio = speed(TrainingMethod.LORA) / speed(TrainingMethod.FULL)
    assert 1.2 < ratio < 1.7


def test_a_deadline_rents_more_servers_and_says_when_nothing_is_in_time():
    """A tight deadline takes more servers; an impossible one names the fastest option."""
    job = TrainingRequest(
        model_id="meta-llama/Llama-3.1-8B-Instruct",
        method=TrainingMethod.PRETRAIN,
        tokens=2 * 10**12,
        gpus=(GpuId.H200,),
    )
    free = size_training(job).recommended
    rushed = size_training(replace(job, deadline_hours=free.hours / 3))
    assert rushed.verdict.code is TrainVerdictCode.FITS
    assert rushed.recommended.servers > free.servers
    assert rushed.recommended.hours <= free.hours / 3
    impossible = size_training(replace(job, deadline_hours=0.01))
    assert impossible.verdict.code is TrainVerdictCode.DEADLINE_MISSED
    assert impossible.recommended.meets_deadline is False


def test_a_budget_below_every_plan_is_said_with_the_cheapest_that_runs_it():
    """US$ per month: nothing within it runs the job, so the cheapest one is named."""
    answer = size_training(
        TrainingRequest(
            model_id="Qwen/Qwen3-32B", method=TrainingMethod.FULL, budget_usd_month=Decimal(5000)
        )
    )
    assert answer.verdict.code is TrainVerdictCode.OVER_BUDGET
    assert answer.recommended.plan == "mi355x-8x"


def test_cuda_only_leaves_out_the_mi355x():
    """The MI355X option is kept, refused as ROCm; the pick is an H200 plan."""
    answer = size_training(
        TrainingRequest(model_id="Qwen/Qwen3-32B", method=TrainingMethod.FULL, cuda_only=True)
    )
    assert _option(answer, "mi355x-8x").reason is TrainReason.CUDA_ONLY
    assert answer.recommended.plan == "h200-8x"


def test_single_h200_machines_never_join_one_data_parallel_run():
    """Two single-GPU VMs asked: refused with the reason (separate VMs on 25 Gbps)."""
    answer = size_training(
        TrainingRequest(
            model_id="meta-llama/Llama-3.1-8B-Instruct",
            method=TrainingMethod.LORA,
            gpus=(GpuId.H200,),
            gpu_count=2,
        )
    )
    asked = answer.options[answer.asked_index]
    assert asked.plan == "h200-8x"  # two GPUs of one job come as a server
    assert all(o.servers == 1 for o in answer.options if o.plan == "h200-1x")


def test_moe_experts_are_split_by_expert_parallel():
    """Qwen3 30B-A3B full fine-tuning on a server: experts split over its 8 GPUs."""
    answer = size_training(
        TrainingRequest(model_id="Qwen/Qwen3-30B-A3B", method=TrainingMethod.FULL)
    )
    pick = answer.recommended
    assert pick.fits
    assert pick.gpus == 8
    assert pick.memory.weights < 2 * 30.5e9 / 4


def test_fine_tunes_end_with_how_the_result_is_served():
    """LoRA: the adapter on the base with vLLM's multi-LoRA; a full fine-tune: its own plan."""
    lora = size_training(
        TrainingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct", method=TrainingMethod.LORA)
    )
    assert lora.serve.adapters_on_base
    assert "--enable-lora" in lora.serve.command
    assert "--max-lora-rank 16" in lora.serve.command
    full = size_training(
        TrainingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct", method=TrainingMethod.FULL)
    )
    assert not full.serve.adapters_on_base
    assert full.serve.plan is not None


def test_no_method_is_sized_as_lora_with_the_others_summarised():
    """A plain "fine-tune": LoRA, said; full fine-tuning and QLoRA beside it."""
    answer = size_training(TrainingRequest(model_id="Qwen/Qwen3-32B"))
    assert answer.job.method is TrainingMethod.LORA
    assert TrainCaveat.METHOD_DEFAULTED in answer.caveats
    assert {m.method for m in answer.other_methods} == {TrainingMethod.FULL, TrainingMethod.QLORA}


def test_recipes_carry_the_sized_values():
    """The LLaMA-Factory config names the method, sequence, micro-batch and ZeRO config."""
    answer = size_training(
        TrainingRequest(model_id=LLAMA_70B, method=TrainingMethod.QLORA, seq_len=8192)
    )
    recipe = "\n".join(answer.recommended.launch_recipe)
    assert "quantization_bit: 4" in recipe
    assert "cutoff_len: 8192" in recipe
    assert f"per_device_train_batch_size: {answer.recommended.micro_batch}" in recipe
    pretrain = size_training(
        TrainingRequest(params_b=1, method=TrainingMethod.PRETRAIN, tokens=10**10)
    )
    command = "\n".join(pretrain.recommended.launch_recipe)
    assert "torchtitan.train" in command
    assert "--training.steps" in command


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"tokens": 0}, "tokens"),
        ({"tokens": 10**16}, "tokens"),
        ({"epochs": float("nan")}, "epochs"),
        ({"seq_len": 16}, "seq_len"),
        ({"zero_stage": 4}, "zero_stage"),
        ({"precision": Precision.INT4}, "precision"),
        ({"deadline_hours": -1.0}, "deadline_hours"),
        ({"micro_batch": True}, "micro_batch"),
    ],
)
def test_absurd_values_are_refused_by_field(change, field):
    """Every bad value raises InvalidRequestError naming its field, never another error."""
    request = TrainingRequest(model_id="Qwen/Qwen3-32B", **change)
    with pytest.raises(InvalidRequestError) as raised:
        size_training(request)
    assert raised.value.field == field


def test_json_carries_every_field_the_contract_names():
    """The options' fields and the top-level recommended_index, as DESIGN names them."""
    data = to_json(
        size_training(TrainingRequest(model_id="Qwen/Qwen3-32B", method=TrainingMethod.FULL))
    )
    assert isinstance(data["recommended_index"], int)
    for option in data["options"]:
        assert set(option) >= OPTION_FIELDS
        assert set(option["memory"]) >= {
            "weights",
            "gradients",
            "optimizer",
            "adapters",
            "activations",
        }


def test_the_train_command_prints_json_and_refuses_bad_flags(capsys):
    """Python -m sizing train --json; a bad method exits 2 with one line."""
    code = main(
        [
            "train",
            "--model",
            LLAMA_70B,
            "--method",
            "qlora",
            "--tokens",
            "20M",
            "--gpu",
            "h200",
            "--gpu-count",
            "1",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    pick = data["options"][data["recommended_index"]]
    assert (pick["plan"], pick["gpus"], pick["fits"]) == ("h200-1x", 1, True)
    assert data["job"]["total_tokens"] == 20_000_000
    assert main(["train", "--model", LLAMA_70B, "--method", "dpo"]) == 2
    assert "invalid" in capsys.readouterr().err


def test_with_no_deadline_a_plan_finishing_within_a_month_comes_first():
    """Pre-training a 7B on 1T tokens on H200s: servers for weeks, not one GPU for years."""
    answer = size_training(
        TrainingRequest(
            params_b=7, method=TrainingMethod.PRETRAIN, tokens=10**12, gpus=(GpuId.H200,)
        )
    )
    pick = answer.options[answer.recommended_index]
    assert pick.plan == "h200-8x"
    assert pick.hours <= 730
    single = next(o for o in answer.options if o.plan == "h200-1x")
    assert single.cost_usd < pick.cost_usd  # cheaper, slower: said, not picked
    assert TrainCaveat.WITHIN_A_MONTH in answer.caveats
    late = size_training(
        TrainingRequest(
            params_b=7,
            method=TrainingMethod.PRETRAIN,
            tokens=10**12,
            gpus=(GpuId.H200,),
            deadline_hours=24 * 1100,
        )
    )
    assert TrainCaveat.WITHIN_A_MONTH not in late.caveats
