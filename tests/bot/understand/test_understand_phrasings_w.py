"""The fifty-fifth round: on behalf of, not knowing, dictated, quotes, ceilings, windows, answers.

Korean "대신 문의" writes on someone's behalf, no change asked; "模型和卡都不懂" says who writes,
no figure to explain; a note that a message was dictated names no speech model; "one H200 or
do we need more?" asks whether it fits; a total cost or a quote asked ("necesito presupuesto
para …") asks the price; a budget a grant "caps" stays beside a cheaper lever; "全所 600 来人"
counts a firm's people; "どういう前提" asks the assumptions of a figure, and "the answer"
before people counted is no output length; a batch size is no batch job; a figure of the answer
said back beside a GPU's facts is explained; the model's own longest window is not the
customer's; answers grounded on manuals are retrieval; "erste Antwort unter 1 s" is a time to
first token. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


def test_on_behalf_of_a_client_in_korean_is_no_change_asked():
    """Read: "협력사 대신 문의합니다 … Qwen3-32B": a sizing written for someone else."""
    found = _read(
        "협력사 대신 문의합니다. Qwen3-32B, 동시 사용자 50명, 어떤 구성이 필요할까요?", "ko"
    )
    assert found["intent"] == "size"
    assert found.get("concurrency") == 50


def test_not_knowing_models_or_cards_asks_for_no_explanation():
    """Read: "显卡和模型都不懂": who writes, not a figure to explain."""
    found = _read("我们想做个写作助手，显卡和模型都不懂，大概 8 个人同时用，给点建议？", "zh-Hans")
    assert found.get("lever") is None
    assert found["intent"] == "discover"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("[voice message, transcribed] so uh we need Llama 3.1 8B for about 30 users", "en"),
        ("（语音转文字）那个 Qwen3-32B 给 20 个人用，要几张卡", "zh-Hans"),
    ],
)
def test_a_dictation_note_names_no_speech_model(text, language):
    """Read: "[voice message, transcribed]": how it was written, no speech model."""
    assert _read(text, language).get("model_kind") is None


def test_one_gpu_or_more_asks_whether_it_fits():
    """Read: "a single H200, or will we need more?": whether one is enough."""
    found = _read("Qwen3 32B for 25 staff at once: one H200, or will we need more?")
    assert found.get("asked") == "fits"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Please give the total cost of two HGX H200 servers for 9 months.", "en"),
        ("Necesitamos presupuesto para 3 servidores MI355X durante un año.", "es"),
        ("Preciso de um orçamento pra 2 servidores HGX H200 por 6 meses.", "pt-BR"),
    ],
)
def test_a_total_cost_or_a_quote_asked_is_the_price(text, language):
    """Read: "the total cost of", "presupuesto para 3 servidores": the price asked."""
    assert _read(text, language).get("asked") == "price"


def test_a_budget_a_grant_caps_stays_beside_the_cheaper_lever():
    """Read: "the programme caps us at €9,000 a month … something cheaper?": the ceiling."""
    found = _read("Too much. The programme caps us at €9,000 a month. Something cheaper?")
    assert found.get("lever") == "cheaper"
    assert found.get("budget_amount") == 9000


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        ("我们是会计师事务所，全所 300 来人，想做内部问答", "zh-Hans", 300),
        ("本行全行 1500 多人，想用 Qwen3-32B 做知識庫", "zh-Hant", 1500),
    ],
)
def test_a_whole_firm_counted_is_its_people(text, language, people):
    """Read: "全所 300 来人", "全行 1500 多人": the people of the firm."""
    found = _read(text, language)
    assert found.get("headcount") == people
    assert found.get("concurrency") is None


def test_the_assumptions_of_a_figure_are_explained_and_the_answer_is_no_output_length():
    """Read: "回答の「1ユーザーあたり 25 tokens/s」はどんな前提？": explain, no lengths."""
    found = _read("さっきの回答の「1ユーザーあたり 25 tokens/s」はどんな前提ですか？", "ja")
    assert found["intent"] == "followup"
    assert found.get("lever") == "explain"
    assert found.get("output_tokens") is None
    assert found.get("tokens_per_user_tok_s") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Llama 3.1 8B with batch size 64 and 8k context, which GPU?", "en"),
        ("배치 크기 32로 Qwen3-32B 돌리면 H200 한 장이면 되나요?", "ko"),
    ],
)
def test_a_batch_size_is_no_batch_job(text, language):
    """Read: "batch size 64", "배치 크기 32": a setting, not an offline job."""
    assert _read(text, language).get("use_case") is None


def test_a_figure_said_back_beside_a_gpus_facts_is_explained():
    """Read: "where do '4 full contexts' on the H200 come from? 141 GB is a lot": explain."""
    found = _read("Where do the '4 full contexts' on the H200 come from? 141 GB is a lot.")
    assert found["intent"] == "followup"
    assert found.get("asked") == "kv"


@pytest.mark.parametrize(
    ("text", "language", "context"),
    [
        ("The model card says 256K but we only need 32k. Qwen3 32B, 12 users", "en", 32768),
        ("Qwen3-32B soporta hasta 128K, pero con 16K nos basta; 30 usuarios", "es", 16384),
    ],
)
def test_the_models_own_window_is_not_the_customers(text, language, context):
    """Read: "the model card says 256K but we only need 32k": the customer's 32k."""
    assert _read(text, language).get("context_tokens") == context


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "Un asistente que conteste con base en nuestros procedimientos internos, 500 empleados",
            "es",
        ),
        ("An assistant that answers based on our HR policies, for 800 staff", "en"),
    ],
)
def test_answers_grounded_on_the_organisations_texts_are_retrieval(text, language):
    """Read: "con base en nuestros procedimientos internos": RAG."""
    assert _read(text, language).get("use_case") == "rag"


@pytest.mark.parametrize(
    ("text", "language", "seconds"),
    [
        ("Qwen3 32B, 40 Nutzer, erste Antwort in unter 2 Sekunden", "de", 2),
        ("gpt-oss-20b: première réponse en moins de 1,5 s pour 60 utilisateurs", "fr", 1.5),
    ],
)
def test_the_first_answer_in_time_is_a_time_to_first_token(text, language, seconds):
    """Read: "erste Antwort in unter 2 Sekunden": TTFT 2 s."""
    assert _read(text, language).get("ttft_s") == seconds
