"""The fifty-fourth round: our answer said back, kernels, small teams, prices per person, money.

A cheaper way or another GPU asked beside our answer said back ("the bot says 2x HGX") pulls on
that answer even with its model named again; custom CUDA kernels said to be none, and ROCm
"not scary", accept AMD; kernels written for one NVIDIA generation need CUDA; "we are just
three people" is a team, not users at once; a price per person is no budget; "do you have
MI300X?" with a platform said stays a question about what we rent; "un agente de compras" is
no request for a person; "at once" is taken back only within its sentence; pesos of Chile,
Colombia, Argentina and Peru's soles are named; a quote asked for plans counted is their price;
"1,000 output" after "tokens input"; "900 input tokens"; the FP8 checkpoint of a publisher is
that repository; "a model for code" is coding. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "lever"),
    [
        (
            (
                "copying from our chat: the tool recommended one HGX H200 for Qwen3 235B and "
                "my lead asks whether there is something cheaper that still serves it"
            ),
            "en",
            "cheaper",
        ),
        (
            (
                "Ihr habt uns für Llama 3.3 70B einen ganzen HGX-Server empfohlen. Warum nicht "
                "zwei einzelne H200?"
            ),
            "de",
            "why_not",
        ),
        (
            "Vous m'avez proposé deux serveurs MI355X pour DeepSeek V3. Pourquoi pas un HGX H200 ?",
            "fr",
            "why_not",
        ),
        (
            "Вы предложили HGX H200 для Qwen3-32B — а есть вариант дешевле?",
            "ru",
            "cheaper",
        ),
        (
            "先ほどの提案はMI355Xサーバーでしたが、gpt-oss-120bならH200単体ではなぜだめですか？",
            "ja",
            "why_not",
        ),
    ],
)
def test_a_lever_beside_our_answer_said_back_is_a_follow_up(text, language, lever):
    """Read: "the tool recommended one HGX … something cheaper": that answer, made cheaper."""
    found = _read(text, language)
    assert found["intent"] == "followup"
    assert found.get("lever") == lever


def test_our_answer_said_back_without_a_lever_keeps_the_sizing():
    """Read: "you recommended one H200 for Qwen3 32B; now size it for 64K": a sizing again."""
    found = _read("You recommended one H200 for Qwen3 32B. Now size Llama 3.3 70B for 64K")
    assert found["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Pas de kernels CUDA à nous, tout passe par vLLM. MI355X possible ?", "fr"),
        ("Sin kernels CUDA propios; ROCm no nos asusta.", "es"),
        ("We're not afraid of ROCm, everything runs on stock PyTorch.", "en"),
    ],
)
def test_no_own_cuda_kernels_and_rocm_not_feared_accept_amd(text, language):
    """Read: "pas de kernels CUDA à nous", "ROCm no nos asusta": AMD will do."""
    assert _read(text, language).get("cuda_only") is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("我们的推理服务用了 Blackwell 专用的 CUDA kernel，能直接搬过来吗？", "zh-Hans"),
        ("Our CUDA kernels are tuned for Hopper (sm_90a). Which plan?", "en"),
    ],
)
def test_kernels_written_for_one_nvidia_generation_need_cuda(text, language):
    """Read: "Blackwell 专用的 CUDA kernel", "tuned for Hopper": CUDA only."""
    assert _read(text, language).get("cuda_only") is True


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("我們公司一共 6 個人，想做一個內部知識庫問答，要租什麼？", "zh-Hant"),
        ("Somos solo cuatro personas y queremos un asistente de redacción. ¿Qué modelo?", "es"),
        ("Nous sommes trois personnes, il nous faut un traducteur. Quel modèle ?", "fr"),
    ],
)
def test_a_small_team_counted_is_people_not_users_at_once(text, language):
    """Read: "我們公司一共 6 個人", "somos solo cuatro personas": the team, no users at once."""
    found = _read(text, language)
    assert found.get("concurrency") is None
    assert found.get("headcount") in {3, 4, 6}


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("目前用某家 SaaS，每個使用者每月 30 美元，想改成自架 Qwen3-32B", "zh-Hant"),
        ("Hoy pagamos por usuario 40 dólares al mes en otra herramienta; ¿y con Llama?", "es"),
        ("Aktuell zahlen wir pro Kopf 35 € im Monat für ein SaaS-Tool.", "de"),
    ],
)
def test_a_price_per_person_is_no_budget(text, language):
    """Read: "每個使用者每月 30 美元", "por usuario 40 dólares": a price per person."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_an_unrented_gpu_asked_with_a_platform_said_is_a_question_about_what_we_rent():
    """Read: "Habt ihr MI325X? Wir sind schon auf ROCm.": what we rent, the platform with it."""
    found = _read("Habt ihr MI325X? Wir sind schon auf ROCm.", "de")
    assert found["intent"] == "knowledge"
    assert found.get("unrented_gpu") == "mi325x"


def test_an_agent_of_purchases_is_no_request_for_a_person():
    """Read: "un agente de ventas con Qwen3-32B": the agent is what they build."""
    found = _read("Queremos montar un agente de ventas con Qwen3-32B, contexto 16k", "es")
    assert found["intent"] == "size"


def test_a_request_for_a_person_in_spanish_still_reads():
    """Read: "quiero hablar con un agente": a person asked for."""
    assert _read("quiero hablar con un agente, por favor", "es")["intent"] == "sales"


def test_at_once_is_taken_back_only_within_its_sentence():
    """Read: "… 200 usuarios simultáneos. No sé qué GPU": the users stand."""
    found = _read("Llama 3.1 8B para 200 usuarios simultáneos. No sé qué GPU elegir.", "es")
    assert found.get("concurrency") == 200


@pytest.mark.parametrize(
    ("text", "language", "currency", "amount"),
    [
        ("Tenemos 40 millones de pesos colombianos al mes para esto", "es", "COP", 40_000_000),
        ("presupuesto: 8 millones de pesos chilenos mensuales", "es", "CLP", 8_000_000),
        ("contamos con 30 mil soles al mes", "es", "PEN", 30_000),
        ("budget of 25 million Argentine pesos a month", "en", "ARS", 25_000_000),
    ],
)
def test_pesos_of_a_country_named_and_soles_are_their_currency(text, language, currency, amount):
    """Read: "40 millones de pesos colombianos": COP, not US dollars."""
    found = _read(text, language)
    assert found.get("budget_currency") == currency
    assert found.get("budget_amount") == amount
    assert found.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Bitte ein Angebot für 2 HGX H200 über 12 Monate, gern mit Mengenrabatt.", "de"),
        ("Нужно КП на 4 сервера MI355X на полгода, интересует скидка за объём.", "ru"),
    ],
)
def test_a_quote_asked_for_plans_counted_is_their_price(text, language):
    """Read: "ein Angebot für 2 HGX H200 … Mengenrabatt": their total, terms and all."""
    assert _read(text, language)["intent"] == "price"


@pytest.mark.parametrize(
    ("text", "language", "tokens_in", "tokens_out"),
    [
        ("Mistral Small 3.2: durchschnittlich 3.000 Token Input und 600 Output", "de", 3000, 600),
        ("gpt-oss-20b, about 1,200 prompt tokens and 250 output per call", "en", 1200, 250),
    ],
)
def test_output_after_tokens_input_and_input_before_tokens(text, language, tokens_in, tokens_out):
    """Read: "3.000 Token Input und 600 Output", "1,200 prompt tokens": both lengths."""
    found = _read(text, language)
    assert found.get("input_tokens") == tokens_in
    assert found.get("output_tokens") == tokens_out


def test_a_job_total_of_input_tokens_is_no_prompt_length():
    """Read: "3B input tokens in total": no prompt that long."""
    found = _read("Llama 3.1 8B over 3B input tokens in total, within 2 days")
    assert found.get("input_tokens") is None


@pytest.mark.parametrize(
    ("text", "language", "model"),
    [
        (
            "Qwen3 30B A3B, the FP8 checkpoint, 32k context",
            "en",
            "Qwen/Qwen3-30B-A3B-FP8",
        ),
        (
            "Kimi K2.5 en NVFP4, la versión de nvidia, contexto 64k",
            "es",
            "nvidia/Kimi-K2.5-NVFP4",
        ),
    ],
)
def test_a_checkpoint_in_a_format_is_that_repository(text, language, model):
    """Read: "the FP8 checkpoint", "la versión de nvidia": that repository of the catalog."""
    assert _read(text, language).get("model") == model


def test_a_format_said_without_a_checkpoint_keeps_the_base_model():
    """Read: "Qwen3 30B A3B in fp8": the base model, quantized as said."""
    found = _read("Qwen3 30B A3B in fp8 for 20 users")
    assert found.get("model") == "Qwen/Qwen3-30B-A3B"
    assert found.get("precision") == "fp8"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Quel modèle pour coder conseillez-vous à 25 développeurs, budget 15 000 $ ?", "fr"),
        ("¿Qué modelo de programación nos recomiendan para 40 devs?", "es"),
    ],
)
def test_a_model_for_code_is_coding(text, language):
    """Read: "modèle pour coder", "modelo de programación": a coding use."""
    assert _read(text, language).get("use_case") == "coding"


def test_a_version_named_by_another_trait_keeps_the_base_model():
    """Read: "那個 235B 的 MoE 版本 … 可以接受 FP8": the base model, FP8 said apart."""
    found = _read("我們要跑 Qwen3 那個 235B 的 MoE 版本，上下文 32k，可以接受 FP8。", "zh-Hant")
    assert found.get("model") == "Qwen/Qwen3-235B-A22B"
    assert found.get("precision") == "fp8"
