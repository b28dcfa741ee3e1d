"""The sixty-ninth round: solo developers and small teams leaving consumer GPUs and APIs.

A second quantity joined to a change by "and" ("64k statt 16k und 20 Nutzer"); what a writer
pays today ("paying ~$2.3k/mo", "плачу $400", "月に40万円飛んでいく"), and customers who pay
("600 paying users"), as no budget and no users at once; the answer's figure said back as "why
does it say", quoted before "de ta réponse", closed by "이라고 나왔는데" or "回答の「…」"; a Korean
"per document" ("리뷰당"); volunteers and members counted; "300 bénévoles" as no 300B model;
Cantonese "可唔可以" as a question, not a denial; a wish that it not be dear ("别太贵就行") in a
discovery; "our docs" as the customer's own; custom CUDA kernels said with a loanword. Every
example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "context", "users"),
    [
        (
            "und wie sieht's aus mit 32k Kontext statt 8k und 15 Nutzern gleichzeitig?",
            "de",
            32768,
            15,
        ),
        ("same thing but 64k context instead of 16k and 25 users at once?", "en", 65536, 25),
        (
            "et avec 128k de contexte au lieu de 32k et 30 utilisateurs en même temps ?",
            "fr",
            131072,
            30,
        ),
        ("а если 16к контекста вместо 4к и 12 пользователей одновременно?", "ru", 16384, 12),
    ],
)
def test_a_second_quantity_joined_by_and_is_read_beside_the_change(text, language, context, users):
    """With "X instead of Y and Z users" the context changes, and the users are read too."""
    read = _read(text, language)
    assert read.get("context_tokens") == context
    assert read.get("concurrency") == users


def test_a_number_instead_of_another_still_gives_way():
    """The change alone keeps its reading: "statt 50 Nutzer lieber 500"."""
    assert _read("statt 50 Nutzer lieber 500", "de").get("concurrency") == 500


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("we're on fireworks paying ~$1.8k/mo for qwen3 32b, what would you rent instead?", "en"),
        ("сейчас на together, плачу около $600 в месяц за llama 3.3 70b. что посоветуете?", "ru"),
        (
            (
                "今はVast.aiで4090を借りていて、月に大体25万円くらい飛んでいきます。"
                "Qwen3 32Bを動かしたい"
            ),
            "ja",
        ),
        (
            "gasto unos 900 dólares al mes en la API por Llama 3.3 70B, ¿qué me conviene alquilar?",
            "es",
        ),
    ],
)
def test_what_a_writer_pays_today_is_no_budget(text, language):
    """Today's bill, said by one person or in slang, is no budget of the new plan."""
    read = _read(text, language)
    assert "budget_usd_month" not in read
    assert "budget_amount" not in read


def test_a_budget_said_as_such_stays_a_budget():
    """A budget named ("budget is $20k") or a limit ("up to $20k") stays a budget."""
    assert _read("budget is $20k/month, llama 3.3 70b for 50 users")["budget_usd_month"] == 20000
    up_to = _read("we're fine paying up to $20k a month for llama 3.3 70b")
    assert up_to["budget_usd_month"] == 20000


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("llama 3.3 70b for our app, we have ~900 paying users", "en"),
        ("Qwen3 32B für unsere App, ca. 400 zahlende Nutzer", "de"),
    ],
)
def test_customers_who_pay_are_no_users_at_once(text, language):
    """Paying customers are accounts: no count at once is read from them."""
    assert "concurrency" not in _read(text, language)


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("hm why does it say only ~45 GB of KV room per GPU? where did the rest go", "en", "kv"),
        ("답변에 최대 동시 사용자 9명이라고 나왔는데 기준이 뭐예요?", "ko", "users"),
        ("J'ai pas compris le « 52 tok/s » de votre réponse, ça sort d'où ?", "fr", "speed"),
        ("No entiendo el «3 servidores» de tu respuesta, ¿de dónde sale?", "es", "gpu_count"),
        ("さっきの回答の「KVキャッシュ約800GB」ってどう計算してます？FP8前提ですか？", "ja", "kv"),
    ],
)
def test_the_answers_figure_said_back_is_explained_not_read(text, language, asked):
    """The figure quoted from the answer is explained; it is no new fact of the request."""
    read = _read(text, language)
    assert read["intent"] == "followup"
    assert read.get("lever") == "explain"
    assert read.get("asked") == asked
    assert "concurrency" not in read
    assert "kv_cache_bytes" not in read


def test_a_word_of_the_answer_asked_about_is_a_glossary_question():
    """Asking what a word of the answer means ("뭔 뜻이에요?") is a glossary question."""
    read = _read("답변에 나오는 EP가 정확히 뭔 뜻이에요?", "ko")
    assert read["intent"] == "knowledge"
    assert read.get("lever") is None


def test_a_korean_per_document_length_makes_a_batch_job():
    """Documents and a Korean length per document ("리뷰당 300 토큰") make a batch job."""
    read = _read(
        "리뷰 200만 개, 리뷰당 300 토큰 정도를 Llama 3.1 8B로 분류해야 해요. 2일 안에", "ko"
    )
    assert read["input_tokens"] == 300
    assert read["deadline_hours"] == 48
    assert "concurrency" not in read
    assert "context_tokens" not in read


def test_a_korean_speed_per_user_is_no_document():
    """A speed per user ("사용자당 초당 30 토큰") is no length per document."""
    read = _read("Llama 3.1 8B, 동시 사용자 50명, 사용자당 초당 30 토큰", "ko")
    assert read["tokens_per_user_tok_s"] == 30
    assert read["concurrency"] == 50


@pytest.mark.parametrize(
    ("text", "language", "headcount"),
    [
        (
            "notre asso veut un assistant pour répondre à nos 450 bénévoles, par où commencer ?",
            "fr",
            450,
        ),
        (
            "temos uma comunidade com 8 mil membros no discord e queremos um bot com Qwen3 32B",
            "pt-BR",
            8000,
        ),
        ("our discord has 2.5k members and we want to run gemma 3 27b for it", "en", 2500),
        (
            (
                "Red de clínicas veterinarias con 350 veterinarios. Quieren algo que resuma "
                "historias clínicas. Todavía no eligieron modelo. ¿Qué necesitarían?"
            ),
            "es",
            350,
        ),
    ],
)
def test_volunteers_and_members_are_a_head_count(text, language, headcount):
    """People of a community are who may use it, not a model size nor users at once."""
    read = _read(text, language)
    assert read.get("headcount") == headcount
    assert "params_b" not in read
    assert "concurrency" not in read


def test_a_size_before_an_accented_word_is_no_size():
    """A count before an accented word ("300 bénévoles") is no 300B model; "70b" still is."""
    assert "params_b" not in _read("nos 300 bénévoles posent des questions", "fr")
    assert _read("un modèle de 70b pour 20 utilisateurs", "fr")["params_b"] == 70


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("想租 HGX H200 嗰部機三個月，總共幾多錢？可唔可以分期俾？", "price"),
        ("MI355X 嗰部 8 卡機一年幾多錢？係唔係要一次過俾？", "price"),
    ],
)
def test_a_cantonese_yes_or_no_question_denies_nothing(text, intent):
    """Cantonese "可唔可以", "係唔係" ask yes or no: no "why not" of the plan priced."""
    read = _read(text, "zh-Hant")
    assert read["intent"] == intent
    assert read.get("lever") is None


def test_a_cantonese_why_not_is_still_one():
    """A Cantonese why-not ("點解唔用 H200？") still asks why the H200 was left out."""
    assert _read("點解唔用 H200？", "zh-Hant").get("lever") == "why_not"


@pytest.mark.parametrize(
    ("text", "language", "use_case"),
    [
        ("想做个客服机器人，网店用的，别太贵就行，有啥推荐", "zh-Hans", "support"),
        ("we want a RAG bot over our docs, nothing fancy, what do you suggest", "en", "rag"),
    ],
)
def test_a_discovery_wanting_it_cheap_is_still_a_discovery(text, language, use_case):
    """A wish that it not be dear, or "our docs", keeps a proposal asked for a use."""
    read = _read(text, language)
    assert read["intent"] == "discover"
    assert read.get("use_case") == use_case
    assert read.get("lever") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [("太贵了，有便宜点的吗？", "zh-Hans"), ("too expensive. anything cheaper?", "en")],
)
def test_too_dear_said_of_the_answer_still_asks_cheaper(text, language):
    """Without the wish ("别", "not"), "too dear" pulls the cheaper lever."""
    assert _read(text, language).get("lever") == "cheaper"


def test_our_docs_link_is_still_asked_for():
    """Asking for our docs ("where are your docs?") still gets the documentation link."""
    read = _read("where are your docs?", "en")
    assert read["intent"] == "knowledge"
    assert read.get("topic") == "calculator"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("저희 코드에 커스텀 CUDA 커널이 들어가 있어요. Qwen3 32B 동시 30명", "ko"),
        ("カスタムCUDAカーネルを使っているので、Qwen3 32Bを30人で", "ja"),
    ],
)
def test_custom_cuda_kernels_said_with_a_loanword_need_cuda(text, language):
    """Custom CUDA kernels said with a loanword ("커스텀", "カスタム") need CUDA."""
    assert _read(text, language).get("cuda_only") is True


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "How much VRAM does it give per user if we run Llama 3.3 70B on two H200?",
            {"model": "meta-llama/Llama-3.3-70B-Instruct", "gpu_count": 2},
        ),
        (
            (
                "I read the Llama 3.3 70B model card. It says 128k context; how many GPUs for 40 "
                "users?"
            ),
            {"context_tokens": 131072, "concurrency": 40},
        ),
    ],
)
def test_it_says_of_something_else_is_no_answer_said_back(text, facts):
    """A model card or a GPU that "says" or "gives" something is read as any other message."""
    read = _read(text, "en")
    assert read.get("lever") != "explain"
    for name, value in facts.items():
        assert read.get(name) == value


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Instead of 50 users with RAG, make it 500", "en"),
        ("En lugar de 50 usuarios con RAG, que sean 500", "es"),
    ],
)
def test_a_change_said_with_with_is_one_change(text, language):
    """A change said with "with" ("instead of 50 users with RAG, 500") is one change."""
    assert _read(text, language).get("concurrency") == 500


def test_a_korean_length_per_query_is_no_document():
    """A length per query ("쿼리당 1500 토큰") beside requests a day is no batch of documents."""
    read = _read("Llama 3.1 8B, 하루 2만 건 요청, 쿼리당 1500 토큰", "ko")
    assert "batch_tokens" not in read
    assert read.get("requests_per_minute")


@pytest.mark.parametrize(
    ("text", "language", "usd"),
    [
        ("We'd be OK paying $3k a month for Llama 3.3 70B with 50 users", "en", 3000),
        ("I spend about $2k a month max on llama 3.3 70b, what fits?", "en", 2000),
    ],
)
def test_a_limit_said_with_pay_or_spend_stays_a_budget(text, language, usd):
    """Willing to pay, or a most spent: a budget, not today's bill."""
    assert _read(text, language).get("budget_usd_month") == usd


def test_a_spanish_most_spent_stays_a_budget():
    """A most spent ("Mi gasto máximo es 2000 €") is the budget as written, in euros."""
    read = _read("Mi gasto máximo es 2000 € al mes para Llama 3.3 70B", "es")
    assert (read.get("budget_amount"), read.get("budget_currency")) == (2000, "EUR")


def test_asking_whether_to_write_cuda_kernels_is_no_condition():
    """Asking whether to write custom kernels ("要定制开发 CUDA 算子吗？") states no condition."""
    assert _read("我们要定制开发 CUDA 算子吗？Qwen3 32B", "zh-Hans").get("cuda_only") is None
