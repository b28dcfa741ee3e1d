"""Answers go out once, and in a form Telegram takes.

Each answer of an update gets a journal key (``"<update_id>:<n>"``, n counting the update's
answers in order, so handling the update again finds the same keys). An answer whose key is
in the journal may already be with the customer and is not sent again (``bot.delivery.journal``).
Under a lease (several replicas), an answer goes out only after the lease is confirmed still
ours, right after that journal check (``bot.delivery.fence``).

When Telegram refuses the HTML ("message is too long", "can't parse entities"), the answer is
sent in a safe form instead of being lost: split at line breaks where no tag is open, or as
plain text (tags stripped, split at line breaks). Buttons go with the last part.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from telegram import InputFile, ReplyParameters
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, ChatMigrated

from bot.delivery import CURRENT_DELIVERY, DeliveryJournal, hold_lease
from bot.ops import CURRENT_UPDATE
from bot.telegram.api_json import Markup, call_json, message_json
from bot.telegram.errors import DeliveryUncertainError, ResultMissingError

log = logging.getLogger(__name__)

# An answer's inline keyboard: python-telegram-bot's object, or the Bot API's JSON of it.
ReplyMarkup = Markup

MAX_TEXT_UTF16 = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096, counted in UTF-16 code units
TOO_LONG = "message is too long"
CANNOT_PARSE = "can't parse entities"
PHOTO_NAME = "chart.png"
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>")


@dataclass(frozen=True, slots=True)
class Part:
    """One message of an answer sent in several."""

    text: str
    parse_mode: str | None


class _TextOnly(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []

    def handle_data(self, data: str) -> None:
        self.pieces.append(data)


def html_to_text(html_text: str) -> str:
    """Return the text Telegram would show for ``html_text``: tags dropped, entities decoded."""
    parser = _TextOnly()
    parser.feed(html_text)
    parser.close()
    return "".join(parser.pieces)


def utf16_units(text: str) -> int:
    """Length as Telegram counts it."""
    return len(text.encode("utf-16-le")) // 2


def _blocks(html_text: str) -> list[str] | None:
    """Group lines into runs that close every tag they open (``None``: tags never balance)."""
    blocks, current, depth = [], list[str](), 0
    for line in html_text.split("\n"):
        current.append(line)
        for closing, _ in _TAG.findall(line):
            depth += -1 if closing else 1
        if depth == 0:
            blocks.append("\n".join(current))
            current = []
    return None if current or depth else blocks


def _pack(pieces: list[str], size: Any, limit: int) -> Iterator[str]:  # noqa: ANN401
    chunk: list[str] = []
    for piece in pieces:
        if chunk and size("\n".join([*chunk, piece])) > limit:
            yield "\n".join(chunk)
            chunk = []
        chunk.append(piece)
    if chunk:
        yield "\n".join(chunk)


def split_html(html_text: str, limit: int = MAX_TEXT_UTF16) -> list[str] | None:
    """Split HTML at line breaks outside tags into parts Telegram takes; ``None`` if it cannot."""
    blocks = _blocks(html_text)
    if blocks is None:
        return None

    def size(html_part: str) -> int:
        return utf16_units(html_to_text(html_part).strip())

    if any(size(block) > limit for block in blocks):
        return None
    return [part for part in _pack(blocks, size, limit) if html_to_text(part).strip()]


def split_plain(text: str, limit: int = MAX_TEXT_UTF16) -> list[str]:
    """Split plain text at line breaks (and inside a line longer than ``limit``)."""
    lines: list[str] = []
    for whole_line in text.split("\n"):
        line = whole_line
        while utf16_units(line) > limit:
            cut = limit
            while utf16_units(line[:cut]) > limit:  # characters beyond the BMP count twice
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return [part for part in _pack(lines, utf16_units, limit) if part.strip()]


def safe_parts(html_text: str, refusal: str, *, keep_html: bool = True) -> list[Part] | None:
    """Rework an answer Telegram refused with ``refusal``; ``None`` when nothing safer exists.

    Too long: split, keeping the HTML where it splits cleanly (``keep_html``), else plain
    text; unparsable: plain text.
    """
    refusal = refusal.lower()
    if TOO_LONG in refusal:
        html_parts = split_html(html_text) if keep_html else None
        if html_parts is not None:
            return [Part(part, ParseMode.HTML) for part in html_parts]
    elif CANNOT_PARSE not in refusal:
        return None
    return [Part(part, None) for part in split_plain(html_to_text(html_text))]


async def post_message(
    bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
    chat_id: int,
    part: Part,
    markup: ReplyMarkup,
    reply_to: ReplyParameters | None,
) -> int | None:
    """Call sendMessage with the body ``bot.send_message`` sends; return the message's id.

    PTB turns every answer's echo into a ``telegram.Message`` (a tenth of a cheap update's
    CPU), and nothing here reads it; the body is written straight as JSON
    (``bot.telegram.api_json``), through the same rate limiter (pacing, retries, the journal) and
    request class, with the Defaults (link previews off); a ``None`` parse mode means plain
    text, as there. Only the id is read of the echo (the sales thread replies under it).
    """
    data = message_json(bot, chat_id, part.text, part.parse_mode, markup, reply_to)
    result = await call_json(bot, "sendMessage", data)
    message_id = result.get("message_id") if isinstance(result, dict) else None
    return message_id if isinstance(message_id, int) else None


class AnswerSender:
    """Sends a handler's answers: once per journal key, in a safe form when refused."""

    def __init__(self, journal: DeliveryJournal) -> None:
        self._journal = journal

    async def send(
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
        chat_id: int,
        html_text: str,
        *,
        markup: ReplyMarkup = None,
        reply_to: ReplyParameters | None = None,
    ) -> int | None:
        """Send one answer of the current update (or an unjournaled message outside one).

        Return the id of its (last) message; None when it was not sent now (the journal says
        it may be out already) or Telegram did not say.
        """
        scope = CURRENT_UPDATE.get()
        key = scope.next_key() if scope is not None else None
        return await self._send(
            bot, key, chat_id, [Part(html_text, ParseMode.HTML)], markup, reply_to
        )

    async def send_photo(
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
        chat_id: int,
        photo: bytes,
        caption_html: str,
        *,
        markup: ReplyMarkup = None,
    ) -> None:
        """Send a picture (sendPhoto, multipart) once per journal key, its caption in HTML."""
        scope = CURRENT_UPDATE.get()
        key = scope.next_key() if scope is not None else None
        if key is not None and await self._journal.contains(key):
            log.info("answer %s may already be delivered: not sent again", key)
            return
        await hold_lease()
        token = CURRENT_DELIVERY.set(key)
        try:
            await bot.send_photo(
                chat_id,
                InputFile(photo, filename=PHOTO_NAME),
                caption=caption_html,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
            )
        except DeliveryUncertainError:
            log.warning("answer %s timed out after going out: counted as delivered", key)
        except ResultMissingError:
            log.info("answer %s: Telegram said ok without the message", key)
        finally:
            CURRENT_DELIVERY.reset(token)

    async def _send(  # noqa: PLR0917 - one internal call shape for whole answers and parts
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
        key: str | None,
        chat_id: int,
        parts: list[Part],
        markup: ReplyMarkup,
        reply_to: ReplyParameters | None,
        *,
        first_try: bool = True,
    ) -> int | None:
        sent: int | None = None
        for index, part in enumerate(parts):
            part_key = key if len(parts) == 1 or key is None else f"{key}.{index}"
            first_reply = reply_to if index == 0 else None
            part_markup = markup if index == len(parts) - 1 else None
            try:
                sent = await self._once(bot, part_key, chat_id, part, part_markup, first_reply)
            except ChatMigrated as moved:  # a group became a supergroup: same chat, new id
                log.info("chat %d moved to %d: answering there", chat_id, moved.new_chat_id)
                chat_id = moved.new_chat_id
                sent = await self._once(bot, part_key, chat_id, part, part_markup, None)
            except BadRequest as refused:
                # One split keeping the HTML; refused again, plain text; plain refused: give up.
                safer = (
                    safe_parts(part.text, refused.message, keep_html=first_try)
                    if part.parse_mode
                    else None
                )
                if safer is None:
                    raise
                log.info("Telegram refused an answer (%s): sending it in a safe form", refused)
                sent = await self._send(
                    bot, part_key, chat_id, safer, part_markup, first_reply, first_try=False
                )
        return sent

    async def _once(  # noqa: PLR0917 - internal
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot is generic
        key: str | None,
        chat_id: int,
        part: Part,
        markup: ReplyMarkup,
        reply_to: ReplyParameters | None,
    ) -> int | None:
        if key is not None and await self._journal.contains(key):
            log.info("answer %s may already be delivered: not sent again", key)
            return None
        await hold_lease()  # after the journal check: a new owner's redo finds our mark
        token = CURRENT_DELIVERY.set(key)
        try:
            return await post_message(bot, chat_id, part, markup, reply_to)
        except DeliveryUncertainError:
            log.warning("answer %s timed out after going out: counted as delivered", key)
        except ResultMissingError:
            log.info("answer %s: Telegram said ok without the message", key)
        finally:
            CURRENT_DELIVERY.reset(token)
        return None
