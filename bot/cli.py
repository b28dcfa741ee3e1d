"""Command line of the conversation layer.

``python -m bot parse TEXT [--json|--jsonl]``: what the understanding step reads.
``python -m bot ask TEXT [--lang auto|CODE] [--format text|html|json] [--jsonl]``: full answers.
``python -m bot verify-quote REF``: check a signed quote reference.
``python -m bot`` (no arguments): the Telegram bot when ``TELEGRAM_BOT_TOKEN`` is set,
otherwise a console chat on stdin/stdout through the same pipeline.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the sub-command; each lives in its own module and is imported lazily."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else None
    if command == "parse":
        from bot.understand.cli import run as run_parse  # noqa: PLC0415 - keeps start-up light

        return run_parse(args[1:])
    if command == "ask":
        from bot.ask_cli import run as run_ask  # noqa: PLC0415

        return run_ask(args[1:])
    if command == "verify-quote":
        from bot.checkout import run_verify  # noqa: PLC0415

        return run_verify(args[1:])
    from bot.app import run as run_app  # noqa: PLC0415

    return run_app(args)
