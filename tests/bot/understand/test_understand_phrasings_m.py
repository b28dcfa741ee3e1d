"""The forty-fifth round: a why asked of the pick's count, and clock hours said with the day's part.

"Why 2 servers when the model is 400 GB?" asks to explain the count said back, unless another
choice is named beside it (then it asks why not that one). Clock hours with their part of the
day after them ("10 de la noche"), midnight in the night, a weekday before an hour, each record
counted in Chinese, a single plan in brackets, and Spanish prices asked in the plural. Every
example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.clock import window_hours


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("为什么推荐 3 台服务器？模型才 500 多 GB", "zh-Hans"),
        ("Pourquoi vous comptez 4 H200 pour un modèle de 70 Go ?", "fr"),
        ("No entiendo por qué hacen falta 2 servidores si pesa 300 GB", "es"),
        ("H200 が 3枚必要な理由は何ですか？", "ja"),
    ],
)
def test_a_why_of_the_picks_count_asks_to_explain_it(text, language):
    """The count said back asked why: explain it, the count's kind asked."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever"), found.get("asked")) == (
        "followup",
        "explain",
        "gpu_count",
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("直接租單張 H200 不行嗎？為什麼推 8 卡的整台？", "zh-Hant"),
        ("왜 단일 H200 여러 대 말고 8장짜리 서버예요?", "ko"),
    ],
)
def test_a_why_beside_another_choice_asks_why_not_it(text, language):
    """The single plan named beside the why: why not it, not an explanation of a count."""
    assert _read(text, language).get("lever") == "why_not"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("de 11 de la noche a 7 de la mañana", 8),
        ("das 10 da noite às 6 da manhã", 8),
        ("夜里 0 点到 5 点", 5),
        ("du samedi 9h au dimanche 21h", 36),
    ],
)
def test_clock_hours_with_the_days_part_or_a_weekday(text, hours):
    """A window said with the part of the day, from midnight, or from one weekday to another."""
    found = window_hours(text)
    assert found is not None
    assert found[0] == hours


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("40 萬筆工單，每筆約 600 token，用 Qwen3-32B，兩天內", "zh-Hant", "input_tokens", 600),
        (
            "Uma H200 (VM individual) por um ano, valor total?",
            "pt-BR",
            "plan_counts",
            {"h200-1x": 1},
        ),
        ("¿Cuánto serían 2 HGX H200 al mes?", "es", "asked", "price"),
        ("「同時 14 セッション」の根拠は？", "ja", "asked", "users"),
    ],
)
def test_smaller_words_of_this_round(text, language, field, value):
    """Each record counted, a single plan in brackets, a plural price, users said back."""
    assert _read(text, language).get(field) == value
