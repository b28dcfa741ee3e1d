"""Context lengths, concurrency and budgets in the notations customers use."""

from __future__ import annotations

import pytest

from bot.understand import parse_message

CONTEXTS = [
    ("llama 70b with 128k context", 131072),
    ("llama 70b, 128K ctx", 131072),
    ("llama 70b 128 k context window", 131072),
    ("llama 70b with 8k", 8192),
    ("llama 4 scout, 1M tokens", 1048576),
    ("llama 4 scout at 2M context", 2 * 1048576),
    ("context of 32 000 tokens for llama 8b", 32000),
    ("llama 8b, 131072 tokens", 131072),
    ("llama 8b --max-model-len 16384", 16384),
    ("llama 8b max_model_len=65536", 65536),
    ("llama 8b 100,000 token context", 100000),
    ("千问3 32b 上下文 12.8万", 128000),
    ("qwen3 32b 上下文长度 32768", 32768),
    ("qwen3 32b，128K 上下文", 131072),
    ("llama 70b контекст 32к", 32768),
    ("llama 70b, контекст 200 000 токенов", 200000),
    ("llama 70b コンテキスト 128K", 131072),
    ("llama 70b 컨텍스트 64k", 65536),
    ("llama 70b contexto de 64k", 65536),
    ("llama 70b con 128.000 tokens de contexto", 128000),
    ("llama 70b com contexto de 16k", 16384),
    ("llama 70b mit 32k Kontext", 32768),
    ("llama 70b avec un contexte de 128k", 131072),
    ("llama 70b, 1,5k context", 1536),
]


@pytest.mark.parametrize(("text", "tokens"), CONTEXTS)
def test_context_is_read_in_every_notation(text, tokens):
    """K is 1,024 and M is 1,048,576; numbers written in full are kept as written."""
    assert parse_message(text).facts.context_tokens == tokens


CONCURRENCY = [
    ("llama 70b for 20 concurrent users", 20),
    ("llama 70b, ~50 users", 50),
    ("llama 70b, 10 users at once", 10),
    ("llama 70b, 64 simultaneous requests", 64),
    ("llama 70b with batch 8", 8),
    ("llama 70b batch size 32", 32),
    ("llama 70b --max-num-seqs 128", 128),
    ("llama 70b concurrency of 40", 40),
    ("llama 70b, 1k users", 1000),
    ("deepseek for 200 devs at once", 200),
    ("qwen3 32b 并发 30", 30),
    ("qwen3 32b 30 并发", 30),
    ("qwen3 32b 50路并发", 50),
    ("qwen3 32b 100个用户同时用", 100),
    ("qwen3 32b 並發 20", 20),
    ("qwen3 32b на 30 одновременных пользователей", 30),
    ("qwen3 32b, 15 пользователей", 15),
    ("qwen3 32b 同時 20 ユーザー", 20),
    ("qwen3 32b 同時接続数 40", 40),
    ("qwen3 32b 동시 요청 50개", 50),
    ("qwen3 32b 사용자 30명", 30),
    ("qwen3 32b para 25 usuarios simultáneos", 25),
    ("qwen3 32b para 25 usuários simultâneos", 25),
    ("qwen3 32b für 12 gleichzeitige Nutzer", 12),
    ("qwen3 32b pour 60 utilisateurs simultanés", 60),
    ("上下文 32768 并发 16 qwen3 32b", 16),
    ("llama3 70b 32k ctx 50 users", 50),
]


@pytest.mark.parametrize(("text", "count"), CONCURRENCY)
def test_concurrency_is_read_in_every_language(text, count):
    """Users, requests, batch and vLLM's flag all give the number of simultaneous sequences."""
    assert parse_message(text).facts.concurrency == count


BUDGETS = [
    ("llama 70b, budget $10k", 10000),
    ("llama 70b, 10k USD a month", 10000),
    ("llama 70b, up to $12,500 per month", 12500),
    ("llama 70b, $1.5k/mo", 1500),
    ("llama 70b for $120k per year", 10000),
    ("llama 70b, we can spend 5000$ monthly", 5000),
    ("llama 70b, max budget 8000 dollars", 8000),
    ("qwen3 32b 预算每月2万美元", 20000),
    ("qwen3 32b 一万美金以内", 10000),
    ("qwen3 32b 預算一萬五千美元", 15000),
    ("qwen3 32b 预算 3万刀", 30000),
    ("qwen3 32b бюджет 20 000 долларов", 20000),
    ("qwen3 32b до 15 тыс. долларов в месяц", 15000),
    ("qwen3 32b 月2万ドル", 20000),
    ("qwen3 32b 월 예산 2만 달러", 20000),
    ("qwen3 32b presupuesto de 8.000 USD al mes", 8000),
    ("qwen3 32b, 30 mil dólares", 30000),
    ("qwen3 32b orçamento de US$ 7.500 por mês", 7500),
    ("qwen3 32b, Budget 20.000 $ im Monat", 20000),
    ("qwen3 32b, budget de 9 000 dollars par mois", 9000),
]


@pytest.mark.parametrize(("text", "usd"), BUDGETS)
def test_budget_is_read_in_every_notation(text, usd):
    """Money amounts in any grouping, suffix or numeral system are US dollars per month."""
    assert parse_message(text).facts.budget_usd_month == usd


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b 128k context",
        "qwen3 32b 上下文 12.8万",
        "llama 70b, 32 000 tokens",
        "llama 70b for 50 users",
    ],
)
def test_token_counts_are_never_money(text):
    """Context lengths and user counts do not become a budget."""
    assert parse_message(text).facts.budget_usd_month is None


def test_money_is_never_a_context():
    """'$10k' is a budget, not a 10k context."""
    parsed = parse_message("llama 70b, $10k")
    assert (parsed.facts.budget_usd_month, parsed.facts.context_tokens) == (10000, None)


def test_gpu_names_and_model_sizes_are_not_numbers_of_anything():
    """'8x H200' and "70b" give neither concurrency nor context."""
    parsed = parse_message("llama 70b on 8x h200")
    assert (parsed.facts.concurrency, parsed.facts.context_tokens) == (None, None)


@pytest.mark.parametrize(
    ("text", "tokens", "count"),
    [
        ("deepseekv3 bf16 上下文 16k 并发 8", 16384, 8),
        ("kimi k2 fp8 コンテキスト128k 同時リクエスト20", 131072, 20),
        ("qwen3 32b fp16 context 32k 40 users", 32768, 40),
    ],
)
def test_a_context_word_after_a_precision_still_labels_the_next_number(text, tokens, count):
    """In "bf16 上下文 16k" the cue follows a name ending in digits, not a number it labels."""
    parsed = parse_message(text)
    assert (parsed.facts.context_tokens, parsed.facts.concurrency) == (tokens, count)


def test_a_cue_after_a_number_still_belongs_to_that_number():
    """In "32k ctx 50 users" ctx labels 32k, so 50 stays the user count."""
    parsed = parse_message("llama 70b 32k ctx 50 users")
    assert (parsed.facts.context_tokens, parsed.facts.concurrency) == (32768, 50)


@pytest.mark.parametrize(
    "text",
    [
        "并发改成 100",
        "并发数调到100",
        "併發改為 100",
        "如果并发到 100 呢",
        "並發達到 100",
        "同時接続数を100に",
        "concurrency to 100",
    ],
)
def test_a_cue_then_a_change_verb_then_a_count_is_concurrency(text):
    """'并发改成 100' (set concurrency to 100) reads 100 as the concurrency."""
    assert parse_message(text).facts.concurrency == 100


@pytest.mark.parametrize(
    ("text", "count", "context"),
    [
        ("Qwen2.5 72B FP16 32K 동시 접속 200명", 200, 32768),
        ("llama 70b 32K 并发 200", 200, 32768),
        ("llama 70b 128K 同時 50", 50, 131072),
        ("llama 70b 32k concurrent users 200", 200, 32768),
    ],
)
def test_a_cue_with_its_own_count_beats_a_context_just_before_it(text, count, context):
    """'32K 并发 200': the count after the cue is the concurrency, 32K stays the context."""
    parsed = parse_message(text)
    assert (parsed.facts.concurrency, parsed.facts.context_tokens) == (count, context)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("mixtral 8x7b, батч 64", 64),
        ("llama 3.1 8b 배치 16", 16),
        ("qwen3 32b バッチサイズ 32", 32),
        ("qwen3 32b 批量 24", 24),
        ("r1 distill llama 70b con lote de 16", 16),
        ("llama 70b fp8 16位用户", 16),
    ],
)
def test_batch_and_people_words_in_every_language_give_concurrency(text, count):
    """Batch in Russian, Korean, Japanese, Chinese and Spanish, and 位 counting people."""
    assert parse_message(text).facts.concurrency == count


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("qwen3 235b, contexto 32 mil tokens", 32000),
        ("llama 70b, контекст 64 тыс. токенов", 64000),
    ],
)
def test_thousand_written_as_a_word_is_a_decimal_context(text, tokens):
    """Written "32 mil tokens" is 32,000, like "32.000"; "32k" stays 32,768."""
    assert parse_message(text).facts.context_tokens == tokens


@pytest.mark.parametrize(
    "text",
    [
        "Our budget is 15k€ per month, llama 405b fp8",
        "orçamento de R$ 50 mil por mês, llama 405b",
        "qwen3 32b 预算每月2万元",
        "llama 70b, 月50万円以内",
        "llama 70b budget NT$300k",
        "llama 70b бюджет 500 000 рублей",
    ],
)
def test_amounts_in_other_currencies_are_no_usd_budget(text):
    """Euros, reais, yuan, yen, NT dollars, roubles: no USD budget, and the gap is reported."""
    parsed = parse_message(text)
    assert parsed.facts.budget_usd_month is None
    assert "budget_currency" in parsed.not_understood


def test_a_budget_word_does_not_reach_past_a_foreign_amount():
    """In "budget 5000 eur, ctx 32k" 32k is the context, never a 32,000-dollar budget."""
    parsed = parse_message("llama 70b budget 5000 eur, ctx 32k")
    assert (parsed.facts.budget_usd_month, parsed.facts.context_tokens) == (None, 32768)


def test_dollar_amounts_beside_another_currency_word_still_count():
    """Amount "2万美元" ends in 元 yet is US dollars; "US$ 20 mil" is too."""
    assert parse_message("qwen3 32b 预算每月2万美元").facts.budget_usd_month == 20000
    assert parse_message("deepseek v3 com orçamento de US$ 20 mil").facts.budget_usd_month == 20000
