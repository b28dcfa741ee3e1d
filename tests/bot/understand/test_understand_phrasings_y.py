"""The fifty-seventh round: mid-conversation messages that quote the answer, sales, corrections.

A sales person named as the source of a question ("our account manager told me", "業務同事
的問題", "Soy Pablo, de ventas") asks for no one; "the plan you suggested" is no
recommendation asked; the answer's words quoted back ("Your reply said: "…"", "Ihre Antwort
nannte „…“", "你回答里写的『…』") are the answer's, the message's own facts read without them,
its GPU kept; a lever or an explanation beside the answer quoted is a follow-up; "X, not Y"
keeps X; "half the server" asks about renting part of one; "ROCm shouldn't be a problem"
accepts AMD; CUDA kernels not to be ported need CUDA; "nicht drin" is a ceiling; a cheaper
way with a short trial said is the lever; tickets counted per day are requests; "6-12 month
pricing" is no term; "why not …?" first, the model after, asks about the answer; an offer of
other hardware "equivalent to yours" is a comparison; "и ещё одна задача" is a new job. Every
example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        (
            (
                "Our account manager told me to ask here: Llama 3.1 8B for 200 users at once, "
                "which plan?"
            ),
            "en",
            "size",
        ),
        (
            "接續業務同事的問題：Qwen3-32B 全參數微調，資料 2,000 萬 tokens，3 個 epoch",
            "zh-Hant",
            "train",
        ),
        (
            "Soy Pablo, de ventas. El cliente quiere Llama 3.3 70B con 64k para 30 usuarios.",
            "es",
            "size",
        ),
        (
            "Sobre o que falei com o comercial: LoRA no Qwen3-32B, 100M tokens, 1 época.",
            "pt-BR",
            "train",
        ),
    ],
)
def test_a_sales_person_named_as_the_source_asks_for_no_one(text, language, intent):
    """Read: "Our account manager told me to ask here": the sizing, no person asked for."""
    assert _read(text, language)["intent"] == intent


def test_the_plan_you_suggested_is_no_recommendation_asked():
    """Read: "will the setup you suggested still work with 60 users?": whether it fits."""
    found = _read("Qwen3 32B: will the setup you suggested still work with 60 users?")
    assert found.get("asked") == "fits"


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            (
                'Your reply said: "about 900 tok/s aggregate at 16 users". We need 3,000 tok/s '
                "with Qwen3 32B."
            ),
            "en",
            "throughput_tok_s",
            3000,
        ),
        (
            (
                "Ihre Antwort nannte „TTFT ca. 0,2 s im Leerlauf“. Wir brauchen unter Last TTFT "
                "≤ 2 s, Llama 3.1 8B."
            ),
            "de",
            "ttft_s",
            2,
        ),
        (
            "你回答里写的『单用户约 40 tok/s』是多少并发？我们要 Qwen3-32B 总吞吐 5000 tok/s",
            "zh-Hans",
            "throughput_tok_s",
            5000,
        ),
    ],
)
def test_the_answers_words_quoted_back_are_not_the_customers(text, language, field, value):
    """Read: "Your reply said: "about 900 tok/s …". We need 3,000 tok/s": the 3,000."""
    found = _read(text, language)
    assert found.get(field) == value
    assert found.get("concurrency") is None


def test_the_gpu_of_the_answer_quoted_is_kept():
    """Read: "En tu respuesta pusiste que con H200 sobra … ¿Servirían 2 L40S?": the H200 kept."""
    found = _read(
        "En tu respuesta pusiste que con H200 sobra. ¿Servirían 2 L40S para Qwen3 32B?", "es"
    )
    assert found.get("gpus") == ["h200"]
    assert found.get("asked") == "fits"


def test_a_lever_beside_the_answer_quoted_is_a_follow_up():
    """Read: "Your answer said: "1× HGX H200". Anything cheaper for Qwen3 235B?": cheaper."""
    found = _read('Your answer said: "1× HGX H200, US$23,900". Anything cheaper for Qwen3 235B?')
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language", "context", "users"),
    [
        ("me enganei: contexto de 64k, não 6.4k, e 12 usuários, não 120", "pt-BR", 65536, 12),
        ("correction: 128k context, not 12.8k, and 8 users at once, not 80", "en", 131072, 8),
    ],
)
def test_a_number_then_not_another_keeps_the_first(text, language, context, users):
    """Read: "contexto de 64k, não 6.4k": 64k."""
    found = _read(text, language)
    assert found.get("context_tokens") == context
    assert found.get("concurrency") == users


def test_a_correction_word_still_takes_the_number_back():
    """Read: "30 users, sorry, 50": 50 users (the correction, not "X, not Y")."""
    assert _read("Llama 3.1 8B for 30 users, sorry, 50").get("concurrency") == 50


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Can we rent half the server, just 4 of the MI355X GPUs?", "en"),
        ("¿Puedo alquilar medio servidor HGX?", "es"),
        ("On peut louer la moitié du serveur MI355X ?", "fr"),
    ],
)
def test_half_a_server_asks_about_renting_part_of_one(text, language):
    """Read: "half the server": whole servers only."""
    found = _read(text, language)
    assert found["intent"] == "knowledge"
    assert found.get("topic") == "whole_server_only"


def test_rocm_said_to_be_no_problem_accepts_amd():
    """Read: "ROCm shouldn't be an issue": AMD will do."""
    assert _read("why not MI355X? ROCm shouldn't be an issue for us").get("cuda_only") is False


def test_cuda_kernels_not_to_be_ported_need_cuda():
    """Read: "kernels CUDA que no queremos portar": CUDA only."""
    found = _read(
        "¿Por qué no HGX H200? Tenemos kernels CUDA propios que no queremos portar.", "es"
    )
    assert found.get("cuda_only") is True


def test_not_in_the_budget_in_german_is_a_ceiling():
    """Read: "Mehr als 20.000 USD im Monat ist nicht drin": the ceiling beside cheaper."""
    found = _read("Geht das günstiger? Mehr als 20.000 USD im Monat ist nicht drin.", "de")
    assert found.get("budget_usd_month") == 20000


def test_a_cheaper_way_with_a_short_trial_said_is_the_lever():
    """Read: "更便宜的方案有吗？先只租一个月试试": cheaper, one month."""
    found = _read("有没有更便宜的方案？我们先只租一个月试试", "zh-Hans")
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language", "rate"),
    [
        (
            "Kein Modell bisher. Ca. 28.800 Tickets pro Tag zusammenfassen, was empfehlt ihr?",
            "de",
            20,
        ),
        (
            "No model yet; we get about 600 tickets an hour to triage. What do you suggest?",
            "en",
            10,
        ),
    ],
)
def test_tickets_counted_over_time_are_requests(text, language, rate):
    """Read: "28.800 Tickets pro Tag": 20 requests a minute."""
    assert _read(text, language).get("requests_per_minute") == rate


def test_a_range_of_terms_is_no_term():
    """Read: "H200 for 3 months … your 6-12 month pricing": three months."""
    found = _read("Total for one H200 over 3 months? Also, what's your 6-12 month pricing like?")
    assert found.get("months") == 3


def test_why_not_asked_first_with_the_model_after_is_about_the_answer():
    """Read: "Why not a single H200? For Qwen3 32B one GPU should do.": why not."""
    found = _read("Why not a single H200? For Qwen3 32B one GPU should do.")
    assert found["intent"] == "followup"
    assert found.get("lever") == "why_not"


def test_other_hardware_offered_as_equivalent_to_ours_is_a_comparison():
    """Read: "they offer us H100s: equivalent to your H200 for Llama 3.3 70B?": compare."""
    found = _read(
        "Another cloud offers us H100s. Are they equivalent to your H200 for Llama 3.3 70B?"
    )
    assert found["intent"] == "compare"


def test_and_another_task_in_russian_is_a_new_job():
    """Read: "И ещё одна задача: … Qwen3-32B …": a sizing of its own."""
    found = _read(
        "И ещё одна задача: 100 тыс. писем по 500 токенов через Qwen3-32B за ночь, успеем?", "ru"
    )
    assert found["intent"] == "size"
