"""Models from a config.json: the same derivation as the catalog, clear errors otherwise."""

import dataclasses

import pytest

from sizing.errors import InvalidRequestError
from sizing.model import get_model, load_models, model_from_config
from sizing.model.types import Attention
from sizing.request import Precision
from tests.helpers.model_configs import LLAMA_LIKE
from tests.helpers.reference import model_config, model_config_ids, quant_config, stem_of

# The reference file is the base model's config; the Instruct release has 32768 tokens.
CATALOG_DIFFERS = {"mistralai/Mixtral-8x22B-Instruct-v0.1": {"vocab_size": 32768}}
COMPARED = ("id", "name", "aliases", "params", "active_params", "vocab_size", "source")


def _reference(hf_id):
    """Load the reference config and, where the checkpoint has one, its hf_quant_config.json."""
    stem = stem_of(hf_id)
    return model_config(stem), quant_config(stem)


def _numbers(model):
    return {k: v for k, v in dataclasses.asdict(model).items() if k not in COMPARED}


@pytest.mark.parametrize("hf_id", model_config_ids())
def test_config_file_gives_the_catalog_numbers(hf_id):
    """model_from_config on each reference config equals the catalog entry's numbers."""
    config, quant = _reference(hf_id)
    config.update(CATALOG_DIFFERS.get(hf_id, {}))
    from_file = model_from_config(config, hf_id, quant)
    catalog = get_model(hf_id)
    assert from_file.id == hf_id
    assert from_file.params == catalog.params
    assert from_file.active_params == catalog.active_params
    assert _numbers(from_file) == _numbers(catalog)


def test_reference_configs_cover_the_catalog():
    """Every catalog model but those derived from a shared or published config has one."""
    configs = model_config_ids()
    assert configs
    assert {m.id for m in load_models()} - set(configs) == {
        "deepseek-ai/DeepSeek-V3-0324",
        "deepseek-ai/DeepSeek-V3.1",
        "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16",
        "meta-llama/Llama-2-7b-chat-hf",
        "meta-llama/Llama-2-13b-chat-hf",
        "meta-llama/Llama-2-70b-chat-hf",
    }


def test_new_model_type_of_a_known_shape_is_read_and_of_an_unknown_one_refused():
    """A new model_type whose every field is understood reads as the decoder it describes.

    One field that may change the shape, or a non-gated MLP, is refused by name.
    """
    plain = {**LLAMA_LIKE, "hidden_act": "silu"}
    new = model_from_config({**plain, "model_type": "my_new_arch"}, "me/new")
    llama = model_from_config(plain)
    assert new.params == llama.params
    assert new.kv_bytes_per_token == llama.kv_bytes_per_token
    assert llama.attention is Attention.GQA
    assert llama.id == "config"
    cases = {
        "config.num_local_experts": {**plain, "num_local_experts": 8},
        "config.mamba_num_heads": {**plain, "mamba_num_heads": 64},
        "config.hybrid_layer_pattern": {**plain, "hybrid_layer_pattern": "MMA"},
        "config.hidden_act": {**LLAMA_LIKE, "hidden_act": "gelu"},
    }
    for field, config in cases.items():
        with pytest.raises(InvalidRequestError) as raised:
            model_from_config({**config, "model_type": "my_new_arch"}, "me/new")
        assert raised.value.field == field
        assert "my_new_arch" in str(raised.value)


def test_missing_field_is_named_in_the_error():
    """A config without hidden_size raises InvalidRequestError naming config.hidden_size."""
    config = {k: v for k, v in LLAMA_LIKE.items() if k != "hidden_size"}
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config(config)
    assert raised.value.field == "config.hidden_size"


@pytest.mark.parametrize("bad", [[1, 2], "text", None])
def test_a_config_that_is_not_an_object_is_refused(bad):
    """A JSON array, string or null is an InvalidRequestError, not a crash."""
    with pytest.raises(InvalidRequestError):
        model_from_config(bad)


def test_wrongly_typed_field_is_named():
    """A field of the wrong type is reported with its name and value."""
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config({**LLAMA_LIKE, "num_hidden_layers": "many"})
    assert raised.value.field == "config.num_hidden_layers"
    assert raised.value.value == "many"


def test_mistral_style_window_caps_every_layer():
    """A non-null sliding_window without Qwen's switch windows every layer."""
    model = model_from_config({**LLAMA_LIKE, "model_type": "mistral", "sliding_window": 4096})
    assert (model.sliding_window, model.windowed_layers) == (4096, 32)
    off = model_from_config(
        {**LLAMA_LIKE, "model_type": "qwen2", "sliding_window": 4096, "use_sliding_window": False}
    )
    assert off.sliding_window is None


def test_fp8_quantization_config_sets_the_release():
    """A quantization_config with quant_method fp8 makes an FP8 release of every linear group."""
    config = {**LLAMA_LIKE, "quantization_config": {"quant_method": "fp8"}}
    model = model_from_config(config)
    assert model.release_precision is Precision.FP8
    assert "attention" in model.quantized_groups


@pytest.mark.parametrize(
    ("quantization", "precision"),
    [
        ({"quant_method": "awq", "bits": 4}, Precision.INT4),
        ({"quant_method": "gptq", "bits": 8}, Precision.INT8),
        ({"quant_method": "fbgemm_fp8"}, Precision.FP8),
    ],
)
def test_weight_only_quantized_configs_are_recognised(quantization, precision):
    """AWQ/GPTQ configs are INT4 (or INT8) releases."""
    model = model_from_config({**LLAMA_LIKE, "quantization_config": quantization})
    assert model.release_precision is precision


def test_an_unknown_quantization_method_is_refused():
    """An unknown quant_method is named, not sized as BF16 (that would double the weights)."""
    config = {**LLAMA_LIKE, "quantization_config": {"quant_method": "something_new"}}
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config(config)
    assert raised.value.field == "config.quantization_config.quant_method"


def test_layer_types_decide_which_layers_are_windowed():
    """A config listing layer_types windows exactly the sliding_attention layers."""
    layer_types = ["sliding_attention", "full_attention"] * 16
    config = {**LLAMA_LIKE, "sliding_window": 4096, "layer_types": layer_types}
    model = model_from_config(config)
    assert (model.sliding_window, model.windowed_layers) == (4096, 16)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"num_hidden_layers": 10**9}, "config.num_hidden_layers"),
        ({"hidden_size": True}, "config.hidden_size"),
        ({"num_key_value_heads": "4"}, "config.num_key_value_heads"),
        ({"head_dim": "abc"}, "config.head_dim"),
        ({"head_dim": 0}, "config.head_dim"),
        ({"intermediate_size": -1}, "config.intermediate_size"),
        ({"tie_word_embeddings": "false"}, "config.tie_word_embeddings"),
        ({"sliding_window": "abc", "model_type": "mistral"}, "config.sliding_window"),
        (
            {
                "sliding_window": 4096,
                "use_sliding_window": True,
                "max_window_layers": "x",
                "model_type": "qwen2",
            },
            "config.max_window_layers",
        ),
        ({"sliding_window": 4096, "layer_types": 5}, "config.layer_types"),
    ],
)
def test_odd_dense_fields_are_named(changes, field):
    """Strings, booleans, negatives or absurd sizes in a config field name that field."""
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config({**LLAMA_LIKE, **changes})
    assert raised.value.field == field


QWEN_MOE = {
    **LLAMA_LIKE,
    "model_type": "qwen3_moe",
    "num_experts": 128,
    "num_experts_per_tok": 8,
    "moe_intermediate_size": 768,
}
DEEPSEEK_LIKE = {
    **LLAMA_LIKE,
    "model_type": "deepseek_v3",
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "q_lora_rank": 1536,
    "moe_intermediate_size": 2048,
    "n_routed_experts": 256,
    "num_experts_per_tok": 8,
    "n_shared_experts": 1,
    "first_k_dense_replace": 3,
}
GEMMA_LIKE = {
    "model_type": "gemma3",
    "text_config": {**LLAMA_LIKE, "sliding_window": 1024},
}


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({**QWEN_MOE, "num_hidden_layers": 10**9}, "config.num_hidden_layers"),
        ({**QWEN_MOE, "decoder_sparse_step": "x"}, "config.decoder_sparse_step"),
        ({**QWEN_MOE, "decoder_sparse_step": 0}, "config.decoder_sparse_step"),
        ({**QWEN_MOE, "mlp_only_layers": 5}, "config.mlp_only_layers"),
        ({**QWEN_MOE, "mlp_only_layers": ["a"]}, "config.mlp_only_layers"),
        ({**QWEN_MOE, "num_experts_per_tok": 1000}, "config.num_experts_per_tok"),
        ({**DEEPSEEK_LIKE, "n_shared_experts": "2"}, "config.n_shared_experts"),
        ({**DEEPSEEK_LIKE, "num_hidden_layers": 10**12}, "config.num_hidden_layers"),
        (
            {**GEMMA_LIKE, "text_config": {**GEMMA_LIKE["text_config"], "layer_types": 5}},
            "config.layer_types",
        ),
        (
            {
                **GEMMA_LIKE,
                "text_config": {**GEMMA_LIKE["text_config"], "sliding_window_pattern": "x"},
            },
            "config.sliding_window_pattern",
        ),
        (
            {
                **GEMMA_LIKE,
                "text_config": {**GEMMA_LIKE["text_config"], "num_hidden_layers": 10**9},
            },
            "config.num_hidden_layers",
        ),
    ],
)
def test_odd_moe_and_windowed_fields_are_named_fast(config, field):
    """Odd MoE/window fields and absurd depths name the field at once: no crash, no hang."""
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config(config)
    assert raised.value.field == field


@pytest.mark.parametrize("config", [QWEN_MOE, DEEPSEEK_LIKE, GEMMA_LIKE])
def test_well_formed_variants_of_the_odd_configs_load(config):
    """The configs the odd-field tests start from are themselves valid."""
    assert model_from_config(config).total_params > 0
