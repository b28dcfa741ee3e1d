"""bot.ops.logs: JSON lines with ids, redaction, and the rate limit on repeated warnings."""

from __future__ import annotations

import ast
import io
import json
import logging
from pathlib import Path

from telegram import Update

from bot.ops.logs import (
    BASE_FIELDS,
    LOG_FIELDS,
    TEXT_FORMAT,
    RepeatLimiter,
    TextFormatter,
    make_handler,
)
from bot.ops.observability import update_scope

UPDATE = {
    "update_id": 41,
    "message": {"message_id": 1, "date": 0, "text": "hi", "chat": {"id": 77, "type": "private"}},
}


def logger_with(handler: logging.Handler, name: str = "test.logs") -> logging.Logger:
    """Make a logger that writes only to ``handler``."""
    logger = logging.getLogger(name)
    logger.handlers[:] = [handler]
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    return logger


def test_json_lines_carry_the_update_and_chat_ids():
    """Inside an update scope every JSON line names the update and the chat; outside, null."""
    stream = io.StringIO()
    logger = logger_with(make_handler("json", [], stream))
    logger.info("before")
    with update_scope(Update.de_json(UPDATE, None)):
        logger.warning("inside %s", "it")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    before, inside = lines[0], lines[1]
    assert (before["update_id"], before["chat_id"]) == (None, None)
    assert (inside["update_id"], inside["chat_id"]) == (41, 77)
    assert inside["message"] == "inside it"
    assert inside["level"] == "WARNING"


def test_text_lines_carry_the_ids_too():
    """The default text format shows the same ids."""
    stream = io.StringIO()
    logger = logger_with(make_handler("text", [], stream))
    with update_scope(Update.de_json(UPDATE, None)):
        logger.info("hello")
    assert "[update 41 chat 77] hello" in stream.getvalue()


def test_secrets_are_redacted_in_json_tracebacks():
    """A secret in a message or traceback never reaches the JSON line."""
    stream = io.StringIO()
    logger = logger_with(make_handler("json", ["tok-SECRET-123"], stream))
    try:
        int("tok-SECRET-123")
    except ValueError:
        logger.exception("call with tok-SECRET-123 failed")
    line = json.loads(stream.getvalue())
    assert "tok-SECRET-123" not in stream.getvalue()
    assert "[redacted]" in line["message"]
    assert "[redacted]" in line["exception"]


def test_a_flood_of_one_warning_is_cut_and_counted():
    """1,000 identical warnings write the burst, then one line later says how many were left out."""
    now = [0.0]
    stream = io.StringIO()
    handler = make_handler("text", [], stream)
    handler.filters[0] = RepeatLimiter(window_s=60, burst=5, clock=lambda: now[0])
    logger = logger_with(handler)
    for i in range(1000):
        logger.warning("wrong secret from %s", f"10.0.0.{i % 250}")
    assert len(stream.getvalue().splitlines()) == 5
    now[0] = 61.0
    logger.warning("wrong secret from %s", "10.0.0.1")
    last = stream.getvalue().splitlines()[-1]
    assert "995 more like this" in last


def test_info_lines_and_different_warnings_are_never_cut():
    """The limiter only merges repeats of one warning; INFO lines all pass."""
    stream = io.StringIO()
    logger = logger_with(make_handler("text", [], stream))
    for i in range(50):
        logger.info("update %d handled", i)
        logger.warning(f"distinct warning {i}")  # noqa: G004 - distinct templates on purpose
    assert len(stream.getvalue().splitlines()) == 100


def test_documented_extras_become_keys_and_others_are_left_out():
    """``extra`` keys of the schema are JSON keys (secrets redacted); unknown ones never appear."""
    stream = io.StringIO()
    logger = logger_with(make_handler("json", ["sekrit-token"], stream))
    logger.warning(
        "call failed",
        extra={"event": "retry", "method": "sendMessage", "error": "at /botsekrit-token/x", "x": 1},
    )
    line = json.loads(stream.getvalue())
    assert line["event"] == "retry"
    assert line["method"] == "sendMessage"
    assert "sekrit-token" not in line["error"]
    assert "x" not in line
    assert set(line) <= set(BASE_FIELDS) | set(LOG_FIELDS)


def test_every_extra_the_code_passes_is_in_the_schema():
    """Each ``extra={...}`` key written in bot/ is a documented log field."""
    keys: set[str] = set()
    for path in Path("bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.keyword) or node.arg != "extra":
                continue
            if isinstance(node.value, ast.Dict):
                keys |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    assert keys
    assert keys <= set(LOG_FIELDS)


def test_the_readme_documents_every_log_field():
    """README.md's log schema names every key a JSON line may carry."""
    readme = Path("README.md").read_text(encoding="utf-8")
    section = readme.split("#### Log lines", 1)[1].split("\n### ", 1)[0]
    for key in (*BASE_FIELDS, *LOG_FIELDS):
        assert f"`{key}`" in section, key


def test_text_lines_carry_the_standard_time_though_each_second_is_written_once():
    """The text format's time is logging's own, whatever order the seconds come in."""
    standard, ours = logging.Formatter(TEXT_FORMAT), TextFormatter(TEXT_FORMAT)
    for created in (1_700_000_000.0, 1_700_000_000.999, 1_700_000_001.5, 1_699_999_999.25, 0.5):
        record = logging.LogRecord("bot", logging.INFO, __file__, 1, "line", None, None)
        record.created, record.msecs = created, (created - int(created)) * 1000
        record.update_ref = record.chat_ref = "-"
        assert ours.format(record) == standard.format(record)
        assert ours.formatTime(record, "%H") == standard.formatTime(record, "%H")
