"""``ask --jsonl`` with ``"chat"`` keys: the lines of one key are one conversation, in order."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from bot.cli.ask import run
from tests.helpers.paths import REPO


def _lines(*records):
    return "\n".join(json.dumps(r, ensure_ascii=False) for r in records)


def _answers(stdin, *argv):
    out = io.StringIO()
    code = run(["--jsonl", *argv], stdin=io.StringIO(stdin), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_lines_of_one_chat_follow_up_on_each_other_and_echo_the_key():
    """Two chats interleaved: each follow-up acts on its own chat's request; keys echoed."""
    code, answers = _answers(
        _lines(
            {"text": "Llama 3.3 70B 128K 10 Nutzer", "chat": "ticket-1"},
            {"text": "Qwen3 32B 32K 20 users", "chat": 7},
            {"text": "geht es billiger?", "chat": "ticket-1"},
            {"text": "und für 3 Monate?", "chat": "ticket-1"},
            {"text": "for 3 months?", "chat": 7},
            {"text": "for 3 months?"},
        )
    )
    assert code == 0
    assert [a.get("chat") for a in answers] == ["ticket-1", 7, "ticket-1", "ticket-1", 7, None]
    assert answers[2]["data"]["lever"] == "cheaper"
    assert answers[2]["language"] == "de"
    assert answers[3]["text"].startswith("3 Monate NVIDIA H200, 5 Maschinen mit je einer GPU:")
    assert answers[4]["text"].startswith("3 months of NVIDIA H200, 1 single-GPU machine: $9,270")
    assert answers[5]["kind"] == "clarify"  # no chat: nothing on the table


def test_a_string_and_an_integer_key_are_two_chats():
    """The keys "7" and 7 are different conversations."""
    _, answers = _answers(
        _lines(
            {"text": "Llama 3.3 70B 128K 10 users", "chat": "7"},
            {"text": "cheaper?", "chat": 7},
        )
    )
    assert answers[1]["kind"] == "clarify"


def test_a_bad_chat_key_fails_its_line_and_the_stream_goes_on():
    """true, a list or an empty string is refused for its line only."""
    code, answers = _answers(
        _lines(
            {"text": "/price", "chat": True},
            {"text": "/price", "chat": ["a"]},
            {"text": "/price", "chat": ""},
            {"text": "/price", "chat": "ok"},
        )
    )
    assert code == 1
    assert [a.get("error") for a in answers[:3]] == [
        '"chat" must be a string or an integer',
        '"chat" must be a string or an integer',
        '"chat" must be 1 to 256 characters',
    ]
    assert answers[3]["kind"] == "price"


def test_a_hand_off_in_a_replayed_chat_shows_what_sales_would_get(monkeypatch):
    """With SALES_CHAT_ID set, the summary comes as ``to_sales``; the thread's copies after it."""
    monkeypatch.setenv("SALES_CHAT_ID", "-100")
    _, answers = _answers(
        _lines(
            {"text": "Llama 3.3 70B 128K 10 users", "chat": "c"},
            {"text": "talk to a human", "chat": "c"},
            {"text": "cheaper?", "chat": "c"},
        )
    )
    assert "A customer asks for a person" in answers[1]["to_sales"]
    assert answers[2]["to_sales"].startswith("#customer_1 cheaper?")


def test_the_command_replays_a_chat_from_stdin():
    """``python -m bot ask --jsonl`` as a process: a chat's second line follows its first."""
    stdin = _lines(
        {"text": "Llama 3.3 70B 128K 10 users", "chat": "a"},
        {"text": "two servers?", "chat": "a"},
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--jsonl"],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    second = json.loads(result.stdout.splitlines()[1])
    assert second["chat"] == "a"
    assert second["data"]["units"] == 2
