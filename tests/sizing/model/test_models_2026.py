"""The 2025-2026 catalog models: caches by kind, official checkpoints, sizing on every plan."""

import math

import pytest

from sizing.deploy.engine import size_deployment
from sizing.model import get_model, kv_bytes_for_sequence, kv_bytes_per_token, weights_bytes
from sizing.model.catalog import base_model, official_checkpoints
from sizing.model.recipes import STORAGE_BITS
from sizing.request import KvDtype, Precision, SizingRequest

NEW_MODELS = [
    "Qwen/Qwen3-0.6B",
    "Qwen/Qwen3-1.7B",
    "Qwen/Qwen3-32B-FP8",
    "Qwen/Qwen3-32B-FP8-Static-PerTensor",
    "Qwen/Qwen3-30B-A3B-FP8",
    "Qwen/Qwen3-235B-A22B-FP8",
    "nvidia/Qwen3-235B-A22B-NVFP4",
    "Qwen/Qwen3-VL-2B-Instruct",
    "Qwen/Qwen3-VL-4B-Instruct",
    "Qwen/Qwen3-VL-8B-Instruct",
    "Qwen/Qwen3-VL-30B-A3B-Instruct",
    "Qwen/Qwen3-VL-235B-A22B-Instruct",
    "Qwen/Qwen3.5-27B",
    "Qwen/Qwen3.5-397B-A17B",
    "nvidia/Qwen3.5-397B-A17B-NVFP4",
    "MiniMaxAI/MiniMax-M2.5",
    "nvidia/MiniMax-M2.5-NVFP4",
    "MiniMaxAI/MiniMax-M3",
    "nvidia/MiniMax-M3-NVFP4",
    "XiaomiMiMo/MiMo-V2-Flash",
    "deepseek-ai/DeepSeek-V3.1",
    "nvidia/DeepSeek-V3.1-NVFP4",
    "deepseek-ai/DeepSeek-V3.2",
    "nvidia/DeepSeek-V3.2-NVFP4",
    "deepseek-ai/DeepSeek-V4-Flash",
    "nvidia/DeepSeek-V4-Flash-NVFP4",
    "sgl-project/DeepSeek-V4-Flash-FP8",
    "google/gemma-4-26B-A4B",
    "nvidia/Gemma-4-26B-A4B-NVFP4",
    "moonshotai/Kimi-K2.5",
    "nvidia/Kimi-K2.5-NVFP4",
    "moonshotai/Kimi-K3",
    "zai-org/GLM-5",
    "zai-org/GLM-5-FP8",
    "nvidia/GLM-5-NVFP4",
    "zai-org/GLM-5.1",
    "zai-org/GLM-5.1-FP8",
    "nvidia/GLM-5.1-NVFP4",
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16",
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8",
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4",
    "nvidia/Llama-3_3-Nemotron-Super-49B-v1",
    "nvidia/Llama-3.1-70B-Instruct-FP8",
    "stepfun-ai/Step-3.7-Flash",
]
# (KV bytes per token, windowed bytes per token, indexer bytes per token, state per sequence),
# each from the config: layers x heads x widths x 2 bytes; states in FP32 plus BF16 conv tails.
CACHES = {
    # 16 full-attention layers x 4 KV heads x 256 x K,V; 48 DeltaNet layers of 48 value heads
    # x 128 x 128 FP32 plus a 3-token tail of 2x2048+6144 channels.
    "Qwen/Qwen3.5-27B": (16 * 2 * 4 * 256 * 2, 0, 0, 48 * (48 * 128 * 128 * 4 + 10240 * 3 * 2)),
    # 8 attention layers x 2 KV heads x 128; 40 Mamba-2 layers: 128 heads x 64 x 128 FP32 state
    # and a 3-token tail of 8192 + 2 x 8 x 128 channels.
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16": (
        8 * 2 * 2 * 128 * 2,
        0,
        0,
        40 * (128 * 64 * 128 * 4 + (8192 + 2048) * 3 * 2),
    ),
    # MLA latent 61 x 576 and one 128-wide indexer key per layer.
    "deepseek-ai/DeepSeek-V3.2": (61 * 576 * 2, 0, 61 * 128 * 2, 0),
    # 78 x (512 + 64) latent, 78 indexer keys of 128.
    "zai-org/GLM-5": (78 * 576 * 2, 0, 78 * 128 * 2, 0),
    # 21 layers keep one 512-wide entry per 4 tokens, 20 one per 128, all 43 a 128-token window;
    # the 21 also an indexer key of 128 per 4 tokens.
    "deepseek-ai/DeepSeek-V4-Flash": (
        (21 * 512 // 4 + 20 * 512 // 128) * 2,
        43 * 512 * 2,
        21 * 128 // 4 * 2,
        0,
    ),
    # 9 full layers: 4 KV heads x (192 + 128); 39 sliding: 8 KV heads, window 128.
    "XiaomiMiMo/MiMo-V2-Flash": (9 * 4 * 320 * 2, 39 * 8 * 320 * 2, 0, 0),
    # 5 global layers: 2 KV heads x 512 (K and V normed apart); 25 sliding: 8 x 256.
    "google/gemma-4-26B-A4B": (5 * 2 * 2 * 512 * 2, 25 * 2 * 8 * 256 * 2, 0, 0),
    # MiniMax M3: 60 layers x 4 KV heads x 128; indexer keys of 128 on 57 layers.
    "MiniMaxAI/MiniMax-M3": (60 * 2 * 4 * 128 * 2, 0, 57 * 128 * 2, 0),
    # Kimi K3: 24 MLA layers; 69 KDA layers of 96 heads x 128 x 128 FP32 and a 3-token tail.
    "moonshotai/Kimi-K3": (24 * 576 * 2, 0, 0, 69 * (96 * 128 * 128 * 4 + 3 * 96 * 128 * 3 * 2)),
    # Step 3.7: 12 full and 33 sliding (512) layers of 8 KV heads x 128.
    "stepfun-ai/Step-3.7-Flash": (12 * 2 * 8 * 128 * 2, 33 * 2 * 8 * 128 * 2, 0, 0),
}


@pytest.mark.parametrize("hf_id", sorted(CACHES))
def test_caches_are_derived_from_the_config(hf_id):
    """Per-token KV, windowed KV, indexer keys and per-sequence state match the config."""
    model = get_model(hf_id)
    kv, windowed, indexer, state = CACHES[hf_id]
    assert model.kv_bytes_per_token == kv
    assert (model.windowed_kv_bytes_per_token or 0) == windowed
    assert model.indexer_kv_bytes_per_token == indexer
    assert model.state_bytes_per_sequence == state


def test_a_sequence_holds_every_cache_and_the_state_once():
    """One sequence: growing caches x context, windows capped, the state added once."""
    model = get_model("deepseek-ai/DeepSeek-V4-Flash")
    context = 131_072
    expected = (5536 + 1344) * context + 44032 * 128
    assert kv_bytes_for_sequence(model, KvDtype.BF16, context) == expected
    hybrid = get_model("Qwen/Qwen3.5-27B")
    state = hybrid.state_bytes_per_sequence
    assert kv_bytes_for_sequence(hybrid, KvDtype.BF16, 1000) == 65536 * 1000 + state
    assert kv_bytes_per_token(hybrid, KvDtype.BF16, 1000) == 65536  # the growing part only


def test_nvfp4_checkpoint_keeps_its_excluded_modules_in_16_bits():
    """DeepSeek-V3.2-NVFP4: experts, MLPs and o_proj NVFP4; q/kv and indexer stay BF16."""
    model = get_model("nvidia/DeepSeek-V3.2-NVFP4")
    layout = {(group, fmt): params for group, fmt, params in model.release_layout}
    assert layout["routed_experts", "nvfp4"] == model.params.routed_experts
    assert layout["attention", "nvfp4"] == 61 * 128 * 128 * 7168  # o_proj only
    assert layout["attention", "bf16"] > 0
    listed = [(g, f, p) for g, f, p in model.release_layout if g != "mtp"]
    rest = model.total_params - sum(p for _, _, p in listed)  # embeddings, head, final norm
    assert rest == model.params.embedding + model.params.lm_head + 7168
    expected = math.ceil((sum(p * STORAGE_BITS[f] for _, f, p in listed) + rest * 16) / 8)
    assert weights_bytes(model, Precision.NVFP4) == expected
    assert weights_bytes(model, Precision.NVFP4) < weights_bytes(
        get_model("deepseek-ai/DeepSeek-V3.2"), Precision.FP8
    )


def test_glm51_nvfp4_keeps_its_dense_layers_whole():
    """GLM-5.1-NVFP4 excludes layers 0-2 whole, attention and shared experts everywhere."""
    model = get_model("nvidia/GLM-5.1-NVFP4")
    layout = {(group, fmt): params for group, fmt, params in model.release_layout}
    assert layout["dense_mlp", "bf16"] == 3 * 3 * 6144 * 12288
    assert ("dense_mlp", "nvfp4") not in layout
    assert ("attention", "nvfp4") not in layout
    assert ("shared_experts", "nvfp4") not in layout
    assert layout["routed_experts", "nvfp4"] == model.params.routed_experts


def test_mixed_checkpoint_stores_two_formats():
    """MiniMax-M3-NVFP4: experts NVFP4, attention, indexer, dense and shared experts MXFP8."""
    model = get_model("nvidia/MiniMax-M3-NVFP4")
    formats = {(group, fmt) for group, fmt, _ in model.release_layout}
    assert ("routed_experts", "nvfp4") in formats
    assert {("attention", "mxfp8"), ("dense_mlp", "mxfp8"), ("shared_experts", "mxfp8")} <= formats


def test_official_checkpoints_are_listed_on_their_base():
    """A base model lists its official checkpoints (format, id); a checkpoint names its base."""
    assert official_checkpoints("deepseek-ai/DeepSeek-V3.2") == (
        (Precision.NVFP4, "nvidia/DeepSeek-V3.2-NVFP4"),
    )
    assert set(official_checkpoints("zai-org/GLM-5")) == {
        (Precision.FP8, "zai-org/GLM-5-FP8"),
        (Precision.NVFP4, "nvidia/GLM-5-NVFP4"),
    }
    assert base_model("nvidia/DeepSeek-V3.2-NVFP4") == "deepseek-ai/DeepSeek-V3.2"
    assert base_model("deepseek-ai/DeepSeek-V3.2") is None
    assert official_checkpoints("nvidia/DeepSeek-V3.2-NVFP4") == ()
    assert get_model("nvidia/deepseek-v3.2-nvfp4").release_precision is Precision.NVFP4


@pytest.mark.parametrize("hf_id", NEW_MODELS)
def test_every_new_model_is_sized_on_every_plan(hf_id):
    """Sizing runs on every plan with non-negative finite figures; small models fit an H200."""
    answer = size_deployment(SizingRequest(model_id=hf_id, context_tokens=32_768))
    model = get_model(hf_id)
    assert answer.weights_bytes > 0
    assert answer.kv_bytes_per_sequence >= model.state_bytes_per_sequence
    for option in answer.options:
        for value in (
            option.fit.kv_cache_tokens,
            option.fit.kv_cache_tokens_physical,
            option.fit.max_concurrency_at_context,
            option.speed.decode_tokens_per_s,
            option.fit.weights_bytes_per_gpu,
        ):
            assert value is None or (math.isfinite(value) and value >= 0), (option, value)
    fitting = {option.plan for option in answer.options if option.fits}
    if model.total_params < 40e9 and answer.weights_bytes < 100e9:
        assert "h200-1x" in fitting or any(p and p.startswith("h200") for p in fitting)
    if answer.weights_bytes < 1.8e12:
        assert any(p and p.startswith("mi355x") for p in fitting), fitting
