"""Levers and rental terms read in ten languages: months, plans counted, servers, the lever."""

import pytest

from bot.understand import parse_message, parsed_to_json

# (text, language, the fields the parsed request must carry)
MONTHS = [
    ("und für 3 Monate?", "de", {"intent": "followup", "months": 3}),
    ("for 3 months?", "en", {"intent": "followup", "months": 3}),
    ("and for half a year?", "en", {"intent": "followup", "months": 6}),
    ("for 3/6/12 months?", "en", {"intent": "followup", "months": 3}),
    ("三个月呢？", "zh-Hans", {"intent": "followup", "months": 3}),
    ("租半年多少錢？", "zh-Hant", {"months": 6}),
    ("а на полгода?", "ru", {"intent": "followup", "months": 6}),
    ("6ヶ月だと？", "ja", {"intent": "followup", "months": 6}),
    ("12개월이면요?", "ko", {"intent": "followup", "months": 12}),
    ("¿y por 6 meses?", "es", {"intent": "followup", "months": 6}),
    ("e por 12 meses?", "pt-BR", {"intent": "followup", "months": 12}),
    ("et pour 3 mois ?", "fr", {"intent": "followup", "months": 3}),
]
PLANS = [
    (
        "how much for 3 months of an HGX H200 server?",
        "en",
        {"intent": "price", "months": 3, "plan_counts": {"h200-8x": 1}},
    ),
    (
        "two MI355X servers, what's the total per month?",
        "en",
        {"intent": "price", "plan_counts": {"mi355x-8x": 2}},
    ),
    ("2 HGX + 1 H200", "en", {"intent": "price", "plan_counts": {"h200-8x": 2, "h200-1x": 1}}),
    ("zwei MI355X-Server für 6 Monate, was kostet das?", "de", {"plan_counts": {"mi355x-8x": 2}}),
    ("deux serveurs MI355X pour 6 mois", "fr", {"months": 6, "plan_counts": {"mi355x-8x": 2}}),
    ("dos servidores MI355X, ¿cuánto al mes?", "es", {"plan_counts": {"mi355x-8x": 2}}),
    ("dois servidores MI355X por um ano", "pt-BR", {"months": 12, "plan_counts": {"mi355x-8x": 2}}),
    ("два сервера MI355X на полгода", "ru", {"months": 6, "plan_counts": {"mi355x-8x": 2}}),
    ("两台MI355X服务器，三个月多少钱？", "zh-Hans", {"months": 3, "plan_counts": {"mi355x-8x": 2}}),
    ("2台のMI355Xサーバーを3ヶ月借りたい", "ja", {"months": 3, "plan_counts": {"mi355x-8x": 2}}),
    ("MI355X 서버 두 대 6개월 얼마예요?", "ko", {"months": 6, "plan_counts": {"mi355x-8x": 2}}),
    ("3 H200 VMs", "en", {"plan_counts": {"h200-1x": 3}}),
]
SERVERS = [
    ("two servers?", "en"),
    ("und mit zwei Servern?", "de"),
    ("et avec deux serveurs ?", "fr"),
    ("¿y con dos servidores?", "es"),
    ("e com dois servidores?", "pt-BR"),
    ("а на двух серверах?", "ru"),
    ("两台服务器呢", "zh-Hans"),
    ("サーバー2台なら？", "ja"),
    ("서버 2대면?", "ko"),
]
LEVERS = [
    ("cheaper?", "en", "cheaper"),
    ("anything less expensive?", "en", "cheaper"),
    ("geht es billiger?", "de", "cheaper"),
    ("c'est possible moins cher ?", "fr", "cheaper"),
    ("¿hay algo más barato?", "es", "cheaper"),
    ("tem algo mais barato?", "pt-BR", "cheaper"),
    ("есть подешевле?", "ru", "cheaper"),
    ("更便宜的方案呢？", "zh-Hans", "cheaper"),
    ("有沒有便宜一點的？", "zh-Hant", "cheaper"),
    ("もっと安くできますか？", "ja", "cheaper"),
    ("더 저렴한 방법 있어요?", "ko", "cheaper"),
    ("explain this figure", "en", "explain"),
    ("why so many GPUs?", "en", "explain"),
    ("where does 4.8 GB come from", "en", "explain"),
    ("erklär mir die Zahl", "de", "explain"),
    ("explica esta cifra", "es", "explain"),
    ("explique esse número", "pt-BR", "explain"),
    ("объясни эту цифру", "ru", "explain"),
    ("解释一下这个数字", "zh-Hans", "explain"),
    ("為什麼要這麼多張卡？", "zh-Hant", "explain"),
    ("この数字を説明して", "ja", "explain"),
    ("이 수치 설명해 주세요", "ko", "explain"),
]
WHY_NOT = [
    ("why not H200?", "en"),
    ("warum nicht MI355X?", "de"),
    ("pourquoi pas H200 ?", "fr"),
    ("¿por qué no H200?", "es"),
    ("por que não MI355X?", "pt-BR"),
    ("почему не MI355X?", "ru"),
    ("为什么不用H200？", "zh-Hans"),
]


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(("text", "language", "fields"), MONTHS)
def test_months_of_rent_are_read_in_every_language(text, language, fields):
    """Months of rent ("for 3 months?", "полгода", "6ヶ月") are read; alone, a follow-up."""
    found = _read(text, language)
    assert {key: found.get(key) for key in fields} == fields


@pytest.mark.parametrize(("text", "language", "fields"), PLANS)
def test_plans_counted_are_read_with_their_plan_ids(text, language, fields):
    """Plans counted ("two MI355X servers", "2 HGX + 1 H200") are read with their ids."""
    found = _read(text, language)
    assert {key: found.get(key) for key in fields} == fields


@pytest.mark.parametrize(("text", "language"), SERVERS)
def test_servers_counted_with_no_plan_are_a_follow_up(text, language):
    """Servers counted alone in ten languages: servers 2, a follow-up, no plan counted."""
    found = _read(text, language)
    assert found["servers"] == 2
    assert found["intent"] == "followup"
    assert "plan_counts" not in found


@pytest.mark.parametrize(("text", "language", "lever"), LEVERS)
def test_levers_are_follow_ups(text, language, lever):
    """Cheaper and explain in ten languages are levers: follow-ups, never billing or help."""
    found = _read(text, language)
    assert found["lever"] == lever
    assert found["intent"] == "followup"
    assert "topic" not in found


@pytest.mark.parametrize(("text", "language"), WHY_NOT)
def test_why_not_names_its_gpu(text, language):
    """A why-not asks about the GPU named: the lever with the GPU, a follow-up."""
    found = _read(text, language)
    assert found["lever"] == "why_not"
    assert found["intent"] == "followup"
    assert len(found["gpus"]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "fine-tune Llama 3.1 8B in 3 months",  # a deadline
        "budget $4,000 a month for Llama 3.1 8B",  # a rate
        "3月份能交付吗",  # March
        "Llama 3.3 70B with 10 users",
    ],
)
def test_a_deadline_a_rate_or_a_month_name_is_no_term(text):
    """A deadline ("in 3 months"), a rate ("$4,000 a month") or March ("3月") is no term."""
    assert "months" not in _read(text)


@pytest.mark.parametrize(
    "text",
    ["the 8x MI355X server for kimi k2", "2 MI355X for Llama 3.1 405B", "8x H200 for DeepSeek V3"],
)
def test_gpus_counted_are_not_plans_counted(text):
    """The 8x MI355X server, or 2 MI355X, count GPUs (``gpu_count``), not servers."""
    found = _read(text)
    assert "plan_counts" not in found
    assert found["gpu_count"] in {2, 8}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Can you set up a private network between two servers?", "private_network"),
        ("How fast can you deliver an MI355X server?", "delivery"),
        ("do you give a discount for 12 months?", "longer_terms"),
        ("explain FP8", "glossary"),
    ],
)
def test_questions_the_page_answers_keep_their_topic(text, topic):
    """Servers, a term or "explain" inside a knowledge question leave it a knowledge question."""
    found = _read(text)
    assert found["intent"] == "knowledge"
    assert found["topic"] == topic


@pytest.mark.parametrize(("text", "language"), [("only CUDA", "en"), ("nur CUDA", "de")])
def test_a_platform_said_alone_is_a_change(text, language):
    """A platform said alone ("only CUDA") changes the request on the table: no software card."""
    found = _read(text, language)
    assert found == {"intent": "followup", "language": language, "cuda_only": True}


def test_a_model_named_keeps_its_sizing_with_the_terms():
    """A model with plans and months counted is sized; the terms ride along."""
    found = _read("Llama 3.3 70B on two MI355X servers for 3 months")
    assert found["intent"] == "size"
    assert found["months"] == 3
    assert found["plan_counts"] == {"mi355x-8x": 2}
