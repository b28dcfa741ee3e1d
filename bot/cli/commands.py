"""Command line of the conversation layer: ``python -m bot`` and ``fullgpu-bot``.

Each sub-command lives in its own module, imported only when used, so that ``--help`` and the
one-shot commands start fast.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

from bot.version import version

HELP = """\
usage: python -m bot [--help] [--version] [COMMAND ...]

The FullGPU sizing assistant.

commands:
  (none)          the Telegram bot when TELEGRAM_BOT_TOKEN is set (BOT_MODE=polling|webhook),
                  otherwise a console chat on this terminal
  ask TEXT        the answer a Telegram user would get: --lang auto|CODE,
                  --format text|html|json, --jsonl to answer stdin line by line
  parse TEXT      what the assistant understood: --json, --jsonl, --lang CODE
  verify-quote R  check a quote reference from a checkout link (signature and validity)
  web             the calculator website and its JSON API: --host H --port P

options:
  -h, --help      show this help and exit
  --version       show the version and exit

`python -m bot COMMAND --help` describes a command. Environment variables: see README.md.
"""


def _parse(args: list[str]) -> int:
    from bot.cli.parse import run  # noqa: PLC0415 - keeps start-up light

    return run(args)


def _ask(args: list[str]) -> int:
    from bot.cli.ask import run  # noqa: PLC0415

    return run(args)


def _verify_quote(args: list[str]) -> int:
    from bot.answers import run_verify  # noqa: PLC0415

    return run_verify(args)


def _web(args: list[str]) -> int:
    from bot.cli.web import run  # noqa: PLC0415

    return run(args)


def web_main() -> int:
    """``fullgpu-web``: ``python -m bot web`` as a console script."""
    return _web(sys.argv[1:])


def _serve(args: list[str]) -> int:
    from bot.cli.run import run  # noqa: PLC0415

    return run(args)


COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "ask": _ask,
    "parse": _parse,
    "verify-quote": _verify_quote,
    "web": _web,
}


# 128 + SIGPIPE: what a shell reports for a writer whose reader went away (``| head -1``).
EXIT_BROKEN_PIPE = 141


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again.

    What the Python documentation advises for a closed pipe (library/signal.html, "Note on
    SIGPIPE"): the reader has gone, nothing more can reach it.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):  # no real descriptor (a test's stream)
        os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the sub-command and return its exit status (141 when stdout was closed)."""
    try:
        return _dispatch(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_BROKEN_PIPE


def _dispatch(args: list[str]) -> int:
    if args and args[0] in {"-h", "--help"}:
        sys.stdout.write(HELP)
        return 0
    if args and args[0] == "--version":
        sys.stdout.write(f"fullgpu-bot {version()}\n")
        return 0
    if args and args[0] in COMMANDS:
        return COMMANDS[args[0]](args[1:])
    if args:
        sys.stderr.write(f"unknown command {args[0]!r}\n\n{HELP}")
        return 2
    return _serve(args)
