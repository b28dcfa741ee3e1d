"""The model catalog: one entry per reference config, aliases, release facts, validation."""

import json

import pytest

from sizing.errors import CatalogError, UnknownModelError
from sizing.model import base_models, get_model, inspect_json, load_models
from sizing.model.catalog import MODELS_FILE, load_catalog, normalize_alias
from sizing.model.types import Attention
from sizing.request import Precision
from tests.helpers.reference import model_config_ids

# Catalog models without a config of their own: each is read from an identical one.
DERIVED = {
    "deepseek-ai/DeepSeek-V3-0324",
    "deepseek-ai/DeepSeek-V3.1",
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16",
    # Llama 2 (MLPerf's fine-tuning benchmark) and Meta Llama 3: read from their published
    # config.json figures, which the reference folder does not hold.
    "meta-llama/Llama-2-7b-chat-hf",
    "meta-llama/Llama-2-13b-chat-hf",
    "meta-llama/Llama-2-70b-chat-hf",
}


def _alias_owner(name):
    key = normalize_alias(name)
    owners = [m.id for m in load_models() if key in {normalize_alias(a) for a in m.aliases}]
    assert len(owners) == 1, (name, owners)
    return owners[0]


def test_catalog_holds_every_reference_config():
    """Each config in model-configs/ has a catalog entry under its Hugging Face id."""
    expected = set(model_config_ids())
    assert expected
    ids = {model.id for model in load_models()}
    assert expected <= ids
    assert ids - expected == DERIVED


def test_get_model_is_case_insensitive_and_unknown_ids_raise():
    """Ids match without regard to case; an unknown id raises UnknownModelError naming it."""
    assert get_model("DEEPSEEK-AI/deepseek-v3").id == "deepseek-ai/DeepSeek-V3"
    with pytest.raises(UnknownModelError) as raised:
        get_model("nobody/NoSuchModel-7B")
    assert raised.value.model_id == "nobody/NoSuchModel-7B"


@pytest.mark.parametrize(
    ("alias", "hf_id"),
    [
        ("DSV3", "deepseek-ai/DeepSeek-V3"),
        ("deepseek v3", "deepseek-ai/DeepSeek-V3"),
        ("deepseekv3", "deepseek-ai/DeepSeek-V3"),
        ("deepseek-v3", "deepseek-ai/DeepSeek-V3"),
        ("deepseek", "deepseek-ai/DeepSeek-V3"),
        ("deepseek v3 0324", "deepseek-ai/DeepSeek-V3-0324"),
        ("R1", "deepseek-ai/DeepSeek-R1"),
        ("deepseek r1", "deepseek-ai/DeepSeek-R1"),
        ("llama3 70b", "meta-llama/Llama-3.1-70B-Instruct"),
        ("llama 3.1 70b", "meta-llama/Llama-3.1-70B-Instruct"),
        ("llama 3.3 70b", "meta-llama/Llama-3.3-70B-Instruct"),
        ("千问3 235B", "Qwen/Qwen3-235B-A22B"),
        ("qwen3 235b", "Qwen/Qwen3-235B-A22B"),
        ("q3-235b-a22b", "Qwen/Qwen3-235B-A22B"),
        ("gpt-oss 120b", "openai/gpt-oss-120b"),
        ("gpt oss 120b", "openai/gpt-oss-120b"),
        ("kimi k2", "moonshotai/Kimi-K2-Instruct"),
        ("kimik2", "moonshotai/Kimi-K2-Instruct"),
        ("mixtral 8x22b", "mistralai/Mixtral-8x22B-Instruct-v0.1"),
        ("gemma 3 27b", "google/gemma-3-27b-it"),
        ("glm 4.5 air", "zai-org/GLM-4.5-Air"),
        ("llama 4 scout", "meta-llama/Llama-4-Scout-17B-16E-Instruct"),
        ("scout", "meta-llama/Llama-4-Scout-17B-16E-Instruct"),
        ("maverick", "meta-llama/Llama-4-Maverick-17B-128E-Instruct"),
        ("r1 distill qwen 32b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"),
        ("r1 distill llama 70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"),
        ("deepseek v3.2", "deepseek-ai/DeepSeek-V3.2"),
        ("深度求索 v3.1", "deepseek-ai/DeepSeek-V3.1"),
        ("дипсик v4", "deepseek-ai/DeepSeek-V4-Flash"),
        ("千问3.5", "Qwen/Qwen3.5-397B-A17B"),
        ("通义千问3.5 27b", "Qwen/Qwen3.5-27B"),
        ("qwen3 vl 8b", "Qwen/Qwen3-VL-8B-Instruct"),
        ("智谱 glm-5", "zai-org/GLM-5"),
        ("глм 5.1", "zai-org/GLM-5.1"),
        ("月之暗面 k2.5", "moonshotai/Kimi-K2.5"),
        ("кими k3", "moonshotai/Kimi-K3"),
        ("小米 mimo", "XiaomiMiMo/MiMo-V2-Flash"),
        ("minimax", "MiniMaxAI/MiniMax-M2.5"),
        ("минимакс m3", "MiniMaxAI/MiniMax-M3"),
        ("gemma 4", "google/gemma-4-26B-A4B"),
        ("nemotron 3 super", "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16"),
        ("nemotron super 49b", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"),
        ("step 3.7", "stepfun-ai/Step-3.7-Flash"),
    ],
)
def test_names_people_use_belong_to_exactly_one_model(alias, hf_id):
    """Casual names and the ones in customer messages resolve to one catalog entry."""
    assert _alias_owner(alias) == hf_id


# The models the reference folder's sample customer messages (dev-messages.jsonl) expect.
SAMPLE_MODELS = (
    "Qwen/Qwen2.5-72B-Instruct",
    "Qwen/Qwen3-235B-A22B",
    "Qwen/Qwen3-30B-A3B",
    "Qwen/Qwen3-32B",
    "deepseek-ai/DeepSeek-R1",
    "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
    "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B",
    "deepseek-ai/DeepSeek-V3",
    "deepseek-ai/DeepSeek-V3-0324",
    "google/gemma-3-27b-it",
    "meta-llama/Llama-3.1-405B-Instruct",
    "meta-llama/Llama-3.1-70B-Instruct",
    "meta-llama/Llama-3.3-70B-Instruct",
    "meta-llama/Llama-4-Maverick-17B-128E-Instruct",
    "meta-llama/Llama-4-Scout-17B-16E-Instruct",
    "mistralai/Mixtral-8x22B-Instruct-v0.1",
    "mistralai/Mixtral-8x7B-Instruct-v0.1",
    "moonshotai/Kimi-K2-Instruct",
    "openai/gpt-oss-120b",
    "zai-org/GLM-4.5-Air",
)


def test_dev_message_models_are_reachable_by_alias_or_id():
    """Every model a reference customer message expects is in the catalog."""
    assert set(SAMPLE_MODELS) <= {model.id for model in load_models()}


@pytest.mark.parametrize(
    ("hf_id", "precision", "groups"),
    [
        ("deepseek-ai/DeepSeek-V3", Precision.FP8, "attention"),
        ("deepseek-ai/DeepSeek-R1", Precision.FP8, "routed_experts"),
        ("moonshotai/Kimi-K2-Instruct", Precision.FP8, "dense_mlp"),
        ("openai/gpt-oss-120b", Precision.MXFP4, None),
        ("meta-llama/Llama-3.1-70B-Instruct", Precision.BF16, None),
        ("zai-org/GLM-4.5", Precision.BF16, None),
    ],
)
def test_release_precision_and_quantized_groups(hf_id, precision, groups):
    """FP8 releases quantize every linear group; gpt-oss only its experts; others are BF16."""
    model = get_model(hf_id)
    assert model.release_precision is precision
    if precision is Precision.MXFP4:
        assert model.quantized_groups == ("routed_experts",)
    elif groups is None:
        assert model.quantized_groups == ()
    else:
        assert groups in model.quantized_groups
        assert "embedding" not in model.quantized_groups


def test_multimodal_and_windows_are_read_from_the_architecture():
    """Gemma 3 and Llama 4 carry vision towers and windowed layers; Llama 3 does not."""
    gemma = get_model("google/gemma-3-27b-it")
    assert gemma.multimodal
    assert gemma.params.vision > 0
    assert (gemma.sliding_window, gemma.windowed_layers) == (1024, 52)  # 5 of 6 of 62 layers
    scout = get_model("meta-llama/Llama-4-Scout-17B-16E-Instruct")
    assert (scout.sliding_window, scout.windowed_layers) == (8192, 36)  # 3 of 4 of 48
    llama = get_model("meta-llama/Llama-3.1-70B-Instruct")
    assert not llama.multimodal
    assert llama.sliding_window is None


def test_inspect_json_reports_the_agreed_fields():
    """Inspect output carries the contract fields, sliding_window only where present."""
    shown = inspect_json(get_model("openai/gpt-oss-120b"))
    assert shown["attention"] == Attention.GQA.value
    assert shown["sliding_window"] == 128
    assert shown["windowed_layers"] == 18
    assert shown["kv_bytes_per_token"] == 18 * 2 * 8 * 64 * 2
    assert shown["release_precision"] == "mxfp4"
    assert (shown["moe"], shown["num_experts"], shown["experts_per_token"]) == (True, 128, 4)
    llama = inspect_json(get_model("meta-llama/Llama-3.1-8B-Instruct"))
    assert "sliding_window" not in llama
    assert llama["total_params"] == llama["active_params"]
    mla = inspect_json(get_model("deepseek-ai/DeepSeek-V3"))
    assert mla["attention"] == "mla"
    assert mla["kv_bytes_per_token"] == 70_272
    json.dumps(mla)  # plain JSON types only


def _write_catalog(tmp_path, mutate):
    document = json.loads(MODELS_FILE.read_text(encoding="utf-8"))
    mutate(document["models"])
    path = tmp_path / "models.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_bad_field_names_file_entry_and_field(tmp_path):
    """A wrong value raises CatalogError naming the file, the entry id and the field path."""

    def break_layers(models):
        models[1]["architecture"]["layers"] = -3

    path = _write_catalog(tmp_path, break_layers)
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    error = raised.value
    assert error.file == str(path)
    assert error.entry == "meta-llama/Llama-3.1-70B-Instruct"
    assert error.field == "architecture.layers"
    assert "models.json" in str(error)


def test_missing_field_and_unknown_field_are_named(tmp_path):
    """A missing required field and an unexpected one are both reported by name."""
    path = _write_catalog(tmp_path, lambda models: models[0].pop("release_precision"))
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert raised.value.field == "release_precision"

    path = _write_catalog(tmp_path, lambda models: models[2].update(total_params=70))
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert (raised.value.entry, raised.value.field) == (
        "meta-llama/Llama-3.3-70B-Instruct",
        "total_params",
    )


def test_an_alias_given_to_two_models_is_rejected(tmp_path):
    """Two entries claiming one casual name would make matching ambiguous: refused."""
    path = _write_catalog(tmp_path, lambda models: models[2]["aliases"].append("Llama 70B"))
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert raised.value.field == "aliases"
    assert "meta-llama/Llama-3.1-70B-Instruct" in str(raised.value)


def test_aliases_differing_only_in_separators_are_one_name(tmp_path):
    """Names that differ only in separators read alike in free text: two owners are refused."""
    path = _write_catalog(tmp_path, lambda models: models[0]["aliases"].append("Llama.3-70B"))
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert raised.value.field == "aliases"


def test_a_checkpoint_must_name_a_base_model_of_the_catalog(tmp_path):
    """base_model pointing outside the catalog (or at another checkpoint) is refused."""

    def orphan(models):
        checkpoint = next(m for m in models if m.get("base_model"))
        checkpoint["base_model"] = "nobody/Nothing"

    path = _write_catalog(tmp_path, orphan)
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert raised.value.field == "base_model"


def test_unreadable_json_names_the_file(tmp_path):
    """A file that is not JSON raises CatalogError with the file's path."""
    path = tmp_path / "models.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert raised.value.file == str(path)


def test_base_checkpoints_resolve_offline_as_their_instruct_release():
    """meta-llama/Llama-3.1-8B and Kimi-K2-Base share their instruct release's architecture."""
    bases = base_models()
    assert bases["meta-llama/Llama-3.1-8B"] == "meta-llama/Llama-3.1-8B-Instruct"
    assert bases["moonshotai/Kimi-K2-Base"] == "moonshotai/Kimi-K2-Instruct"
    assert bases["google/gemma-3-27b-pt"] == "google/gemma-3-27b-it"
    assert bases["meta-llama/Llama-2-70b-hf"] == "meta-llama/Llama-2-70b-chat-hf"
    assert bases["meta-llama/Meta-Llama-3-70B"] == "meta-llama/Llama-3.1-70B-Instruct"
    for base, release in bases.items():
        model, instruct = get_model(base), get_model(release)
        assert model.id == base
        assert model.params == instruct.params
        assert model.kv_bytes_per_token == instruct.kv_bytes_per_token
        assert "Instruct" not in model.name or "Meta-Llama-3" in base
        assert "Chat" not in model.name
    assert get_model("META-LLAMA/llama-3.1-8b").id == "meta-llama/Llama-3.1-8B"
