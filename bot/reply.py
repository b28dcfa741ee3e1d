"""What the conversation layer hands to a transport (Telegram, console, HTTP, ticket tool)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from bot.request import RequestFacts, facts_from_json, facts_to_json


class ReplyKind(StrEnum):
    """What a reply is; each kind has its template pair ``templates/<kind>.html.j2`` / ``.txt.j2``.

    ``handoff`` is the customer's confirmation of a hand-off (worded in code, no template).
    """

    SIZE = "size"
    TRAIN = "train"  # a training or fine-tuning job
    SHARED = "shared"  # several models on one deployment
    PRICE = "price"
    COMPARE = "compare"
    HELP = "help"
    KNOWLEDGE = "knowledge"
    OFFER = "offer"  # a proposal for a use, hardware we do not rent, a model we do not size
    CLARIFY = "clarify"  # a question back: which model, which of these, what to change
    ERROR = "error"  # an apology or a refusal
    HANDOFF = "handoff"
    HANDOFF_SUMMARY = "handoff_summary"  # what the sales chat receives


@dataclass(frozen=True, slots=True)
class Button:
    """An inline keyboard button: exactly one of ``url`` or ``callback_data`` is set."""

    text: str
    url: str | None = None
    callback_data: str | None = None


_DEFERRABLE = frozenset({"text", "detail_html", "launch_html", "data"})


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer, ready to send, in one language.

    ``Reply.deferred`` builds one whose ``text``, ``detail_html`` and ``data`` are made on
    first access: a Telegram message needs only ``html``, and the ticket text and the details
    are two more template renders (about 40% of a sizing answer's time) that most answers
    never show. Read, they are plain attributes like any other.
    """

    kind: ReplyKind
    language: str
    html: str  # Telegram HTML: one message, within Telegram's limits
    text: str  # plain text for tickets and the console
    buttons: tuple[tuple[Button, ...], ...] = ()
    detail_html: str | None = None  # the longer answer behind the "details" button
    launch_html: str | None = None  # the launch command(s), behind the "launch command" button
    data: dict[str, Any] | None = None  # the JSON form (``bot ask --format json``)
    # A picture sent with ``html`` as its caption (the "📊 Chart" button): PNG bytes.
    photo: bytes | None = None
    _later: dict[str, Callable[[], Any]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def deferred(
        cls,
        *,
        kind: ReplyKind,
        language: str,
        html: str,
        text: Callable[[], str],
        buttons: tuple[tuple[Button, ...], ...] = (),
        detail_html: Callable[[], str | None] | None = None,
        launch_html: Callable[[], str | None] | None = None,
        data: Callable[[], dict[str, Any] | None] | None = None,
    ) -> Reply:
        """Build a reply whose text, details, launch commands and data are made when first read.

        Fields not named here take their defaults, so a field added later needs no change here.
        """
        given: dict[str, Any] = {"kind": kind, "language": language, "html": html}
        given["buttons"] = buttons
        makers: dict[str, Callable[[], Any] | None] = {"text": text, "data": data}
        makers |= {"detail_html": detail_html, "launch_html": launch_html}
        later = {name: make for name, make in makers.items() if make is not None}
        reply = object.__new__(cls)
        for spec in fields(cls):
            if spec.name in later or spec.name == "_later":
                continue
            if spec.name in given:
                value = given[spec.name]
            elif spec.default is not MISSING:
                value = spec.default
            elif spec.default_factory is not MISSING:
                value = spec.default_factory()
            else:
                raise TypeError(f"Reply.deferred needs a value for {spec.name}")
            object.__setattr__(reply, spec.name, value)
        object.__setattr__(reply, "_later", later)
        return reply

    if not TYPE_CHECKING:  # to the type checker the deferred fields are plain fields

        def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the deferred field's type
            """Make a deferred field on first read (its slot is unset until then)."""
            later = object.__getattribute__(self, "_later")
            if name not in _DEFERRABLE or not later or name not in later:
                raise AttributeError(name)
            value = later[name]()
            object.__setattr__(self, name, value)
            return value


@dataclass(frozen=True, slots=True)
class Sender:
    """Who wrote the message being answered (from the update; never stored)."""

    user_id: int
    first_name: str = ""
    last_name: str | None = None
    username: str | None = None  # without the "@"


@dataclass(frozen=True, slots=True)
class Discussed:
    """A plan this chat was shown, for the hand-off summary: the recommendation or an alternative.

    ``role`` is ``recommended`` for the answer to the customer's own request, else what brought
    the plan up (a lever: ``cheaper``, ``why_not``, ``servers``, ``months``, ``change``).
    """

    role: str
    model: str  # the model's display name
    plan: str
    units: int
    monthly_usd: str | None  # a decimal, as text (None: price on request)
    precision: str | None = None
    context_tokens: int | None = None
    concurrency: int | None = None
    months: int | None = None
    training: bool = False


_DISCUSSED_NAMES = tuple(spec.name for spec in fields(Discussed))
RECOMMENDED = "recommended"
MAX_DISCUSSED = 8  # plans a chat keeps for the summary: the recommendation and the latest others


@dataclass(frozen=True, slots=True)
class ChatContext:
    """What one chat remembers between messages; stored by ``bot.state.chats``."""

    chat_id: int | None = None
    language: str | None = None  # chosen with /lang; wins over detection from then on
    telegram_language: str | None = None  # the user's client language code, if known
    last_request: RequestFacts | None = None  # the last request sized, for follow-ups
    last_language: str | None = None  # the language it was answered in, for button presses
    last_handoff_at: float | None = None  # Unix time of the last hand-off to a person
    sender: Sender | None = None  # who wrote this update (set by the transport, not stored)
    # The plans this chat was shown since its last new request (``bot.conversation.levers``).
    discussed: tuple[Discussed, ...] = ()
    # A conversation with a person through the sales chat (``bot.conversation.relay``): the
    # time of its last message (None: none open), and the sales chat's message the customer's
    # next message answers there.
    thread_at: float | None = None
    thread_reply_to: int | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """The reply to one message and the chat context to store after it."""

    reply: Reply
    chat: ChatContext
    handoff: Reply | None = None  # the summary for the sales chat, when the customer asked
    relay: Reply | None = None  # for the sales thread: the customer's message, or its end


@dataclass(frozen=True, slots=True)
class SalesMessage:
    """A sales person's reply in the sales chat, as the bot read it for one customer."""

    customer_chat_id: int
    text: str
    message_id: int  # in the sales chat: the customer's next message answers it there
    sender: Sender | None = None
    done: bool = False


@dataclass(frozen=True, slots=True)
class SalesDelivery:
    """What a sales reply turns into: a message for the customer, a note for the sales chat."""

    to_customer: Reply | None
    to_sales: Reply | None
    chat: ChatContext


class ConversationPipeline(Protocol):
    """What a front end (Telegram, the console) needs from the conversation's ``Pipeline``."""

    def respond(
        self,
        text: str,
        chat: ChatContext,
        *,
        bot_username: str | None = None,
        resolved: Mapping[Any, Any] | None = None,
    ) -> Turn:
        """Answer one message (``resolved``: the Hub lookups ``resolve_models`` made)."""
        ...

    def hub_queries(
        self, text: str, chat: ChatContext, *, bot_username: str | None = None
    ) -> tuple[Any, ...]:
        """Return what a message asks to look up on the Hub (none: nothing to resolve)."""
        ...

    async def resolve_models(self, queries: tuple[Any, ...]) -> Mapping[Any, Any] | None:
        """Look the queries up, off the event loop, within a short time-out."""
        ...

    def share_lookups(self, cache: Any) -> None:  # noqa: ANN401 - a SharedCache
        """Share Hub lookups through ``cache`` (the replicas' Redis)."""
        ...

    def respond_to_callback(self, data: str, chat: ChatContext) -> Turn:
        """Answer one button press."""
        ...

    def respond_to_document(
        self,
        file_name: str | None,
        content: bytes | None,
        chat: ChatContext,
        *,
        caption: str | None = None,
        size_bytes: int | None = None,
    ) -> Turn:
        """Answer an uploaded file (a model's config.json)."""
        ...

    def inline_answers(self, query: str, telegram_language: str | None) -> list[Reply]:
        """Answer one inline query with ready-to-send replies."""
        ...

    def respond_to_sales(self, message: SalesMessage, chat: ChatContext) -> SalesDelivery:
        """Turn a sales person's reply into the customer's message (``chat`` is the customer's)."""
        ...


def reply_json(reply: Reply) -> dict[str, Any]:
    """Return the JSON form of one answer (``bot ask --format json``, ``/v1/ask``).

    Its kind, language, data, both rendered forms, and the link buttons.
    """
    buttons = [
        [{k: v for k, v in {"text": b.text, "url": b.url}.items() if v} for b in row if b.url]
        for row in reply.buttons
    ]
    return {
        "kind": reply.kind,
        "language": reply.language,
        "data": reply.data,
        "text": reply.text,
        "html": reply.html,
        "links": [b for row in buttons for b in row],
    }


# The stored request's key for the language it was answered in (beside the facts' own keys).
LANGUAGE_KEY = "language"


def last_request_json(chat: ChatContext) -> dict[str, Any] | None:
    """Return the chat's last request as it is stored: its facts, and the answer's language."""
    if chat.last_request is None:
        return None
    stored = facts_to_json(chat.last_request)
    if chat.last_language is not None:
        stored[LANGUAGE_KEY] = chat.last_language
    return stored


def last_request_from_json(data: object) -> tuple[RequestFacts | None, str | None]:
    """Read a stored last request back: its facts and language (None for what does not read)."""
    if not isinstance(data, dict):
        return None, None
    language = data.get(LANGUAGE_KEY)
    facts = facts_from_json(data)
    if not facts.stated():  # nothing of it reads: no request to follow up on
        return None, None
    return facts, language if isinstance(language, str) else None


def discussed_json(chat: ChatContext) -> list[dict[str, Any]]:
    """Return the plans a chat was shown, as they are stored (their fields are plain values)."""
    return [
        {name: value for name in _DISCUSSED_NAMES if (value := getattr(item, name)) is not None}
        for item in chat.discussed
    ]


def discussed_from_json(data: object) -> tuple[Discussed, ...]:
    """Read stored plans back; an entry that does not read is left out."""
    if not isinstance(data, list):
        return ()
    known = {spec.name for spec in fields(Discussed)}
    found: list[Discussed] = []
    for item in data[-MAX_DISCUSSED:]:
        if not isinstance(item, dict) or not set(item) <= known:
            continue
        try:
            entry = Discussed(**item)
        except TypeError:
            continue
        if isinstance(entry.plan, str) and isinstance(entry.units, int) and entry.units > 0:
            found.append(entry)
    return tuple(found)
