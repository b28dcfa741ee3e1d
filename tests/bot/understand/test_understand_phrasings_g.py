"""The thirtieth round of the phrasing kinds fresh customer text showed missed.

A deadline named by its day and then said as a length ("d'ici vendredi, donc ~72h"); users at
once counted with a bare CJK numeral before a particle ("同時接続百で"); the model on the table
swapped with a verb of change in Spanish, Portuguese, French, German and Russian ("cámbialo a
Mixtral 8x22B"); a job given by its totals in and out ("500M tokens in, 50M out"). Every
example is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.conversation import Pipeline
from bot.reply import ChatContext
from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("Il faut traiter 20 millions de tokens avec Llama 3.1 8B d'ici vendredi, donc ~72h", 72),
        ("We must process 50M tokens with Qwen3 32B by Friday, so about 72 hours", 72),
        ("Обработать 5 млн токенов на Llama 3.1 8B до пятницы, т.е. 48 часов", 48),
    ],
)
def test_a_deadline_named_by_its_day_then_its_length_is_kept(text, hours):
    """The length said after the day is the deadline of the job, not lost."""
    parsed = _read(text)
    assert parsed["deadline_hours"] == hours
    assert parsed["batch_tokens"] is not None


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("同時接続百でLlama 3.3 70Bを動かしたい", 100),
        ("同時アクセス千くらいを想定しています、Qwen3 32B", 1000),
        ("并发两百，DeepSeek V3 要几张卡", 200),
    ],
)
def test_a_bare_cjk_numeral_after_a_word_of_at_once_is_the_users(text, users):
    """ "同時接続百で": the hundred is the users at once, though no counter follows it."""
    assert _read(text)["concurrency"] == users


def test_a_cjk_hundred_elsewhere_is_no_count():
    """A 百 in a name ("百度") is no count of users."""
    assert _read("百度的模型和 Llama 3.3 70B 比较").get("concurrency") is None


@pytest.mark.parametrize(
    "change",
    [
        "cámbialo a Mixtral 8x22B",
        "troca pro Mixtral 8x22B",
        "passe à Mixtral 8x22B",
        "wechsel auf Mixtral 8x22B",
        "поменяй на Mixtral 8x22B",
    ],
)
def test_a_verb_of_change_swaps_the_model_and_keeps_the_rest(change):
    """The model changes; the context and users of the last request stay."""
    pipeline = Pipeline()
    chat = ChatContext(chat_id=30)
    chat = pipeline.respond("Llama 3.3 70B, 30 users, 32k context", chat).chat
    assert parse_message(change).intent.value == "followup"
    turn = pipeline.respond(change, chat)
    last = turn.chat.last_request
    assert last is not None
    assert last.model_id == "mistralai/Mixtral-8x22B-Instruct-v0.1"
    assert (last.context_tokens, last.concurrency) == (32_768, 30)


@pytest.mark.parametrize(
    ("text", "total", "answer"),
    [
        ("Batch job: 500M tokens in, 50M tokens out with Llama 3.1 8B, deadline 48h", 550e6, 200),
        ("批处理：输入 3 亿 token，输出 3000 万 token，Qwen3 32B，一周内", 330e6, 200),
    ],
)
def test_totals_in_and_out_are_the_job_and_keep_their_ratio(text, total, answer):
    """Lengths no request has are the job's totals; the answer length keeps their ratio."""
    parsed = _read(text)
    assert parsed["batch_tokens"] == total
    assert parsed.get("input_tokens") is None  # the usual prompt, said as assumed
    assert parsed["output_tokens"] == answer


def test_a_request_length_stays_a_length():
    """A prompt of 8,000 tokens is a request's length, not a job."""
    parsed = _read("Llama 3.1 8B, 100 requests per minute, 8000 tokens in, 500 out")
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (8000, 500)
    assert parsed.get("batch_tokens") is None
