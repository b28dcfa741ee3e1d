"""Deep links and stateless buttons: the grammar, Telegram's limits, and the answers they open."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from telegram.constants import MessageLimit
from telegram.helpers import create_deep_linked_url

from bot.answers.links import (
    Link,
    LinkKind,
    compare_payload,
    decode_payload,
    from_callback,
    model_slug,
    size_payload,
    to_callback,
    topic_payload,
)
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from sizing.knowledge.types import Topic
from sizing.model import load_models
from sizing.request import GpuId, Precision


def _text(reply):
    return reply.text


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (
            "size-deepseek-v3-bf16-128k",
            Link(
                LinkKind.SIZE,
                model_text="deepseek v3",
                precision=Precision.BF16,
                context_tokens=131072,
            ),
        ),
        (
            "size-llama-3_3-70b-fp8-32k-20u",
            Link(
                LinkKind.SIZE,
                model_text="llama 3.3 70b",
                precision=Precision.FP8,
                context_tokens=32768,
                concurrency=20,
            ),
        ),
        ("size-70b-fp8", Link(LinkKind.SIZE, model_text="70b", precision=Precision.FP8)),
        ("size", Link(LinkKind.SIZE)),
        ("compare-mi355x-h200", Link(LinkKind.COMPARE, gpus=(GpuId.MI355X, GpuId.H200))),
        ("price", Link(LinkKind.PRICE)),
        ("price-h200", Link(LinkKind.PRICE, gpus=(GpuId.H200,))),
        ("topic-faq_better", Link(LinkKind.TOPIC, topic=Topic.FAQ_BETTER)),
        ("topic-gpu_card-b200", Link(LinkKind.TOPIC, topic=Topic.GPU_CARD, gpus=(GpuId.B200,))),
        ("sales", Link(LinkKind.SALES)),
        ("lang-zh-Hant", Link(LinkKind.LANG, language="zh-Hant")),
        ("help", Link(LinkKind.HELP)),
    ],
)
def test_payloads_decode(payload, expected):
    """Each documented payload decodes to what it opens."""
    assert decode_payload(payload) == expected


@pytest.mark.parametrize(
    "payload",
    [
        None,
        "",
        "x" * 65,
        "size-",
        "compare-h200-h200",
        "compare-h100-h200",
        "price-h200-b200",
        "topic-nonsense",
        "topic-faq_better-h100",
        "lang-xx",
        "sales-now",
        "size-128k",
        "hello world",
        "заказ",
    ],
)
def test_payloads_outside_the_grammar_decode_to_nothing(payload):
    """Anything the grammar did not write is refused (the chat opens on the welcome)."""
    assert decode_payload(payload) is None


def test_encoders_write_what_the_decoder_reads_within_telegram_limits():
    """Payloads fit Telegram's start parameter and, with the prefix, callback data."""
    payloads = [
        size_payload("deepseek-v3", precision=Precision.BF16, context_tokens=131072),
        compare_payload(GpuId.MI355X, GpuId.H200),
        topic_payload(Topic.FAQ_70B_SINGLE_H200, GpuId.MI355X),
    ]
    for payload in payloads:
        assert payload is not None
        assert decode_payload(payload) is not None
        assert len(payload) <= MessageLimit.DEEP_LINK_LENGTH
        create_deep_linked_url("fullgpu_bot", payload)  # PTB's own check of the characters
        assert from_callback(to_callback(payload)) == payload
    assert size_payload("x" * 70) is None


def test_every_catalog_model_has_a_deep_link_that_sizes_it():
    """Each catalog model's slug, read back, names that model or its release in its format.

    "size-qwen3-32b-fp8" (Qwen/Qwen3-32B-FP8) reads as Qwen3 32B in FP8: the quantized
    release's name ends in its format, which the grammar takes as the precision.
    """
    pipeline = Pipeline()
    missed = []
    for model in load_models():
        payload = size_payload(model_slug(model.id))
        if payload is None:
            continue
        link = decode_payload(payload)
        parsed = pipeline.parse_text(link.model_text)
        same_release = (
            parsed.facts.model_id is not None and link.precision is model.release_precision
        )
        if parsed.facts.model_id != model.id and not same_release:
            missed.append((model.id, link.model_text, parsed.facts.model_id))
    assert not missed


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", max_size=64))
def test_any_payload_of_allowed_characters_decodes_or_is_refused(payload):
    """Decoding never raises, whatever a link carries."""
    link = decode_payload(payload)
    assert link is None or isinstance(link, Link)


def test_start_with_a_sizing_payload_answers_that_sizing():
    """/start size-deepseek-v3-bf16-128k answers as "DeepSeek V3 BF16, 128K context" does."""
    pipeline = Pipeline()
    linked = pipeline.respond("/start size-deepseek-v3-bf16-128k", ChatContext())
    typed = pipeline.respond("DeepSeek V3 BF16, 128K context", ChatContext())
    assert linked.reply.kind == "size"
    assert linked.reply.text == typed.reply.text
    assert linked.chat.last_request == typed.chat.last_request


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        ("compare-mi355x-h200", "compare"),
        ("price", "price"),
        ("topic-faq_deepseek", "knowledge"),
        ("size", "clarify"),
        ("nonsense", "help"),
        ("size-unknownmodelxyz-fp8", "help"),
    ],
)
def test_start_payloads_open_their_answer(payload, kind):
    """Each payload opens its answer; an unknown one, the welcome."""
    assert Pipeline().respond(f"/start {payload}", ChatContext()).reply.kind == kind


def test_a_language_payload_sets_the_language():
    """/start lang-ja answers in Japanese from then on."""
    turn = Pipeline().respond("/start lang-ja", ChatContext())
    assert turn.chat.language == "ja"
    assert turn.reply.language == "ja"


def test_a_stateless_button_answers_under_any_chat_state():
    """A "go:" button needs no stored request: it answers even in a fresh chat."""
    turn = Pipeline().respond_to_callback("go:compare-h200-mi355x", ChatContext())
    assert turn.reply.kind == "compare"
    assert _text(turn.reply).startswith("NVIDIA H200")


@pytest.mark.parametrize(
    ("payload", "kind", "source"),
    [
        ("size-deepseek-v3-fp8--pricing", "size", "pricing"),
        ("price--blog", "price", "blog"),
        ("lang-zh-Hant--docs_2", "lang", "docs_2"),
        ("compare-mi355x-h200", "compare", None),
    ],
)
def test_a_payload_may_end_with_its_source_tag(payload, kind, source):
    """``--<source>`` after any payload names where the link was published."""
    link = decode_payload(payload)
    assert link is not None
    assert (link.kind.value, link.source) == (kind, source)


@pytest.mark.parametrize("payload", ["price--", "price--two-parts", "price--" + "x" * 17, "--blog"])
def test_a_malformed_source_tag_opens_on_the_welcome(payload):
    """An empty, dashed, overlong tag, or a tag alone, is not this grammar's."""
    assert decode_payload(payload) is None
