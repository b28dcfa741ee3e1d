"""The fifty-eighth round: support staff and partners asking for customers.

A quote balked at is the cheaper lever; sales relaying a question in Chinese ("销售这边问一下",
"業務轉客戶需求") asks for no one; "any model will do" leaves the model to propose; Russian,
Portuguese and Spanish ask a count with the noun first ("сколько HGX H200 потребуется",
"quantos HGX", "cuántas GPUs"); Korean asks whether something is enough with "충분한지";
"ROCm não seria problema" accepts AMD; a dash parts two questions; "pacote trimestral" is a
quarter; European Portuguese counts a team ("equipa de 40 utilizadores"); a proposal found dear
beside the people it was for is no new use to propose for; "Pourquoi pas des H100 ?" asks why
not; single H200 units "reliées entre elles" ask about linking VMs; "las salidas son … 20
tokens" is the output's length; pricing for one server over a term is its price even beside a
discount asked. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The client balked at the 2× HGX quote. Anything cheaper that still works?", "en"),
        ("O cliente achou o preço caro. Alguma configuração mais em conta?", "pt-BR"),
    ],
)
def test_a_quote_balked_at_is_the_cheaper_lever(text, language):
    """Read: "balked at the 2× HGX quote. Anything cheaper": the plan on the table, cheaper."""
    found = _read(text, language)
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("销售这边问一下：客户想跑 Qwen3-32B，50 人同时用，要几张卡？", "zh-Hans"),
        ("業務轉客戶需求：Llama 3.3 70B，上下文 32K，同時 20 人，要租什麼？", "zh-Hant"),
    ],
)
def test_sales_relaying_a_question_in_chinese_asks_for_no_one(text, language):
    """Read: "销售这边问一下": a sizing relayed, no person asked for."""
    assert _read(text, language)["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Клиенту нужен чат-бот поддержки на 100 человек, модель любая. Что предложить?", "ru"),
        ("We need a support chatbot for 100 agents, any model is fine. What do you propose?", "en"),
    ],
)
def test_any_model_leaves_the_model_to_propose(text, language):
    """Read: "модель любая": a use to propose a model for."""
    assert _read(text, language)["intent"] == "discover"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Qwen3-32B, 200 пользователей. Сколько серверов MI355X понадобится?", "ru"),
        ("Qwen3-32B para 200 usuários. Quantos servidores MI355X vocês sugerem?", "pt-BR"),
        ("Qwen3-32B para 200 usuarios, ¿cuántas GPUs hacen falta?", "es"),
    ],
)
def test_a_count_asked_with_the_noun_first(text, language):
    """Read: "Сколько серверов MI355X понадобится?": how many."""
    assert _read(text, language).get("asked") == "gpu_count"


def test_whether_it_is_enough_in_korean():
    """Read: "H200 한 장으로 충분한지 알려주세요": whether it fits."""
    found = _read("Qwen3-32B, 동시 사용자 10명입니다. H200 한 장으로 충분한지 알려주세요.", "ko")
    assert found.get("asked") == "fits"


def test_rocm_said_to_be_no_problem_in_portuguese():
    """Read: "ROCm não seria problema": AMD will do."""
    found = _read("Por que não o MI355X? A equipe usa vLLM, ROCm não seria problema.", "pt-BR")
    assert found.get("cuda_only") is False


def test_a_dash_parts_two_questions():
    """Read: "Welche Konfiguration – und reicht eine H200?": whether it fits, asked apart."""
    found = _read("Qwen3-32B für 20 Nutzer. Welche Konfiguration – und reicht eine H200?", "de")
    assert found.get("asked") == "fits"


def test_a_quarterly_package_is_three_months():
    """Read: "um pacote trimestral de um HGX H200": three months."""
    found = _read("Quanto sai um pacote trimestral de um HGX H200?", "pt-BR")
    assert found.get("months") == 3


def test_a_team_in_european_portuguese():
    """Read: "uma equipa de 25 utilizadores": 25 people."""
    found = _read(
        "Queremos um assistente para uma equipa de 25 utilizadores, sem modelo ainda.", "pt-BR"
    )
    assert found.get("headcount") == 25


def test_why_not_a_gpu_we_do_not_rent():
    """Read: "Warum nicht H100?": why not, about a GPU we do not rent."""
    found = _read("Warum nicht H100?", "de")
    assert found.get("lever") == "why_not"
    assert found.get("unrented_gpu") == "h100"


def test_single_h200_units_linked_together():
    """Read: "deux instances H200 reliées en NVLink ?": single VMs share no NVLink."""
    found = _read("Peut-on avoir deux instances H200 reliées en NVLink ?", "fr")
    assert found.get("topic") == "single_h200_cluster"


def test_the_answers_described_then_their_length():
    """Read: "las salidas son breves, unos 30 tokens": answers of 30 tokens."""
    found = _read("Clasificar correos con Qwen3-32B; las salidas son breves, unos 30 tokens.", "es")
    assert found.get("output_tokens") == 30


def test_pricing_for_one_server_over_a_term_beside_a_discount_is_its_price():
    """Read: "pricing for one HGX H200 over 7 months, and is there a discount": the price."""
    found = _read(
        "Please send pricing for one HGX H200 over 7 months, and tell us whether a longer "
        "commitment gets a discount."
    )
    assert found["intent"] == "price"
    assert found.get("months") == 7
