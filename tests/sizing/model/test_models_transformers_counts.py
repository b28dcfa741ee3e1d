"""Total parameters equal what Hugging Face transformers builds for each config."""

import pytest

from sizing.model import get_model, load_models

# Obtained with tools/count_params_with_transformers.py under transformers 5.24.0 and torch
# 2.13.0 (CPU): each reference config built on the meta device with AutoModelForCausalLM
# (AutoModelForImageTextToText for the multimodal types), parameters summed with tied weights
# counted once. Kimi K2 built as deepseek_v3, DeepSeek V4 FP8 (deepseek_ref) as deepseek_v4,
# MiniMax M3 as the text model of minimax_m3_vl, Step 3.7 Flash as Step3p7TextModel plus its
# LM head; Mixtral 8x22B Instruct with its 32768 vocabulary. DeepSeek-V3-0324, DeepSeek-V3.1 and
# Nemotron 3 Super BF16 are built from the configs they share (V3, V3.1-NVFP4, Super FP8).
# Llama 2: the totals of their published configs (Llama 2 7B 6,738,415,616,
# 13B 13,015,864,320, 70B 68,976,648,192), not re-counted with transformers here.
TRANSFORMERS_PARAMS = {
    "MiniMaxAI/MiniMax-M2.5": 228_689_748_992,
    "MiniMaxAI/MiniMax-M3": 426_174_565_632,
    "Qwen/Qwen2.5-72B-Instruct": 72_706_203_648,
    "Qwen/Qwen3-0.6B": 596_049_920,
    "Qwen/Qwen3-1.7B": 1_720_574_976,
    "Qwen/Qwen3-235B-A22B": 235_093_634_560,
    "Qwen/Qwen3-235B-A22B-FP8": 235_093_634_560,
    "Qwen/Qwen3-30B-A3B": 30_532_122_624,
    "Qwen/Qwen3-30B-A3B-FP8": 30_532_122_624,
    "Qwen/Qwen3-32B": 32_762_123_264,
    "Qwen/Qwen3-32B-FP8": 32_762_123_264,
    "Qwen/Qwen3-32B-FP8-Static-PerTensor": 32_762_123_264,
    "Qwen/Qwen3-Coder-480B-A35B-Instruct": 480_154_875_392,
    "Qwen/Qwen3-VL-235B-A22B-Instruct": 235_670_022_896,
    "Qwen/Qwen3-VL-2B-Instruct": 2_127_532_032,
    "Qwen/Qwen3-VL-30B-A3B-Instruct": 31_070_754_032,
    "Qwen/Qwen3-VL-4B-Instruct": 4_437_815_808,
    "Qwen/Qwen3-VL-8B-Instruct": 8_767_123_696,
    "Qwen/Qwen3.5-27B": 27_356_728_560,
    "Qwen/Qwen3.5-397B-A17B": 396_802_360_816,
    "XiaomiMiMo/MiMo-V2-Flash": 308_778_768_832,
    "deepseek-ai/DeepSeek-R1": 671_026_404_352,
    "deepseek-ai/DeepSeek-R1-Distill-Llama-70B": 70_553_706_496,
    "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B": 32_763_876_352,
    "deepseek-ai/DeepSeek-V3": 671_026_404_352,
    "deepseek-ai/DeepSeek-V3-0324": 671_026_404_352,
    "deepseek-ai/DeepSeek-V3.1": 671_026_404_352,
    "deepseek-ai/DeepSeek-V3.2": 671_877_929_216,
    "deepseek-ai/DeepSeek-V4-Flash": 284_332_230_231,
    "google/gemma-3-27b-it": 27_432_406_640,
    "google/gemma-4-26B-A4B": 25_805_933_872,
    "meta-llama/Llama-2-13b-chat-hf": 13_015_864_320,
    "meta-llama/Llama-2-70b-chat-hf": 68_976_648_192,
    "meta-llama/Llama-2-7b-chat-hf": 6_738_415_616,
    "meta-llama/Llama-3.1-405B-Instruct": 405_853_388_800,
    "meta-llama/Llama-3.1-70B-Instruct": 70_553_706_496,
    "meta-llama/Llama-3.1-8B-Instruct": 8_030_261_248,
    "meta-llama/Llama-3.3-70B-Instruct": 70_553_706_496,
    "meta-llama/Llama-4-Maverick-17B-128E-Instruct": 401_583_781_376,
    "meta-llama/Llama-4-Scout-17B-16E-Instruct": 108_641_793_536,
    "mistralai/Mistral-Large-Instruct-2407": 122_610_069_504,
    "mistralai/Mixtral-8x22B-Instruct-v0.1": 140_630_071_296,
    "mistralai/Mixtral-8x7B-Instruct-v0.1": 46_702_792_704,
    "moonshotai/Kimi-K2-Instruct": 1_026_408_209_408,
    "moonshotai/Kimi-K2.5": 1_026_879_353_328,
    "nvidia/DeepSeek-V3.1-NVFP4": 671_026_404_352,
    "nvidia/DeepSeek-V3.2-NVFP4": 671_877_929_216,
    "nvidia/DeepSeek-V4-Flash-NVFP4": 284_332_230_231,
    "nvidia/GLM-5-NVFP4": 743_911_199_232,
    "nvidia/GLM-5.1-NVFP4": 743_911_199_232,
    "nvidia/Gemma-4-26B-A4B-NVFP4": 25_805_933_872,
    "nvidia/Kimi-K2.5-NVFP4": 1_026_879_353_328,
    "nvidia/Llama-3.1-70B-Instruct-FP8": 70_553_706_496,
    "nvidia/MiniMax-M2.5-NVFP4": 228_689_748_992,
    "nvidia/MiniMax-M3-NVFP4": 427_040_132_864,
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16": 120_668_687_360,
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8": 120_668_687_360,
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4": 120_668_687_360,
    "nvidia/Qwen3-235B-A22B-NVFP4": 235_093_634_560,
    "nvidia/Qwen3.5-397B-A17B-NVFP4": 396_802_360_816,
    "openai/gpt-oss-120b": 116_829_156_672,
    "openai/gpt-oss-20b": 20_914_757_184,
    "sgl-project/DeepSeek-V4-Flash-FP8": 284_332_230_231,
    "stepfun-ai/Step-3.7-Flash": 195_844_496_640,
    "zai-org/GLM-4.5": 352_797_814_784,
    "zai-org/GLM-4.5-Air": 106_852_245_504,
    "zai-org/GLM-5": 743_911_199_232,
    "zai-org/GLM-5-FP8": 743_911_199_232,
    "zai-org/GLM-5.1": 743_911_199_232,
    "zai-org/GLM-5.1-FP8": 743_911_199_232,
}
# transformers has no class for these types: their counts follow the formula in the catalog
# notes, pinned here term by term (see the tests below).
BY_FORMULA = {"moonshotai/Kimi-K3", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"}


def test_every_catalog_model_has_a_transformers_count_or_a_formula():
    """The table and the formula models cover the whole catalog: no model escapes."""
    assert {model.id for model in load_models()} == set(TRANSFORMERS_PARAMS) | BY_FORMULA


@pytest.mark.parametrize("hf_id", sorted(TRANSFORMERS_PARAMS))
def test_total_params_equal_transformers(hf_id):
    """Derived totals equal the transformers count exactly (MTP layers excluded)."""
    assert get_model(hf_id).total_params == TRANSFORMERS_PARAMS[hf_id]


def test_nemotron_nas_follows_its_block_formula():
    """Nemotron-NAS: attention where a block keeps it, FFN 2/3 x ffn_mult x hidden to 256."""
    model = get_model("nvidia/Llama-3_3-Nemotron-Super-49B-v1")
    hidden, vocab = 8192, 128256
    attention = 2 * hidden * hidden + 2 * hidden * 1024  # q, o and 8 KV heads of 128
    widths = {5.25: 28672, 2.625: 14336, 1.3125: 7168, 1.0: 5632, 0.5: 2816, 3.28125: 17920}
    blocks = {
        (True, 5.25): 48,
        (True, 2.625): 1,
        (False, 1.3125): 10,
        (False, 1.0): 8,
        (False, 0.5): 6,
        (False, 2.625): 5,
        (False, 3.28125): 1,
        (False, 5.25): 1,
    }
    layers = sum(
        count * ((attention if kept else 0) + 3 * hidden * widths[mult] + (1 + kept) * hidden)
        for (kept, mult), count in blocks.items()
    )
    assert model.total_params == 2 * vocab * hidden + layers + hidden
    assert model.total_params == pytest.approx(49.87e9, rel=0.001)  # the model card's 49.9B


def test_kimi_k3_follows_its_stated_formula():
    """Kimi K3: KDA and MLA layers, 896 latent experts and a MoonViT-2 tower, as its notes say."""
    model = get_model("moonshotai/Kimi-K3")
    params = model.params
    hidden = 7168
    assert params.embedding == params.lm_head == 163840 * hidden
    # 892 of 896 experts idle per token in 92 MoE layers (16 routed of 896, latent 3584)
    assert params.routed_experts == 92 * 896 * 3 * 3584 * 3072
    assert params.dense_mlp == 3 * hidden * 33792  # the first layer is dense
    assert model.total_params == pytest.approx(2.78e12, rel=0.01)
    assert model.active_params < 0.05 * model.total_params
