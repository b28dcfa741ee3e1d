"""The seventy-sixth round: support staff relaying a customer, and small firms' own words.

Someone else's bill relayed ("they pay about $7k/mo", "hoje gasta R$ 30 mil", "今の請求は",
"сейчас платят", "spent $25k on cloud last quarter", "不是他们的预算") is no budget; a plan said
back in a why-not or said to be too dear ("you said 2x HGX — why not one MI355X box?", "кл.
говорит дорого, 47 800 за два HGX") is no order; the answer named in brackets ("your answer (the
2x HGX one)") is the answer's; "more like 150" is about 150; "без разницы, AMD или NVIDIA",
"CUDA専用のライブラリは使っていない" and "tourne très bien sous ROCm" accept AMD; the answer's
length per item ("Antwort pro Brief vielleicht 20 Token", "a summary for each, maybe 150
tokens") and "около тысячи на выходе" are the output; "Freitagabend 20 Uhr" is Friday; "the
answer has to start within", "第一个字" and "한 사람당" are the first token's wait and each
user's speed. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "cust wants Qwen3 32B at 16k context, 25 users. right now they're on a hosted "
                "API and pay about $7k/mo for it. what fits?"
            ),
            "en",
        ),
        (
            (
                "Customer wants two HGX H200 servers for a quarter, total? (they said they spent "
                "$25k on cloud last quarter, not relevant)"
            ),
            "en",
        ),
        (
            (
                "O cliente quer Llama 3.1 8B com 8k de contexto para 30 usuários. Hoje gasta R$ 30 "
                "mil por mês numa API, mas é outro projeto."
            ),
            "pt-BR",
        ),
        (
            "お客様はQwen3-32Bを同時20ユーザーで使いたいそうです。今の請求は月200万円くらいとのこと（参考）。",
            "ja",
        ),
        (
            (
                "Клиент хочет Llama 3.3 70B на 20 пользователей, сейчас платят за API около "
                "400 тыс. в месяц. Что предложить?"
            ),
            "ru",
        ),
        (
            "客户想跑 Qwen3-32B，20 个并发。报价单上的 US$23,900 是我们的标价，不是他们的预算。",
            "zh-Hans",
        ),
    ],
)
def test_someone_elses_bill_relayed_is_no_budget(text, language):
    """Said as "they pay about $7k/mo" or "今の請求は": what is paid now, not a ceiling."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_a_relayed_budget_with_a_limit_is_still_a_budget():
    """Said as "they can pay at most $9k/mo": the limit stays their budget."""
    found = _read("cust wants Llama 3.3 70B, 32k, 40 users, they can pay at most $9k/mo", "en")
    assert found.get("budget_usd_month") == 9000


@pytest.mark.parametrize(
    ("text", "language", "gpu"),
    [
        (
            "re #1182: you said 2x HGX H200. they ask why not one MI355X server instead?",
            "en",
            "mi355x",
        ),
        (
            "ご提案はHGX H200を2台でしたが、MI355Xサーバー1台じゃダメですか？",
            "ja",
            "mi355x",
        ),
    ],
)
def test_plans_named_in_a_why_not_are_no_order(text, language, gpu):
    """Said as "you said 2x HGX — why not one MI355X?": the plan asked about is sized alone."""
    found = _read(text, language)
    assert found.get("lever") == "why_not"
    assert gpu in (found.get("gpus") or [])
    assert not found.get("plan_counts")


def test_plans_said_too_dear_are_the_answers():
    """Said as "кл. говорит дорого … за два HGX": the cheaper lever, no order of two servers."""
    found = _read("кл. говорит дорого, 47 800 в месяц за два HGX. есть вариант дешевле?", "ru")
    assert found.get("lever") == "cheaper"
    assert not found.get("plan_counts")


def test_an_order_with_a_discount_asked_keeps_its_plans():
    """Said as "2台 HGX H200 + 3台单卡，能打折不？": a price asked, the plans counted."""
    found = _read("报个价：2台 HGX H200 + 3台单卡 H200，租半年，能打折不？", "zh-Hans")
    assert found.get("plan_counts") == {"h200-8x": 2, "h200-1x": 3}


def test_the_answer_named_in_brackets_is_the_answers():
    """Said as "your answer (the 2x HGX one)": its plans are not the follow-up's."""
    found = _read(
        "they read your answer (the 3x HGX H200 one). now context is 32k not 64k, can you redo it",
        "en",
    )
    assert found.get("context_tokens") == 32768
    assert not found.get("plan_counts")


def test_more_like_a_figure_is_about_it():
    """Said as "users more like 120 not 200": the users are 120."""
    found = _read("same setup but users more like 120 not 200, what changes?", "en")
    assert found.get("concurrency") == 120


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Нужна Llama 3.1 70B на 30 пользователей, нам без разницы, AMD или NVIDIA.", "ru"),
        ("Qwen3-32B を同時30ユーザーで。CUDA専用のライブラリは使っていません。", "ja"),
        (
            "Llama 3.3 70B pour 30 utilisateurs, notre équipe dit que vLLM tourne bien sous ROCm.",
            "fr",
        ),
    ],
)
def test_amd_accepted_in_other_words(text, language):
    """Said as "без разницы, AMD или NVIDIA" or "tourne bien sous ROCm": ROCm is fine."""
    assert _read(text, language).get("cuda_only") is False


def test_running_well_on_rocm_asked_accepts_nothing():
    """Asked as "does vLLM run well on ROCm?": a question, not an acceptance."""
    found = _read("Llama 3.3 70B for 30 users. Does vLLM run well on ROCm?", "en")
    assert found.get("cuda_only") is not False


@pytest.mark.parametrize(
    ("text", "language", "output"),
    [
        (
            (
                "40.000 Verträge, je ca. 2.000 Token, mit Llama 3.1 8B zusammenfassen. Antwort pro "
                "Vertrag etwa 80 Token. Bis Montag fertig."
            ),
            "de",
            80,
        ),
        (
            (
                "80,000 reports of about 3,000 tokens each; a summary for each one, maybe 120 "
                "tokens, with Qwen3-32B within 48 hours"
            ),
            "en",
            120,
        ),
        (
            (
                "прогнать 50 тыс. писем через Llama 3.1 8B, ~2 тыс. токенов на входе и около "
                "тысячи на выходе, срок 24 часа"
            ),
            "ru",
            1000,
        ),
    ],
)
def test_the_answers_length_per_item_is_the_output(text, language, output):
    """Said as "Antwort pro Vertrag etwa 80 Token": each answer's length."""
    assert _read(text, language).get("output_tokens") == output


def test_a_german_weekday_with_its_part_of_the_day_dates_the_window():
    """Said as "Freitagabend 22 Uhr bis Montag 6 Uhr": 56 hours."""
    found = _read(
        "30.000 Dokumente je 1.500 Token mit Llama 3.1 8B, Start Freitagabend 22 Uhr, fertig "
        "Montag 6 Uhr",
        "de",
    )
    assert found.get("deadline_hours") == 56


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "Llama 3.1 8B for our booking bot; the answer has to start within 1.5 seconds",
            "en",
            "ttft_s",
            1.5,
        ),
        (
            "用 Qwen3-32B 做客服，第一个字要在 2 秒内出来，高峰每分钟 30 个咨询",
            "zh-Hans",
            "ttft_s",
            2,
        ),
        (
            "gpt-oss-20b로 챗봇, 한 사람당 초당 25토큰은 나와야 해요",
            "ko",
            "tokens_per_user_tok_s",
            25,
        ),
    ],
)
def test_a_service_level_in_everyday_words(text, language, field, value):
    """Said as "the answer has to start within" or "한 사람당 초당": the target named."""
    assert _read(text, language).get(field) == value
