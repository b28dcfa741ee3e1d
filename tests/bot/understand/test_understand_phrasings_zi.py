"""The seventy-fifth round: dictated messages, second-language writers and purchasing staff.

A number taken back in words or in Chinese characters ("no actually make it nine", "五万 不对 是
六万", "миллион нет полтора", "五台 いや やっぱり六台", "dez … digo oito") gives way to its
correction, but a filler between two facts takes nothing back ("32k Kontext und äh 10
Anfragen"); a figure changed with an arrow ("32k → 8k") is the new one; spoken GPU and version
names ("mi three fifty five x", "deepseek v drei punkt zwei") are the names; thousands said after
their digits or inside a German word are one number; "minimum" is no MiniMax and no minimum term
when a figure follows; a speed "for every user" or "单路" is each user's; "prompts average is
around 1500" is the prompt's length; plans counted by their names are no budget; today's
running or leasing costs, or an amount said not to be the budget, are no budget; "à quel
prix" and "total contract value" ask the price; "only the first month" is a month's term; "готов
на ROCm" accepts AMD; "fp8 no KV cache" is the cache's format; "de onde saíram" and "기준인가요"
ask how a figure was reached; a name ends at two words of another script. Every example is
written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("one HGX H200 for four months no actually make it five months, total?", "en", "months", 5),
        ("预算每个月三万美元 不对 是四万美元，跑 qwen3 32b", "zh-Hans", "budget_usd_month", 40000),
        ("llama 3.3 70b, одновременно 30 нет 45 человек", "ru", "concurrency", 45),
        ("Qwen3-32B、同時に三十人 いや やっぱり四十人で", "ja", "concurrency", 40),
    ],
)
def test_a_number_taken_back_in_words_gives_way(text, language, field, value):
    """Said as "four months no actually make it five": the correction is the figure."""
    assert _read(text, language).get(field) == value


def test_a_filler_between_two_facts_takes_nothing_back():
    """Said as "32k Kontext und äh 10 Anfragen": both figures stand."""
    found = _read("Llama 3.1 8B mit 16k Kontext und äh zwölf parallelen Anfragen", "de")
    assert found.get("context_tokens") == 16384
    assert found.get("concurrency") == 12


def test_a_figure_changed_with_an_arrow_is_the_new_one():
    """Said as "16k → 4k": the context goes to 4k."""
    found = _read("같은 구성에서 컨텍스트만 16k → 4k로 바꾸면요?", "ko")
    assert found.get("context_tokens") == 4096


@pytest.mark.parametrize(
    ("text", "language", "gpu"),
    [
        ("how much is the mi three fifty five x box per month", "en", "mi355x"),
        ("e o servidor mi três cinco cinco x sai quanto por mês?", "pt-BR", "mi355x"),
    ],
)
def test_a_gpu_name_said_aloud_is_the_gpu(text, language, gpu):
    """Said as "mi three fifty five x": our MI355X."""
    assert _read(text, language).get("gpus") == [gpu]


def test_a_plan_id_is_not_read_as_a_name_said_aloud():
    """Written as "mi355x-8x": the plan's id stays whole."""
    assert _read("price of 3 mi355x-8x for a year", "en").get("plan_counts") == {"mi355x-8x": 3}


def test_a_version_letter_said_apart_is_the_version():
    """Said as "deepseek v drei punkt zwei": DeepSeek V3.2."""
    found = _read("wir wollen deepseek v drei punkt zwei auf einem server betreiben", "de")
    assert found.get("model") == "deepseek-ai/DeepSeek-V3.2"


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "Pretraining eines 3B-Modells, Sequenzlänge zweitausendachtundvierzig",
            "de",
            "seq_len",
            2048,
        ),
        (
            "полный файнтюн qwen3 8b, длина последовательности четыре тысячи девяносто шесть",
            "ru",
            "seq_len",
            4096,
        ),
    ],
)
def test_thousands_and_what_follows_are_one_number(text, language, field, value):
    """Said as "zweitausendachtundvierzig" or "четыре тысячи девяносто шесть": one number."""
    assert _read(text, language).get(field) == value


def test_thousands_said_after_their_digits_are_one_number():
    """Said as "twelve thousand files, each one is around three thousand tokens"."""
    found = _read(
        "llama 3.1 8b: twelve thousand files in our archive each one is around three thousand "
        "tokens, done within 2 days",
        "en",
    )
    assert found.get("input_tokens") == 3000


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("minimum 40 tokens per second for every user with llama 3.3 70b", "en"),
        ("qwen3 32b, mínimo 20 usuarios a la vez", "es"),
    ],
)
def test_minimum_before_a_figure_is_no_model_and_no_term(text, language):
    """Said as "minimum 40 tokens per second": a bound on the figure."""
    found = _read(text, language)
    assert found.get("unknown_model") is None
    assert "MiniMax" not in str(found.get("ambiguous"))
    assert found.get("topic") != "minimum_term"


def test_a_minimum_term_asked_is_still_the_term():
    """Said as "¿hay un mínimo de meses?": the minimum term asked."""
    assert _read("¿hay un mínimo de meses para alquilar?", "es").get("topic") == "minimum_term"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("gpt-oss-120b, 25 tokens per second for every user, 60 users", "en"),
        ("DeepSeek-V3：单路输出不低于 25 tokens/s，并发 60", "zh-Hans"),
    ],
)
def test_a_speed_for_every_user_is_each_users(text, language):
    """Said as "for every user" or "单路": each user's speed, not the total."""
    found = _read(text, language)
    assert found.get("tokens_per_user_tok_s") == 25
    assert found.get("throughput_tok_s") is None


def test_the_average_prompt_said_with_a_verb_is_the_input_length():
    """Said as "prompts average is around 2200 tokens": the input, not a context."""
    found = _read("mistral small 24b, prompts average is around 2200 tokens", "en")
    assert found.get("input_tokens") == 2200
    assert found.get("context_tokens") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("orçamento pra 3 HGX H200 e 5 H200 avulsas por 6 meses", "pt-BR"),
        ("budget line: 2x HGX H200 for 12 months, total?", "en"),
    ],
)
def test_plans_counted_by_their_names_are_no_budget(text, language):
    """Said as "orçamento pra 3 HGX H200": a quote for plans, no budget of 3."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("plan_counts")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "机房现在 16 张 A100，每月电费加运维大概 8 万人民币，迁过来跑 Qwen3-235B 要几台？",
            "zh-Hans",
        ),
        ("今は A100 を 16 枚、リース残が月 90 万円です。乗り換えるならどの構成？", "ja"),
        ("Сейчас 4×H100 за 9 тыс. $ в месяц — это не бюджет. Что взять под gpt-oss-120b?", "ru"),
    ],
)
def test_todays_running_costs_are_no_budget(text, language):
    """Said as "每月电费加运维", "リース残" or "это не бюджет": today's cost, not a limit."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Deux serveurs MI355X pendant 6 mois : à quel prix ?", "fr"),
        ("1x HGX H200 for 24 months. Total contract value?", "en"),
    ],
)
def test_the_price_asked_in_purchasing_words(text, language):
    """Said as "à quel prix" or "total contract value": the price is asked."""
    assert _read(text, language).get("asked") == "price"


def test_only_the_first_month_is_a_months_term():
    """Said as "solo el primer mes": one month."""
    assert _read("3 H200 sueltas, solo el primer mes y luego vemos", "es").get("months") == 1


def test_ready_for_rocm_accepts_amd():
    """Said as "готов на ROCm": AMD accepted."""
    assert _read("Клиент готов на ROCm. Есть вариант дешевле?", "ru").get("cuda_only") is False


def test_a_format_in_the_kv_cache_is_the_caches():
    """Said as "fp8 no KV cache": the cache's format, not the weights'."""
    found = _read("Dá pra baratear? Pode usar fp8 no KV cache.", "pt-BR")
    assert found.get("kv_dtype") == "fp8"
    assert found.get("precision") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("De onde saíram esses 3 servidores? Preciso justificar.", "pt-BR"),
        ("답변의 '사용자당 45 tok/s'는 동시 20명 기준인가요?", "ko"),
    ],
)
def test_where_a_figure_came_from_asks_to_explain(text, language):
    """Said as "de onde saíram" or "기준인가요": how the figure was reached."""
    assert _read(text, language).get("lever") == "explain"


def test_a_name_ends_at_two_words_of_another_script():
    """Said as "Mistral Large로 돌리고 72시간": the model, then the job's hours."""
    found = _read(
        "계약서 5만 건 × 평균 8천 토큰, Mistral Large로 돌리고 72시간 안에 끝내야 해요", "ko"
    )
    assert found.get("model") == "mistralai/Mistral-Large-Instruct-2407"
