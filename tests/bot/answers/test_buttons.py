"""The callback_data grammar: compact, versioned, within Telegram's 64 bytes, round-tripping."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.answers.buttons import (
    ANY_GPU,
    MAX_CALLBACK_BYTES,
    Action,
    Callback,
    context_argument,
    decode,
    encode,
    request_state,
)
from bot.reply import ChatContext
from bot.request import RequestFacts
from sizing.request import GpuId, Precision

states = st.text(alphabet="0123456789abcdef", min_size=6, max_size=6)
contexts = st.integers(min_value=1, max_value=16 * 1024 * 1024)


@st.composite
def callbacks(draw):
    """Draw any callback the grammar can hold."""
    action = draw(st.sampled_from(list(Action)))
    state = draw(states)
    if action is Action.GPU:
        argument = draw(st.sampled_from([g.value for g in GpuId] + [ANY_GPU]))
    elif action is Action.PRECISION:
        argument = draw(st.sampled_from([p.value for p in Precision]))
    elif action is Action.CONTEXT:
        argument = context_argument(draw(contexts))
    else:
        argument = None
    return Callback(state, action, argument)


@given(callbacks())
def test_every_callback_round_trips_within_64_bytes(callback):
    """Whatever a button can carry encodes to at most 64 bytes and decodes to itself."""
    data = encode(callback)
    assert len(data.encode()) <= MAX_CALLBACK_BYTES == 64
    assert decode(data) == callback


@given(contexts)
def test_context_argument_reads_back_as_the_same_token_count(tokens):
    """A context written as ``32k`` or an exact count reads back exactly."""
    data = encode(Callback("abcdef", Action.CONTEXT, context_argument(tokens)))
    decoded = decode(data)
    assert decoded is not None
    assert decoded.context_tokens == tokens


@given(st.text(max_size=80))
def test_decode_never_raises_on_arbitrary_text(data):
    """Junk, foreign or truncated callback data decodes to None, never an exception."""
    result = decode(data)
    assert result is None or encode(result) == data


@pytest.mark.parametrize(
    "data",
    [
        "",
        "2:abcdef:d",
        "1:ABCDEF:d",
        "1:abcde:d",
        "1:abcdef:x",
        "1:abcdef:d:extra",
        "1:abcdef:p:fp3",
        "1:abcdef:g:h100",
        "1:abcdef:c:0k",
        "1:abcdef:c:99999999k",
        "1:abcdef:c",
        "1:abcdef:p",
    ],
)
def test_data_this_grammar_did_not_write_is_rejected(data):
    """Other versions, bad states, unknown actions and bad arguments are not understood."""
    assert decode(data) is None


def test_encode_refuses_what_the_grammar_cannot_hold():
    """A callback with a bad state or argument is a programming error, raised at once."""
    with pytest.raises(ValueError, match="not a valid callback"):
        encode(Callback("xyz", Action.DETAILS))
    with pytest.raises(ValueError, match="not a valid callback"):
        encode(Callback("abcdef", Action.GPU, "h100"))


def test_request_state_changes_with_the_request_and_its_language():
    """The fingerprint tells requests and answer languages apart, and is the same for equals."""
    facts = RequestFacts(model_id="x", precision=Precision.FP8)
    chat = ChatContext(chat_id=1, last_request=facts, last_language="en")
    assert request_state(chat) == request_state(replace(chat, chat_id=2, language="de"))
    assert request_state(chat) != request_state(
        replace(chat, last_request=replace(facts, precision=Precision.BF16))
    )
    assert request_state(chat) != request_state(replace(chat, last_language="de"))
    empty = request_state(ChatContext())
    assert len(empty) == 6
    assert empty != request_state(chat)
