"""JSON-lines streams (``ask --jsonl``, ``parse --jsonl``): every bad line answered in place."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bot.cli.ask import run as run_ask
from bot.cli.jsonl import MAX_LINE_BYTES, MAX_TEXT_CHARS
from bot.cli.parse import run_jsonl as run_parse
from tests.helpers.paths import REPO

GOOD = '{"text": "/price"}'
HOSTILE_LINES = {
    "lone surrogate": b'{"text": "hi \\ud800 there"}',
    "long integer": b'{"text": "hi", "n": 1' + b"0" * 5000 + b"}",
    "deep nesting": b'{"text": "hi", "x": ' + b"[" * 3000 + b"]" * 3000 + b"}",
    "moderate nesting": b'{"text": "hi", "x": ' + b"[" * 100 + b"]" * 100 + b"}",
    "NaN": b'{"text": "hi", "x": NaN}',
    "Infinity": b'{"text": "hi", "x": -Infinity}',
    "overflowing float": b'{"text": "hi", "x": 1e400}',
    "not UTF-8": b'{"text": "caf\xe9"}',
    "over-long line": b'{"text": "' + b"a" * (MAX_LINE_BYTES + 10) + b'"}',
    "over-long text": b'{"text": "' + b"a" * (MAX_TEXT_CHARS + 1) + b'"}',
    "text not a string": b'{"text": ["a"]}',
    "lang not a string": b'{"text": "hi", "lang": 5}',
    "broken object": b'{"text": "hi"',
}


def stream(*lines: bytes) -> io.BytesIO:
    """Make a byte stream of the lines."""
    return io.BytesIO(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize("name", HOSTILE_LINES)
@pytest.mark.parametrize("command", ["ask", "parse"])
def test_a_bad_line_in_the_middle_is_answered_in_place(command, name):
    """good, bad, good: three output lines, the middle one an error naming line 2; exit 1."""
    source = stream(GOOD.encode(), HOSTILE_LINES[name], GOOD.encode())
    sink = io.BytesIO()
    if command == "ask":
        code = run_ask(["--jsonl"], stdin=source, stdout=sink)
    else:
        code = run_parse(source, sink)
    results = [json.loads(line) for line in sink.getvalue().decode().splitlines()]
    assert len(results) == 3
    assert results[1]["line"] == 2
    assert results[1]["error"]
    assert "error" not in results[0]
    assert "error" not in results[2]
    assert code == 1


def test_a_clean_stream_exits_0_and_errors_never_echo_the_whole_line():
    """No bad line: status 0. An error message stays short even for a huge line."""
    sink = io.BytesIO()
    assert run_parse(stream(GOOD.encode(), b"llama 70b fp8"), sink) == 0
    sink = io.BytesIO()
    run_parse(stream(HOSTILE_LINES["over-long line"]), sink)
    assert len(sink.getvalue()) < 200


def test_an_unknown_lang_in_an_ask_line_is_an_error_on_that_line():
    """ask: "lang": "xx" is refused for that line only."""
    sink = io.BytesIO()
    code = run_ask(["--jsonl"], stdin=stream(b'{"text": "/price", "lang": "xx"}'), stdout=sink)
    assert code == 1
    assert json.loads(sink.getvalue())["error"] == "unknown language 'xx'"


@pytest.mark.parametrize("command", ["ask", "parse"])
def test_the_real_command_survives_every_hostile_line(command):
    """``python -m bot COMMAND --jsonl`` on real stdin: one output line per input line, exit 1."""
    lines = [GOOD.encode(), *HOSTILE_LINES.values(), GOOD.encode()]
    done = subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-m", "bot", command, "--jsonl"],
        input=b"\n".join(lines) + b"\n",
        cwd=REPO,
        capture_output=True,
        check=False,
        timeout=120,
    )
    results = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert done.returncode == 1, done.stderr
    assert len(results) == len(lines)
    assert [r.get("line") for r in results[1:-1]] == list(range(2, len(lines)))
    assert "Traceback" not in done.stderr.decode()


def test_knowledge_answers_with_dates_serialise_in_json_lines():
    """An answer whose data holds a date (prices as of) is written, not a crash of the stream."""
    sink = io.BytesIO()
    code = run_ask(
        ["--jsonl"], stdin=stream(b"does vllm run on mi355x", GOOD.encode()), stdout=sink
    )
    results = [json.loads(line) for line in sink.getvalue().decode().splitlines()]
    assert code == 0
    assert len(results) == 2
    assert "error" not in results[0]


def test_an_answer_that_cannot_be_written_is_an_error_line_not_the_end(monkeypatch):
    """A failure while serialising one answer becomes that line's error; the next line runs."""
    import bot.cli.jsonl  # noqa: PLC0415

    real = bot.cli.jsonl.json_line
    calls = iter(range(10))

    def flaky(result):
        if next(calls) == 0:
            raise TypeError("not serialisable")
        return real(result)

    monkeypatch.setattr(bot.cli.jsonl, "json_line", flaky)
    sink = io.BytesIO()
    code = run_parse(stream(b"llama 70b", b"/price"), sink)
    results = [json.loads(line) for line in sink.getvalue().decode().splitlines()]
    assert code == 1
    assert results[0]["error"] == "internal error"
    assert results[1]["intent"] == "price"
