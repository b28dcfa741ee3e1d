"""The seventy-third round: a pilot or today's setup, then production.

A pilot is today's setup when what comes after it is said ("Pilot was a QLoRA of 8B … For prod
we want …", "Ist: … Soll: …", "接下來要升級"), so the model, method and figures of production
are read; a pilot's figure with nothing said after it stays the load ("en la prueba piloto el
pico fue de 300"). The people of a pilot give way to those who will use it later ("今は情シス
10名でPoC中、来期から社員1,200名"); staff counted with "客服人員" ask for no one; today's bill
"выходит" or "zahlen rund" is no budget. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "model", "method"),
    [
        (
            (
                "Our pilot was a LoRA of Llama 3.1 8B on one GPU. For production we want a full "
                "fine-tune of Qwen3-32B, 500M tokens, 2 epochs, seq len 4096, within 3 days."
            ),
            "en",
            "Qwen/Qwen3-32B",
            "full",
        ),
        (
            (
                "我們目前用 2 張 A6000 做 QLoRA（Llama 3.1 8B），"
                "接下來要升級：對 Qwen3-32B 做 LoRA，"
                "資料 1 億 tokens、2 個 epoch。"
            ),
            "zh-Hant",
            "Qwen/Qwen3-32B",
            "lora",
        ),
    ],
)
def test_production_after_a_pilot_is_the_training_job(text, language, model, method):
    """The pilot's model and method are today's; production's are the job."""
    found = _read(text, language)
    assert found.get("model") == model
    assert found.get("method") == method


def test_ist_and_soll_take_the_wanted_model():
    """Said: "Ist: … Soll: …": the model and the load wanted."""
    found = _read(
        "Ist: Llama 3.1 8B auf 2× L4, ~8 Nutzer.\nSoll: Qwen3-32B, 60 gleichzeitige Sessions, "
        "32k Kontext.",
        "de",
    )
    assert found.get("model") == "Qwen/Qwen3-32B"
    assert found.get("concurrency") == 60


def test_a_pilots_peak_with_nothing_after_it_stays_the_load():
    """Said: "en la prueba piloto el pico fue de 250 sesiones": the pilot's peak, the load."""
    found = _read(
        "Queremos un asistente con Qwen3-32B para toda la facultad. En la prueba piloto el pico "
        "fue de 250 sesiones simultáneas.",
        "es",
    )
    assert found.get("concurrency") == 250


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        ("今は開発部8名でPoC中、来期から社員900名が使う予定です。モデルはQwen3-32B。", "ja", 900),
        (
            (
                "Hoy 15 abogados prueban el piloto y queremos abrirlo a los 240 empleados con "
                "Qwen3-32B."
            ),
            "es",
            240,
        ),
        ("客服中心目前 20 位專員在試用，明年會有 150 位客服人員使用，模型還沒定。", "zh-Hant", 150),
    ],
)
def test_the_people_after_a_pilot_are_the_head_count(text, language, people):
    """A pilot's people today, the organisation's after: the later count is the head count."""
    found = _read(text, language)
    assert found.get("headcount") == people
    assert found.get("intent") != "sales"


@pytest.mark.parametrize(
    ("text", "language", "currency", "amount"),
    [
        (
            (
                "Сейчас Qwen3-32B в облаке выходит ~900 тыс. ₽ в месяц, хотим уложиться в 600 тыс. "
                "руб./мес."
            ),
            "ru",
            "RUB",
            600_000,
        ),
        (
            "Heute zahlen rund CHF 18'000 pro Monat, künftig max. CHF 12'000/Monat für Qwen3-32B.",
            "de",
            "CHF",
            12_000,
        ),
    ],
)
def test_todays_bill_said_as_it_comes_out_is_no_budget(text, language, currency, amount):
    """Said: "выходит", "zahlen rund": today's bill; the later amount is the budget."""
    found = _read(text, language)
    assert found.get("budget_currency") == currency
    assert found.get("budget_amount") == amount
