"""The Telegram handlers: read the update, load the chat, ask the pipeline, send, store.

Handlers stay thin. Words come from the pipeline (and gettext), not from here. Answers go out
through ``bot.telegram.sending.AnswerSender`` (once per update, in a safe form when Telegram refuses
the first); failures are sorted in ``on_error``: Telegram unreachable (the update is kept for
later), the chat closed to us (recorded, not retried), a bug (an apology, and the admins told once
per outage).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from types import TracebackType
from typing import Any

from telegram import (
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
    User,
)
from telegram.constants import (
    ChatAction,
    ChatType,
    InlineKeyboardButtonLimit,
    InlineQueryLimit,
    MessageLimit,
)
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ContextTypes

from bot.answers import Action, decode, from_callback, localizer
from bot.conversation import cannot_answer
from bot.delivery import CURRENT_FENCE, LeaseLostError, hold_lease
from bot.languages import DEFAULT_LANGUAGE, TABLE, answer_language
from bot.ops import (
    ANALYTICS,
    CURRENT_UPDATE,
    Analytics,
    OutageMonitor,
    Outcome,
    TurnFacts,
    claim_apology,
    mark_update_failed,
    noting_turn,
    off_loop,
    off_loop_first,
)
from bot.reply import ChatContext, ConversationPipeline, Reply, ReplyKind, Sender, Turn
from bot.settings import Settings
from bot.state import AggregateStore, ChatStore
from bot.telegram.api_json import call_json
from bot.telegram.downloads import download_small
from bot.telegram.errors import ResultMissingError, TelegramUnavailableError, TokenRejectedError
from bot.telegram.markup import inline_article, keyboard_json
from bot.telegram.own_commands import OwnCommand, OwnCommands
from bot.telegram.privacy import FEEDBACK_PREFIX, command_of, feedback_row
from bot.telegram.redirects import CheckoutRedirects
from bot.telegram.sales_chat import SalesThreads, hand_off, relay_to_sales
from bot.telegram.sending import AnswerSender

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
CommandMenu = Callable[[str], list[tuple[str, str]]]

TYPING_AFTER_S = 1.0  # "typing..." only for answers slower than this
INLINE_CACHE_S = 30  # answers change with prices and the user's language: cache briefly
# Buttons that bring something to keep beside the answer (details, ticket text) get a new
# message; the others (change GPU, precision, context) rework the answer in place.
NEW_MESSAGE_ACTIONS = frozenset({Action.DETAILS, Action.TICKET, Action.LAUNCH, Action.CHART})
# Replies that are not an answer (``bot.conversation.clarify``: a question back, an apology).
KEEP_ANSWER_KINDS = frozenset({ReplyKind.CLARIFY, ReplyKind.ERROR})
NOT_MODIFIED = "message is not modified"
QUERY_EXPIRED = "query is too old"
# Refusals meaning the chat cannot be written to any more: recorded, never retried.
CHAT_GONE = (
    "chat not found",
    "have no rights to send",
    "not enough rights",
    "chat_write_forbidden",
)
# Longest input worth reading: Telegram's own limits on what a user can send.
MAX_MESSAGE_CHARS = int(MessageLimit.MAX_TEXT_LENGTH)
MAX_CALLBACK_BYTES = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)
MAX_INLINE_QUERY_CHARS = int(InlineQueryLimit.MAX_QUERY_LENGTH)


def is_addressed(message: Message, bot_id: int, bot_username: str) -> bool:
    """Private chats: always. Groups: a command for us, an @mention of us, or a reply to us."""
    if message.chat.type == ChatType.PRIVATE:
        return True
    text = message.text or message.caption or ""
    if text.startswith("/"):
        _, _, target = text.split(maxsplit=1)[0].partition("@")
        return not target or target.lower() == bot_username.lower()
    kinds: list[str | None] = [MessageEntity.MENTION, MessageEntity.TEXT_MENTION]
    found = {**message.parse_entities(kinds), **message.parse_caption_entities(kinds)}
    for entity, value in found.items():
        if value.lower() == f"@{bot_username.lower()}":
            return True
        if entity.user is not None and entity.user.id == bot_id:
            return True
    replied = message.reply_to_message
    return replied is not None and replied.from_user is not None and replied.from_user.id == bot_id


class TelegramHandlers:
    """The handlers, holding the pipeline, the store, the answer sender and the outage monitor."""

    def __init__(
        self,
        settings: Settings,
        pipeline: ConversationPipeline,
        store: ChatStore,
        menu: CommandMenu,
        answers: AnswerSender,
        *,
        monitor: OutageMonitor | None = None,
        aggregates: AggregateStore | None = None,
        redirects: CheckoutRedirects | None = None,
        analytics: Analytics = ANALYTICS,
    ) -> None:
        self.settings = settings
        self.pipeline = pipeline
        self.store = store
        self.menu = menu
        self.answers = answers
        self.monitor = monitor
        # Sales replies to customers, through the sales chat (its sink is set by the runtime).
        self.threads = SalesThreads(pipeline, store, answers.send, settings.sales_chat_id)
        self.redirects = redirects
        self.analytics = analytics
        self.own = OwnCommands(settings, store, answers, analytics, aggregates)

    def _markup(self, reply: Reply) -> dict[str, Any] | None:
        """Build the keyboard as JSON: counting checkout links, 👍/👎 under answers."""
        wrap = self.redirects.wrap if self.redirects is not None else None
        return keyboard_json(reply, wrap=wrap, last_row=feedback_row(reply.kind))

    def _record(self, facts: TurnFacts, turn: Turn) -> None:
        self.analytics.turn(facts, language=turn.reply.language)

    async def _chat(
        self, chat_id: int, telegram_language: str | None, sender: Sender | None
    ) -> ChatContext:
        stored = await self.store.get(chat_id)
        return replace(stored, chat_id=chat_id, telegram_language=telegram_language, sender=sender)

    async def _deliver(
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot
        chat_id: int,
        turn: Turn,
        reply_to: ReplyParameters | None = None,
    ) -> ChatContext:
        """Send the reply (after a summary, before the thread's copy); return the chat."""

        async def to_sales(
            sales_chat_id: int, text: str, reply_to: ReplyParameters | None = None
        ) -> int | None:
            return await self.answers.send(bot, sales_chat_id, text, reply_to=reply_to)

        sales_chat_id = self.settings.sales_chat_id
        reply, chat = await hand_off(to_sales, sales_chat_id, turn)
        if turn.handoff is not None and sales_chat_id is not None:
            outcome = "sent" if reply is turn.reply else "failed"
            self.analytics.count("handoffs", outcome=outcome)
        markup = self._markup(reply)
        if reply.photo is not None:
            await self.answers.send_photo(bot, chat_id, reply.photo, reply.html, markup=markup)
            return chat
        await self.answers.send(bot, chat_id, reply.html, markup=markup, reply_to=reply_to)
        # The customer's answer first: a busy sales chat (20 messages a minute per group) must
        # not hold it.
        await relay_to_sales(to_sales, sales_chat_id, replace(turn, reply=reply, chat=chat))
        return chat

    async def on_message(self, update: Update, context: Context) -> None:
        """Answer a message in a private chat, or one addressed to the bot in a group."""
        message, bot = update.effective_message, context.bot
        if message is None or not is_addressed(message, bot.id, bot.username):
            return
        text = (message.text or message.caption or "")[:MAX_MESSAGE_CHARS]
        if not text.strip() and message.chat.type != ChatType.PRIVATE:
            return  # a sticker or photo replying to us in a group is chatter, not a question
        if await self.threads.from_sales_chat(bot, update.update_id, message):
            return  # a sales person's reply to a customer's thread
        user = message.from_user
        language = user.language_code if user else None
        reply_to = _quote(message)
        await self.answer_text(
            bot,
            message.chat.id,
            text,
            language,
            sender_of(user),
            reply_to,
            chat_type=message.chat.type,
        )

    async def answer_text(  # noqa: PLR0917 - the facts of one message
        self,
        bot: Any,  # noqa: ANN401 - PTB's ExtBot
        chat_id: int,
        text: str,
        telegram_language: str | None,
        sender: Sender | None,
        reply_to: ReplyParameters | None = None,
        *,
        chat_type: str = ChatType.PRIVATE,
    ) -> None:
        """Answer a message addressed to the bot (``on_message``, or ``bot.telegram.incoming``)."""
        text = text[:MAX_MESSAGE_CHARS]
        command = command_of(text, bot.username)
        if command is not None:
            own = OwnCommand(chat_id, chat_type, telegram_language, sender, reply_to)
            if await self.own.answer(bot, command, own):
                return
        async with typing_while_slow(bot, chat_id):
            chat = await self._chat(chat_id, telegram_language, sender)
            with noting_turn() as facts:
                # Models beyond the catalog are looked up first, off the loop and off the answer
                # thread, within a short time-out: a slow Hub never holds another chat's answer.
                # A message with nothing to look up (most) is answered in the same step.
                step = await off_loop(self._answer_unless_lookups, text, chat, bot.username)
                if isinstance(step, Turn):
                    turn = step
                else:
                    resolved = await self.pipeline.resolve_models(step)
                    turn = await off_loop_first(
                        self.pipeline.respond,
                        text,
                        chat,
                        bot_username=bot.username,
                        resolved=resolved,
                    )
            stored = await self._deliver(bot, chat_id, turn, reply_to)
        self._record(facts, turn)
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

    def _answer_unless_lookups(
        self, text: str, chat: ChatContext, bot_username: str | None
    ) -> Turn | tuple[Any, ...]:
        """On the answer thread: the Hub queries a message needs, or else its answer.

        One hand-off to the answer thread instead of two for every message that names no model
        beyond the catalog: each hand-off costs the loop a wake-up and a switch of threads.
        """
        queries = self.pipeline.hub_queries(text, chat, bot_username=bot_username)
        if queries:
            return queries
        return self.pipeline.respond(text, chat, bot_username=bot_username)

    async def on_document(self, update: Update, context: Context) -> None:
        """Size a config.json sent as a file (downloaded only when small enough)."""
        message, bot = update.effective_message, context.bot
        if message is None or message.document is None:
            return
        if not is_addressed(message, bot.id, bot.username):
            return
        document, chat_id = message.document, message.chat.id
        async with typing_while_slow(bot, chat_id):
            user = message.from_user
            language = user.language_code if user else None
            chat = await self._chat(chat_id, language, sender_of(user))
            content = await download_small(bot, document)
            with noting_turn() as facts:
                turn = await off_loop(
                    self.pipeline.respond_to_document,
                    document.file_name,
                    content,
                    chat,
                    caption=(message.caption or "")[:MAX_MESSAGE_CHARS],
                    size_bytes=document.file_size,
                )
            stored = await self._deliver(bot, chat_id, turn, _quote(message))
        self._record(facts, turn)
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

    async def on_callback(self, update: Update, context: Context) -> None:
        """Answer a button press: edit the message it sits on, or send anew when we cannot."""
        query = update.callback_query
        if query is None:
            return
        chat_id = query.message.chat.id if query.message else query.from_user.id
        user = query.from_user
        data = _clip_bytes(query.data or "", MAX_CALLBACK_BYTES)
        if data.startswith(FEEDBACK_PREFIX):
            await self.own.vote(update, data)
            return
        chat = await self._chat(chat_id, user.language_code, sender_of(user))
        with noting_turn() as facts:
            turn = await off_loop(self.pipeline.respond_to_callback, data, chat)
        try:
            await query.answer()  # stops the button's spinner; late answers are harmless
        except (BadRequest, ResultMissingError, TelegramUnavailableError) as error:
            log.info("answerCallbackQuery not taken: %s", error)
        pressed = decode(data)
        inline = query.inline_message_id is not None  # no chat to send to: always edit
        # A question or an apology (stale button, failure) must not overwrite the answer the
        # button sits under: it comes as a new message, and the answer stays.
        keep_answer = turn.reply.kind in KEEP_ANSWER_KINDS
        wants_new = pressed is not None and pressed.action in NEW_MESSAGE_ACTIONS
        # A stateless button (knowledge, compare, a person) opens a new answer below.
        stateless = pressed is None and from_callback(data) is not None
        stored = turn.chat
        if (wants_new or keep_answer or stateless or turn.handoff) and not inline:
            stored = await self._deliver(context.bot, chat_id, turn)
        else:
            await self._show(context, query.inline_message_id, query.message, chat_id, turn.reply)
        self._record(facts, turn)
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

    async def _show(
        self, context: Context, inline_id: str | None, message: object, chat_id: int, reply: Reply
    ) -> None:
        """Edit the answer in place; a refused edit becomes a new message."""
        bot = context.bot
        markup_json = self._markup(reply)
        markup = InlineKeyboardMarkup.de_json(markup_json, bot) if markup_json else None
        await hold_lease()  # a replica that lost the chat must not edit over the new owner's
        try:
            if inline_id is not None:
                await bot.edit_message_text(
                    reply.html, inline_message_id=inline_id, reply_markup=markup
                )
                return
            if isinstance(message, Message):
                await message.edit_text(reply.html, reply_markup=markup)
                return
        except ResultMissingError:
            return  # Telegram said ok: the edit is made
        except BadRequest as error:
            if NOT_MODIFIED in error.message.lower():  # PTB capitalises Telegram's description
                return  # the same answer again (or a retried edit that had gone through)
            if inline_id is not None:
                raise
            log.info("cannot edit (%s): sending a new message", error.message)
        await self.answers.send(bot, chat_id, reply.html, markup=markup_json)

    async def on_inline(self, update: Update, _context: Context) -> None:
        """Answer an inline query with ready-to-send articles."""
        query = update.inline_query
        if query is None:
            return
        text = query.query[:MAX_INLINE_QUERY_CHARS]
        replies = await off_loop(self.pipeline.inline_answers, text, query.from_user.language_code)
        results = [inline_article(i, r) for i, r in enumerate(replies[: InlineQueryLimit.RESULTS])]
        try:
            await query.answer(results, cache_time=INLINE_CACHE_S, is_personal=True)
        except ResultMissingError:
            return
        except BadRequest as error:
            if QUERY_EXPIRED not in error.message.lower():
                raise
            log.info("inline query expired before its answer (or answered already)")

    async def on_error(self, update: object, context: Context) -> None:
        """Sort the failure: retry later, record, or apologise and tell the admins once."""
        error = context.error
        where = _describe(update)
        scope = CURRENT_UPDATE.get()
        if isinstance(error, TokenRejectedError):
            if scope is not None:
                scope.outcome = Outcome.STOPPED  # kept for the next start, with a valid token
            return
        fence = CURRENT_FENCE.get()
        if isinstance(error, LeaseLostError) or (fence is not None and fence.lost):
            log.info("update left to the replica that holds its chat now (%s)", where)
            return
        if isinstance(error, TelegramUnavailableError):
            if scope is not None:
                scope.outcome = Outcome.RETRY_LATER
            log.warning("Telegram unreachable (%s): %s; kept for later", where, error)
            self._report("Telegram", type(error.__cause__ or error).__name__)
            return
        if _chat_is_gone(error):
            log.warning("answer not delivered (%s), not retried: %s", where, error)
            return
        mark_update_failed()
        log.error("update failed (%s): %r", where, error, exc_info=error)
        self._report(f"handler error {type(error).__name__}", where)
        await self._apologise(update, context)

    def _report(self, kind: str, detail: str) -> None:
        if self.monitor is not None:
            self.monitor.failed(kind, detail)

    async def _apologise(self, update: object, context: Context) -> None:
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        if not claim_apology():  # one apology per update, however many handlers fail
            return
        chat_id = update.effective_chat.id
        user = update.effective_user
        stored = await self.store.get(chat_id)
        client = user.language_code if user else None
        language = answer_language(replace(stored, telegram_language=client))
        text = cannot_answer(localizer(language)).html  # the pipeline's own apology
        await _quietly(self.answers.send(context.bot, chat_id, text))

    async def post_init(self, application: Any) -> None:  # noqa: ANN401 - PTB's Application
        """Publish the command menu per language; a failure here never stops start-up."""
        await _quietly(application.bot.set_my_commands(self.menu(DEFAULT_LANGUAGE)))
        for row in TABLE:  # English is the default menu; a language without a code has none
            if row.code == DEFAULT_LANGUAGE or row.menu_code is None:
                continue
            commands = self.menu(row.code)
            await _quietly(application.bot.set_my_commands(commands, language_code=row.menu_code))


def sender_of(user: User | None) -> Sender | None:
    """Who wrote the message, as the pipeline sees them (hand-offs name them)."""
    if user is None:
        return None
    return Sender(user.id, user.first_name or "", user.last_name, user.username)


def _quote(message: Message) -> ReplyParameters | None:
    """In groups, quote the message answered (show whom we answer); in private, nothing."""
    if message.chat.type == ChatType.PRIVATE:
        return None
    return ReplyParameters(message.message_id, allow_sending_without_reply=True)


def _chat_is_gone(error: object) -> bool:
    """Tell whether Telegram refused because the chat is closed to us (blocked, deleted...)."""
    if isinstance(error, Forbidden):
        return True
    return isinstance(error, BadRequest) and any(
        reason in error.message.lower() for reason in CHAT_GONE
    )


def _clip_bytes(text: str, limit: int) -> str:
    """Cut ``text`` to at most ``limit`` UTF-8 bytes, at a character boundary."""
    return text.encode()[:limit].decode(errors="ignore")


class typing_while_slow:  # noqa: N801 - an async context manager named as the function it was
    """Show "typing..." only if the answer is not sent within ``TYPING_AFTER_S``.

    Most answers leave in milliseconds, before a typing indicator could even be drawn; sending
    one up front cost a Bot API call per message (11% of the CPU under load). It still shows
    when the answer waits (a slow store, a 429, Telegram retried). Until then it is a timer,
    not a task: most answers only set it and cancel it. (A class rather than a generator: it
    is entered and left once per message, on the event loop.)
    """

    __slots__ = ("_bot", "_chat_id", "_timer", "_typing")

    def __init__(self, bot: Any, chat_id: int) -> None:  # noqa: ANN401 - PTB's ExtBot is generic
        self._bot, self._chat_id = bot, chat_id
        self._typing: list[asyncio.Task[None]] = []

    async def __aenter__(self) -> None:
        """Set the timer."""
        self._timer = asyncio.get_running_loop().call_later(TYPING_AFTER_S, self._start_typing)

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Cancel the timer, and the typing it started if it fired."""
        self._timer.cancel()
        for task in self._typing:
            task.cancel()

    def _start_typing(self) -> None:
        self._typing.append(asyncio.ensure_future(_typing_quietly(self._bot, self._chat_id)))


async def send_typing(bot: Any, chat_id: int) -> None:  # noqa: ANN401 - PTB's ExtBot is generic
    """Send "typing..." (it lasts up to 5 s, Bot API sendChatAction) as the Bot API's JSON."""
    await call_json(bot, "sendChatAction", {"chat_id": chat_id, "action": str(ChatAction.TYPING)})


async def _typing_quietly(bot: Any, chat_id: int) -> None:  # noqa: ANN401 - PTB's ExtBot is generic
    """Send "typing...", quietly; the call is made only once the task runs.

    Made inside the task, not as its argument: a task cancelled before its first step (the
    answer left just after the timer fired) leaves no call behind that was never awaited.
    """
    await _quietly(send_typing(bot, chat_id))


async def _quietly(call: Coroutine[Any, Any, object]) -> None:
    """Await a non-essential Telegram call; log and swallow its failure."""
    try:
        await call
    except TelegramError as error:
        log.warning("non-essential Telegram call failed: %s", error.message)


def _describe(update: object) -> str:
    if not isinstance(update, Update):
        return "no update"
    chat = update.effective_chat
    return f"update {update.update_id}, chat {chat.id if chat else '-'}"
