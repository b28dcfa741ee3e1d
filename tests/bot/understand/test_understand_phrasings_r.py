"""The fiftieth round: budgets asking what they buy, a year's whole and the month's share, staff.

A budget with "what do you recommend?" asks for a proposal whatever topic its words touch; a
year's budget followed by the month's share keeps the month's; the public servants, officials
and teachers of an organisation are its people; "how many servers then?", "the smallest setup"
and "还用得着两台吗" ask the count; "fully fine-tune" is a full fine-tune. Every example is
written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Budget 9.000 € im Monat, Anwendungsfall Vertragsprüfung. Was empfehlt ihr?", "de"),
        ("每月預算新台幣 40 萬，有推薦的方案嗎？", "zh-Hant"),
        ("HK$20萬一個月，可以租到咩配置？", "zh-Hant"),
        ("Tenemos 300 mil pesos mexicanos al mes para IA. ¿Qué nos recomiendan?", "es"),
    ],
)
def test_a_budget_asking_what_to_rent_is_a_proposal(text, language):
    """No model, no plan, a budget and a recommendation asked: propose within it."""
    assert _read(text, language)["intent"] == "discover"


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        (
            "年間の予算は2億円で、そのうち GPU に使えるのは月 800万円です。モデルはお任せします",
            "ja",
            8000000,
        ),
        ("Budget annuel : 240 000 CHF, donc 20 000 CHF par mois au plus pour les GPU", "fr", 20000),
    ],
)
def test_the_months_share_after_a_years_whole_is_the_budget(text, language, amount):
    """The share for a month said after the year's whole is the budget; no term is read."""
    found = _read(text, language)
    assert found.get("budget_amount") == amount
    assert found.get("budget_months") is None
    assert found.get("months") is None


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("市政府 900 名公务员都会用，模型用 Qwen3-32B，怎么配？", "zh-Hans", 900),
        (
            "Somos uma autarquia com 2.000 servidores públicos e queremos um assistente interno",
            "pt-BR",
            2000,
        ),
        ("선생님 80명이 수업 준비에 Llama 3.3 70B를 쓰려고 해요", "ko", 80),
    ],
)
def test_officials_and_teachers_are_the_organisations_people(text, language, team):
    """People who will use it, not users at once."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Qwen3-32B at 3,000 tok/s in all; what's the smallest setup that does it?", "en"),
        ("А если пользователей 120, сколько тогда серверов?", "ru"),
        ("Y si bajamos a 16k de contexto, ¿cambia el número de servidores?", "es"),
        ("上下文改成 16K 的话，还用得着两台吗？", "zh-Hans"),
    ],
)
def test_the_count_asked_in_more_words(text, language):
    """The smallest setup, servers "then", the number of servers changed: the count asked."""
    assert _read(text, language).get("asked") == "gpu_count"


def test_fully_fine_tuning_is_a_full_fine_tune():
    """Said as "fully fine-tune": every weight trained."""
    found = _read("We want to fully fine-tune Qwen3-8B on 500M tokens, 2 epochs", "en")
    assert found.get("method") == "full"


def test_a_single_plans_total_asked_in_portuguese():
    """Said as "sai quanto?": the price asked."""
    assert _read("Uma H200 avulsa por três meses sai quanto?", "pt-BR").get("asked") == "price"
