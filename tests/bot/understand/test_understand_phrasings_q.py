"""The forty-ninth round: launch commands pasted, prices per token, latencies today and wanted.

A serving engine's launch command names the machine it ran on: its parallel sizes, memory
shares and ports are no users, while its context and cache format are read, and a
checkpoint named by its format says the format. "$0.40 per 1M tokens" is a price, neither a
budget nor a context. A latency they have today and the one they want: the one wanted. Our
AMD plan named as "the AMD option", CUDA said to be needed by nothing, a count the answer gave
for the model named asked why. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.launch_flags import without_launch_flags


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


def test_a_launch_commands_numbers_are_blanked_but_its_facts():
    """Parallel sizes, memory shares and ports are blanked; the context stays."""
    text = "--tp 4 --max-model-len 32768 --mem-fraction-static 0.85 --port 30000"
    kept = without_launch_flags(text)
    assert "32768" in kept
    assert not any(number in kept for number in ("4 ", "0.85", "30000"))
    assert len(kept) == len(text)


def test_a_pasted_launch_command_is_read_for_its_facts():
    """The checkpoint, its format, the context and the cache; no users from "--tp 8"."""
    found = _read(
        "we run this today:\nvllm serve Qwen/Qwen3-32B-FP8 --tensor-parallel-size 2 "
        "--max-model-len 32768 --kv-cache-dtype fp8 --gpu-memory-utilization 0.9 --port 8000\n"
        "would it start on one H200?",
        "en",
    )
    assert found.get("model") == "Qwen/Qwen3-32B-FP8"
    assert found.get("precision") == "fp8"
    assert found.get("context_tokens") == 32768
    assert found.get("kv_dtype") == "fp8"
    assert found.get("concurrency") is None


def test_a_model_named_without_a_format_says_none():
    """A base model's name says no format: the precision stays unread."""
    assert _read("Qwen3-32B for 10 users", "en").get("precision") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("We pay $0.60 per 1M output tokens at our current API vendor. Llama 3.3 70B?", "en"),
        ("现在按 ¥3/百万 token 付费，想换成自建 Qwen3-32B", "zh-Hans"),
    ],
)
def test_a_price_per_million_tokens_is_no_budget_and_no_context(text, language):
    """A price per million tokens: neither a budget nor a context."""
    found = _read(text, language)
    assert found.get("budget_amount") is None
    assert found.get("context_tokens") is None


def test_the_latency_wanted_beats_the_one_had_today():
    """Read: "TTFT sits around 2 s today … target under 500 ms": the target."""
    found = _read(
        "Llama 3.1 70B on our old provider: TTFT sits around 2 s today. "
        "For the move we need TTFT under 500 ms at 10 requests/sec.",
        "en",
    )
    assert found.get("ttft_s") == 0.5


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿Y con la opción AMD en vez de la HGX?", "es"),
        ("AMD 쪽으로 바꾸면 몇 대예요?", "ko"),
        ("AMD の方にすると月額はどうなりますか？", "ja"),
    ],
)
def test_our_amd_plan_by_its_vendor_in_other_words(text, language):
    """Read: "the AMD option", "AMD 쪽으로", "AMD の方": our MI355X plan."""
    assert _read(text, language).get("gpus") == ["mi355x"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("うちのスタックは CUDA 依存がないので AMD でも構いません", "ja"),
        ("저희 코드는 CUDA 의존성이 없어요", "ko"),
        ("Nuestro código no tiene dependencia de CUDA", "es"),
    ],
)
def test_cuda_needed_by_nothing(text, language):
    """No dependency on CUDA said: AMD will do."""
    assert _read(text, language).get("cuda_only") is False


def test_a_count_the_answer_gave_for_the_model_named_asked_why():
    """Read: "почему у вас для X выходит 3 сервера": a question of the answer on the table."""
    found = _read("Объясните, почему у вас для DeepSeek-V3 выходит 3 сервера?", "ru")
    assert (found["intent"], found.get("lever")) == ("followup", "explain")


def test_a_why_of_a_price_said_back_is_explained():
    """Read: "为什么单卡 H200 每月 3090 美元？": the price explained, not why another GPU."""
    found = _read("为什么单卡 H200 每月要 3090 美元？", "zh-Hans")
    assert found.get("lever") == "explain"


def test_same_calculation_for_another_model_is_a_follow_up():
    """Read: "тот же расчёт, но для X": the request on the table with the model changed."""
    assert _read("тот же расчёт, но для Qwen3-32B", "ru")["intent"] == "followup"
