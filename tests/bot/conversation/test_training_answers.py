"""Training questions answered in all ten languages: plan, count, verdict and language.

The three questions of the training issue, asked as customers write them in each language:
16-bit LoRA of a 70B on one H200 (no: the weights fill it; the server does it, and QLoRA fits
on the one GPU), full fine-tuning of Qwen3 32B (a server; a single H200 cannot), and
pre-training a 7B from scratch on the MI355X (days, with a range).
"""

from __future__ import annotations

import pytest

from bot.answers.i18n import localizer
from bot.answers.views.train import METHODS
from bot.reply import ChatContext
from sizing import TrainingMethod
from tests.fakes.telegram_html import check_telegram_html

LORA_ON_ONE_H200 = {
    "en": "Can I fine-tune Llama 3.1 70B with LoRA on one H200?",
    "de": "Kann ich Llama 3.1 70B mit LoRA auf einer einzelnen H200 feinabstimmen?",
    "fr": "Puis-je faire un fine-tuning LoRA de Llama 3.1 70B sur une seule H200 ?",
    "es": "¿Puedo hacer ajuste fino con LoRA de Llama 3.1 70B en una sola H200?",
    "pt-BR": "Consigo fazer fine-tuning com LoRA do Llama 3.1 70B em uma única H200?",
    "ru": "Можно ли дообучить Llama 3.1 70B с LoRA на одной H200?",
    "zh-Hans": "能在一张 H200 上用 LoRA 微调 Llama 3.1 70B 吗？",
    "zh-Hant": "可以在一張 H200 上用 LoRA 微調 Llama 3.1 70B 嗎？",
    "ja": "H200 1枚で Llama 3.1 70B を LoRA でファインチューニングできますか？",
    "ko": "H200 한 장으로 Llama 3.1 70B를 LoRA 파인튜닝할 수 있나요?",
}
FULL_QWEN3_32B = {
    "en": "Full fine-tuning of Qwen3 32B: how many GPUs do I need?",
    "de": "Vollfeintuning von Qwen3 32B mit allen Parametern: wie viele GPUs brauche ich?",
    "fr": "Fine-tuning complet de Qwen3 32B : combien de GPU faut-il ?",
    "es": "Ajuste fino completo de Qwen3 32B, ¿cuántas GPU necesito?",
    "pt-BR": "Fine-tuning completo do Qwen3 32B: quantas GPUs eu preciso?",
    "ru": "Полное дообучение Qwen3 32B — сколько нужно GPU?",
    "zh-Hans": "全参数微调 Qwen3 32B 需要几张卡？",
    "zh-Hant": "全參數微調 Qwen3 32B 需要幾張卡？",
    "ja": "Qwen3 32B の全パラメータのファインチューニングには GPU が何枚必要ですか？",
    "ko": "Qwen3 32B 풀 파인튜닝에는 GPU가 몇 장 필요한가요?",
}
PRETRAIN_7B = {
    "en": "How long would pre-training a 7B model from scratch take on MI355X?",
    "de": "Wie lange dauert das Vortraining eines 7B-Modells von Grund auf auf der MI355X?",
    "fr": "Combien de temps pour pré-entraîner un modèle 7B à partir de zéro sur MI355X ?",
    "es": "¿Cuánto tardaría preentrenar un modelo de 7B desde cero en la MI355X?",
    "pt-BR": "Quanto tempo levaria para pré-treinar um modelo de 7B do zero na MI355X?",
    "ru": "Сколько займёт предобучение модели 7B с нуля на MI355X?",
    "zh-Hans": "在 MI355X 上从头预训练一个 7B 模型要多久？",
    "zh-Hant": "在 MI355X 上從頭預訓練一個 7B 模型要多久？",
    "ja": "MI355X で 7B モデルをゼロから事前学習すると何日かかりますか？",
    "ko": "MI355X에서 7B 모델을 처음부터 사전학습하면 얼마나 걸리나요?",
}


def _answer(pipeline, text):
    turn = pipeline.respond(text, ChatContext(chat_id=7))
    reply = turn.reply
    assert reply.kind == "train", (text, reply.kind)
    data = reply.data
    pick = data["options"][data["recommended_index"]]
    return turn, reply, data, pick


def _translated(language, method):
    return localizer(language).gettext(METHODS[method])


@pytest.mark.parametrize(("language", "text"), sorted(LORA_ON_ONE_H200.items()))
def test_lora_of_a_70b_on_one_h200(pipeline, language, text):
    """Not in 16 bits on one H200; the H200 server runs it; QLoRA fits on the one GPU."""
    turn, reply, data, pick = _answer(pipeline, text)
    assert reply.language == language
    assert data["verdict"]["code"] == "not_on_asked"
    assert (pick["plan"], pick["servers"], pick["gpus"]) == ("h200-8x", 1, 8)
    asked = data["options"][data["asked_index"]]
    assert (asked["plan"], asked["fits"]) == ("h200-1x", False)
    qlora = next(m for m in data["other_methods"] if m["method"] == "qlora")
    assert (qlora["plan"], qlora["gpus"]) == ("h200-1x", 1)
    first = reply.text.splitlines()[0]
    assert _translated(language, TrainingMethod.LORA) in first
    assert _translated(language, TrainingMethod.QLORA) in reply.text
    assert turn.chat.last_request.method is TrainingMethod.LORA
    check_telegram_html(reply.html)


@pytest.mark.parametrize(("language", "text"), sorted(FULL_QWEN3_32B.items()))
def test_full_fine_tuning_of_qwen3_32b(pipeline, language, text):
    """The smallest plan that fits is one 8-GPU server; the single H200 is said not to."""
    _, reply, data, pick = _answer(pipeline, text)
    assert reply.language == language
    assert data["job"]["method"] == "full"
    assert data["verdict"]["code"] == "fits"
    assert (pick["plan"], pick["servers"], pick["gpus"]) == ("mi355x-8x", 1, 8)
    single = next(o for o in data["options"] if o["plan"] == "h200-1x")
    assert not single["fits"]
    lines = reply.text.splitlines()
    assert _translated(language, TrainingMethod.FULL) in lines[0]
    gigabytes = localizer(language).formatter.gigabytes
    assert gigabytes(single["memory_per_gpu_bytes"]) in lines[1]
    # The line that says why names what fills it: the gradients and optimizer state of full
    # fine-tuning, not only the weights (which alone would fit the GPU).
    memory = single["memory"]
    assert gigabytes(memory["weights"]) in lines[1]
    assert gigabytes(memory["gradients"] + memory["optimizer"]) in lines[1]
    check_telegram_html(reply.html)


@pytest.mark.parametrize(("language", "text"), sorted(PRETRAIN_7B.items()))
def test_pre_training_a_7b_from_scratch_on_mi355x(pipeline, language, text):
    """Days of training with a range, and whole months of rent, on the MI355X server."""
    _, reply, data, pick = _answer(pipeline, text)
    assert reply.language == language
    assert data["job"]["method"] == "pretrain"
    assert data["job"]["tokens_defaulted"] is True
    assert (pick["plan"], pick["servers"]) == ("mi355x-8x", 1)
    low, high = pick["hours_range"]
    assert low < pick["hours"] < high
    assert pick["estimated"] is True
    loc = localizer(language)
    days = loc.gettext("%(days)s days", days=loc.formatter.decimal(pick["hours"] / 24, 1))
    assert days in reply.text
    check_telegram_html(reply.html)


def test_another_method_on_the_gpu_asked_says_the_layout_its_memory_is_for(pipeline):
    """The memory of another method is said with its activation checkpointing, as the JSON has it.

    Without it, QLoRA without checkpointing (one sequence at a time) reads as needing more
    memory than 16-bit LoRA with checkpointing (nine at a time).
    """
    _, reply, data, _ = _answer(pipeline, FULL_QWEN3_32B["en"].replace("how many", "on one H200,"))
    lines = [line for line in reply.text.splitlines() if line.startswith("As ")]
    assert lines, reply.text
    words = {"none": "off", "selective": "selective", "full": "on"}
    for other in data["other_methods"]:
        label = localizer("en").gettext(METHODS[TrainingMethod(other["method"])])
        line = next((line for line in lines if line.startswith(f"As {label} ")), None)
        if line is not None:
            assert line.endswith(f"(activation checkpointing {words[other['checkpointing']]}).")


@pytest.mark.parametrize(
    ("text", "lang", "question"),
    [
        (
            "我们打算从零预训练一个小模型，总共大概 3000亿 token，用你们的 MI355X 大概要跑多久",
            "zh-Hans",
            "您想训练哪个模型？",
        ),
        (
            "we plan to pretrain a small model from scratch, 300B tokens, how long on MI355X?",
            "en",
            "Which model do you want to train?",
        ),
    ],
)
def test_a_training_job_without_its_model_asks_which_model_to_train(pipeline, text, lang, question):
    """A job stated without the model it trains asks for it, never "no earlier question"."""
    reply = pipeline.respond(text, ChatContext(chat_id=1, telegram_language=lang)).reply
    assert reply.language == lang
    assert question in reply.text, reply.text
    no_earlier = localizer(lang).gettext("I have no earlier question of yours to change.")
    assert no_earlier not in reply.text


def test_a_hub_id_beyond_the_catalog_with_no_hub_says_so(pipeline):
    """A Hub id named beside a load, no Hub to read it: the lookup failed, no "earlier question"."""
    text = "Qwen/Qwen3-235B-A22B-Instruct-2507, 25 users, 64k, we have to stay on CUDA"
    reply = pipeline.respond(text, ChatContext(chat_id=3, telegram_language="en")).reply
    assert "Qwen/Qwen3-235B-A22B-Instruct-2507" in reply.text
    assert "no earlier question" not in reply.text
    assert reply.data["code"] == "hub_unreachable"
