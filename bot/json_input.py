r"""JSON from outside (webhook bodies, JSON-lines input), read within bounds.

Python's ``json`` accepts what no client of ours needs and some of it breaks later: ``NaN``
and ``1e400`` (infinite floats), integers of thousands of digits (``ValueError`` past 4,300
digits, slow below), nesting deep enough to hit the recursion limit, and ``"\\ud800"``
escapes that decode to lone surrogates no UTF-8 writer can encode. ``load_json`` refuses each
of them with ``JsonInputError``, whose message says which rule the input broke.

Walking the parsed value (depth, surrogates) cost about twice the parse itself, on every
webhook delivery. Most inputs show in their text that the walk cannot fail (fewer brackets
than the depth bound, nothing that decodes to a surrogate): those are not walked.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

MAX_DEPTH = 64  # Telegram updates nest about 10 deep (reply -> message -> markup -> rows)
MAX_NUMBER_CHARS = 40  # ids are 64-bit (20 digits); nothing we read needs more
# Integers within 64 bits (signed or not): Telegram's ids have at most 52 significant bits, and
# every reader after the door (``loads_known``, other programs' JSON parsers) reads these exactly.
INT_MIN, INT_MAX = -(2**63), 2**64 - 1
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# What a surrogate can come from in JSON text: an escape of one (``\\uD800``-``\\uDFFF``,
# paired or not) or the code point itself; in bytes, UTF-8's 0xED lead byte, as json decodes
# bytes with "surrogatepass". Looked for as plain substrings (a few microseconds).
_SURROGATE_HINTS_TEXT = ("\\ud", "\\uD")
_SURROGATE_HINTS_BYTES = (b"\\ud", b"\\uD", b"\xed")


class JsonInputError(ValueError):
    """Input that is not JSON within our bounds; the message says why, never echoes it whole."""


def _reject_constant(name: str) -> Any:  # noqa: ANN401 - json's hook signature
    raise JsonInputError(f"non-finite number {name} is not allowed")


def _finite_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonInputError(f"number of {len(text)} characters is too long")
    value = float(text)
    if value in {float("inf"), float("-inf")}:
        raise JsonInputError(f"number {text[:20]} is out of range")
    return value


def _short_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonInputError(f"integer of {len(text)} digits is too long")
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise JsonInputError(f"integer {text[:12]}... is out of the 64-bit range")
    return value


def _check_tree(value: object, max_depth: int) -> None:
    """Walk the parsed value without recursion: depth bound and well-formed strings."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            if _LONE_SURROGATE.search(node):
                raise JsonInputError("string holds a lone surrogate escape (not valid Unicode)")
            continue
        if not isinstance(node, dict | list):
            continue
        if depth > max_depth:
            raise JsonInputError(f"nested deeper than {max_depth} levels")
        items = [*node.keys(), *node.values()] if isinstance(node, dict) else node
        stack.extend((item, depth + 1) for item in items)


def _no_tree_check_needed(data: str | bytes, max_depth: int) -> bool:
    """Tell whether walking the parsed value could not fail, judging by the text alone.

    Each level of nesting opens with a bracket, and a surrogate needs one of the hints above.
    Bytes that json would read as UTF-16 or UTF-32 are always walked.
    """
    if isinstance(data, bytes):
        if json.detect_encoding(data) != "utf-8":
            return False
        if any(hint in data for hint in _SURROGATE_HINTS_BYTES):
            return False
        return data.count(b"{") + data.count(b"[") <= max_depth
    if any(hint in data for hint in _SURROGATE_HINTS_TEXT) or _LONE_SURROGATE.search(data):
        return False
    return data.count("{") + data.count("[") <= max_depth


# One decoder with the hooks above, built once: ``json.loads`` with hooks builds one per call.
_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_short_int
)


def _loads(data: str | bytes) -> Any:  # noqa: ANN401 - any JSON value
    """``json.loads(data, ...hooks)``: bytes decoded as it decodes them, a text's BOM refused."""
    if isinstance(data, str):
        if data.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", data, 0)
        return _DECODER.decode(data)
    if not isinstance(data, bytes | bytearray):
        kind = type(data).__name__
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {kind}")
    return _DECODER.decode(data.decode(json.detect_encoding(data), "surrogatepass"))


def load_json(data: str | bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:  # noqa: ANN401 - any JSON value
    """Parse ``data`` as one JSON value within the bounds; raise ``JsonInputError`` otherwise."""
    if len(data) > max_bytes:
        raise JsonInputError(f"input of {len(data)} bytes is over the {max_bytes}-byte limit")
    walk = not _no_tree_check_needed(data, max_depth)
    try:
        value = _loads(data)
    except JsonInputError:
        raise
    except RecursionError:
        raise JsonInputError(f"nested deeper than {max_depth} levels") from None
    except UnicodeDecodeError as error:
        raise JsonInputError(f"not UTF-8 text ({error.reason})") from None
    except ValueError as error:  # json.JSONDecodeError and int() refusals
        raise JsonInputError(f"invalid JSON: {error}") from None
    if walk:
        _check_tree(value, max_depth)
    return value


# JSON the bot wrote itself or the Bot API answered (chat state, queued updates already read
# within bounds, Telegram's responses, request bodies, log lines) is read and written by
# orjson, in about half the standard library's time on every update. Its integers are within
# 64 bits, which orjson reads exactly (past them it would read a float): Telegram's ids are,
# ``load_json`` refuses others at the door, and the bot writes only those it read. Whatever
# orjson cannot write (an integer past 64 bits, a key that is not a string) or read goes the
# standard library's way. (A NaN, which none of these holds, would be written as null.)


def loads_known(data: str | bytes) -> Any:  # noqa: ANN401 - any JSON value
    """Parse JSON from a known writer (ours, or Telegram's); raise ``ValueError`` if it is not."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data)  # the standard library's reading, or its error


def dumps_compact(value: object) -> str:
    """Write ``value`` as compact JSON text, non-ASCII characters as they are."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dumps_compact_bytes(value: object) -> bytes:
    """``dumps_compact`` as UTF-8 bytes (a request body)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
