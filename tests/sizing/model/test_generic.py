"""Generic models from a parameter count, shaped like the nearest catalog model."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sizing.errors import InvalidRequestError
from sizing.model import generic_model, get_model, weights_bytes
from sizing.model.types import Attention
from sizing.request import Precision


def test_70b_dense_takes_the_llama_70b_shape():
    """'A 70B dense model' is shaped like Llama 3.1 70B: same layers and GQA cache."""
    model = generic_model(70)
    assert model.generic
    assert model.name == "70B dense"
    assert model.generic_reference == "meta-llama/Llama-3.1-70B-Instruct"
    assert model.total_params == 70_000_000_000
    assert model.active_params == model.total_params
    assert model.attention is Attention.GQA
    assert model.kv_bytes_per_token == 327_680
    assert model.release_precision is Precision.BF16
    assert weights_bytes(model, Precision.BF16) == pytest.approx(140e9, rel=1e-6)


def test_671b_moe_takes_the_deepseek_v3_shape():
    """'671B MoE' is shaped like DeepSeek V3: MLA cache, its active share, no MTP."""
    model = generic_model(671, moe=True)
    reference = get_model("deepseek-ai/DeepSeek-V3")
    assert model.generic_reference == reference.id
    assert model.attention is Attention.MLA
    assert model.kv_bytes_per_token == reference.kv_bytes_per_token
    share = reference.active_params / reference.total_params
    assert model.active_params / model.total_params == pytest.approx(share, rel=1e-3)
    assert model.params.mtp == 0
    assert model.name == "671B MoE"


def test_106b_moe_with_12b_active_matches_both_counts():
    """'106B MoE with 12B active' keeps both figures, shaped like GLM-4.5-Air."""
    model = generic_model(106, active_params_b=12)
    assert model.moe
    assert model.generic_reference == "zai-org/GLM-4.5-Air"
    assert model.total_params == 106_000_000_000
    assert model.active_params == pytest.approx(12e9, rel=1e-9)
    routed = model.params.routed_experts
    idle = routed * (model.num_experts - model.experts_per_token) / model.num_experts
    assert model.total_params - idle == pytest.approx(12e9, rel=1e-6)
    assert model.id == "generic/106b-moe-12b-active"


def test_multimodal_models_are_never_references():
    """A generic text model is not shaped like a vision-language checkpoint."""
    for size in (27, 109, 400):
        assert not generic_model(size, moe=size > 100).multimodal
    assert generic_model(27).generic_reference != "google/gemma-3-27b-it"


def test_depth_follows_the_cube_root_of_size():
    """A model 8x the reference's size gets twice its layers; KV grows with depth."""
    reference = get_model("meta-llama/Llama-3.1-8B-Instruct")
    small = generic_model(8)
    assert small.layers == reference.layers
    big = generic_model(reference.total_params * 8 / 1e9, moe=False)
    ratio = big.total_params / get_model(big.generic_reference).total_params
    assert big.layers == round(get_model(big.generic_reference).layers * math.cbrt(ratio))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"params_b": 0}, "params_b"),
        ({"params_b": -5}, "params_b"),
        ({"params_b": math.nan}, "params_b"),
        ({"params_b": 1e9}, "params_b"),
        ({"params_b": 70, "active_params_b": 80}, "active_params_b"),
        ({"params_b": 70, "active_params_b": 10, "moe": False}, "active_params_b"),
        ({"params_b": 1000, "active_params_b": 0.5}, "active_params_b"),
        ({"params_b": 1e-12}, "params_b"),
        ({"params_b": 1e-4}, "params_b"),
        ({"params_b": 70, "active_params_b": 1e-12}, "active_params_b"),
    ],
)
def test_impossible_sizes_are_refused(kwargs, field):
    """Non-positive, absurd or inconsistent sizes raise InvalidRequestError naming the field."""
    with pytest.raises(InvalidRequestError) as raised:
        generic_model(**kwargs)
    assert raised.value.field == field


@given(params_b=st.floats(0.5, 2000), moe=st.booleans())
def test_generic_totals_are_what_was_asked(params_b, moe):
    """Whatever the size, the generic model holds the asked total and a same-kind shape."""
    model = generic_model(params_b, moe=moe)
    assert model.total_params == round(params_b * 1e9)
    assert model.moe == moe
    assert 0 < model.active_params <= model.total_params
    assert 0 < model.windowed_layers + model.full_attention_layers == model.layers
