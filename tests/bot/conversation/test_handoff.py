"""A person when asked: the customer's confirmation, the sales summary, once an hour."""

from __future__ import annotations

import io

import pytest

from bot.answers.checkout import CheckoutConfig, verify_quote
from bot.cli.console import SALES_BANNER, run_console
from bot.conversation.handoff import HANDOFF_INTERVAL_S
from bot.conversation.pipeline import Pipeline
from bot.languages import LANGUAGES
from bot.reply import ChatContext, Sender
from tests.fakes.telegram_html import check_telegram_html
from tests.helpers.answers import QUOTE_DAY, TEST_KEY

ASK_FOR_A_PERSON = {
    "en": "How do I talk to a human?",
    "zh-Hans": "我想找人工客服",
    "zh-Hant": "我要找真人",
    "ru": "Как связаться с живым человеком?",
    "ja": "人間の担当者と話したいです",
    "ko": "상담원과 이야기하고 싶어요",
    "es": "¿Cómo hablo con una persona?",
    "pt-BR": "Como falo com um humano?",
    "de": "Wie erreiche ich einen Menschen?",
    "fr": "Comment parler à un humain ?",
}


class Clock:
    """A settable clock for the once-an-hour rule."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        """Return the time the test set."""
        return self.now


@pytest.fixture
def clock():
    """Provide a clock the test moves."""
    return Clock()


@pytest.fixture
def sales_pipeline(clock):
    """Provide a pipeline with a sales chat, a signing key, a fixed date and the clock."""
    return Pipeline(
        CheckoutConfig(signing_key=TEST_KEY),
        today=lambda: QUOTE_DAY,
        now=clock,
        sales_chat=True,
    )


def _chat(language="en"):
    sender = Sender(4242, first_name="Dana", last_name="Ito", username="dana_ito")
    return ChatContext(chat_id=4242, telegram_language=language, sender=sender)


@pytest.mark.parametrize("language", LANGUAGES)
def test_asking_for_a_person_hands_off_in_every_language(sales_pipeline, language):
    """The request is recognised, confirmed in the customer's language, and summarised."""
    turn = sales_pipeline.respond(ASK_FOR_A_PERSON[language], _chat(language))
    assert turn.reply.kind == "handoff"
    assert turn.reply.language == language
    assert turn.handoff is not None
    check_telegram_html(turn.reply.html)
    check_telegram_html(turn.handoff.html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sales_command_hands_off(sales_pipeline, language):
    """/sales works whatever the customer's language."""
    turn = sales_pipeline.respond("/sales", _chat(language))
    assert turn.handoff is not None
    assert turn.reply.language == language


def test_the_summary_says_who_what_our_pick_the_quote_and_how_to_reply(sales_pipeline):
    """Username, language, last request, recommendation, a valid signed quote, reply links."""
    sized = sales_pipeline.respond("DeepSeek V3 BF16, 128K context", _chat())
    turn = sales_pipeline.respond("contact sales", sized.chat)
    text, html = turn.handoff.text, turn.handoff.html
    assert "Dana Ito (@dana_ito), user id 4242" in text
    assert "Language: English (en)" in text
    assert "Asked: contact sales" in text
    assert "Last request: DeepSeek-V3, BF16, 128K context, 1 user" in text
    assert text.startswith("#customer_4242 · A customer asks for a person")
    assert (
        "Our recommendation: DeepSeek-V3 (BF16, 128K, 1 user) — 8× AMD Instinct MI355X, "
        "1 server, 8 GPUs: $19,900 a month"
    ) in text
    quote = next(line for line in text.splitlines() if line.startswith("Quote: ")).split()[-1]
    assert verify_quote(quote, TEST_KEY)
    assert quote.startswith("q2.mi355x-8x.1.")
    assert '<a href="https://t.me/dana_ito">' in html
    assert '<a href="tg://user?id=4242">Dana Ito</a>' in html


def test_the_customers_own_words_are_escaped_in_the_summary(sales_pipeline):
    """Markup-like text in the message reaches sales as text, and the summary stays valid."""
    asked = "talk to a human <b>now</b> & tell me if 3 < 4"
    turn = sales_pipeline.respond(asked, _chat())
    html = turn.handoff.html
    check_telegram_html(html)
    assert "Asked: talk to a human &lt;b&gt;now&lt;/b&gt; &amp; tell me if 3 &lt; 4" in html
    assert f"Asked: {asked}" in turn.handoff.text


def test_a_customer_who_asked_nothing_yet_is_summarised_as_such(sales_pipeline):
    """No sized request: the summary says so instead of inventing one."""
    turn = sales_pipeline.respond("/sales", _chat())
    assert "Last request: none yet" in turn.handoff.text
    assert "Our recommendation: none yet" in turn.handoff.text


def test_at_most_one_hand_off_an_hour(sales_pipeline, clock):
    """A second request within the hour is confirmed without a second summary."""
    first = sales_pipeline.respond("talk to a human", _chat())
    assert first.handoff is not None
    assert first.chat.last_handoff_at == clock.now
    clock.now += HANDOFF_INTERVAL_S - 1
    again = sales_pipeline.respond("talk to a human please", first.chat)
    assert again.handoff is None
    assert again.reply.data["state"] == "already"
    clock.now += 2
    later = sales_pipeline.respond("talk to a human please", again.chat)
    assert later.handoff is not None


def test_without_a_sales_chat_the_customer_is_told_honestly():
    """No sales chat configured: no promise of a reply, a way to reach us instead."""
    turn = Pipeline().respond("How do I talk to a human?", _chat())
    assert turn.handoff is None
    assert turn.reply.data["state"] == "unavailable"
    assert "fullgpu.com" in turn.reply.text


def test_the_talk_to_a_person_button_hands_off(sales_pipeline):
    """The stateless "Talk to a person" button of knowledge answers hands off too."""
    turn = sales_pipeline.respond_to_callback("go:sales", _chat())
    assert turn.handoff is not None


def test_the_console_prints_the_summary():
    """In the console chat the summary sales would receive is printed after the reply."""
    out = io.StringIO()
    pipeline = Pipeline(sales_chat=True)
    run_console(pipeline, io.StringIO("How do I talk to a human?\n"), out)
    printed = out.getvalue()
    assert SALES_BANNER in printed
    assert "A customer asks for a person" in printed
    assert printed.index("I've passed your request") < printed.index(SALES_BANNER)
