"""Service-level targets read from chat in ten languages, and the sets that hold them.

Sets: data/blind-targets-a.jsonl (160 messages) and data/blind-targets-b.jsonl (110, other
phrasings and other models), written without reading the parser. Before the target reader,
A had 13 of 160 lines right (252 of 538 fields) and B 8 of 110 (183 of 377): every target was
dropped or read as a context or a count of users. The first reader, written before A was
seen, got 90 of 160; its misses fixed by kind (words of each language, a gap between a
target's word and its number, per-user words in the clause, items "each N tokens", deadlines
with CJK numerals) reached 152 of 160. B, read once afterwards: 78 of 110 lines, 324 of 377
fields. The remaining misses of A are counts of people the older users-at-once reader takes
as concurrent ("a team of 50 users") and a typo ("200 concurent").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.understand import parse_message
from tests.helpers.target_fields import read_set, score

DATA = Path(__file__).resolve().parent / "data"

CASES = [
    ("I need 5,000 tokens/s output for Llama 3.3 70B", {"throughput_tok_s": 5000}),
    (
        "We need to process 10 million documents of 2,000 tokens each with Llama 3.1 8B",
        {"batch_tokens": 25_000_000_000, "input_tokens": 2000},
    ),
    (
        "gpt-oss-20b, 1000 requisições por minuto, 500 tokens de saída em média",
        {"requests_per_minute": 1000, "output_tokens": 500, "context_tokens": None},
    ),
    ("llama 70b, TTFT < 1 s, 300 req/min", {"ttft_s": 1.0, "requests_per_minute": 300}),
    ("每秒 5000 个 token，qwen3 32b", {"throughput_tok_s": 5000}),
    ("qwen3 32b 1분에 300건", {"requests_per_minute": 300}),
    ("llama 8b 50 ms per token for 20 users", {"tokens_per_user_tok_s": 20, "concurrency": 20}),
    ("each user should get 30 tok/s, 64 users, llama 70b", {"tokens_per_user_tok_s": 30}),
    ("deepseek r1 batch of 5B tokens in a week", {"batch_tokens": 5e9, "deadline_hours": 168}),
    ("10 QPS on qwen3 32b", {"requests_per_minute": 600}),
    ("Нужно 5 000 ток/с суммарно на Llama 3.3 70B", {"throughput_tok_s": 5000}),
    ("最初のトークンまで2秒以内、Llama 3.1 8B", {"ttft_s": 2.0}),
    ("llama 70b 128k context, 50 users at once, budget $10k/mo", {"throughput_tok_s": None}),
    ("1亿 tokens 离线跑完，三天内，DeepSeek-V3", {"batch_tokens": 1e8, "deadline_hours": 72}),
    ("re-label 80M tokens with DeepSeek-V3, no deadline", {"deadline_hours": None}),
]


@pytest.mark.parametrize(("text", "want"), CASES)
def test_targets_are_read_as_said(text, want):
    """Each target is read with its unit converted; numbers it is not are left alone."""
    facts = parse_message(text).facts
    for name, value in want.items():
        got = getattr(facts, name)
        if value is None:
            assert got is None, (name, got)
        else:
            assert got == pytest.approx(value, rel=0.02), (name, got)


def test_a_target_alone_asks_for_a_sizing():
    """A message with a model and a target is a sizing request, not a question for the FAQ."""
    parsed = parse_message("Llama 3.3 70B, 300 requests per minute")
    assert parsed.intent.value == "size"


@pytest.mark.parametrize(("name", "lines", "fields"), [("a", 0.93, 0.97), ("b", 0.68, 0.84)])
def test_the_blind_target_sets_stay_above_their_bars(name, lines, fields):
    """A (the set the misses were fixed on) and B (read once) keep their measured rates."""
    found = score(read_set(DATA / f"blind-targets-{name}.jsonl"))
    assert found.lines_right >= lines * found.lines, found.missed_lines
    assert found.fields_right >= fields * found.fields, found.missed_lines
