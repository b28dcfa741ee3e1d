"""Hostile and odd input: always a result, never an exception, always quick."""

from __future__ import annotations

import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.languages import LANGUAGES
from bot.request import Intent, ParsedRequest
from bot.understand import parse_message, parsed_to_json
from bot.understand.lexicon import forget_found
from bot.understand.text import LAST_DIGIT_BLOCK, READ_HEAD_CHARS, clean_text

# The per-message bound, in CPU time of this thread and the best of a few runs: four times the
# typical figure (a message's p99 is under 5 ms; ``bench/parse_throughput.py`` prints them), so
# that a pathological pattern (a regex backtracking, a quadratic scan) fails here while a
# virtual machine's stolen time, counted as the thread's for tens of milliseconds now and then,
# does not.
MAX_PARSE_SECONDS = 0.02
TIMING_RUNS = 3
# A long input is cut before parsing; this much text must still parse in bounded time.
MAX_LONG_INPUT_SECONDS = 0.25


def _best_parse_seconds(text: str, budget: float = float("inf")) -> float:
    """Return the best CPU time of a few readings; over ``budget``, a few more after a pause.

    A virtual machine's CPU time jumps for a while now and then whatever runs (stolen time is
    counted as the thread's): a second batch of readings a moment later is not in that jump.
    """
    best = float("inf")
    for batch in range(2):
        if batch:
            time.sleep(0.05)
        for _ in range(TIMING_RUNS):
            forget_found()  # each run reads the text afresh
            start = time.thread_time()
            parse_message(text)
            best = min(best, time.thread_time() - start)
        if best < budget:
            break
    return best


@pytest.fixture(scope="module", autouse=True)
def _warm_catalog():
    parse_message("warm up the catalog index")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises_and_parses_in_bounded_time(text):
    """Any string gives a valid request within the bound."""
    parsed = parse_message(text)
    assert isinstance(parsed, ParsedRequest)
    assert parsed.language in LANGUAGES
    assert _best_parse_seconds(text, MAX_PARSE_SECONDS) < MAX_PARSE_SECONDS


VOCABULARY = st.sampled_from(
    [
        "llama",
        "70b",
        "lamma3",
        "deepseek",
        "r1",
        "v3",
        "qwen3",
        "235b",
        "fp8",
        "int4",
        "128k",
        "32 000",
        "12.8万",
        "$10k",
        "并发",
        "30",
        "users",
        "h200",
        "mi355x",
        "b200",
        "only cuda",
        "контекст",
        "32к",
        "同時",
        "동시",
        "usuarios",
        "gleichzeitige",
        "utilisateurs",
        "/price",
        "@bot",
        "<b>",
        "</b>",
        "\u200b",
        "\u202e",
        "\x00",
        "🙂",
        "'; --",
        "?",
        ",",
        "。",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(VOCABULARY, max_size=40).map(" ".join))
def test_domain_word_salad_never_raises_and_parses_in_bounded_time_a_reading(text):
    """Jumbles of the words the parser reacts to give a result as quickly.

    A message sizing several models together is read once whole and once per model's part
    (``bot.understand.several``), so it has the budget of a reading for each.
    """
    parsed = parse_message(text)
    assert parsed.language in LANGUAGES
    assert isinstance(parsed_to_json(parsed), dict)
    readings = 1 + len(parsed.facts.members)
    budget = MAX_PARSE_SECONDS * readings
    assert _best_parse_seconds(text, budget) < budget


def test_a_message_of_several_models_is_read_within_a_budget_per_model():
    """Three models side by side, with a clause about one of them, parse in the bound a reading."""
    text = (
        "Llama 3.3 70B for chat, Qwen3 32B for code and an 8B for autocomplete, 128K context, "
        "the 70B for 40 users"
    )
    parsed = parse_message(text)
    assert len(parsed.facts.members) == 3
    budget = MAX_PARSE_SECONDS * (1 + len(parsed.facts.members))
    assert _best_parse_seconds(text, budget) < budget


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.text(max_size=12)))
def test_any_telegram_language_code_is_negotiated(code):
    """Whatever the client reports, the answer language is one of ours."""
    assert parse_message("llama 70b", telegram_language=code).language in LANGUAGES


HOSTILE = [
    "'; DROP TABLE users; --",
    "1 OR 1=1; SELECT * FROM plans",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "&lt;b&gt;&amp;&#0;&#x110000;",
    "😀🔥💯",
    "\u202e\u200f\u200b\u2066\ufeff",
    "\x00\x01\x07\x1b[31m",
    "\ud800",
    "{{7*7}} ${jndi:ldap://x}",
    "%s%s%s%n",
    "",
    "   ",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_input_is_unknown_and_harmless(text):
    """Injection strings, markup, emoji and invisible characters are not understood as anything."""
    parsed = parse_message(text)
    assert parsed.intent is Intent.UNKNOWN
    assert parsed.facts.model_id is None


@pytest.mark.parametrize(
    "text",
    [
        "x" * 10_000,
        "llama " * 3_000,
        "1," * 6_000,
        "<b>" * 5_000,
        "\u200b" * 20_000,
        "а" * 12_000,
        "lamma " * 2_000,
        "70b 128k users " * 1_000,
    ],
)
def test_very_long_input_is_parsed_in_bounded_time(text):
    """10,000+ characters are cut first: the parse stays fast and returns a request."""
    assert _best_parse_seconds(text, MAX_LONG_INPUT_SECONDS) < MAX_LONG_INPUT_SECONDS


def test_invisible_characters_do_not_split_names():
    """Zero-width and direction marks inside a message are ignored."""
    parsed = parse_message("\u202bdeep\u200bseek r1\u200f fp8")
    assert (parsed.facts.model_id, parsed.facts.precision) == ("deepseek-ai/DeepSeek-R1", "fp8")


def test_markup_around_a_name_is_ignored():
    """<b>llama</b> 70b is Llama 70B."""
    assert parse_message("<b>llama</b> 70b").facts.model_id == "meta-llama/Llama-3.1-70B-Instruct"


def test_non_string_input_is_an_unknown_request():
    """A caller passing something that is not text still gets a request back."""
    assert parse_message(None).intent is Intent.UNKNOWN  # type: ignore[arg-type]


def test_every_decimal_digit_lies_where_digits_are_folded():
    """No decimal digit exists from U+20000 on, so folding the range below covers every script."""
    assert not any(chr(code).isdecimal() for code in range(LAST_DIGIT_BLOCK, sys.maxunicode + 1))
    assert clean_text("๕๐ ٥٠ ५० ５０ 𝟓𝟎") == "50 50 50 50 50"


FILLER = "The attached log follows; nothing in it is a request. " * 80


def test_a_long_message_is_read_at_its_start_and_its_end():
    """Around a paste, the request before and after it is read; the paste itself is not."""
    text = f"Llama 3.1 70B in FP8, 128k context. {FILLER} budget $5000 {FILLER} For 40 users."
    parsed = parse_message(text)
    assert (parsed.facts.model_id, parsed.facts.precision) == (
        "meta-llama/Llama-3.1-70B-Instruct",
        "fp8",
    )
    assert (parsed.facts.context_tokens, parsed.facts.concurrency) == (131072, 40)
    assert parsed.facts.budget_usd_month is None


@pytest.mark.parametrize("shift", range(-12, 12, 3))
def test_the_cut_of_a_long_message_splits_no_number(shift):
    """A number at the cut is left out whole or read whole, never read as a part of it."""
    lead = "x " * ((READ_HEAD_CHARS + shift) // 2 - 4)
    parsed = parse_message(f"llama 70b {lead} 131072 tokens of context {FILLER}")
    assert parsed.facts.context_tokens in {None, 131072}


def test_a_model_named_after_a_long_paste_is_found():
    """The name said at the end of a long message, after a paste, is read."""
    parsed = parse_message(f"Here is our launch log. {FILLER} Can this run Qwen3 32B in FP8?")
    assert (parsed.facts.model_id, parsed.facts.precision) == ("Qwen/Qwen3-32B", "fp8")
