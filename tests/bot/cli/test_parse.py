"""``python -m bot parse``: JSON, JSON lines and the readable summary."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from bot.cli.parse import run, run_jsonl
from bot.understand import parse_message, parsed_to_json


def test_json_output_holds_only_what_the_text_says(capsys):
    """--json prints intent, language and the fields found, with DESIGN.md names."""
    assert run(["llama3", "70b", "int4,", "32k", "ctx,", "50", "users", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "intent": "size",
        "language": "en",
        "model": "meta-llama/Llama-3.1-70B-Instruct",
        "precision": "int4",
        "context_tokens": 32768,
        "concurrency": 50,
    }


def test_summary_output_is_one_field_per_line(capsys):
    """Without --json the fields are listed for a human."""
    assert run(["/compare", "h200", "mi355x"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["intent", "compare"] in lines
    assert ["gpus", "h200,", "mi355x"] in lines


def test_lang_option_is_the_telegram_hint(capsys):
    """--lang gives the client language used when the text has no evidence."""
    run(["/price", "--json", "--lang", "pt"])
    assert json.loads(capsys.readouterr().out)["language"] == "pt-BR"


def test_missing_text_is_a_usage_error(capsys):
    """No text and no --jsonl: exit status 2 and a message on stderr."""
    assert run([]) == 2
    assert "give the message text" in capsys.readouterr().err


def test_jsonl_reads_objects_and_plain_lines_and_survives_bad_ones():
    """Each input line gives one output line; bad lines give an error object."""
    source = io.StringIO(
        '{"text": "/price MI355X", "lang": "ru"}\n'
        "hello\n"
        "{not json\n"
        '{"text": 5}\n'
        '["a list"]\n'
        '{"text": "a 70B dense model", "lang": 7}\n'
        "\n"
        '{"text": "qwen3 32b 并发 30"}\n'
    )
    sink = io.StringIO()
    assert run_jsonl(source, sink) == 1  # some lines failed
    lines = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(lines) == 7
    assert lines[0]["language"] == "ru"
    assert lines[0]["gpus"] == ["mi355x"]
    assert lines[1]["intent"] == "help"
    # '["a list"]' is not an object: it is read as a plain line of text.
    assert [("error" in line) for line in lines[2:6]] == [True, True, False, True]
    assert [line.get("line") for line in lines[2:6]] == [3, 4, None, 6]
    assert lines[6]["concurrency"] == 30


def test_parsed_json_leaves_out_absent_fields_and_writes_whole_sizes_as_integers():
    """params_b 70.0 is written 70; unset fields are absent."""
    assert parsed_to_json(parse_message("a 70B dense model")) == {
        "intent": "size",
        "language": "en",
        "params_b": 70,
        "moe": False,
    }


def test_python_dash_m_bot_parse_runs_end_to_end():
    """The documented command works as a subprocess."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "parse", "deepseekv3 bf16 128k", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout)["model"] == "deepseek-ai/DeepSeek-V3"
