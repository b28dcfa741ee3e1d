"""Model names matched by family and the parts of their names, on any catalog.

A fake catalog shows the matching is generic (nothing lists the shipped models); the shipped
catalog shows the derivations customers write: distills, transliterations, releases.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from bot.understand import parse_message
from bot.understand.models.finder import ModelIndex, find_model

B = 10**9


@dataclass(frozen=True)
class FakeModel:
    """A catalog entry with only what matching reads."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    total_params: int = 0
    moe: bool = False


FUTURE = ModelIndex(
    [
        FakeModel("zeta/Zeta-5.2-120B-A10B", "Zeta 5.2 120B", (), 120 * B, moe=True),
        FakeModel("zeta/Zeta-5.2-Coder-120B-A10B", "Zeta 5.2 Coder 120B", (), 120 * B, moe=True),
        FakeModel("zeta/Zeta-5.2-120B-A10B-FP8", "Zeta 5.2 120B FP8", (), 120 * B, moe=True),
        FakeModel("zeta/Zeta-4-9B", "Zeta 4 9B", (), 9 * B),
        FakeModel("mistralai/Mistral-Large-Instruct-2407", "Mistral Large 2 (2407)", (), 123 * B),
        FakeModel("mistralai/Mixtral-8x7B-Instruct-v0.1", "Mixtral 8x7B", ("mixtral",), 47 * B),
    ]
)


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("zeta 5.2 120b in fp8", "zeta/Zeta-5.2-120B-A10B"),
        ("zeta-5.2 coder, 64 users", "zeta/Zeta-5.2-Coder-120B-A10B"),
        ("zeta coder 120b", "zeta/Zeta-5.2-Coder-120B-A10B"),
        ("zeta-5.2-120b-a10b-fp8 on h200", "zeta/Zeta-5.2-120B-A10B-FP8"),
        ("zeta 4 9b", "zeta/Zeta-4-9B"),
        ("zetta 4 9b", "zeta/Zeta-4-9B"),
    ],
)
def test_an_unseen_catalog_is_matched_from_its_names(text, model_id):
    """Families, versions, lines, sizes and glued formats of any catalog's names are read.

    ``find_model`` reads cleaned text (lower case), as the parser gives it.
    """
    assert find_model(text, FUTURE).model == model_id


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("zeta 5.3 120b", "zeta 5.3 120b"),
        ("zeta 5.2 70b", "zeta 5.2 70b"),
        ("zeta 5.2 thinking", "zeta 5.2 thinking"),
        ("mistral small 3.2 24b", "mistral small 3.2 24b"),
        ("mistral large 3", "mistral large 3"),
    ],
)
def test_a_name_whose_parts_disagree_is_unknown_never_another_model(text, unknown):
    """A version, size or line the catalog lacks is an unknown model, not the nearest one."""
    match = find_model(text, FUTURE)
    assert (match.model, match.unknown_model) == (None, unknown)
    assert not match.ambiguous


def test_mistral_small_is_never_mixtral_or_mistral_large():
    """An unknown Mistral is suggested Mistrals only (never Mixtral, another family)."""
    match = find_model("mistral small 3.2 24b", FUTURE)
    assert match.suggestions == ("mistralai/Mistral-Large-Instruct-2407",)


def test_a_base_model_is_preferred_to_its_release_unless_the_format_is_in_its_name():
    """Read "zeta 5.2 120b fp8" as the model at FP8, "...-120B-A10B-FP8" as the release."""
    assert find_model("zeta 5.2 120b fp8", FUTURE).model == "zeta/Zeta-5.2-120B-A10B"
    assert find_model("zeta-5.2-120b-a10b-fp8", FUTURE).model == "zeta/Zeta-5.2-120B-A10B-FP8"


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("deepseek r1 distill 70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"),
        ("R1 蒸馏版 Qwen 32B", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"),
        ("дистиллят R1 на лламе 70B", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"),
        ("딥시크 R1 디스틸 라마 70B", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"),
        ("DeepSeek R1の蒸留版（Qwen 32B）", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"),
        ("deepseek r1", "deepseek-ai/DeepSeek-R1"),
    ],
)
def test_distills_are_the_distilled_models_not_the_671b_r1(text, model_id):
    """A distill is named by its teacher and its base; the R1 alone is the 671B model."""
    assert parse_message(text).facts.model_id == model_id


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("лама 3.1 405б", "meta-llama/Llama-3.1-405B-Instruct"),
        ("квен3 235б", "Qwen/Qwen3-235B-A22B"),
        ("큐웬3 코더 480B", "Qwen/Qwen3-Coder-480B-A35B-Instruct"),
        ("라마 3.3 70B", "meta-llama/Llama-3.3-70B-Instruct"),
        ("405B 라마엔", "meta-llama/Llama-3.1-405B-Instruct"),
        ("ラマ3.1 8B", "meta-llama/Llama-3.1-8B-Instruct"),
        ("ディープシークR1", "deepseek-ai/DeepSeek-R1"),
        ("千问3.5 397B", "Qwen/Qwen3.5-397B-A17B"),
        ("дипсик в3.2", "deepseek-ai/DeepSeek-V3.2"),
    ],
)
def test_names_in_other_scripts_are_read(text, model_id):
    """Cyrillic, Hangul, katakana and Chinese spellings of families, lines and sizes."""
    assert parse_message(text).facts.model_id == model_id


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("llama 3 70b", "meta-llama/Llama-3.1-70B-Instruct"),
        ("qwen 3.5 27b", "Qwen/Qwen3.5-27B"),
        ("deepseek v3", "deepseek-ai/DeepSeek-V3"),
        ("kimi k2.5", "moonshotai/Kimi-K2.5"),
        ("nemotron 3 super", "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16"),
        ("nemotron super 49b", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"),
        ("qwen3vl 235b", "Qwen/Qwen3-VL-235B-A22B-Instruct"),
        ("qwen 235b", "Qwen/Qwen3-235B-A22B"),
        ("gpt oss 120b", "openai/gpt-oss-120b"),
    ],
)
def test_versions_lines_and_defaults(text, model_id):
    """A coarse version names the only ones there are; an exact one wins; lines unsaid lose."""
    assert parse_message(text).facts.model_id == model_id


@pytest.mark.parametrize(
    ("text", "choices"),
    [
        ("gpt oss for 10 users", {"openai/gpt-oss-20b", "openai/gpt-oss-120b"}),
        (
            "mixtral, 32k",
            {"mistralai/Mixtral-8x7B-Instruct-v0.1", "mistralai/Mixtral-8x22B-Instruct-v0.1"},
        ),
        ("minimax fp8", {"MiniMaxAI/MiniMax-M2.5", "MiniMaxAI/MiniMax-M3"}),
    ],
)
def test_a_name_without_a_size_that_fits_several_sizes_asks(text, choices):
    """The catalog's default release is not the customer's choice: the models are offered."""
    parsed = parse_message(text)
    assert parsed.facts.model_id is None
    assert set(parsed.ambiguous) == choices


@pytest.mark.parametrize("text", ["qwen3.6 235b", "llama 5 70b", "kimi k2 thinking", "gemma 4 31b"])
def test_releases_the_catalog_lacks_are_unknown(text):
    """Qwen3.6, Llama 5, Kimi K2 Thinking or a Gemma 4 size not catalogued: unknown."""
    parsed = parse_message(text)
    assert parsed.facts.model_id is None
    assert parsed.unknown_model


def test_a_typo_is_corrected_only_where_a_name_part_follows():
    """Correct "lamma3 70b" to Llama; "lamma" with nothing after is no model at all."""
    assert parse_message("lamma3 70b").facts.model_id == "meta-llama/Llama-3.1-70B-Instruct"
    assert parse_message("deepsik r1").facts.model_id == "deepseek-ai/DeepSeek-R1"
    parsed = parse_message("the lamma spat")
    assert (parsed.facts.model_id, parsed.unknown_model) == (None, None)


def test_engine_words_and_flags_are_no_part_of_a_name():
    """Keep engines and flags out of names: "GLM 4.5 Air 用 SGLang", "--model ... --tp"."""
    assert parse_message("GLM 4.5 Air 用 SGLang").facts.model_id == "zai-org/GLM-4.5-Air"
    flags = "--model zai-org/GLM-4.5-Air --tensor-parallel-size 2 --max-model-len 65536"
    assert parse_message(flags).facts.model_id == "zai-org/GLM-4.5-Air"


def test_a_typo_equally_close_to_two_words_is_corrected_the_same_way_in_every_process():
    """Between equally close words the alphabetically first wins, whatever the hash seed."""
    script = (
        "from bot.understand.models.name_parts import correct_word;"
        "print(correct_word('gemmx', frozenset(['gemmc', 'gemmb', 'gemma', 'gemmd'])))"
    )
    answers = {
        subprocess.run(  # noqa: S603 - a fixed script of this test
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in range(3)
    }
    assert answers == {"gemma"}


@pytest.mark.parametrize(
    ("text", "users"),
    [("gpt-oss を10ユーザーで動かしたい", 10), ("deepseek v3を50人で", 50), ("qwen3 30人", 30)],
)
def test_a_count_after_a_name_in_another_script_is_no_version(text, users):
    """A count of users after a name, in another script, is no version of it ("gpt-oss を10")."""
    parsed = parse_message(text)
    assert parsed.unknown_model is None
    assert parsed.facts.concurrency == users
    assert parsed.facts.model_id or parsed.ambiguous
