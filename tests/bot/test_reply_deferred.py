"""Deferred replies: ticket text, details and data are made when read, and read like fields."""

from __future__ import annotations

from dataclasses import replace

from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext, Reply

QUESTION = "Llama 3.1 70B in FP8 with 32K context for 8 users"


def test_deferred_fields_are_made_once_and_only_when_read():
    """Nothing is rendered until read; a second read reuses the first result."""
    made: list[str] = []

    def text() -> str:
        made.append("text")
        return "plain"

    reply = Reply.deferred(kind="help", language="en", html="<b>x</b>", text=text)
    assert made == []
    assert reply.html == "<b>x</b>"
    assert reply.detail_html is None
    assert reply.data is None
    assert reply.text == "plain"
    assert reply.text == "plain"
    assert made == ["text"]


def test_a_deferred_reply_equals_and_copies_like_an_eager_one():
    """replace() and == see the made values, as with a reply built with every field."""
    reply = Reply.deferred(
        kind="size", language="en", html="h", text=lambda: "t", detail_html=lambda: "d"
    )
    eager = Reply(kind="size", language="en", html="h", text="t", detail_html="d")
    assert reply == eager
    copied = replace(reply, html="other")
    assert (copied.html, copied.text, copied.detail_html) == ("other", "t", "d")


def test_a_sized_answer_still_carries_ticket_text_details_and_data():
    """The pipeline's answer reads as before: text, details and JSON data all present."""
    reply = Pipeline().respond(QUESTION, ChatContext(chat_id=1)).reply
    assert reply.kind == "size"
    assert "Recommendation" in reply.text
    assert reply.detail_html
    assert reply.data is not None
    assert reply.data["options"][0]["checkout_url"]


def test_a_knowledge_answer_renders_its_ticket_text_only_when_read(monkeypatch):
    """A knowledge answer renders its HTML at once, its ticket text and data when first read."""
    from bot.answers.i18n import Localizer  # noqa: PLC0415

    rendered: list[str] = []
    render = Localizer.render

    def spy(self, template, view):
        rendered.append(template.name)
        return render(self, template, view)

    monkeypatch.setattr(Localizer, "render", spy)
    question = "What's the memory bandwidth of the MI355X?"
    reply = Pipeline().respond(question, ChatContext(chat_id=1)).reply
    assert reply.kind == "knowledge"
    assert rendered == ["knowledge.html.j2"]
    assert "MI355X" in reply.text
    assert reply.data is not None
    assert rendered == ["knowledge.html.j2", "knowledge.txt.j2"]
