"""The fifty-ninth round: businesses new to GPUs describing their work in their own terms.

Pesos of a country the message names are that country's; "C'est faisable ?" beside a budget
asks what it buys; staff counted as agents are no agent to build; a writing aid is a chat;
drafting replies to customers is support; "Ein Modell haben wir noch nicht" leaves the model
open; people said not to use it are no head count and no users; "和訳・英訳" is translation;
"How big a box", "どれくらいの GPU", "сколько по железу" ask a count; "запрос в среднем" is the
prompt's length; e-mails per hour are requests; "incoming email ≈ 1,200 tokens, draft ≈ 350"
are the lengths; "text starting within 1.5 s" is a time to first token; "tem como baixar?" is
the cheaper lever; "nada preso a CUDA" and "vLLM com ROCm" accept AMD; "mise à disposition" asks
about delivery; "em vez de 20 … forem 60" changes the count; a summary called once is no length;
"每秒約 57" is a speed said back. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "currency"),
    [
        ("Somos una aseguradora en Chile; tenemos 9 millones de pesos al mes para IA.", "CLP"),
        ("Oficinas en Bogotá. Presupuesto: 30 millones de pesos mensuales.", "COP"),
    ],
)
def test_pesos_of_the_country_the_message_names(text, currency):
    """Read: "en Chile … 9 millones de pesos": Chilean pesos."""
    assert _read(text, "es").get("budget_currency") == currency


def test_whether_a_budget_is_enough_for_a_use_is_a_proposal():
    """Read: "Budget : 8 000 € par mois pour un assistant juridique. C'est faisable ?"."""
    found = _read(
        "Budget : 8 000 € par mois pour un assistant juridique interne. C'est faisable ?", "fr"
    )
    assert found["intent"] == "discover"


def test_staff_counted_as_agents_and_a_writing_aid():
    """Read: "Conseil départemental, 1400 agents … assistant de rédaction": a chat for staff."""
    found = _read("Conseil départemental, 1400 agents. On veut un assistant de rédaction.", "fr")
    assert found.get("use_case") == "chat"
    assert found.get("headcount") == 1400


def test_drafting_replies_to_customers_is_support():
    """Read: "contestar al cliente automáticamente": a support use."""
    found = _read("Queremos contestar al cliente automáticamente. No tenemos modelo elegido.", "es")
    assert found.get("use_case") == "support"


def test_no_model_yet_in_german_word_order():
    """Read: "Ein Modell haben wir noch nicht": propose one."""
    found = _read("Wir wollen Kundenmails beantworten. Ein Modell haben wir noch nicht.", "de")
    assert found["intent"] == "discover"


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        (
            "病院です。患者 5000 人、医師 120 名。患者は直接使いません。要約ツールを検討中。",
            "ja",
            120,
        ),
        (
            "We're a school: 2,000 students and 150 teachers; students won't use it. Ideas?",
            "en",
            150,
        ),
    ],
)
def test_people_said_not_to_use_it_are_no_head_count(text, language, people):
    """Read: "患者 5000 人 … 患者は直接使いません": the 120 doctors are the people."""
    found = _read(text, language)
    assert found.get("headcount") == people
    assert found.get("concurrency") is None


def test_translation_written_as_japanese_and_english_versions():
    """Read: "資料の和訳と英訳": translation."""
    assert (
        _read("社内資料の和訳と英訳を自動化したい。モデルは未定です。", "ja").get("use_case")
        == "translation"
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("LoRA on Llama 3.1 8B, 20M tokens, 2 epochs. How big a box do we need?", "en"),
        ("Qwen3-32B を 30 人で使います。どれくらいの GPU が必要ですか？", "ja"),
        ("Полный файнтюн Qwen3-32B, 300 млн токенов. Сколько это по железу?", "ru"),
    ],
)
def test_how_big_a_machine_asks_a_count(text, language):
    """Read: "How big a box do we need?": how many."""
    assert _read(text, language).get("asked") == "gpu_count"


def test_a_prompt_said_on_average_in_russian():
    """Read: "Запрос в среднем 900 токенов, ответ 150": both lengths."""
    found = _read("Qwen3-32B, запрос в среднем 900 токенов, ответ 150, 40 пользователей", "ru")
    assert found.get("input_tokens") == 900
    assert found.get("output_tokens") == 150


def test_emails_per_hour_and_lengths_of_an_email_and_a_draft():
    """Read: "~600 emails/hour, incoming email ≈ 900 tokens, draft ≈ 200": rate and lengths.

    "agents want text starting within 2 s" is the time to first token.
    """
    found = _read(
        "Qwen3-32B drafts replies. Peak ~600 emails/hour; incoming email ≈ 900 tokens, draft "
        "≈ 200 tokens; agents want text starting within 2 s."
    )
    assert found.get("requests_per_minute") == 10
    assert found.get("input_tokens") == 900
    assert found.get("output_tokens") == 200
    assert found.get("ttft_s") == 2


def test_calls_a_day_summarised_stay_a_volume():
    """Read: "около 10 тыс. звонков в день": a volume of work, no request rate."""
    found = _read(
        "Хотим суммаризировать звонки, около 10 тыс. звонков в день. Что посоветуете?", "ru"
    )
    assert found.get("requests_per_minute") is None


def test_can_it_go_down_is_the_cheaper_lever_and_nothing_tied_to_cuda():
    """Read: "Tem como baixar? … nada preso a CUDA": cheaper, AMD accepted."""
    found = _read("Ficou pesado. Tem como baixar? Não temos nada preso a CUDA.", "pt-BR")
    assert found.get("lever") == "cheaper"
    assert found.get("cuda_only") is False


def test_a_stack_with_rocm_in_it_accepts_amd():
    """Read: "we run vLLM on ROCm already? … MI355X": AMD accepted."""
    assert _read("Do you rent MI300X? We use vLLM with ROCm.").get("cuda_only") is False


def test_the_time_to_be_put_at_our_disposal_asks_about_delivery():
    """Read: "le délai de mise à disposition d'un serveur HGX H200": delivery."""
    found = _read("Quelle est la mise à disposition d'un serveur HGX H200 après commande ?", "fr")
    assert found.get("topic") == "delivery"


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("E se em vez de 30 advogados simultâneos forem 90? O resto igual.", "pt-BR", 90),
        ("А если вместо 40 врачей одновременно будет 120, остальное так же?", "ru", 120),
    ],
)
def test_instead_of_a_count_another_said_after_a_verb(text, language, users):
    """Read: "em vez de 30 … forem 90": 90 at once."""
    assert _read(text, language).get("concurrency") == users


def test_a_summary_called_once_is_no_length():
    """Read: "통화 1건마다 요약 1회 호출 … 출력 200 토큰": the output is 200 tokens."""
    found = _read("통화 1건마다 요약 1회 호출, 입력 2,000 토큰 / 출력 200 토큰, Qwen3-32B", "ko")
    assert found.get("output_tokens") == 200


def test_a_speed_said_back_with_about():
    """Read: "上面寫的「每秒約 40 tokens」是怎麼算的": the speed explained."""
    found = _read("上面寫的「每秒約 40 tokens」是怎麼算出來的？", "zh-Hant")
    assert found.get("lever") == "explain"
    assert found.get("asked") == "speed"
