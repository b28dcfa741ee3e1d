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
