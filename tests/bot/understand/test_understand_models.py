"""Catalog names in free text: spellings, typos, sizes that must agree, unknown names."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.understand import parse_message
from bot.understand.models.finder import ModelIndex, find_model

NAMES = [
    ("deepseekv3 bf16 128k", "deepseek-ai/DeepSeek-V3"),
    ("DeepSeek-V3-0324 in fp8", "deepseek-ai/DeepSeek-V3-0324"),
    ("deepseek r1", "deepseek-ai/DeepSeek-R1"),
    ("deepsek r1 please", "deepseek-ai/DeepSeek-R1"),
    ("kimik2", "moonshotai/Kimi-K2-Instruct"),
    ("Kimi-K2-Instruct", "moonshotai/Kimi-K2-Instruct"),
    ("q3-235b-a22b", "Qwen/Qwen3-235B-A22B"),
    ("Qwen/Qwen3-235B-A22B", "Qwen/Qwen3-235B-A22B"),
    ("quen3 235b", "Qwen/Qwen3-235B-A22B"),
    ("千问3 235B", "Qwen/Qwen3-235B-A22B"),
    ("qwen 2.5 72b instruct", "Qwen/Qwen2.5-72B-Instruct"),
    ("llama3 70b", "meta-llama/Llama-3.1-70B-Instruct"),
    ("lamma3 70b", "meta-llama/Llama-3.1-70B-Instruct"),
    ("Llama-3.3-70B", "meta-llama/Llama-3.3-70B-Instruct"),
    ("llama 8b", "meta-llama/Llama-3.1-8B-Instruct"),
    ("lama 3.1 8b", "meta-llama/Llama-3.1-8B-Instruct"),
    ("llama 405b", "meta-llama/Llama-3.1-405B-Instruct"),
    ("llama4 maverick", "meta-llama/Llama-4-Maverick-17B-128E-Instruct"),
    ("LLaMA 4 Scout", "meta-llama/Llama-4-Scout-17B-16E-Instruct"),
    ("mixtral 8x22b", "mistralai/Mixtral-8x22B-Instruct-v0.1"),
    ("mixtrall 8x22b", "mistralai/Mixtral-8x22B-Instruct-v0.1"),
    ("mixtral 8x7b", "mistralai/Mixtral-8x7B-Instruct-v0.1"),
    ("mistral large 2", "mistralai/Mistral-Large-Instruct-2407"),
    ("gpt-oss-120b", "openai/gpt-oss-120b"),
    ("GPT OSS 20B", "openai/gpt-oss-20b"),
    ("glm-4.5-air", "zai-org/GLM-4.5-Air"),
    ("GLM 4.5", "zai-org/GLM-4.5"),
    ("gemma 3 27b", "google/gemma-3-27b-it"),
    ("r1 distill qwen 32b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"),
    ("deepseek-r1-distil-llama-70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"),
    ("qwen3 coder 480b", "Qwen/Qwen3-Coder-480B-A35B-Instruct"),
    ("ＤｅｅｐＳｅｅｋ－Ｖ３", "deepseek-ai/DeepSeek-V3"),
]


@pytest.mark.parametrize(("text", "model_id"), NAMES)
def test_catalog_names_in_many_spellings(text, model_id):
    """Case, spaces, hyphens, dots, full-width letters and small typos still find the model."""
    assert parse_message(text).facts.model_id == model_id


@pytest.mark.parametrize(
    "text",
    ["llama 8b", "llama3 8b fp8", "lamma 3 8b", "llama 3.1 8b instruct"],
)
def test_a_size_never_becomes_another_size(text):
    """'llama 8b' is the 8B model, never a 70B one, typo or not."""
    assert parse_message(text).facts.model_id == "meta-llama/Llama-3.1-8B-Instruct"


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("DeepSeek R1 671B fp8", "deepseek-ai/DeepSeek-R1"),
        ("請問跑 DeepSeek R1 671B 需要幾張卡", "deepseek-ai/DeepSeek-R1"),
        ("deepseek v3 671b moe, 128k", "deepseek-ai/DeepSeek-V3"),
        ("gpt-oss 120b", "openai/gpt-oss-120b"),
    ],
)
def test_a_name_followed_by_its_own_total_size_is_that_model(text, model_id):
    """'DeepSeek R1 671B' is DeepSeek R1 (the size agrees), not a generic 671B model."""
    parsed = parse_message(text)
    assert (parsed.facts.model_id, parsed.facts.params_b, parsed.unknown_model) == (
        model_id,
        None,
        None,
    )


def test_a_name_followed_by_another_size_stays_unknown():
    """'deepseek v3 236b' names no catalog model: the size disagrees with DeepSeek-V3's."""
    parsed = parse_message("deepseek v3 236b")
    assert parsed.facts.model_id is None
    assert parsed.unknown_model == "deepseek v3 236b"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("falcon 180b", "falcon 180b"),
        ("llama 1 13b", "llama 1 13b"),
        ("deepseek v2", "deepseek v2"),
        ("gemma 2 9b", "gemma 2 9b"),
        ("mistral 7b", "mistral 7b"),
        ("glm 4.6", "glm 4.6"),
        ("kimi k4", "kimi k4"),  # K3 joined the catalog; K4 does not exist
    ],
)
def test_unknown_model_names_are_reported_not_guessed(text, name):
    """A model-like name outside the catalog is returned as such; nothing is substituted."""
    parsed = parse_message(text)
    assert (parsed.facts.model_id, parsed.unknown_model) == (None, name)
    assert "model" in parsed.not_understood


def test_unknown_names_come_with_close_catalog_suggestions():
    """An unknown Qwen size suggests catalog Qwen models."""
    parsed = parse_message("qwen 7b")
    assert parsed.suggestions
    assert all(model_id.startswith("Qwen/") for model_id in parsed.suggestions)


def test_unknown_name_with_a_size_keeps_the_size():
    """'falcon 180b' can still be sized generically from its 180B."""
    assert parse_message("falcon 180b in fp8").facts.params_b == 180


@dataclass(frozen=True)
class FakeModel:
    """A catalog entry with only what matching reads."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    total_params: int = 0
    moe: bool = False


def test_an_alias_shared_by_models_of_one_shape_picks_the_first_and_says_so():
    """Equivalent models (same size) resolve to the first, listing all in ``ambiguous``."""
    index = ModelIndex(
        [
            FakeModel("org/Alpha-7B-v1", "Alpha 7B v1", ("alpha 7b",), 7_000_000_000),
            FakeModel("org/Alpha-7B-v2", "Alpha 7B v2", ("alpha 7b",), 7_000_000_000),
        ]
    )
    match = find_model("run alpha 7b", index)
    assert match.model == "org/Alpha-7B-v1"
    assert match.ambiguous == ("org/Alpha-7B-v1", "org/Alpha-7B-v2")


def test_an_alias_shared_by_models_of_different_sizes_is_ambiguous():
    """Different sizes behind one name: no model is chosen, the candidates are listed."""
    index = ModelIndex(
        [
            FakeModel("org/Beta-Small", "Beta Small", ("beta",), 8_000_000_000),
            FakeModel("org/Beta-Large", "Beta Large", ("beta",), 70_000_000_000),
        ]
    )
    match = find_model("beta in fp8", index)
    assert match.model is None
    assert match.ambiguous == ("org/Beta-Small", "org/Beta-Large")


def test_the_index_matches_ids_names_and_aliases_of_any_catalog():
    """A fake catalog is matched by its id, its name and its alias."""
    index = ModelIndex([FakeModel("org/Gamma-3-12B-Chat", "Gamma 3 12B", ("gam12",))])
    for text in ("org/gamma-3-12b-chat", "gamma-3-12b", "Gamma 3 12B chat", "GAM12"):
        assert find_model(text.lower(), index).model == "org/Gamma-3-12B-Chat", text


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("deepseek v3 0324 fp8", "deepseek-ai/DeepSeek-V3-0324"),
        ("Mistral-Large-Instruct-2407, 20 users", "mistralai/Mistral-Large-Instruct-2407"),
        ("llama 70b 1000 users", "meta-llama/Llama-3.1-70B-Instruct"),
    ],
)
def test_a_release_date_is_part_of_the_name_and_a_count_is_not(text, model):
    """Dates such as "0324" and "2407" name a release; "1000" before "users" counts them."""
    assert parse_message(text).facts.model_id == model
