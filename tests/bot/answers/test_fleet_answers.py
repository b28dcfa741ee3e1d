"""A fleet: more than one online order holds is answered briefly and handed to a person."""

from __future__ import annotations

import json

import pytest

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.cli.ask import reply_json
from bot.cli.jsonl import json_line
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext, Sender
from sizing import MAX_ONLINE_ORDER_UNITS
from tests.fakes.telegram_html import check_telegram_html
from tests.helpers.answers import QUOTE_DAY, TEST_KEY

# About 900,000 users of a 70B model: hundreds of servers on every plan.
FLEET_ASKS = {
    "en": ("Llama 3.3 70B for 900000 users", "64 servers or machines at most"),
    "ru": ("Llama 3.3 70B на 900000 пользователей", "не более 64 серверов или машин"),
}
# Far below the limit: the answer every customer gets, with its order button.
ORDERABLE_ASK = "Llama 3.3 70B for 2000 users"
# Well under what a Telegram message may carry; a fleet once made a 72 MB JSON line.
MAX_FLEET_JSON_BYTES = 64 * 1024


@pytest.fixture
def pipeline():
    """Provide a pipeline with a sales chat, a signing key and a fixed date."""
    return Pipeline(CheckoutConfig(signing_key=TEST_KEY), today=lambda: QUOTE_DAY, sales_chat=True)


def _chat(language):
    sender = Sender(4242, first_name="Dana", username="dana_ito")
    return ChatContext(chat_id=4242, language=language, sender=sender)


@pytest.mark.parametrize("language", sorted(FLEET_ASKS))
def test_a_fleet_is_answered_with_one_copy_the_total_and_a_person(pipeline, language):
    """Verdict beyond an online order, the copy line, no order link, a hand-off button."""
    text, limit_words = FLEET_ASKS[language]
    reply = pipeline.respond(text, _chat(language)).reply
    assert reply.kind == "size"
    assert reply.language == language
    check_telegram_html(reply.html)
    assert limit_words in reply.html
    assert limit_words in reply.text
    urls = [b.url for row in reply.buttons for b in row if b.url]
    assert urls == []  # no checkout for hundreds of servers
    labels = [b.text for row in reply.buttons for b in row]
    assert localizer(language).gettext("Talk to a person") in labels
    assert reply.launch_html is None


@pytest.mark.parametrize("language", sorted(FLEET_ASKS))
def test_a_fleet_answer_in_json_names_the_verdict_and_lists_no_commands(pipeline, language):
    """The JSON keeps its shape; the lead option counts servers but carries no command list."""
    text, _ = FLEET_ASKS[language]
    answer = reply_json(pipeline.respond(text, _chat(language)).reply)
    data = answer["data"]
    assert data["verdict"]["code"] == "beyond_online_order"
    lead = data["options"][data["verdict"]["option_index"]]
    assert lead["servers"] > MAX_ONLINE_ORDER_UNITS
    assert lead["replicas"] * lead["max_concurrency_at_context"] >= 900_000
    assert lead["monthly_usd"] is not None
    assert lead["launch_commands"] == []
    assert lead["checkout_url"] is None
    for option in data["options"]:
        assert len(option["launch_commands"]) <= MAX_ONLINE_ORDER_UNITS
    assert answer["links"] == []
    assert len(json_line(answer).encode()) < MAX_FLEET_JSON_BYTES


def test_the_hand_off_button_under_a_fleet_reaches_sales_with_the_request(pipeline):
    """Pressing it hands off; the summary names the fleet's request and our pick."""
    sized = pipeline.respond(FLEET_ASKS["en"][0], _chat("en"))
    button = next(b for row in sized.reply.buttons for b in row if b.text == "Talk to a person")
    turn = pipeline.respond_to_callback(button.callback_data, sized.chat)
    assert turn.reply.kind == "handoff"
    assert turn.handoff is not None
    assert "900,000 users" in turn.handoff.text


def test_an_orderable_answer_keeps_its_order_button_and_no_hand_off(pipeline):
    """Under the limit the answer is the ordinary one: order link, launch command."""
    reply = pipeline.respond(ORDERABLE_ASK, _chat("en")).reply
    data = json.loads(json_line(reply_json(reply)))["data"]
    assert data["verdict"]["code"] != "beyond_online_order"
    urls = [b.url for row in reply.buttons for b in row if b.url]
    assert len(urls) == 1
    assert "Talk to a person" not in [b.text for row in reply.buttons for b in row]
    assert reply.launch_html is not None
