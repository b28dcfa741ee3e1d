"""Deep links (``/start PAYLOAD``) and stateless buttons: one small grammar for both.

A website link ``https://t.me/<bot>?start=PAYLOAD`` opens the chat on an answer; a button
whose callback data is ``go:PAYLOAD`` gives the same answer. Telegram allows 1-64 characters of
``A-Z a-z 0-9 _ -`` in a start payload (``MessageLimit.DEEP_LINK_LENGTH``) and 1-64 bytes of
callback data (``InlineKeyboardButtonLimit.MAX_CALLBACK_DATA``)::

    size-<model>[-<precision>][-<context>][-<users>u]   size-deepseek-v3-bf16-128k
    compare-<gpu>-<gpu>                                  compare-mi355x-h200
    price[-<gpu>]                                        price, price-h200
    topic-<topic>[-<gpu>]                                topic-faq_better, topic-gpu_card-h200
    sales                                                a person
    lang-<code>                                          lang-de, lang-zh-Hans
    help                                                 the welcome

Any payload may end with ``--<source>``, a tag of 1-16 of ``a-z 0-9 _`` naming where the link was
published (``size-deepseek-v3-fp8--pricing``, ``price--blog``): counted by the analytics, never
stored with the chat. The grammar never writes ``--`` otherwise, so the tag cannot be misread.

``<model>`` is a catalog model's name with ``-`` for spaces and ``_`` for dots
(``llama-3_3-70b-instruct``) or a generic size (``70b``, ``671b-moe``); ``<context>`` is
``32k``, ``128k``, ``1m`` (x1024) or a token count; ``<precision>`` a precision name
(``bf16``, ``fp8``, ``fp4``, ...). Anything else opens on the welcome.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from telegram.constants import InlineKeyboardButtonLimit, MessageLimit

from bot.languages import LANGUAGES, normalise_language
from sizing import (
    TOKENS_PER_K,
    GpuId,
    Precision,
    Topic,
    context_code,
    parse_context_code,
)

MAX_PAYLOAD_CHARS = int(MessageLimit.DEEP_LINK_LENGTH)  # 64
MAX_CALLBACK_BYTES = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)  # 64
CALLBACK_PREFIX = "go:"
_PAYLOAD_RE = re.compile(r"[A-Za-z0-9_-]{1,%d}" % MAX_PAYLOAD_CHARS)  # noqa: UP031
_USERS_RE = re.compile(r"([1-9][0-9]{0,5})u")
_GPUS = {g.value for g in GpuId}
_TOPICS = {t.value for t in Topic}
_TOPIC_PARTS = 2  # a topic and at most one GPU
SOURCE_SEPARATOR = "--"
_SOURCE_RE = re.compile(r"[a-z0-9_]{1,16}")


class LinkKind(StrEnum):
    """What a payload opens."""

    SIZE = "size"
    COMPARE = "compare"
    PRICE = "price"
    TOPIC = "topic"
    SALES = "sales"
    LANG = "lang"
    HELP = "help"


@dataclass(frozen=True, slots=True)
class Link:
    """A decoded payload."""

    kind: LinkKind
    model_text: str | None = None  # SIZE: the model as the customer would write it
    precision: Precision | None = None
    context_tokens: int | None = None
    concurrency: int | None = None
    gpus: tuple[GpuId, ...] = ()
    topic: Topic | None = None
    language: str | None = None
    source: str | None = None  # where the link was published (``--<source>``), if it says


def _context(token: str) -> int | None:
    try:
        return parse_context_code(token)
    except ValueError:
        return None


def _size(parts: list[str]) -> Link | None:
    concurrency = context = precision = None
    if parts and (users := _USERS_RE.fullmatch(parts[-1])):
        concurrency = int(users.group(1))
        parts = parts[:-1]
    if parts and (tokens := _context(parts[-1])) is not None and not parts[-1].isdigit():
        context = tokens
        parts = parts[:-1]
    elif len(parts) > 1 and parts[-1].isdigit() and int(parts[-1]) >= TOKENS_PER_K:
        context = int(parts[-1])  # an exact token count ("131072")
        parts = parts[:-1]
    if parts and parts[-1] in {p.value for p in Precision}:
        precision = Precision(parts[-1])
        parts = parts[:-1]
    if not parts:  # "size" alone: ask which model
        bare = all(value is None for value in (concurrency, context, precision))
        return Link(LinkKind.SIZE) if bare else None
    model_text = " ".join(parts).replace("_", ".")
    return Link(
        LinkKind.SIZE,
        model_text=model_text,
        precision=precision,
        context_tokens=context,
        concurrency=concurrency,
    )


def _topic(parts: list[str]) -> Link | None:
    if not set(parts[1:]) <= _GPUS:
        return None
    return Link(LinkKind.TOPIC, topic=Topic(parts[0]), gpus=tuple(GpuId(p) for p in parts[1:]))


def _language(parts: list[str]) -> Link | None:
    code = normalise_language("-".join(parts))
    return Link(LinkKind.LANG, language=code) if code in LANGUAGES else None


def decode_payload(payload: str | None) -> Link | None:
    """Read a payload (and its ``--<source>`` tag); ``None`` for what this grammar did not write."""
    if not payload or not _PAYLOAD_RE.fullmatch(payload):
        return None
    body, separator, source = payload.partition(SOURCE_SEPARATOR)
    if not separator:
        return _decode(payload)
    if not _SOURCE_RE.fullmatch(source.lower()):
        return None
    link = _decode(body)
    return replace(link, source=source.lower()) if link is not None else None


def _decode(payload: str) -> Link | None:  # noqa: PLR0911 - one return per kind
    if not payload:
        return None
    head, *parts = payload.lower().split("-")
    if "" in parts:
        return None  # "size-", "compare--h200": not written by this grammar
    if head == "size":
        return _size(parts)
    if head == "compare" and len(parts) == 2 and set(parts) <= _GPUS and parts[0] != parts[1]:  # noqa: PLR2004
        return Link(LinkKind.COMPARE, gpus=(GpuId(parts[0]), GpuId(parts[1])))
    if head == "price" and len(parts) <= 1 and set(parts) <= _GPUS:
        return Link(LinkKind.PRICE, gpus=tuple(GpuId(p) for p in parts))
    if head == "topic" and 0 < len(parts) <= _TOPIC_PARTS and parts[0] in _TOPICS:
        return _topic(parts)
    if head == "lang" and parts:
        return _language(payload.split("-")[1:])
    if head in {"sales", "help"} and not parts:
        return Link(LinkKind(head))
    return None


def model_slug(model_id: str) -> str:
    """Return the ``<model>`` part for a catalog id: its name, lower case, ``_`` for dots."""
    name = model_id.rsplit("/", 1)[-1].lower().replace(".", "_")
    return re.sub(r"[^a-z0-9_-]+", "-", name).strip("-")


def size_payload(
    model: str,
    *,
    precision: Precision | None = None,
    context_tokens: int | None = None,
    concurrency: int | None = None,
) -> str | None:
    """Encode a sizing link (``model``: a slug or a generic size such as ``70b``)."""
    parts = ["size", model]
    if precision is not None:
        parts.append(precision.value)
    if context_tokens is not None:
        parts.append(context_code(context_tokens))
    if concurrency is not None:
        parts.append(f"{concurrency}u")
    payload = "-".join(parts)
    return payload if _PAYLOAD_RE.fullmatch(payload) else None


def compare_payload(a: GpuId, b: GpuId) -> str:
    """Encode a comparison link."""
    return f"compare-{a.value}-{b.value}"


def topic_payload(topic: Topic, gpu: GpuId | None = None) -> str:
    """Encode a knowledge link."""
    return f"topic-{topic.value}" + (f"-{gpu.value}" if gpu else "")


def to_callback(payload: str | None) -> str | None:
    """Return the callback data of a button opening ``payload``; ``None`` if it cannot fit."""
    if payload is None:
        return None
    data = CALLBACK_PREFIX + payload
    return data if len(data.encode()) <= MAX_CALLBACK_BYTES else None


def from_callback(data: str | None) -> str | None:
    """Return the payload of a stateless button's callback data, or ``None``."""
    if not data or not data.startswith(CALLBACK_PREFIX):
        return None
    return data.removeprefix(CALLBACK_PREFIX)
