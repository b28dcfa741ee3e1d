"""``python -m bot ask``: ticket text, HTML, JSON and JSON lines."""

import io
import json
import subprocess
import sys

from bot.cli.ask import run
from tests.helpers.paths import REPO

QUESTION = "DeepSeek V3 BF16, 128K context"


def _run(argv, stdin=""):
    out = io.StringIO()
    code = run(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_text_format_is_the_ticket_text(monkeypatch):
    """The default output is plain text with the plan, price and a checkout link."""
    monkeypatch.delenv("QUOTE_SIGNING_KEY", raising=False)
    code, out = _run([QUESTION])
    assert code == 0
    assert "Recommendation: 8× AMD Instinct MI355X" in out
    assert "$19,900 a month" in out
    assert "https://fullgpu.com/en/gpus/amd-mi355x" in out
    assert "utm_medium=support" in out
    assert "quote=" not in out
    assert "<b>" not in out


def test_signing_key_from_the_environment_adds_a_quote(monkeypatch):
    """With QUOTE_SIGNING_KEY set, ticket links carry a quote reference, never the key."""
    monkeypatch.setenv("QUOTE_SIGNING_KEY", "cli-secret")
    code, out = _run([QUESTION])
    assert code == 0
    assert "quote=q2.mi355x-8x.1." in out
    assert "cli-secret" not in out


def test_lang_option_forces_the_language():
    """--lang ru answers an English question in Russian."""
    code, out = _run([QUESTION, "--lang", "ru", "--format", "json"])
    assert code == 0
    assert json.loads(out)["language"] == "ru"


def test_html_format_is_telegram_html():
    """--format html prints the Telegram message."""
    code, out = _run([QUESTION, "--format", "html"])
    assert code == 0
    assert out.startswith("<b>")  # the verdict leads, in bold
    assert "<b>DeepSeek-V3</b> · " in out


def test_json_format_carries_the_engine_data_with_links():
    """--format json carries the answer data (options with checkout links) and both forms."""
    code, out = _run([QUESTION, "--format", "json"])
    data = json.loads(out)
    assert code == 0
    assert data["kind"] == "size"
    assert data["data"]["recommended"] == "mi355x-8x"
    first = data["data"]["options"][0]
    assert first["checkout_url"].startswith("https://fullgpu.com/en/gpus/amd-mi355x")
    assert data["links"][0]["url"] == first["checkout_url"]
    assert data["text"]
    assert data["html"]


def test_jsonl_reads_objects_and_plain_lines():
    """--jsonl answers each line: JSON objects with an optional lang, or plain text."""
    lines = "\n".join(
        [
            json.dumps({"text": QUESTION, "lang": "de"}),
            "/price",
            "",
            json.dumps({"text": "/compare"}),
            "{not json",
        ]
    )
    code, out = _run(["--jsonl"], stdin=lines)
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 1  # one line failed
    assert len(results) == 4  # the blank line is skipped; a broken object is an error
    assert [r["kind"] for r in results[:3]] == ["size", "price", "compare"]
    assert results[0]["language"] == "de"
    assert results[0]["input"] == QUESTION
    assert results[3]["line"] == 5
    assert results[3]["error"].startswith("invalid JSON")


def test_bad_usage_exits_2():
    """An unknown language or a missing question is a usage error, exit 2."""
    assert _run([QUESTION, "--lang", "xx"])[0] == 2
    assert _run([])[0] == 2


def test_module_entry_point_runs():
    """``python -m bot ask`` works as a command (subprocess, real entry point)."""
    result = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "/price", "--lang", "en"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "FullGPU monthly prices" in result.stdout
