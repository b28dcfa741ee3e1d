"""Numbers read right or refused: exponents, signs, absurd magnitudes, digits of every script.

A number a slot cannot take is never put in the request: it is reported in ``not_understood``
(``<slot>_negative``, ``<slot>_too_large``, ``<slot>_too_small``) and the answer asks again
in the customer's language. "10^9 users" is read as 1,000,000,000 and refused as beyond any
plan (more than the engine's 1,000,000 simultaneous sequences).
"""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from bot.request import Intent, ParsedRequest
from bot.understand import parse_message
from bot.understand.lexicon import forget_found
from bot.understand.models.finder import catalog_index
from bot.understand.numbers import NUMBER_PATTERN, parse_number
from bot.understand.parser import PARSE_FAILED, parse_with
from bot.understand.text import clean_text

# A guard against quadratic scans (such messages once took 5.4-5.9 s), not a benchmark:
# bench/parse_fuzz.py measures; this only fails when the work stops being linear.
MAX_LONG_MESSAGE_SECONDS = 0.05
ZEROS = {"thai": "\u0e50", "arabic-indic": "\u0660", "devanagari": "\u0966", "ascii": "0"}


def _best_seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        forget_found()  # each run reads the text afresh
        start = time.thread_time()  # CPU time: other processes on the machine do not count
        parse_with(text, catalog_index())
        best = min(best, time.thread_time() - start)
    return best


@pytest.fixture(scope="module", autouse=True)
def _warm():
    parse_message("warm up: llama 70b, 128k, 20 users, $10k, ๕๐ users")


@pytest.mark.parametrize("script", sorted(ZEROS))
@pytest.mark.parametrize("tail", ["", " users", " tokens of context"])
def test_4096_digits_of_any_script_parse_in_milliseconds(script, tail):
    """A message of 4,096 digits (Thai, Arabic-Indic, Devanagari...) parses in milliseconds."""
    text = (ZEROS[script] * 4096)[: 4096 - len(tail)] + tail
    assert _best_seconds(text) < MAX_LONG_MESSAGE_SECONDS
    assert PARSE_FAILED not in parse_message(text).not_understood


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("llama 70b for 10^3 users", 1000),
        ("llama 70b for 1e3 users", 1000),
        ("llama 70b for 1×10^3 users", 1000),
        ("llama 70b for 10³ users", 1000),
        ("llama 70b for 2**5 users", 32),
    ],
)
def test_exponents_are_read_as_written(text, users):
    """10^3, 1e3, 1×10^3, 10³ (superscript) and 2**5 are the numbers they say, not 3 or 103."""
    assert parse_message(text).facts.concurrency == users


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b for 10^9 users",
        "llama 70b for 1e9 users",
        "llama 70b for 10⁹ users",
        "llama 70b for 1 000 000 000 users",
        "10^9 users",
    ],
)
def test_a_billion_users_is_read_and_refused_as_beyond_any_plan(text):
    """10^9 users is 1,000,000,000, beyond any plan: no concurrency, the refusal code."""
    parsed = parse_message(text)
    assert parsed.facts.concurrency is None
    assert "concurrency_too_large" in parsed.not_understood


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("llama 70b for -5 users", "concurrency_negative"),
        ("llama 70b for \u22125 users", "concurrency_negative"),
        ("llama 70b, users: -5", "concurrency_negative"),
        ("llama 70b, context -128k", "context_negative"),
        ("llama 70b -128k context", "context_negative"),
        ("llama 70b, -$5000 a month", "budget_negative"),
        ("llama 70b, budget $-5000", "budget_negative"),
        ("llama 70b for 0 users", "concurrency_too_small"),
    ],
)
def test_negative_numbers_are_refused_not_read_as_positive(text, code):
    """Refuse "-5 users" (not 5), "-128k" (not 128K), "-$5000" (not a US$5,000 budget)."""
    parsed = parse_message(text)
    assert code in parsed.not_understood
    assert (
        parsed.facts.concurrency,
        parsed.facts.context_tokens,
        parsed.facts.budget_usd_month,
    ) == (
        None,
        None,
        None,
    )


@pytest.mark.parametrize(
    ("text", "context", "users"),
    [
        ("llama-3.1-70b, 8k-32k context", 8192, None),
        ("llama 70b, 20-30 users", None, 30),
        ("vllm --max-num-seqs 64 --max-model-len 32768", 32768, 64),
    ],
)
def test_hyphens_in_names_ranges_and_flags_are_no_minus_signs(text, context, users):
    """Only a minus glued to a number standing alone is a sign: names, ranges, flags are not.

    Of a range of users the upper end is the load to plan for.
    """
    parsed = parse_message(text)
    assert not [code for code in parsed.not_understood if code.endswith("_negative")]
    assert (parsed.facts.context_tokens, parsed.facts.concurrency) == (context, users)


@pytest.mark.parametrize("text", ["llama 70b, budget $1e308", "llama 70b with $1e308/month"])
def test_an_absurd_budget_is_no_budget(text):
    """Refuse "$1e308" as beyond any plan: it is not US$1 nor any budget."""
    parsed = parse_message(text)
    assert parsed.facts.budget_usd_month is None
    assert "budget_too_large" in parsed.not_understood


def test_a_400_digit_user_count_does_not_throw():
    """A user count of 400 digits is refused, not an exception (parse_with lets errors out)."""
    parsed = parse_with(f"llama 70b for {'9' * 400} users", catalog_index())
    assert parsed.facts.model_id == "meta-llama/Llama-3.1-70B-Instruct"
    assert "concurrency_too_large" in parsed.not_understood


@pytest.mark.parametrize("text", ["a 100000B dense model", "a -70B model", "a 1e6T moe"])
def test_absurd_model_sizes_are_refused(text):
    """A parameter count beyond any model, or negative, is no size to sample."""
    parsed = parse_message(text)
    assert parsed.facts.params_b is None
    assert any(code.startswith("params_") for code in parsed.not_understood)


@pytest.mark.parametrize(
    "digits", ["๕๐", "٥٠", "۵۰", "५०", "৫০", "５０", "𝟓𝟎"], ids=lambda digits: hex(ord(digits[0]))
)
def test_digits_of_every_script_are_numbers(digits):
    """Thai, Arabic-Indic, Persian, Devanagari, Bengali, full-width and math digits read as 50."""
    assert parse_message(f"llama 70b for {digits} users").facts.concurrency == 50


_DIGITS = st.sampled_from(
    ["0", "7", "000", "518", "\u0e55", "\u0665", "\u096b", "\uff17", "9" * 60]
)
_PIECES = st.sampled_from(
    ["-", "\u2212", "$", "e", "^", "**", "×10^", "k", "m", "万", "亿", ".", ",", "'", " ", "users"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_DIGITS, _PIECES), max_size=30).map("".join))
def test_any_mix_of_digits_signs_and_exponents_never_raises(text):
    """parse_with (which lets exceptions through) survives any number-like text."""
    parsed = parse_with(f"llama 70b {text}", catalog_index())
    assert parsed.facts.concurrency is None or parsed.facts.concurrency >= 1
    assert parsed.facts.context_tokens is None or parsed.facts.context_tokens >= 1
    assert parsed.facts.budget_usd_month is None or parsed.facts.budget_usd_month >= 1


@pytest.mark.parametrize(
    ("text", "value"),
    [("4.518,000", 4518.0), ("7,000.000", 7000.0), ("4.518,5", 4518.5), ("1'000.25", 1000.25)],
)
def test_a_number_with_both_marks_takes_the_last_as_its_decimal_mark(text, value):
    """Group marks of one kind and a decimal mark of the other read as the writer meant."""
    assert parse_number(text) == value


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(_DIGITS, _PIECES), max_size=30).map("".join))
def test_every_number_the_pattern_finds_has_a_value(text):
    """parse_number takes every match of NUMBER_PATTERN without raising."""
    for match in re.finditer(NUMBER_PATTERN, clean_text(text)):
        assert isinstance(parse_number(match.group("num")), float)


def test_refused_users_are_asked_again_in_the_customers_language():
    """Answer "-5 пользователей" with a polite question in Russian, not a sizing or a crash."""
    reply = Pipeline().respond("llama 70b на -5 пользователей", ChatContext()).reply
    assert (reply.kind, reply.language) == ("clarify", "ru")
    assert reply.data is not None
    assert reply.data["code"] == "refused_number"
    assert "отрицательным" in reply.text


def test_a_billion_users_is_told_it_is_beyond_any_plan():
    """The refusal says the number is beyond anything rented and gives the highest one."""
    reply = Pipeline().respond("llama 70b for 10^9 users", ChatContext()).reply
    assert reply.data is not None
    assert reply.data["code"] == "refused_number"
    assert "beyond anything we rent" in reply.text
    assert "1,000,000" in reply.text


def test_a_refused_budget_sizes_without_it_and_says_so():
    """A negative budget is left out: the sizing goes ahead, with a note in the answer."""
    reply = Pipeline().respond("llama 70b fp8, budget -$5000", ChatContext()).reply
    assert reply.kind == "size"
    assert "can't be negative" in reply.text


def test_a_parser_failure_is_answered_with_the_apology():
    """When the parser reports its own failure, the answer apologises (not the off-topic text)."""

    def failing_parse(*_args: object, **_kwargs: object) -> ParsedRequest:
        return ParsedRequest(intent=Intent.UNKNOWN, language="de", not_understood=(PARSE_FAILED,))

    reply = Pipeline(parse=failing_parse).respond("irgendwas", ChatContext()).reply
    assert (reply.kind, reply.language) == ("error", "de")


@pytest.mark.parametrize("text", ["Llama 3.1 70B budget $0.5", "Llama 3.1 70B budget $0.\u0e55"])
def test_a_dollar_amount_under_one_is_no_monthly_budget(text):
    """Half a dollar, in any digits, is no budget the plans are held to."""
    assert parse_message(text).facts.budget_usd_month is None
