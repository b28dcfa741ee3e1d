"""Launch commands: ready to paste, one per server, with exactly the settings the sizing used."""

import json
import math
import shlex

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing.catalog.rental import beyond_online_order
from sizing.deploy.engine import size_deployment
from sizing.deploy.launch import (
    ENGINE_VERSIONS,
    FLAGS,
    HEAD_ADDRESS,
    KV_VALUES,
    PROGRAMS,
    Setting,
)
from sizing.deploy.options import VLLM_MAX_NUM_SEQS
from sizing.fit.memory import vllm_kv_bytes_per_gpu
from sizing.model import get_model, rope_scaling_option
from sizing.request import GpuId, KvDtype, Precision, ServingEngine, SizingRequest

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
KNOWN_FLAGS = {flag for names in FLAGS.values() for flag in names.values()}
# Ray's own command line, which vLLM's multi-node guide starts the cluster with.
RAY_ARGUMENTS = ("--head", "--port=", "--address=", "--block")


def _pick(answer):
    return answer.options[answer.recommended_index]


def _flags(command):
    """Split the engine part of a command (after any ``ray start ... &&``) into flags."""
    words = shlex.split(command.split(" && ")[-1])
    flags, i = {}, 0
    while i < len(words):
        word = words[i]
        if word.startswith("--"):
            has_value = i + 1 < len(words) and not words[i + 1].startswith("--")
            flags[word] = words[i + 1] if has_value else True
            i += 2 if has_value else 1
        else:
            i += 1
    return words, flags


def test_one_table_names_every_flag_with_the_engine_versions_read():
    """Each setting names a double-dash flag per engine; the versions read are recorded."""
    assert set(ENGINE_VERSIONS) == set(ServingEngine)
    assert all(flag.startswith("--") for flag in KNOWN_FLAGS)
    assert set(PROGRAMS) == set(ServingEngine)


def test_deepseek_dp_attention_is_an_sglang_command_with_its_flags():
    """DeepSeek FP8 on one HGX H200 server: SGLang, DP attention over 8, EP 8, FP8 KV."""
    pick = _pick(
        size_deployment(
            SizingRequest(
                model_id=DEEPSEEK,
                precision=Precision.FP8,
                context_tokens=131072,
                concurrency=20,
                cuda_only=True,
            )
        )
    )
    (command,) = pick.launch.commands
    words, flags = _flags(command)
    assert words[:3] == ["python", "-m", "sglang.launch_server"]
    assert flags["--model-path"] == DEEPSEEK
    assert flags["--enable-dp-attention"] is True
    assert (flags["--tp-size"], flags["--dp-size"], flags["--ep-size"]) == ("8", "8", "8")
    assert flags["--context-length"] == "131072"
    assert flags["--kv-cache-dtype"] == "fp8_e4m3"
    assert flags["--max-running-requests"] == str(pick.fit.max_concurrency_at_context)


def test_sglang_memory_fraction_is_the_budget_the_sizing_used():
    """--mem-fraction-static is what the sizing leaves for weights and KV, rounded down."""
    answer = size_deployment(
        SizingRequest(model_id=DEEPSEEK, context_tokens=131072, concurrency=20, cuda_only=True)
    )
    pick = _pick(answer)
    gpu = pick.gpu_facts
    budget = vllm_kv_bytes_per_gpu(
        gpu, 0, gpu_memory_utilization=0.9, moe=True, tensor_parallel=pick.gpus_per_replica
    )
    _words, flags = _flags(pick.launch.commands[0])
    assert (
        float(flags["--mem-fraction-static"]) == math.floor(budget / gpu.usable_bytes * 100) / 100
    )


def test_single_gpu_machines_each_get_the_same_command():
    """Four single-H200 machines: four identical vLLM commands, no parallel flags."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, context_tokens=131072, concurrency=8, gpus=(GpuId.H200,))
    )
    pick = _pick(answer)
    assert pick.plan == "h200-1x"
    assert len(pick.launch.commands) == pick.servers > 1
    assert len(set(pick.launch.commands)) == 1
    words, flags = _flags(pick.launch.commands[0])
    assert words[:2] == ["vllm", "serve"]
    assert "--tensor-parallel-size" not in flags


def test_pipeline_across_servers_gives_a_command_per_server():
    """DeepSeek BF16 on HGX H200 spans two servers: a Ray head with vllm serve, a Ray worker."""
    answer = size_deployment(
        SizingRequest(
            model_id=DEEPSEEK, precision=Precision.BF16, context_tokens=131072, cuda_only=True
        )
    )
    pick = _pick(answer)
    assert (pick.plan, pick.servers, pick.pipeline_parallel) == ("h200-8x", 2, 2)
    head, worker = pick.launch.commands
    _words, flags = _flags(head)
    assert head.startswith("ray start --head")
    assert flags["--pipeline-parallel-size"] == "2"
    assert flags["--tensor-parallel-size"] == "8"
    assert flags["--distributed-executor-backend"] == "ray"
    assert worker == f"ray start --address={HEAD_ADDRESS}:6379 --block"


def test_an_official_checkpoint_is_loaded_and_the_release_is_quantized_otherwise():
    """Llama 3.1 70B FP8 names NVIDIA's FP8 checkpoint; a BF16-only release gets --quantization."""
    official = _pick(size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8)))
    words, flags = _flags(official.launch.commands[0])
    assert words[2] == "nvidia/Llama-3.1-70B-Instruct-FP8"
    assert "--quantization" not in flags
    online = _pick(size_deployment(SizingRequest(params_b=70, gpus=(GpuId.H200,))))
    _words, flags = _flags(online.launch.commands[0])
    assert flags["--quantization"] == "fp8"


MODELS = (
    "meta-llama/Llama-3.1-8B-Instruct",
    LLAMA_70B,
    DEEPSEEK,
    "Qwen/Qwen3-235B-A22B",
    "openai/gpt-oss-120b",
    "mistralai/Mixtral-8x22B-Instruct-v0.1",
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    st.sampled_from(MODELS),
    st.sampled_from([None, Precision.BF16, Precision.FP8]),
    st.sampled_from([None, KvDtype.BF16, KvDtype.FP8]),
    st.sampled_from([None, ServingEngine.VLLM, ServingEngine.SGLANG]),
    st.tuples(
        st.integers(min_value=1024, max_value=262_144), st.integers(min_value=1, max_value=64)
    ),
)
def test_every_command_carries_the_sizing_and_only_known_flags(model, precision, kv, engine, load):
    """For every fitting option offered: one command per server, known flags, sized values.

    The variants the search only ranked carry no commands; a fleet carries none either.
    """
    context, users = load
    answer = size_deployment(
        SizingRequest(
            model_id=model,
            precision=precision,
            kv_dtype=kv,
            engine=engine,
            context_tokens=context,
            concurrency=users,
        )
    )
    for option in (*answer.options, *answer.literal_options):
        if not option.fits or beyond_online_order(option):
            assert option.launch.commands == ()
            continue
        assert len(option.launch.commands) == option.servers
        variant, layout = option.variant, option.layout
        words, flags = _flags(option.launch.commands[0])
        assert words[: len(PROGRAMS[variant.engine])] == list(PROGRAMS[variant.engine])
        assert set(flags) <= KNOWN_FLAGS
        native = get_model(model).max_context_tokens or context
        rope = rope_scaling_option(model)
        # Past the native window with a documented RoPE scaling: the context asked, up to what
        # the scaling reads.
        stretched = rope is not None and native < context
        sized_context = min(context, rope.context_tokens) if stretched else min(context, native)
        context_flag = FLAGS_FOR[variant.engine]["context"]
        assert flags[context_flag] == str(sized_context)
        override = FLAGS[Setting.MODEL_OVERRIDES][variant.engine]
        assert (override in flags) == stretched  # the scaling is on exactly when it is sized
        if stretched:
            assert json.loads(flags[override])["rope_scaling"]["rope_type"] == "yarn"
        assert flags["--kv-cache-dtype"] == KV_VALUES[variant.engine][variant.kv_dtype]
        seqs = FLAGS_FOR[variant.engine]["seqs"]
        expected = min(option.fit.max_concurrency_at_context, VLLM_MAX_NUM_SEQS)
        if layout.dp_attention and variant.engine is ServingEngine.VLLM:
            expected = max(expected // layout.data_parallel, 1)  # per data-parallel rank
        assert flags[seqs] == str(expected)
        assert ("--quantization" in flags) == variant.quantize_at_load
        tp = FLAGS_FOR[variant.engine]["tp"]
        if layout.dp_attention and variant.engine is ServingEngine.SGLANG:
            assert flags[tp] == str(layout.tensor_parallel * layout.data_parallel)
        elif layout.tensor_parallel > 1 or layout.dp_attention:
            assert flags[tp] == str(layout.tensor_parallel)
        else:
            assert tp not in flags


FLAGS_FOR = {
    ServingEngine.VLLM: {
        "context": "--max-model-len",
        "seqs": "--max-num-seqs",
        "tp": "--tensor-parallel-size",
    },
    ServingEngine.SGLANG: {
        "context": "--context-length",
        "seqs": "--max-running-requests",
        "tp": "--tp-size",
    },
}


def test_ray_arguments_are_the_only_words_outside_the_table():
    """Besides the table, a multi-server command uses only Ray's own start arguments."""
    answer = size_deployment(
        SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16, cuda_only=True)
    )
    for command in _pick(answer).launch.commands:
        ray = command.split(" && ")[0] if "ray start" in command else ""
        for word in shlex.split(ray)[2:]:
            assert word.startswith(RAY_ARGUMENTS)
