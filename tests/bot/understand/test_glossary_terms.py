"""Questions about what a term means reach the glossary, in every language; sizing stays sizing."""

from __future__ import annotations

import pytest

from bot.request import Intent
from bot.understand import parse_message
from bot.understand.topics.glossary_terms import term_named
from sizing.knowledge.types import Term, Topic


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("whats fp8 exactly?", Term.FP8),
        ("Could you explain the KV cache to me?", Term.KV_CACHE),
        ("what does tensor parallelism mean", Term.TENSOR_PARALLELISM),
        ("what is a mixture of experts model, in plain words?", Term.MOE),
        ("what's AWQ", Term.INT4),
        ("Что такое MoE-модель?", Term.MOE),
        ("Объясните, что такое NVFP4", Term.FP4),
        ("что значит bf16", Term.BF16),
        ("请问什么是 KV cache", Term.KV_CACHE),
        ("滑动窗口是什么意思？", Term.SLIDING_WINDOW),
        ("MLA是什麼", Term.MLA),
        ("テンソル並列とは何ですか", Term.TENSOR_PARALLELISM),
        ("コンテキスト長って何？", Term.CONTEXT_LENGTH),
        ("MXFP4란 무엇인가요?", Term.FP4),
        ("¿Qué significa MLA?", Term.MLA),
        ("o que é o kv cache?", Term.KV_CACHE),
        ("Was bedeutet MoE eigentlich?", Term.MOE),
        ("c'est quoi le fp8 ?", Term.FP8),
        # terms said by their own names in the language, not by a Latin abbreviation
        ("텐서 병렬이 뭐예요?", Term.TENSOR_PARALLELISM),
        ("c'est quoi le parallélisme de tenseurs ?", Term.TENSOR_PARALLELISM),
        ("¿qué es el paralelismo de tensor?", Term.TENSOR_PARALLELISM),
        ("was ist eine Expertenmischung?", Term.MOE),
        ("o que é janela deslizante?", Term.SLIDING_WINDOW),
        ("qu'est-ce que la longueur de contexte ?", Term.CONTEXT_LENGTH),
        ("上下文长度是什么", Term.CONTEXT_LENGTH),
    ],
)
def test_a_definition_question_asks_the_glossary_about_its_term(text, term):
    """The message is a knowledge question on the glossary topic, with the term it names."""
    parsed = parse_message(text)
    assert (parsed.intent, parsed.topic, parsed.term) == (
        Intent.KNOWLEDGE,
        Topic.GLOSSARY.value,
        term.value,
    ), parsed


@pytest.mark.parametrize("text", ["what is VRAM?", "Что такое HBM?", "GQA是什么？"])
def test_a_term_the_glossary_does_not_explain_still_asks_the_glossary(text):
    """No term found: the glossary answers with the terms it explains, never "which model?"."""
    parsed = parse_message(text)
    assert (parsed.intent, parsed.topic, parsed.term) == (Intent.KNOWLEDGE, "glossary", None)


def test_a_definition_question_about_a_gpu_gets_its_card():
    """A definition question about a GPU ("Что такое MI355X?") gets the GPU's card."""
    parsed = parse_message("Что такое MI355X?")
    assert (parsed.topic, parsed.facts.gpus) == (Topic.GPU_CARD.value, ("mi355x",))


@pytest.mark.parametrize(
    "text",
    [
        "what is FP8 and can Llama 70B run in it on one H200?",
        "Что такое MoE и сколько нужно GPU для Qwen3 235B?",
        "什么是 KV 缓存？Llama 3.3 70B 128K 上下文要多少显存",
        "what is the KV cache for 128k context and 20 users?",
    ],
)
def test_a_term_beside_a_model_or_settings_is_still_sized(text):
    """A model, a size or a sizing setting named beside the term keeps the request a sizing one."""
    parsed = parse_message(text)
    assert parsed.topic != Topic.GLOSSARY.value
    assert parsed.term is None


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("what does mla do to the kv cache", Term.MLA),
        ("what does the kv cache look like with mla", Term.KV_CACHE),
        ("sliding window vs context length", Term.SLIDING_WINDOW),
    ],
)
def test_the_first_term_named_is_the_one_asked_about(text, term):
    """Several terms: the one named first."""
    assert term_named(text) is term


def test_the_term_reaches_the_parsed_json():
    """``bot parse`` shows the glossary topic and its term."""
    from bot.understand.jsonform import parsed_to_json  # noqa: PLC0415

    shown = parsed_to_json(parse_message("What is MoE?"))
    assert (shown["topic"], shown["term"]) == ("glossary", "moe")


@pytest.mark.parametrize(
    "text",
    [
        "what is int4 going to cost me?",
        "Что такое FP8 и какая у него цена?",
        "什么是最便宜的方案",
        "что такое хорошая модель для кода и чата",
    ],
)
def test_a_question_about_money_or_something_longer_than_a_term_is_not_a_glossary_one(text):
    """Money words, or many words after "what is", ask something else than a term's meaning."""
    assert parse_message(text).topic != Topic.GLOSSARY.value
