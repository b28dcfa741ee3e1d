"""What recent messages were understood as, kept for the same text sent again.

Understanding a message is a pure function of its text, the language hint, the bot's @name and
the catalog in use, and it is most of the work of answering one (about two thirds of a sizing
question answered from the kept sizing). Customers send the same texts again and again: /start,
"cheaper?", "yes", a product page's deep-link question, a question a support team pastes for
every new lead. So the parse of a recent text is kept and used again, as the engine keeps its
sizing answers.

Kept: at most ``RECENT_PARSES`` texts of at most ``LONGEST_KEPT_CHARS`` characters (a pasted
email is rarely sent twice), the least recently used dropped first. A parse that failed is not
kept (the next message tries again). A catalog installed since (new plans, GPUs or knowledge)
makes every kept parse stale: each remembers the tables it was made with (``catalog_in_use``)
and is used only while those are still the ones in use. The kept parse is the very object the
parser returned: frozen, so sharing it between chats changes nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from bot.request import ParsedRequest
from sizing import catalog_in_use

RECENT_PARSES = 2048
LONGEST_KEPT_CHARS = 1024

ParseKey = tuple[str, str | None, str | None]  # the text, the language hint, the bot's name


class RecentParses:
    """The parses of recent texts, least recently used dropped first."""

    def __init__(self, size: int = RECENT_PARSES, failed: str | None = None) -> None:
        """Keep at most ``size`` parses; a parse whose ``not_understood`` holds ``failed`` never."""
        self._size = size
        self._failed = failed
        self._items: OrderedDict[ParseKey, tuple[tuple[object, ...], ParsedRequest]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many parses are kept."""
        return len(self._items)

    def get(self, key: ParseKey) -> ParsedRequest | None:
        """Return the kept parse of ``key``, if there is one made with the catalog in use."""
        if self._size <= 0 or len(key[0]) > LONGEST_KEPT_CHARS:
            return None
        tables = catalog_in_use()
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            made_with, parsed = item
            if any(old is not new for old, new in zip(made_with, tables, strict=True)):
                del self._items[key]
                return None
            self._items.move_to_end(key)
            return parsed

    def put(self, key: ParseKey, parsed: ParsedRequest) -> None:
        """Keep ``parsed`` as the parse of ``key`` (not a failed one, not a long text)."""
        if self._size <= 0 or len(key[0]) > LONGEST_KEPT_CHARS:
            return
        if self._failed is not None and self._failed in parsed.not_understood:
            return
        tables = catalog_in_use()
        with self._lock:
            self._items[key] = (tables, parsed)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget every kept parse."""
        with self._lock:
            self._items.clear()
