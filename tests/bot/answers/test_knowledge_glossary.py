"""Glossary answers through the pipeline, worded in the customer's language with its numbers."""

from __future__ import annotations

import pytest
from telegram.constants import MessageLimit

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.answers.knowledge import render_knowledge
from bot.reply import ChatContext
from sizing.knowledge.answer import answer_question
from sizing.knowledge.types import Question, Term, Topic
from tests.fakes.telegram_html import check_telegram_html

# A term question in each language, and words its answer must hold: the definition's term as
# the language writes it, and the example's figures in the locale's number format.
ASKED = {
    "en": ("What is FP8?", ["FP8 is an 8-bit floating-point format", "73 GB", "141 GB"]),
    "ru": ("Что такое KV-кэш?", ["KV-кэш хранит", "330 кБ", "43 ГБ", "21 ГБ"]),
    "zh-Hans": ("什么是 MoE？", ["混合专家（MoE）", "671B", "37.6B", "673 GB"]),
    "ja": ("MLAとは何ですか？", ["MLA（Multi-head Latent Attention", "70 KB", "9.2 GB"]),
}


@pytest.mark.parametrize("language", list(ASKED))
def test_a_term_question_gets_its_definition_and_the_engines_figures(pipeline, language):
    """The answer defines the term, gives the figures, and offers to size the example model."""
    text, expected = ASKED[language]
    reply = pipeline.respond(text, ChatContext(chat_id=1)).reply
    assert reply.kind == "knowledge"
    for words in expected:
        assert words in reply.text, (words, reply.text)
    assert "Which model" not in reply.text
    buttons = [b for row in reply.buttons for b in row]
    assert any(b.callback_data for b in buttons)


def test_an_unknown_term_lists_the_terms_in_the_customers_language(pipeline):
    """An unknown term ("Что такое VRAM?") gets the glossary's terms in Russian."""
    reply = pipeline.respond("Что такое VRAM?", ChatContext(chat_id=1)).reply
    assert reply.kind == "knowledge"
    assert "Этого термина пока нет в моём глоссарии" in reply.text
    assert "тензорный параллелизм" in reply.text
    assert "MoE" in reply.text


@pytest.mark.parametrize("language", ["en", "ru", "zh-Hans", "ja"])
@pytest.mark.parametrize("term", list(Term))
def test_every_glossary_answer_renders_valid_html_within_limits(language, term):
    """Each term's answer is one valid Telegram message, every placeholder filled."""
    answer = answer_question(Question(Topic.GLOSSARY, term=term.value))
    reply = render_knowledge(localizer(language), answer, checkout=CheckoutConfig())
    parsed = check_telegram_html(reply.html)
    assert parsed.length_utf16 <= MessageLimit.MAX_TEXT_LENGTH
    assert "%(" not in reply.text


def test_tensor_parallelism_in_german_names_the_servers_and_their_prices():
    """The TP answer lists each 8-GPU server with its link and price, with the prices' date."""
    answer = answer_question(Question(Topic.GLOSSARY, term=Term.TENSOR_PARALLELISM.value))
    text = render_knowledge(localizer("de"), answer).text
    assert "Infinity Fabric" in text
    assert "NVLink 4" in text
    assert "19.900" in text
    assert "22.10.2026" in text


# The speed terms asked as customers ask them; each answer gives the engine's own figures for
# the example (Llama 3.3 70B in FP8 on one H200), alone and at the load it names.
SPEED_TERMS = [
    ("what is TTFT?", "en", "Time to first token", "ttft"),
    ("что такое TTFT?", "ru", "Время до первого токена", "ttft"),
    ("TTFT란 뭐예요?", "ko", "첫 토큰까지의 시간", "ttft"),
    ("what does TPOT mean?", "en", "Time per output token", "tpot"),
    ("was ist TPOT?", "de", "Zeit pro Ausgabe-Token", "tpot"),
    ("c'est quoi le TTFT ?", "fr", "temps jusqu'au premier token", "ttft"),
]


@pytest.mark.parametrize(("text", "lang", "words", "term"), SPEED_TERMS)
def test_speed_terms_are_explained_with_the_engines_figures(pipeline, text, lang, words, term):
    """TTFT and TPOT get their definition and the example's speeds, never the scope message."""
    reply = pipeline.respond(text, ChatContext(chat_id=1, telegram_language=lang)).reply
    assert (reply.kind, reply.language) == ("knowledge", lang)
    assert words in reply.text, reply.text
    answer = answer_question(Question(topic=Topic.GLOSSARY.value, term=term))
    (point,) = answer.points
    values = point.values
    if term == "ttft":
        assert 0 < values["idle_ttft_s"] < values["load_ttft_s"]  # waiting grows with the load
    else:
        assert values["alone_tok_s"] > values["each_tok_s"] > 0  # each user slower at load
        assert values["alone_ms"] == pytest.approx(1000 / values["alone_tok_s"])
    assert values["users_count"] > 1
