"""Telegram's HTML parse mode, checked as strictly as the Bot API checks it.

Rules from https://core.telegram.org/bots/api#html-style and #formatting-options:
only the tags below, well nested; ``<``, ``>`` and ``&`` outside tags written as entities;
only the named entities ``&lt; &gt; &amp; &quot;`` plus numeric ones; the message length is
counted in UTF-16 code units of the text *after* entity parsing (``MessageLimit``).

Use ``check_telegram_html(html)`` in golden tests: it raises ``TelegramHtmlError`` carrying
the message Telegram would answer with. ``parse_telegram_html`` returns the plain text and
the entities, which the fake Bot API uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from telegram.constants import MessageLimit

MAX_TEXT_UTF16 = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096, after entity parsing
MAX_CAPTION_UTF16 = int(MessageLimit.CAPTION_LENGTH)  # 1024

# Tag -> entity type. https://core.telegram.org/bots/api#html-style
TAG_ENTITY: dict[str, str] = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "span": "spoiler",
    "tg-spoiler": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
}
# Attributes each tag may carry (and which ones it must).
_ALLOWED_ATTRS: dict[str, frozenset[str]] = {
    "a": frozenset({"href"}),
    "span": frozenset({"class"}),
    "code": frozenset({"class"}),
    "blockquote": frozenset({"expandable"}),
    "tg-emoji": frozenset({"emoji-id"}),
}
_REQUIRED_ATTRS: dict[str, str] = {"a": "href", "span": "class", "tg-emoji": "emoji-id"}
# code/pre hold verbatim text: no entity may sit inside them (except pre > code for a language).
_VERBATIM = frozenset({"code", "pre"})
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}

_START_TAG = re.compile(
    r"<([a-zA-Z][a-zA-Z0-9-]*)"
    r"((?:\s+[a-zA-Z_][a-zA-Z0-9_-]*(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'>]+))?)*)\s*>"
)
_END_TAG = re.compile(r"</([a-zA-Z][a-zA-Z0-9-]*)\s*>")
_ATTR = re.compile(r"([a-zA-Z_][a-zA-Z0-9_-]*)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s\"'>]+))?")
_ENTITY = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);")


class TelegramHtmlError(ValueError):
    """What Telegram answers (400) for text it cannot parse or will not send."""


@dataclass(frozen=True, slots=True)
class Entity:
    """One message entity, offsets and lengths in UTF-16 code units as Telegram counts them."""

    type: str
    offset: int
    length: int
    url: str | None = None
    language: str | None = None


@dataclass(slots=True)
class _Open:
    tag: str
    offset_utf16: int
    byte_offset: int
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ParsedHtml:
    """The message as Telegram stores it: plain text plus entities."""

    text: str
    entities: tuple[Entity, ...]

    @property
    def length_utf16(self) -> int:
        """Length as Telegram's limits count it."""
        return utf16_length(self.text)


def utf16_length(text: str) -> int:
    """Count UTF-16 code units: characters beyond the BMP count twice."""
    return len(text.encode("utf-16-le")) // 2


def _fail(reason: str) -> TelegramHtmlError:
    return TelegramHtmlError(f"Bad Request: can't parse entities: {reason}")


def _decode_entity(match: re.Match[str], byte_offset: int) -> str:
    name = match.group(1)
    if name.startswith(("#x", "#X")):
        code = int("0" + name[1:].lower(), 0)
    elif name.startswith("#"):
        code = int(name[1:])
    elif name in _NAMED_ENTITIES:
        return _NAMED_ENTITIES[name]
    else:
        raise _fail(f'Unsupported HTML entity "&{name};" at byte offset {byte_offset}')
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise _fail(f"Invalid character reference at byte offset {byte_offset}")
    return chr(code)


def _decode_text(raw: str, byte_offset: int) -> str:
    out: list[str] = []
    pos = 0
    while pos < len(raw):
        amp = raw.find("&", pos)
        if amp < 0:
            out.append(raw[pos:])
            break
        out.append(raw[pos:amp])
        match = _ENTITY.match(raw, amp)
        if match is None:
            at = byte_offset + len(raw[:amp].encode())
            raise _fail(f'Character "&" must be escaped as "&amp;" at byte offset {at}')
        out.append(_decode_entity(match, byte_offset))
        pos = match.end()
    return "".join(out)


def _parse_attrs(tag: str, raw: str, byte_offset: int) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for match in _ATTR.finditer(raw):
        name, value = match.group(1).lower(), match.group(2) or ""
        if value[:1] in {'"', "'"}:
            value = value[1:-1]
        if name not in _ALLOWED_ATTRS.get(tag, frozenset()):
            at = f"at byte offset {byte_offset}"
            raise _fail(f'Unsupported attribute "{name}" of tag "{tag}" {at}')
        attrs[name] = _decode_text(value, byte_offset)
    return attrs


def _check_start(tag: str, attrs: dict[str, str], stack: list[_Open], byte_offset: int) -> None:
    if tag not in TAG_ENTITY:
        raise _fail(f'Unsupported start tag "{tag}" at byte offset {byte_offset}')
    required = _REQUIRED_ATTRS.get(tag)
    if required and not attrs.get(required):
        raise _fail(f'Tag "{tag}" must have attribute "{required}" at byte offset {byte_offset}')
    if tag == "span" and attrs["class"] != "tg-spoiler":
        raise _fail(f'Tag "span" must have class "tg-spoiler" at byte offset {byte_offset}')
    if stack and stack[-1].tag in _VERBATIM and not (stack[-1].tag == "pre" and tag == "code"):
        outer = stack[-1].tag
        raise _fail(f'Entity "{tag}" can\'t be nested in "{outer}" at byte offset {byte_offset}')
    if tag == "blockquote" and any(o.tag == "blockquote" for o in stack):
        raise _fail(f"Blockquote can't be nested at byte offset {byte_offset}")
    if tag == "code" and "class" in attrs and not (stack and stack[-1].tag == "pre"):
        raise _fail(f'Unsupported attribute "class" of tag "code" at byte offset {byte_offset}')


def _entity_for(opened: _Open, end_utf16: int) -> Entity | None:
    length = end_utf16 - opened.offset_utf16
    if length == 0:
        return None  # Telegram drops empty entities
    kind = TAG_ENTITY[opened.tag]
    if opened.tag == "blockquote" and "expandable" in opened.attrs:
        kind = "expandable_blockquote"
    language = None
    if opened.tag == "code" and opened.attrs.get("class", "").startswith("language-"):
        language = opened.attrs["class"].removeprefix("language-")
    url = opened.attrs.get("href")
    return Entity(kind, opened.offset_utf16, length, url=url, language=language)


def parse_telegram_html(html: str) -> ParsedHtml:
    """Parse Telegram HTML into text and entities; raise ``TelegramHtmlError`` as Telegram does."""
    text_parts: list[str] = []
    entities: list[Entity] = []
    stack: list[_Open] = []
    offset_utf16 = 0
    pos = 0
    while pos < len(html):
        byte_offset = len(html[:pos].encode())
        lt = html.find("<", pos)
        gt = html.find(">", pos)
        if gt >= 0 and (lt < 0 or gt < lt):
            at = len(html[:gt].encode())
            raise _fail(f'Character ">" must be escaped as "&gt;" at byte offset {at}')
        if lt != pos:
            chunk = _decode_text(html[pos : lt if lt >= 0 else len(html)], byte_offset)
            text_parts.append(chunk)
            offset_utf16 += utf16_length(chunk)
            pos = lt if lt >= 0 else len(html)
            continue
        end = _END_TAG.match(html, pos)
        if end is not None:
            tag = end.group(1).lower()
            if not stack:
                raise _fail(f'Unexpected end tag "{tag}" at byte offset {byte_offset}')
            if stack[-1].tag != tag:
                raise _fail(
                    f"Unmatched end tag at byte offset {byte_offset}, "
                    f'expected "</{stack[-1].tag}>", found "</{tag}>"'
                )
            entity = _entity_for(stack.pop(), offset_utf16)
            if entity is not None:
                entities.append(entity)
            pos = end.end()
            continue
        start = _START_TAG.match(html, pos)
        if start is None:
            raise _fail(f'Unsupported start tag at byte offset {byte_offset}, or "<" not escaped')
        tag = start.group(1).lower()
        attrs = _parse_attrs(tag, start.group(2), byte_offset)
        _check_start(tag, attrs, stack, byte_offset)
        stack.append(_Open(tag, offset_utf16, byte_offset, attrs))
        pos = start.end()
    if stack:
        raise _fail(f'Can\'t find end tag corresponding to start tag "{stack[-1].tag}"')
    entities.sort(key=lambda e: (e.offset, -e.length))
    return ParsedHtml("".join(text_parts), tuple(entities))


def check_telegram_html(html: str, *, limit_utf16: int = MAX_TEXT_UTF16) -> ParsedHtml:
    """Raise ``TelegramHtmlError`` unless Telegram would send ``html`` as one message."""
    parsed = parse_telegram_html(html)
    if not parsed.text.strip():
        raise TelegramHtmlError("Bad Request: message text is empty")
    if parsed.length_utf16 > limit_utf16:
        raise TelegramHtmlError("Bad Request: message is too long")
    return parsed


def is_valid_telegram_html(html: str, *, limit_utf16: int = MAX_TEXT_UTF16) -> bool:
    """Tell whether ``check_telegram_html`` accepts ``html``."""
    try:
        check_telegram_html(html, limit_utf16=limit_utf16)
    except TelegramHtmlError:
        return False
    return True
