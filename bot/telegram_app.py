"""The python-telegram-bot Application, composed in one place: handlers, menus, errors.

Handlers stay thin: read the update, load the chat from the store, ask the pipeline, send,
store the chat the pipeline returned. Words come from the pipeline (and gettext), not from here.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import timedelta
from typing import Any, Protocol

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    LinkPreviewOptions,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
)
from telegram.constants import (
    ChatAction,
    ChatType,
    InlineQueryLimit,
    InlineQueryResultLimit,
    ParseMode,
)
from telegram.error import BadRequest, RetryAfter, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    ApplicationHandlerStop,
    BaseRateLimiter,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ContextTypes,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.warnings import PTBDeprecationWarning

from bot.callbacks import Action, decode
from bot.cpu_turns import in_turn
from bot.deeplink import from_callback
from bot.i18n import N_, localizer, resolve_language
from bot.observability import claim_apology, mark_update_failed, record_retry_after, update_scope
from bot.reply import ChatContext, Reply, Sender, Turn
from bot.request import LANGUAGES
from bot.settings import BotMode, Settings
from bot.state import ChatStore
from bot.telegram_extras import download_small, hand_off
from bot.transport import AiohttpRequest

log = logging.getLogger(__name__)

BotApp = Application[Any, Any, Any, Any, Any, Any]
Context = ContextTypes.DEFAULT_TYPE
CommandMenu = Callable[[str], list[tuple[str, str]]]

MAX_RETRIES_AFTER_429 = 3
MAX_RETRY_WAIT_S = 60.0  # a longer flood wait is not worth holding a reply for
TYPING_AFTER_S = 1.0
CONCURRENT_UPDATES = 32  # updates handled at once; each waits mostly on the network
INLINE_CACHE_S = 30  # answers change with prices and the user's language: cache briefly
INLINE_TITLE_CHARS = 64
INLINE_DESCRIPTION_CHARS = 120
# setMyCommands takes "a two-letter ISO 639-1 language code" (Bot API), so the two Chinese
# scripts share "zh": Simplified, the larger audience, gets it.
MENU_LANGUAGE_CODES: dict[str, str] = {"zh-Hans": "zh", "pt-BR": "pt"}
MENU_SKIPPED = frozenset({"zh-Hant"})
# Buttons that bring something to keep beside the answer (details, ticket text) get a new
# message; the others (change GPU, precision, context) rework the answer in place.
NEW_MESSAGE_ACTIONS = frozenset({Action.DETAILS, Action.TICKET, Action.LAUNCH})
# Replies that are not an answer (``bot.clarify``: a question back, an apology).
KEEP_ANSWER_KINDS = frozenset({"clarify", "error"})
NOT_MODIFIED = "message is not modified"
SORRY = N_("Sorry, something went wrong on our side. Please try again in a minute.")


class ConversationPipeline(Protocol):
    """What the Telegram layer needs from ``bot.pipeline.Pipeline``."""

    def respond(self, text: str, chat: ChatContext, *, bot_username: str | None = None) -> Turn:
        """Answer one message."""
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


def retry_after_seconds(error: RetryAfter) -> float:
    """Seconds Telegram asked us to wait, whichever type this PTB version reports."""
    with warnings.catch_warnings():  # PTB 22 warns that the int form will become a timedelta
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class RetryAfterLimiter(BaseRateLimiter[None]):
    """Wait out 429 "retry after N" and send again, a few times; never throttle up front."""

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    async def process_request(  # noqa: PLR0917 - PTB's signature
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,  # noqa: ANN401 - PTB's signature
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],  # noqa: ARG002 - PTB's signature
        rate_limit_args: None,  # noqa: ARG002 - PTB's signature
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Call Telegram; on 429 sleep the asked time (capped) and try again."""
        for attempt in range(MAX_RETRIES_AFTER_429):
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                wait_s = min(retry_after_seconds(error), MAX_RETRY_WAIT_S)
                record_retry_after(wait_s)
                log.warning("429 on %s, retry %d in %.1f s", endpoint, attempt + 1, wait_s)
                await asyncio.sleep(wait_s)
        return await callback(*args, **kwargs)


class PerChatOrderProcessor(BaseUpdateProcessor):
    """Many chats at once, but one update at a time per chat, in arrival order.

    Two quick messages from one user must be answered in the order sent, and the second may
    be a follow-up that needs the chat state the first one stores.
    """

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    async def do_process_update(
        self,
        update: object,
        coroutine: Awaitable[Any],
    ) -> None:
        """Run ``coroutine`` under its chat's lock (FIFO), then forget idle locks."""
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            with update_scope(update):
                await coroutine
            return
        lock, users = self._locks.get(chat.id, (asyncio.Lock(), 0))
        self._locks[chat.id] = (lock, users + 1)
        try:
            async with lock:
                with update_scope(update):
                    await coroutine
        finally:
            lock, users = self._locks[chat.id]
            if users == 1:
                del self._locks[chat.id]
            else:
                self._locks[chat.id] = (lock, users - 1)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """Build the reply's inline keyboard (``None`` when it has no buttons)."""
    rows = [
        [InlineKeyboardButton(b.text, url=b.url, callback_data=b.callback_data) for b in row]
        for row in reply.buttons
        if row
    ]
    return InlineKeyboardMarkup(rows) if rows else None


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


def inline_article(index: int, reply: Reply) -> InlineQueryResultArticle:
    """One ready-to-send inline result: the HTML answer with its buttons."""
    lines = [line.strip() for line in reply.text.splitlines() if line.strip()] or [reply.kind]
    return InlineQueryResultArticle(
        id=f"{index}-{reply.kind}"[: InlineQueryResultLimit.MAX_ID_LENGTH],
        title=lines[0][:INLINE_TITLE_CHARS],
        description=" ".join(lines[1:])[:INLINE_DESCRIPTION_CHARS] or None,
        input_message_content=InputTextMessageContent(reply.html, parse_mode=ParseMode.HTML),
        reply_markup=keyboard(reply),
    )


class TelegramHandlers:
    """The handlers, holding the pipeline and the store they share."""

    def __init__(
        self,
        settings: Settings,
        pipeline: ConversationPipeline,
        store: ChatStore,
        menu: CommandMenu,
    ) -> None:
        self.settings = settings
        self.pipeline = pipeline
        self.store = store
        self.menu = menu

    async def drop_duplicates(self, update: Update, _context: Context) -> None:
        """Stop a redelivered update before any handler sees it."""
        if await self.store.seen_update(update.update_id):
            log.info("update %d already handled: dropped", update.update_id)
            raise ApplicationHandlerStop

    async def _chat(
        self,
        chat_id: int,
        telegram_language: str | None,
        user: Any = None,  # noqa: ANN401 - PTB's User
    ) -> ChatContext:
        stored = await self.store.get(chat_id)
        sender = None
        if user is not None:
            sender = Sender(user.id, user.first_name or "", user.last_name, user.username)
        return replace(stored, chat_id=chat_id, telegram_language=telegram_language, sender=sender)

    async def _deliver(self, bot: Any, chat_id: int, turn: Turn, **send: Any) -> ChatContext:  # noqa: ANN401 - PTB's ExtBot
        """Send the reply (a hand-off to the sales chat first); return the chat to store."""
        reply, chat = await hand_off(bot, self.settings.sales_chat_id, turn)
        await bot.send_message(chat_id, reply.html, reply_markup=keyboard(reply), **send)
        return chat

    async def on_message(self, update: Update, context: Context) -> None:
        """Answer a message in a private chat, or one addressed to the bot in a group."""
        message, bot = update.effective_message, context.bot
        if message is None or not is_addressed(message, bot.id, bot.username):
            return
        text = message.text or message.caption or ""
        if not text.strip() and message.chat.type != ChatType.PRIVATE:
            return  # a sticker or photo replying to us in a group is chatter, not a question
        chat_id = message.chat.id
        async with typing_while_slow(bot, chat_id):
            user = message.from_user
            chat = await self._chat(chat_id, user.language_code if user else None, user)
            turn = await in_turn(self.pipeline.respond, text, chat, bot_username=bot.username)
            stored = await self._deliver(bot, chat_id, turn, reply_parameters=_quote(message))
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

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
            chat = await self._chat(chat_id, user.language_code if user else None, user)
            content = await download_small(bot, document)
            turn = await in_turn(
                self.pipeline.respond_to_document,
                document.file_name,
                content,
                chat,
                caption=message.caption,
                size_bytes=document.file_size,
            )
            stored = await self._deliver(bot, chat_id, turn, reply_parameters=_quote(message))
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

    async def on_callback(self, update: Update, context: Context) -> None:
        """Answer a button press: edit the message it sits on, or send anew when we cannot."""
        query = update.callback_query
        if query is None:
            return
        chat_id = query.message.chat.id if query.message else query.from_user.id
        chat = await self._chat(chat_id, query.from_user.language_code, query.from_user)
        turn = await in_turn(self.pipeline.respond_to_callback, query.data or "", chat)
        try:
            await query.answer()  # stops the button's spinner; late answers are harmless
        except BadRequest as error:
            log.info("answerCallbackQuery refused: %s", error.message)
        pressed = decode(query.data)
        inline = query.inline_message_id is not None  # no chat to send to: always edit
        # A question or an apology (stale button, failure) must not overwrite the answer the
        # button sits under: it comes as a new message, and the answer stays.
        keep_answer = turn.reply.kind in KEEP_ANSWER_KINDS
        wants_new = pressed is not None and pressed.action in NEW_MESSAGE_ACTIONS
        # A stateless button (knowledge, compare, a person) opens a new answer below.
        stateless = pressed is None and from_callback(query.data) is not None
        stored = turn.chat
        if (wants_new or keep_answer or stateless or turn.handoff) and not inline:
            stored = await self._deliver(context.bot, chat_id, turn)
        else:
            await _show(context, query.inline_message_id, query.message, chat_id, turn.reply)
        await self.store.put(replace(stored, chat_id=chat_id, sender=None))

    async def on_inline(self, update: Update, _context: Context) -> None:
        """Answer an inline query with ready-to-send articles."""
        query = update.inline_query
        if query is None:
            return
        replies = await in_turn(
            self.pipeline.inline_answers, query.query, query.from_user.language_code
        )
        results = [inline_article(i, r) for i, r in enumerate(replies[: InlineQueryLimit.RESULTS])]
        await query.answer(results, cache_time=INLINE_CACHE_S, is_personal=True)

    async def on_error(self, update: object, context: Context) -> None:
        """Log with context; tell the user politely, in their language; notify admins."""
        error = context.error
        mark_update_failed()
        where = _describe(update)
        log.error("update failed (%s): %r", where, error, exc_info=error)
        if isinstance(update, Update) and update.effective_chat is not None and claim_apology():
            chat_id = update.effective_chat.id
            user = update.effective_user
            language = await self._stored_language(chat_id) or resolve_language(
                user.language_code if user else None
            )
            text = html.escape(localizer(language).gettext(SORRY))
            await _quietly(context.bot.send_message(chat_id, text))
        for admin_id in self.settings.admin_chat_ids:
            note = f"error ({where}): {type(error).__name__}"
            await _quietly(context.bot.send_message(admin_id, html.escape(note)))

    async def _stored_language(self, chat_id: int) -> str | None:
        # The failure being reported may be the store's own (Redis gone): apologise anyway.
        try:
            return (await self.store.get(chat_id)).language
        except Exception:  # any store failure; the error being reported is logged already
            log.warning("chat state unavailable while reporting an error", exc_info=True)
            return None

    async def post_init(self, application: BotApp) -> None:
        """Publish the command menu per language; a failure here never stops start-up."""
        await _quietly(application.bot.set_my_commands(self.menu("en")))
        for language in LANGUAGES:
            if language == "en" or language in MENU_SKIPPED:
                continue
            code = MENU_LANGUAGE_CODES.get(language, language)
            commands = self.menu(language)
            await _quietly(application.bot.set_my_commands(commands, language_code=code))


def _quote(message: Message) -> ReplyParameters | None:
    """In groups, quote the message answered (show whom we answer); in private, nothing."""
    if message.chat.type == ChatType.PRIVATE:
        return None
    return ReplyParameters(message.message_id, allow_sending_without_reply=True)


@asynccontextmanager
async def typing_while_slow(bot: Any, chat_id: int) -> AsyncIterator[None]:  # noqa: ANN401 - PTB's ExtBot is generic
    """Show "typing..." only if the answer is not sent within ``TYPING_AFTER_S``.

    Most answers leave in milliseconds, before a typing indicator could even be drawn; sending
    one up front cost a Bot API call per message (11% of the CPU under load). It still shows
    when the answer waits (a slow store, a 429).
    """

    async def type_later() -> None:
        await asyncio.sleep(TYPING_AFTER_S)
        # "typing..." lasts up to 5 s (Bot API sendChatAction); a failure is not worth a reply.
        await _quietly(bot.send_chat_action(chat_id, ChatAction.TYPING))

    task = asyncio.create_task(type_later())
    try:
        yield
    finally:
        task.cancel()


async def _quietly(call: Coroutine[Any, Any, object]) -> None:
    """Await a non-essential Telegram call; log and swallow its failure."""
    try:
        await call
    except TelegramError as error:
        log.warning("non-essential Telegram call failed: %s", error.message)


async def _show(
    context: Context, inline_id: str | None, message: object, chat_id: int, reply: Reply
) -> None:
    bot, markup = context.bot, keyboard(reply)
    try:
        if inline_id is not None:
            await bot.edit_message_text(
                reply.html, inline_message_id=inline_id, reply_markup=markup
            )
            return
        if isinstance(message, Message):
            await message.edit_text(reply.html, reply_markup=markup)
            return
    except BadRequest as error:
        if NOT_MODIFIED in error.message.lower():  # PTB capitalises Telegram's description
            return  # the same answer again: nothing to change
        log.info("cannot edit (%s): sending a new message", error.message)
    await bot.send_message(chat_id, reply.html, reply_markup=markup)


def _describe(update: object) -> str:
    if not isinstance(update, Update):
        return "no update"
    chat = update.effective_chat
    return f"update {update.update_id}, chat {chat.id if chat else '-'}"


def _default_menu(language: str) -> list[tuple[str, str]]:
    from bot.pipeline import command_menu  # noqa: PLC0415 - the real menu, imported when used

    return command_menu(language)


def build_application(
    settings: Settings,
    pipeline: ConversationPipeline,
    store: ChatStore,
    *,
    menu: CommandMenu | None = None,
) -> BotApp:
    """Compose the Application: bot, rate limiter, handlers, menus, error handler."""
    if settings.telegram_bot_token is None:
        raise ValueError("TELEGRAM_BOT_TOKEN is needed to build the Telegram application")
    # Opt in to PTB's coming timedelta durations: otherwise PTB 22 warns each time it builds
    # a RetryAfter (a 429), and our own limiter reads either form.
    os.environ.setdefault("PTB_TIMEDELTA", "true")
    handlers = TelegramHandlers(settings, pipeline, store, menu or _default_menu)
    builder = (
        ApplicationBuilder()
        .token(settings.telegram_bot_token.get_secret_value())
        .base_url(settings.api_base_url)
        .base_file_url(settings.api_base_file_url)
        .defaults(
            Defaults(
                parse_mode=ParseMode.HTML,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
            )
        )
        .request(AiohttpRequest())
        .get_updates_request(AiohttpRequest(connections=1))
        .rate_limiter(RetryAfterLimiter())
        .concurrent_updates(PerChatOrderProcessor(CONCURRENT_UPDATES))
        .job_queue(None)
        .post_init(handlers.post_init)
    )
    if settings.bot_mode is BotMode.WEBHOOK:
        builder = builder.updater(None)  # our aiohttp server feeds the update queue
    application: BotApp = builder.build()
    application.add_handler(TypeHandler(Update, handlers.drop_duplicates), group=-1)
    # A document is a config.json to size; every other message goes to on_message.
    application.add_handler(MessageHandler(filters.Document.ALL, handlers.on_document))
    application.add_handler(MessageHandler(filters.UpdateType.MESSAGE, handlers.on_message))
    application.add_handler(CallbackQueryHandler(handlers.on_callback))
    application.add_handler(InlineQueryHandler(handlers.on_inline))
    application.add_error_handler(handlers.on_error)
    return application


@asynccontextmanager
async def running(application: BotApp) -> AsyncIterator[BotApp]:
    """Initialise (getMe), publish menus, start handling updates; undo it all on exit.

    ``run_polling``/``run_webhook`` would own the event loop; this lets polling, our aiohttp
    webhook server and the tests share one.
    """
    await application.initialize()
    try:
        if application.post_init is not None:
            await application.post_init(application)
        await application.start()
        try:
            yield application
        finally:
            await application.stop()
    finally:
        await application.shutdown()
