"""A conversation with a person both ways: tags, the open thread, /done, a day of silence."""

from __future__ import annotations

import pytest

from bot.conversation.pipeline import Pipeline
from bot.conversation.relay import THREAD_IDLE_S, is_done, tagged_chat, thread_tag
from bot.reply import ChatContext, SalesMessage, Sender
from tests.fakes.telegram_html import check_telegram_html

MARIA = Sender(9, "Maria", None, "maria")


class Clock:
    """A settable clock: the thread's day of silence without waiting a day."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        """Return the time the test set."""
        return self.now


@pytest.fixture
def clock():
    """Provide the clock."""
    return Clock()


@pytest.fixture
def sales(clock):
    """Provide a pipeline with a sales chat and the clock."""
    return Pipeline(sales_chat=True, now=clock)


def _open_thread(sales, language="en", chat_id=42):
    chat = ChatContext(chat_id=chat_id, sender=Sender(chat_id, "Alex"), language=language)
    sized = sales.respond("Llama 3.3 70B 128K 10 users", chat)
    return sales.respond("/sales", sized.chat)


@pytest.mark.parametrize("chat_id", [42, -1001234567890, 7])
def test_a_tag_names_its_chat_and_reads_back(chat_id):
    """``#customer_42``, ``#customer_m1001234567890``: written and read back, first line only."""
    tag = thread_tag(chat_id)
    assert tagged_chat(f"{tag} · A customer asks for a person\nmore") == chat_id
    assert tagged_chat(f"header\n{tag}") is None  # a customer's words further down do not count
    assert tagged_chat(f"{tag}9 something") != chat_id  # no tag runs into more digits


def test_done_is_read_with_or_without_the_bots_name():
    """A thread ends on "/done", "/done@bot" or "/DONE thanks"; never on "done" alone."""
    assert is_done("/done")
    assert is_done("/done@fullgpu_bot")
    assert is_done("  /DONE thanks")
    assert not is_done("done")
    assert not is_done("/donezo")


def test_a_hand_off_opens_the_thread_and_the_summary_carries_its_tag(sales, clock):
    """The summary's first line is the tag; the chat keeps the thread open from now."""
    turn = _open_thread(sales)
    assert turn.handoff is not None
    assert turn.handoff.text.startswith("#customer_42 · ")
    assert turn.chat.thread_at == clock.now
    check_telegram_html(turn.handoff.html)


@pytest.mark.parametrize(
    ("language", "header"),
    [
        ("en", "Maria, from our team:"),
        ("de", "Maria aus unserem Team:"),
        ("ja", "担当 Maria より："),
    ],
)
def test_a_sales_reply_reaches_the_customer_in_their_language(sales, clock, language, header):
    """The reply goes to the customer under a header in their language; it answers under it."""
    opened = _open_thread(sales, language).chat
    clock.now += 60
    delivery = sales.respond_to_sales(
        SalesMessage(42, "4 machines at 10% off?", 501, MARIA), opened
    )
    assert delivery.to_sales is None
    assert delivery.to_customer is not None
    assert delivery.to_customer.text == f"{header}\n4 machines at 10% off?"
    assert delivery.to_customer.language == language
    assert delivery.chat.thread_reply_to == 501
    assert delivery.chat.thread_at == clock.now
    check_telegram_html(delivery.to_customer.html)


def test_the_sales_persons_words_are_escaped_for_the_customer(sales):
    """Markup in a reply reaches the customer as text."""
    opened = _open_thread(sales).chat
    delivery = sales.respond_to_sales(SalesMessage(42, "<b>50%</b> & more", 1, MARIA), opened)
    assert "&lt;b&gt;50%&lt;/b&gt; &amp; more" in delivery.to_customer.html


def test_the_customers_next_messages_follow_the_thread_with_what_the_bot_said(sales):
    """A sizing the bot answers reaches the thread with its first line; it is still answered."""
    opened = _open_thread(sales).chat
    replied = sales.respond_to_sales(SalesMessage(42, "hi", 501, MARIA), opened).chat
    turn = sales.respond("what if 20 users?", replied)
    assert turn.reply.kind == "size"
    assert turn.relay is not None
    assert turn.relay.text.startswith(
        "#customer_42 Alex:\nwhat if 20 users?\nThe assistant answered: "
    )
    assert turn.chat.thread_reply_to == 501
    check_telegram_html(turn.relay.html)


@pytest.mark.parametrize(
    ("language", "text", "ack"),
    [
        ("en", "I am in a meeting until 3pm", "I've passed this on to our team"),
        ("fr", "merci, à demain", "J'ai transmis cela à notre équipe"),
        ("ru", "спасибо, жду звонка", "Я передал это нашей команде"),
        ("zh-Hans", "好的，等你们电话", "我已转给我们的团队"),
    ],
)
def test_what_only_a_person_can_answer_is_acknowledged(sales, language, text, ack):
    """No off-topic reply in an open thread: the customer hears it went to the team."""
    opened = _open_thread(sales, language).chat
    turn = sales.respond(text, opened)
    assert turn.reply.text.startswith(ack)
    assert turn.relay is not None
    assert "The assistant told the customer a person will answer." in turn.relay.text


def test_asking_for_a_person_again_in_an_open_thread_says_it_reached_them(sales):
    """Asking for a person again in the hour: "already reached our team", and passed on."""
    opened = _open_thread(sales, "de").chat
    turn = sales.respond("Könnten Sie mich morgen anrufen?", opened)
    assert turn.handoff is None
    assert turn.reply.data["state"] == "already"
    assert "Könnten Sie mich morgen anrufen?" in turn.relay.text


def test_done_from_the_customer_ends_the_thread_and_tells_the_team(sales):
    """/done: the customer is told, the team hears it, later messages stay with the bot."""
    opened = _open_thread(sales).chat
    done = sales.respond("/done", opened)
    assert done.reply.text.startswith("You've ended the conversation with our team.")
    assert done.relay.text == "#customer_42 The customer ended the conversation (/done)."
    assert done.chat.thread_at is None
    after = sales.respond("cheaper?", done.chat)
    assert after.relay is None
    late = sales.respond_to_sales(SalesMessage(42, "still there?", 9, MARIA), done.chat)
    assert late.to_customer is None
    assert late.to_sales.text.startswith("#customer_42 Not delivered: this conversation is over")


def test_done_from_the_team_ends_the_thread_for_the_customer(sales):
    """/done as a sales reply: the customer is told in their language, the team confirmed."""
    opened = _open_thread(sales, "es").chat
    delivery = sales.respond_to_sales(SalesMessage(42, "/done", 9, MARIA, done=True), opened)
    assert delivery.to_customer.text.startswith("Nuestro equipo ha cerrado esta conversación.")
    assert delivery.to_sales.text == "#customer_42 Conversation closed; the customer was told."
    assert delivery.chat.thread_at is None


def test_done_without_a_thread_says_there_is_none(sales):
    """/done with nothing open: a polite note, nothing for the team."""
    turn = sales.respond("/done", ChatContext(chat_id=3, language="de"))
    assert turn.relay is None
    assert turn.reply.text.startswith("Es gibt kein offenes Gespräch mit unserem Team.")


def test_a_day_without_a_message_closes_the_thread(sales, clock):
    """After a day of silence neither side's message crosses; a message inside the day does."""
    opened = _open_thread(sales).chat
    clock.now += THREAD_IDLE_S - 1
    kept = sales.respond("Llama 3.3 70B 128K 12 users", opened)
    assert kept.relay is not None
    clock.now += THREAD_IDLE_S + 1
    closed = sales.respond("and with 64K?", kept.chat)
    assert closed.relay is None
    assert closed.chat.thread_at is None
    late = sales.respond_to_sales(SalesMessage(42, "sorry for the delay", 3, MARIA), kept.chat)
    assert late.to_customer is None
    assert "Not delivered" in late.to_sales.text


def test_a_sales_reply_with_no_text_is_not_passed_on(sales):
    """A sticker or photo without a caption: the team hears only text crosses."""
    opened = _open_thread(sales).chat
    delivery = sales.respond_to_sales(SalesMessage(42, "  ", 3, MARIA), opened)
    assert delivery.to_customer is None
    assert delivery.to_sales.text == "#customer_42 Not delivered: only text reaches the customer."
