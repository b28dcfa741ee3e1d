"""The forty-eighth round: service levels and training in everyday words, bills that are no budget.

"The answer has to start within a second", "teach the model our tickets, three passes over the
data", "we pay AWS 2M yen a month, our budget is 1.5M", "900 million characters by Sunday
night", sheets with a months column, lists with leaders, a figure asked "this or that?", and
a why-not that sets our prices side by side. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "ttft"),
    [
        ("Llama 3.1 8B for our helpdesk; first words on screen in under half a second", "en", 0.5),
        ("Qwen3-32B 客服，用户提问后 2 秒内开始出字", "zh-Hans", 2),
        ("gpt-oss-20b で、質問から1秒以内に書き始めること", "ja", 1),
        ("Qwen3-30B-A3B, бот должен начинать отвечать не позже чем через 3 секунды", "ru", 3),
        ("Gemma 3 27B: que empiece a responder en menos de 2 segundos", "es", 2),
        ("Mistral Large 2407, Antwortbeginn unter 1,5 s", "de", 1.5),
        ("Qwen3-32B, il doit commencer à répondre en moins d'une seconde", "fr", 1),
    ],
)
def test_the_answers_start_in_everyday_words_is_the_ttft(text, language, ttft):
    """When the answer starts to appear: the time to first token."""
    assert _read(text, language).get("ttft_s") == ttft


def test_tokens_a_second_are_read():
    """Read: "a second" is read as "1 second" by the number words; the speed stays a speed."""
    found = _read("Llama 3.3 70B, we need 3,000 tokens a second in all", "en")
    assert found.get("throughput_tok_s") == 3000


@pytest.mark.parametrize(
    ("text", "language", "epochs"),
    [
        (
            "We want to teach the model our 20k chat logs, Llama 3.1 8B, two passes over the data",
            "en",
            2,
        ),
        ("想让模型“学会”我们的 1 万条工单，底座 Qwen3-8B", "zh-Hans", None),
        ("Llama 3.1 8B に社内マニュアルを覚えさせたい。データは2回通す", "ja", 2),
        ("Queremos enseñarle a la IA nuestros manuales, con Qwen3-8B", "es", None),
        ("Wir wollen Llama 3.1 8B unsere Handbücher beibringen, drei Durchläufe", "de", 3),
    ],
)
def test_training_in_plain_words(text, language, epochs):
    """Teaching a model the customer's data is training; passes over it are epochs."""
    found = _read(text, language)
    assert (found["intent"], found.get("training")) == ("train", True)
    assert found.get("epochs") == epochs


def test_examples_counted_and_their_average_said_apart():
    """Read: "40k emails … the emails average 300 tokens": one pass is their product."""
    found = _read(
        "Fine-tune Qwen3-8B with LoRA on our 40k customer emails. The emails average ~300 tokens.",
        "en",
    )
    assert found.get("tokens") == 12_000_000
    assert found.get("seq_len") is None


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        ("今は GCP に月 250万円ほど払っていますが、予算は月 200万円にしたい", "ja", 2000000),
        (
            "Notre facture actuelle chez un autre cloud est de 30 000 € ; budget visé 20 000 €",
            "fr",
            20000,
        ),
        ("Наш инженер обходится в 500 тыс. ₽ в месяц, а на GPU есть $12k в месяц", "ru", 12000),
    ],
)
def test_a_bill_elsewhere_or_a_salary_is_no_budget(text, language, amount):
    """What is paid elsewhere, or to a person, is set aside; the budget said is read."""
    assert _read(text, language).get("budget_amount") == amount


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        ("约 5 亿字的会议记录要用 Qwen3-32B 做摘要，三天内完成", "zh-Hans", 72),
        ("2 billion words of transcripts to summarise with Llama 3.1 70B within a week", "en", 168),
        ("200.000 páginas de informes, resumir con Qwen3-32B, nos quedan 4 días", "es", 96),
        ("500 Mio. Zeichen übersetzen mit Qwen3-32B, Freitag 18 Uhr bis Sonntag 24 Uhr", "de", 54),
    ],
)
def test_a_volume_of_text_not_in_tokens_is_a_job_with_its_deadline(text, language, hours):
    """Characters, words or pages worked through: the job's deadline is read."""
    assert _read(text, language).get("deadline_hours") == hours


@pytest.mark.parametrize(
    ("text", "language", "plans", "months"),
    [
        (
            "Item;Qty;Months\nHGX H200;2;6\nH200 single;3;6\nTotal please",
            "en",
            {"h200-8x": 2, "h200-1x": 3},
            6,
        ),
        (
            "以下の合計をお願いします。\n・HGX H200 … 2台\n・単体 H200 … 3台",
            "ja",
            {"h200-8x": 2, "h200-1x": 3},
            None,
        ),
        ("MI355X サーバー（8GPU）を 3台、月額はいくら？", "ja", {"mi355x-8x": 3}, None),
    ],
)
def test_sheets_and_lists_of_plans(text, language, plans, months):
    """A months column is the term; a count after a leader or a bracket of GPUs counts plans."""
    found = _read(text, language)
    assert found.get("plan_counts") == plans
    assert found.get("months") == months


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("那个 45 tok/s 是每个用户的，还是总的？", "zh-Hans", "speed"),
        ("Esse TTFT de 0,9 s é medido com carga ou sem carga?", "pt-BR", "speed"),
        ("Where do the 4.09 USD per hour come from?", "en", "price"),
        ("「1ユーザーあたり 40 tok/s」はどう計算しましたか？", "ja", "speed"),
    ],
)
def test_a_figure_asked_this_or_that_is_explained(text, language, asked):
    """A figure of the answer asked which of two it is: explain it."""
    found = _read(text, language)
    assert (found.get("lever"), found.get("asked")) == ("explain", asked)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Mistral Large 2407 for our agents. Which plan, and how many?", "en"),
        ("컨텍스트를 32k로 늘리면 카드 수가 늘어나나요?", "ko"),
    ],
)
def test_how_many_asked_in_other_words(text, language):
    """Read: "Which plan, and how many?", "카드 수": the count asked."""
    assert _read(text, language).get("asked") == "gpu_count"


def test_a_why_not_setting_our_prices_side_by_side_has_no_budget():
    """Our prices compared in a why-not are the answer's and the other plan's, no budget."""
    found = _read("Why the HGX and not 4 single H200s? 4 × $3,090 is half of $23,900.", "en")
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")
    assert found.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Dá pra economizar ficando só com uma H200 avulsa?", "pt-BR"),
        ("Geht es günstiger mit nur einer einzelnen H200?", "de"),
    ],
)
def test_cheaper_on_one_plan_is_the_lever_on_the_table(text, language):
    """One plan named with a wish to pay less: the follow-up, not a price list."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "We're a 500-person bank; Llama 3.3 70B for an internal assistant. "
                "How big a setup are we talking?"
            ),
            "en",
        ),
        (
            "Somos 300 pessoas e o pessoal de vendas usa muito. Llama 3.3 70B, quanto de máquina?",
            "pt-BR",
        ),
    ],
)
def test_the_customers_own_people_ask_for_no_person(text, language):
    """Read: "a 500-person bank", "o pessoal de vendas": who they are, not a request for sales."""
    assert _read(text, language)["intent"] == "size"


def test_a_call_centres_counsellors_are_its_people():
    """Read: "상담사가 80명": the centre's staff, a use to propose for, no request for a person."""
    found = _read("콜센터 상담사가 80명인데 답변 추천 AI를 붙이고 싶어요. 모델은 미정입니다.", "ko")
    assert found["intent"] == "discover"
    assert found.get("headcount") == 80


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Online shop with ~20k SKU, 30 chats at once, no model yet", "en"),
        ("El presupuesto no alcanza. ¿Y con 32k de contexto?", "es"),
    ],
)
def test_counts_of_products_and_contexts_after_a_budget_word(text, language):
    """Read: "20k SKU" is no context; "32k de contexto" after a budget word is no money."""
    found = _read(text, language)
    assert found.get("budget_amount") is None
    assert found.get("context_tokens") in {None, 32768}
    if "sku" in text.lower():
        assert found.get("context_tokens") is None
