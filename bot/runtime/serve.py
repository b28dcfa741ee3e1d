"""The running bot: store, intake, delivery, Application and the receiving side, wired once.

Start-up: the store is opened (an unusable one stops start-up with a clear error), Telegram is
reached (retried with back-off for ``DeliveryPolicy.startup_deadline_s`` while unreachable),
then updates are received (webhook or polling) into the intake and handled from there.
Shutdown (SIGTERM): receiving stops first, updates in hand get ``grace_s`` to finish, the rest
go back to the intake for the next start or another replica. A 401 at any time stops the bot
the same way and ends ``serve_bot`` with ``TokenRejectedError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from telegram import Update
from telegram.error import TelegramError

from bot.conversation import CatalogSource
from bot.delivery import (
    DeliveryJournal,
    Dispatcher,
    FallbackJournal,
    Intake,
    Job,
    MemoryIntake,
    MemoryJournal,
    RedisIntake,
    RedisJournal,
    SqliteIntake,
    SqliteJournal,
    journal_path,
)
from bot.http import make_base_app, serving
from bot.ops import (
    METRICS,
    QUIET_S,
    SETTLE_S,
    MetricsHooks,
    OutageMonitor,
    Outcome,
    UpdateScope,
    apply_collector_policy,
    collect_when_quiet,
    opened_scope,
    set_queue_source,
    store_errors,
    update_scope,
)
from bot.reply import ConversationPipeline
from bot.runtime.catalog_watch import watch_catalog
from bot.runtime.warm import freeze_start_up_objects, warm_up
from bot.settings import BotMode, Settings
from bot.state import ChatStore, FallbackStore, RedisStore, SqliteStore, connect_store
from bot.telegram import (
    BotApp,
    CommandMenu,
    DeliveryHooks,
    DeliveryKit,
    DeliveryPolicy,
    Limits,
    LocalPacer,
    Pacer,
    RedisPacer,
    TelegramHandlers,
    TokenRejectedError,
    answer_private,
    compose,
    poll,
    private_message,
    relay_job,
    running,
)

log = logging.getLogger(__name__)

ALLOWED_UPDATES = ("message", "callback_query", "inline_query")
# Under Docker's default 10 s between SIGTERM and SIGKILL; compose and Kubernetes allow more.
SHUTDOWN_GRACE_S = 8.0
STORE_OUTAGE = "state store"


@dataclass(frozen=True)
class Timing:
    """Durations worth shortening in tests; production uses the defaults."""

    policy: DeliveryPolicy = field(default_factory=DeliveryPolicy)
    pacing: Limits = field(
        default_factory=Limits
    )  # bot.telegram.pacing.NO_PACING to measure the bot
    grace_s: float = SHUTDOWN_GRACE_S
    outage_settle_s: float = SETTLE_S
    outage_quiet_s: float = QUIET_S


@dataclass
class _Queueing:
    intake: Intake
    journal: DeliveryJournal
    pacer: Pacer
    renew_every_s: float

    async def close(self) -> None:
        await self.intake.close()
        await self.journal.close()


def _queueing(
    store: ChatStore,
    errors: tuple[type[BaseException], ...],
    on_failure: Callable[[str, BaseException], Any],
    limits: Limits,
) -> _Queueing:
    """Open the intake, journal and pacer that go with the chat store STATE_URL opened."""
    if isinstance(store, RedisStore):
        intake = RedisIntake(store.redis, prefix=store.prefix)
        journal = RedisJournal(store.url, prefix=store.prefix)
        pacer = RedisPacer(
            store.redis, prefix=store.prefix, errors=errors, on_failure=on_failure, limits=limits
        )
        fallback = FallbackJournal(journal, errors, on_failure)
        return _Queueing(intake, fallback, pacer, intake.renew_every_s)
    if isinstance(store, SqliteStore):
        durable = FallbackJournal(SqliteJournal(journal_path(store.path)), errors, on_failure)
        return _Queueing(SqliteIntake(store.path), durable, LocalPacer(limits), 5.0)
    return _Queueing(MemoryIntake(), MemoryJournal(), LocalPacer(limits), 5.0)


def chat_key_of(raw: dict[str, Any]) -> int:
    """Find the chat whose updates are handled in order: the message's chat, else the sender."""
    for value in raw.values():
        if not isinstance(value, dict):
            continue
        for holder in (value, value.get("message")):
            chat = holder.get("chat") if isinstance(holder, dict) else None
            if isinstance(chat, dict) and isinstance(chat.get("id"), int):
                return int(chat["id"])
        sender = value.get("from")
        if isinstance(sender, dict) and isinstance(sender.get("id"), int):
            return int(sender["id"])
    return 0


def _handler(
    application: BotApp, handlers: TelegramHandlers
) -> Callable[[Job], Awaitable[Outcome]]:
    async def handle(job: Job) -> Outcome:
        raw = json.loads(job.body)
        relayed = relay_job(raw)
        if relayed is not None:  # a sales reply, queued in its customer's chat
            scope = UpdateScope(job.update_id, chat_id=job.chat_key, kind="sales_reply")
            with opened_scope(scope):
                await handlers.threads.deliver_queued(application.bot, relayed)
            return scope.outcome
        message = private_message(raw)
        if message is not None:  # most updates: read without building PTB's objects
            with opened_scope(message.scope()) as scope:
                await answer_private(application, handlers, message, raw)
            return scope.outcome
        try:
            update = Update.de_json(raw, application.bot)
        except Exception as error:  # noqa: BLE001 - a stored update PTB cannot read is dropped
            METRICS.rejected_requests.labels(reason="bad_update").inc()
            log.warning("update %d unreadable: dropped (%s)", job.update_id, error)
            return Outcome.DONE
        with update_scope(update) as scope:
            await application.process_update(update)
        return scope.outcome

    return handle


@asynccontextmanager
async def health_server(
    application: BotApp, settings: Settings, store: ChatStore
) -> AsyncIterator[web.AppRunner | None]:
    """Serve only the health and metrics routes on HOST:PORT (polling mode).

    A port already taken is logged and the bot polls on without the routes: answering
    customers matters more than being probed.
    """
    app = make_base_app(application, store)
    async with contextlib.AsyncExitStack() as stack:
        runner: web.AppRunner | None = None
        try:
            runner = await stack.enter_async_context(serving(app, settings.host, settings.port))
        except OSError as error:
            log.error(  # noqa: TRY400 - the reason is the whole story
                "health server cannot listen on %s:%d (%s): no /livez, /readyz, /metrics",
                settings.host,
                settings.port,
                error.strerror,
            )
        yield runner


class _AdminNotices:
    """Sends outage notices to ADMIN_CHAT_IDS through the bot, once it exists."""

    def __init__(self, admin_ids: Sequence[int]) -> None:
        self.admin_ids = tuple(admin_ids)
        self.application: BotApp | None = None

    async def send(self, text: str) -> None:
        if self.application is None:
            return
        for admin_id in self.admin_ids:
            try:
                await self.application.bot.send_message(admin_id, html.escape(text))
            except TelegramError as error:
                log.warning("admin notice to %d not delivered: %s", admin_id, error)


async def _first_of(*events: asyncio.Event) -> None:
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()


async def _reached(application: BotApp, stop: asyncio.Event) -> bool:
    """Initialise (getMe, retried while Telegram is unreachable) unless stopped first."""
    initialising = asyncio.ensure_future(application.initialize())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({initialising, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if initialising.done():
            initialising.result()  # a refused token or an unreachable Telegram ends start-up here
            return True
        initialising.cancel()
        await asyncio.gather(initialising, return_exceptions=True)
        log.info("stopped while waiting for Telegram at start-up")
    except BaseException:
        await application.bot.shutdown()  # the HTTP sessions opened for getMe
        raise
    await application.bot.shutdown()
    return False


@dataclass(frozen=True)
class _Receiving:
    """What the receiving side needs: where updates go, the store readiness reads, limits."""

    dispatcher: Dispatcher
    store: ChatStore  # the store itself, not its fallback: /readyz says when it fails
    policy: DeliveryPolicy
    hooks: DeliveryHooks


async def _receive(
    settings: Settings,
    application: BotApp,
    receiving: _Receiving,
    until: tuple[asyncio.Event, asyncio.Event],
) -> None:
    """Feed the intake from the webhook or from polling until either event is set."""
    dispatcher = receiving.dispatcher
    if settings.bot_mode is BotMode.WEBHOOK:
        from bot.http import webhook_server  # noqa: PLC0415 - only webhook mode takes updates

        async with webhook_server(
            application,
            settings,
            sink=dispatcher.accept,
            backlog=dispatcher.backlog,
            store=receiving.store,
        ):
            await _first_of(*until)
        return
    async with health_server(application, settings, receiving.store):
        await _poll(application, receiving, until)


async def _poll(
    application: BotApp, receiving: _Receiving, until: tuple[asyncio.Event, asyncio.Event]
) -> None:
    """Delete any webhook, then poll into the intake until either event is set."""
    dispatcher, policy = receiving.dispatcher, receiving.policy
    await application.bot.delete_webhook()
    polling_stop = asyncio.Event()
    poller = asyncio.create_task(
        poll(
            application.bot,
            dispatcher.accept,
            polling_stop,
            allowed_updates=ALLOWED_UPDATES,
            policy=policy,
            hooks=receiving.hooks,
        )
    )
    try:
        waiter = asyncio.ensure_future(_first_of(*until))
        await asyncio.wait({poller, waiter}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
    finally:
        polling_stop.set()
        with contextlib.suppress(TokenRejectedError):  # reported by serve_bot
            await poller


def _sharing_lookups(store: ChatStore, pipeline: ConversationPipeline) -> ChatStore:
    """Return the store, the pipeline's Hub lookups shared through it when it is Redis."""
    if isinstance(store, RedisStore):  # replicas share their lookups, as they share chats
        pipeline.share_lookups(store.shared_cache())
    return store


async def serve_bot(
    settings: Settings,
    pipeline: ConversationPipeline,
    stop: asyncio.Event,
    *,
    menu: CommandMenu | None = None,
    timing: Timing | None = None,
    hooks: DeliveryHooks | None = None,
) -> None:
    """Serve Telegram until ``stop`` is set; raise ``TokenRejectedError`` after a 401."""
    timing = timing or Timing()
    hooks = hooks or MetricsHooks()
    warm_up(pipeline)
    store = _sharing_lookups(await connect_store(settings.state_url), pipeline)
    refused = asyncio.Event()
    notices = _AdminNotices(settings.admin_chat_ids)
    monitor = OutageMonitor(
        notices.send, settle_s=timing.outage_settle_s, quiet_s=timing.outage_quiet_s
    )

    def store_failed(operation: str, error: BaseException) -> None:
        hooks.store_error(operation)
        monitor.failed(STORE_OUTAGE, f"{operation}: {type(error).__name__}")

    errors = store_errors()
    queueing = _queueing(store, errors, store_failed, timing.pacing)
    chats = FallbackStore(store, store_failed)
    kit = DeliveryKit(timing.policy, queueing.journal, queueing.pacer, hooks, refused.set)
    application, handlers = compose(
        settings, pipeline, chats, menu=menu, delivery=kit, monitor=monitor
    )
    notices.application = application
    dispatcher = Dispatcher(
        queueing.intake,
        _handler(application, handlers),
        chat_key=chat_key_of,
        on_store_failure=store_failed,
        store_errors=errors,
        renew_every_s=queueing.renew_every_s,
    )
    handlers.threads.sink = dispatcher.accept  # sales replies become jobs of customers' chats
    set_queue_source(dispatcher.backlog)
    receiving = _Receiving(dispatcher, store, timing.policy, hooks)
    freeze_start_up_objects()
    apply_collector_policy()
    # The pipeline's CATALOG_DIR source, when it has one, is also watched between messages.
    catalog: CatalogSource | None = getattr(pipeline, "catalog", None)
    watch_stop = asyncio.Event()
    try:
        if not await _reached(application, stop):
            return
        async with running(application):
            collecting = asyncio.create_task(collect_when_quiet(lambda: dispatcher.backlog() > 0))
            helpers = [asyncio.create_task(dispatcher.run()), collecting]
            if catalog is not None:
                admins = settings.admin_chat_ids
                watch = watch_catalog(catalog, application.bot, admins, watch_stop)
                helpers.append(asyncio.create_task(watch))
            try:
                await _receive(settings, application, receiving, (stop, refused))
            finally:
                watch_stop.set()
                await dispatcher.stop(timing.grace_s)
                helpers[0].cancel()
                collecting.cancel()
                await asyncio.gather(*helpers, return_exceptions=True)
    finally:
        await monitor.close()
        await queueing.close()
        await chats.close()
    if refused.is_set():
        raise TokenRejectedError("Telegram refused the bot token (401 Unauthorized)")
