"""The forty-second round: the kinds a fresh set showed, read by their shape where one exists.

Sheets pasted as rows (a header over its values, label-tab-value lines, a quantity column), a
form's "label: value" items, figures of the answer said back in a follow-up (no new target, no
budget), a why set against another choice, things counted with their tokens each whatever they
are called, a total said beside its documents, a range of clock hours with one unit, the single
plan named without a count, all of a team at once, a dollar amount with another code after it,
prices paid per hour or last month, and smaller words. Every example is written for the test
(none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.clock import window_hours
from bot.understand.forms import read_form
from bot.understand.sheets import sheet_as_pairs


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


# --- sheets and forms ------------------------------------------------------------------------


def test_a_header_over_its_row_is_read_as_labels_and_values():
    """Comma-separated columns over one row: each value after its column's name."""
    pasted = "model,qps,avg_in,avg_out\nQwen/Qwen3-32B,4,1800,350"
    assert sheet_as_pairs(pasted) == "model: Qwen/Qwen3-32B; qps: 4; avg in: 1800; avg out: 350;"


def test_prose_with_commas_is_no_sheet():
    """A sentence with commas and a line break stays as it was written."""
    text = "Hi, we run Qwen3 32B, 32k context,\nabout 40 users, on one H200."
    assert sheet_as_pairs(text) == text


@pytest.mark.parametrize(
    ("text", "language", "rate", "prompt", "answer"),
    [
        (
            "model,qps,avg_in,avg_out\nQwen/Qwen3-32B,4,1800,350\nbitte dimensionieren",
            "de",
            240,
            1800,
            350,
        ),
        (
            "模型\tgpt-oss-120b\n每分钟请求\t90\n平均输入 token\t2500\n平均输出 token\t300",
            "zh-Hans",
            90,
            2500,
            300,
        ),
        ("model: gpt-oss-120b; rpm: 150; avg in / out: 1200 / 250", "en", 150, 1200, 250),
    ],
)
def test_a_capacity_sheet_gives_the_rate_and_the_lengths(text, language, rate, prompt, answer):
    """Rates and lengths under their labels are the workload, however the sheet was pasted."""
    found = _read(text, language)
    assert (found.get("requests_per_minute"), found.get("input_tokens")) == (rate, prompt)
    assert found.get("output_tokens") == answer


def test_a_form_item_that_is_no_workload_is_left_for_the_other_readers():
    """A label with no rate or length ("budget: 9000") is not read as one, nor blanked."""
    form = read_form("budget: 9000; rpm: 60")
    assert form.values == {"requests_per_minute": 60.0}
    assert "9000" in form.rest


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        (
            "Artikel;Anzahl;Laufzeit\nHGX H200 Server;2;6 Monate\nH200 Einzel-VM;3;6 Monate\nSumme",
            "de",
            {"h200-8x": 2, "h200-1x": 3},
        ),
        (
            "| 品目 | 数量 |\n| MI355X 8卡服务器 | 2 |\n| 单卡 H200 | 1 |\n合计多少？",
            "zh-Hans",
            {"mi355x-8x": 2, "h200-1x": 1},
        ),
        ("team\tplan\tqty\ninfra\tmi355x-8x\t4\nmonthly total?", "en", {"mi355x-8x": 4}),
    ],
)
def test_a_quantity_column_counts_the_item_of_its_row(text, language, plans):
    """The number under "qty" counts the plan the row names, not the team or the term."""
    assert _read(text, language).get("plan_counts") == plans


def test_documents_and_their_length_in_a_sheet_are_a_job_in_its_window():
    """A row of documents, their average tokens and a clock window: a job within the window."""
    pasted = "job | docs | avg_tokens | window\narchive | 200,000 | 3,000 | 9pm-5am\nhow many H200?"
    found = _read(pasted, "en")
    assert (found.get("input_tokens"), found.get("deadline_hours")) == (3000, 8)
    assert found.get("batch_tokens", 0) >= 600_000_000


# --- figures of the answer said back -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "field"),
    [
        ("how did you get to 38 tok/s per user? seems slow", "en", "tokens_per_user_tok_s"),
        ("Comment arrivez-vous à un TTFT de 1,4 s ?", "fr", "ttft_s"),
        ("這 2,400 tok/s 的總吞吐是怎麼算的？", "zh-Hant", "throughput_tok_s"),
        ("Откуда взялись 900 ГБ под KV-кэш? Распишите", "ru", "kv_cache_bytes"),
    ],
)
def test_a_figure_asked_about_is_the_answers_not_a_target(text, language, field):
    """Where a figure came from, asked: the explain lever, and no target or capacity read."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "explain")
    assert found.get(field) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("$31,800 a month is way over what we planned, anything cheaper?", "en"),
        ("老闆說每月 3.18 萬美元太貴了，有沒有更便宜的方案？", "zh-Hant"),
    ],
)
def test_a_price_said_back_with_cheaper_is_no_budget(text, language):
    """The answer's price, quoted back while asking for less, is no budget of the customer's."""
    found = _read(text, language)
    assert found.get("lever") == "cheaper"
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("anything cheaper? we can't go over $15,000 a month", "en"),
        ("有没有便宜点的？每个月最多 1.5 万美元", "zh-Hans"),
        ("월 1만 5천 달러 넘으면 안 돼요. 더 싸게 할 방법 있나요?", "ko"),
    ],
)
def test_a_ceiling_said_with_cheaper_is_the_budget(text, language):
    """A ceiling on the price ("can't go over", "最多", "넘으면") is the customer's budget."""
    found = _read(text, language)
    assert found.get("lever") == "cheaper"
    assert found.get("budget_usd_month") == 15000


def test_a_first_message_keeps_its_own_figures():
    """A sizing request that describes products keeps its targets: nothing was said back."""
    found = _read(
        "Llama 3.3 70B für Produktbeschreibungen, 3.000 tok/s gesamt, TTFT unter 1 s", "de"
    )
    assert (found.get("throughput_tok_s"), found.get("ttft_s")) == (3000, 1)


# --- why this and not that --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "gpus"),
    [
        (
            "why did you go with MI355X and not the HGX H200? looks cheaper to me",
            "en",
            ["mi355x", "h200"],
        ),
        ("为什么选 HGX H200 而不是 MI355X？不是更便宜吗", "zh-Hans", ["h200", "mi355x"]),
        ("なぜMI355XじゃなくてH200なんですか？", "ja", ["mi355x", "h200"]),
        ("Warum HGX H200 und nicht zwei einzelne H200?", "de", ["h200"]),
        ("Pourquoi le HGX H200 plutôt que la MI355X ?", "fr", ["h200", "mi355x"]),
    ],
)
def test_a_why_set_against_another_choice_asks_why_not(text, language, gpus):
    """A why of the pick against another choice: why that one was left out, not its price."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")
    assert found.get("gpus") == gpus
    assert found.get("plan_counts") is None


# --- jobs of things counted -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "prompt"),
    [
        (
            "Hay 60.000 sentencias de unos 8.000 tokens cada una para Qwen3-32B, plazo 2 días",
            "es",
            8000,
        ),
        ("要处理 50 万条客服录音转写，每条平均 1,200 token，用 Qwen3-32B，三天内", "zh-Hans", 1200),
        (
            "Wir haben 300.000 Protokolle à 1.500 Token für Llama 3.1 8B, Frist 24 Stunden",
            "de",
            1500,
        ),
    ],
)
def test_things_counted_with_tokens_each_are_a_job(text, language, prompt):
    """Whatever the things are called, a count with tokens each is a job of that many prompts."""
    found = _read(text, language)
    assert found.get("input_tokens") == prompt
    assert found.get("batch_tokens") is not None
    assert found.get("deadline_hours") is not None


def test_a_few_things_with_tokens_each_are_no_job():
    """Twelve things of 500 tokens each: too few to be a job's documents."""
    found = _read("12 prompts de 500 tokens cada uno con Llama 3.1 8B", "es")
    assert found.get("batch_tokens") is None


def test_a_total_said_beside_its_documents_is_the_jobs():
    """Read: "about 3B tokens (1.5M files of ~2,000 each)", the total said, not their product."""
    found = _read(
        "about 3B tokens (1.5M files of ~2,000 tokens each) through Llama 3.3 70B in 5 days", "en"
    )
    assert found.get("batch_tokens") == 3_000_000_000


@pytest.mark.parametrize(
    ("text", "hours"), [("lauf 23–7 uhr", 8), ("janela 20-4h", 8), ("夜 21〜5時", 8)]
)
def test_two_hours_with_one_unit_are_a_window(text, hours):
    """A range of clock hours said with one unit after both ends: the hours between."""
    found = window_hours(text)
    assert found is not None
    assert found[0] == hours


# --- plans and terms ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "plans", "months"),
    [
        ("單卡 H200 租 4 個月，總共多少？", "zh-Hant", {"h200-1x": 1}, 4),
        ("一台 H200 単体を半年レンタルした総額は？", "ja", {"h200-1x": 1}, 6),
        ("Una H200 sola por un año, ¿precio total?", "es", {"h200-1x": 1}, 12),
        ("8卡 MI355X 租半年，总价？", "zh-Hans", {"mi355x-8x": 1}, 6),
    ],
)
def test_one_plan_named_without_a_count_is_one(text, language, plans, months):
    """The single H200 or the 8-GPU server named with a term: one of it, its months not counted."""
    found = _read(text, language)
    assert (found.get("plan_counts"), found.get("months")) == (plans, months)


def test_a_fleet_total_asked_beside_a_discount_is_its_total():
    """Plans counted with their total and a discount asked: the total, the terms said with it."""
    found = _read("2 HGX H200 + 1 MI355X, 12 Monate: Gesamtpreis und gibt es Rabatt?", "de")
    assert (found["intent"], found.get("plan_counts")) == ("price", {"h200-8x": 2, "mi355x-8x": 1})


def test_a_special_price_for_a_long_term_asks_the_longer_terms():
    """One plan for a year with a special price asked: the page's longer-terms answer.

    Read as the knowledge answer or as the year's total (which says the same: longer terms
    are quoted on request); the topic is the longer terms either way.
    """
    found = _read("Queremos o MI355X por 12 meses. Tem preço especial pra prazo longo?", "pt-BR")
    assert found["intent"] in {"knowledge", "price"}
    assert found.get("topic") == "longer_terms"


# --- people all at once ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        ("Отдел из 40 юристов, все сидят в системе одновременно, Qwen3-32B", "ru", 40),
        ("a team of 18 translators, all of them online at the same time, Qwen3 32B", "en", 18),
        ("Equipe de 22 analistas, todos usam ao mesmo tempo, Llama 3.3 70B", "pt-BR", 22),
    ],
)
def test_a_team_said_to_be_all_at_once_is_the_users_at_once(text, language, people):
    """A team whose next clause says they are all on at once: that many users at once."""
    found = _read(text, language)
    assert (found.get("concurrency"), found.get("headcount")) == (people, people)


def test_a_team_not_all_at_once_stays_a_head_count():
    """Read: "they won't all be on at once", a head count, the users at once assumed from it."""
    found = _read("Qwen3 32B for 150 engineers, they won't all be on it at the same time", "en")
    assert (found.get("headcount"), found.get("concurrency")) == (150, None)


# --- money ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "currency"),
    [
        ("Presupuesto de $600.000 MXN al mes para un asistente con Llama 3.3 70B", "es", "MXN"),
        ("budget is $12,000 CAD monthly, Qwen3 32B for 20 users", "en", "CAD"),
    ],
)
def test_a_dollar_sign_with_another_code_after_is_that_currency(text, language, currency):
    """Read: "$600.000 MXN", Mexican pesos written with the peso's sign, never US dollars."""
    found = _read(text, language)
    assert found.get("budget_currency") == currency
    assert found.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Elsewhere we pay about $1,9 per GPU-hour for H100s. Qwen3 32B with you?", "en"),
        (
            "A fatura veio R$ 52 mil no mês passado na outra nuvem. Compensa migrar o Qwen3 32B?",
            "pt-BR",
        ),
    ],
)
def test_a_price_per_hour_or_a_past_bill_is_no_budget(text, language):
    """What is paid per hour elsewhere, or was billed last month, is no budget for us."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


# --- smaller words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language"),
    [("A10 は置いてないんですか？", "ja"), ("RTX 4090은 없어요?", "ko"), ("no L40S?", "en")],
)
def test_a_short_question_naming_hardware_we_do_not_rent_asks_the_portfolio(text, language):
    """A GPU we do not rent, asked after in a few words: the portfolio question."""
    found = _read(text, language)
    assert found["intent"] == "knowledge"
    assert found.get("unrented_gpu")


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("how much is an HGX H200 server for a quarter?", "en", "price"),
        ("Qwen3 32B, 64k, 30 users: one H200 or more?", "en", "gpu_count"),
        ("Qwen3 32B mit 64k: eine H200 oder mehrere?", "de", "gpu_count"),
        ("上下文改成 64k 还行不行？", "zh-Hans", "fits"),
        ("동시 사용자 50명으로 늘려도 H200 한 장으로 되나요?", "ko", "fits"),
    ],
)
def test_the_figure_asked_in_more_shapes(text, language, asked):
    """A price of one server, one GPU or more, whether it still works: each asked."""
    assert _read(text, language).get("asked") == asked


def test_a_rate_is_not_read_across_a_sentences_end():
    """Read: "32k. Quanto fica por mês?", the context stays, "por mês" is the price's month."""
    found = _read("Qwen3 32B, contexto de 32k. Quanto fica por mês?", "pt-BR")
    assert found.get("context_tokens") == 32768
    assert "concurrency_rate" not in found.get("not_understood", [])


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("租半年HGX H200 总价多少？", "zh-Hans", "months", 6),
        ("KV cache 换用 FP8 呢？", "zh-Hans", "kv_dtype", "fp8"),
        ("¿Nos devuelven la plata si no funciona?", "es", "topic", "refund"),
        ("is egress metered? how many TB/month are included", "en", "topic", "traffic"),
        (
            "O MI355X é só o servidor inteiro ou tem GPU avulsa?",
            "pt-BR",
            "topic",
            "whole_server_only",
        ),
        ("Наш стек целиком на CUDA. Qwen3 32B, 20 пользователей", "ru", "cuda_only", True),
        ("全校學生大約 1,500 人要用，模型 Qwen3-32B", "zh-Hant", "headcount", 1500),
    ],
)
def test_smaller_words_of_this_round(text, language, field, value):
    """Smaller words of this round, one each.

    A term glued to a plan's name, a change verb of the KV format, refunds in pesos' slang,
    metered traffic, GPUs rented loose, a whole stack on CUDA, a school's people counted.
    """
    assert _read(text, language).get(field) == value
