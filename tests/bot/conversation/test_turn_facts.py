"""bot.conversation.turn_facts: what a turn tells the analytics, from closed sets only."""

from __future__ import annotations

from bot.conversation.pipeline import Pipeline
from bot.ops.analytics import noting_turn
from bot.reply import ChatContext


def test_a_sizing_notes_intent_family_verdict_and_plan():
    """A sizing question: its intent, the model's family, a verdict and the plan picked."""
    with noting_turn() as facts:
        Pipeline().respond("Llama 3.1 70B FP8 32K context for 8 users", ChatContext(chat_id=1))
    assert facts.intent == "size"
    assert facts.family == "llama"
    assert facts.verdict == "fits"
    assert facts.plan is not None


def test_an_unknown_model_is_noted_as_such_without_its_name():
    """A model nobody knows: the verdict says so; no model name is kept."""
    with noting_turn() as facts:
        Pipeline().respond("GPT-5 for 20 users", ChatContext(chat_id=1))
    assert facts.verdict == "unknown_model"
    assert facts.family is None


def test_a_deep_link_notes_its_kind_and_source():
    """/start with a tagged payload: a deep link, its kind and source."""
    with noting_turn() as facts:
        Pipeline().respond("/start price-h200--blog", ChatContext(chat_id=1))
    assert (facts.intent, facts.link_kind, facts.link_source) == ("deep_link", "price", "blog")


def test_outside_a_turn_nothing_is_noted():
    """The command line and the console count nothing: noting is a no-op without a turn."""
    turn = Pipeline().respond("/price", ChatContext(chat_id=1))
    assert turn.reply.kind == "price"
