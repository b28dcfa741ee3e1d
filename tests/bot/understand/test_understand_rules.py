"""Rules that generalize over phrasings: each case states the rule in words no labelled set has.

Simultaneous counts over head counts, a restated count, a context that is not a count, native
numerals, purchases, term questions, "either GPU will do", CUDA required by dependence or
refused by "can't use", a negated second name, a modality line never assumed, dated updates.
"""

from __future__ import annotations

import pytest

from bot.request import Intent
from bot.understand import parse_message


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("qwen3 32b: 900 staff in total, though only 45 at once", 45),
        ("llama 70b — 3000 сотрудников, но одновременно не более 60", 60),
        ("gemma 3 27b, 社員は500人、同時接続は最大で30", 30),
        ("mixtral, users, i.e. 12", 12),
        ("llama 70b, 8 users, up to 128k context", 8),
        ("qwen3 32b, 서른 명이 동시에", 30),
        ("qwen3 32b，十位用户", 10),
    ],
)
def test_the_count_served_at_once_is_read(text, users):
    """The people served at the same time are the count, however it is phrased."""
    assert parse_message(text).facts.concurrency == users


def test_a_context_in_thousands_is_not_a_count_of_users():
    """A number that a context word follows is the context, even after a user word."""
    parsed = parse_message("llama 70b, users 64k context")
    assert (parsed.facts.concurrency, parsed.facts.context_tokens) == (None, 65536)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("we are ready to purchase three HGX H200 servers", Intent.SALES),
        ("Хотим купить два сервера MI355X, как оформить?", Intent.SALES),
        ("MI355X を2台発注したいです", Intent.SALES),
        ("we are ready to purchase a server for llama 3.1 70b, which one?", Intent.SIZE),
        ("what's MLA?", Intent.KNOWLEDGE),
        ("Qu'est-ce que le NVFP4 ?", Intent.KNOWLEDGE),
        ("how about fp8?", Intent.FOLLOWUP),
        ("what can I ask you here?", Intent.HELP),
        ("Was kann ich dich fragen?", Intent.HELP),
        ("¿Qué le puedo preguntar al bot?", Intent.HELP),
        ("Kimi K2.5 FP8, H200 or B200, either is fine", Intent.SIZE),
        ("Kimi K2.5 FP8, H200 or B200, which gives more per dollar?", Intent.COMPARE),
        ("the same thing but for gpt-oss-120b", Intent.FOLLOWUP),
        ("一样的，那 qwen3 32b 呢", Intent.FOLLOWUP),
        ("H200 single, price per month? and can you invoice in EUR?", Intent.PRICE),
    ],
)
def test_cue_words_decide_the_intent(text, intent):
    """Purchases go to a person, terms are knowledge, either GPU is a sizing, and so on."""
    assert parse_message(text).intent is intent


@pytest.mark.parametrize(
    ("text", "cuda_only"),
    [
        ("llama 70b, our pipeline relies on CUDA", True),
        ("qwen3 32b, estamos atados a CUDA", True),
        ("glm 4.5, only can use nvidia", True),
        ("llama 70b — ROCmが使えません", True),
        ("llama 70b, 100% CUDA here", True),
        ("qwen3 32b, pas d'AMD", True),
        ("llama 70b, no problems with ROCm", False),
        ("qwen3 32b, no hay ningún problema con AMD", False),
        ("llama 70b on 2 users", None),
    ],
)
def test_cuda_required_or_rocm_accepted(text, cuda_only):
    """Dependence and "can't use" require CUDA; "no problem with" accepts ROCm."""
    assert parse_message(text).facts.cuda_only is cuda_only


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("DeepSeek-V3 (not R1), 32k", "deepseek-ai/DeepSeek-V3"),
        ("Qwen3-30B-A3B-Instruct-2507 fp8", "Qwen/Qwen3-30B-A3B"),
        ("GLM-4.5 에어", "zai-org/GLM-4.5-Air"),
        ("GLM-4.5 エア", "zai-org/GLM-4.5-Air"),
        ("глм 4.5 эйр", "zai-org/GLM-4.5-Air"),
    ],
)
def test_names_with_notes_updates_and_native_spellings(text, model):
    """A negated second name, an unlisted dated update and a native spelling of a line."""
    assert parse_message(text).facts.model_id == model


def test_a_vision_model_is_never_assumed_for_a_text_model():
    """A text model the catalog lacks ("Qwen3 4B") is never sized as its vision release."""
    parsed = parse_message("qwen3 4b on one h200")
    assert parsed.facts.model_id is None
    assert parsed.unknown_model is not None
    assert "Qwen/Qwen3-VL-4B-Instruct" in parsed.suggestions


def test_a_listed_dated_release_is_still_told_apart():
    """A date the catalog lists picks that release."""
    assert parse_message("deepseek v3 0324").facts.model_id == "deepseek-ai/DeepSeek-V3-0324"
