"""``python -m bot ask``: the answer a Telegram user would get, for support staff and scripts.

    python -m bot ask TEXT [--lang auto|CODE] [--format text|html|json]
    python -m bot ask --jsonl [--lang ...] [--format ...] < questions.jsonl

``text`` is the ticket-ready plain text; ``html`` the Telegram message; ``json`` the answer's
data (the engine's JSON with checkout links filled in) plus the rendered forms. ``--jsonl``
reads one ``{"text": ..., "lang": ...?, "chat": ...?}`` object or one plain line per input line
and writes one JSON object per line. Lines with the same ``chat`` key are one conversation, in
order: each is answered with the state a Telegram chat keeps after the lines before it (the
chat store of the bot, in memory), and the output echoes the key. Checkout links use
``CHECKOUT_URL_TEMPLATE`` and ``QUOTE_SIGNING_KEY`` from the environment, as the bot does; with
``SALES_CHAT_ID`` set, a hand-off's summary (and a conversation's messages for the sales
thread) comes as ``to_sales``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from adapters import hub_from_environment
from bot.answers import CheckoutConfig, CheckoutConfigError
from bot.cli.jsonl import Answer, LineError, LineItem, run_stream
from bot.conversation import CatalogSource, ModelLookups, Pipeline
from bot.languages import normalise_language
from bot.reply import ChatContext, Reply, Turn, reply_json
from bot.runtime import freeze_start_up_objects, warm_up
from bot.state import MemoryStore
from sizing import (
    CatalogError,
)

FORMATS = ("text", "html", "json")
AUTO = "auto"
TICKET_MEDIUM = "support"  # utm_medium of links handed out through tickets


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot ask", description=__doc__.split("\n")[0])
    parser.add_argument("text", nargs="?", help="the customer's message")
    parser.add_argument(
        "--lang",
        default=AUTO,
        help="answer language: auto (detect from the text) or a code such as en, zh-Hans, pt-BR",
    )
    parser.add_argument("--format", choices=FORMATS, default="text")
    parser.add_argument(
        "--jsonl", action="store_true", help="read questions from stdin, one per line"
    )
    return parser


def _catalog() -> CatalogSource | None:
    """CATALOG_DIR's plans and knowledge, as the bot answers with them (loaded now)."""
    directory = os.environ.get("CATALOG_DIR", "").strip()
    if not directory:
        return None
    source = CatalogSource(Path(directory))
    source.load()
    return source


def _chat(lang: str | None) -> ChatContext:
    # An explicit language acts like a /lang choice: it wins over detection.
    chosen = normalise_language(lang) if lang and lang != AUTO else None
    return ChatContext(language=chosen)


def _render(reply: Reply, output_format: str) -> str:
    if output_format == "json":
        return json.dumps(reply_json(reply), ensure_ascii=False, indent=2)
    return reply.html if output_format == "html" else reply.text


class Conversations:
    """The chats of a JSONL stream: each key's state in the bot's chat store, between lines."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline
        self._store = MemoryStore()  # the store the bot keeps chats in, as ``memory://``
        self._ids: dict[tuple[type, str | int], int] = {}
        self._loop = asyncio.new_event_loop()

    def turn(self, item: LineItem, lang: str) -> Turn:
        """Answer one line: alone, or in its chat after the lines before it."""
        if item.chat is None:
            return self._pipeline.respond(item.text, _chat(lang))
        key = (type(item.chat), item.chat)
        chat_id = self._ids.setdefault(key, len(self._ids) + 1)
        stored = self._loop.run_until_complete(self._store.get(chat_id))
        chosen = _chat(lang).language
        chat = replace(stored, language=chosen) if chosen else stored
        turn = self._pipeline.respond(item.text, chat)
        self._loop.run_until_complete(self._store.put(replace(turn.chat, chat_id=chat_id)))
        return turn

    def close(self) -> None:
        """Close the loop the store ran on."""
        self._loop.close()


def _jsonl_answer(default_lang: str, chats: Conversations) -> Answer:
    def answer(item: LineItem) -> dict[str, Any]:
        lang = item.lang or default_lang
        if lang != AUTO and normalise_language(lang) is None:
            raise LineError(f"unknown language {lang[:20]!r}")
        turn = chats.turn(item, lang)
        found: dict[str, Any] = {"input": item.text}
        if item.chat is not None:
            found["chat"] = item.chat
        found.update(reply_json(turn.reply))
        to_sales = [r.text for r in (turn.handoff, turn.relay) if r is not None]
        if to_sales:
            found["to_sales"] = "\n\n".join(to_sales)
        return found

    return answer


def run(argv: list[str], *, stdin: IO[Any] | None = None, stdout: IO[Any] | None = None) -> int:
    """Answer one question (or a JSONL stream) and print it; 0 on success, 2 on bad usage.

    With ``--jsonl`` the status is 1 when any line failed (each failure is an error object).
    """
    out = stdout or sys.stdout
    args = _parser().parse_args(argv)
    if args.lang != AUTO and normalise_language(args.lang) is None:
        sys.stderr.write(f"unknown language {args.lang!r}: use auto or one of en, zh-Hans, ...\n")
        return 2
    try:
        pipeline = Pipeline(
            CheckoutConfig.from_env(medium=TICKET_MEDIUM),
            catalog=_catalog(),
            lookups=ModelLookups(hub_from_environment()),
            sales_chat=bool(os.environ.get("SALES_CHAT_ID", "").strip()),
        )
    except (CheckoutConfigError, CatalogError) as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    if args.jsonl:
        warm_up(pipeline)  # a stream: every line answered as fast as the first
        freeze_start_up_objects()
        source = stdin if stdin is not None else sys.stdin.buffer
        sink = stdout if stdout is not None else sys.stdout.buffer
        chats = Conversations(pipeline)
        try:
            return run_stream(source, sink, _jsonl_answer(args.lang, chats))
        finally:
            chats.close()
    if not args.text:
        sys.stderr.write("give the question as TEXT, or use --jsonl to read questions from stdin\n")
        return 2
    reply = pipeline.respond(args.text, _chat(args.lang)).reply
    out.write(_render(reply, args.format) + "\n")
    return 0
