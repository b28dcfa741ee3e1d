"""The thirty-sixth round: questions read by their shape where no word of a finder matched.

A question with no question word asks yes or no; a question about money asks the price; a
choice, a condition or a question word asks something else. A follow-up that names one GPU we
rent with a negation or a why-word asks why it was left out; a short one with a why-word,
words of an answer not followed, or how or where from a figure said back was reached asks to
explain the answer on the table; a price with a word that brings it down asks for the cheaper
way. Besides: counted things are no context, a per-document length past any window is the job's
total, a bound between a speed and its user, indifference and acceptance said before the
platform, a plan's total over a term with its GPU named. Every example is written for the test
(none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.questions import questions, yes_no_questions


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "yes_no"),
    [
        ("Qwen3 32B on one H200 with 64k, realistic?", True),
        ("一張 H200 頂得順 Qwen3 32B 嘛？", True),
        ("DeepSeek V3 на одном сервере — потянет ли", True),
        ("how many H200 for Qwen3 32B?", False),
        ("H200 or MI355X for Qwen3 32B?", False),
        ("and for 6 months?", False),
        ("那 B200 呢？", False),
        ("why not the H200?", False),
        ("Qwen3 32B, 32k, 20 users.", False),
    ],
)
def test_a_question_with_no_question_word_asks_yes_or_no(text, yes_no):
    """A question with no question word, choice, condition or why-word is a yes/no question."""
    assert bool(yes_no_questions(text.lower())) is yes_no


def test_a_sentence_without_a_question_mark_or_particle_asks_nothing():
    """A statement is no question; a particle at the end ("か", "吗") makes one."""
    assert questions("we need qwen3 32b. 20 users.") == []
    assert questions("h200 一張夠用吗") == ["h200 一張夠用吗"]
    assert questions("これで足りるか") == ["これで足りるか"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Mistral Small 3.2 auf einer einzelnen H200 mit 32k, realistisch?", "de"),
        ("gpt-oss-120b 一張 H200 頂得順嘛？", "zh-Hant"),
        ("Qwen3 32B em fp8 numa H200 avulsa, de boa?", "pt-BR"),
        ("Llama 3.3 70B sur une seule H200 en FP8, jouable ?", "fr"),
    ],
)
def test_a_yes_no_question_of_a_sizing_asks_fits(text, language):
    """Asked yes or no in words no finder lists, a sizing question asks whether it fits."""
    found = _read(text, language)
    assert found["intent"] == "size"
    assert found["asked"] == "fits"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("3 MI355X-Server plus 2 einzelne H200, Monatssumme?", "de"),
        ("deux serveurs HGX H200 et une H200 seule : montant mensuel ?", "fr"),
        ("Llama 3.3 70B на MI355X на полгода — итоговая цифра?", "ru"),
    ],
)
def test_a_question_about_money_asks_the_price(text, language):
    """A question holding a word of money asks the price, whatever verb asks it."""
    assert _read(text, language)["asked"] == "price"


def test_an_amount_in_total_of_a_spec_is_no_price():
    """Read: "1128 GB de HBM en total" counts memory: no price is asked."""
    found = _read("¿el servidor 8x H200 suma 1128 GB en total? para cargar DeepSeek V3", "es")
    assert found.get("asked") != "price"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("What about the Llama 3.3 70B, which setup would you recommend?", "en"),
        ("Llama 3.3 70B 要怎麼配比較好？", "zh-Hant"),
        ("Для Llama 3.3 70B что лучше взять?", "ru"),
        ("Llama 3.3 70B を B200 に載せるには？", "ja"),
    ],
)
def test_a_question_word_or_a_recommendation_asked_is_no_yes_no(text, language):
    """Which, how, what and a recommendation asked are no yes/no questions."""
    assert _read(text, language).get("asked") != "fits"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("La B200 aurait pas été mieux ?", "fr"),
        ("H200 就唔啱用？", "zh-Hant"),
        ("MI355X だとダメなんですか", "ja"),
        ("Und die H200, warum die nicht?", "de"),
        ("¿Y la MI355X? ¿Por qué ni la mencionaron?", "es"),
        ("なぜ H200 にしなかったんですか", "ja"),
    ],
)
def test_one_gpu_asked_about_with_a_negation_or_why_asks_why_not(text, language):
    """A follow-up naming one GPU we rent with a negation or a why-word asks why not."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")


def test_portuguese_no_is_in_the_not_a_negation():
    """Read: "e no MI355X?" is "and on the MI355X", a change of GPU, not why it was left out."""
    assert _read("e no MI355X, como fica?", "pt-BR").get("lever") != "why_not"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I don't get the 12 GB per user part", "en"),
        ("KV 那一行我不太懂", "zh-Hans"),
        ("Wie seid ihr auf die 35 tok/s gekommen?", "de"),
        ("Where does the 61 GB come from?", "en"),
        ("この 1.2 TB はどこから来たんですか？", "ja"),
        ("De onde veio esse 4,8 GB?", "pt-BR"),
        ("なぜ16枚も要るんですか？", "ja"),
    ],
)
def test_a_short_follow_up_not_followed_asks_to_explain(text, language):
    """An answer not followed, a why, or how or where from a figure came asks to explain it."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "explain")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("我们想给 50 个程序员搭个代码助手，模型还没定，怎么选？", "zh-Hans"),
        ("GoogleのTPUも検討中なんですが、御社ではTPUは扱っていますか？", "ja"),
        ("你能帮我干嘛？", "zh-Hans"),
        ("需要大約 1.5 TB 的 KV cache 來放超長對話，這樣該怎麼配？", "zh-Hant"),
        ("how many servers do I need to get ~800 GB of KV?", "en"),
    ],
)
def test_questions_of_their_own_are_no_explanation(text, language):
    """A proposal, a portfolio, a help or a figure asked keeps its own reading."""
    assert _read(text, language).get("lever") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("這個價格太硬了，可以壓低一點嗎", "zh-Hant"),
        ("can we bring the cost down a bit?", "en"),
        ("el precio se puede bajar?", "es"),
    ],
)
def test_a_price_brought_down_asks_for_the_cheaper_way(text, language):
    """A word of money with a word that lowers it asks for the cheaper plan."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


def test_how_much_in_chinese_is_no_lowering():
    """Read: "多少" holds "少" (less) but asks the amount: a total over a term, no cheaper lever."""
    assert _read("租半年的话总共多少钱？", "zh-Hans").get("lever") is None


def test_things_counted_are_no_context_and_a_total_is_the_job():
    """Read: "3.5M emails (about 1.4B tokens in total)": a job of 1.4B tokens, no context."""
    found = _read(
        "batch: classify 3.5M support emails (about 1.4B tokens in total) with gpt-oss-20b"
    )
    assert found.get("context_tokens") is None
    assert found["batch_tokens"] == 1_400_000_000


def test_a_length_before_items_named_later_stays_a_context():
    """Read: "32k context for contracts": the context word stands between; the length is kept."""
    assert _read("Llama 3.3 70B, 32k context for contracts, 20 users")["context_tokens"] == 32768


def test_a_bound_between_a_speed_and_its_user_keeps_it_each_users():
    """Read: "10 tok/s minimum par utilisateur" is each user's speed, not a total."""
    found = _read("Kimi-K2-Instruct, 15 tok/s minimum par utilisateur, 80 sessions", "fr")
    assert found["tokens_per_user_tok_s"] == 15
    assert found.get("throughput_tok_s") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Llama 3.3 70B, nos da igual CUDA o ROCm", "es"),
        ("Llama 3.3 70B, tanto faz ROCm ou CUDA pra gente", "pt-BR"),
        ("Llama 3.3 70B; a gente aceita ROCm sem drama", "pt-BR"),
        ("Llama 3.3 70B, nous acceptons ROCm", "fr"),
    ],
)
def test_indifference_or_acceptance_said_first_accepts_rocm(text, language):
    """Indifference to the platform or acceptance said before it accepts ROCm."""
    assert _read(text, language)["cuda_only"] is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("La H200 individuelle pendant 6 mois, ça fait combien au total ?", "fr"),
        ("単体のH200を半年借りると総額は？", "ja"),
    ],
)
def test_a_gpu_over_a_term_with_its_total_asked_is_a_price(text, language):
    """A GPU named over a term with its total asked prices that GPU's plans for the term."""
    assert _read(text, language)["intent"] == "price"


def test_why_not_one_server_named_with_an_article_stays_a_follow_up():
    """Read: "pourquoi pas un serveur MI355X ?": one server is the GPU's plan, no fleet."""
    found = _read("Et pourquoi pas un serveur MI355X ?", "fr")
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")


def test_gpus_rented_asked_in_russian_is_the_portfolio():
    """Read: "в аренду не даёте?" asks whether we rent it, not its price."""
    assert _read("A100 в аренду не даёте?", "ru")["intent"] == "knowledge"


def test_a_kind_we_do_not_size_with_what_to_rent_asked_is_sized():
    """A speech model with "要租什麼" asks what to run it on, not for a salesperson."""
    assert _read("想用 Whisper 做會議轉錄，要租什麼？", "zh-Hant")["intent"] == "size"


def test_an_in_house_chatgpt_is_a_chat_use():
    """Read: "內部版 ChatGPT" is a chat assistant, said before or after the model."""
    found = _read("公司 120 人要用內部版 ChatGPT，模型用 Qwen3 32B", "zh-Hant")
    assert found["use_case"] == "chat"


# --- The thirty-seventh round: the kinds a further fresh set showed (written for the tests) ---


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "label 60M tweets (~120 tokens each) with Llama 3.1 8B, the window is roughly 40 hours",
            "en",
            40,
        ),
        ("Нужно прогнать 900 млн токенов через Qwen3-32B, срок - трое суток", "ru", 72),
        ("Offline-Job: 2 Mrd. Tokens mit Llama 3.1 8B, wir haben eine Woche Zeit", "de", 168),
        ("Llama 3.1 8B로 10억 토큰 배치, 데드라인 이틀이면 몇 장?", "ko", 48),
    ],
)
def test_a_length_of_time_beside_a_job_is_its_deadline(text, language, hours):
    """A job's only length of time is its deadline, whatever words lead it."""
    assert _read(text, language)["deadline_hours"] == hours


def test_a_length_of_time_beside_a_chat_service_is_no_deadline():
    """No job, no deadline: "同一時間" holds "一時間" and a chat service is no batch."""
    found = _read("Gemma 3 27B 做客服，同一時間大約 40 位同事會用，上下文 16K", "zh-Hant")
    assert found.get("deadline_hours") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Et la B200, pourquoi vous l'avez mise de côté ?", "fr"),
        ("Почему не H200? У нас весь код на CUDA", "ru"),
        ("點解唔用 H200 呀？我哋全部都係 CUDA", "zh-Hant"),
        ("E por que nao a MI355X, ja que a gente aceita ROCm?", "pt-BR"),
    ],
)
def test_a_why_with_one_gpu_asks_why_not_whatever_platform_comes_along(text, language):
    """A why-word with one GPU asks why not, a platform said beside it or not."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")


def test_everything_on_cuda_requires_cuda():
    """Read: "我哋全部都係 CUDA": the stack is CUDA, ROCm ruled out."""
    assert _read("點解唔用 H200 呀？我哋全部都係 CUDA", "zh-Hant")["cuda_only"] is True


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        (
            "gpt-oss-120b mit 30 Tokens pro Sekunde pro Nutzer, geht das auf einer MI355X?",
            "de",
            "fits",
        ),
        ("A100 대비 H200이 Llama 3.3 70B에서 얼마나 빨라요?", "ko", "speed"),
        ("a MI355X por 4 meses, dá quanto no total?", "pt-BR", "price"),
    ],
)
def test_a_speed_said_with_its_number_is_a_target_not_asked(text, language, asked):
    """Read: "30 Tokens pro Sekunde" is a target; "얼마나 빨라요" asks the speed."""
    assert _read(text, language)["asked"] == asked


def test_a_target_statement_asks_no_speed():
    """Targets stated with no question open with their verdicts, not a speed asked."""
    assert _read("Qwen3 32B, 40 tok/s per user, TTFT under 500 ms").get("asked") is None


@pytest.mark.parametrize(
    ("text", "language", "months"),
    [
        ("¿Cuánto sale tener 3 H200 individuales todo el año?", "es", 12),
        ("Eine einzelne H200 für ein Dreivierteljahr, was kostet das?", "de", 9),
    ],
)
def test_terms_said_as_a_whole_year_or_three_quarters(text, language, months):
    """Read: "todo el año" is twelve months, "ein Dreivierteljahr" nine."""
    assert _read(text, language)["months"] == months


def test_a_window_said_of_sessions_is_a_context_not_people():
    """Read: "how many 128k sessions fit": a 128K context asked as KV room, no 128,000 users."""
    found = _read("Qwen3 235B on an MI355X box, how many 64k sessions fit at once?")
    assert found["context_tokens"] == 65536
    assert found.get("concurrency") is None
    assert found["asked"] == "kv"


def test_input_said_as_tokens_to_the_input_in_russian():
    """Read: "4000 токенов на вход": the prompt's length."""
    found = _read("DeepSeek-V3, в среднем 3000 токенов на вход и 500 на выход", "ru")
    assert (found["input_tokens"], found["output_tokens"]) == (3000, 500)


def test_a_price_too_high_in_a_short_follow_up_asks_cheaper_but_not_of_a_provider():
    """Read: "Está carísimo" alone asks for less; said of another provider's API it does not."""
    assert _read("Está carísimo, che. Bajame eso", "es")["lever"] == "cheaper"
    found = _read(
        "Probamos la API de OpenAI pero sale carísimo. Queremos LoRA sobre Qwen3-8B con "
        "50M tokens, 2 épocas.",
        "es",
    )
    assert found.get("lever") is None


def test_agents_counted_in_korean_are_staff_not_a_person_asked():
    """Read: "상담원 150명이 쓸 요약 도구": the agents the tool is for, a use to propose for."""
    found = _read("콜센터 상담원 200명이 쓸 통화 요약 도구를 만들려고 해요. 모델은 아직", "ko")
    assert found["intent"] == "discover"


# --- The thirty-eighth round: the kinds a third fresh set showed (written for the tests) ------


@pytest.mark.parametrize(
    ("text", "language", "tokens"),
    [
        ("周末想把6000万token的工单用 gpt-oss-20b 打个标签，周一要结果", "zh-Hans", 6e7),
        ("переварить 40 млн токенов логов моделью Llama 3.1 8B за ночь", "ru", 4e7),
        ("Job em lote: 30 mi de tokens com Qwen3-32B", "pt-BR", 3e7),
        ("Traitement par lots de 70 M de tokens avec gpt-oss-120b", "fr", 7e7),
    ],
)
def test_tokens_past_any_window_with_a_job_are_the_job(text, language, tokens):
    """Tens of millions of tokens are past any model's window: a job, never a context."""
    found = _read(text, language)
    assert found["batch_tokens"] == tokens
    assert found.get("context_tokens") is None


def test_ten_million_tokens_with_a_context_word_stay_a_context():
    """Read: "10M context" is the longest window a model reads, not a job."""
    found = _read("Llama 4 Scout with 10M context, 2 users")
    assert found["context_tokens"] == 10 * 1024 * 1024
    assert found.get("batch_tokens") is None


def test_russian_counts_said_after_their_unit():
    """Read: "часов за 8" is about eight hours; "тысяч 10" about ten thousand."""
    found = _read("за ночь, часов за 6, переварить 30 млн токенов моделью Llama 3.1 8B", "ru")
    assert found["deadline_hours"] == 6
    found = _read("нужно тысяч 12 токенов в секунду суммарно на gpt-oss-120b", "ru")
    assert found["throughput_tok_s"] == 12000


def test_a_latency_per_output_token_and_a_latency_budget():
    """Read: "25ms per output token" is 40 tok/s each; a latency budget is no money."""
    found = _read("Latency budget: 20ms per output token, 12 streams, Llama 3.1 8B")
    assert found["tokens_per_user_tok_s"] == 50
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_a_numbered_list_of_targets_keeps_each_figure():
    """Items numbered "1." "2." "3." are no numbers: each target keeps its own figure."""
    found = _read(
        "SLA：\n1. 首 token ≤ 1 秒\n2. 单用户输出 ≥ 30 tok/s\n3. 总吞吐 6000 tok/s\n模型 Qwen3-32B",
        "zh-Hans",
    )
    assert found["ttft_s"] == 1
    assert found["tokens_per_user_tok_s"] == 30
    assert found["throughput_tok_s"] == 6000
    assert found.get("output_tokens") is None
    assert found.get("asked") is None


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Qwen3 32B on the MI355X box: how many full-length 64k contexts fit at once?", "kv"),
        ("what's the monthly for two MI355X servers?", "price"),
        (
            "we run 8x A100 for Llama 3.3 70B; how many of your MI355Xs would replace that?",
            "gpu_count",
        ),
        ("Só por 1 mês, MI355X, Llama 3.3 70B. Quanto?", "price"),
    ],
)
def test_the_figure_asked_in_more_shapes(text, asked):
    """Words between "how many" and what is counted, "the monthly", a one-word "Quanto?"."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    ("text", "plans"),
    [
        ("报价：\nMI355X 整机 ×3\nH200 单卡 ×2\n按月付", {"mi355x-8x": 3, "h200-1x": 2}),
        ("單卡 H200 開 4 台，每月多少？", {"h200-1x": 4}),
    ],
)
def test_plans_counted_in_a_list_or_with_a_verb(text, plans):
    """A count after "×" belongs to the plan before it; "開 4 台" counts the plan named."""
    assert _read(text)["plan_counts"] == plans


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("а чё не B200, он же быстрее?", "ru"),
        ("怎麼不是 MI355X？我們流量很小", "zh-Hant"),
        ("MI355X にしない理由を教えてください", "ja"),
        ("Et la H200, pourquoi vous l'avez laissée de côté ?", "fr"),
    ],
)
def test_why_not_asked_with_a_reason_a_colloquial_why_or_you(text, language):
    """A reason asked, "чё не", or a why asked of you about one GPU asks why not."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")


def test_a_long_why_about_a_gpu_without_you_stays_its_question():
    """Read: "why is the HGX H200 rented only as a whole server?" is no lever."""
    assert _read("why is the HGX H200 rented only as a whole server?").get("lever") is None


def test_a_full_fine_tune_in_japanese_keeps_a_reduced_model():
    """Read: "フルファインチューニング" is the method, not the full release of "GLM-4.5-Air"."""
    found = _read("GLM-4.5-Air のフルファインチューニング、トークン数は約 3億", "ja")
    assert found["model"] == "zai-org/GLM-4.5-Air"
    assert found.get("params_b") is None


def test_a_mention_of_support_staff_is_no_use():
    """Read: "@FullGPU客服" asks someone; the use is the knowledge base named."""
    found = _read("公司800人，想做内部知识库问答（RAG）\n@FullGPU客服 怎么选？", "zh-Hans")
    assert found["use_case"] == "rag"


@pytest.mark.parametrize(
    ("text", "language", "term"),
    [("TPOT가 정확히 뭔가요?", "ko", "tpot"), ("Ça veut dire quoi « TTFT » ?", "fr", "ttft")],
)
def test_definitions_asked_in_new_words(text, language, term):
    """Read: "정확히 뭔가요", "ça veut dire quoi" ask what a term means."""
    found = _read(text, language)
    assert (found["intent"], found.get("topic"), found.get("term")) == (
        "knowledge",
        "glossary",
        term,
    )


def test_a_gpu_switched_to_in_chinese_is_a_follow_up():
    """Read: "换 B200 跑会怎样？" changes the GPU of the plan on the table."""
    found = _read("换 B200 跑会怎样？", "zh-Hans")
    assert (found["intent"], found["gpus"]) == ("followup", ["b200"])


def test_when_we_can_log_in_after_paying_is_delivery():
    """Read: "when can we actually ssh in?" asks when the server is ready."""
    assert _read("if we pay today, when can we actually ssh in?")["topic"] == "delivery"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Quisiera alquilar por un mes para probar, ¿se puede?", "es"),
        ("Posso alugar por um mês só pra testar?", "pt-BR"),
    ],
)
def test_one_month_asked_alone_is_the_shortest_term(text, language):
    """A month asked with nothing on the table asks the minimum term, the page's answer."""
    found = _read(text, language)
    assert (found["intent"], found["topic"]) == ("knowledge", "minimum_term")


def test_one_month_said_as_a_change_stays_a_follow_up():
    """Read: "and for 1 month?" changes the term of the plan on the table."""
    assert _read("and for 1 month?")["intent"] == "followup"


# --- The thirty-ninth round: the kinds a fourth fresh set showed (written for the tests) ------


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("quote: one 8x MI355X for 3 months", "en", {"mi355x-8x": 1}),
        (
            "租 2 台 8 卡 MI355X 再加 1 台單卡 H200，月費多少？",
            "zh-Hant",
            {"mi355x-8x": 2, "h200-1x": 1},
        ),
        ("клиенту нужны два восьмикарточных сервера H200, итог в месяц?", "ru", {"h200-8x": 2}),
        ("Tarif pour un seul serveur MI355X sur trois mois ?", "fr", {"mi355x-8x": 1}),
        ("Reicht ein einziger MI355X-Server für Qwen3 235B?", "de", {"mi355x-8x": 1}),
        ("Сколько за полгода аренды одного сервера 8×H200?", "ru", {"h200-8x": 1}),
    ],
)
def test_servers_counted_with_their_eight_gpus_or_one_alone(text, language, plans):
    """Read: "one 8x MI355X", "8 卡", "восьмикарточных", "un seul serveur" count servers."""
    assert _read(text, language)["plan_counts"] == plans


def test_a_deadline_is_no_one_day_read_from_end():
    """Read: "5 days end to end" is 120 hours ("en" + "d" is no day)."""
    found = _read("batch run: 1B tokens through gpt-oss-20b, 4 days end to end")
    assert found["deadline_hours"] == 96


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "Trabajo batch: mil millones de tokens con Llama 3.1 8B, listo en un día y medio",
            "es",
            36,
        ),
        ("Batch job, 2B tokens with Llama 3.1 8B, done in a day and a half", "en", 36),
    ],
)
def test_a_day_and_a_half(text, language, hours):
    """Read: "un día y medio", "a day and a half" are 36 hours."""
    assert _read(text, language)["deadline_hours"] == hours


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("直接租單張 H200 不就好了，為什麼推這台 8 卡的？", "zh-Hant"),
        ("Pourquoi vous n'avez pas pris la B200 ? elle est dispo en stock, non ?", "fr"),
    ],
)
def test_why_the_pick_is_why_not_whatever_page_topic_comes_along(text, language):
    """A why asked of the pick or of you is why not, a stock or server topic beside it."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "why_not")


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Qwen3-8B 풀 파인튜닝 하려는데 H200 1장이면 충분?", "ko", "fits"),
        ("Roda o Qwen3-32B numa H200 só, com contexto de 64k?", "pt-BR", "fits"),
        ("预算 2w刀/月，Qwen3-32B 开 32K 上下文能跑几路？", "zh-Hans", "users"),
        ("Гоняем DeepSeek-R1 на H800. Сколько ваших H200 нужно на замену?", "ru", "gpu_count"),
    ],
)
def test_figures_asked_in_a_condition_with_an_article_and_in_streams(text, language, asked):
    """A fit asked after a condition, Portuguese "o" as no choice, "几路", "ваших"."""
    assert _read(text, language)["asked"] == asked


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("where exactly does the 48 GB of weights in your answer come from", "en"),
        ("16 GPU pour un modèle pareil ?? j'aimerais comprendre le calcul", "fr"),
    ],
)
def test_explanations_asked_in_more_words(text, language):
    """Read: "where exactly does … come from", "comprendre le calcul" ask to explain."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "explain")


def test_a_price_said_back_to_be_explained_is_no_budget():
    """Read: "US$23,900 這個數字是怎麼來的" asks about the answer's price, no budget."""
    found = _read("可以解釋一下每月 US$19,900 這個數字是怎麼來的嗎", "zh-Hant")
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None
    assert _read("budget is $20k, explain why 2 servers")["budget_usd_month"] == 20000


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("那如果 KV cache 换成 FP8 呢", "zh-Hans", "kv_dtype", "fp8"),
        ("Llama 3.3 70B в фп8, контекст 32к", "ru", "precision", "fp8"),
        ("LoRA 라마 3.3 70B, 토큰 1억 개, 에폭은 2", "ko", "epochs", 2),
        ("Meta: TTFT p95 < 1,5s com Llama-3.1-8B-Instruct", "pt-BR", "ttft_s", 1.5),
        ("Llama 3.3 70B avec nonante utilisateurs simultanés", "fr", "concurrency", 90),
        (
            "procesar ochocientos millones de tokens con Llama 3.1 8B en 2 días",
            "es",
            "batch_tokens",
            8e8,
        ),
    ],
)
def test_fields_said_in_new_forms(text, language, field, value):
    """A change to FP8 KV, Cyrillic formats, a Korean topic particle, p95, Belgian tens."""
    assert _read(text, language)[field] == value


@pytest.mark.parametrize(
    ("text", "language", "topic"),
    [
        ("付款以后几天能用上机器？", "zh-Hans", "delivery"),
        ("有没有文档链接？", "zh-Hans", "calculator"),
    ],
)
def test_page_topics_in_new_words(text, language, topic):
    """Days until usable after paying is delivery; our documentation link is the calculator."""
    assert _read(text, language)["topic"] == topic


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        ("사내 문서 300만 건으로 RAG 하려는데 뭐 빌려야 해요?", "ko", "rag"),
        ("у нас 40 разработчиков, хотим свой копилот. что посоветуете?", "ru", "coding"),
    ],
)
def test_company_documents_are_no_docs_link_and_a_copilot_in_cyrillic(text, language, use):
    """A company's own 문서 are its documents; "копилот" is a coding assistant."""
    found = _read(text, language)
    assert (found["intent"], found["use_case"]) == ("discover", use)


def test_staff_abbreviated_in_german_is_a_head_count():
    """Read: "600 MA" (Mitarbeiter) is the head count; "Gemma 4" holds no "MA"."""
    assert _read("Firma mit 450 MA, wir wollen ein internes ChatGPT", "de")["headcount"] == 450
    found = _read("社員3000人です。Gemma 4 を全社展開したい", "ja")
    assert found.get("concurrency") is None


def test_a_salutation_after_a_subject_line_asks_for_no_person():
    """Read: "件名：… ご担当者様" addresses the letter; the sizing asked stays one."""
    found = _read(
        "件名：ご相談\n\nFullGPU ご担当者様\n\n"
        "5億トークンのバッチ推論を Llama 3.1 8B で、24時間以内に。",
        "ja",
    )
    assert found["intent"] == "size"


# --- The fortieth round: the kinds a fifth fresh set showed (written for the tests) -----------


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        ("每天凌晨 1 点开跑，2 亿 token，早上 7 点前出结果，模型 gpt-oss-120b", "zh-Hans", 6),
        ("週六晚上 9 點跑到週日早上 9 點，1 億 token，Llama-3.1-8B-Instruct", "zh-Hant", 12),
        ("夜間バッチ：1億トークンを23時〜翌朝5時の間に。Qwen3-32B", "ja", 6),
        (
            "batch: resumir 200 millones de tokens, arrancamos a las 21 h y listo mañana a las 9",
            "es",
            12,
        ),
        ("500M tokens through Llama 3.1 8B over the weekend, Fri 8pm to Mon 8am", "en", 60),
        ("batch: 300M tokens with Qwen3-32B, start at 10pm, done by 6am", "en", 8),
    ],
)
def test_a_job_window_said_as_two_clock_times(text, language, hours):
    """Two clock times beside a job are its window: wrapping midnight, weekdays counted."""
    found = _read(text, language)
    assert found["deadline_hours"] == hours
    assert found.get("requests_per_minute") is None


def test_clock_times_without_a_job_are_no_deadline():
    """Read: "we open at 9am and close at 6pm" beside a chat service is no job window."""
    found = _read("Llama 3.3 70B chat for our shop, we open at 9am and close at 6pm, 20 users")
    assert found.get("deadline_hours") is None


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("нам бы 3 штуки HGX H200 на полгода — итого?", "ru", {"h200-8x": 3}),
        ("采购单：\n| 配置 | 数量 |\n| HGX H200 | 2 |\n报个总价", "zh-Hans", {"h200-8x": 2}),
        ("| team | plan | qty |\n| ml | mi355x-8x | 4 |\nmonthly?", "en", {"mi355x-8x": 4}),
    ],
)
def test_plans_counted_in_pieces_and_table_rows(text, language, plans):
    """Read: "3 штуки HGX H200" and a table's quantity cell count the plans."""
    assert _read(text, language)["plan_counts"] == plans


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("QLoRA Llama-3.1-8B на H200, токенов миллионов тридцать", "ru", "tokens", 3e7),
        (
            "classificar um bilhão e meio de tokens com o llama 3.1 8b em três dias",
            "pt-BR",
            "batch_tokens",
            1.5e9,
        ),
    ],
)
def test_scales_said_after_their_count_or_with_a_half(text, language, field, value):
    """Read: "миллионов тридцать" is thirty million; "um bilhão e meio" 1.5 billion."""
    assert _read(text, language)[field] == value


@pytest.mark.parametrize(
    ("text", "language", "lever"),
    [
        ("Das ist ja Wucher. Was ist die billigste Variante?", "de", "cheaper"),
        ("最便宜的方案是什么？", "zh-Hans", "cheaper"),
        ("KV 캐시 계산 근거가 뭐예요?", "ko", "explain"),
    ],
)
def test_superlatives_and_a_calculation_asked(text, language, lever):
    """The cheapest asked by a superlative; a term of this answer's calculation explained."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", lever)


def test_a_term_asked_alone_stays_a_definition():
    """Read: "what is the KV cache?" is the glossary, not this answer's calculation."""
    found = _read("what is the KV cache?")
    assert (found["intent"], found.get("topic")) == ("knowledge", "glossary")


@pytest.mark.parametrize(
    ("text", "language", "topic"),
    [
        ("C'est quoi exactement le TTFT ?", "fr", "glossary"),
        (
            "can I rent just some of the MI355X GPUs instead of the whole box?",
            "en",
            "whole_server_only",
        ),
    ],
)
def test_page_questions_in_more_words(text, language, topic):
    """Read: "c'est quoi exactement", "just some of the GPUs instead of the whole box"."""
    assert _read(text, language)["topic"] == topic


def test_a_total_said_as_added_up():
    """Read: "兩個月加起來多少" asks the price of the two months."""
    assert _read("單張 H200 跑 Qwen3-32B，兩個月加起來多少", "zh-Hant")["asked"] == "price"


# --- The forty-first round: the kinds a sixth fresh set showed (written for the tests) --------


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        ("overnight job: 1B tokens with Llama 3.1 8B, window is 9pm to 5am", "en", 8),
        ("прогнать 500 млн токенов за выходные — с пятницы 20:00 до понедельника 8:00", "ru", 60),
        ("2 Mrd. Tokens über Nacht durch Qwen3-32B, von 22 bis 6 Uhr", "de", 8),
        ("job por lotes: 20M tokens con Qwen3-30B-A3B, en 5 hs max", "es", 5),
    ],
)
def test_windows_said_overnight_with_weekdays_and_leads(text, language, hours):
    """A window's clock times beat "overnight"; weekdays in other cases; "von … bis", "hs"."""
    assert _read(text, language)["deadline_hours"] == hours


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("H200 нужна на 2 месяца под проект, дальше не нужна. Так можно?", "ru"),
        ("4개월만 쓰고 반납해도 되나요?", "ko"),
    ],
)
def test_a_term_asked_whether_allowed_is_the_shortest_term(text, language):
    """A term asked whether allowed is answered by the minimum term, not priced."""
    found = _read(text, language)
    assert (found["intent"], found["topic"]) == ("knowledge", "minimum_term")


def test_a_term_with_its_price_asked_stays_a_price():
    """Read: "H200 for 3 months, how much?" prices the term."""
    assert _read("H200 for 3 months, how much?")["intent"] == "price"


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        ("那如果只租兩季呢？", "zh-Hant", "months", 6),
        ("3 VM H200 unitaires + 1 HGX, combien par mois ?", "fr", "asked", "price"),
        ("Warum keine H200? Wir sind ein reines CUDA-Haus", "de", "cuda_only", True),
        ("ajuste completo de Qwen3-1.7B, 10 millones de tokens", "es", "method", "full"),
    ],
)
def test_terms_prices_platforms_and_methods_in_new_words(text, language, field, value):
    """Read: "兩季", "combien par mois", "reines CUDA-Haus", "ajuste completo"."""
    assert _read(text, language)[field] == value


@pytest.mark.parametrize(
    ("text", "language"),
    [("а есть вариант побюджетнее?", "ru"), ("預算有限，可以降規嗎？", "zh-Hant")],
)
def test_cheaper_asked_as_more_budget_or_a_lower_spec(text, language):
    """Read: "побюджетнее", "降規" ask the cheaper way."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


def test_single_h200_counted_with_tsu():
    """Read: "単体のH200を4つ" counts four single H200 machines."""
    assert _read("単体のH200を4つ借りたら月額合計は？", "ja")["plan_counts"] == {"h200-1x": 4}


def test_how_you_came_to_the_figure_in_german():
    """Read: "Wie seid ihr auf die Zahl gekommen?" asks how this answer was reached."""
    found = _read("Wie seid ihr auf die Zahl gekommen?", "de")
    assert (found["intent"], found.get("lever")) == ("followup", "explain")
