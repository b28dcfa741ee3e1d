"""The sales chat's side of a conversation: which replies count, and the jobs they become."""

from __future__ import annotations

from telegram import Message

from bot.reply import SalesMessage, Sender
from bot.telegram.sales_chat import RELAY_KEY, relay_job, sales_reply_job

BOT_ID = 123456789
SALES_CHAT = {"id": -100555, "type": "supergroup", "title": "Sales"}
BOT = {"id": BOT_ID, "is_bot": True, "first_name": "FullGPU"}
MARIA = {"id": 9, "is_bot": False, "first_name": "Maria", "username": "maria"}


def _reply(text: str, quoted_text: str, *, quoted_from=BOT) -> Message:
    quoted = {
        "message_id": 10,
        "date": 0,
        "chat": SALES_CHAT,
        "from": quoted_from,
        "text": quoted_text,
    }
    message = {
        "message_id": 11,
        "date": 0,
        "chat": SALES_CHAT,
        "from": MARIA,
        "text": text,
        "reply_to_message": quoted,
    }
    return Message.de_json(message, None)


def test_a_reply_to_a_tagged_bot_message_becomes_a_job_of_the_customers_chat():
    """The job names the customer, keeps the words, and takes the negative update id."""
    job = sales_reply_job(321, _reply("hi Alex", "#customer_42 · A customer asks"), BOT_ID)
    assert job is not None
    assert job["update_id"] == -321
    assert job[RELAY_KEY]["chat"] == {"id": 42}
    assert relay_job(job) == SalesMessage(42, "hi Alex", 11, Sender(9, "Maria", None, "maria"))


def test_done_as_a_reply_is_a_job_that_ends_the_thread():
    """/done answering a thread's message ends that thread."""
    job = sales_reply_job(5, _reply("/done", "#customer_m100123 Alex:\nthanks"), BOT_ID)
    item = relay_job(job)
    assert item is not None
    assert item.customer_chat_id == -100123
    assert item.done


def test_replies_that_name_no_customer_are_no_job():
    """A reply to a person's message, or to a bot message with no tag, is ordinary chat."""
    assert sales_reply_job(1, _reply("ok", "#customer_42 hi", quoted_from=MARIA), BOT_ID) is None
    assert sales_reply_job(1, _reply("ok", "Prices as of today"), BOT_ID) is None
    plain = Message.de_json(
        {"message_id": 3, "date": 0, "chat": SALES_CHAT, "from": MARIA, "text": "hello"}, None
    )
    assert sales_reply_job(1, plain, BOT_ID) is None


def test_a_stored_job_that_does_not_read_is_no_sales_message():
    """A job with a wrong shape reads as nothing, never as a message to a wrong chat."""
    assert relay_job({"update_id": 1, "message": {}}) is None
    assert relay_job({RELAY_KEY: {"chat": {"id": "42"}, "text": "x", "message_id": 1}}) is None
    assert relay_job({RELAY_KEY: {"chat": {"id": 42}, "text": 5, "message_id": 1}}) is None
