"""Files a customer sends: fetched only when small enough to be a model's config.json."""

from __future__ import annotations

from typing import Any

from telegram import Document

from bot.conversation import MAX_CONFIG_BYTES


async def download_small(bot: Any, document: Document) -> bytes | None:  # noqa: ANN401 - PTB's ExtBot
    """Download a document no larger than a config.json can be; ``None`` for a larger one.

    Telegram states the size in the update; a file announced too large is never fetched
    (bots may download up to 20 MB, far beyond any config).
    """
    if document.file_size is not None and document.file_size > MAX_CONFIG_BYTES:
        return None
    file = await bot.get_file(document.file_id)
    return bytes(await file.download_as_bytearray())
