"""``python -m bot web``: its help, and what stops it before it serves."""

from __future__ import annotations

import pytest

import bot.cli.web
from bot.cli import main


def test_web_is_a_command_with_host_and_port(capsys):
    """``python -m bot --help`` names it; ``web --help`` shows --host and --port."""
    assert main(["--help"]) == 0
    assert "web" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:  # argparse's help exits 0
        main(["web", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--host" in out
    assert "--port" in out


def test_a_bad_website_variable_stops_start_up_naming_it(monkeypatch, capsys):
    """WEB_ALLOWED_ORIGINS that is no origin: exit 2 and the variable's name."""
    monkeypatch.setenv("WEB_ALLOWED_ORIGINS", "not an origin")
    assert bot.cli.web.run([]) == bot.cli.web.EXIT_USAGE
    assert "WEB_ALLOWED_ORIGINS" in capsys.readouterr().err


def test_a_short_api_key_stops_start_up(monkeypatch, tmp_path, capsys):
    """A key file with a guessable key is refused before serving, naming the line."""
    keys = tmp_path / "keys"
    keys.write_text("tool:short\n", encoding="utf-8")
    monkeypatch.setenv("API_KEYS_FILE", str(keys))
    assert bot.cli.web.run([]) == bot.cli.web.EXIT_USAGE
    assert "line 1" in capsys.readouterr().err
