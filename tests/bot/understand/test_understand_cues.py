"""What a message says beyond a deployment, read in ten languages.

A use without a model, the people, hardware we do not rent, a kind of model we do not size,
the figure asked, the budget as written.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json

TB = 10**12


def _json(text: str, lang: str | None = None) -> dict:
    return parsed_to_json(parse_message(text, telegram_language=lang))


@pytest.mark.parametrize(
    ("text", "use_case", "headcount"),
    [
        ("budget $50k/month: best setup for a coding agent used by 100 developers", "coding", 100),
        ("company chatbot for 200 employees", "chat", 200),
        ("RAG over 10M documents", "rag", None),
        ("we'd like an AI helpdesk assistant for a support team of 25", "support", 25),
        ("给我们 300 名员工做一个内部问答机器人，推荐什么？", "chat", 300),
        ("社内ヘルプデスク用のチャットボット、従業員1200人", "support", 1200),
        ("Chatbot interno para 80 colaboradores, ¿qué servidor?", "chat", 80),
        ("Wir wollen ein Übersetzungstool für 70 Mitarbeiter betreiben", "translation", 70),
        ("агент для автоматизации процессов, 150 сотрудников", "agent", 150),
        ("코드 자동완성 도구를 개발자 40명에게 제공하고 싶어요", "coding", 40),
    ],
)
def test_a_use_without_a_model_is_a_discovery(text, use_case, headcount):
    """A use with no model named is ``discover``, with the use and the people it is for."""
    parsed = _json(text)
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == use_case
    assert parsed.get("headcount") == headcount
    assert "concurrency" not in parsed


@pytest.mark.parametrize(
    ("text", "kv_bytes"),
    [
        ("I need 2 TB of KV cache. What do I rent?", 2 * TB),
        ("need ~700GB kv cache for long contexts", 700 * 10**9),
        ("KV 缓存要 1.5TB，租什么", 1_500_000_000_000),
        ("KV-кэш на 3 ТБ — что арендовать?", 3 * TB),
    ],
)
def test_a_kv_capacity_without_a_model_is_a_discovery(text, kv_bytes):
    """A KV-cache capacity asked without a model is a ``kv_capacity`` discovery in bytes."""
    parsed = _json(text)
    assert (parsed["intent"], parsed["use_case"]) == ("discover", "kv_capacity")
    assert parsed["kv_cache_bytes"] == kv_bytes


@pytest.mark.parametrize(
    ("text", "concurrency", "headcount"),
    [
        ("roughly 120 employees but maybe 25 concurrent at peak, Llama 3.3 70B", 25, 120),
        ("Llama 3.3 70B for 60 devs hitting it at once", 60, None),
        ("Llama 3.3 70B for our 60 engineers", None, 60),
        ("Llama 3.3 70B para 300 funcionários, uns 20 ao mesmo tempo", 20, 300),
    ],
)
def test_a_head_count_is_not_users_at_once(text, concurrency, headcount):
    """People in a team are a head count; only those said to be simultaneous are users at once."""
    parsed = _json(text)
    assert parsed.get("concurrency") == concurrency
    assert parsed.get("headcount") == headcount


@pytest.mark.parametrize(
    ("text", "gpu", "intent"),
    [
        ("you're useless. just tell me the price of an H100", "h100", "price"),
        ("do you rent A100 80GB?", "a100", None),
        ("Llama 3.3 70B on two L40S for 4 users?", "l40s", "size"),
        ("H800 有吗", "h800", None),
        ("MI300X 月額いくら？", "mi300x", "price"),
        ("4090 대여 가능한가요?", "rtx4090", None),
        ("do you have any TPUs?", "tpu", None),
        ("Gaudi 3 disponible ?", "gaudi", None),
    ],
)
def test_hardware_we_do_not_rent_is_named(text, gpu, intent):
    """GPUs we do not rent are read as ``unrented_gpu``, never as one of ours."""
    parsed = _json(text)
    assert parsed["unrented_gpu"] == gpu
    assert "gpus" not in parsed
    if intent is not None:
        assert parsed["intent"] == intent


def test_our_own_gpus_are_not_read_as_others():
    """H200, B200 and MI355X are ours: no other GPU is read from them."""
    for text in ("H200 price", "B200 specs", "MI355X server", "h20 vs h200"):
        parsed = _json(text)
        assert parsed.get("unrented_gpu") in (None, "h20"), text


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("can you size bge-m3 for our vector search?", "embedding"),
        ("we need a reranker in front of the LLM", "reranker"),
        ("Whisper large v3 for 20 call recordings at once", "speech"),
        ("FLUX.1 dev for product images, what GPU?", "image"),
        ("text-to-video with HunyuanVideo", "video"),
        ("语音识别模型要用什么卡", "speech"),
        ("画像生成用のサーバー", "image"),
    ],
)
def test_kinds_of_models_the_engine_does_not_size_are_named(text, kind):
    """Embeddings, rerankers, speech, image and video models are read as ``model_kind``."""
    assert _json(text)["model_kind"] == kind


def test_an_os_image_or_rocm_image_is_no_image_model():
    """An image of an operating system or a container is no image-generation model."""
    for text in ("is there a ROCm image?", "can I bring my own OS image?", "docker image for vllm"):
        assert "model_kind" not in _json(text), text


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("How many H200 do I need for Llama 3.1 405B BF16 at 128K for 32 users?", "gpu_count"),
        ("How many users can one H200 serve with Qwen3 32B at 32K?", "users"),
        ("how fast is gpt-oss-120b on an MI355X server with 50 users", "speed"),
        ("how much KV cache is left for DeepSeek V3 on one MI355X server?", "kv"),
        ("Is an 8x H200 server overkill for Llama 3.1 8B?", "overkill"),
        ("what will Qwen3 235B at 64K for 20 users cost me per month?", "price"),
        ("can I run Llama 3.3 70B in FP8 on one H200?", "fits"),
        ("Llama 3.3 70B 需要几张 H200？并发 20", "gpu_count"),
        ("Qwen3 32B、H200 1枚で同時何人まで？", "users"),
        ("DeepSeek V3 auf einem MI355X-Server – wie schnell?", "speed"),
    ],
)
def test_the_figure_a_direct_question_asks_is_read(text, asked):
    """How many, how fast, how much KV, users per GPU, overkill, price, fits: ``asked``."""
    assert _json(text)["asked"] == asked


def test_a_plain_request_asks_no_figure():
    """A request that is no question asks for no particular figure."""
    assert "asked" not in _json("Llama 3.3 70B FP8, 32K, 20 users")


@pytest.mark.parametrize(
    ("text", "lang", "amount", "currency", "usd"),
    [
        ("€8,000 a month for Llama 3.3 70B, 20 users", "en", 8000, "EUR", None),
        ("2w刀预算，跑 Qwen3 32B", "zh-Hans", 20000, "USD", 20000),
        ("予算5万ドルでLlama 3.3 70B", "ja", 50000, "USD", 50000),
        ("월 5만 달러로 Qwen3 32B", "ko", 50000, "USD", 50000),
        ("月50万円でQwen3 32B", "ja", 500000, "JPY", None),
        ("预算 3万元/月，Qwen3 32B", "zh-Hans", 30000, "CNY", None),
        ("бюджет 500 тыс. рублей, Qwen3 32B", "ru", 500000, "RUB", None),
        ("orçamento R$ 40 mil, Qwen3 32B", "pt-BR", 40000, "BRL", None),
        ("월 1000만원, Llama 3.3 70B", "ko", 10000000, "KRW", None),
        ("£6k/month, Llama 3.3 70B", "en", 6000, "GBP", None),
    ],
)
def test_every_budget_is_read_with_its_currency(text, lang, amount, currency, usd):
    """A budget in any currency gives its amount and ISO code; only dollars a USD budget."""
    parsed = _json(text, lang)
    assert (parsed["budget_amount"], parsed["budget_currency"]) == (amount, currency)
    assert parsed.get("budget_usd_month") == usd


@pytest.mark.parametrize(
    "text",
    [
        "we build everything on TensorRT-LLM; Llama 3.3 70B for 10 users",
        "our serving stack is Triton + TensorRT-LLM, Qwen3 32B",
        "NVIDIA only please, no AMD - Llama 3.3 70B",
        "Llama 3.3 70B、TensorRT-LLMで動かしています",
    ],
)
def test_cuda_only_phrasings(text):
    """TensorRT-LLM implies CUDA; "no AMD", "NVIDIA only" say it outright."""
    assert _json(text).get("cuda_only") is True


@pytest.mark.parametrize(
    "text",
    [
        "we're already on ROCm, Llama 3.3 70B for 10 users",
        "Llama 3.3 70B, our team runs MI300X today so ROCm is home",
        "已经在用 ROCm 了，Qwen3 32B",
        "Wir laufen schon auf ROCm, Qwen3 32B",
    ],
)
def test_already_on_rocm_means_rocm_is_fine(text):
    """A team already on ROCm accepts it: ``cuda_only`` is false."""
    assert _json(text).get("cuda_only") is False


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("what's the tok/s for Qwen3 32B on one H200?", "asked", "speed"),
        ("Qwen3 32B 单卡每秒大概能出几个 token", "asked", "speed"),
        ("Llama 3.3 70B 한 장으로 초당 대략 몇 토큰?", "asked", "speed"),
        ("DeepSeek V3 на сервере MI355X — не слишком ли много для 3 человек?", "asked", "overkill"),
        ("客服部门 45 个人要用，推荐什么模型", "headcount", 45),
        ("営業部 25 人で使うチャットボット", "headcount", 25),
        ("Wir sind 60 Softwareentwickler und wollen einen Coding-Assistenten", "headcount", 60),
        ("uma equipe de 12 pessoas quer um chatbot interno", "headcount", 12),
        ("환불 가능한가요?", "topic", "refund"),
        ("루트 계정 주나요?", "topic", "root_access"),
    ],
)
def test_phrasings_of_each_kind_are_read(text, field, value):
    """Speed and overkill asked, head counts by team, refunds and root: read in any wording."""
    assert _json(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "concurrency"),
    [
        ("quiet mornings, but after lunch 50 or so people use it at the same time. Qwen3 32B", 50),
        ("Llama 3.3 70B with room for 12 contexts of 64k", 12),
        ("une vingtaine de personnes s'en servent en même temps, Qwen3 32B", 20),
    ],
)
def test_users_at_once_said_apart_from_their_count_are_read(text, concurrency):
    """A count and its "at once" words a clause apart, and contexts counted, are users."""
    assert _json(text).get("concurrency") == concurrency


def test_a_person_word_alone_is_no_request_for_a_person():
    """An AI for support agents is a use to propose for; "talk to a human" asks for a person."""
    assert _json("an AI assistant to help our 30 support agents answer tickets")["intent"] == (
        "discover"
    )
    assert _json("can I talk to a human about a chatbot for 200 staff?")["intent"] == "sales"
