"""Total parameters agree with what Hugging Face transformers builds for each config."""

import pytest

from sizing.models import get_model, load_models

# Obtained with tools/count_params_with_transformers.py under transformers 5.24.0 and torch
# 2.13.0 (CPU): each reference config built on the meta device with AutoModelForCausalLM
# (AutoModelForImageTextToText for Gemma 3 and Llama 4), parameters summed with tied weights
# counted once. Kimi K2 built as deepseek_v3; Mixtral 8x22B Instruct with its 32768 vocabulary.
TRANSFORMERS_PARAMS = {
    "Qwen/Qwen2.5-72B-Instruct": 72_706_203_648,
    "Qwen/Qwen3-235B-A22B": 235_093_634_560,
    "Qwen/Qwen3-30B-A3B": 30_532_122_624,
    "Qwen/Qwen3-32B": 32_762_123_264,
    "Qwen/Qwen3-Coder-480B-A35B-Instruct": 480_154_875_392,
    "deepseek-ai/DeepSeek-R1": 671_026_404_352,
    "deepseek-ai/DeepSeek-R1-Distill-Llama-70B": 70_553_706_496,
    "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B": 32_763_876_352,
    "deepseek-ai/DeepSeek-V3": 671_026_404_352,
    "google/gemma-3-27b-it": 27_432_406_640,
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
    "openai/gpt-oss-120b": 116_829_156_672,
    "openai/gpt-oss-20b": 20_914_757_184,
    "zai-org/GLM-4.5": 352_797_814_784,
    "zai-org/GLM-4.5-Air": 106_852_245_504,
    "deepseek-ai/DeepSeek-V3-0324": 671_026_404_352,
}
TOLERANCE = 0.005  # the bar: within 0.5% of transformers


def test_every_catalog_model_has_a_transformers_count():
    """The table covers the whole catalog, so no model escapes the comparison."""
    assert {model.id for model in load_models()} == set(TRANSFORMERS_PARAMS)


@pytest.mark.parametrize("hf_id", sorted(TRANSFORMERS_PARAMS))
def test_total_params_match_transformers(hf_id):
    """Derived totals are within 0.5% of the transformers count (MTP layers excluded)."""
    expected = TRANSFORMERS_PARAMS[hf_id]
    assert get_model(hf_id).total_params == pytest.approx(expected, rel=TOLERANCE)
