"""The seventy-second round: today's setup said before what is wanted.

What a customer pays today is no budget however it is said ("last month's bill was", "at a
hyperscaler, roughly", "счёт за октябрь", "花 3.5 万美元", "月に…使っています", "Kosten ~",
"Facture actuelle", "paga ChatGPT"), and its number is no context either; "minimax" holds no
"max" that would keep such an amount a budget; today's GPUs ("现在 2 张 4090", "Hoy … en 2 GPUs",
"평소엔 GPU 2장") are no count held to, and one of our GPUs only when it runs at another
provider; the users at once of today give way to the goal's ("下個月要撐 200 個", "Neues
Projekt: … 25 parallele Nutzer"); the goal said as "想跑 FP8", "next month", "instead of".
Every example is written for the test.
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
                "We run Qwen3-32B at a hyperscaler today, roughly $14k/mo. Moving it to you: 32k, "
                "40 users. What fits?"
            ),
            "en",
        ),
        ("last month's bill was $6.2k for the API. want Qwen3-32B on our own GPUs, 20 users", "en"),
        ("Гоняем Qwen3-32B через внешний API за $5k/мес. Хотим своё на 30 пользователей.", "ru"),
        ("现在用 API 做客服，每月花 2 万美元。想自己跑 Qwen3-32B，50 并发。", "zh-Hans"),
        ("Aktuell: Qwen3-32B über API, Kosten ~12k $/Monat. Ziel: 30 Nutzer, 32k Kontext.", "de"),
        (
            "Hoy cada agente paga su licencia ($3.000 al mes en total). Queremos Qwen3-32B propio.",
            "es",
        ),
    ],
)
def test_todays_bill_is_no_budget(text, language):
    """What is paid today, however said, is no budget, and its number no context."""
    found = _read(text, language)
    assert "budget_usd_month" not in found
    assert found.get("context_tokens") in {None, 32768}


@pytest.mark.parametrize(
    ("text", "language", "currency", "amount"),
    [
        (
            "APIに月120万円ほど使っています。切り替え後の予算は月180万円まで。モデルは未定。",
            "ja",
            "JPY",
            1_800_000,
        ),
        (
            (
                "Facture GPU actuelle : ~5 000 CHF/mois. Budget max 9 000 CHF par mois, modèle à "
                "définir."
            ),
            "fr",
            "CHF",
            9_000,
        ),
    ],
)
def test_todays_bill_in_another_currency_gives_way_to_the_budget(text, language, currency, amount):
    """Today's bill first, then the budget: the budget is the one read."""
    found = _read(text, language)
    assert found.get("budget_currency") == currency
    assert found.get("budget_amount") == amount


def test_a_model_name_holding_max_keeps_no_amount_a_budget():
    """Said: "MiniMax" is a model, no "max": "Kosten ~19k $" beside it stays today's bill."""
    found = _read("Aktuell: MiniMax-M2.5 über API, Kosten ~19k $/Monat. Ziel: TTFT < 1 s", "de")
    assert "budget_usd_month" not in found
    assert "context_tokens" not in found


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "现在 4 张 4090 跑 Qwen3-32B 的 int4，换到你们这想跑 FP8、32K、40 并发，需要什么配置？",
            "zh-Hans",
        ),
        (
            (
                "Hoy servimos Qwen3-32B en 3 GPUs de otro proveedor. Queremos 60 usuarios a la vez "
                "con 32k. ¿Qué necesitamos?"
            ),
            "es",
        ),
        ("평소엔 GPU 4장으로 돌리는데 이번엔 Qwen3-32B 80명 동시 접속이 필요합니다.", "ko"),
    ],
)
def test_todays_gpus_are_no_count_held_to(text, language):
    """The GPUs that run it today are no count of GPUs the customer holds us to."""
    assert "gpu_count" not in _read(text, language)


def test_one_of_our_gpus_asked_to_replace_todays_keeps_its_count():
    """Said: "지금 A100 두 장인데 H200 한 장으로 대체 가능?": one H200, the count asked about."""
    found = _read("지금 A100 두 장으로 Qwen3-32B 쓰는데 H200 한 장으로 대체 가능?", "ko")
    assert found.get("gpu_count") == 1


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("補充：我們現在尖峰是 60 個同時連線，下個月要撐 150 個同時在線。", "zh-Hant", 150),
        (
            (
                "Status quo: Qwen3-32B mit ca. 15 gleichzeitigen Nutzern. Neues Projekt: gleiches "
                "Modell, 40 parallele Nutzer."
            ),
            "de",
            40,
        ),
        ("today we have 30 users at once on Qwen3-32B, what do we need?", "en", 30),
    ],
)
def test_the_goals_users_at_once_take_the_place_of_todays(text, language, users):
    """Today's users at once give way to the goal's; said alone, today's are the load."""
    assert _read(text, language).get("concurrency") == users


def test_the_goal_said_as_a_wish_to_run_in_chinese():
    """Said: "现在 … int4 … 换到你们这想跑 FP8": the format wanted."""
    found = _read(
        "现在 2 张 4090 跑 Qwen3-30B-A3B 的 int4。换到你们这想跑 FP8、32K 上下文、40 并发。",
        "zh-Hans",
    )
    assert found.get("precision") == "fp8"
    assert found.get("concurrency") == 40
