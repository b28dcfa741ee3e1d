"""The twenty-fifth round of the phrasing kinds fresh customer text showed missed.

Input and output lengths said with plural words ("salidas de 300", "Ausgaben 200"); a German
fine-tune spelled "feintunen"; a training job stated by its tokens without its model; the count
of GPUs asked as "gpu count"; users at once asked of whoever uses it ("多少同事同時用"); a price
asked as "во сколько … обойдётся"; a letter that continues an earlier inquiry; how many days
until the servers are usable, in Japanese; the OS asked in French and German; a single H200
counted with a particle between ("単体の H200"). Every example is written for the test (none
is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "prompt", "answer"),
    [
        ("Llama 3.1 8B, 200 req/min, entradas de 1500 tokens, salidas de 300", 1500, 300),
        ("Qwen3 32B : 40 requêtes par minute, entrées de 600 tokens et sorties de 150", 600, 150),
        ("Mistral Small 24B, 100 Anfragen pro Minute, Eingaben 500 Tokens, Ausgaben 200", 500, 200),
        (
            "gpt-oss-20b, 300 requisições por minuto, entradas de 700 tokens e saídas de 400",
            700,
            400,
        ),
    ],
)
def test_lengths_said_with_plural_words_are_the_requests_lengths(text, prompt, answer):
    """The answers' length said as "salidas de 300" is kept, never dropped nor a context."""
    parsed = _read(text)
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (prompt, answer)
    assert parsed.get("context_tokens") is None


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("Wir möchten Llama 3.1 8B feintunen, 200 Mio. Tokens, 3 Epochen", None),
        ("Mistral Small 24B voll feintunen auf 500 Mio. Tokens – welche GPUs?", "full"),
    ],
)
def test_feintunen_is_a_fine_tune(text, method):
    """The German spelling "feintunen" trains, "voll feintunen" all the parameters."""
    parsed = _read(text)
    assert parsed["intent"] == "train"
    assert parsed.get("method") == method


def test_a_job_stated_by_its_tokens_without_its_model_is_a_job():
    """Tokens and a GPU but no model: a training job to ask the model of, not a GPU question."""
    parsed = _read("从头预训练一个模型，5000亿 token，在 H200 上要多久")
    assert (parsed["intent"], parsed["method"], parsed["tokens"]) == (
        "train",
        "pretrain",
        500_000_000_000,
    )


def test_a_gpu_asked_about_without_a_job_stays_a_question_about_it():
    """Training named in a question about the GPU, with no tokens, is not a job."""
    assert _read("does the MI355X support training?")["intent"] != "train"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("server count for deepseek v3 fp8 128k 20 users?", "gpu_count"),
        ("qwen3 235b fp8, 32k, 50 users - just the gpu count please", "gpu_count"),
        ("这台 H200 跑 Qwen3 32B，能让多少同事同时用？", "users"),
        ("MI355X 跑 Llama 3.3 70B，可以讓多少客服同時使用？", "users"),
        ("Во сколько нам в месяц обойдётся DeepSeek V3 на H200?", "price"),
        ("Llama 3.3 70B на 30 пользователей — во сколько всё это обойдётся?", "price"),
    ],
)
def test_figures_asked_in_more_words(text, asked):
    """The figure the answer must open with, however it is asked."""
    assert _read(text)["asked"] == asked


def test_a_letter_continuing_an_earlier_inquiry_is_a_sizing():
    """A letter referring to its inquiry ("先日問い合わせした件") asks for no person."""
    parsed = _read("先日問い合わせした件ですが、Llama 3.3 70B を 16 人で使いたいです")
    assert (parsed["intent"], parsed["concurrency"]) == ("size", 16)


def test_asking_to_contact_sales_still_asks_for_a_person():
    """Wanting to contact sales is a request for a person."""
    assert _read("営業に問い合わせたいです")["intent"] == "sales"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("契約から何日ほどで使えますか？", "delivery"),
        ("申込みから何日で開通しますか", "delivery"),
        ("Quel OS sur les serveurs ?", "os_image"),
        ("Welches OS ist auf den Servern?", "os_image"),
    ],
)
def test_questions_the_site_answers_in_more_words(text, topic):
    """Days until the servers are usable; the OS they run."""
    assert _read(text)["topic"] == topic


def test_a_single_h200_counted_with_a_particle_is_a_single_machine():
    """Single H200s counted with a particle ("単体の H200 を 2台") are single machines."""
    parsed = _read("単体の H200 を 2台と HGX H200 を 1台でいくらですか")
    assert parsed["plan_counts"] == {"h200-1x": 2, "h200-8x": 1}


# --- A twenty-sixth round: the kinds thirty conversations written as customers showed ------


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("Llama 3.3 70B: how many 128K contexts fit on one H200?", 131072),
        ("how many 256K contexts fit at once on MI355X?", 262144),
        ("а если взять MI355X, сколько контекстов по 256K туда влезет одновременно?", 262144),
    ],
)
def test_contexts_counted_by_their_length_are_no_users(text, context):
    """Contexts counted by length ("128K contexts"): never 12 users, nor 256,000 at once."""
    parsed = _read(text)
    assert parsed["context_tokens"] == context
    assert parsed.get("concurrency") is None


def test_contexts_counted_are_still_users_at_once():
    """Contexts counted with their length after ("20 contexts of 128K") are twenty at once."""
    parsed = _read("20 contexts of 128K for Llama 3.3 70B")
    assert (parsed["concurrency"], parsed["context_tokens"]) == (20, 131072)


@pytest.mark.parametrize(
    "text",
    [
        "1B 모델 처음부터 사전학습, 토큰 200B 정도, MI355X 서버로 며칠?",
        "pretrain a 1B model from scratch, tokens: 200B, on MI355X",
    ],
)
def test_a_datasets_tokens_said_label_first(text):
    """Tokens said label first ("토큰 200B", "tokens: 200B") are the job's tokens."""
    assert _read(text)["tokens"] == 200_000_000_000


@pytest.mark.parametrize(
    "text",
    [
        "quero fazer fine-tuning full do Llama 3.1 8B com 5B tokens, 2 epochs",
        "hacer fine-tuning completo de Llama 3.1 8B con 1B tokens",
    ],
)
def test_fine_tuning_full_said_after_is_full(text):
    """A fine-tuning said "full" or "completo" after the word trains every weight."""
    assert _read(text)["method"] == "full"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("а если дедлайн 24ч?", 24),
        ("and with a deadline of 12 hours?", 12),
        ("y si el plazo es de 2 días?", 48),
        ("e se o prazo for de 2 dias?", 48),
        ("如果期限是 12 小时呢？", 12),
    ],
)
def test_a_deadline_named_alone_is_a_change_to_the_job(text, hours):
    """A deadline said with its word and no job is kept, for the job on the table."""
    parsed = _read(text)
    assert (parsed["intent"], parsed["deadline_hours"]) == ("followup", hours)


def test_a_length_of_time_alone_is_still_no_deadline():
    """A chat service wanted live in a week says when, not how fast: no deadline."""
    assert (
        _read("Llama 3.3 70B for 20 users, we need it live in a week").get("deadline_hours") is None
    )


def test_a_hub_id_with_a_platform_is_a_sizing():
    """A Hub id named beside "CUDA only" is the model to size, not a change to an earlier one."""
    parsed = _read("Qwen/Qwen3-235B-A22B-Instruct-2507, 25 users, 64k, we have to stay on CUDA")
    assert (parsed["intent"], parsed["cuda_only"]) == ("size", True)


# --- Twenty-sixth and twenty-seventh rounds: the kinds of two more fresh sets ----------------


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Anforderungen: Qwen3-32B, Kontext 32K – gleichzeitige Anfragen: bis zu 45", 45),
        ("wir messen max. 60 gleichzeitige Requests an die API, Llama 3.1 8B", 60),
        ("Gleichzeitig aktiv sind in der Spitze ca. 120. Modell: Mistral Small 24B", 120),
        ("Llama 3.1 8B, öppe 25 gliichzitigi Benutzer", 25),
        ("gpt-oss-20b, одновременно до двух сотен сессий", 200),
        ("Llama 3.1 8B, полтораста пользователей одновременно", 150),
        ("Llama 3.3 70B，监控显示峰值在 80 左右", 80),
        ("Llama 3.1 8B, 동시 접속 삼백 명", 300),
        ("Gemma 3 27B: a las 10 entran todos a la vez, 35 consultas simultáneas", 35),
        ("gpt-oss-120b\n- контекст: 16 384 токенов\n- параллельных сессий: 40", 40),
        ("DeepSeek V3: 3,000 tickets a day but at peak about 200 chats open simultaneously", 200),
    ],
)
def test_users_at_once_in_more_shapes(text, users):
    """Labels, abbreviations, dialect, words, peaks; never a clock time or a thousands group."""
    assert _read(text)["concurrency"] == users


@pytest.mark.parametrize(
    "text",
    [
        "峰值的时候每秒二十个请求，输出三百左右，模型用 Qwen3 32B",
        "Um servidor HGX H200 com Llama 3.3 70B em BF16 e 32K atende quantos usuários?",
        "Pro Tag haben wir rund 100.000 Anfragen, Modell Llama 3.1 8B",
    ],
)
def test_numbers_that_are_no_users_at_once(text):
    """An answer's length, a context in thousands, a day's volume: no users at once."""
    assert _read(text).get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("Llama 3.1 8B: about 80k chats a day; at peak 150 requests per minute", 150),
        ("Llama 3.1 70B、1日15万件、ピーク時は毎分300件のリクエスト", 300),
        ("Qwen3 32B : 200 000 requêtes par jour, au pic 250 requêtes par minute", 250),
    ],
)
def test_a_peak_rate_beats_the_days_volume(text, rate):
    """A day's total and a rate per minute at peak: the peak is the load."""
    assert _read(text)["requests_per_minute"] == rate


@pytest.mark.parametrize(
    "text",
    [
        "We have an annual revenue of $25M and want Llama 3.3 70B for 20 users",
        "弊社は年商30億円の商社です。Llama 3.3 70B を 20 人で使いたい",
        "Выручка компании 2 млрд руб. в год, хотим Llama 3.3 70B на 20 пользователей",
        "Wir machen 50 Mio. € Umsatz und wollen Llama 3.3 70B für 20 Nutzer",
        "Temos faturamento anual de R$ 80 milhões e queremos Llama 3.3 70B para 20 usuários",
        "一個月帳單大概 60 萬台幣，想改自架 Llama 3.3 70B，20 人同時用",
    ],
)
def test_revenue_and_bills_are_no_budget(text):
    """The company's revenue or today's bill is no budget for the plan."""
    parsed = _read(text)
    assert parsed.get("budget_amount") is None
    assert parsed.get("budget_usd_month") is None


def test_a_budget_after_the_revenue_is_still_read():
    """Revenue first, then the pilot's own budget: the budget is read."""
    parsed = _read("revenue is $10M, but the pilot gets €5,000 a month. Llama 3.3 70B, 10 users")
    assert (parsed["budget_amount"], parsed["budget_currency"]) == (5000, "EUR")


@pytest.mark.parametrize(
    ("text", "servers"),
    [
        ("and with three servers? traffic triples at Christmas", 3),
        ("¿y con dos servidores? en diciembre se nos duplica el tráfico", 2),
        ("サーバーを2台にしたらどうなりますか？", 2),
    ],
)
def test_servers_put_as_a_change_with_the_load_growing_are_a_lever(text, servers):
    """Servers asked for as a change, even beside "our traffic doubles": the plan on more."""
    parsed = _read(text)
    assert (parsed["intent"], parsed["servers"]) == ("followup", servers)


def test_servers_asked_about_the_network_stay_the_pages_question():
    """Whether two servers can share a private network is a question, not a change."""
    assert _read("서버 두 대를 사설망으로 연결할 수 있나요?")["intent"] == "knowledge"


@pytest.mark.parametrize(
    "text",
    [
        "Llama 3.3 70B, 40 users. — Tom (account manager)",
        "以下是客戶需求（我是業務阿明）：Llama 3.3 70B，40 人同時用",
        "営業部も使う予定です。Llama 3.3 70B、同時接続 40",
        "Llama 3.3 70B para 40 usuários, preciso pra proposta comercial de amanhã",
        "Tem calculadora no site? Quero testar antes de falar com vendas.",
        "Делаем помощника для операторов колл-центра, 30 одновременных запросов, Qwen3 32B",
    ],
)
def test_sales_words_that_ask_for_no_person(text):
    """A signature, the sales team as users, a proposal to write, sales put off: no hand-off."""
    assert _read(text)["intent"] != "sales"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("一張 H200 行 Qwen3 32B 頂到幾多個用戶同時用？", "users"),
        ("要幾多張卡先行到 DeepSeek V3？", "gpu_count"),
        ("呢個 Llama 3.3 70B 放唔放得落一張 MI355X？", "fits"),
        ("HGX H200 租一個月幾錢？", "price"),
        ("minimum number of servers to load DeepSeek V3 in BF16?", "gpu_count"),
        ("сколько минимум карт нужно под Qwen3 235B?", "gpu_count"),
        ("Qual o mínimo de GPUs para o Llama 3.1 405B?", "gpu_count"),
        ("on peut accueillir combien de monde avec Llama 3.3 70B sur un H200 ?", "users"),
        ("c'est jouable avec 10 k€ par mois pour Llama 3.3 70B ?", "fits"),
        ("Сколько будут стоить два сервера HGX H200 в месяц?", "price"),
        ("Qwen3 32B，FP8，每個月大概要花多少？", "price"),
        ("Llama 3.1 8B on one H200: how many of our staff can use it at once?", "users"),
    ],
)
def test_figures_asked_in_yet_more_words(text, asked):
    """Cantonese, minimums, "combien de monde", "c'est jouable", plural verbs."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Qwen3 32B: prompts ~800 tokens, replies ~300", "output_tokens", 300),
        ("can we bring that figure down?", "lever", "cheaper"),
        ("дедлайн — 36 часов, 2 млрд токенов, Llama 3.1 8B", "deadline_hours", 36),
        ("нужен образ с ROCm или ставить всё с нуля?", "topic", "rocm_image"),
        ("QLoRA Llama 3.1 8B, 30M tokens, longitud 4096", "seq_len", 4096),
        ("Kann ich beim MI355X-Server nur 4 von den 8 GPUs mieten?", "topic", "whole_server_only"),
        ("Habt ihr H100er?", "unrented_gpu", "h100"),
        ("我們想用 FLUX 自動產生商品圖", "model_kind", "image"),
        ("DeepSeek V3 FP8、社内規定で NVIDIA 以外は使えません", "cuda_only", True),
        ("Куда или ROCm — всё равно, AMD норм. Llama 3.1 8B", "cuda_only", False),
        (
            "Qwen3 235B: 총량이 아니라 피크 기준입니다. 사용자당 최소 25 tokens/s",
            "tokens_per_user_tok_s",
            25,
        ),
        ("직원 이천 명이 쓸 사내 챗GPT 같은 서비스", "headcount", 2000),
        ("我们公司一千二左右的人，想做内部助手", "headcount", 1200),
    ],
)
def test_more_fields_said_in_more_words(text, field, value):
    """Plural words, levers in idioms, dashes, software set up from scratch, dialect, particles."""
    assert _read(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("Necesito resumir transcripciones de soporte cada semana, ¿qué alquilo?", "summarization"),
        ("직원 500명이 쓸 사내 챗GPT 같은 걸 만들고 싶어요", "chat"),
        ("做本地化的，想用大模型初翻，中英互译，没有指定模型，推荐一下", "translation"),
    ],
)
def test_uses_to_propose_for_in_more_words(text, use):
    """Transcripts summarized are texts; an in-house ChatGPT is a chat; no model named."""
    parsed = _read(text)
    assert (parsed["intent"], parsed["use_case"]) == ("discover", use)


def test_a_model_asked_where_to_put_is_a_sizing_not_a_change():
    """A model to self-host instead of an API, with "what would you put us on?": a sizing."""
    parsed = _read(
        "We pay OpenAI today and want to self-host gpt-oss-120b instead. Context 64K, 25 "
        "requests in flight. What would you put us on?"
    )
    assert parsed["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "users"),
    [
        (
            "Fizemos fine-tuning do Llama 3.1 8B, agora queremos produção para 500 usuários",
            500,
        ),
        (
            "Fine-tuning más adelante, por ahora solo inferencia: Llama 3.1 8B, 5 usuarios",
            5,
        ),
    ],
)
def test_training_done_or_put_off_is_a_serving_question(text, users):
    """A fine-tune done, or planned for later, beside serving now: a sizing for the users."""
    parsed = _read(text)
    assert (parsed["intent"], parsed["concurrency"]) == ("size", users)


def test_a_training_jobs_data_and_team_are_no_users():
    """A job's data ("10k conversations") and its team: no users at once, and no context."""
    parsed = _read(
        "Can I fine-tune gpt-oss-20b on one H200? We have about 10k conversations, 3 epochs"
    )
    assert parsed.get("concurrency") is None
    assert parsed.get("seq_len") is None


@pytest.mark.parametrize(
    ("text", "topic", "more"),
    [
        (
            "Is there a minimum term, and is traffic included?",
            "traffic",
            ["minimum_term"],
        ),
        ("可以拿到 root 權限嗎？最短租期是多久？", "root_access", ["minimum_term"]),
        ("is traffic included?", "traffic", None),
    ],
)
def test_several_questions_of_the_page_are_all_read(text, topic, more):
    """The page's plain questions asked together: the first as ``topic``, the others after it."""
    parsed = _read(text)
    assert (parsed["topic"], parsed.get("more_topics")) == (topic, more)


# --- A twenty-ninth round: the kinds of the set -ae ------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("LoRA on Llama 3.1 8B, 80M tokens, two epochs", "epochs", 2),
        ("Fine-tuning de Qwen3 8B, 300 millones de tokens, tres épocas", "epochs", 3),
        ("Qwen3 32B, TTFT unter einer Sekunde, 40 Nutzer gleichzeitig", "ttft_s", 1),
        ("gpt-oss-20b, TTFT не больше полсекунды", "ttft_s", 0.5),
        ("QLoRA de Llama 3.1 8B con mil millones de tokens", "tokens", 1_000_000_000),
        (
            "un chatbot SAV qui monte à cent vingt conversations simultanées, Qwen3 32B",
            "concurrency",
            120,
        ),
        ("Llama 3.1 8B для двухсот одновременных пользователей", "concurrency", 200),
        ("Llama 3.1 8B, pico de umas trezentas pessoas ao mesmo tempo", "concurrency", 300),
        ("У нас около тысячи двухсот сотрудников, Qwen3 32B, 60 одновременно", "headcount", 1200),
        ("LoRA Llama 3.1 8B, 30 тыс. диалогов (~120 млн токенов)", "tokens", 120_000_000),
        ("gpt-oss-120b，32k，高峰 45 人同时用，不想用 AMD 的卡", "cuda_only", True),
        ("Qwen3 32B — what H200 count are we looking at?", "asked", "gpu_count"),
        ("Qwen3 235B — сколько понадобится H200?", "asked", "gpu_count"),
        ("А сколько людей смогут работать с Qwen3 32B на одной H200?", "asked", "users"),
    ],
)
def test_fields_of_the_twenty_ninth_round(text, field, value):
    """Epochs and seconds in words, French and Russian hundreds, totals after examples."""
    assert _read(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "We're a startup, Series A ($12M raised last year). Llama 3.3 70B for 20 users",
        "A gente fatura uns R$ 300 mil por mês. Llama 3.3 70B para 20 usuários simultâneos",
        "On fait un CA de 5 M€. Llama 3.3 70B pour 20 utilisateurs simultanés",
    ],
)
def test_money_raised_or_invoiced_is_no_budget(text):
    """Funding raised, monthly invoicing, turnover abbreviated: no budget."""
    assert _read(text).get("budget_amount") is None


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("고객센터 챗봇이에요. 상담 몰릴 때 동시 접속 100명, Llama 3.1 8B", "ko"),
        ("[티켓] 고객: Llama 3.1 8B, 동시 50명. 상담원 메모: 첫 문의", "ko"),
    ],
)
def test_a_support_desks_own_words_ask_for_no_person(text, lang):
    """The customer's own call centre, an agent's note on a ticket: a sizing, not a hand-off."""
    assert _read(text, lang)["intent"] == "size"


def test_a_support_desks_mail_translated_is_translation():
    """Support mail translated ("客服信翻成英文"): a translation use, not a support desk."""
    parsed = _read("每天大約十萬封客服信翻成英文，沒有指定模型，要租什麼？")
    assert parsed["use_case"] == "translation"
