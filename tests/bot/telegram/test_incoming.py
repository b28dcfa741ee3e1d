"""incoming: private messages read from the JSON as PTB reads them; the rest left to PTB."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from telegram import Update

from bot.ops.observability import scope_of
from bot.telegram.handlers import sender_of
from bot.telegram.incoming import private_message

USER = {"id": 7, "is_bot": False, "first_name": "Ann", "language_code": "de"}
MESSAGE = {
    "message_id": 3,
    "date": 1_700_000_000,
    "chat": {"id": 7, "type": "private", "first_name": "Ann"},
    "from": USER,
    "text": "Llama 3.1 70B FP8",
}


def update(**changes: Any) -> dict[str, Any]:
    """Build a private message update, with ``changes`` made to its message (None: key removed)."""
    message = copy.deepcopy(MESSAGE)
    for key, value in changes.items():
        if value is None:
            message.pop(key, None)
        else:
            message[key] = value
    return {"update_id": 11, "message": message}


@pytest.mark.parametrize(
    "raw",
    [
        update(),
        update(text="/start"),
        update(**{"from": None}),
        update(**{"from": {**USER, "last_name": "Lee", "username": "ann", "language_code": None}}),
        update(text="x" * 5000, entities=[{"type": "bold", "offset": 0, "length": 1}]),
    ],
)
def test_a_private_message_reads_as_ptb_reads_it(raw):
    """Chat, text or caption, sender, language and the update's scope: PTB's values."""
    message = private_message(raw)
    ptb = Update.de_json(copy.deepcopy(raw), None)
    assert message is not None
    assert ptb.message is not None
    assert message.chat_id == ptb.message.chat.id
    assert message.text == ptb.message.text
    user = ptb.message.from_user
    assert message.sender == sender_of(user)
    assert message.telegram_language == (user.language_code if user else None)
    assert message.scope() == scope_of(ptb)


@pytest.mark.parametrize(
    "raw",
    [
        update(chat={"id": -5, "type": "group", "title": "g"}),
        update(chat={"id": -5, "type": "supergroup", "title": "g"}),
        update(document={"file_id": "f", "file_unique_id": "u", "file_name": "config.json"}),
        {"update_id": 11, "edited_message": MESSAGE},
        {"update_id": 11, "message": MESSAGE, "callback_query": {}},
        {"update_id": 11, "callback_query": {"id": "q", "from": USER, "chat_instance": "c"}},
        update(text=5),
        update(text=None),
        update(text=None, caption="Qwen2.5 72B", photo=[]),
        update(text=None, sticker={}),
        update(reply_to_message={"message_id": 1}),
        update(entities=[{"type": "mention", "offset": 0, "length": 3, "user": USER}]),
        update(entities=[{"type": "bold", "offset": "0", "length": 3}]),
        update(date="today"),
        update(chat={"id": "7", "type": "private"}),
        update(**{"from": {"id": 7, "first_name": "Ann"}}),
        update(**{"from": {**USER, "language_code": 1}}),
        {"update_id": 11, "message": "hello"},
    ],
)
def test_anything_but_a_well_formed_private_message_is_left_to_ptb(raw):
    """Groups, documents, buttons, edits and odd shapes go through PTB as before."""
    assert private_message(raw) is None
