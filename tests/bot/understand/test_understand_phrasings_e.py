"""The nineteenth round of the phrasing kinds fresh customer text showed the parser missing.

A term put as a change to the plan on the table; users at once asked with the classifier 位;
GPUs counted with 顆/颗 or asked as "qtas"; choosing a plan said with a separable German verb;
what to rent asked outright beside a use; large amounts of work that are no volume discount;
an agent whose work touches documents; a customer's inquiry pasted under a ticket header; two
plans told apart in Korean's "뭐가 달라요"; a deadline capped with "máximo"; Portuguese told
from Spanish by "ao mesmo tempo"; input and output lengths sharing one word of tokens; a
thousand people in words. Every example is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("and what if we sign up for 9 months?", 9),
        ("e se a gente fechar por 4 meses?", 4),
        ("und wenn wir uns für 8 Monate festlegen?", 8),
        ("a если взять на 10 месяцев?", 10),
        ("y si nos comprometemos por 5 meses?", 5),
    ],
)
def test_a_term_put_as_a_change_is_a_follow_up(text, months):
    """The plan on the table for the term, not the page's answer about longer terms."""
    parsed = _read(text)
    assert parsed["intent"] == "followup"
    assert parsed["months"] == months


def test_a_term_with_a_discount_asked_stays_the_question_about_terms():
    """Asking for a discount on the term is about the terms the page states."""
    parsed = _read("and if we sign up for 9 months, do we get a discount?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "longer_terms"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("單張 H200 跑 Llama 3.1 8B 最多撐得住幾位同時使用的客人？", "users"),
        ("一张 H200 跑 Qwen3-32B 能接待多少位同时在线的用户？", "users"),
        ("跑 DeepSeek V3 要几颗 GPU？", "gpu_count"),
        ("部署 Llama 3.3 70B 需要多少顆 H200？", "gpu_count"),
        ("qntas GPUs preciso pro Llama 3.3 70B?", "gpu_count"),
        ("qtos servidores pro DeepSeek R1?", "gpu_count"),
    ],
)
def test_figures_asked_with_more_classifiers_and_abbreviations(text, asked):
    """位 for people at once, 顆 for chips, "qntas"/"qtos" for how many."""
    assert _read(text)["asked"] == asked


def test_choosing_a_plan_with_a_separable_verb_is_how_to_choose():
    """'Wie wähle ich … aus?' asks how to choose, whatever 'Tarif' says of prices."""
    parsed = _read("Nach welchen Kriterien wähle ich die richtige Konfiguration aus?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "how_to_choose"


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("We want to translate our product manuals at scale, what should we rent?", "translation"),
        (
            "Queremos traducir contratos del inglés al portugués, ¿qué deberíamos alquilar?",
            "translation",
        ),
        (
            "Wir wollen große Mengen an Tickets zusammenfassen lassen, welches Setup?",
            "summarization",
        ),
        ("Хотим переводить инструкции на пять языков, что нам арендовать?", "translation"),
    ],
)
def test_what_to_rent_beside_a_use_asks_for_a_proposal(text, use):
    """A use and "what should we rent?" is a proposal, not the calculator or the discounts."""
    parsed = _read(text)
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == use


def test_a_volume_discount_is_still_one():
    """'Mengenrabatt' still asks about discounts for volume."""
    parsed = _read("Gibt es einen Mengenrabatt, wenn wir mehrere Server mieten?")
    assert parsed["topic"] == "longer_terms"


def test_an_agent_working_on_documents_is_an_agent():
    """Documents the agent reads and writes are its work, not retrieval over them."""
    parsed = _read(
        "Un agente de IA que gestione pedidos, correos y documentos internos, "
        "sin modelo elegido todavía, ¿qué nos conviene alquilar?"
    )
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == "agent"


def test_an_agent_over_a_knowledge_base_stays_retrieval():
    """Named retrieval (a knowledge base searched) keeps the RAG use."""
    parsed = _read("an AI agent that answers from our knowledge base, for 50 people")
    assert parsed["use_case"] == "rag"


@pytest.mark.parametrize(
    "text",
    [
        (
            "お客様からのお問い合わせです：Whisper large で文字起こしをしたいのですが、"
            "どのサーバーが良いですか？"
        ),
        "客户咨询：想跑 Stable Diffusion XL 出图，用哪台服务器合适？",
    ],
)
def test_a_pasted_inquiry_header_asks_for_no_person(text):
    """A support ticket's header ("customer inquiry") is not a request for a salesperson."""
    parsed = _read(text)
    assert parsed["intent"] == "size"
    assert parsed["model_kind"] in {"speech", "image"}


def test_asking_for_a_person_about_an_inquiry_still_does():
    """A request for a person keeps its words."""
    assert _read("営業担当の方から連絡をください")["intent"] == "sales"


def test_two_plans_told_apart_in_korean_is_the_difference_between_them():
    """'뭐가 달라요' between the single H200 plan and a GPU of the HGX server."""
    parsed = _read("단일 H200 상품이랑 HGX 서버 GPU 한 장이랑 뭐가 달라요?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "single_vs_hgx"


def test_a_price_of_a_gpu_named_alone_stays_a_price():
    """Without a difference asked, the price of a GPU named is that price."""
    parsed = _read("H200 单卡月租多少？")
    assert parsed["intent"] == "price"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("LoRA em Qwen3-8B, 30M tokens, prazo máximo de 2 dias", 48),
        ("fine-tune Llama 3.1 8B on 20M tokens, deadline max 36 hours", 36),
        ("QLoRA de Mistral Large, 100M tokens, plazo máximo una semana", 168),
    ],
)
def test_a_deadline_capped_with_maximo(text, hours):
    """'plazo máximo 4 días', 'prazo máximo de', 'deadline max': the deadline still."""
    assert _read(text)["deadline_hours"] == hours


@pytest.mark.parametrize(
    "text",
    [
        "Equipe de 30 devs, Qwen3-32B, no máximo 8 usando ao mesmo tempo",
        "Temos 12 analistas, uns 4 ao mesmo tempo, com Llama 3.3 70B",
    ],
)
def test_portuguese_told_from_spanish_by_ao_mesmo_tempo(text):
    """'ao mesmo tempo' is Portuguese ('al mismo tiempo' in Spanish)."""
    assert _read(text)["language"] == "pt-BR"


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        ("Llama 3.3 70B, 1200 input / 300 output tokens, 5 rps", (1200, 300)),
        ("DeepSeek V3 with 4000 prompt / 800 generated tokens per call", (4000, 800)),
    ],
)
def test_input_and_output_sharing_one_word_of_tokens(text, lengths):
    """'800 input / 250 output tokens': both lengths, the tokens said once after them."""
    parsed = _read(text)
    assert (parsed["input_tokens"], parsed["output_tokens"]) == lengths


@pytest.mark.parametrize(
    "text",
    [
        "Нужен бот для внутренних вопросов, сотрудников около тысячи, модель не выбрали",
        "we're a firm of a thousand employees looking for an internal assistant",
        "Buscamos un asistente interno para mil empleados",
    ],
)
def test_a_thousand_people_in_words_is_the_head_count(text):
    """'около тысячи', 'a thousand', 'mil': a head count of 1,000 with no digit."""
    assert _read(text)["headcount"] == 1000
