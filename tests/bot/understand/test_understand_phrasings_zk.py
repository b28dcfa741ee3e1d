"""The seventy-seventh round: long pasted messages and terse chat.

Bytes a day ("每天出站 2T") are traffic, not two trillion requests; "x día" is "por día"; "寫
code" is coding; a question of no topic after the answer said back asks about that answer; a
context word between a budget word and a figure ("この予算内で、コンテキスト 32K") makes it the
context; today's setup said first in French, Spanish, Portuguese or German, what other plans
"sairiam", a price "de moins" and a cost that "들었는데" are no budget, an API named beside a
budget is no bill; "Цена из вашего ответа (…)" is the answer's. Every example is written for
the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("流量怎么算？我们每天出网大概 3T，超了怎么收费", "zh-Hans"),
        ("每天大概 500G 的出站流量，包含吗？", "zh-Hans"),
    ],
)
def test_bytes_a_day_are_no_rate_of_requests(text, language):
    """Said as "每天出网 3T": terabytes of traffic a day, not trillions of requests."""
    assert _read(text, language).get("requests_per_minute") is None


def test_requests_a_day_are_still_a_rate():
    """Said as "每天大概 2 万个请求": twenty thousand requests a day."""
    found = _read("Qwen3-32B，每天大概 2 万个请求", "zh-Hans")
    assert found.get("requests_per_minute") == pytest.approx(20000 / 1440)


def test_x_before_a_day_is_per_day():
    """Said as "4000 consultas x día": a day's volume, not 4000 users at once."""
    found = _read("un bot para resumir unas 4000 consultas x día con Llama 3.1 8B", "es")
    assert found.get("concurrency") is None


def test_writing_code_is_coding():
    """Said as "寫code的助手": a coding assistant."""
    found = _read("全公司 800 人，想做一個幫大家寫code的助手，模型還沒選", "zh-Hant")
    assert found.get("use_case") == "coding"


def test_a_question_of_no_topic_after_the_answer_said_back_asks_about_it():
    """Said as "Vous indiquez « 2 serveurs ». C'est beaucoup ou pas ?": explain that answer."""
    found = _read("Vous indiquez « 42 tokens/s par utilisateur ». C'est lent ou pas ?", "fr")
    assert (found["intent"], found.get("lever")) == ("followup", "explain")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "予算は月 200 万円まで。この予算内で、コンテキスト 64K、同時 30 人は可能？ Qwen3-32B",
            "ja",
        ),
        ("budget is fixed; within it, context 64k and 30 users on Qwen3-32B, possible?", "en"),
    ],
)
def test_a_context_after_a_budget_word_is_the_context(text, language):
    """Said as "この予算内で、コンテキスト 64K": the context, not a budget of $64k."""
    found = _read(text, language)
    assert found.get("context_tokens") == 65536
    assert found.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "Aujourd'hui on tourne sur une API, environ 2 800 € par mois. Llama 3.1 8B pour "
                "15 utilisateurs ?"
            ),
            "fr",
        ),
        (
            (
                "Hoy usamos la API de otro proveedor, unos 1.500 dólares al mes. Qwen3-32B, 20 "
                "usuarios"
            ),
            "es",
        ),
        (
            "Hoje a gente gasta uns 9 mil reais por mês com API. Llama 3.3 70B para 25 pessoas",
            "pt-BR",
        ),
        (
            "Pourquoi pas le serveur MI355X ? 3 000 $ de moins par mois et 288 Go par GPU.",
            "fr",
        ),
        ("작년에 외주로 했을 때 2,500만 원이 들었는데, Qwen3-32B로 하면 몇 대 필요해요?", "ko"),
    ],
)
def test_what_is_paid_today_or_elsewhere_is_no_budget(text, language):
    """Said as "Aujourd'hui … environ 2 800 € par mois" or "… 들었는데": no budget."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_a_budget_said_today_is_still_a_budget():
    """Said as "hoy el presupuesto es de 5.000 dólares": a budget word keeps it."""
    found = _read("Hoy el presupuesto es de 5.000 dólares al mes para Qwen3-32B", "es")
    assert found.get("budget_usd_month") == 5000


def test_the_price_from_the_answer_is_the_answers():
    """Said as "Цена из вашего ответа (23 900 $/мес) устраивает": no budget, the change read."""
    found = _read(
        "Контекст нужен 64k, а не 32k. Цена из вашего ответа (23 900 $/мес) устраивает.", "ru"
    )
    assert found.get("context_tokens") == 65536
    assert found.get("budget_usd_month") is None


def test_an_api_named_beside_a_budget_keeps_the_budget():
    """Said as "we need an OpenAI-compatible API … and can spend $10k a month": a budget."""
    found = _read("We need an OpenAI-compatible API for Llama 3.1 8B and can spend $10k a month")
    assert found.get("budget_usd_month") == 10000
