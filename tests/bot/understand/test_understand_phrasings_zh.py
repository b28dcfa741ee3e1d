"""The seventy-fourth round: chat shorthand and the words around a plan.

A count glued to its people ("15ppl", "40users") is the users; "how much" said short ("qto",
"cb", "скока") asks the price; a Chinese clock hour with 晚 or 早 before it is evening or
morning; "KV 改 FP8" changes the cache; the users counted when another count is said at once
are the head count (but not the count a change replaces); "разрабы" are developers; "몇 장"
after the users asks for GPUs; an 8-GPU server priced or a plan asked "why not" holds no GPU
count; the AMD server said as "server AMD" or weighed as "mit AMD?" is our MI355X plan; single
H200s in the plural are the single plan; documents counted are no documentation. Every example
is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("ok and with 35ppl at the same time?", "en", 35),
        ("qwen3 32b for 60users at once, 16k", "en", 60),
        ("llama 3.3 70b, одновременно 25чел", "ru", 25),
    ],
)
def test_a_count_glued_to_its_people_is_the_users(text, language, users):
    """Said as "35ppl": the count and the people it counts, with no space between."""
    assert _read(text, language).get("concurrency") == users


def test_a_count_glued_to_a_size_is_no_users():
    """Said as "70b": a model's size, not people."""
    found = _read("llama 3.3 70b bf16 on one h200?", "en")
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("e pra 12 meses fica qto?", "pt-BR"),
        ("deux serveurs hgx pendant 6 mois, ça fait cb ?", "fr"),
        ("скока выйдет hgx h200 на полгода?", "ru"),
    ],
)
def test_how_much_said_short_asks_the_price(text, language):
    """Said as "qto", "cb" or "скока": the price is the figure asked."""
    assert _read(text, language).get("asked") == "price"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("批处理：80万份合同，每份约 3000 token，周六晚10点开始，周日早6点前跑完，要几张卡？", 8),
        ("离线任务：300万条评论每条 200 token，周四晚9点开跑，周五早9点前交付，llama 3.1 8b", 12),
    ],
)
def test_a_chinese_evening_and_morning_hour_bound_the_window(text, hours):
    """Said as "晚10点 … 早6点": evening to morning, not two mornings."""
    assert _read(text, "zh-Hans").get("deadline_hours") == hours


@pytest.mark.parametrize(
    ("text", "language"),
    [("那 kv 改 fp8 呢？", "zh-Hans"), ("KV 換 fp8 可以嗎", "zh-Hant")],
)
def test_the_cache_changed_with_a_bare_verb_is_the_kv_dtype(text, language):
    """Said as "kv 改 fp8": the cache's format changes, not the weights'."""
    found = _read(text, language)
    assert found.get("kv_dtype") == "fp8"
    assert found.get("precision") is None


@pytest.mark.parametrize(
    ("text", "language", "people", "users"),
    [
        ("roughly 900 users, at most 60 at once. gpt-oss-120b, what do we rent?", "en", 900, 60),
        ("Nutzer etwa 1200, gleichzeitig höchstens 80, Qwen3 32B", "de", 1200, 80),
        ("пользователей порядка 400, одновременно человек 30, llama 3.3 70b", "ru", 400, 30),
    ],
)
def test_users_counted_beside_users_at_once_are_the_head_count(text, language, people, users):
    """Said as "900 users, at most 60 at once": all who use it, and those at once."""
    found = _read(text, language)
    assert found.get("concurrency") == users
    assert found.get("headcount") == people


def test_the_count_a_change_replaces_is_no_head_count():
    """Said as "80 users at once instead of 30 users": the old count is no one's."""
    found = _read("what about 80 users at once instead of 30 users?", "en")
    assert found.get("concurrency") == 80
    assert found.get("headcount") is None


def test_developers_said_as_razraby_are_a_head_count():
    """Said as "разрабов": developers, counted as the team."""
    found = _read("у нас 90 разрабов, хотим свой кодовый ассистент, что посоветуете?", "ru")
    assert found.get("headcount") == 90


def test_how_many_after_the_users_asks_for_gpus():
    """Said as "동접30 몇 장": GPUs asked, the users given."""
    found = _read("qwen3 32b fp8 16k 동접30 몇 장?", "ko")
    assert found.get("asked") == "gpu_count"
    assert found.get("concurrency") == 30


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("HGX H200 8장 서버 두 대를 6개월 쓰면 총액이 얼마예요?", "ko"),
        ("8卡 MI355X 服务器两台，租一年总价多少？", "zh-Hans"),
    ],
)
def test_a_server_priced_holds_no_gpu_count(text, language):
    """Said as "8장 서버 … 총액": the server's eight GPUs describe the plan priced."""
    found = _read(text, language)
    assert found.get("plan_counts")
    assert found.get("gpu_count") is None


def test_a_server_sized_keeps_its_gpu_count():
    """Said as "8x MI355X 서버 … 올릴 수 있나요": the model on eight GPUs."""
    found = _read("8x MI355X 서버에 DeepSeek V3 FP8 올릴 수 있나요?", "ko")
    assert found.get("gpu_count") == 8


@pytest.mark.parametrize(
    ("text", "language"),
    [("為什麼不是一張 H200 就好？", "zh-Hant"), ("why not just one single h200?", "en")],
)
def test_a_plan_asked_why_not_holds_no_gpu_count(text, language):
    """Said as "why not one H200": the plan asked about, sized on its own."""
    found = _read(text, language)
    assert found.get("lever") == "why_not"
    assert found.get("gpus") == ["h200"]
    assert found.get("gpu_count") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("deepseek v3 fp8 passt auf einen server AMD?", "de"),
        ("is it cheaper with AMD?", "en"),
        ("¿sale más barato con AMD?", "es"),
    ],
)
def test_the_amd_server_named_short_is_our_mi355x_plan(text, language):
    """Said as "server AMD" or "with AMD?": our one AMD plan."""
    assert _read(text, language).get("gpus") == ["mi355x"]


@pytest.mark.parametrize(
    ("text", "language"),
    [("we're fine with AMD, ROCm is ok", "en"), ("plutôt un HGX H200 que ce serveur AMD ?", "fr")],
)
def test_amd_as_a_platform_or_the_answer_pointed_at_is_no_plan_asked(text, language):
    """Said as "fine with AMD" or "ce serveur AMD": no MI355X plan asked for."""
    assert "mi355x" not in (_read(text, language).get("gpus") or [])


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿las H200 individuales se pueden conectar entre sí por NVLink?", "es"),
        ("as h200 avulsas dá pra unir via nvlink?", "pt-BR"),
    ],
)
def test_single_h200s_in_the_plural_linked_is_the_single_plan_question(text, language):
    """Said as "las H200 individuales … unir": separate VMs, not one machine."""
    assert _read(text, language).get("topic") == "single_h200_cluster"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("RAG over 5M docs, what should we get?", "en"),
        ("on veut un RAG sur 3M de docs, vous proposez quoi ?", "fr"),
    ],
)
def test_documents_counted_are_no_documentation(text, language):
    """Said as "over 5M docs": the customer's documents, a use to propose for."""
    found = _read(text, language)
    assert found.get("topic") != "calculator"
    assert found.get("use_case") == "rag"


def test_our_docs_asked_for_are_still_the_documentation():
    """Said as "where are your docs?": the documentation asked for."""
    assert _read("where are your docs?", "en").get("topic") == "calculator"
