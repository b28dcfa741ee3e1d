"""A fourth round of the phrasing kinds fresh customer text showed the parser missing.

The size of the company said as who "we are" and where ("we're about 300 at the firm", "у нас
в отделе человек 40"), people of more professions; users at once said at peak; a budget word
beside users at once, after an amount in another currency; dollars written "dólares"; a year
of rent said "за год"; users asked "скольких пользователей"; the time from order to a running
server; a salesperson asked for by title; "nous" as a French word, not a model. Every example
is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "users", "team"),
    [
        (
            "we're roughly 300 ppl in the company, maybe 20 online at once. Llama 3.3 70B",
            "en",
            20,
            300,
        ),
        ("у нас в штате человек 45, одновременно человек 8. Qwen3 32B", "ru", 8, 45),
        ("Somos unos 70 en la oficina y a la vez serán 12. Qwen3-32B", "es", 12, 70),
        ("On est à peu près 250 dans l'entreprise, 30 en même temps. Llama 3.3 70B", "fr", 30, 250),
        ("Wir sind etwa 120 in der Firma, gleichzeitig 15 Nutzer. Qwen3 32B", "de", 15, 120),
    ],
)
def test_who_we_are_and_where_is_the_team(text, language, users, team):
    """A count of who "we are" somewhere is the head count; the users at once stay apart."""
    found = _read(text, language)
    assert (found.get("concurrency"), found.get("headcount")) == (users, team)


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("RAG sobre contratos para uns 150 advogados, qual servidor?", "pt-BR", 150),
        ("un assistant pour 80 avocats du cabinet", "fr", 80),
        ("чат-бот для 60 юристов компании", "ru", 60),
    ],
)
def test_professions_are_people_of_the_organisation(text, language, team):
    """Lawyers and other professions counted are who may use it, not users at once."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("Qwen3 32B, no horário de pico uns 45 usuários", "pt-BR", 45),
        ("Llama 3.3 70B, about 40 users at peak", "en", 40),
        ("Qwen3 32B, en hora punta unos 25 usuarios", "es", 25),
        ("Qwen3 32B, aux heures de pointe 35 utilisateurs", "fr", 35),
    ],
)
def test_users_at_peak_are_users_at_once(text, language, users):
    """A count said at the peak is how many use it at once."""
    assert _read(text, language).get("concurrency") == users


def test_a_budget_word_does_not_reach_users_at_once():
    """A budget word does not reach users at once ("予算で、同時 40 ユーザー"); yen: no dollars."""
    found = _read("月 200万円の予算で、Qwen3-32B を同時 40 ユーザー", "ja")
    assert found.get("concurrency") == 40
    assert found.get("budget_usd_month") is None
    assert (found.get("budget_amount"), found.get("budget_currency")) == (2_000_000, "JPY")


@pytest.mark.parametrize("text", ["Contamos con 30 mil dólares al mes", "unos 30k dolares por mes"])
def test_dollars_written_in_spanish_are_a_stated_budget(text):
    """Spanish dollar words ("dólares", "dolares") mark US dollars for the budget as written too."""
    found = _read(text, "es")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (30_000, "USD")


@pytest.mark.parametrize(
    ("text", "months"), [("а сколько будет за год?", 12), ("и за весь год сколько?", 12)]
)
def test_a_year_of_rent_said_za_god(text, months):
    """A year said "за год" after a sizing asks the total for a year."""
    assert _read(text, "ru").get("months") == months


def test_a_year_to_finish_work_is_no_term():
    """A year to finish work ("дообучить за год") is a deadline of work, not a year of rent."""
    assert _read("дообучить Qwen3 8B за год", "ru").get("months") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Скольким пользователям хватит одного H200 с Qwen3 32B?", "ru"),
        ("how many folks can one H200 handle with Qwen3 32B?", "en"),
        ("¿Cuántas personas aguanta un H200 con Qwen3 32B?", "es"),
    ],
)
def test_users_asked_in_more_words(text, language):
    """The number of users a plan serves, asked in more forms."""
    assert _read(text, language).get("asked") == "users"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("注文してから何日でサーバーを使えますか？", "ja"),
        ("결제하고 나서 언제 쓸 수 있나요?", "ko"),
        ("how long after we order until the server is ready?", "en"),
        ("Через сколько дней после оплаты можно получить доступ?", "ru"),
        ("下单后多久可以用上服务器？", "zh-Hans"),
        ("Après la commande, le serveur est prêt quand ?", "fr"),
    ],
)
def test_the_time_from_order_to_a_running_server(text, language):
    """How soon a server is usable after ordering is the delivery question."""
    found = _read(text, language)
    assert (found["intent"], found.get("topic")) == ("knowledge", "delivery")


def test_a_salesperson_asked_for_by_title_is_a_request_for_one():
    """A title asks for a person ("영업 담당자분과 통화"); "담당자님께" opening a letter not."""
    assert _read("영업 담당자분과 통화하고 싶어요", "ko")["intent"] == "sales"
    letter = _read("담당자님께, Qwen3 32B 20명 견적 부탁드립니다", "ko")
    assert letter["intent"] == "size"


def test_nous_in_french_is_no_model():
    """French "pour nous" holds a pronoun: a lever asked stays a follow-up with no model."""
    found = _read("trop cher pour nous, il y a moins cher ?", "fr")
    assert found["intent"] == "followup"
    assert found.get("unknown_model") is None
