"""The python-telegram-bot Application, composed in one place: requests, delivery, handlers.

The handlers live in ``bot.telegram.handlers``; how the bot reaches Telegram (retries, pacing, the
delivery journal, the 401 alarm) in ``bot.telegram.retries``. Updates are not fetched by the
Application: ``bot.delivery.dispatch`` hands them to ``process_update`` from the intake, in both
modes.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from telegram import LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.delivery import DeliveryJournal, MemoryJournal
from bot.ops import OutageMonitor
from bot.reply import ConversationPipeline
from bot.settings import Settings
from bot.state import AggregateStore, ChatStore
from bot.telegram.handlers import CommandMenu, TelegramHandlers, is_addressed
from bot.telegram.markup import inline_article, keyboard
from bot.telegram.pacing import LocalPacer, Pacer
from bot.telegram.redirects import CheckoutRedirects
from bot.telegram.retries import DeliveryHooks, DeliveryLimiter, DeliveryPolicy, NoHooks
from bot.telegram.sending import AnswerSender
from bot.telegram.transport import CONNECTIONS, BotApiRequest

__all__ = [
    "BotApp",
    "CommandMenu",
    "ConversationPipeline",
    "DeliveryKit",
    "TelegramHandlers",
    "build_application",
    "compose",
    "inline_article",
    "is_addressed",
    "keyboard",
    "running",
]

BotApp = Application[Any, Any, Any, Any, Any, Any]


@dataclass(frozen=True)
class DeliveryKit:
    """How the bot reaches Telegram: policy, journal, pacing, metrics hooks, 401 alarm."""

    policy: DeliveryPolicy = field(default_factory=DeliveryPolicy)
    journal: DeliveryJournal = field(default_factory=MemoryJournal)
    pacer: Pacer = field(default_factory=LocalPacer)
    hooks: DeliveryHooks = field(default_factory=NoHooks)
    on_unauthorized: Callable[[], None] = lambda: None


def _default_menu(language: str) -> list[tuple[str, str]]:
    from bot.conversation import command_menu  # noqa: PLC0415 - the real menu, imported when used

    return command_menu(language)


def _request(kit: DeliveryKit, *, connections: int = CONNECTIONS) -> BotApiRequest:
    return BotApiRequest(
        policy=kit.policy,
        journal=kit.journal,
        on_unauthorized=kit.on_unauthorized,
        connections=connections,
    )


def build_application(
    settings: Settings,
    pipeline: ConversationPipeline,
    store: ChatStore,
    *,
    menu: CommandMenu | None = None,
    delivery: DeliveryKit | None = None,
    monitor: OutageMonitor | None = None,
) -> BotApp:
    """Compose the Application: requests, delivery limiter, handlers, menus, error handler."""
    application, _ = compose(
        settings, pipeline, store, menu=menu, delivery=delivery, monitor=monitor
    )
    return application


def compose(
    settings: Settings,
    pipeline: ConversationPipeline,
    store: ChatStore,
    *,
    menu: CommandMenu | None = None,
    delivery: DeliveryKit | None = None,
    monitor: OutageMonitor | None = None,
    aggregates: AggregateStore | None = None,
    redirects: CheckoutRedirects | None = None,
) -> tuple[BotApp, TelegramHandlers]:
    """``build_application``, also returning its handlers (``incoming`` calls them too)."""
    if settings.telegram_bot_token is None:
        raise ValueError("TELEGRAM_BOT_TOKEN is needed to build the Telegram application")
    # Opt in to PTB's coming timedelta durations: otherwise PTB 22 warns each time it builds
    # a RetryAfter (a 429), and the limiter reads either form.
    os.environ.setdefault("PTB_TIMEDELTA", "true")
    kit = delivery or DeliveryKit()
    answers = AnswerSender(kit.journal)
    handlers = TelegramHandlers(
        settings,
        pipeline,
        store,
        menu or _default_menu,
        answers,
        monitor=monitor,
        aggregates=aggregates,
        redirects=redirects,
    )
    application: BotApp = (
        ApplicationBuilder()
        .token(settings.telegram_bot_token.get_secret_value())
        .base_url(settings.api_base_url)
        .base_file_url(settings.api_base_file_url)
        .request(_request(kit))
        .get_updates_request(_request(kit, connections=1))
        .defaults(
            Defaults(
                parse_mode=ParseMode.HTML,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
            )
        )
        .rate_limiter(DeliveryLimiter(kit.policy, kit.pacer, kit.journal, kit.hooks))
        .updater(None)
        .job_queue(None)
        .post_init(handlers.post_init)
        .build()
    )
    # A document is a config.json to size; every other message goes to on_message.
    application.add_handler(MessageHandler(filters.Document.ALL, handlers.on_document))
    application.add_handler(MessageHandler(filters.UpdateType.MESSAGE, handlers.on_message))
    application.add_handler(CallbackQueryHandler(handlers.on_callback))
    application.add_handler(InlineQueryHandler(handlers.on_inline))
    application.add_error_handler(handlers.on_error)
    return application, handlers


@asynccontextmanager
async def running(application: BotApp) -> AsyncIterator[BotApp]:
    """Initialise (getMe, retried while Telegram is unreachable), publish menus, start.

    ``run_polling``/``run_webhook`` would own the event loop and the update fetching; this
    lets the intake, our aiohttp webhook server and the tests share one loop.
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
