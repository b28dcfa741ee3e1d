"""python-telegram-bot's private names: one use, in one module, and what it relies on pinned.

``bot.telegram.polling`` calls ``Bot._post("getUpdates")`` for the raw JSON (its docstring says
why). A minor PTB release may rename or reshape any private name; these tests fail first.
"""

from __future__ import annotations

import ast
import enum
import inspect
import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import telegram
import telegram.ext
import telegram.request
from telegram import Bot
from telegram.error import TelegramError
from telegram.ext import BaseRateLimiter, ExtBot
from telegram.request import BaseRequest, RequestData

from bot.telegram.polling import _fetch

REPO = Path(__file__).resolve().parents[3]
SOURCES = ("bot", "adapters", "sizing")
ALLOWED = {("bot/telegram/polling.py", "_post")}
TOKEN = "123456:ABCdefGhIJKlmnOPQRstuVWXyz0123456789"  # noqa: S105 - a fake
UNREADABLE = {"update_id": 8, "message": {"message_id": "not a number", "chat": 5}}
READABLE = {
    "update_id": 7,
    "message": {
        "message_id": 1,
        "date": 0,
        "chat": {"id": 5, "type": "private"},
        "text": "hi",
    },
}


# Underscore names that are the documented API of Python's own bases (``namedtuple._replace``,
# ``Enum._value_``...), which some PTB classes build on: not PTB's private names.
PYTHON_API = set(dir(NamedTuple("Probe", [("a", int)])))
PYTHON_API |= set(dir(enum.Enum)) | set(dir(enum.IntEnum))


def _ptb_private_names() -> set[str]:
    """Every private (single-underscore) attribute name of PTB's public classes."""
    names: set[str] = set()
    for module in (telegram, telegram.ext, telegram.request):
        for exported in getattr(module, "__all__", ()):
            value = getattr(module, exported, None)
            if inspect.isclass(value):
                names |= {n for n in dir(value) if n.startswith("_") and not n.startswith("__")}
    return names - PYTHON_API


def _private_uses(path: Path, private: set[str]) -> list[tuple[str, str]]:
    """(file, name) for each ``x._name`` on an object not our own, and each ``telegram._x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    relative = str(path.relative_to(REPO))
    found: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("telegram._"):
            found.append((relative, node.module or ""))
        elif isinstance(node, ast.Import):
            found += [(relative, a.name) for a in node.names if a.name.startswith("telegram._")]
        elif isinstance(node, ast.Attribute) and node.attr in private:
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in {"self", "cls"}:
                continue  # our own classes' attributes, whatever their names
            found.append((relative, node.attr))
    return found


def test_no_private_ptb_name_is_used_but_the_raw_get_updates():
    """Across the project's packages the only private PTB name is ``_post``, in polling.py."""
    private = _ptb_private_names()
    assert "_post" in private  # the scan sees PTB's private names at all
    uses = {
        use
        for package in SOURCES
        for path in sorted((REPO / package).rglob("*.py"))
        for use in _private_uses(path, private)
    }
    assert uses == ALLOWED


class Answering(BaseRequest):
    """A request class answering getUpdates with a fixed batch; it notes the read time-out."""

    def __init__(self, batch: list[dict[str, Any]]) -> None:
        self.batch = batch
        self.read_timeouts: list[object] = []

    @property
    def read_timeout(self) -> float:
        """No network: any figure."""
        return 1.0

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def do_request(  # noqa: PLR0917 - PTB's signature
        self,
        url: str,
        method: str,  # noqa: ARG002
        request_data: RequestData | None = None,  # noqa: ARG002
        read_timeout: object = BaseRequest.DEFAULT_NONE,
        write_timeout: object = BaseRequest.DEFAULT_NONE,  # noqa: ARG002
        connect_timeout: object = BaseRequest.DEFAULT_NONE,  # noqa: ARG002
        pool_timeout: object = BaseRequest.DEFAULT_NONE,  # noqa: ARG002
    ) -> tuple[int, bytes]:
        """Answer getUpdates with the batch."""
        assert url.endswith("/getUpdates")
        self.read_timeouts.append(read_timeout)
        return 200, json.dumps({"ok": True, "result": self.batch}).encode()


class CountingLimiter(BaseRateLimiter[None]):
    """A rate limiter that counts the calls it paces."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    async def process_request(self, callback, args, kwargs, endpoint, data, rate_limit_args):  # noqa: ARG002, PLR0917
        """Count, then call."""
        self.calls.append(endpoint)
        return await callback(*args, **kwargs)


async def test_the_raw_get_updates_returns_every_update_as_sent():
    """``_post("getUpdates")`` returns the JSON list, an update PTB cannot read included."""
    request = Answering([READABLE, UNREADABLE])
    limiter = CountingLimiter()
    bot = ExtBot(TOKEN, request=request, get_updates_request=request, rate_limiter=limiter)
    batch = await _fetch(bot, offset=0, timeout_s=30, allowed=("message",))
    assert batch == [READABLE, UNREADABLE]
    assert request.read_timeouts == [40.0]  # the long poll's 30 s plus the read margin
    assert limiter.calls == []  # getUpdates is not paced: the limiter never sees it


async def test_the_public_get_updates_fails_the_whole_batch_on_one_bad_update():
    """Why the raw call: PTB's ``get_updates`` cannot hand back the readable update alone."""
    request = Answering([READABLE, UNREADABLE])
    bot = Bot(TOKEN, request=request, get_updates_request=request)
    with pytest.raises((TelegramError, TypeError, ValueError, KeyError)):
        await bot.get_updates(offset=0, timeout=0)


def test_post_still_takes_an_endpoint_its_data_and_a_read_timeout():
    """The signature the raw call is written against."""
    parameters = inspect.signature(Bot._post).parameters
    assert list(parameters)[:3] == ["self", "endpoint", "data"]
    assert parameters["read_timeout"].kind is inspect.Parameter.KEYWORD_ONLY
