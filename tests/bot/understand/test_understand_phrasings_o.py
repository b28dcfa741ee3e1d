"""The forty-seventh round: terms as spans of the calendar, budgets of a year, kinds by their use.

A term said from one month to another ("from April to the end of September", "8/1 到明年
1/31", "für Q2") is that many months; a budget of a year keeps its amount as written and says
its twelve months; a budget with "what can we run with it?" asks for a proposal; a kind of
model asked by its use alone ("an embedding model for our search, which GPU?") is a use to
serve, a kind named or asked yes or no is sized as far as we size it. Every example is written
for the test.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.request import Cues
from bot.understand import parse_message, parsed_to_json
from bot.understand.month_spans import find_month_span


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("one mi355x server from april to the end of september", 6),
        ("two single h200 from 2/1 to 4/30", 3),
        ("un hgx h200 de noviembre a enero", 3),
        ("um servidor de setembro até o fim de dezembro", 4),
        ("ein hgx h200 von märz bis ende mai", 3),
        ("un serveur du 1er février au 31 juillet", 6),
        ("с 1 марта по 31 августа", 6),
        ("从 5 月 1 日到 10 月 31 日", 6),
        ("2 月から 7 月末まで", 6),
        ("3월부터 5월까지", 3),
        ("ab 1.4. bis 30.6.", 3),
        ("2027-01-01 to 2027-06-30", 6),
        ("für q2, bitte", 3),
    ],
)
def test_a_span_of_the_calendar_is_a_term_of_months(text, months):
    """The months from the first named to the last, the last whole when it ends with it."""
    assert find_month_span(text) == months


@pytest.mark.parametrize(
    "text",
    ["llama 3.3 70b on 4/8 gpus", "qwen3 32b q4_k_m on one h200", "we may run it in june"],
)
def test_no_span_where_none_is_said(text):
    """A ratio, a quantisation's name, or one month named: no term."""
    assert find_month_span(text) is None


@pytest.mark.parametrize(
    ("text", "language", "months"),
    [
        ("How much is one HGX H200 from May through the end of October?", "en", 6),
        ("單卡 H200 從 9/1 租到明年 2/28，總價多少？", "zh-Hant", 6),
        ("MI355X-Server für Q3, was kostet das insgesamt?", "de", 3),
    ],
)
def test_a_span_said_with_a_plan_is_its_term(text, language, months):
    """The plan's total for the span's months."""
    found = _read(text, language)
    assert (found["intent"], found.get("months")) == ("price", months)


@pytest.mark.parametrize(
    ("text", "language", "amount", "currency"),
    [
        ("Jahresbudget CHF 300k für einen internen Assistenten", "de", 300000, "CHF"),
        ("年間予算 3,000万円で社内チャットを作りたい", "ja", 30000000, "JPY"),
        ("R$ 900 mil por ano, atendimento ao cliente", "pt-BR", 900000, "BRL"),
    ],
)
def test_a_years_budget_is_kept_as_written(text, language, amount, currency):
    """The amount as written, its currency, and the twelve months it is for."""
    found = _read(text, language)
    assert (found.get("budget_amount"), found.get("budget_currency")) == (amount, currency)
    assert found.get("budget_months") == 12
    assert found.get("months") is None  # the budget's year is no rental term


def test_a_years_dollar_budget_is_a_twelfth_a_month():
    """Dollars: the monthly budget the engine compares is a twelfth of the year's."""
    found = _read("Our annual budget is $240k. What can we run for a support bot?", "en")
    assert found.get("budget_usd_month") == 20000
    assert found.get("budget_amount") == 240000


def test_the_budget_per_month_of_a_year():
    """A year's amount, per month, to the cent."""
    cues = Cues(budget_amount=Decimal(100000), budget_currency="EUR", budget_months=12)
    assert cues.budget_per_month == Decimal("8333.33")


def test_a_budget_year_said_is_no_amount():
    """Read: "orçamento 2027" is the year the budget is for, no money."""
    found = _read("Já temos R$ 40 mil por mês aprovados no orçamento 2027", "pt-BR")
    assert found.get("budget_amount") == 40000


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("We have about $15k a month. What can we run with that?", "en"),
        ("Tenemos 10.000 € al mes, ¿qué podemos montar?", "es"),
        ("Wir haben 20.000 € im Monat, was ist damit möglich?", "de"),
        ("月 500万円の予算で何が動かせますか", "ja"),
    ],
)
def test_a_budget_with_what_it_buys_asked_is_a_proposal(text, language):
    """No model, no plan: what to propose within it."""
    assert _read(text, language)["intent"] == "discover"


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        ("We need to transcribe our sales calls and summarise them. Which GPU?", "en", "discover"),
        ("议会录音要转写，再做摘要，用什么机器好？", "zh-Hans", "discover"),
        ("We need a reranker in front of our search, which GPU would you pick?", "en", "size"),
        ("Whisper large-v3 for 40 calls at once, what box?", "en", "size"),
        ("Can you host an embedding model for us?", "en", "size"),
    ],
)
def test_a_kind_asked_with_a_use_beside_it_or_alone(text, language, intent):
    """A language model's use beside the kind: a proposal; the kind alone: sized, scope said."""
    found = _read(text, language)
    assert found["intent"] == intent
    assert found.get("model_kind") is not None


@pytest.mark.parametrize(
    ("text", "language", "cuda_only"),
    [
        ("why not the MI355X? none of our code depends on CUDA", "en", False),
        ("Warum nicht AMD? Wir haben keine CUDA-Abhängigkeiten", "de", False),
        ("we must stay on CUDA, our kernels are custom", "en", True),
    ],
)
def test_cuda_said_not_needed(text, language, cuda_only):
    """CUDA said to be needed by nothing: AMD will do."""
    assert _read(text, language).get("cuda_only") is cuda_only


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("and what about the AMD server instead?", "en"),
        ("¿Y con el servidor AMD?", "es"),
        ("Et pourquoi pas la machine AMD ?", "fr"),
    ],
)
def test_our_amd_plan_named_by_its_vendor(text, language):
    """The AMD server is our MI355X plan."""
    assert _read(text, language).get("gpus") == ["mi355x"]


def test_amd_as_a_platform_names_no_plan():
    """Read: "AMD is fine", "AMD boxes elsewhere" name the platform, or their hardware."""
    assert _read("AMD is fine for us, we run vLLM on AMD boxes elsewhere", "en").get("gpus") is None


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Why TP=4 there? The weights are only 60 GB", "en", "gpu_count"),
        ("¿De dónde salen los 5 contextos completos?", "es", "kv"),
        ("초당 42토큰은 무슨 근거로 나온 거예요?", "ko", "speed"),
        ("這個月費是用幾張卡算的？", "zh-Hant", "price"),
    ],
)
def test_the_figure_an_explanation_is_asked_of(text, language, asked):
    """The parallel layout, contexts, speed per second, a monthly fee said back."""
    found = _read(text, language)
    assert (found.get("lever"), found.get("asked")) == ("explain", asked)


def test_two_formats_asked_between_are_the_answers():
    """Read: "BF16 or FP8?" asks which the answer used: no format chosen."""
    found = _read("你說 KV 還剩 300 GB，這是用 BF16 還是 FP8 算的？", "zh-Hant")
    assert found.get("lever") == "explain"
    assert (found.get("precision"), found.get("kv_dtype")) == (None, None)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("ちょっと高いなあ。もう少し安くならない？", "ja"),
        ("월 8천 달러 안쪽으로 맞출 수 있을까요?", "ko"),
        ("先省一點吧，之後再加卡", "zh-Hant"),
    ],
)
def test_a_wish_to_pay_less(text, language):
    """Too dear, a ceiling inside which to fit, saving a little first: the cheaper lever."""
    assert _read(text, language).get("lever") == "cheaper"


def test_a_two_column_table_drawn_with_bars_is_read():
    """Read: "| label | value |" rows under a header and its rule."""
    found = _read(
        "| metric | value |\n|---|---|\n| peak requests/s | 20 |\n| avg prompt | 800 tokens |\n"
        "\nModel: Qwen3-8B, what do we need?",
        "en",
    )
    assert found.get("requests_per_minute") == 1200
    assert found.get("input_tokens") == 800
