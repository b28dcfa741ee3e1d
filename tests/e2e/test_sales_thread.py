"""A conversation with a person both ways through the sales chat, end to end.

The real bot, the real Pipeline and the fake Telegram: a customer asks for a person, a sales
person replies to the summary in the sales chat (a group, ``reply_to_message`` as Telegram
fills it), the reply reaches the customer, the customer's next messages follow the thread, and
either side ends it with /done. The last test kills a real bot process with SIGKILL in the middle
of a burst both ways: after a restart every message has crossed once, in order.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.conversation.pipeline import Pipeline
from tests.e2e.harness import bot_settings, running_bot
from tests.e2e.processes import BotProcess, clean_env
from tests.fakes.users import FakeUser, group_chat

SALES_CHAT = -100_555
CUSTOMER = 7001
SALES_PERSON = 9001
BURST = 8
QUIET_AFTER_S = 1.5  # a duplicate would show up in this time
ANSWERED_TIMEOUT_S = 120.0


def _texts(fake, chat_id):
    return [m["text"] for m in fake.sent(chat_id)]


async def _handed_off(fake, customer: FakeUser) -> dict:
    """Size, ask for a person; return the summary the sales chat got."""
    await customer.says("Llama 3.3 70B 128K 10 users")
    await fake.wait_for(lambda: len(fake.sent(CUSTOMER)) == 1, timeout_s=60)
    await customer.says("cheaper?")
    await fake.wait_for(lambda: len(fake.sent(CUSTOMER)) == 2, timeout_s=60)
    await customer.says("talk to a human please")
    await fake.wait_for(
        lambda: len(fake.sent(SALES_CHAT)) == 1 and len(fake.sent(CUSTOMER)) == 3, timeout_s=60
    )
    return fake.sent(SALES_CHAT)[0]


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_a_sales_reply_reaches_the_customer_and_their_answer_the_thread(
    fake, state_url, mode
):
    """Summary tagged; a reply to it reaches the customer; their answer follows under it."""
    group_chat(fake, SALES_CHAT, "Sales")
    settings = bot_settings(fake, mode, state_url, {"SALES_CHAT_ID": str(SALES_CHAT)})
    customer = FakeUser(fake, CUSTOMER, first_name="Alex")
    maria = FakeUser(fake, SALES_PERSON, first_name="Maria")
    async with running_bot(fake, settings, Pipeline(sales_chat=True)):
        summary = await _handed_off(fake, customer)
        await maria.replies(summary, "Hi Alex, I can offer 4 machines at a discount.")
        await fake.wait_for(lambda: len(fake.sent(CUSTOMER)) == 4)
        await customer.says("Great, when can you call me?")
        await fake.wait_for(lambda: len(fake.sent(SALES_CHAT)) == 2)
    assert summary["text"].startswith(f"#customer_{CUSTOMER} · ")
    assert "Also discussed" in summary["text"]
    to_customer = _texts(fake, CUSTOMER)[3]
    assert to_customer.startswith("Maria, from our team:")
    assert "4 machines at a discount" in to_customer
    forwarded = fake.sent(SALES_CHAT)[1]
    assert forwarded["text"].startswith(f"#customer_{CUSTOMER} Alex:")
    assert "when can you call me?" in forwarded["text"]
    maria_message = fake.messages[
        (
            SALES_CHAT,
            max(
                k[1]
                for k in fake.messages
                if k[0] == SALES_CHAT and fake.messages[k]["from"]["id"] == SALES_PERSON
            ),
        )
    ]
    assert forwarded["reply_to_message"]["message_id"] == maria_message["message_id"]
    assert "reply_to_message" not in forwarded["reply_to_message"]  # one level, as Telegram


async def test_done_from_the_sales_side_closes_the_thread_for_both(fake, state_url):
    """/done as a reply closes the thread: the customer is told, later replies are refused."""
    group_chat(fake, SALES_CHAT, "Sales")
    settings = bot_settings(fake, "polling", state_url, {"SALES_CHAT_ID": str(SALES_CHAT)})
    customer = FakeUser(fake, CUSTOMER, first_name="Alex")
    maria = FakeUser(fake, SALES_PERSON, first_name="Maria")
    async with running_bot(fake, settings, Pipeline(sales_chat=True)):
        summary = await _handed_off(fake, customer)
        await maria.replies(summary, "/done")
        await fake.wait_for(
            lambda: len(fake.sent(CUSTOMER)) == 4 and len(fake.sent(SALES_CHAT)) == 2
        )
        await maria.replies(summary, "one more thing")
        await fake.wait_for(lambda: len(fake.sent(SALES_CHAT)) == 3)
        await customer.says("hello?")
        await fake.wait_for(lambda: len(fake.sent(CUSTOMER)) == 5)
        await asyncio.sleep(0.5)
    assert "closed this conversation" in _texts(fake, CUSTOMER)[3]
    assert "Not delivered" in _texts(fake, SALES_CHAT)[2]
    assert len(fake.sent(SALES_CHAT)) == 3  # "hello?" no longer reaches the thread


def _process(fake, tmp_path) -> BotProcess:
    env = clean_env(
        TELEGRAM_BOT_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.api_root,
        STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
        SALES_CHAT_ID=str(SALES_CHAT),
        LOG_LEVEL="INFO",
    )
    return BotProcess(env, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("kill_after", [3, 12])
async def test_the_thread_survives_sigkill_with_nothing_lost_or_doubled(fake, tmp_path, kill_after):
    """SIGKILL mid-burst both ways, restart: each reply and message crosses once, in order."""
    group_chat(fake, SALES_CHAT, "Sales")
    customer = FakeUser(fake, CUSTOMER, first_name="Alex")
    maria = FakeUser(fake, SALES_PERSON, first_name="Maria")
    bot = _process(fake, tmp_path)
    await bot.start()
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=60)
        summary = await _handed_off(fake, customer)
        before = len(fake.sent())
        for number in range(1, BURST + 1):
            await maria.replies(summary, f"Offer {number} from sales")
            await customer.says(f"Message {number} for the team")
        await fake.wait_for(lambda: len(fake.sent()) >= before + kill_after, timeout_s=60)
        bot.kill()
        await bot.wait()
        await bot.start()
        expected = before + 3 * BURST  # each offer to the customer; each message: ack + thread
        await fake.wait_for(lambda: len(fake.sent()) >= expected, timeout_s=ANSWERED_TIMEOUT_S)
        await asyncio.sleep(QUIET_AFTER_S)
    finally:
        status = await bot.stop()
    assert status == 0, bot.log()
    offers = [t for t in _texts(fake, CUSTOMER) if "from sales" in t]
    assert [t.split("\n", 1)[1] for t in offers] == [
        f"Offer {n} from sales" for n in range(1, BURST + 1)
    ]
    forwarded = [t for t in _texts(fake, SALES_CHAT) if "for the team" in t]
    assert [t.split("\n")[1] for t in forwarded] == [
        f"Message {n} for the team" for n in range(1, BURST + 1)
    ]
    assert len(fake.sent()) == before + 3 * BURST
