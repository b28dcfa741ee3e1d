"""The parses of recent texts: used again for the same text, never across a catalog change."""

from __future__ import annotations

import json
from pathlib import Path

from bot.conversation import pipeline as pipeline_module
from bot.conversation.pipeline import PARSE_FAILED, Pipeline
from bot.conversation.recent_parses import LONGEST_KEPT_CHARS, RecentParses
from bot.reply import ChatContext
from bot.request import Intent, ParsedRequest
from bot.understand import parse_key, parse_message
from sizing.catalog_install import install, read_catalog

HOLDOUT = Path(__file__).parents[1] / "understand" / "data" / "holdout-messages.jsonl"


def _counting():
    calls: list[str] = []

    def parse(text, **options):
        calls.append(text)
        return parse_message(text, **options)

    return calls, parse


def test_the_same_question_from_another_chat_is_not_parsed_again():
    """A second chat asking the very same text gets the same answer from the first parse."""
    calls, parse = _counting()
    pipeline = Pipeline(parse=parse)
    text = "Llama 3.1 70B FP8 32K for 8 users"
    first = pipeline.respond(text, ChatContext(chat_id=1))
    second = pipeline.respond(text, ChatContext(chat_id=2))
    assert calls == [text]
    assert second.reply.text == first.reply.text
    assert second.chat.last_request == first.chat.last_request


def test_a_text_from_a_client_in_another_language_is_parsed_again():
    """With a parser other than ``parse_message``, the language hint is part of the key."""
    calls, parse = _counting()
    pipeline = Pipeline(parse=parse)
    pipeline.respond("70b fp8", ChatContext(chat_id=1, telegram_language="en"))
    pipeline.respond("70b fp8", ChatContext(chat_id=2, telegram_language="ru"))
    assert calls == ["70b fp8", "70b fp8"]


def test_the_key_drops_the_hint_only_when_the_words_name_the_language():
    """German words decide the language whatever the client; bare figures take the hint."""
    german = "Wie viele GPUs brauche ich für Llama 3.3 70B mit 64K Kontext?"
    assert parse_key(german, telegram_language="en") == parse_key(german, telegram_language="ja")
    bare = "70b fp8 32k"
    assert parse_key(bare, telegram_language="en") != parse_key(bare, telegram_language="ru")
    command = "/price h200"
    assert parse_key(command, telegram_language="en") != parse_key(command, telegram_language="de")
    assert parse_key(command, bot_username="a") != parse_key(command, bot_username="b")


def test_equal_keys_mean_equal_parses_over_the_labelled_messages():
    """Over 295 real messages and four client languages, texts that key alike parse alike."""
    texts = [json.loads(line)["text"] for line in HOLDOUT.read_text().splitlines() if line]
    shared = 0
    for text in texts:
        parses: dict[tuple[str, str | None, str | None], ParsedRequest] = {}
        for hint in (None, "en", "ru", "ja"):
            key = parse_key(text, telegram_language=hint)
            parsed = parse_message(text, telegram_language=hint)
            if key in parses:
                shared += 1
                assert parses[key] == parsed, (text, hint)
            parses[key] = parsed
    assert shared > len(texts)  # most texts name their language: the key is shared often


def test_an_installed_catalog_makes_every_kept_parse_stale(catalog_dir):
    """After a catalog is installed, a kept parse is not used: the next one is made anew."""
    recent = RecentParses(8)
    key = ("H200 price?", None, None)
    recent.put(key, parse_message(key[0]))
    assert recent.get(key) is not None
    install(read_catalog(catalog_dir))
    assert recent.get(key) is None
    assert len(recent) == 0


def test_a_reloaded_catalog_parses_the_next_message_again(catalog_dir):
    """The pipeline reading a changed catalog directory parses a repeated text once more."""
    from bot.conversation.catalog_source import CatalogSource  # noqa: PLC0415

    source = CatalogSource(catalog_dir)
    source.load()
    calls, parse = _counting()
    pipeline = Pipeline(parse=parse, catalog=source)
    pipeline.respond("/price mi355x", ChatContext(chat_id=1))
    pipeline.respond("/price mi355x", ChatContext(chat_id=2))
    assert len(calls) == 1
    plans = catalog_dir / "plans.json"
    data = json.loads(plans.read_text(encoding="utf-8"))
    next(p for p in data["plans"] if p["id"] == "mi355x-8x")["monthly_usd"] = "18500"
    plans.write_text(json.dumps(data), encoding="utf-8")
    reply = pipeline.respond("/price mi355x", ChatContext(chat_id=3)).reply
    assert len(calls) == 2
    assert "$18,500 a month" in reply.text


def test_failed_and_long_texts_are_not_kept():
    """A parse that failed is tried again next time; a pasted document is not kept at all."""
    recent = RecentParses(8, failed=PARSE_FAILED)
    failed = ParsedRequest(intent=Intent.UNKNOWN, language="en", not_understood=(PARSE_FAILED,))
    recent.put(("x", None, None), failed)
    assert recent.get(("x", None, None)) is None
    long_text = "Llama 3.1 8B " + "x" * LONGEST_KEPT_CHARS
    recent.put((long_text, None, None), parse_message("Llama 3.1 8B"))
    assert len(recent) == 0


def test_the_least_recently_used_parse_goes_first():
    """Past the size, the parse used longest ago is dropped; one used again stays."""
    recent = RecentParses(2)
    parsed = parse_message("H200 price?")
    recent.put(("a", None, None), parsed)
    recent.put(("b", None, None), parsed)
    assert recent.get(("a", None, None)) is parsed
    recent.put(("c", None, None), parsed)
    assert recent.get(("b", None, None)) is None
    assert recent.get(("a", None, None)) is parsed
    assert recent.get(("c", None, None)) is parsed


def test_a_size_of_zero_keeps_nothing():
    """``recent_parses=0`` turns the memory off: every message is parsed."""
    calls, parse = _counting()
    pipeline = Pipeline(parse=parse, recent_parses=0)
    for chat_id in (1, 2):
        pipeline.respond("H200 price?", ChatContext(chat_id=chat_id))
    assert calls == ["H200 price?", "H200 price?"]


def test_a_text_sent_again_is_keyed_from_memory_as_parse_key_keys_it():
    """The key of a recent text is the one ``parse_key`` gives; a long text is keyed afresh."""
    pipeline_module._recent_parse_key.cache_clear()
    for text, hint in (("llama 70b for 20 users", "de"), ("/price h200", "en"), ("你好", None)):
        first = pipeline_module._parse_key_of(text, telegram_language=hint, bot_username="b")
        assert first == parse_key(text, telegram_language=hint, bot_username="b")
        assert pipeline_module._parse_key_of(text, telegram_language=hint, bot_username="b") == (
            first
        )
    assert pipeline_module._recent_parse_key.cache_info().hits == 3
    long_text = "llama 70b " * 200
    assert pipeline_module._parse_key_of(long_text) == parse_key(long_text)
    assert pipeline_module._recent_parse_key.cache_info().currsize == 3
