"""The fifty-third round: figures asked besides a speed target, years and rates, staff, the past.

A price asked beside a speed stated; a year of another calendar and an exchange rate are no
budgets; a ceiling asked of our price said back is the cheaper lever; "тысяч на 200" is about
200 thousand; why the answer picked one GPU over another; TensorRT-LLM not used; porting ruled
out; "zur Not" is no negation; staff counted "約80名"; ROCm glued to Japanese; a plan in a
times sign; part of the people the users; a plan rented in the past; what runs the breakdown
of an earlier figure; people after a count are no context; a parallel layout is no users; a
length per document; a cost centre is no price; a Russian night window. Every example is
written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


def test_a_price_asked_beside_a_speed_target():
    """Read: "总吞吐 3000 tok/s … 给个方案和月费": the speed is a target, the price is asked."""
    found = _read("模型 Qwen3-32B，总吞吐 3000 tok/s 以上，麻烦给个方案和月费", "zh-Hans")
    assert found.get("throughput_tok_s") == 3000
    assert found.get("asked") == "price"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("一個月大概多少？我們要跑 Qwen3-32B 給 50 位同仁", "zh-Hant"),
        ("tarif pour deux H200 seules sur 6 mois svp", "fr"),
    ],
)
def test_the_price_asked_in_more_words(text, language):
    """Read: "一個月大概多少", "tarif pour": the price asked."""
    assert _read(text, language).get("asked") == "price"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("預算尚未核定，114 年度再編列。需要幾張 H200 跑 Qwen3-32B？", "zh-Hant"),
        ("HGX H200 を6か月、総額を円で（1ドル＝148円で）お願いします", "ja"),
    ],
)
def test_a_year_of_another_calendar_and_an_exchange_rate_are_no_budget(text, language):
    """Read: "114 年度", "1ドル＝148円": neither is an amount to spend."""
    found = _read(text, language)
    assert found.get("budget_amount") is None
    assert found.get("budget_usd_month") is None


def test_a_ceiling_asked_of_our_price_said_back_is_the_cheaper_lever():
    """Read: "$23,900/mo … anything that gets us under $15k?": cheaper, the ceiling the budget."""
    found = _read(
        "The $23,900/mo for the HGX box is above what finance approved. Is there any setup "
        "that gets us under $15k a month?",
        "en",
    )
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"
    assert found.get("budget_usd_month") == 15000


def test_a_russian_rough_count_after_its_unit():
    """Read: "контекст тысяч на 100 токенов": about 100 thousand tokens."""
    found = _read("Модель ещё не выбрали, контекст нужен тысяч на 100 токенов", "ru")
    assert found.get("context_tokens") == 100000


def test_why_the_answer_picked_one_gpu_over_another():
    """Read: "B200の方が速いのに、なぜMI355Xを勧めたんですか": why the pick, not the other."""
    found = _read("H200の方が安心なのに、なぜMI355X構成を勧めたんですか？", "ja")
    assert found["intent"] == "followup"
    assert found.get("lever") == "why_not"


@pytest.mark.parametrize(
    ("text", "language", "cuda"),
    [
        ("うちはTensorRT-LLMは使っていません。Qwen3-32Bを30人で", "ja", False),
        ("We don't use TensorRT-LLM, plain vLLM. Qwen3-32B for 30 users", "en", False),
        (
            "Usamos TensorRT-LLM e kernels CUDA nossos, portar pra ROCm não dá. Qwen3-32B",
            "pt-BR",
            True,
        ),
        ("Zur Not auch mit AMD, ROCm ist für uns ok. Qwen3-32B für 30 Nutzer", "de", False),
    ],
)
def test_the_cuda_stack_said_used_or_not(text, language, cuda):
    """TensorRT-LLM not used, porting ruled out, "zur Not": what the platform is."""
    assert _read(text, language).get("cuda_only") is cuda


def test_staff_counted_with_about_before_the_number():
    """Read: "オペレーター約120名": the centre's staff, no salesperson asked for."""
    found = _read(
        "コールセンターのオペレーター約120名に要約AIを入れたい。Qwen3-32B想定。何を借りれば？", "ja"
    )
    assert found["intent"] == "size"
    assert found.get("headcount") == 120


def test_rocm_glued_to_japanese_is_the_rocm_image():
    """Read: "最初からROCm入りのイメージ": the ROCm image asked about."""
    found = _read("MI355Xには最初からROCm入りのイメージがありますか？", "ja")
    assert found.get("topic") == "rocm_image"


def test_a_plan_counted_after_a_times_sign():
    """Read: "MI355X 8基搭載サーバー×3台": three servers."""
    found = _read("MI355X 8基搭載サーバー×3台で2ヶ月の見積もりをください", "ja")
    assert found.get("plan_counts") == {"mi355x-8x": 3}


def test_part_of_the_people_are_the_users():
    """Read: "1,500 employees but only the legal team, about 40 people, would use it"."""
    found = _read(
        "We're 1,500 employees but only the legal team, about 40 people, would use the "
        "assistant. Qwen3-32B, what do we need?",
        "en",
    )
    assert found.get("headcount") == 40
    assert found.get("concurrency") is None


def test_part_of_the_people_at_once_is_the_load():
    """Read: "400 位專員，不過同一時間只有 150 人在線": 150 at once, 400 people."""
    found = _read("我們有 400 位專員，不過同一時間只有 150 人在線，要用 Qwen3-32B", "zh-Hant")
    assert found.get("concurrency") == 150
    assert found.get("headcount") == 400


def test_a_plan_rented_in_the_past_is_not_counted():
    """Read: "we had two single H200s last year; now one HGX for 6 months": the HGX only."""
    found = _read(
        "We had two single H200 last year. Now we want 1 HGX H200 for 6 months, total?", "en"
    )
    assert found.get("plan_counts") == {"h200-8x": 1}


def test_the_breakdown_of_an_earlier_price_is_explained():
    """Read: "さっきの月額$23,900ってどういう内訳？": the answer's figure, explained."""
    found = _read("さっきの月額$23,900ってどういう内訳？", "ja")
    assert found["intent"] == "followup"
    assert found.get("lever") == "explain"


def test_a_breakdown_asked_for_a_quote_stays_a_price():
    """Read: "月額合計…内訳もお願いします": the plans' total, a breakdown with it."""
    found = _read(
        "下記の月額合計を教えてください。MI355X サーバー 1台、単体 H200 2台。内訳もお願いします。",
        "ja",
    )
    assert found["intent"] == "price"


def test_people_after_a_count_are_no_context():
    """Read: "~8к подписчиков": subscribers counted, no context of 8K."""
    assert (
        _read("Бот для канала, ~8к подписчиков, модель не выбрали", "ru").get("context_tokens")
        is None
    )


def test_a_parallel_layout_is_no_users():
    """Read: "Pipeline-Parallel über 2 Nodes": a layout, no two users at once."""
    found = _read(
        "Gibt es InfiniBand zwischen den Servern? Wir wollen Pipeline-Parallel über 2 Nodes", "de"
    )
    assert found.get("concurrency") is None
    assert found.get("topic") == "interconnect"


def test_a_length_per_document():
    """Read: "im Schnitt 2.000 Tokens pro Dokument": each document's length."""
    found = _read(
        "500.000 PDFs, im Schnitt 2.000 Tokens pro Dokument, mit Qwen3-32B zusammenfassen", "de"
    )
    assert found.get("input_tokens") == 2000


def test_a_cost_centre_is_no_price_asked():
    """Read: "Rechnung an Kostenstelle IT-7": where the invoice goes, the question is yes or no."""
    found = _read(
        "Reicht ein H200-Server für Qwen3-32B mit 40 Nutzern? Rechnung an Kostenstelle IT-7.", "de"
    )
    assert found.get("asked") == "fits"


def test_a_russian_night_window_is_the_deadline():
    """Read: "есть только ночь с 23 до 7": eight hours for the job."""
    found = _read(
        "надо прогнать 30 тыс договоров через qwen3 32b каждый примерно 5к токенов, есть только "
        "ночь с 23 до 7",
        "ru",
    )
    assert found.get("deadline_hours") == 8


def test_spanish_x_for_per():
    """Read: "30 tok/s x usuario, 120 req x minuto, 2k in / 300 out"."""
    found = _read(
        "Qwen3-32B con 30 tok/s x usuario, 120 req x minuto, promedio 2k in / 300 out", "es"
    )
    assert found.get("tokens_per_user_tok_s") == 30
    assert found.get("requests_per_minute") == 120
    assert (found.get("input_tokens"), found.get("output_tokens")) == (2000, 300)
