"""The ways the fake Bot API misbehaves, as Telegram (and what sits in front of it) does."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tests.fakes.bot_api_checks import ApiError

# What nginx in front of the Bot API answers when the backend is down.
NGINX_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n"
    "</body>\r\n</html>\r\n"
)


class Fault(StrEnum):
    """A way Telegram misbehaves, injected once per ``times``."""

    SERVER_ERROR = "500"  # JSON 500 Internal Server Error: not carried out
    BAD_GATEWAY = "502"  # nginx's HTML 502 page: not carried out
    TIME_OUT = "timeout"  # carried out, then the answer is held past the client's time-out
    DROP = "drop"  # the connection is closed before the request is read: not carried out
    MALFORMED = "malformed"  # 200 with a cut-off JSON body, from a broken proxy: not carried out
    HTML_PAGE = "html"  # 200 with an HTML page (a captive proxy): not carried out
    NO_RESULT = "no_result"  # carried out; the answer is {"ok": true} without "result"
    TOO_LONG = "too_long"  # 400 "message is too long"
    CANNOT_PARSE = "cannot_parse"  # 400 "can't parse entities"
    BLOCKED = "blocked"  # 403 "bot was blocked by the user"
    CHAT_NOT_FOUND = "chat_not_found"  # 400 "chat not found"


# Faults after which Telegram has carried out the call.
CARRIED_OUT = frozenset({Fault.TIME_OUT, Fault.NO_RESULT})
REFUSALS = {
    Fault.SERVER_ERROR: ApiError("Internal Server Error", code=500),
    Fault.TOO_LONG: ApiError("Bad Request: message is too long"),
    Fault.CANNOT_PARSE: ApiError(
        "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 0"
    ),
    Fault.BLOCKED: ApiError("Forbidden: bot was blocked by the user", code=403),
    Fault.CHAT_NOT_FOUND: ApiError("Bad Request: chat not found"),
}


@dataclass
class InjectedFault:
    """One fault waiting for its calls."""

    method: str
    times: int
    error: ApiError | None = None
    kind: Fault | None = None
    chat_id: int | None = None
    hold_s: float = 0.0

    def matches(self, method: str, params: dict[str, Any]) -> bool:
        """Tell whether this fault hits a call of ``method`` with ``params``."""
        if self.times <= 0 or self.method != method:
            return False
        return self.chat_id is None or params.get("chat_id") == self.chat_id
