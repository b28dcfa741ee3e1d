"""The callback_data of the answer's buttons: a compact, versioned grammar.

    1:<state>:<action>[:<argument>]

``1`` is the grammar version; ``state`` is 6 hex digits of SHA-256 of the request the answer
was for, so a button pressed under an older answer is recognised as stale instead of changing
a newer question; actions: ``g`` change GPU (``mi355x``, ``h200``, ``b200``, ``any``), ``p``
change precision (a ``sizing.Precision`` value), ``c`` change context (``32k`` = 32,768
tokens, or an exact count), ``d`` details, ``t`` plain text for a ticket, ``l`` the launch
command, ``v`` the chart (a picture of memory per GPU and monthly cost). Telegram allows
1-64 bytes of callback_data (``InlineKeyboardButtonLimit``); every encoding is checked.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from enum import StrEnum

from telegram.constants import InlineKeyboardButtonLimit

from bot.reply import ChatContext, last_request_json
from sizing import TOKENS_PER_M, GpuId, Precision, context_code, parse_context_code

VERSION = "1"
MAX_CALLBACK_BYTES = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)  # 64
STATE_HEX = 6
MAX_CONTEXT_TOKENS = 16 * TOKENS_PER_M  # far beyond any catalog model's window
ANY_GPU = "any"
_STATE = re.compile(rf"[0-9a-f]{{{STATE_HEX}}}")


class Action(StrEnum):
    """What a button asks for."""

    GPU = "g"
    PRECISION = "p"
    CONTEXT = "c"
    DETAILS = "d"
    TICKET = "t"
    LAUNCH = "l"
    CHART = "v"


_WITH_ARGUMENT = frozenset({Action.GPU, Action.PRECISION, Action.CONTEXT})


@dataclass(frozen=True, slots=True)
class Callback:
    """One decoded button press."""

    state: str
    action: Action
    argument: str | None = None

    @property
    def context_tokens(self) -> int | None:
        """The context a ``c`` button asks for, in tokens."""
        if self.action is not Action.CONTEXT or self.argument is None:
            return None
        return _parse_context(self.argument)


def request_state(chat: ChatContext) -> str:
    """Return the short fingerprint of the chat's last request, as it is stored.

    Buttons carry it: a press on an answer to an earlier request is told apart from one on the
    answer to the request the chat holds now (the language it was answered in included).
    """
    stored = last_request_json(chat) or {}
    canonical = json.dumps(stored, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:STATE_HEX]


def context_argument(tokens: int) -> str:
    """How a context length is written in callback data."""
    return context_code(tokens)


def _parse_context(argument: str) -> int | None:
    try:
        tokens = parse_context_code(argument)
    except ValueError:
        return None
    return tokens if tokens <= MAX_CONTEXT_TOKENS else None


def _valid_argument(action: Action, argument: str | None) -> bool:
    if action not in _WITH_ARGUMENT:
        return argument is None
    if argument is None:
        return False
    if action is Action.GPU:
        return argument == ANY_GPU or argument in {g.value for g in GpuId}
    if action is Action.PRECISION:
        return argument in {p.value for p in Precision}
    return _parse_context(argument) is not None


def encode(callback: Callback) -> str:
    """Return the callback_data; raise ``ValueError`` for what the grammar cannot hold."""
    if not _STATE.fullmatch(callback.state) or not _valid_argument(
        callback.action, callback.argument
    ):
        raise ValueError(f"not a valid callback: {callback!r}")
    parts = [VERSION, callback.state, callback.action.value]
    if callback.argument is not None:
        parts.append(callback.argument)
    data = ":".join(parts)
    if len(data.encode()) > MAX_CALLBACK_BYTES:
        raise ValueError(f"callback data over {MAX_CALLBACK_BYTES} bytes: {data!r}")
    return data


def decode(data: str | None) -> Callback | None:
    """Read callback_data; ``None`` for anything this grammar did not write."""
    if not data or len(data.encode()) > MAX_CALLBACK_BYTES:
        return None
    parts = data.split(":")
    if len(parts) not in {3, 4} or parts[0] != VERSION or not _STATE.fullmatch(parts[1]):
        return None
    try:
        action = Action(parts[2])
    except ValueError:
        return None
    argument = parts[3] if len(parts) == 4 else None  # noqa: PLR2004 - version, state, action, arg
    if not _valid_argument(action, argument):
        return None
    return Callback(parts[1], action, argument)
