"""Configs the engine does not understand or that contradict themselves are refused, by field.

Altered copies of the reference configs (an unknown model type, a layer list of the wrong
length, a negative size, more experts per token than experts, an unknown quantization) must be
refused with one line that names the field; no random config may print a negative or
non-finite figure through ``sizing inspect`` or ``size``.
"""

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing.cli import main
from sizing.deploy.engine import size_deployment
from sizing.errors import InvalidRequestError
from sizing.model import model_from_config
from sizing.request import SizingRequest
from tests.helpers.reference import model_config, quant_config_bytes


def _text(config):
    return config.get("text_config", config)


def _drop_last(name, inner=None):
    def change(config):
        holder = _text(config)[inner] if inner else _text(config)
        holder[name] = holder[name][:-1]

    return change


def _set(name, value, *, text=False):
    def change(config):
        (_text(config) if text else config)[name] = value

    return change


ALTERED = [
    # A renamed type of a shape the general reader cannot read: the first field it cannot.
    ("MiniMaxAI--MiniMax-M3", _set("model_type", "minimax_m4"), "config.dense_intermediate_size"),
    ("moonshotai--Kimi-K3", _set("model_type", "kimi_k4"), "config.vision_config"),
    ("deepseek-ai--DeepSeek-V4-Flash", _set("model_type", "deepseek_v5"), "config.compress_ratios"),
    ("Qwen--Qwen3.5-27B", _set("model_type", "qwen3_6"), "config.vision_config"),
    ("Qwen--Qwen3.5-27B", _drop_last("layer_types"), "config.layer_types"),
    ("Qwen--Qwen3.5-27B", _set("full_attention_interval", 3, text=True), "config.layer_types"),
    ("deepseek-ai--DeepSeek-V4-Flash", _set("compress_ratios", [4] * 10), "config.compress_ratios"),
    (
        "nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8",
        _set("hybrid_override_pattern", "MEM*"),
        "config.hybrid_override_pattern",
    ),
    (
        "moonshotai--Kimi-K3",
        _drop_last("kda_layers", "linear_attn_config"),
        "config.linear_attn_config",
    ),
    (
        "XiaomiMiMo--MiMo-V2-Flash",
        _drop_last("hybrid_layer_pattern"),
        "config.hybrid_layer_pattern",
    ),
    (
        "XiaomiMiMo--MiMo-V2-Flash",
        _set("hybrid_layer_pattern", [2] * 48),
        "config.hybrid_layer_pattern",
    ),
    ("MiniMaxAI--MiniMax-M2.5", _set("num_experts_per_tok", 300), "config.num_experts_per_tok"),
    ("MiniMaxAI--MiniMax-M2.5", _set("num_key_value_heads", 7), "config.num_key_value_heads"),
    ("MiniMaxAI--MiniMax-M2.5", _set("hidden_size", -3072), "config.hidden_size"),
    ("MiniMaxAI--MiniMax-M2.5", _set("num_attention_heads", 0), "config.num_attention_heads"),
    ("zai-org--GLM-5", _set("first_k_dense_replace", 100), "config.first_k_dense_replace"),
    ("zai-org--GLM-5", _set("index_n_heads", 0), "config.index_n_heads"),
    (
        "google--gemma-4-26B-A4B",
        _set("hidden_size_per_layer_input", 256, text=True),
        "config.hidden_size_per_layer_input",
    ),
    (
        "google--gemma-4-26B-A4B",
        _set("layer_types", ["chunked_attention"] * 30, text=True),
        "config.layer_types",
    ),
    ("stepfun-ai--Step-3.7-Flash", _drop_last("layer_types"), "config.layer_types"),
    ("openai--gpt-oss-120b", _set("layer_types", ["full_attention"] * 40), "config.layer_types"),
    ("Qwen--Qwen3-30B-A3B", _set("mlp_only_layers", [48]), "config.mlp_only_layers"),
    (
        "Qwen--Qwen3-32B-FP8",
        _set("quantization_config", {"quant_method": "hqq"}),
        "config.quantization_config.quant_method",
    ),
    (
        "moonshotai--Kimi-K2.5",
        lambda config: config["text_config"]["quantization_config"]["ignore"].append(
            "model.vision_backbone.x"
        ),
        "config.quantization_config",
    ),
]


@pytest.mark.parametrize(("stem", "change", "field"), ALTERED)
def test_an_altered_reference_config_is_refused_naming_the_field(stem, change, field):
    """Each alteration raises InvalidRequestError whose field names what is wrong."""
    config = model_config(stem)
    change(config)
    with pytest.raises(InvalidRequestError) as raised:
        model_from_config(config)
    assert raised.value.field == field
    assert "\n" not in str(raised.value)


def test_inspect_refuses_an_unknown_model_type_in_one_line(tmp_path, capsys):
    """``sizing inspect --config`` on a MiniMax M3 relabelled minimax_m4 exits 2.

    The one line names the first field the general reader cannot read, and the type.
    """
    config = model_config("MiniMaxAI--MiniMax-M3")
    config["model_type"] = "minimax_m4"
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["inspect", "--config", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "config.dense_intermediate_size" in err
    assert "minimax_m4" in err


def test_inspect_reads_a_checkpoint_folder_with_its_quant_config(tmp_path, capsys):
    """config.json plus hf_quant_config.json in one folder: sized as the NVFP4 release."""
    stem = "nvidia--DeepSeek-V3.2-NVFP4"
    (tmp_path / "config.json").write_text(json.dumps(model_config(stem)))
    quant = quant_config_bytes(stem)
    assert quant is not None
    (tmp_path / "hf_quant_config.json").write_bytes(quant)
    assert main(["inspect", "--config", str(tmp_path / "config.json"), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["release_precision"] == "nvfp4"
    assert shown["indexer_kv_bytes_per_token"] == 61 * 128 * 2
    assert shown["state_bytes_per_sequence"] == 0


# --- Random configs: never a negative or non-finite figure ------------------------------------

_BASES = {
    "llama": {
        "model_type": "llama",
        "hidden_size": 512,
        "num_hidden_layers": 4,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "intermediate_size": 1024,
        "vocab_size": 1000,
    },
    "qwen3_moe": {
        "model_type": "qwen3_moe",
        "hidden_size": 512,
        "num_hidden_layers": 4,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "intermediate_size": 1024,
        "moe_intermediate_size": 256,
        "num_experts": 8,
        "num_experts_per_tok": 2,
        "vocab_size": 1000,
        "head_dim": 64,
    },
    "nemotron_h": {
        "model_type": "nemotron_h",
        "hidden_size": 512,
        "num_hidden_layers": 4,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "head_dim": 64,
        "vocab_size": 1000,
        "hybrid_override_pattern": "M*ME",
        "mamba_num_heads": 8,
        "mamba_head_dim": 64,
        "ssm_state_size": 16,
        "n_groups": 2,
        "conv_kernel": 4,
        "n_routed_experts": 8,
        "num_experts_per_tok": 2,
        "moe_intermediate_size": 256,
    },
}
_VALUES = st.one_of(
    st.integers(-(10**6), 10**13),
    st.sampled_from([0, 1, -1, 2**63, None, "4", 1.5, True, [], {}]),
    st.lists(
        st.sampled_from(["full_attention", "sliding_attention", "linear_attention", 0, 1]),
        max_size=6,
    ),
    st.text(alphabet="ME*-", max_size=6),
)
_FIELDS = sorted(
    {key for base in _BASES.values() for key in base}
    | {"layer_types", "sliding_window", "mlp_only_layers"}
)


def _figures(data):
    """Every number in a JSON document."""
    if isinstance(data, dict):
        for value in data.values():
            yield from _figures(value)
    elif isinstance(data, list):
        for value in data:
            yield from _figures(value)
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        yield data


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    base=st.sampled_from(sorted(_BASES)),
    changes=st.dictionaries(st.sampled_from(_FIELDS), _VALUES, max_size=3),
)
def test_random_configs_are_refused_or_print_sane_figures(tmp_path, capsys, base, changes):
    """Through ``sizing inspect``: exit 2 with one line, or every printed number finite and >= 0."""
    config = {**_BASES[base], **changes}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    code = main(["inspect", "--config", str(path), "--json"])
    out, err = capsys.readouterr()
    if code == 2:
        assert err.count("\n") == 1
        return
    assert code == 0
    for figure in _figures(json.loads(out)):
        assert math.isfinite(figure)
        assert figure >= 0


@settings(max_examples=30, deadline=None)
@given(
    base=st.sampled_from(sorted(_BASES)),
    changes=st.dictionaries(st.sampled_from(_FIELDS), _VALUES, max_size=2),
    context=st.integers(1, 2_000_000),
)
def test_random_configs_size_to_sane_figures_or_are_refused(base, changes, context):
    """``size`` on a random config: an InvalidRequestError, or finite non-negative figures."""
    request = SizingRequest(model_config={**_BASES[base], **changes}, context_tokens=context)
    try:
        answer = size_deployment(request)
    except InvalidRequestError:
        return
    assert answer.weights_bytes > 0
    assert answer.kv_bytes_per_sequence >= 0
    for option in answer.options:
        for value in (
            option.fit.kv_cache_tokens,
            option.fit.kv_cache_tokens_physical,
            option.fit.max_concurrency_at_context,
            option.speed.decode_tokens_per_s,
            option.speed.ttft_s,
        ):
            assert value is None or (math.isfinite(value) and value >= 0)
