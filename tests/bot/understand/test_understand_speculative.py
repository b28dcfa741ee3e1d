"""Speculative decoding read from text: the model served, the draft model and its tokens.

Two catalog models beside a word of speculation or of a draft are one served and one drafting;
two models without such a word are still two models served side by side.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language="en"):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "served", "draft", "tokens"),
    [
        ("Qwen3 32B with Qwen3 0.6B as the draft model, 20 users", "en", "Qwen/Qwen3-32B",
         "Qwen/Qwen3-0.6B", None),
        ("speculative decoding for Qwen3-32B using Qwen3-1.7B, 4 speculative tokens", "en",
         "Qwen/Qwen3-32B", "Qwen/Qwen3-1.7B", 4),
        ("use Qwen3 0.6B as the drafter for Qwen3 32B", "en", "Qwen/Qwen3-32B",
         "Qwen/Qwen3-0.6B", None),
        ("Qwen3 32B 用 Qwen3-0.6B 做投机解码，并发 30", "zh-Hans", "Qwen/Qwen3-32B",
         "Qwen/Qwen3-0.6B", None),
        ("Qwen3-32B mit Qwen3-1.7B als Entwurfsmodell, num_speculative_tokens=5", "de",
         "Qwen/Qwen3-32B", "Qwen/Qwen3-1.7B", 5),
    ],
)  # fmt: skip
def test_a_draft_model_is_read_beside_the_served_one(text, language, served, draft, tokens):
    """The served model, the draft and the tokens drafted a step are read."""
    found = _read(text, language)
    assert found["intent"] == "size"
    assert (found.get("model"), found.get("draft_model_id")) == (served, draft)
    assert found.get("speculative_tokens") == tokens
    assert not found.get("members")


def test_two_models_without_speculation_are_served_together():
    """No word of speculation: two models are sized together, none drafts."""
    found = _read("Qwen3 32B and Qwen3 0.6B, 20 users each")
    assert found.get("draft_model_id") is None
    assert len(found["members"]) == 2


def test_a_new_model_drops_the_draft_of_the_old():
    """The draft drafts for one model: naming another model forgets it."""
    from bot.request import RequestFacts  # noqa: PLC0415 - the facts a chat keeps

    kept = RequestFacts(model_id="Qwen/Qwen3-32B", draft_model_id="Qwen/Qwen3-0.6B")
    changed = kept.merge(RequestFacts(model_id="meta-llama/Llama-3.3-70B-Instruct"))
    assert changed.draft_model_id is None
    assert kept.merge(RequestFacts(concurrency=40)).draft_model_id == "Qwen/Qwen3-0.6B"
