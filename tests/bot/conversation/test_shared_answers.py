"""Several models on one deployment and many LoRA adapters, asked in the chat in several languages.

"Llama 3.3 70B for chat and an 8B for autocomplete on one server" used to lose the 8B: now
both are sized together on each plan, the pick named with the GPUs each model takes, and a
follow-up changes every model. LoRA adapter counts are a serving question, sized with their
memory and launch flags, never a training job.
"""

from __future__ import annotations

import re

import pytest

from bot.reply import ChatContext, ReplyKind
from tests.fakes.telegram_html import check_telegram_html

TWO_MODELS = {
    "en": "Llama 3.3 70B for 20 chat users at 32K and Llama 3.1 8B for autocomplete",
    "de": "Llama 3.3 70B für 20 Nutzer mit 32K und Llama 3.1 8B für Autovervollständigung",
    "zh-Hans": "同时部署 Llama 3.3 70B（32K，20 个用户）和 Llama 3.1 8B",
    "ja": "Llama 3.3 70B（32K、20ユーザー）と Llama 3.1 8B を一緒に動かしたい",
    "ru": "Llama 3.3 70B на 20 пользователей с 32K и Llama 3.1 8B для автодополнения вместе",
}
FIRST_LINE = {
    "en": "single-GPU machines hold both models",
    "de": "Single-GPU-Maschinen fassen beide Modelle",
    "zh-Hans": "台单卡机器即可同时容纳这两个模型",
    "ja": "2 つのモデルを両方運用できます",
    "ru": "Обе модели размещаются на машинах с одним GPU",
}
# The cheapest way to hold both: the 70B on two single-H200 VMs (FP8, 10 users each), the 8B on
# a third, $9,270 a month, cheaper than one MI355X server ($19,900) with six GPUs idle.
PICK = ("h200-1x", 3)


def _ask(pipeline, text, chat=None):
    turn = pipeline.respond(text, chat or ChatContext(chat_id=11))
    return turn, turn.reply


@pytest.mark.parametrize(("language", "text"), sorted(TWO_MODELS.items()))
def test_two_models_are_sized_together_in_the_language_asked(pipeline, language, text):
    """Both models are in the answer; the pick holds both on one MI355X server."""
    _, reply = _ask(pipeline, text)
    assert reply.kind is ReplyKind.SHARED, reply.text
    assert reply.language == language
    data = reply.data
    ids = [model["id"] for model in data["models"]]
    assert ids == ["meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"]
    pick = data["options"][data["recommended_index"]]
    assert (pick["plan"], pick["servers"]) == PICK
    assert pick["members"][0]["context_tokens"] == 32768
    assert pick["members"][0]["concurrency"] == 20
    first = reply.text.splitlines()[0]
    assert FIRST_LINE[language] in first
    assert "9270" in re.sub(r"\D", "", first)
    check_telegram_html(reply.html)


def test_a_size_joined_to_a_model_is_a_model_of_its_own(pipeline):
    """A size joined to a model ("and an 8B for autocomplete") is sized, not dropped."""
    _, reply = _ask(pipeline, "Llama 3.3 70B for chat and an 8B for autocomplete on one server")
    assert reply.kind is ReplyKind.SHARED
    models = reply.data["models"]
    assert models[0]["id"] == "meta-llama/Llama-3.3-70B-Instruct"
    assert models[1]["generic"] is True
    assert round(models[1]["total_params"] / 1e9) == 8


def test_a_follow_up_changes_every_model(pipeline):
    """A follow-up ("and with 64K?") after two models resizes both at 64K."""
    turn, _ = _ask(pipeline, TWO_MODELS["en"])
    _, reply = _ask(pipeline, "and with 64K instead?", turn.chat)
    assert reply.kind is ReplyKind.SHARED
    pick = reply.data["options"][reply.data["recommended_index"]]
    assert [m["context_tokens"] for m in pick["members"]] == [65536, 65536]


@pytest.mark.parametrize(
    "text",
    [
        "Llama 3.3 70B or Qwen3 32B for 20 users?",
        "DeepSeek V3 vs Qwen3 235B, which is cheaper to host?",
        "DeepSeek-V3 (не R1), 128K",
    ],
)
def test_alternatives_are_not_a_shared_deployment(pipeline, text):
    """Two models offered as alternatives, compared or set apart are not sized together."""
    _, reply = _ask(pipeline, text)
    assert reply.kind is not ReplyKind.SHARED


ADAPTERS = {
    "en": "50 LoRA adapters on Llama 3.1 8B, 100 users",
    "zh-Hans": "在 Llama 3.1 8B 上同时挂载 50 个 LoRA 适配器，并发 100",
    "ko": "Llama 3.1 8B에 LoRA 어댑터 50개, 동시 100명",
    "es": "Llama 3.1 8B con 50 adaptadores LoRA, 100 usuarios a la vez",
}


@pytest.mark.parametrize(("language", "text"), sorted(ADAPTERS.items()))
def test_lora_adapters_are_served_not_trained(pipeline, language, text):
    """A count of adapters sizes a multi-LoRA deployment: slots in memory, flags in the launch."""
    _, reply = _ask(pipeline, text)
    assert reply.kind is ReplyKind.SIZE, reply.text
    assert reply.language == language
    data = reply.data
    assert data["request"]["lora"]["adapters"] == 50
    pick = data["options"][data["recommended_index"]]
    assert "--enable-lora" in pick["launch_commands"][0]
    assert "lora_adapters" in data["caveats"]


def test_member_lines_count_gpus_and_users_in_the_plural_of_the_language(pipeline):
    """One GPU and forty users are said as such ("1 GPU", "40 users"), never "GPU(s)"."""
    _, reply = _ask(pipeline, "Llama 3.3 70B and Qwen3 32B together on one server, 40 users each")
    assert reply.kind == ReplyKind.SHARED
    members = [line for line in reply.text.splitlines() if line.startswith("- ")]
    assert any(": 1 GPU, " in line and "40 users at" in line for line in members), members
    assert "(s)" not in reply.text
    _, reply = _ask(
        pipeline, "Llama 3.3 70B и Qwen3 32B вместе на одном сервере, по 21 пользователю"
    )
    assert "21 пользователь при" in reply.text, reply.text


def test_a_model_whose_users_or_context_were_not_given_is_said_to_be_sized_by_default(pipeline):
    """Users said of one model only: the other is sized for one user, and the answer says so."""
    _, reply = _ask(
        pipeline, "Llama 3.3 70B for chat and Qwen3 32B for code, 32K context, the 70B for 40 users"
    )
    assert "No number of users at once was given for Qwen3 32B: it is sized for one." in reply.text
    assert "No context length was given" not in reply.text
    _, reply = _ask(pipeline, "Llama 3.3 70B and Qwen3 32B together at 32K, 25 users each")
    assert "No number of users" not in reply.text
    assert "No context length" not in reply.text
