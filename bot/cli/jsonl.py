"""JSON-lines streams for ``bot ask --jsonl`` and ``bot parse --jsonl``: each line on its own.

Each input line is a ``{"text": ..., "lang": ...?, "chat": ...?}`` object or a plain line of
text (``chat``, a string or an integer, names a conversation: ``bot ask`` answers the lines of
one chat in order with the state a Telegram chat keeps), and gives
one output line: the command's answer, or ``{"line": N, "error": ...}`` for a line that cannot
be read (not UTF-8, too long, JSON out of bounds, a lone surrogate, no string ``text``...) or
that failed. Blank lines give nothing (``line`` counts them, so N is the input line number).
The stream always goes on; the exit status is 1 when any line failed, 0 otherwise.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, AnyStr

from bot.json_input import JsonInputError, load_json
from bot.ops import stream_collection

MAX_LINE_BYTES = 64 * 1024  # a Telegram message is at most 4,096 UTF-16 units, escaped ~24 KB
MAX_TEXT_CHARS = 16 * 1024  # longer than any message Telegram delivers, with room for tickets
EXIT_OK, EXIT_SOME_FAILED = 0, 1

Answer = Callable[["LineItem"], dict[str, Any]]


class LineError(ValueError):
    """A line that cannot be answered; the message says why."""


MAX_CHAT_KEY_CHARS = 256  # a conversation's name: an id from a ticket system, not a document
ChatKey = str | int


@dataclass(frozen=True, slots=True)
class LineItem:
    """One input line read: its number, the text, the ``lang`` and ``chat`` it named (if any)."""

    number: int
    text: str
    lang: str | None
    chat: ChatKey | None = None


def _skip_rest_of_line(source: IO[AnyStr], max_chunk: int) -> None:
    while True:
        chunk = source.readline(max_chunk)
        if not chunk or chunk[-1:] in {"\n", b"\n"}:
            return


def read_lines(
    source: IO[AnyStr], max_bytes: int = MAX_LINE_BYTES
) -> Iterator[tuple[int, str | LineError]]:
    """Yield (line number, text) for non-blank lines, (line number, error) for unreadable ones.

    Memory stays bounded whatever the input: a line is read at most ``max_bytes`` at a time.
    """
    number = 0
    while True:
        chunk = source.readline(max_bytes + 1)
        if not chunk:
            return
        number += 1
        ended = chunk[-1:] in {"\n", b"\n"}
        if len(chunk) > max_bytes and not ended:
            _skip_rest_of_line(source, max_bytes)
            yield number, LineError(f"line longer than {max_bytes} bytes")
            continue
        if isinstance(chunk, bytes):
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError:
                yield number, LineError("line is not UTF-8 text")
                continue
        else:
            text = chunk
        if text.strip():
            yield number, text


def item_of(number: int, line: str | LineError) -> LineItem:
    """Read one line: a JSON object with string ``text`` (and ``lang``), or plain text."""
    if isinstance(line, LineError):
        raise line
    stripped = line.strip()
    if not stripped.startswith("{"):
        return LineItem(number, _bounded(stripped), None)
    try:
        record = load_json(stripped, max_bytes=MAX_LINE_BYTES)
    except JsonInputError as error:
        raise LineError(str(error)) from None
    if not isinstance(record, dict) or not isinstance(record.get("text"), str):
        raise LineError('expected an object with a string "text"')
    lang = record.get("lang")
    if lang is not None and not isinstance(lang, str):
        raise LineError('"lang" must be a string')
    return LineItem(number, _bounded(record["text"]), lang or None, _chat_key(record.get("chat")))


def _chat_key(value: object) -> ChatKey | None:
    """Read a conversation's key: a string (at most ``MAX_CHAT_KEY_CHARS``) or an integer."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise LineError('"chat" must be a string or an integer')
    if isinstance(value, str) and not 0 < len(value) <= MAX_CHAT_KEY_CHARS:
        raise LineError(f'"chat" must be 1 to {MAX_CHAT_KEY_CHARS} characters')
    return value


def _bounded(text: str) -> str:
    if len(text) > MAX_TEXT_CHARS:
        raise LineError(f"text of {len(text)} characters is over the {MAX_TEXT_CHARS} limit")
    return text


def json_line(result: dict[str, Any]) -> str:
    """Serialise one result as one line of JSON."""
    return json.dumps(result, ensure_ascii=False) + "\n"


def write_line(sink: IO[str] | IO[bytes], line: str) -> None:
    """Write one line, flushed (a caller may wait for each answer)."""
    if isinstance(sink, io.TextIOBase):
        sink.write(line)
    else:
        sink.write(line.encode("utf-8", "backslashreplace"))  # type: ignore[arg-type]
    sink.flush()


def run_stream(source: IO[AnyStr], sink: IO[str] | IO[bytes], answer: Answer) -> int:
    """Answer every line of ``source`` into ``sink``; return 1 if any line failed, else 0.

    Full garbage collections run between lines, as ``bot.ops.gc_policy.stream_collection`` says.
    """
    failed = False
    with stream_collection() as after_line:
        for number, line in read_lines(source):
            try:
                out = json_line(answer(item_of(number, line)))
            except LineError as error:
                failed = True
                out = json_line({"line": number, "error": str(error)})
            except Exception as error:  # noqa: BLE001 - one line's failure must not end the stream
                failed = True
                sys.stderr.write(f"line {number}: internal error ({type(error).__name__})\n")
                out = json_line(
                    {"line": number, "error": "internal error", "detail": type(error).__name__}
                )
            write_line(sink, out)
            after_line()
    return EXIT_SOME_FAILED if failed else EXIT_OK
