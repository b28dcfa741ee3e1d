"""Software for training on each GPU's stack, and a ready-to-run recipe per option.

Fine-tuning recipes are LLaMA-Factory configurations (its YAML keys, launched with
``llamafactory-cli train``; DeepSpeed's ZeRO configs for sharding), which run on CUDA and on
ROCm PyTorch; pre-training recipes are torchtitan's ``torchrun -m torchtitan.train`` with
its TOML job file and command-line overrides (FSDP2 sharding inside a server, replicas
across). Each names the values the sizing assumed: sequence length, micro-batch, gradient
accumulation, ZeRO stage, checkpointing, precision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sizing.catalog import Software
from sizing.request import Checkpointing, Precision, TrainingMethod
from sizing.train.types import StackSupport

if TYPE_CHECKING:
    from sizing.model import ModelSpec
    from sizing.train.types import TrainingJob, TrainingOption

# Which stacks run each method, by software; the gaps are codes the answers explain.
# Sources: the projects' own install and hardware pages (PyTorch FSDP2, DeepSpeed,
# Megatron-LM/NeMo, torchtitan, PEFT, LLaMA-Factory, Unsloth, Axolotl, bitsandbytes), and
# AMD's ROCm training images (PyTorch, Megatron-LM, torchtitan).
SUPPORT: dict[tuple[Software, TrainingMethod], tuple[tuple[str, ...], tuple[str, ...]]] = {
    (Software.CUDA, TrainingMethod.FULL): (
        ("PyTorch FSDP2", "DeepSpeed ZeRO", "Megatron-LM / NeMo", "LLaMA-Factory", "Axolotl"),
        (),
    ),
    (Software.CUDA, TrainingMethod.LORA): (
        ("PEFT", "LLaMA-Factory", "Unsloth", "Axolotl", "NeMo"),
        (),
    ),
    (Software.CUDA, TrainingMethod.QLORA): (
        ("bitsandbytes + PEFT", "LLaMA-Factory", "Unsloth", "Axolotl"),
        (),
    ),
    (Software.CUDA, TrainingMethod.PRETRAIN): (
        ("Megatron-LM / NeMo", "torchtitan", "DeepSpeed"),
        (),
    ),
    (Software.ROCM, TrainingMethod.FULL): (
        ("PyTorch FSDP2", "DeepSpeed ZeRO", "Megatron-LM (ROCm)", "LLaMA-Factory", "Axolotl"),
        ("fp8_rocm_transformer_engine",),
    ),
    (Software.ROCM, TrainingMethod.LORA): (
        ("PEFT", "LLaMA-Factory", "Axolotl"),
        ("unsloth_cuda_first",),
    ),
    (Software.ROCM, TrainingMethod.QLORA): (
        ("bitsandbytes (ROCm) + PEFT", "LLaMA-Factory"),
        ("bitsandbytes_rocm_newer", "unsloth_cuda_first"),
    ),
    (Software.ROCM, TrainingMethod.PRETRAIN): (
        ("Megatron-LM (ROCm)", "torchtitan", "DeepSpeed"),
        ("fp8_rocm_transformer_engine",),
    ),
}


def support(software: Software, method: TrainingMethod) -> StackSupport:
    """Return the stacks that run a method on a software stack, and its gaps."""
    stacks, gaps = SUPPORT[software, method]
    return StackSupport(software=software.value, method=method, stacks=stacks, gaps=gaps)


def stack_name(method: TrainingMethod, software: Software, *, gpus: int) -> str:
    """Return the stack a recipe is written for."""
    del software, gpus
    if method is TrainingMethod.PRETRAIN:
        return "torchtitan"
    return "LLaMA-Factory"


_ZERO_CONFIGS = {
    1: "examples/deepspeed/ds_z2_config.json",  # ZeRO-1 runs as ZeRO-2's config without grads
    2: "examples/deepspeed/ds_z2_config.json",
    3: "examples/deepspeed/ds_z3_config.json",
}
_OFFLOAD_CONFIG = "examples/deepspeed/ds_z3_offload_config.json"


def _finetune_recipe(model: ModelSpec, job: TrainingJob, option: TrainingOption) -> list[str]:
    lora = job.method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    lines = [
        f"model_name_or_path: {model.id}",
        "stage: sft",
        "do_train: true",
        f"finetuning_type: {'lora' if lora else 'full'}",
    ]
    if lora:
        lines += [f"lora_rank: {job.lora_rank}", "lora_target: all"]
    if job.method is TrainingMethod.QLORA:
        lines += ["quantization_bit: 4", "quantization_method: bitsandbytes"]
    if option.offload:
        lines.append(f"deepspeed: {_OFFLOAD_CONFIG}")
    elif option.zero_stage in _ZERO_CONFIGS and option.gpus > 1:
        lines.append(f"deepspeed: {_ZERO_CONFIGS[option.zero_stage]}")
    lines += [
        f"cutoff_len: {job.seq_len}",
        f"per_device_train_batch_size: {option.micro_batch}",
        f"gradient_accumulation_steps: {option.grad_accum}",
        "bf16: true" if job.precision is not Precision.FP8 else "bf16: true  # FP8: NeMo recipe",
        f"num_train_epochs: {job.epochs:g}",
    ]
    if option.checkpointing is Checkpointing.NONE:
        lines.append("disable_gradient_checkpointing: true")
    launch = "llamafactory-cli train job.yaml"
    if option.gpus > 1:
        launch = f"FORCE_TORCHRUN=1 {launch}"
    if option.servers > 1:
        launch = (
            f"FORCE_TORCHRUN=1 NNODES={option.servers} NODE_RANK=$RANK "
            "MASTER_ADDR=$MASTER_ADDR MASTER_PORT=29500 llamafactory-cli train job.yaml"
        )
    return ["# job.yaml (LLaMA-Factory)", *lines, "", launch]


def _pretrain_recipe(model: ModelSpec, job: TrainingJob, option: TrainingOption) -> list[str]:
    per_server = option.gpus // max(option.servers, 1)
    shard = max(option.shard_gpus, 1)
    ranks = option.gpus // option.tensor_parallel
    steps = 0
    if job.total_tokens is not None:
        steps = max(1, round(job.total_tokens / (option.global_batch * job.seq_len)))
    command = [
        f"torchrun --nnodes {option.servers} --nproc-per-node {per_server}",
        "  --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29500",
        "  -m torchtitan.train --job.config_file ./train.toml",
        f"  --training.seq_len {job.seq_len}",
        f"  --training.local_batch_size {option.micro_batch}",
        f"  --training.global_batch_size {option.global_batch}",
    ]
    if steps:
        command.append(f"  --training.steps {steps}")
    command += [
        f"  --activation_checkpoint.mode {option.checkpointing.value}",
        f"  --parallelism.data_parallel_shard_degree {shard}",
        f"  --parallelism.data_parallel_replicate_degree {ranks // shard}",
        f"  --parallelism.tensor_parallel_degree {option.tensor_parallel}",
    ]
    if job.precision is Precision.FP8 and option.gpu.value != "mi355x":
        command.append("  --model.converters float8")
    return [f"# {model.name}: model shape in train.toml ({model.layers} layers)", *command]


def launch_recipe(model: ModelSpec, job: TrainingJob, option: TrainingOption) -> tuple[str, ...]:
    """Return the recipe that runs the option: a config and its launch command."""
    if job.method is TrainingMethod.PRETRAIN:
        return tuple(_pretrain_recipe(model, job, option))
    return tuple(_finetune_recipe(model, job, option))
