"""The fifty-first round: a job's total said in tokens, answers per item, staff and founders.

A count of tokens is a job's total, not a count of documents, and the answer's length said per
item after its word is the output; "cada uma com uns 350 tokens" is each document's length; a
time frame is a deadline; a conversation is a user; "1º token" is the first token; the daily
users of a product are its people; the writer's word of not being technical asks nothing to be
explained; a price per user is no budget; a model left behind for another is not the one sized;
a question relayed from the sales desk asks for no one; "A不A" asks, it does not deny. Every
example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "total", "output"),
    [
        (
            "合計 6 億 tokens 的工單要打標籤，用 Qwen3-32B，輸出很短，每筆約 15 tokens，兩天內",
            "zh-Hant",
            6e8,
            15,
        ),
        (
            (
                "전체 3억 토큰 분량의 리뷰를 Qwen3-30B-A3B로 분류합니다. "
                "출력은 건당 10토큰 정도, 이틀 안에"
            ),
            "ko",
            3e8,
            10,
        ),
    ],
)
def test_a_count_of_tokens_is_the_jobs_total(text, language, total, output):
    """Tokens counted are the whole job; the per-item figure after "output" is its answer."""
    found = _read(text, language)
    assert found.get("batch_tokens") == total
    assert found.get("output_tokens") == output
    assert found.get("input_tokens") is None


@pytest.mark.parametrize(
    ("text", "language", "output"),
    [
        (
            (
                "約 5 万件の日報（1 件あたり 1,200 トークン）を要約。"
                "出力は 1 件 150 トークンくらい。Qwen3-32B で 24 時間以内に"
            ),
            "ja",
            150,
        ),
        (
            (
                "90k support tickets, each about 2k tokens, to classify with Llama 3.1 8B; "
                "summaries ~120 tokens, done by tomorrow"
            ),
            "en",
            120,
        ),
    ],
)
def test_the_answers_length_per_item_is_the_output(text, language, output):
    """Read: "出力は 1 件 150 トークン", "summaries ~120 tokens": the answer's length, not one."""
    assert _read(text, language).get("output_tokens") == output


def test_each_documents_length_said_with_a_word_of_having():
    """Read: "cada uma com uns 800 tokens": each document's length, the documents counted."""
    found = _read(
        "São 400 mil notas fiscais, cada uma com uns 800 tokens, pra extrair campos com o "
        "Qwen3-32B em 3 dias",
        "pt-BR",
    )
    assert found.get("input_tokens") == 800
    assert found.get("deadline_hours") == 72


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "Wir wollen ein 7B-Modell vortrainieren, 100 Mrd. Tokens. Zeitrahmen: 4 Wochen.",
            "de",
            672,
        ),
        (
            "Pretrain a 3B dense model on 50B tokens, timeframe 2 weeks. How many MI355X servers?",
            "en",
            336,
        ),
    ],
)
def test_a_time_frame_is_the_deadline(text, language, hours):
    """Read: "Zeitrahmen", "timeframe": the time the job must fit in."""
    assert _read(text, language).get("deadline_hours") == hours


def test_a_speed_per_conversation_is_each_users():
    """Read: "20 tokens/s par conversation": the speed each user sees."""
    found = _read(
        "Qwen3-32B, 40 conversations simultanées, au moins 25 tokens/s par conversation", "fr"
    )
    assert found.get("tokens_per_user_tok_s") == 25
    assert found.get("throughput_tok_s") is None


def test_the_first_token_written_with_an_ordinal_is_ttft():
    """Read: "1º token em até 0,8 s": time to first token."""
    found = _read("Llama 3.3 70B, 30 usuários, 1º token em até 0,8 s", "pt-BR")
    assert found.get("ttft_s") == 0.8


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        (
            "我们是一个健身 App，日活大约 8000 人，想加个 AI 教练聊天，预算有限，有推荐吗？",
            "zh-Hans",
            8000,
        ),
        (
            "Our app has a DAU of about 12k and we want an AI chat helper. What would you suggest?",
            "en",
            12000,
        ),
        (
            "앱 일일 활성 사용자 3만 명 규모인데, 상담 챗봇을 붙이고 싶어요. 추천해 주세요",
            "ko",
            30000,
        ),
    ],
)
def test_daily_active_users_are_people_not_users_at_once(text, language, people):
    """A product's daily users are its people: a proposal for them, none at once."""
    found = _read(text, language)
    assert found.get("headcount") == people
    assert found.get("concurrency") is None
    assert found["intent"] == "discover"


def test_sales_staff_counted_with_a_measure_word():
    """Read: "420 位業務": the people who will use it."""
    found = _read("他們有 420 位業務要用 Qwen3-32B 寫報價信，大概要租什麼？", "zh-Hant")
    assert found.get("headcount") == 420


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "我们开了一家宠物医院连锁，我不懂技术。想做个能在微信里回答客户问题的助手，有什么推荐？",
            "zh-Hans",
        ),
        (
            (
                "Tenho uma rede de pet shops e não entendo nada de GPU. Quero um assistente que "
                "responda os clientes. O que vocês recomendam?"
            ),
            "pt-BR",
        ),
    ],
)
def test_not_being_technical_asks_no_explanation(text, language):
    """The writer's word of not being technical is no answer's figure not followed."""
    found = _read(text, language)
    assert found["intent"] == "discover"
    assert found.get("lever") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "Держим сеть ветклиник. Нужен ИИ, который будет отвечать клиентам и записывать на "
                "приём. Что нужно арендовать?"
            ),
            "ru",
        ),
        (
            (
                "We run 6 dental practices and want a bot answering patients and booking visits. "
                "What do we need to rent?"
            ),
            "en",
        ),
    ],
)
def test_answering_a_business_customers_is_support(text, language):
    """Answering patients or customers and taking bookings: a support desk to propose for."""
    found = _read(text, language)
    assert found["intent"] == "discover"
    assert found.get("use_case") == "support"


def test_pesos_of_the_country_named_without_a_budget_word():
    """Read: "200 mil pesos al mes" from Monterrey: Mexican pesos, no budget word needed."""
    found = _read(
        "Somos una tienda en línea de Monterrey, tenemos 200 mil pesos al mes para un bot de "
        "atención al cliente. ¿Qué nos recomiendan?",
        "es",
    )
    assert (found.get("budget_amount"), found.get("budget_currency")) == (200000, "MXN")
    assert found["intent"] == "discover"


def test_a_price_per_user_is_no_budget():
    """Read: "20 $ par utilisateur" is what a subscription costs, not a budget."""
    found = _read(
        "Nous voulons Qwen3-32B pour 900 salariés ; il remplacera une licence à 20 $ par "
        "utilisateur.",
        "fr",
    )
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_a_workout_is_no_training():
    """Read: "monte treinos": workouts built for gym members, no model trained."""
    found = _read(
        "Tenho academias e quero um app que monte treino para 10 mil alunos. Por onde começo?",
        "pt-BR",
    )
    assert found["intent"] != "train"
    assert found.get("training") is None


def test_of_the_in_portuguese_is_no_two():
    """Read: "dúvidas dos clientes": "dos" is "of the" in Portuguese, no two users."""
    assert (
        _read("Quero um bot que tire dúvidas dos clientes da loja", "pt-BR").get("concurrency")
        is None
    )


@pytest.mark.parametrize(
    ("text", "language", "model"),
    [
        (
            (
                "Hoy usamos Llama 3.1 8B en 8 A100 (8 tarjetas), pero queremos pasar a Qwen3-32B, "
                "30 usuarios"
            ),
            "es",
            "Qwen/Qwen3-32B",
        ),
        (
            "现在跑的是 Qwen3-32B，想换成 Llama 3.3 70B，同时 20 人",
            "zh-Hans",
            "meta-llama/Llama-3.3-70B-Instruct",
        ),
    ],
)
def test_the_model_moved_to_is_the_one_sized(text, language, model):
    """A model run today and one moved to: the second is sized, alone."""
    found = _read(text, language)
    assert found.get("model") == model
    assert found.get("members") is None
    assert found.get("gpu_count") is None


def test_a_count_in_brackets_after_hardware_we_do_not_rent_is_theirs():
    """Read: "H100 (16 GPUs)": their cluster, no GPUs of ours counted."""
    found = _read(
        "We run Qwen3-32B on H100 (16 GPUs) today, 50 users. What would it take here?", "en"
    )
    assert found.get("gpu_count") is None
    assert found.get("unrented_gpu") == "h100"


def test_a_question_relayed_from_the_sales_desk_asks_for_no_one():
    """Read: "Rückfrage aus dem Vertrieb": our sales desk asking, the customer's plan too dear."""
    found = _read(
        "Rückfrage aus dem Vertrieb: 3× HGX H200 sind dem Kunden zu teuer. Was wäre die "
        "günstigste Variante?",
        "de",
    )
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"


def test_cost_put_first_is_the_cheaper_lever():
    """Read: "コスト優先で再検討": the plan on the table, made cheaper."""
    found = _read("先ほどの構成、コスト優先で再検討いただけますか。", "ja")
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("单卡 H200 租一年，一共多少钱？签一年有没有折扣？", "zh-Hans"),
        ("Один сервер 8× H200 на 6 месяцев: итоговая сумма и есть ли скидка?", "ru"),
    ],
)
def test_one_plans_total_over_a_term_with_a_discount_asked_is_a_price(text, language):
    """The total named beside a discount: the plan's total for the term, terms and all."""
    found = _read(text, language)
    assert found["intent"] == "price"
    assert found.get("lever") is None


def test_a_not_a_question_is_no_denial():
    """Read: "有没有优惠" asks whether there is a discount; it denies nothing."""
    found = _read("MI355X 八卡整机租三个月，一共多少？有没有优惠？", "zh-Hans")
    assert found.get("lever") is None


def test_a_why_not_naming_the_model_by_its_size_is_a_follow_up():
    """Read: "Si el modelo es de 70B": the model on the table, its size said back."""
    found = _read(
        "¿Por qué no una sola MI355X? Si el modelo es de 70B, en fp8 son 70 GB, ¿no?", "es"
    )
    assert found["intent"] == "followup"
    assert found.get("lever") == "why_not"
    assert found.get("params_b") is None


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Qwen3-235B-A22B FP8，同时 30 人。一台 MI355X 装得下吗，还是要两台？", "zh-Hans", "fits"),
        ("では利用者を 100 人に増やすと、台数はどのくらい変わりますか？", "ja", "gpu_count"),
    ],
)
def test_the_figure_asked_in_more_words(text, language, asked):
    """Read: "装得下吗，还是…" asks whether it fits; "台数はどう変わる" asks the count."""
    assert _read(text, language).get("asked") == asked
