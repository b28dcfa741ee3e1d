"""How many GPUs a message asks to run the model on (``gpu_count``), in every language.

Sets: data/blind-count-a.jsonl, -b, -c (the last in colloquial speech) and -followup (short
follow-ups after an answer, "and on two?", "那4张呢？", "じゃあ4枚なら？"), each written
without reading the parser and first scored unseen (the figures are in the README), then
their misses fixed by kind: general words and rules in every language, never a set's own
phrases. A line its writer marked ``ambiguous`` ("one server with 8 GPUs", the price of "una
H200") is left out of the bars: its label is only the writer's best reading.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.understand import parse_message
from tests.helpers.blind_eval import unambiguous

DATA = Path(__file__).resolve().parent / "data"
COUNT_SETS = (
    "blind-count-a.jsonl",
    "blind-count-b.jsonl",
    "blind-count-c.jsonl",
    "blind-count-followup.jsonl",
)
# A count read where none was written turns a "yes" into a "not on one H200": almost never.
MIN_NULL_RATE = 0.97
# A count missed leaves the answer as it was before counts were read: a lower bar.
MIN_COUNT_RATE = 0.85

COUNTS = [
    # English
    ("can llama 3.3 70b fp8 run on one h200?", "en", 1),
    ("Qwen3 32B on a single GPU for 20 users", "en", 1),
    ("is an H200 enough for gemma 3 27b", "en", 1),
    ("deepseek v3 on 8x h200, 128k context", "en", 8),
    ("DeepSeek V3 on 8 H200", "en", 8),
    ("llama 405b fp8 on H200 x4", "en", 4),
    ("two H200s for Llama 70B?", "en", 2),
    ("we can use a pair of MI355X", "en", 2),
    ("max 2 GPUs, qwen3 32b", "en", 2),
    ("the 8x MI355X server for kimi k2", "en", 8),
    # Chinese
    ("H200单卡能跑70B吗", "zh-Hans", 1),
    ("两张H200跑qwen3 32b", "zh-Hans", 2),
    ("8卡H200跑DeepSeek", "zh-Hans", 8),
    ("一台8卡服务器跑DeepSeek", "zh-Hans", 8),  # the server's eight GPUs
    ("用一块显卡跑Qwen3 32B", "zh-Hans", 1),
    ("兩張H200能跑Llama 70B嗎", "zh-Hant", 2),
    # Japanese and Korean
    ("H200 1枚でLlama 3.3 70Bは動きますか", "ja", 1),
    ("H200を8枚使ってDeepSeek-V3", "ja", 8),
    ("H200 한 장으로 Llama 3.3 70B 돌릴 수 있나요", "ko", 1),
    ("H200 2장이면 Qwen2.5-72B 충분할까요", "ko", 2),
    # Russian
    ("Llama 3.3 70B на одной H200", "ru", 1),
    ("Qwen3 32B на одной видеокарте", "ru", 1),
    ("Хватит ли двух H200 для Qwen2.5-72B", "ru", 2),
    ("Llama 405B на четырёх MI355X", "ru", 4),
    # Spanish, Portuguese, German, French
    ("Llama 3.3 70B en una sola H200", "es", 1),
    ("¿Dos H200 bastan para Llama 70B?", "es", 2),
    ("Qwen3 32B numa só GPU", "pt-BR", 1),
    ("Duas H200 dão conta do Llama 70B?", "pt-BR", 2),
    ("Reicht eine GPU für Qwen3-32B?", "de", 1),
    ("Llama 405B auf vier MI355X", "de", 4),
    ("Mixtral 8x7B sur une seule H200 ?", "fr", 1),
    ("on a droit à deux cartes max, Qwen3 32B", "fr", 2),
    # follow-ups that count without a GPU word
    ("ok and on two?", "en", 2),
    ("would it fit on one?", "en", 1),
    ("and with a full 8x box?", "en", 8),
    ("那4张呢？", "zh-Hans", 4),
    ("三張的話呢", "zh-Hant", 3),
    ("じゃあ4枚なら？", "ja", 4),
    ("GPU4つで32kコンテキストは？", "ja", 4),
    ("그럼 2장이면요?", "ko", 2),
    ("한 장으로 돌아가요?", "ko", 1),
    ("а на одной влезет?", "ru", 1),
    ("а на 2х h200?", "ru", 2),
    ("а если взять целый сервер 8x?", "ru", 8),
    ("cabe en una sola?", "es", 1),
    ("e em tres?", "pt-BR", 3),
    ("und auf 4?", "de", 4),
    ("und mit nem ganzen 8er Server?", "de", 8),
    ("et sur deux ?", "fr", 2),
]

NONE = [
    ("llama 3.3 70b on h200 for 16 users, 32k", "en"),
    ("Llama 4 H200 price", "en"),
    ("Mixtral 8x7B on H200", "en"),
    ("can I pay with a card?", "en"),
    ("which one is better, h200 or mi355x?", "en"),
    ("how many GPUs do I need for deepseek v3?", "en"),
    ("one more question about the h200", "en"),
    ("8K context on H200", "en"),
    ("how much is an HGX H200 server a month", "en"),
    ("two H200 servers for deepseek", "en"),
    ("оплата картой возможна?", "ru"),
    ("¿puedo pagar con una tarjeta?", "es"),
    ("Mais uma pergunta: a H200 tem 141 GB mesmo?", "pt-BR"),
    ("Kann ich mit einer Karte zahlen?", "de"),
    ("H200 1台の月額は?", "ja"),
    # counts that disagree say nothing
    ("one H200 or 8x MI355X for llama 70b?", "en"),
    # "on" a number with a noun, people or a larger number after it; machines counted besides
    ("and on 8 users?", "en"),
    ("and on 8k?", "en"),
    ("yo, can i run deepseek v3 on 77,000?", "en"),
    ("gemma 3 27b int4 человек на 30", "ru"),
    ("8枚構成のHGXサーバーを2台借りたい", "ja"),
    ("5000块一个月够吗", "zh-Hans"),
    ("필요한 장비는?", "ko"),
]


@pytest.mark.parametrize(("text", "language", "count"), COUNTS)
def test_a_gpu_count_is_read(text, language, count):
    """The count is read, before or after the GPU, in words, digits or counters."""
    assert parse_message(text, telegram_language=language).facts.gpu_count == count


@pytest.mark.parametrize(("text", "language"), NONE)
def test_numbers_and_articles_of_other_things_are_no_count(text, language):
    """Users, model names, payment cards, servers and "which one" give no count."""
    assert parse_message(text, telegram_language=language).facts.gpu_count is None


def test_the_count_is_not_read_again_as_users_or_context():
    """The digits of "8x H200" and "on 2 H200" are consumed by the count."""
    parsed = parse_message("deepseek v3 on 8x h200, 128k context")
    assert (parsed.facts.gpu_count, parsed.facts.concurrency, parsed.facts.context_tokens) == (
        8,
        None,
        131072,
    )
    parsed = parse_message("llama 70b on 2 h200 for 16 users")
    assert (parsed.facts.gpu_count, parsed.facts.concurrency, parsed.facts.gpus) == (
        2,
        16,
        ("h200",),
    )


@pytest.mark.parametrize("name", COUNT_SETS)
def test_the_blind_count_sets_stay_above_their_bars(name):
    """Counts written are read on 85% of lines, and lines without one get none on 97%."""
    rows = unambiguous(DATA / name)
    counted = [r for r in rows if r["expect"]["gpu_count"] is not None]
    unsaid = [r for r in rows if r["expect"]["gpu_count"] is None]
    assert len(rows) >= 150
    misread = [
        (r["id"], r["expect"]["gpu_count"], got, r["text"])
        for r in rows
        if (got := parse_message(r["text"], telegram_language=r["lang"]).facts.gpu_count)
        != r["expect"]["gpu_count"]
    ]
    wrong_counts = [m for m in misread if m[1] is not None]
    false_counts = [m for m in misread if m[1] is None]
    assert len(wrong_counts) <= (1 - MIN_COUNT_RATE) * len(counted), misread
    assert len(false_counts) <= (1 - MIN_NULL_RATE) * len(unsaid), misread
