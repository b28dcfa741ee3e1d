"""``python -m bot parse TEXT [--json] [--lang CODE] [--bot-username NAME]`` and ``--jsonl``.

``--jsonl`` reads stdin: each line is a ``{"text": ..., "lang": ...?}`` object (``lang`` is the
Telegram language hint) or a plain line of text; it writes one JSON object per line. A line
that cannot be read becomes a ``{"line": N, "error": ...}`` object in its place and the stream
goes on (``bot.cli.jsonl``); the exit status is 1 when any line failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from bot.cli.jsonl import LineItem, run_stream
from bot.understand import parse_message, parsed_to_json


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot parse", description=__doc__)
    parser.add_argument("text", nargs="*", help="the message (words are joined by spaces)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the parsed-request JSON")
    output.add_argument("--jsonl", action="store_true", help="read stdin, one message a line")
    parser.add_argument("--lang", default=None, help="the user's Telegram language code")
    parser.add_argument("--bot-username", default=None, help="our username, for /cmd@bot")
    return parser


def run_jsonl(source: IO[Any], sink: IO[Any], bot_username: str | None = None) -> int:
    """Parse every line of ``source``; write one JSON object per line to ``sink``."""

    def answer(item: LineItem) -> dict[str, Any]:
        parsed = parse_message(item.text, telegram_language=item.lang, bot_username=bot_username)
        return parsed_to_json(parsed)

    return run_stream(source, sink, answer)


def summary(result: dict[str, Any]) -> str:
    """Render a parsed-request object readably, one field per line."""
    width = max(len(key) for key in result)
    lines = []
    for key, value in result.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else value
        lines.append(f"{key.ljust(width)}  {shown}")
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    """Entry point of ``python -m bot parse``; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.jsonl:
        return run_jsonl(sys.stdin.buffer, sys.stdout.buffer, args.bot_username)
    if not args.text:
        sys.stderr.write("python -m bot parse: give the message text (or use --jsonl)\n")
        return 2
    parsed = parse_message(
        " ".join(args.text), telegram_language=args.lang, bot_username=args.bot_username
    )
    result = parsed_to_json(parsed)
    output = json.dumps(result, ensure_ascii=False) if args.json else summary(result)
    sys.stdout.write(output + "\n")
    return 0
