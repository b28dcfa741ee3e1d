"""Exit statuses a shell and a supervisor read: 141 for a closed pipe, 2 for bad configuration."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk"  # noqa: S105 - a fake
LINES = 3000  # far more answers than a pipe buffer holds


def _env(**extra: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))}
    return keep | {"PYTHONPATH": str(REPO)} | extra


@pytest.mark.slow
@pytest.mark.parametrize("command", ["ask", "parse"])
def test_a_reader_that_leaves_ends_the_stream_with_141_and_no_traceback(command, tmp_path):
    """``python -m bot ask --jsonl < big.jsonl | head -1``: status 141, nothing on stderr."""
    source = tmp_path / "big.jsonl"
    source.write_text('{"text": "llama 3.1 70b fp8 32k 20 users"}\n' * LINES)
    with source.open("rb") as stdin:
        process = subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
            [sys.executable, "-m", "bot", command, "--jsonl"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
            cwd=REPO,
        )
        assert process.stdout is not None
        first = process.stdout.readline()  # what `head -1` reads before it exits
        process.stdout.close()
        _, err = process.communicate(timeout=120)
    assert first.startswith(b"{")
    assert process.returncode == 141
    assert b"Traceback" not in err
    assert b"BrokenPipe" not in err


@pytest.mark.parametrize(
    "url", ["http://bot.example.com/telegram", "https://bot.example.com:8080/x", "not a url"]
)
def test_a_bad_webhook_url_exits_2_with_one_line(url):
    """The bot refuses to start on a WEBHOOK_URL Telegram would refuse: status 2, one line."""
    env = _env(
        TELEGRAM_BOT_TOKEN=TOKEN,
        BOT_MODE="webhook",
        WEBHOOK_SECRET="s3cret",  # noqa: S106 - a fake
        WEBHOOK_URL=url,
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        env=env,
        cwd=REPO,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.decode().strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("configuration error: WEBHOOK_URL: ")
    assert TOKEN not in lines[0]
