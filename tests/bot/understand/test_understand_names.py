"""Model names written in the customer's own script: Cyrillic, Hangul, katakana, Chinese."""

from __future__ import annotations

import pytest

from bot.understand import parse_message
from bot.understand.models.latinize import latinize_names

DEEPSEEK = {"deepseek-ai/DeepSeek-R1", "deepseek-ai/DeepSeek-V3", "deepseek-ai/DeepSeek-V3-0324"}


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("дипсик р1 в fp8 влезет на один сервер?", "deepseek-ai/DeepSeek-R1"),
        ("нужен дипсик v3", "deepseek-ai/DeepSeek-V3"),
        ("квен3 235b в fp8", "Qwen/Qwen3-235B-A22B"),
        ("хотим запустить ламу 3.1 70b", "meta-llama/Llama-3.1-70B-Instruct"),
        ("кими к2 fp8", "moonshotai/Kimi-K2-Instruct"),
        ("딥시크 R1 fp8 H200 8장으로 되나요?", "deepseek-ai/DeepSeek-R1"),
        ("젬마 3 27b int4", "google/gemma-3-27b-it"),
        ("ディープシークR1をFP8で", "deepseek-ai/DeepSeek-R1"),
        ("羊驼 3.1 70b int4 够不够", "meta-llama/Llama-3.1-70B-Instruct"),
    ],
)
def test_native_script_family_names_find_the_catalog_model(text, model):
    """A family name spelt phonetically in the chat's script names the same catalog model."""
    parsed = parse_message(text)
    assert parsed.facts.model_id == model
    assert parsed.intent == "size"


@pytest.mark.parametrize("text", ["ドラマを見たい", "드라마 추천해줘", "реклама", "64к контекст"])
def test_words_that_merely_contain_a_name_are_left_alone(text):
    """Words "ドラマ" (drama) and "реклама" hold "ラマ"/"лама" inside: no model name there."""
    assert latinize_names(text) == text


def test_a_cyrillic_letter_glued_to_a_version_is_transliterated():
    """Versions "р1", "к2", "в3" are Latin ones typed on a Russian keyboard layout."""
    assert latinize_names("р1 к2 в3").split() == ["r1", "k2", "v3"]


def test_ascii_text_is_returned_unchanged():
    """Latin text has nothing to transliterate and comes back as the same object."""
    text = "deepseek r1 fp8"
    assert latinize_names(text) is text
