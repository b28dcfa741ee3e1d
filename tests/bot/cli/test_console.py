"""bot.cli.console: the console chat goes through the pipeline and numbers the buttons."""

from __future__ import annotations

import io

from bot.cli.console import locale_language, run_console
from tests.fakes.pipeline import EchoPipeline


def chat(lines: str, pipeline: EchoPipeline | None = None) -> tuple[int, str, EchoPipeline]:
    """Run the console on ``lines``; return its status, its output and the pipeline."""
    used = pipeline or EchoPipeline()
    out = io.StringIO()
    status = run_console(used, io.StringIO(lines), out, telegram_language="fr-FR")
    return status, out.getvalue(), used


def test_opens_with_start_and_answers_each_line():
    """The greeting is the /start answer; each line gets its plain-text answer."""
    status, out, _ = chat("70B on H200\n")
    assert status == 0
    assert out.splitlines()[0] == "size: /start [fr-FR]"
    assert "size: 70B on H200 [fr-FR]" in out


def test_buttons_are_numbered_and_a_number_presses_one():
    """Buttons print as [n] choices; typing 1 presses the first, a link number prints it."""
    _, out, pipeline = chat("hi\n1\n2\n")
    assert "  [1] H200\n" in out
    assert "  [2] Checkout  https://example.com/checkout\n" in out
    assert "callback: 1:abcdef:g:h200 [fr-FR]" in out
    assert out.rstrip().endswith("https://example.com/checkout")
    assert [said for said, _ in pipeline.seen] == ["/start", "hi", "1:abcdef:g:h200"]


def test_chat_state_carries_from_turn_to_turn():
    """The context the pipeline returns is the one it gets next (here: /lang)."""
    _, out, _ = chat("/lang de\nand now?\n")
    assert "size: and now? [de]" in out


def test_quit_and_blank_lines():
    """Blank lines are skipped; /quit ends the chat with status 0."""
    status, _, pipeline = chat("\n\n/quit\nnever read\n")
    assert status == 0
    assert [said for said, _ in pipeline.seen] == ["/start"]


def test_locale_language_from_the_environment():
    """LC_ALL wins over LANG; C/POSIX mean no preference; encodings are dropped."""
    assert locale_language({"LANG": "ru_RU.UTF-8"}) == "ru-RU"
    assert locale_language({"LC_ALL": "de_DE@euro", "LANG": "ru_RU"}) == "de-DE"
    assert locale_language({"LANG": "C.UTF-8"}) is None
    assert locale_language({}) is None


class InterruptedInput(io.StringIO):
    """Standard input on which the user presses Ctrl-C after the given lines."""

    def readline(self, size=-1):
        """Return the next line, or raise KeyboardInterrupt when none is left."""
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_leaves_quietly_with_status_130():
    """Ctrl-C ends the chat without a traceback, on a fresh line, with the shell's status 130."""
    out = io.StringIO()
    status = run_console(EchoPipeline(), InterruptedInput("hi\n"), out)
    assert status == 130
    assert "size: hi [en]" in out.getvalue()
    assert out.getvalue().endswith("\n")


def test_bytes_that_are_not_utf8_are_replaced_not_fatal():
    """A non-UTF-8 byte on a strict UTF-8 stdin becomes U+FFFD; the chat goes on."""
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe bad\nfine\n"), encoding="utf-8")
    out = io.StringIO()
    pipeline = EchoPipeline()
    status = run_console(pipeline, stdin, out)
    assert status == 0
    assert [said for said, _ in pipeline.seen] == ["/start", "\ufffd\ufffd bad", "fine"]
