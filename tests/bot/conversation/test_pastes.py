"""Configs pasted into the text are read as uploads; a paste cut in two asks for the file."""

from __future__ import annotations

import json
from pathlib import Path

from bot.conversation import Pipeline
from bot.reply import ChatContext, ReplyKind

HUB = Path(__file__).resolve().parents[2] / "data" / "hub"


def _config(repo: str) -> str:
    return (HUB / repo / "config.json").read_text(encoding="utf-8")


def test_a_pasted_config_is_sized_with_the_words_around_it():
    """phi-4 (model_type phi3) and Command R+ (cohere), pasted with a caption, in German."""
    pipeline = Pipeline()
    for repo, params in (
        ("microsoft--phi-4", 14_659_507_200),
        ("CohereLabs--c4ai-command-r-plus-08-2024", 103_810_674_688),
    ):
        text = "Bitte für 20 Nutzer mit 32k Kontext rechnen:\n" + _config(repo) + "\nDanke!"
        turn = pipeline.respond(text, ChatContext())
        assert turn.reply.kind is ReplyKind.SIZE
        data = turn.reply.data or {}
        assert abs(data["model"]["total_params"] - params) <= 0.005 * params
        assert data["request"]["concurrency"] == 20
        assert turn.reply.language == "de"
        follow = pipeline.respond("und mit 64k?", turn.chat)
        assert (follow.reply.data or {})["model"]["total_params"] == data["model"]["total_params"]


def test_a_paste_cut_by_telegram_asks_for_the_file_in_the_customers_language():
    """The first part of a long paste is never sized: the customer is asked for the file."""
    config = _config("microsoft--phi-4")
    reply = Pipeline().respond(
        "Посчитайте, пожалуйста:\n" + config[: len(config) // 2], ChatContext()
    )
    assert reply.reply.kind is ReplyKind.ERROR
    assert (reply.reply.data or {})["code"] == "upload_paste_cut"
    assert reply.reply.language == "ru"


def test_braces_without_a_config_are_an_ordinary_message():
    """A brace in a question is not a paste."""
    reply = Pipeline().respond('llama 3.3 70b with {"users": 10}', ChatContext()).reply
    assert reply.kind is ReplyKind.SIZE
    assert json.dumps(reply.data or {})
