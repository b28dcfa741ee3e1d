"""The sixtieth and sixty-first rounds: messages dictated to a phone, and money of others.

Model names said aloud ("llama three point one seventy b", "qwen drei zweiunddreißig b", "квен
три тридцать два б"); hundreds, thousands and their tens as one number ("doscientos cincuenta
y seis k", "hundertachtundzwanzig k", "четыре тысячи девяносто шесть", "dois mil e quarenta e
oito", "zwölftausend"); a count taken back with "ээ нет", "euh non", "no"; CJK numerals before
a counter ("三台", "二千人"); "servers of eight MI355X"; "a second and a half"; lengths said by
their words alone ("input 900 / output 150", "ISL 2k / OSL 256"); Korean "퍼 세컨드"; users who
get a speed ("пользователи получают"); a hand-off asked as a transfer ("me passa pra um
atendente"). Money that is not a budget: another cloud's quote, a purchase price, a difference
of prices, a price a board will not pass. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "model"),
    [
        (
            "can we run llama three point one seventy b with sixteen k context",
            "en",
            "meta-llama/Llama-3.1-70B-Instruct",
        ),
        (
            "kann man qwen drei zweiunddreißig b auf einer h200 laufen lassen",
            "de",
            "Qwen/Qwen3-32B",
        ),
        ("квен три тридцать два б, контекст тридцать два к", "ru", "Qwen/Qwen3-32B"),
        (
            "on veut llama trois point un huit b en interne",
            "fr",
            "meta-llama/Llama-3.1-8B-Instruct",
        ),
        ("queremos gemma tres veintisiete b para el chat", "es", "google/gemma-3-27b-it"),
        ("gpt oss one twenty b for the helpdesk", "en", "openai/gpt-oss-120b"),
    ],
)
def test_a_model_named_aloud_is_that_model(text, language, model):
    """Read: the version and size said in words name the model."""
    assert _read(text, language).get("model") == model


@pytest.mark.parametrize(
    ("text", "language", "context"),
    [
        ("gemma tres veintisiete b con doscientos cincuenta y seis k de contexto", "es", 262144),
        ("Qwen3 32B mit hundertachtundzwanzig k Kontext", "de", 131072),
        ("Llama 3.1 8B with one twenty-eight k context", "en", 131072),
    ],
)
def test_hundreds_and_their_tens_in_words_are_one_number(text, language, context):
    """Read: "doscientos cincuenta y seis k" is 256K, not 200 and 56."""
    assert _read(text, language).get("context_tokens") == context


@pytest.mark.parametrize(
    ("text", "language", "seq_len"),
    [
        ("full fine-tune Qwen3 32B, seq len четыре тысячи девяносто шесть, две эпохи", "ru", 4096),
        ("fine-tuning completo do Qwen3 32B, seq len de dois mil e quarenta e oito", "pt-BR", 2048),
    ],
)
def test_thousands_and_what_follows_are_one_number(text, language, seq_len):
    """Read: "четыре тысячи девяносто шесть" is 4,096, not 4,000."""
    assert _read(text, language).get("seq_len") == seq_len


def test_a_german_word_of_thousands_is_its_number():
    """Read: "zwölftausend Euro im Monat" is a budget of 12,000 euros."""
    found = _read("wir haben zwölftausend Euro im Monat, was geht damit für einen Support-Bot?")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (12000, "EUR")


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("Qwen3 32B, одновременно человек сорок, ээ нет, шестьдесят", "ru", 60),
        ("Llama 3.1 8B pour quarante utilisateurs euh non soixante", "fr", 60),
        ("Llama 3.1 8B, 30 concurrent users, no wait, 45", "en", 45),
        ("Qwen3 32B, 75 Nutzer gleichzeitig äh nee sagen wir 100, reicht eine H200?", "de", 100),
    ],
)
def test_a_count_taken_back_in_speech_gives_way_to_the_next(text, language, users):
    """Read: the second count, with the words of the first when the second has none."""
    assert _read(text, language).get("concurrency") == users


def test_a_bare_no_in_brackets_takes_nothing_back():
    """Read: "40M de tokens (no 400M, …)" keeps the 40M."""
    found = _read(
        "hay que clasificar 40M de tokens (no 400M, eso era otro proyecto) con Qwen3 32B en 10h",
        "es",
    )
    assert found.get("batch_tokens") == 40_000_000


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("我们要三台单卡H200，一个月多少钱", "zh-Hans", {"h200-1x": 3}),
        ("three servers of eight MI355X, what's the monthly total?", "en", {"mi355x-8x": 3}),
        ("dos servidores de ocho MI355X y uno HGX H200, ¿cuánto al mes?", "es", None),
    ],
)
def test_machines_counted_in_words_and_their_gpus(text, language, plans):
    """Read: "三台" counts three machines; "servers of eight" is each server's GPUs."""
    found = _read(text, language).get("plan_counts")
    if plans is None:
        assert found == {"mi355x-8x": 2, "h200-8x": 1}
    else:
        assert found == plans


def test_people_counted_in_thousands_with_a_cjk_numeral():
    """Read: "社員が二千人" is a head count of 2,000."""
    assert (
        _read("社員が二千人いて、社内チャットに使いたい。モデルは未定です", "ja").get("headcount")
        == 2000
    )


def test_a_second_and_a_half_without_its_article():
    """Read: "en menos de segundo y medio" is a first token within 1.5 s."""
    found = _read("con Llama 3.3 70B queremos el primer token en menos de segundo y medio", "es")
    assert found.get("ttft_s") == 1.5


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        ("Llama 3.1 8B, input 900 / output 150, 30 rps", (900, 150)),
        ("Qwen3-32B, 10 QPS, ISL 2k / OSL 256", (2000, 256)),
        ("Llama 3.1 8B, avg input 1024, avg output 128", (1024, 128)),
    ],
)
def test_lengths_said_by_their_words_alone(text, lengths):
    """Read: both lengths, with no word of tokens; "ISL 2k" is no context."""
    found = _read(text, "en")
    assert (found.get("input_tokens"), found.get("output_tokens")) == lengths
    assert found.get("context_tokens") is None


def test_tokens_per_second_said_in_korean_english():
    """Read: "삼천 토큰 퍼 세컨드" is 3,000 tokens per second, not a context."""
    found = _read("Llama 3.1 8B, 전체 처리량 삼천 토큰 퍼 세컨드", "ko")
    assert found.get("throughput_tok_s") == 3000
    assert found.get("context_tokens") is None


def test_users_who_should_get_a_speed_is_each_users_speed():
    """Read: "пусть пользователи получают 25 ток/с" is each user's speed, not a total."""
    found = _read("пусть пользователи получают не меньше 25 ток/с, Llama 3.1 8B, 40 человек", "ru")
    assert found.get("tokens_per_user_tok_s") == 25
    assert found.get("throughput_tok_s") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿me pasas con alguien de ventas?", "es"),
        ("me passa pra um atendente, por favor", "pt-BR"),
        ("can you transfer me to an agent", "en"),
        ("können Sie mich mit einem Berater verbinden?", "de"),
        ("переведите меня на оператора", "ru"),
    ],
)
def test_a_transfer_to_a_person_is_a_hand_off(text, language):
    """Read: a transfer asked is the sales hand-off, not an agent to build."""
    assert _read(text, language)["intent"] == "sales"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("AWS quoted us $20k a month for H100s. Can you run Qwen3 32B cheaper?", "en"),
        ("Buying 8 A100s would cost us $150k. How many months of an H200 is that?", "en"),
        ("某云报的 H100 是 2.35 美元/卡/小时，你们的 H200 跑 Qwen3 32B 划算吗", "zh-Hans"),
        ("Your MI355X box is $3k/month cheaper, why did you pick the HGX?", "en"),
        (
            "On pourrait acheter deux serveurs (environ 400 k€). Louer chez vous, c'est mieux ?",
            "fr",
        ),
    ],
)
def test_money_of_others_is_no_budget(text, language):
    """Read: a quote elsewhere, a purchase price, a difference: none is what they can spend."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_a_price_the_board_will_not_pass_asks_for_a_cheaper_plan():
    """Read: "월 3만 달러는 이사회에서 안 통과돼요. 더 싼 구성 없나요?"."""
    found = _read("월 3만 달러는 이사회에서 안 통과돼요. 더 싼 구성 없나요?", "ko")
    assert found.get("lever") == "cheaper"
    assert found.get("budget_usd_month") is None


# --- Round 62: hesitations, CJK numerals after a word, bytes and milliseconds in words ----------


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "従業員がえっと八百人いて、社内チャットに使わせたいです。モデルは未定",
            "ja",
            "headcount",
            800,
        ),
        ("Llama 3.1 8B for um thirty five users at once", "en", "concurrency", 35),
        ("e por um ano, quanto fica o HGX H200?", "pt-BR", "months", 12),
        ("Qwen3 32B 微调，序列长度八千一百九十二，两个 epoch", "zh-Hans", "seq_len", 8192),
        ("那同時在線的人數 呃 改成六十個呢", "zh-Hant", "concurrency", 60),
        ("LoRA для Qwen3 32B, датасет около миллиарда токенов", "ru", "tokens", 1_000_000_000),
    ],
)
def test_hesitations_and_numerals_after_their_word(text, language, field, value):
    """Read: a hesitation between the words changes nothing; "um ano" keeps its "um"."""
    assert _read(text, language).get(field) == value


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("我们要两台八卡的MI355X服务器，报个价", "zh-Hans", {"mi355x-8x": 2}),
        ("MI355Xのサーバーを二台、見積もりをお願いします", "ja", {"mi355x-8x": 2}),
        ("報價：一台MI355X八卡 加 三台單卡H200", "zh-Hant", {"mi355x-8x": 1, "h200-1x": 3}),
    ],
)
def test_servers_counted_around_their_gpus_in_cjk(text, language, plans):
    """Read: "两台八卡的", "のサーバーを二台", "MI355X八卡" count servers of eight GPUs."""
    assert _read(text, language).get("plan_counts") == plans


def test_terabytes_in_words_are_a_kv_capacity():
    """Read: "drei Terabyte KV-Cache" asks for 3 TB of KV cache."""
    found = _read("wir brauchen drei Terabyte KV Cache, egal welches Modell", "de")
    assert found.get("kv_cache_bytes") == 3 * 10**12


@pytest.mark.parametrize(
    ("text", "language", "ttft"),
    [
        ("Qwen3 32B, die erste Antwort soll nach 400 Millisekunden kommen", "de", 0.4),
        ("Qwen3 32B, first response under 250 ms please", "en", 0.25),
        ("Qwen3 32B, primer token en 600 milisegundos como máximo", "es", 0.6),
    ],
)
def test_the_first_response_and_milliseconds_in_words(text, language, ttft):
    """Read: "die erste Antwort … 400 Millisekunden" is a first token within 0.4 s."""
    assert _read(text, language).get("ttft_s") == ttft


# --- Round 63: regional writers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Full fine-tune of Qwen3 32B on about 45 crore tokens, 2 epochs", "tokens", 450_000_000),
        ("gpt-oss-20b for 8 lakh requests a day, kindly advise", "requests_per_minute", None),
        ("Llama 3.1 8B chatbot; our office strength is 450, kindly revert", "headcount", 450),
    ],
)
def test_indian_english_numbers_and_head_counts(text, field, value):
    """Read: "45 crore tokens" is 450 million; "office strength is 450" counts the staff."""
    found = _read(text, "en")
    if value is None:
        assert round(found.get(field)) == round(800_000 / 1440)
    else:
        assert found.get(field) == value


def test_philippine_pesos_are_named_not_read_as_dollars():
    """Read: "₱2M a month" is a budget in pesos, no US dollars."""
    found = _read("Qwen3-32B for our BPO in Davao, budget around ₱2M a month. what setup?", "en")
    assert found.get("budget_currency") == "PHP"
    assert found.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Why did you recommend the HGX H200? The MI355X box is 5k cheaper.", "en"),
        ("B200 대신 왜 HGX H200을 추천하셨어요? MI355X가 더 싸던데요", "ko"),
        ("HGX H200をご提案いただいた理由を教えてください。MI355Xの方が安いようですが", "ja"),
        ("¿Por qué me recomiendan el HGX H200 si el MI355X sale más barato?", "es"),
    ],
)
def test_the_reason_of_our_pick_asked_is_why_not(text, language):
    """Read: why we picked this GPU, another said to be cheaper: why not the other."""
    found = _read(text, language)
    assert found.get("lever") == "why_not"
    assert found.get("context_tokens") is None


def test_a_total_asked_politely_in_japanese_is_a_price():
    """Read: "MI355Xサーバーを2台、12ヶ月の総額を…" prices the plans for the term."""
    found = _read("MI355Xサーバーを2台、12ヶ月お借りした場合の総額をお教えいただけますか。", "ja")
    assert found["intent"] == "price"
    assert found.get("plan_counts") == {"mi355x-8x": 2}


@pytest.mark.parametrize(
    ("text", "language", "engine"),
    [
        ("Und wenn wir statt vLLM SGLang nehmen?", "de", "sglang"),
        ("what if we run vllm instead of sglang?", "en", "vllm"),
        ("y si en vez de SGLang usamos vLLM?", "es", "vllm"),
    ],
)
def test_the_engine_left_behind_is_not_the_one_asked(text, language, engine):
    """Read: "statt vLLM SGLang": SGLang is the engine."""
    assert _read(text, language).get("engine") == engine


def test_all_in_on_rocm_accepts_amd():
    """Read: "On est 100 % ROCm de toute façon" rules CUDA-only out."""
    found = _read("Kimi K2 sur un serveur MI355X, ça passe ? On est 100 % ROCm.", "fr")
    assert found.get("cuda_only") is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Llama 3.3 70B, 20 usuarios, 32k. ¿Nos vale con una H200 o hacen falta más?", "es"),
        ("Qwen3 32B com 40 usuários, rola numa H200 só?", "pt-BR"),
        ("Qwen3 32B for 40 users, one H200 can or not?", "en"),
        ("Qwen3 32B for 40 users, will one H200 suffice?", "en"),
    ],
)
def test_whether_one_is_enough_in_regional_words(text, language):
    """Read: "¿nos vale con…?", "rola numa…?", "can or not?", "suffice?" ask whether it fits."""
    assert _read(text, language).get("asked") == "fits"


def test_fine_tune_full_is_a_full_fine_tune():
    """Read: "fine-tune full do Llama 3.1 8B" is the full method."""
    found = _read("quero fazer fine-tune full do Llama 3.1 8B, 2 épocas", "pt-BR")
    assert found.get("method") == "full"


# --- Round 64: today's figures beside the goal ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            (
                "Our current Llama 3.1 8B setup: p95 TTFT 2.1s, ITL 40ms. Target after the move: "
                "TTFT under 500ms and at least 45 tok/s per user."
            ),
            "en",
            "ttft_s",
            0.5,
        ),
        (
            (
                "Our current Llama 3.1 8B setup: p95 TTFT 2.1s, ITL 40ms. Target after the move: "
                "TTFT under 500ms and at least 45 tok/s per user."
            ),
            "en",
            "tokens_per_user_tok_s",
            45,
        ),
        (
            "现状：Qwen3 32B，压测 30 并发时 TTFT 3 秒。目标：TTFT 1 秒以内，每个用户 40 tok/s。",
            "zh-Hans",
            "ttft_s",
            1,
        ),
        (
            (
                "Сейчас Qwen3 32B держит 600 запросов в минуту. "
                "После переезда нужно 1 500 запросов в минуту."
            ),
            "ru",
            "requests_per_minute",
            1500,
        ),
        (
            "Heute: Qwen3 32B in BF16, 20 parallele Nutzer. Ziel: FP8 und 80 parallele Nutzer.",
            "de",
            "concurrency",
            80,
        ),
        (
            "Heute: Qwen3 32B in BF16, 20 parallele Nutzer. Ziel: FP8 und 80 parallele Nutzer.",
            "de",
            "precision",
            "fp8",
        ),
    ],
)
def test_the_goals_figures_take_the_place_of_todays(text, language, field, value):
    """Read: a figure said of today and again as the goal is the goal's."""
    assert _read(text, language).get(field) == value


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "Сейчас крутим Qwen3 32B на 4×A100, 35 одновременных. Хотим переехать, что нужно?",
            "ru",
            "concurrency",
            35,
        ),
        (
            "Today we serve Llama 3.1 8B to 50 concurrent users; we need a new home for it.",
            "en",
            "concurrency",
            50,
        ),
    ],
)
def test_todays_figures_stay_when_the_goal_says_none(text, language, field, value):
    """Read: today's load is the request when the goal restates no figure."""
    assert _read(text, language).get(field) == value


@pytest.mark.parametrize(
    ("text", "language", "budget"),
    [
        ("$52k/mo is more than what we pay today. Can you get it under $30k a month?", "en", 30000),
        ("월 $31,000은 예산 초과예요. 월 $20k 안쪽으로 맞출 수 있을까요?", "ko", 20000),
    ],
)
def test_our_price_said_to_be_too_much_then_a_ceiling(text, language, budget):
    """Read: the price over budget is ours said back; the amount after it is the ceiling."""
    found = _read(text, language)
    assert found.get("lever") == "cheaper"
    assert found.get("budget_usd_month") == budget


def test_single_h200s_said_as_units_in_french():
    """Read: "3 H200 unitaires sur un trimestre" prices three single H200 for three months."""
    found = _read("combien pour 4 H200 unitaires sur un trimestre ?", "fr")
    assert (found.get("plan_counts"), found.get("months")) == ({"h200-1x": 4}, 3)


# --- Round 65: chat shorthand ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("quote pls: 3x8mi355 + 2h200 for a year", "en", {"mi355x-8x": 3, "h200-1x": 2}),
        ("cotizame 5h200 sueltas x 6 meses", "es", {"h200-1x": 5}),
    ],
)
def test_counts_glued_to_the_gpu(text, language, plans):
    """Read: "3x8mi355" is three servers of eight MI355X; "x 6 meses" is a term, not a count."""
    assert _read(text, language).get("plan_counts") == plans


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("qwen3 32b, 30 ppl, one h200 enough or nah", "en", "fits"),
        ("llama 70b sur un mi355x c jouable", "fr", "fits"),
        ("mi355x 8x for 3 months, total pls", "en", "price"),
        ("qnto sai o hgx h200 por 2 meses", "pt-BR", "price"),
        ("combien pr 2 h200 sur 1 mois", "fr", "price"),
    ],
)
def test_questions_in_chat_shorthand(text, language, asked):
    """Read: "enough or nah", "c jouable" ask whether it fits; "total pls", "qnto sai" a price."""
    assert _read(text, language).get("asked") == asked


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("y not just the mi355x, cheaper no?", "en"),
        ("pq pas 2 h200 simples au lieu du hgx", "fr"),
    ],
)
def test_why_not_in_chat_shorthand(text, language):
    """Read: "y not", "pq pas … au lieu du" ask why not the other plan."""
    assert _read(text, language).get("lever") == "why_not"


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("фулл файнтюн qwen3 8b, 300м токенов", "ru", "method", "full"),
        ("прогнать 900 млн токенов через qwen3 32b, часов 8 есть", "ru", "deadline_hours", 8),
        ("3万份合同 每份差不多8千token 用qwen3 32b抽取", "zh-Hans", "input_tokens", 8000),
        ("tengo 90 mil pesos mx al mes para esto", "es", "budget_currency", "MXN"),
    ],
)
def test_shorthand_words_of_jobs_and_money(text, language, field, value):
    """Read: "фулл", "часов 8", "每份差不多8千token", "pesos mx"."""
    assert _read(text, language).get(field) == value


# --- Round 66: code-switched writing ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("我們研發部60個人要用coding助手，要幾張卡", "zh-Hant", "use_case", "coding"),
        (
            "我们要把说明书 translate 成英文，model 还没选，有什么推荐",
            "zh-Hans",
            "intent",
            "discover",
        ),
        (
            "呼叫中心有 200 位 agent，想給他們一個 copilot，model 用 Qwen3 32B",
            "zh-Hant",
            "headcount",
            200,
        ),
        ("見積もりお願いします。HGX H200 ×2、期間は 1 quarter です。", "ja", "months", 3),
        ("견적이 세네요. 더 cheap 한 구성 없을까요?", "ko", "lever", "cheaper"),
        ("單卡 H200 rent 半年 total 要多少？", "zh-Hant", "asked", "price"),
        ("なぜ単体の H200 を複数台じゃダメなんですか？", "ja", "lever", "why_not"),
        ("Gibt's was Günstigeres? ROCm ist für uns kein Dealbreaker.", "de", "cuda_only", False),
    ],
)
def test_english_words_inside_other_languages(text, language, field, value):
    """Read: an English word in a sentence of another language keeps its meaning."""
    assert _read(text, language).get(field) == value


def test_a_choice_and_its_negation_is_no_repository():
    """Read: "Deadline für unser Go/No-Go" names no Hub repository; the model stays."""
    found = _read("Modell: Qwen3-32B, 20 Nutzer. Deadline für unser Go/No-Go ist Freitag.", "de")
    assert found.get("model") == "Qwen/Qwen3-32B"
    assert found.get("hf_id") is None


# --- Rounds 67 and 68: institutions and studios ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "headcount"),
    [
        ("全校 1800 名学生、150 名老师，只给老师用，模型还没定，要什么配置？", "zh-Hans", 150),
        (
            "Tenemos 60 voluntarios y 3.000 familias atendidas. Un asistente para los voluntarios.",
            "es",
            60,
        ),
        (
            "São 12 mil alunos e 700 professores; o assistente é só para os professores.",
            "pt-BR",
            700,
        ),
    ],
)
def test_the_group_a_tool_is_for_is_the_head_count(text, language, headcount):
    """Read: of several groups counted, the one the tool is said to be for."""
    assert _read(text, language).get("headcount") == headcount


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("gpt-oss-120b, TTFT under 1s and at least 25 tok/s per nurse", "en"),
        ("Qwen3 32B, TTFT < 1 s y unos 25 tok/s por alumno", "es"),
    ],
)
def test_a_speed_per_member_of_staff_is_each_users(text, language):
    """Read: "25 tok/s per nurse", "por alumno" is each user's speed."""
    found = _read(text, language)
    assert found.get("tokens_per_user_tok_s") == 25
    assert found.get("throughput_tok_s") is None


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "What would one HGX H200 cost for 5 months? Need it for a requisition.",
            "en",
            "asked",
            "price",
        ),
        ("一部 MI355X 租三個月，總共幾多美金？", "zh-Hant", "asked", "price"),
        ("Devis : 2 HGX H200 pour 3 trimestres.", "fr", "months", 9),
        ("本院護理師約 600 位，想用 Qwen3-32B 做交班摘要", "zh-Hant", "headcount", 600),
        (
            "AI 튜터 사업 담당자입니다. Qwen3 8B를 LoRA로 튜닝하려 합니다. 데이터 1천만 토큰",
            "ko",
            "intent",
            "train",
        ),
    ],
)
def test_institutions_words(text, language, field, value):
    """Read: "what would one … cost", "幾多美金", "3 trimestres", "護理師", "담당자입니다"."""
    assert _read(text, language).get(field) == value


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "moderar el chat: unos 200 mensajes por segundo, sin modelo elegido",
            "es",
            "requests_per_minute",
            12000,
        ),
        (
            "gpt-oss-20b でチャット監視（登録ユーザーは 80 万人）。H200 で足りますか",
            "ja",
            "concurrency",
            None,
        ),
        (
            "Mobile game NPCs, 50k registered players, maybe 900 online at once",
            "en",
            "concurrency",
            900,
        ),
        ("а если KV-кэш сделать fp8?", "ru", "kv_dtype", "fp8"),
        ("Una agencia con 30 redactores, pensando en Mistral Large", "es", "headcount", 30),
    ],
)
def test_studios_words(text, language, field, value):
    """Read: messages per second are requests; registered players are no users at once."""
    assert _read(text, language).get(field) == value


# --- Review mends: what the new readers must leave alone ----------------------------------------


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("Queremos 32k de contexto, no 128k", "es", "context_tokens", 32768),
        ("Tenemos 200 empleados pero no 200 usuarios simultáneos", "es", "headcount", 200),
        ("40 users, no 24/7 load, Qwen3 32B", "en", "concurrency", 40),
        (
            "We don't want to buy hardware; we can spend $25k a month",
            "en",
            "budget_usd_month",
            25000,
        ),
        ("Our backend is PHP 8.2; budget 10000 USD per month", "en", "budget_currency", "USD"),
        ("3000 tok/s per worker with Qwen3 32B", "en", "throughput_tok_s", 3000),
        ("Is it correct that the MI300X has 192 GB?", "en", "cuda_only", None),
        ("Can you fit this under 2 GPUs?", "en", "lever", None),
        ("我们只有一名工程师负责部署，公司 200 人使用", "zh-Hans", "headcount", 200),
        ("presupuesto 20 mil al mes por 6 meses, 4 H200", "es", "months", 6),
        ("全校 2400 名学生、180 名老师，只给老师用", "zh-Hans", "concurrency", None),
        ("We go live in 2 quarters. Price for 2 HGX H200?", "en", "months", None),
    ],
)
def test_ordinary_text_the_new_readers_leave_alone(text, language, field, value):
    """Read: a denied number, a purchase ruled out, PHP the language, a limit stay as they are."""
    assert _read(text, language).get(field) == value


def test_the_goal_names_the_model_too():
    """Read: "Today Llama 3.1 8B for 20 users. We need 200 users with Llama 3.3 70B": the 70B."""
    found = _read("Today we run Llama 3.1 8B for 20 users. We need 200 users with Llama 3.3 70B.")
    assert (found.get("model"), found.get("concurrency")) == (
        "meta-llama/Llama-3.3-70B-Instruct",
        200,
    )
