"""The bot's catalog watcher: reload ``CATALOG_DIR`` between messages, tell admins of refusals.

Answers already check the files before each reply (``Pipeline.refresh_catalog``); this task
also checks every few seconds, so a bad file is reported even when nobody writes, and SIGHUP
(``CatalogSource.request_reload``) takes effect within one interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
from collections.abc import Sequence
from typing import Any

from telegram.error import TelegramError

from bot.conversation import CatalogSource
from bot.ops import off_loop

log = logging.getLogger(__name__)

CATALOG_POLL_S = 2.0  # how often the files' stat is read between messages


async def tell_admins(bot: Any, admin_chat_ids: Sequence[int], notices: list[str]) -> None:  # noqa: ANN401 - PTB's ExtBot
    """Send each notice to each admin chat; a refusal is logged, never raised."""
    for notice in notices:
        for admin_id in admin_chat_ids:
            try:
                await bot.send_message(admin_id, html.escape(notice))
            except TelegramError as error:
                log.warning(
                    "could not tell admin %s about the catalog: %s", admin_id, error.message
                )


async def watch_catalog(
    source: CatalogSource,
    bot: Any,  # noqa: ANN401 - PTB's ExtBot
    admin_chat_ids: Sequence[int],
    stop: asyncio.Event,
    *,
    interval_s: float = CATALOG_POLL_S,
) -> None:
    """Refresh the catalog until ``stop`` is set, forwarding refusals to the admins."""
    while not stop.is_set():
        await off_loop(source.refresh)  # on the answer thread, which reads the catalog too
        await tell_admins(bot, admin_chat_ids, source.take_notices())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=interval_s)
