"""The Bot API's rules on what a bot sends, as the fake server enforces them.

Each check raises ``ApiError`` with the status and description Telegram answers with.
Sources: https://core.telegram.org/bots/api (sendMessage, InlineKeyboardButton, setMyCommands,
answerCallbackQuery, answerInlineQuery, setWebhook, sendChatAction).
"""

from __future__ import annotations

import re
import struct
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from telegram.constants import (
    BotCommandLimit,
    CallbackQueryLimit,
    FileSizeLimit,
    InlineKeyboardButtonLimit,
    InlineQueryLimit,
    InlineQueryResultLimit,
    MessageLimit,
)

from tests.fakes.telegram_html import TelegramHtmlError, check_telegram_html, utf16_length

MAX_CALLBACK_BYTES = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)  # 64
URL_SCHEMES = frozenset({"http", "https", "tg"})
CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,%d}$" % BotCommandLimit.MAX_COMMAND)  # noqa: UP031
_LANGUAGE_CODE_RE = re.compile(r"^[a-z]{2}$")  # "A two-letter ISO 639-1 language code"
_WEBHOOK_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


# sendPhoto (https://core.telegram.org/bots/api#sendphoto): "The photo must be at most 10 MB in
# size. The photo's width and height must not exceed 10000 in total. Width and height ratio
# must be at most 20." A new file goes as multipart/form-data.
MAX_PHOTO_BYTES = int(FileSizeLimit.PHOTOSIZE_UPLOAD)
MAX_PHOTO_SIDES = 10_000
MAX_PHOTO_RATIO = 20
CONTENT_TYPE = "__content_type__"  # the fake's note of the request's Content-Type
_PNG = b"\x89PNG\r\n\x1a\n"


class Upload(NamedTuple):
    """A file part of a multipart request."""

    filename: str
    content_type: str
    content: bytes


class ApiError(Exception):
    """A refusal, as Telegram words it."""

    def __init__(self, description: str, *, code: int = 400, retry_after: int | None = None):
        super().__init__(description)
        self.description = description
        self.code = code
        self.retry_after = retry_after

    def payload(self) -> dict[str, Any]:
        """Build the JSON body Telegram sends with the error."""
        body: dict[str, Any] = {"ok": False, "error_code": self.code}
        body["description"] = self.description
        if self.retry_after is not None:
            body["parameters"] = {"retry_after": self.retry_after}
        return body


def bad_request(reason: str) -> ApiError:
    """Build a 400 "Bad Request: ..." error."""
    return ApiError(f"Bad Request: {reason}")


def check_text(text: object, parse_mode: object) -> tuple[str, list[dict[str, Any]]]:
    """Check a message text; return the text as stored and its entities."""
    if not isinstance(text, str) or not text.strip():
        raise bad_request("message text is empty")
    if parse_mode is None or parse_mode == "":
        if utf16_length(text) > 4096:  # MessageLimit.MAX_TEXT_LENGTH
            raise bad_request("message is too long")
        return text, []
    if parse_mode != "HTML":
        raise bad_request(f"unsupported parse_mode {parse_mode!r} (the fake speaks HTML only)")
    try:
        parsed = check_telegram_html(text)
    except TelegramHtmlError as error:
        raise ApiError(str(error)) from None
    entities = [
        {
            k: v
            for k, v in (
                ("type", e.type),
                ("offset", e.offset),
                ("length", e.length),
                ("url", e.url),
                ("language", e.language),
            )
            if v is not None
        }
        for e in parsed.entities
        if e.type != "custom_emoji"
    ]
    return parsed.text, entities


def _check_button(button: object) -> None:
    if not isinstance(button, dict) or not button.get("text"):
        raise bad_request("can't parse inline keyboard button: Text buttons are unallowed")
    actions = [name for name in BUTTON_ACTIONS if name in button]
    if len(actions) != 1:
        raise bad_request("can't parse inline keyboard button: exactly one action is required")
    if "callback_data" in button:
        data = button["callback_data"]
        size = len(data.encode()) if isinstance(data, str) else 0
        if not 1 <= size <= MAX_CALLBACK_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button:
        url = button["url"]
        parts = urlsplit(url) if isinstance(url, str) else None
        if parts is None or parts.scheme not in URL_SCHEMES or not (parts.netloc or parts.path):
            raise bad_request(
                f"inline keyboard button URL '{url}' is invalid: unsupported URL protocol"
            )


def check_reply_markup(markup: object) -> None:
    """Check an inline keyboard (the only markup the bot sends)."""
    if markup is None:
        return
    rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request("can't parse reply keyboard markup JSON object")
    for row in rows:
        for button in row:
            _check_button(button)


def check_commands(commands: object, language_code: object) -> None:
    """Check the command list and language of setMyCommands."""
    if language_code not in {None, ""} and not (
        isinstance(language_code, str) and _LANGUAGE_CODE_RE.match(language_code)
    ):
        raise bad_request("invalid language code specified")
    if not isinstance(commands, list) or len(commands) > BotCommandLimit.MAX_COMMAND_NUMBER:
        raise bad_request("BOT_COMMANDS_TOO_MUCH")
    for item in commands:
        command = item.get("command") if isinstance(item, dict) else None
        description = item.get("description") if isinstance(item, dict) else None
        if not isinstance(command, str) or not _COMMAND_RE.match(command):
            raise bad_request("BOT_COMMAND_INVALID")
        if not isinstance(description, str) or not (
            BotCommandLimit.MIN_DESCRIPTION <= len(description) <= BotCommandLimit.MAX_DESCRIPTION
        ):
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")


def check_callback_answer_text(text: object) -> None:
    """Check the notification of answerCallbackQuery: at most 200 characters."""
    if isinstance(text, str) and len(text) > CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH:
        raise bad_request("MESSAGE_TOO_LONG")


def check_inline_results(results: object) -> None:
    """Check answerInlineQuery's results: count, ids, titles, message contents, keyboards."""
    if not isinstance(results, list) or len(results) > InlineQueryLimit.RESULTS:
        raise bad_request("RESULTS_TOO_MUCH")
    seen: set[str] = set()
    for result in results:
        if not isinstance(result, dict) or result.get("type") != "article":
            raise bad_request("RESULT_TYPE_INVALID (the fake checks articles only)")
        result_id = result.get("id")
        size = len(result_id.encode()) if isinstance(result_id, str) else 0
        if not 1 <= size <= InlineQueryResultLimit.MAX_ID_LENGTH:
            raise bad_request("RESULT_ID_INVALID")
        if result_id in seen:
            raise bad_request("RESULT_ID_DUPLICATE")
        seen.add(str(result_id))
        if not result.get("title"):
            raise bad_request("RESULT_TITLE_EMPTY")
        content = result.get("input_message_content")
        if not isinstance(content, dict):
            raise bad_request("can't parse input message content")
        check_text(content.get("message_text"), content.get("parse_mode"))
        check_reply_markup(result.get("reply_markup"))


def check_webhook(url: object, secret_token: object) -> None:
    """Check setWebhook: an http(s) URL (a local Bot API server allows http), a valid secret."""
    if not isinstance(url, str) or urlsplit(url).scheme not in {"http", "https"}:
        raise bad_request("bad webhook: invalid URL")
    if secret_token is not None and not (
        isinstance(secret_token, str) and _WEBHOOK_SECRET_RE.match(secret_token)
    ):
        raise bad_request("bad webhook: secret token contains unallowed characters")


def check_chat_action(action: object) -> None:
    """Check sendChatAction: one of the documented actions."""
    if action not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")


def image_size(content: bytes) -> tuple[int, int]:
    """Return a PNG's width and height (the bot sends PNG only); 400 when unreadable."""
    if content.startswith(_PNG) and content[12:16] == b"IHDR":
        width, height = struct.unpack(">II", content[16:24])
        return int(width), int(height)
    raise bad_request("IMAGE_PROCESS_FAILED")


def check_photo(photo: object, content_type: object) -> Upload:
    """Check sendPhoto's photo: a new file uploaded as multipart/form-data, within the limits.

    The bot never sends a file_id or URL here, so the fake takes only uploads.
    """
    if content_type != "multipart/form-data":
        raise bad_request("there is no photo in the request")
    if not isinstance(photo, Upload) or not photo.filename:
        raise bad_request("there is no photo in the request")
    if not photo.content:
        raise bad_request("file must be non-empty")
    if len(photo.content) > MAX_PHOTO_BYTES:
        raise ApiError("Request Entity Too Large", code=413)
    width, height = image_size(photo.content)
    if width + height > MAX_PHOTO_SIDES or max(width, height) > MAX_PHOTO_RATIO * min(
        width, height
    ):
        raise bad_request("PHOTO_INVALID_DIMENSIONS")
    return photo


def check_caption(caption: object, parse_mode: object) -> tuple[str, list[dict[str, Any]]]:
    """Check a photo's caption: optional, at most 1,024 characters once its HTML is parsed."""
    if caption is None or caption == "":
        return "", []
    text, entities = check_text(caption, parse_mode)
    if utf16_length(text) > MessageLimit.CAPTION_LENGTH:
        raise bad_request("message caption is too long")
    return text, entities
