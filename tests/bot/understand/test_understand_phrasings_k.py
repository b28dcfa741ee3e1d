"""The forty-third round: staff relaying asks, numbers changed in passing, ours against theirs.

Sales and support staff passing a customer's ask on (their words of sales are who they are);
a number corrected, denied or changed from one value to another; a model run elsewhere weighed
against our GPU for it; a ceiling in any currency asked to fit under; a figure said back with
how it was worked out; a size said beside the model that has it. Every example is written for
the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.corrections import corrected
from bot.understand.number_words import words_to_digits
from bot.understand.text import clean_text


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        (
            "Relaying for a prospect (FullGPU sales): Qwen3-32B, 60 concurrent users, 32k context",
            "en",
            "size",
        ),
        (
            "FullGPU 영업팀입니다. 고객 요청 전달드려요: Llama 3.3 70B, 동시 40명, 컨텍스트 16k",
            "ko",
            "size",
        ),
        ("转述客户原话：“太贵了，能不能便宜一点？” —— 销售 王", "zh-Hans", "followup"),
        ("MI355X 서버 2대 월 합계 얼마예요? (영업 이과장 전달)", "ko", "price"),
    ],
)
def test_staff_relaying_an_ask_is_read_as_the_ask(text, language, intent):
    """Words of sales that say who is writing do not make the ask a request for a person."""
    assert _read(text, language)["intent"] == intent


def test_a_request_for_a_person_relayed_stays_one():
    """Staff relaying that the customer wants to talk to sales: still a request for a person."""
    found = _read(
        "Relaying: the customer wants to talk to someone from sales about a contract", "en"
    )
    assert found["intent"] == "sales"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("контекст не 32к, а 64к", "контекст 64к"),
        ("not 16k but 32k context", "32k context"),
        ("上下文 16K……不对，是 32K", "上下文 32K"),
        ("并发从 20 提到 80", "并发80"),
        ("bump users from 20 to 80", "bump users 80"),
        ("동시 사용자를 20명에서 80명으로 늘리면", "동시 사용자를 80명으로 늘리면"),
        ("en lugar de 20 usuarios fueran 80", "80 usuarios"),
        ("entrada de 1.500 tokens... não, pera, 2.500", "entrada de 2.500 tokens"),
    ],
)
def test_a_number_corrected_denied_or_changed_gives_way_to_the_new_one(text, expected):
    """The number taken back, denied or changed from is replaced by the one meant."""
    assert corrected(words_to_digits(clean_text(text))) == clean_text(expected)


def test_a_time_range_is_no_change_of_a_number():
    """Read: "from 9 to 17h", a window, not a count changed from 9 to 17."""
    assert corrected(clean_text("From 9 to 17h window")) == "from 9 to 17h window"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("今は L40S で Qwen3-32B を回してます。H200 にしたらどれくらい速くなりますか", "ja"),
        ("Wir fahren Llama 3.3 70B auf A100. Wie viel schneller wäre eine H200?", "de"),
        ("Hoje rodamos o Qwen3-32B em RTX 4090. Vale a pena migrar pra H200?", "pt-BR"),
    ],
)
def test_a_model_run_elsewhere_weighed_against_ours_is_a_comparison(text, language):
    """Their GPU for a model against ours: a comparison, not a sizing of ours alone."""
    found = _read(text, language)
    assert found["intent"] == "compare"
    assert found.get("unrented_gpu")


def test_a_count_asked_beside_their_gpu_stays_a_sizing():
    """A count of our GPUs asked for users: a sizing, whatever it is weighed against."""
    found = _read("We compare with TPU v5e for gemma-3-27b-it. How many H200 for 40 users?", "en")
    assert found["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "language", "amount", "currency"),
    [
        ("O cliente aceita no máximo R$ 80 mil por mês, dá pra baixar?", "pt-BR", 80000, "BRL"),
        ("Ça passe sous 10 000 € par mois ?", "fr", 10000, "EUR"),
        ("월 2,000만 원 안으로 맞출 수 있을까요?", "ko", 20000000, "KRW"),
    ],
)
def test_a_ceiling_asked_to_fit_under_is_the_cheaper_lever(text, language, amount, currency):
    """A short question to fit under a ceiling: the cheaper way, the ceiling kept as the budget."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (amount, currency)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("每 GPU 小時 US$3.50 是怎麼算的？", "zh-Hant"),
        ("초당 40토큰은 어떤 기준으로 나온 건가요?", "ko"),
        ("Da steht 28 tok/s pro Nutzer. Wie rechnet ihr das?", "de"),
    ],
)
def test_how_a_figure_said_back_was_worked_out_is_explain(text, language):
    """A figure of the answer with how it was worked out asked: explain, no target read."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "explain")
    assert found.get("tokens_per_user_tok_s") is None
    assert found.get("budget_usd_month") is None


def test_a_size_said_beside_the_model_that_has_it_is_that_model():
    """Read: "DeepSeek-R1 (the 671B one)", one model, not a second of 671B."""
    found = _read("DeepSeek-R1 (the 671B one, not a distill), FP8, 64K, 10 users", "en")
    assert found.get("model") == "deepseek-ai/DeepSeek-R1"
    assert not found.get("members")


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("MI355X на полгода — итоговая сумма?", "ru", "plan_counts", {"mi355x-8x": 1}),
        ("單張 H200 租一年總共多少？", "zh-Hant", "plan_counts", {"h200-1x": 1}),
        ("2 MI355X + 1 HGX H200, 6 mois. Devis svp", "fr", "months", 6),
        ("今晚 11 点到明早 7 点跑完 2 亿 token，Qwen3-32B", "zh-Hans", "deadline_hours", 8),
        ("QLoRA 微调 Qwen3-32B，数据 3000 万 token，序列 8192", "zh-Hans", "seq_len", 8192),
        ("Llama 3.3 70B, TTFT не больше двух секунд, 20 пользователей", "ru", "ttft_s", 2),
        ("문서 50만 건 × 평균 2,000토큰, Qwen3-32B, 12시간 안에", "ko", "input_tokens", 2000),
        ("gpt-oss-120b / 64k / 30 conc / 1x h200", "en", "concurrency", 30),
        ("MI355X 서버 일부만 빌릴 수 있나요?", "ko", "topic", "whole_server_only"),
        ("¿Y si en lugar de 40 usuarios fueran quinientos?", "es", "concurrency", 500),
    ],
)
def test_smaller_words_of_this_round(text, language, field, value):
    """Smaller words of this round, one each.

    The MI355X named alone, a single card, digits of a name, tonight and tomorrow, a sequence
    said short, seconds in words, documents times their length, "conc", part of a server,
    hundreds in Spanish words.
    """
    assert _read(text, language).get(field) == value
