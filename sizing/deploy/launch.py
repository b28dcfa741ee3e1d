"""Launch commands: the serving engine's command line for a sized deployment, one per server.

Every flag comes from ``FLAGS``, read from each engine's own argument definitions:
vLLM 0.11 (``vllm/engine/arg_utils.py``, ``EngineArgs.add_cli_args``) and SGLang 0.5
(``python/sglang/srt/server_args.py``, ``ServerArgs.add_cli_args``, as the SGLang docs'
"Server Arguments" page lists them). A command carries exactly what the sizing assumed:
parallel sizes, expert parallelism and data-parallel attention, the context, the memory
budget, the KV dtype, the weights (an official quantized checkpoint, or the release quantized
while loading) and the sequences each replica holds.
"""

from __future__ import annotations

import json
import math
import shlex
from dataclasses import dataclass
from enum import StrEnum

from sizing.answer import Layout, Variant
from sizing.catalog import GpuFacts
from sizing.request import (
    DraftServing,
    KvDtype,
    LoraServing,
    Precision,
    RopeScaling,
    ServingEngine,
)

# The engine versions whose argument definitions ``FLAGS`` was read from.
ENGINE_VERSIONS: dict[ServingEngine, str] = {
    ServingEngine.VLLM: "0.11",
    ServingEngine.SGLANG: "0.5",
}
# The program each engine is started with; vLLM takes the model as its first argument.
PROGRAMS: dict[ServingEngine, tuple[str, ...]] = {
    ServingEngine.VLLM: ("vllm", "serve"),
    ServingEngine.SGLANG: ("python", "-m", "sglang.launch_server"),
}


class Setting(StrEnum):
    """What a command sets, whatever the engine calls it."""

    MODEL = "model"
    TENSOR_PARALLEL = "tensor_parallel"
    PIPELINE_PARALLEL = "pipeline_parallel"
    DATA_PARALLEL = "data_parallel"
    EXPERT_PARALLEL = "expert_parallel"
    DP_ATTENTION = "dp_attention"
    CONTEXT = "context"
    MEMORY = "memory"
    KV_CACHE_DTYPE = "kv_cache_dtype"
    QUANTIZATION = "quantization"
    MAX_SEQUENCES = "max_sequences"
    EXECUTOR = "executor"
    NODES = "nodes"
    NODE_RANK = "node_rank"
    INIT_ADDRESS = "init_address"
    MODEL_OVERRIDES = "model_overrides"
    LORA = "lora"
    LORA_SLOTS = "lora_slots"
    LORA_RANK = "lora_rank"
    LORA_CPU = "lora_cpu"


_V, _S = ServingEngine.VLLM, ServingEngine.SGLANG
# The one table of flag names (see the module docstring for where they were read).
FLAGS: dict[Setting, dict[ServingEngine, str]] = {
    Setting.MODEL: {_S: "--model-path"},  # vLLM: the first argument of ``vllm serve``
    Setting.TENSOR_PARALLEL: {_V: "--tensor-parallel-size", _S: "--tp-size"},
    Setting.PIPELINE_PARALLEL: {_V: "--pipeline-parallel-size", _S: "--pp-size"},
    Setting.DATA_PARALLEL: {_V: "--data-parallel-size", _S: "--dp-size"},
    Setting.EXPERT_PARALLEL: {_V: "--enable-expert-parallel", _S: "--ep-size"},
    Setting.DP_ATTENTION: {_S: "--enable-dp-attention"},  # vLLM: implied by DP with EP
    Setting.CONTEXT: {_V: "--max-model-len", _S: "--context-length"},
    Setting.MEMORY: {_V: "--gpu-memory-utilization", _S: "--mem-fraction-static"},
    Setting.KV_CACHE_DTYPE: {_V: "--kv-cache-dtype", _S: "--kv-cache-dtype"},
    Setting.QUANTIZATION: {_V: "--quantization", _S: "--quantization"},
    Setting.MAX_SEQUENCES: {_V: "--max-num-seqs", _S: "--max-running-requests"},
    Setting.EXECUTOR: {_V: "--distributed-executor-backend"},
    Setting.NODES: {_S: "--nnodes"},
    Setting.NODE_RANK: {_S: "--node-rank"},
    Setting.INIT_ADDRESS: {_S: "--dist-init-addr"},
    # Config overrides: vLLM's --hf-overrides, SGLang's --json-model-override-args (RoPE).
    Setting.MODEL_OVERRIDES: {_V: "--hf-overrides", _S: "--json-model-override-args"},
    # Multi-LoRA: vLLM's LoRAConfig arguments; SGLang's --enable-lora, --max-loras-per-batch,
    # --max-lora-rank (its adapters are loaded with --lora-paths, named by the customer).
    Setting.LORA: {_V: "--enable-lora", _S: "--enable-lora"},
    Setting.LORA_SLOTS: {_V: "--max-loras", _S: "--max-loras-per-batch"},
    Setting.LORA_RANK: {_V: "--max-lora-rank", _S: "--max-lora-rank"},
    Setting.LORA_CPU: {_V: "--max-cpu-loras"},
}
# Values of the KV dtype flag: the model's own 16 bits is "auto" in both; FP8 is E4M3.
KV_VALUES: dict[ServingEngine, dict[KvDtype, str]] = {
    _V: {KvDtype.BF16: "auto", KvDtype.FP16: "auto", KvDtype.FP8: "fp8"},
    _S: {KvDtype.BF16: "auto", KvDtype.FP16: "auto", KvDtype.FP8: "fp8_e4m3"},
}
QUANTIZATION_VALUES: dict[Precision, str] = {Precision.FP8: "fp8"}
# vLLM across servers runs on a Ray cluster the other servers join (its multi-node guide).
RAY_PORT = 6379
SGLANG_INIT_PORT = 5000
HEAD_ADDRESS = "HEAD_IP"  # the first server's private address, filled in by the customer


@dataclass(frozen=True, slots=True)
class Deployment:
    """What a command needs to know of a sized option."""

    model_id: str | None  # None: a generic size, no checkpoint to name
    variant: Variant
    layout: Layout
    gpu: GpuFacts
    servers: int  # units rented
    gpus_per_server: int
    replicas: int
    context_tokens: int
    memory_fraction: float  # of usable memory, for weights and KV (the sizing's budget)
    gpu_memory_utilization: float  # vLLM's own form of the same budget
    max_sequences: int  # per replica
    lora: LoraServing | None = None  # adapters served on the base
    draft: DraftServing | None = None  # a draft model for speculative decoding


def _flag(setting: Setting, engine: ServingEngine) -> str:
    return FLAGS[setting][engine]


def model_argument(deployment: Deployment) -> str:
    """Return the checkpoint to load, or a placeholder where the customer brings one."""
    variant = deployment.variant
    if variant.checkpoint is not None:
        return variant.checkpoint
    if deployment.model_id is None:
        return "YOUR-MODEL"
    return f"YOUR-{variant.weight_format.value.upper()}-CHECKPOINT"


def _common(deployment: Deployment, engine: ServingEngine) -> list[str]:
    variant, layout = deployment.variant, deployment.layout
    sequences = deployment.max_sequences
    if layout.dp_attention and engine is ServingEngine.VLLM:
        # vLLM runs one engine core per data-parallel rank, each with its own --max-num-seqs;
        # SGLang takes the replica's total and divides it over its attention ranks itself.
        sequences = max(sequences // layout.data_parallel, 1)
    args = [
        _flag(Setting.CONTEXT, engine),
        str(deployment.context_tokens),
        _flag(Setting.MEMORY, engine),
        _memory_value(deployment, engine),
        _flag(Setting.KV_CACHE_DTYPE, engine),
        KV_VALUES[engine][variant.kv_dtype],
        _flag(Setting.MAX_SEQUENCES, engine),
        str(sequences),
    ]
    if variant.quantize_at_load:
        args += [_flag(Setting.QUANTIZATION, engine), QUANTIZATION_VALUES[variant.weight_format]]
    if variant.rope_scaling is not None:
        args += [_flag(Setting.MODEL_OVERRIDES, engine), _rope_override(variant.rope_scaling)]
    lora = deployment.lora
    if lora is not None:
        args += [_flag(Setting.LORA, engine)]
        args += [_flag(Setting.LORA_SLOTS, engine), str(lora.slots)]
        args += [_flag(Setting.LORA_RANK, engine), str(lora.rank)]
        if engine is ServingEngine.VLLM and lora.adapters > lora.slots:
            args += [_flag(Setting.LORA_CPU, engine), str(lora.adapters)]
    if deployment.draft is not None:
        args += _speculative(deployment.draft, engine)
    return args


def _speculative(draft: DraftServing, engine: ServingEngine) -> list[str]:
    """Turn a draft model on: vLLM's --speculative-config, SGLang's STANDALONE algorithm."""
    if engine is ServingEngine.VLLM:
        config = {
            "model": draft.model_id,
            "method": "draft_model",
            "num_speculative_tokens": draft.tokens,
        }
        return ["--speculative-config", json.dumps(config, separators=(",", ":"))]
    return [
        "--speculative-algorithm",
        "STANDALONE",
        "--speculative-draft-model-path",
        draft.model_id,
        "--speculative-num-steps",
        str(draft.tokens),
        "--speculative-eagle-topk",
        "1",
        "--speculative-num-draft-tokens",
        str(draft.tokens + 1),
    ]


def _rope_override(rope: RopeScaling) -> str:
    """Return the config override that turns the scaling on (Qwen's documented form)."""
    scaling = {
        "rope_type": rope.type,
        "factor": rope.factor,
        "original_max_position_embeddings": rope.original_context_tokens,
    }
    return json.dumps({"rope_scaling": scaling}, separators=(",", ":"))  # quoted with the rest


def _memory_value(deployment: Deployment, engine: ServingEngine) -> str:
    if engine is ServingEngine.VLLM:
        return f"{deployment.gpu_memory_utilization:g}"
    # Rounded down: a larger static pool than the sizing assumed could run out of activations.
    return f"{math.floor(deployment.memory_fraction * 100) / 100:.2f}"


def _parallel(layout: Layout, engine: ServingEngine, replicas_here: int) -> list[str]:
    """Write the flags of one server's share of the layout (replicas side by side)."""
    args: list[str] = []
    if layout.dp_attention:
        gpus = layout.tensor_parallel * layout.data_parallel
        if engine is ServingEngine.SGLANG:
            args += [_flag(Setting.TENSOR_PARALLEL, engine), str(gpus)]
            args += [_flag(Setting.DATA_PARALLEL, engine), str(layout.data_parallel)]
            args += [_flag(Setting.DP_ATTENTION, engine)]
            args += [_flag(Setting.EXPERT_PARALLEL, engine), str(gpus)]
            return args
        args += [_flag(Setting.TENSOR_PARALLEL, engine), str(layout.tensor_parallel)]
        args += [_flag(Setting.DATA_PARALLEL, engine), str(layout.data_parallel)]
        return [*args, _flag(Setting.EXPERT_PARALLEL, engine)]
    if layout.tensor_parallel > 1:
        args += [_flag(Setting.TENSOR_PARALLEL, engine), str(layout.tensor_parallel)]
    if layout.pipeline_parallel > 1:
        args += [_flag(Setting.PIPELINE_PARALLEL, engine), str(layout.pipeline_parallel)]
    if replicas_here > 1:
        args += [_flag(Setting.DATA_PARALLEL, engine), str(replicas_here)]
    return args


def _serve(deployment: Deployment, replicas_here: int) -> list[str]:
    engine = deployment.variant.engine
    model = model_argument(deployment)
    head = [*PROGRAMS[engine], model] if engine is ServingEngine.VLLM else [*PROGRAMS[engine]]
    if engine is ServingEngine.SGLANG:
        head += [_flag(Setting.MODEL, engine), model]
    return head + _parallel(deployment.layout, engine, replicas_here) + _common(deployment, engine)


def _pipelined(deployment: Deployment) -> tuple[str, ...]:
    """Replicas spanning servers: one command per server of each replica.

    Every copy runs the same commands on its own servers (HEAD_IP is its first server), so
    one copy's commands are written once and repeated.
    """
    engine = deployment.variant.engine
    stages = deployment.layout.pipeline_parallel
    address = HEAD_ADDRESS
    serve = _serve(deployment, 1)
    if engine is ServingEngine.VLLM:
        executor = [_flag(Setting.EXECUTOR, engine), "ray"]
        ray_head = ["ray", "start", "--head", f"--port={RAY_PORT}"]
        join = ["ray", "start", f"--address={address}:{RAY_PORT}", "--block"]
        head = f"{shlex.join(ray_head)} && {shlex.join(serve + executor)}"
        one_copy = (head, *[shlex.join(join)] * (stages - 1))
    else:
        commands: list[str] = []
        for rank in range(stages):
            nodes = [_flag(Setting.NODES, engine), str(stages)]
            nodes += [_flag(Setting.NODE_RANK, engine), str(rank)]
            nodes += [_flag(Setting.INIT_ADDRESS, engine), f"{address}:{SGLANG_INIT_PORT}"]
            commands.append(shlex.join(serve + nodes))
        one_copy = tuple(commands)
    return one_copy * deployment.replicas


def launch_commands(deployment: Deployment) -> tuple[str, ...]:
    """One command per rented server (or single-GPU machine), in order."""
    if deployment.layout.pipeline_parallel > 1:
        return _pipelined(deployment)
    # Each rented server runs as many replicas as its GPUs hold, as the answer counts them.
    layout = deployment.layout
    per_server = max(
        deployment.gpus_per_server // (layout.tensor_parallel * layout.data_parallel), 1
    )
    return (shlex.join(_serve(deployment, per_server)),) * deployment.servers
