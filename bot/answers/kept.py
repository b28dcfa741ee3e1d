"""Replies that hold nothing of a chat, kept for the next customer who asks the same.

Comparisons, price lists and knowledge answers are made from the catalog alone: one answer in
one language (with one checkout) is one reply, whoever asks. The engine hands back the same
answer object until the catalog changes (``compare_gpus``, ``price_list``, ``answer_question``
keep theirs, and ``sizing.catalog_install.install`` forgets them), so a reply is kept by that
object (held in the entry, so that its id cannot be reused). A ``Reply`` is immutable (its
deferred parts are made once, on the answer thread that reads them), as ``render_help``'s kept
ones are.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import Localizer
from bot.reply import Reply

KEPT_REPLIES_MAX = 128
_KeptKey = tuple[int, Localizer, CheckoutConfig | None]
_kept_replies: OrderedDict[_KeptKey, tuple[object, Reply]] = OrderedDict()
_lock = threading.Lock()


def kept_reply(
    answer: object, loc: Localizer, checkout: CheckoutConfig | None, make: Callable[[], Reply]
) -> Reply:
    """Return the reply kept for ``answer`` in ``loc`` (and ``checkout``), made once by ``make``."""
    key: _KeptKey = (id(answer), loc, checkout)
    with _lock:
        kept = _kept_replies.get(key)
        if kept is not None and kept[0] is answer:
            _kept_replies.move_to_end(key)
            return kept[1]
    reply = make()
    with _lock:
        _kept_replies[key] = (answer, reply)
        _kept_replies.move_to_end(key)
        if len(_kept_replies) > KEPT_REPLIES_MAX:
            _kept_replies.popitem(last=False)
    return reply
