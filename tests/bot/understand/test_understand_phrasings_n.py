"""The forty-sixth round: shares of the staff at once, our price said back, desks and tutors.

A share of the people said with words of "at once" ("maybe half of them at the same time",
"同时在线不到一成") makes the users at once that share of the head count. Our own list price said
back with a wish to pay less is the cheaper lever on the plan on the table, not a budget; a
second amount said as a ceiling is the budget. Who trains has no users; our own support desk
relaying a lead names no use; a copilot for a desk is that desk's. Every example is written for
the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "headcount", "concurrency"),
    [
        ("We're 30 analysts, maybe half of them on it at the same time. Qwen3 32B?", "en", 30, 15),
        ("全厂 600 名员工，同时在线大概 5%，模型用 Qwen3-32B", "zh-Hans", 600, 30),
        ("社員 2,000 名、同時利用は 1 割程度を想定。Llama 3.3 70B で", "ja", 2000, 200),
        ("Wir sind 80 Leute, ungefähr ein Viertel gleichzeitig, Mistral Large 2407", "de", 80, 20),
        ("Somos 120 empleados y como mucho la mitad a la vez, con Gemma 3 27B", "es", 120, 60),
    ],
)
def test_a_share_said_at_once_is_that_share_of_the_people(text, language, headcount, concurrency):
    """The count is the head count, and the share of it the users at once."""
    found = _read(text, language)
    assert (found.get("headcount"), found.get("concurrency")) == (headcount, concurrency)


def test_a_share_without_words_of_at_once_is_no_load():
    """A percentage said of something else leaves the users at once unread."""
    found = _read("We're 300 employees and 20% of them are remote. Llama 3.3 70B", "en")
    assert found.get("headcount") == 300
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language", "budget"),
    [
        ("The HGX at $23,900 a month is too steep for us. Anything cheaper?", "en", None),
        ("两台 MI355X 一个月 39800 美元，财务那边批不下来，有更省的办法吗", "zh-Hans", None),
        (
            "$19,900/mo won't get past our finance team. Can you get us under $12k a month?",
            "en",
            12000,
        ),
    ],
)
def test_our_price_said_back_with_a_wish_to_pay_less_is_the_cheaper_lever(text, language, budget):
    """The list price is the answer's, no budget; a ceiling said beside it is the budget."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")
    assert found.get("budget_usd_month") == budget
    assert found.get("plan_counts") is None


def test_a_price_of_ours_asked_about_stays_a_price_question():
    """Our price said with no wish to pay less: the price question it was."""
    found = _read("Is one HGX H200 for a month still $23,900? We need it for March.", "en")
    assert found.get("lever") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("We're a 25-person lab and want to fine-tune Llama 3.1 8B with LoRA on 40M tokens", "en"),
        ("Somos unas 70 personas y queremos preentrenar un modelo de 1B desde cero", "es"),
    ],
)
def test_who_trains_is_no_head_count(text, language):
    """A training job has no users: the team that runs it counts no one."""
    assert _read(text, language).get("headcount") is None


def test_a_training_then_served_to_staff_keeps_the_head_count():
    """Served to the staff afterwards: they are who uses it."""
    found = _read("LoRA on Qwen3 8B with 20M tokens, then deploy it for our 400 employees", "en")
    assert found.get("headcount") == 400


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        ("Here is Marta from support, relaying a lead: a law firm wants Llama 3.3 70B", "en", None),
        ("Hola, soy Pedro del soporte, reenviando un pedido: quieren Qwen3 32B", "es", None),
        ("We need a copilot for our helpdesk agents that drafts replies", "en", "support"),
        ("고객센터 상담원들이 쓸 답변 추천 copilot이 필요해요", "ko", "support"),
        ("a code copilot for our 50 developers", "en", "coding"),
        ("AI 助教給 500 名學生用，模型還沒決定", "zh-Hant", "chat"),
        ("un chatbot de service à la clientèle pour notre boutique", "fr", "support"),
    ],
)
def test_desks_copilots_and_tutors(text, language, use):
    """Our desk relaying names no use; a desk's copilot is the desk's; a tutor is a chat."""
    assert _read(text, language).get("use_case") == use


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("고등학생 3천 명이 쓸 학습 도우미를 만들고 싶어요. 모델 추천해 주세요", "ko"),
        ("学習支援のチャットボットを作りたい。学生 800 人", "ja"),
    ],
)
def test_a_study_helper_is_no_training(text, language):
    """A helper for learners is something to serve, not a model to train."""
    found = _read(text, language)
    assert found["intent"] != "train"
    assert found.get("training") is None


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("2 HGX H200 und 3 einzelne H200 — was macht das im Monat?", "de", "price"),
        ("Qwen3 32B, 每个用户速度要 35 tok/s 以上，两张 H200 够吗？", "zh-Hans", "fits"),
        ("Llama 3.3 70B, speed of at least 40 tok/s per user, is one HGX enough?", "en", "fits"),
        ("Llama 3.3 70B on one H200, what speed do we get at 20 users?", "en", "speed"),
    ],
)
def test_a_total_asked_and_a_speed_bound_said(text, language, asked):
    """Read: "what does that make a month" asks the price; a speed bound is a target."""
    assert _read(text, language).get("asked") == asked


@pytest.mark.parametrize(
    ("text", "language", "count"),
    [
        ("У нас есть 4 H200, поместится ли Qwen3 235B?", "ru", 4),
        ("H200 단일 인스턴스로 Qwen3-32B 돌릴 수 있을까요?", "ko", 1),
    ],
)
def test_gpus_had_and_a_single_instance_are_counted(text, language, count):
    """Read: "Есть 4 H200" counts four, "단일 인스턴스" one."""
    assert _read(text, language).get("gpu_count") == count


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("QLoRA auf Llama 3.1 70B, 30 Mio. Token, 2 Epochen, antes de 96 horas", "de"),
        ("Full fine-tune de Qwen3 14B, 200 millones de tokens, terminar antes de 96 horas", "es"),
        ("Qwen3 14B 풀 파인튜닝, 데이터 2억 토큰, 데드라인 4일", "ko"),
    ],
)
def test_a_training_deadline_said_before_or_as_a_deadline(text, language):
    """Read: "antes de 96 horas", "데드라인 4일" are the training's deadline."""
    assert _read(text, language).get("deadline_hours") == 96


def test_an_amount_of_money_is_no_context():
    """Read: "under $16k a month" is money, whatever else is read."""
    found = _read("Llama 3.3 70B for 30 users, we want to stay under $16k a month", "en")
    assert found.get("context_tokens") is None
    assert found.get("budget_usd_month") == 16000
