"""The running bot: store, intake, delivery, Application and the receiving side, wired once.

Start-up: the HTTP listeners open first (``/livez`` answers from the first second, ``/readyz``
says "starting"; metrics on their own port), the answers are warmed up on the answer thread, the
store is opened (an unusable one stops start-up with a clear error), Telegram is reached (retried
with back-off for ``DeliveryPolicy.startup_deadline_s`` while unreachable), then updates are
received (webhook or polling) into the intake and handled from there.
Shutdown (SIGTERM): receiving stops first (``/readyz`` says "stopping", the webhook answers 503),
updates in hand get ``grace_s`` to finish, the rest go back to the intake for the next start or
another replica. A 401 at any time stops the bot
the same way and ends ``serve_bot`` with ``TokenRejectedError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

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
from bot.http import (
    PROBE_INTERVAL_S,
    Phase,
    ReadinessProbes,
    WebhookDoor,
    register_webhook,
)
from bot.json_input import loads_known
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
    off_loop,
    opened_scope,
    set_queue_source,
    store_errors,
    update_scope,
)
from bot.reply import ConversationPipeline
from bot.runtime.catalog_watch import watch_catalog
from bot.runtime.front import Front, flush_every, listeners, sweep, watch_store
from bot.runtime.warm import freeze_start_up_objects, warm_up
from bot.settings import Settings
from bot.state import (
    ChatStore,
    FallbackStore,
    RedisStore,
    SqliteStore,
    aggregates_for,
    connect_store,
)
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
ANALYTICS_FLUSH_S = 10.0  # the daily totals /stats reads are at most this far behind


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
    probe_interval_s: float = PROBE_INTERVAL_S  # /readyz's store and Bot API checks reused


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
        raw = loads_known(job.body)  # read within bounds when it arrived
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
    """What the receiving side needs: where updates go, the webhook's door, limits."""

    dispatcher: Dispatcher
    door: WebhookDoor | None
    policy: DeliveryPolicy
    hooks: DeliveryHooks


async def _receive(
    settings: Settings,
    application: BotApp,
    receiving: _Receiving,
    until: tuple[asyncio.Event, asyncio.Event],
) -> None:
    """Feed the intake from the webhook or from polling until either event is set."""
    dispatcher, door = receiving.dispatcher, receiving.door
    if door is not None:
        door.open(dispatcher.accept, dispatcher.backlog)
        try:
            await register_webhook(application, settings)
            await _first_of(*until)
        finally:
            door.close()
        return
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
    async with listeners(settings, timing.probe_interval_s) as front:
        await _serve(settings, pipeline, stop, front, menu, timing, hooks)


def _settle(dispatcher: Dispatcher) -> None:
    """Expose the queue's backlog and settle the start-up objects before the first update."""
    set_queue_source(dispatcher.backlog)
    freeze_start_up_objects()
    apply_collector_policy()


async def _serve(  # noqa: PLR0917 - serve_bot's arguments, with the listeners opened
    settings: Settings,
    pipeline: ConversationPipeline,
    stop: asyncio.Event,
    front: Front,
    menu: CommandMenu | None,
    timing: Timing,
    hooks: DeliveryHooks | None,
) -> None:
    hooks = hooks or MetricsHooks()
    # On the answer thread, where answers will be computed: the loop answers /livez meanwhile.
    await off_loop(warm_up, pipeline)
    store = _sharing_lookups(await connect_store(settings.state_url, settings.retention), pipeline)
    refused, notices = asyncio.Event(), _AdminNotices(settings.admin_chat_ids)
    monitor = OutageMonitor(
        notices.send, settle_s=timing.outage_settle_s, quiet_s=timing.outage_quiet_s
    )

    def store_failed(operation: str, error: BaseException) -> None:
        hooks.store_error(operation)
        monitor.failed(STORE_OUTAGE, f"{operation}: {type(error).__name__}")

    errors = store_errors()
    queueing = _queueing(store, errors, store_failed, timing.pacing)
    chats = FallbackStore(store, store_failed, retention_s=settings.retention)
    kit = DeliveryKit(timing.policy, queueing.journal, queueing.pacer, hooks, refused.set)
    aggregates = aggregates_for(store)
    application, handlers = compose(
        settings,
        pipeline,
        chats,
        menu=menu,
        delivery=kit,
        monitor=monitor,
        aggregates=aggregates,
        redirects=front.redirects,
    )
    notices.application = application
    front.readiness.application, front.readiness.store = application, store
    dispatcher = Dispatcher(
        queueing.intake,
        _handler(application, handlers),
        chat_key=chat_key_of,
        on_store_failure=store_failed,
        store_errors=errors,
        renew_every_s=queueing.renew_every_s,
    )
    handlers.threads.sink = dispatcher.accept  # sales replies become jobs of customers' chats
    receiving = _Receiving(dispatcher, front.door, timing.policy, hooks)
    _settle(dispatcher)
    # The pipeline's CATALOG_DIR source, when it has one, is also watched between messages.
    catalog: CatalogSource | None = getattr(pipeline, "catalog", None)
    watch_stop = asyncio.Event()
    try:
        if not await _reached(application, stop):
            return
        async with running(application):
            front.readiness.phase = Phase.RUNNING
            helpers = [
                asyncio.create_task(dispatcher.run()),
                asyncio.create_task(collect_when_quiet(lambda: dispatcher.backlog() > 0)),
                asyncio.create_task(
                    watch_store(ReadinessProbes(front.readiness), timing.probe_interval_s)
                ),
                asyncio.create_task(sweep(chats, settings.retention)),
                asyncio.create_task(flush_every(handlers, ANALYTICS_FLUSH_S)),
            ]
            if catalog is not None:
                watch = watch_catalog(catalog, application.bot, settings.admin_chat_ids, watch_stop)
                helpers.append(asyncio.create_task(watch))
            try:
                await _receive(settings, application, receiving, (stop, refused))
            finally:
                front.readiness.phase = Phase.STOPPING
                watch_stop.set()
                await dispatcher.stop(timing.grace_s)
                for helper in helpers:
                    helper.cancel()
                await asyncio.gather(*helpers, return_exceptions=True)
                await handlers.own.flush_analytics()
    finally:
        front.readiness.phase = Phase.STOPPING
        await aggregates.close()
        await monitor.close()
        await queueing.close()
        await chats.close()
    if refused.is_set():
        raise TokenRejectedError("Telegram refused the bot token (401 Unauthorized)")
