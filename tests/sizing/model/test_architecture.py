"""Parameter derivation from the architecture: MoE, MLA, MTP, head_dim, layer patterns."""

import pytest

from sizing.model import get_model
from sizing.model.architecture import Architecture, MoeShape
from sizing.model.catalog import get_architecture
from sizing.model.counting import count_params
from sizing.model.types import Attention


def test_deepseek_v3_is_671b_total_and_37b_active():
    """DeepSeek V3 counts ~671B with all 256 experts and ~37B for one token's 8 of them."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    assert model.total_params == pytest.approx(671e9, rel=0.002)
    assert model.active_params == pytest.approx(37e9, rel=0.02)
    assert model.attention is Attention.MLA
    assert (model.num_experts, model.experts_per_token, model.moe_layers) == (256, 8, 58)


def test_mtp_layers_are_counted_apart_from_the_total():
    """DeepSeek V3's ~11.6B MTP layer sits in params.mtp and outside the loaded total."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    assert model.params.mtp == pytest.approx(11.6e9, rel=0.01)
    groups = model.params
    loaded = groups.total
    assert loaded == model.total_params
    assert loaded + groups.mtp == pytest.approx(682.6e9, rel=0.002)
    assert get_model("moonshotai/Kimi-K2-Instruct").params.mtp == 0  # config: 0 MTP layers
    assert get_model("zai-org/GLM-4.5").params.mtp > 0


def test_qwen3_head_dim_comes_from_the_config():
    """Qwen3-32B heads are 128 wide as its config says, not hidden / heads = 80."""
    model = get_model("Qwen/Qwen3-32B")
    assert model.hidden_size // model.num_attention_heads == 80
    assert model.head_dim == 128


@pytest.mark.parametrize(
    ("hf_id", "kind"),
    [
        ("meta-llama/Llama-3.1-70B-Instruct", Attention.GQA),
        ("deepseek-ai/DeepSeek-R1", Attention.MLA),
        ("moonshotai/Kimi-K2-Instruct", Attention.MLA),
        ("openai/gpt-oss-20b", Attention.GQA),
    ],
)
def test_attention_kind(hf_id, kind):
    """MLA models are recognised as MLA, grouped-query models as GQA."""
    assert get_model(hf_id).attention is kind


def test_llama4_maverick_interleaves_moe_and_dense_layers():
    """Maverick routes on every other layer (24 of 48), Scout on all 48."""
    maverick = get_model("meta-llama/Llama-4-Maverick-17B-128E-Instruct")
    scout = get_model("meta-llama/Llama-4-Scout-17B-16E-Instruct")
    assert maverick.moe_layers == 24
    assert maverick.params.dense_mlp > 0
    assert scout.moe_layers == 48
    assert scout.params.dense_mlp == 0
    assert scout.active_params == pytest.approx(17e9, rel=0.07)


def test_tied_embeddings_are_counted_once():
    """Gemma 3 ties its LM head to the embeddings: no separate head parameters."""
    params = get_model("google/gemma-3-27b-it").params
    assert params.lm_head == 0
    assert params.embedding > 0


def test_dense_models_are_fully_active():
    """A dense model touches every parameter for every token."""
    model = get_model("Qwen/Qwen2.5-72B-Instruct")
    assert model.active_params == model.total_params
    assert not model.moe


def test_routed_experts_scale_with_expert_count():
    """Doubling the routed experts doubles the routed-expert group and nothing else."""
    base = get_architecture("Qwen/Qwen3-30B-A3B")
    assert base.moe is not None
    doubled_moe = MoeShape(**{**base.moe.model_dump(), "routed_experts": 256})
    doubled = Architecture(**{**base.model_dump(), "moe": doubled_moe})
    before, after = count_params(base), count_params(doubled)
    assert after.routed_experts == 2 * before.routed_experts
    assert after.router == 2 * before.router
    assert after.attention == before.attention
