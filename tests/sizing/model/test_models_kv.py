"""KV cache per token and per sequence: GQA, MLA, sliding windows, KV dtype."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sizing.errors import InvalidRequestError
from sizing.model import (
    generic_model,
    get_model,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
    load_models,
)
from sizing.request import KvDtype

CONTEXT_128K = 131_072
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"


def test_llama_70b_kv_per_token_bf16_and_fp8():
    """80 layers x 8 KV heads x 128 x K and V: 327,680 B/token in BF16, 163,840 in FP8."""
    model = get_model(LLAMA_70B)
    assert kv_bytes_per_token(model, KvDtype.BF16, CONTEXT_128K) == 327_680
    assert kv_bytes_per_token(model, KvDtype.FP8, CONTEXT_128K) == 163_840
    assert model.kv_bytes_per_token == 327_680


def test_page_example_0_16_mb_per_token_21_gb_per_128k():
    """The page's FP8 figures: ~0.16 MB per token and ~21 GB for one 128K context."""
    model = get_model(LLAMA_70B)
    assert kv_bytes_per_token(model, KvDtype.FP8, CONTEXT_128K) / 1e6 == pytest.approx(
        0.16, abs=0.01
    )
    assert kv_bytes_for_sequence(model, KvDtype.FP8, CONTEXT_128K) / 1e9 == pytest.approx(
        21, abs=0.5
    )


def test_deepseek_v3_mla_latent_is_70272_bytes_per_token():
    """MLA caches one (512 + 64)-wide latent per layer: 61 x 576 x 2 = 70,272 B in BF16."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    assert kv_bytes_per_token(model, KvDtype.BF16, 4096) == 61 * 576 * 2 == 70_272
    assert model.kv_bytes_per_token == 70_272


def test_mla_is_not_gqa():
    """V3's cache is ~1/25 of what the GQA formula (128 KV heads x hidden/heads) would give."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    naive_head_dim = model.hidden_size // model.num_attention_heads  # 56
    gqa_formula = 2 * model.layers * model.num_kv_heads * naive_head_dim * 2
    ratio = gqa_formula / kv_bytes_per_token(model, KvDtype.BF16, 4096)
    assert ratio == pytest.approx(25, abs=0.5)


def test_gpt_oss_sliding_layers_hold_only_the_window():
    """gpt-oss-120b at 128K: 18 of 36 layers hold 128 tokens; only 18 grow with context."""
    model = get_model("openai/gpt-oss-120b")
    per_layer = 2 * 8 * 64 * 2
    expected = per_layer * (18 * CONTEXT_128K + 18 * 128)
    assert kv_bytes_for_sequence(model, KvDtype.BF16, CONTEXT_128K) == expected
    uncapped = per_layer * 36 * CONTEXT_128K
    assert kv_bytes_for_sequence(model, KvDtype.BF16, CONTEXT_128K) < uncapped * 0.51
    assert kv_bytes_per_token(model, KvDtype.BF16, 100) == per_layer * 36  # below the window


def test_gemma3_five_of_six_layers_are_capped():
    """Gemma 3 27B: 52 layers stop at 1,024 tokens, the 10 global layers take the context."""
    model = get_model("google/gemma-3-27b-it")
    per_layer = 2 * 16 * 128 * 2
    assert kv_bytes_for_sequence(model, KvDtype.BF16, 32_768) == per_layer * (
        10 * 32_768 + 52 * 1024
    )


def test_fp8_kv_halves_bf16_for_every_model():
    """FP8 KV halves the per-token cache; the recurrent state keeps its own dtype."""
    for model in load_models():
        state = model.state_bytes_per_sequence
        bf16 = kv_bytes_for_sequence(model, KvDtype.BF16, 65_536) - state
        assert (kv_bytes_for_sequence(model, KvDtype.FP8, 65_536) - state) * 2 == bf16, model.id
        assert kv_bytes_for_sequence(model, KvDtype.FP16, 65_536) - state == bf16


def test_context_must_be_a_positive_integer():
    """Zero or negative contexts are InvalidRequestError naming context_tokens."""
    model = get_model(LLAMA_70B)
    assert kv_bytes_for_sequence(model, KvDtype.BF16, 0) == 0
    with pytest.raises(InvalidRequestError) as raised:
        kv_bytes_per_token(model, KvDtype.BF16, 0)
    assert raised.value.field == "context_tokens"
    with pytest.raises(InvalidRequestError):
        kv_bytes_for_sequence(model, KvDtype.BF16, -1)


_MODELS = [*load_models(), generic_model(70), generic_model(106, active_params_b=12)]


@given(
    model=st.sampled_from(_MODELS),
    kv_dtype=st.sampled_from(list(KvDtype)),
    contexts=st.tuples(st.integers(0, 20_000_000), st.integers(0, 20_000_000)),
)
def test_sequence_kv_never_decreases_with_context(model, kv_dtype, contexts):
    """A longer sequence never needs less cache."""
    short, long = sorted(contexts)
    assert kv_bytes_for_sequence(model, kv_dtype, short) <= kv_bytes_for_sequence(
        model, kv_dtype, long
    )


@given(model=st.sampled_from(_MODELS), context=st.integers(1, 20_000_000))
def test_average_per_token_never_exceeds_the_uncapped_rate(model, context):
    """Windows can only lower the per-token average below every layer's full rate."""
    windowed = model.windowed_kv_bytes_per_token
    if windowed is None:
        windowed = model.windowed_layers * model.kv_bytes_per_token_per_layer()
    full_rate = model.kv_bytes_per_token + model.indexer_kv_bytes_per_token + windowed
    per_token = kv_bytes_per_token(model, KvDtype.BF16, context)
    assert model.kv_bytes_per_token <= per_token <= full_rate
