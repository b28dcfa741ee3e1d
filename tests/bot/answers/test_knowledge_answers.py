"""Every knowledge answer, in every language: translated, valid Telegram HTML, within limits."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from telegram.constants import MessageLimit

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.answers.knowledge import render_knowledge
from bot.answers.links import decode_payload, from_callback
from bot.answers.views.points import sentence
from bot.answers.words.knowledge import (
    FACTS,
    RATIO_ITEMS,
    TRANSLATED_ITEMS,
    WITH_VALUE,
    WITHOUT_VALUE,
)
from bot.languages import LANGUAGES
from sizing.knowledge.answer import answer_question
from sizing.knowledge.types import Fact, Point, Question, Topic
from sizing.request import GpuId
from tests.fakes.telegram_html import check_telegram_html
from tests.helpers.knowledge_questions import QUESTIONS
from tests.helpers.translations import recording_localizer

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
# One value of every name a point may carry, typed as the engine types it.
ALL_VALUES = {
    "gpu": "mi355x",
    "other": "h200",
    "same": "h100",
    "plan": "mi355x-8x",
    "other_plan": "h200-8x",
    "monthly_usd": Decimal(19900),
    "difference_usd": Decimal(4000),
    "two_usd": Decimal(6180),
    "three_usd": Decimal(9270),
    "memory_gb": 288,
    "server_memory_gb": 2304,
    "weights_gb": 70.0,
    "room_gb": 457.0,
    "other_room_gb": 1633.0,
    "per_context_gb": 21.47,
    "memory_ratio": 2.04,
    "bandwidth_ratio": 1.67,
    "compute_ratio": 2.53,
    "fp8_ratio": 2.53,
    "per_dollar_ratio": 2.45,
    "gpus_count": 8,
    "links_count": 7,
    "contexts_count": 3,
    "bits_count": 4,
    "hours_count": 730,
    "delivery_days": 7,
    "minimum_months": 1,
    "min_months": 6,
    "max_months": 12,
    "trial_months": 1,
    "params_b": 70,
    "max_params_b": 70,
    "fp4_tflops": 10100.0,
    "fp8_tflops": 5000.0,
    "bf16_tflops": 2500.0,
    "tflops": 10100.0,
    "bandwidth_tb_s": 8.0,
    "total_tb_s": 1.0752,
    "link_gb_s": 153.6,
    "per_gpu_gb_s": 900.0,
    "power_w": 1400,
    "context_tokens": 131072,
    "precision": "fp8",
    "format": "fp4",
    "lowest": "fp8",
    "item": "tensorrt_llm",
    "target": "hip",
    "vendor": "amd",
    "interconnect": "infinity_fabric",
    "availability": "limited",
    "architecture": "CDNA 4",
    "memory_type": "HBM3e",
    "network": "8x 400G RoCE",
    "name": "Hopper",
    "names": ("pytorch", "vllm", "custom_cuda_kernels"),
    "any_names": ("awq", "gptq"),
    "cancel_any_month": 1,
    "model": "Llama 3.3 70B Instruct",
    "other_model": "DeepSeek-V3",
    "weight_bits": 4.25,
    "other_bits": 4.5,
    "bf16_weights_gb": 141.1,
    "other_weights_gb": 42.7,
    "per_token_bytes": 327680,
    "other_per_token_bytes": 70272,
    "fp8_per_context_gb": 21.47,
    "other_per_context_gb": 9.21,
    "short_per_context_gb": 2.68,
    "full_per_context_gb": 9.66,
    "short_tokens": 8192,
    "max_tokens": 131072,
    "window_tokens": 128,
    "windowed_count": 18,
    "layers_count": 36,
    "total_b": 671.0,
    "active_b": 37.6,
    "per_gpu_gb": 17.6,
    "users_count": 16,
    "input_tokens": 2000,
    "idle_ttft_s": 0.38,
    "load_ttft_s": 1.02,
    "alone_tok_s": 48.2,
    "alone_ms": 20.8,
    "each_tok_s": 30.8,
    # the site's other answers
    "min_tb": 20,
    "max_tb": 50,
    "ports_count": 8,
    "gbps_count": 400,
    "vcpus_count": 24,
    "ram_gb": 240,
    "cpu": "2x Xeon 8480+",
    "per_gpu_usd": Decimal("2987.50"),
}
COUNTS = (
    "ports_count",
    "delivery_days",
    "minimum_months",
    "trial_months",
    "gpus_count",
    "contexts_count",
    "windowed_count",
    "users_count",
)


def _points():
    """One point per fact and per worded variant, with every value it may name."""
    for fact in Fact:
        count = next((key for key in COUNTS if key in str(FACTS[fact])), None)
        yield Point(fact, ALL_VALUES, count=count)
        for plural in (1, 2, 5):
            if count:
                yield Point(fact, {**ALL_VALUES, count: plural}, count=count)
    for fact, key in WITHOUT_VALUE:
        values = {k: v for k, v in ALL_VALUES.items() if k != key}
        yield Point(fact, values, count="gpus_count")
    for fact, key in WITH_VALUE:
        yield Point(fact, ALL_VALUES)
        yield Point(fact, {k: v for k, v in ALL_VALUES.items() if k != key})


OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]


def test_every_fact_has_a_sentence():
    """A new Fact fails here until it is worded."""
    assert set(FACTS) == set(Fact)


def test_the_questions_reach_every_fact_the_packaged_data_can_state():
    """The rendered questions below make every point the packaged catalog allows."""
    made = set()
    for question in QUESTIONS:
        answer = answer_question(question)
        made |= {p.fact for p in (answer.short, *answer.points)}
    # A ROCm GPU without an image, and the comparison lines, need other data or /compare.
    unreachable = {
        Fact.NO_ROCM_IMAGE,
        Fact.HARDWARE_RATIOS,
        Fact.MEMORY_PER_DOLLAR,
    }
    assert set(Fact) - made <= unreachable, sorted(set(Fact) - made - unreachable)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_sentence_is_translated_and_fills_its_placeholders(language):
    """Each fact, plural form and variant renders in the language from its own catalog."""
    loc, catalog = recording_localizer(language)
    for point in _points():
        text = sentence(loc, point)
        assert text.strip()
        assert "%(" not in text
    for message in (*RATIO_ITEMS.values(), *TRANSLATED_ITEMS.values()):
        loc.gettext(message, ratio="2×")
    assert not catalog.missing, f"{language}: untranslated {sorted(catalog.missing)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_use_only_their_message_placeholders(language):
    """A translation naming a placeholder its message lacks would fail at render: none does."""
    catalog = localizer(language).catalog
    messages = [*FACTS.values(), *WITH_VALUE.values(), *WITHOUT_VALUE.values()]
    for message in messages:
        pairs = [message] if isinstance(message, str) else [message[0]]
        for msgid in pairs:
            plural = message if isinstance(message, tuple) else None
            translated = (
                catalog.ngettext(plural[0], plural[1], 2) if plural else catalog.gettext(msgid)
            )
            expected = set(_PLACEHOLDER.findall(plural[1] if plural else msgid))
            assert set(_PLACEHOLDER.findall(translated)) <= expected | {"num"}, msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_knowledge_answer_renders_valid_and_within_limits(language):
    """Each question's answer is one Telegram message, translated, with working buttons."""
    loc, catalog = recording_localizer(language)
    checkout = CheckoutConfig()
    for question in QUESTIONS:
        reply = render_knowledge(loc, answer_question(question), checkout=checkout)
        parsed = check_telegram_html(reply.html)
        assert parsed.length_utf16 <= MessageLimit.MAX_TEXT_LENGTH
        assert "%(" not in reply.text
        assert "<" not in reply.text
        for button in (b for row in reply.buttons for b in row):
            assert bool(button.url) != bool(button.callback_data)
            if button.callback_data:
                payload = from_callback(button.callback_data)
                assert decode_payload(payload) is not None, button.callback_data
                assert len(button.callback_data.encode()) <= 64
    if language != "en":
        assert not catalog.missing, f"{language}: untranslated {sorted(catalog.missing)}"


def test_an_answer_that_quotes_a_price_says_the_prices_date():
    """An answer naming a price states the prices' date, in the customer's date format."""
    answer = answer_question(Question(Topic.WHOLE_SERVER_ONLY, gpus=(GpuId.MI355X,)))
    assert "Prices as of Oct 22, 2026." in render_knowledge(localizer("en"), answer).text
    german = render_knowledge(localizer("de"), answer).text
    assert "22.10.2026" in german
    network = answer_question(Question(Topic.PRIVATE_NETWORK))
    assert "Prices as of" not in render_knowledge(localizer("en"), network).text


@pytest.mark.parametrize("language", ["en", "zh-Hans", "de"])
def test_a_yes_to_the_fit_question_gives_the_price_and_the_order_link_in_ticket_text(language):
    """The fit question's yes: the ticket text names US$3,090 and links the H200 order."""
    answer = answer_question(Question(Topic.FAQ_70B_SINGLE_H200))
    reply = render_knowledge(localizer(language), answer, checkout=CheckoutConfig())
    assert "3,090" in reply.text or "3.090" in reply.text
    assert "plan=h200-1x&quantity=1" in reply.text
    assert "plan=h200-1x&quantity=1" not in reply.html  # in Telegram it is a button
