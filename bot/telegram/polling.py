"""Long polling that confirms an update to Telegram only once it is stored.

``getUpdates`` with ``offset`` N tells Telegram every update below N arrived; so a batch is
stored first (``accept``) and its offset sent with the next call. A process killed in
between gets the batch again at the next start, and the intake drops what it already has.
The raw JSON is fetched, not PTB's parsed objects, so one update PTB cannot read is dropped
alone instead of failing every later poll.

``Bot._post`` is the one private python-telegram-bot name the project uses, and only here: the
public ``get_updates`` turns the whole batch into ``Update`` objects and raises on the first one it
cannot read, so one malformed update would stop polling for good (its offset never confirmed).
``tests/bot/telegram/test_ptb_private.py`` pins what this relies on (the raw list back, the
long-poll read time-out passed through, getUpdates not paced by the rate limiter) and checks that
no other private PTB name appears anywhere in the project.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from telegram.error import TelegramError

from bot.telegram.errors import TokenRejectedError
from bot.telegram.retries import DeliveryHooks, DeliveryPolicy, NoHooks, failure_reason

log = logging.getLogger(__name__)

POLL_TIMEOUT_S = 30  # how long Telegram holds getUpdates open when there is nothing new
READ_MARGIN_S = 10.0  # beyond the long poll, before the read counts as timed out
FETCH_LIMIT = 100  # the most getUpdates returns at once


async def _fetch(bot: Any, offset: int, timeout_s: int, allowed: Sequence[str]) -> list[Any]:  # noqa: ANN401
    data: dict[str, Any] = {"offset": offset, "timeout": timeout_s, "limit": FETCH_LIMIT}
    data["allowed_updates"] = list(allowed)
    # PTB's public get_updates parses the whole batch and fails it on one unreadable update.
    result = await bot._post(  # noqa: SLF001 - the raw JSON: see the module docstring
        "getUpdates", data, read_timeout=timeout_s + READ_MARGIN_S
    )
    return list(result) if isinstance(result, list) else []


async def poll(
    bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
    accept: Callable[[dict[str, Any]], Awaitable[bool]],
    stop: asyncio.Event,
    *,
    allowed_updates: Sequence[str],
    policy: DeliveryPolicy,
    hooks: DeliveryHooks | None = None,
    timeout_s: int = POLL_TIMEOUT_S,
) -> None:
    """Fetch, store, confirm, until ``stop`` is set; only a refused token ends it early."""
    hooks = hooks or NoHooks()
    offset, failures = 0, 0
    while not stop.is_set():
        fetch = asyncio.ensure_future(_fetch(bot, offset, timeout_s, allowed_updates))
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({fetch, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not fetch.done():  # stopped mid-poll: what it would bring is confirmed by nobody
            fetch.cancel()
            with contextlib.suppress(asyncio.CancelledError, TelegramError):
                await fetch
            return
        try:
            batch = fetch.result()
        except TokenRejectedError:
            raise
        except TelegramError as error:
            hooks.api_error("getUpdates", failure_reason(error))
            wait_s = policy.backoff_s(failures)
            failures += 1
            log.warning(
                "getUpdates failed: again later",
                extra={
                    "event": "retry",
                    "method": "getUpdates",
                    "error": str(error),
                    "wait_s": round(wait_s, 3),
                },
            )
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait_s):
                    await stop.wait()
            continue
        failures = 0
        for raw in batch:
            if isinstance(raw, dict):
                await accept(raw)
        ids = [raw["update_id"] for raw in batch if isinstance(raw, dict)]
        ids = [update_id for update_id in ids if isinstance(update_id, int)]
        if ids:
            offset = max(ids) + 1
