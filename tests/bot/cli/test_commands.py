"""``python -m bot``: --help lists every sub-command, --version, unknown commands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.cli.commands import COMMANDS, main
from bot.settings import SettingsError, load_settings
from tests.helpers.paths import REPO


def test_help_lists_every_sub_command(capsys):
    """--help names ask, parse and verify-quote, and exits 0."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert f"\n  {command} " in out
    assert "--version" in out


def test_version_is_the_distribution_version(capsys):
    """--version prints the installed version, as the start-up line does."""
    from importlib.metadata import version  # noqa: PLC0415

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"fullgpu-bot {version('fullgpu-sizing-assistant')}\n"


def test_an_unknown_command_is_a_usage_error(capsys):
    """A typo is exit status 2 with the help on stderr, not a bot start."""
    assert main(["aks", "hello"]) == 2
    assert "unknown command 'aks'" in capsys.readouterr().err


def test_the_module_entry_point_prints_help():
    """``python -m bot --help`` as a real process."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert "verify-quote" in done.stdout


def test_log_format_and_quote_validity_are_settings():
    """LOG_FORMAT=json and QUOTE_VALID_DAYS=14 are read; bad values name their variable."""
    settings = load_settings({"LOG_FORMAT": "JSON", "QUOTE_VALID_DAYS": "14"})
    assert (settings.log_format, settings.quote_valid_days) == ("json", 14)
    assert load_settings({}).quote_valid_days == 30
    for variable, value in (("LOG_FORMAT", "xml"), ("QUOTE_VALID_DAYS", "0")):
        with pytest.raises(SettingsError, match=variable):
            load_settings({variable: value})
