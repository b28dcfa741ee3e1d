"""``python -m bot``: the Telegram bot with a token (polling or webhook), a console chat without.

Configuration comes from the environment (``bot.settings``); a bad value stops start-up with
a message naming the variable. Log lines never carry the token, the webhook secret or the
quote signing key: a filter on the handler redacts them, tracebacks included.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Sequence

from telegram.error import TelegramError

from bot.conversation import CatalogSource
from bot.http import WebhookRefusedError
from bot.ops import configure_logging as setup_logging
from bot.ops import prefer_the_event_loop
from bot.reply import ConversationPipeline
from bot.runtime import Timing, serve_bot
from bot.settings import Settings, SettingsError, load_settings
from bot.state import StateStoreError
from bot.telegram import CommandMenu, TokenRejectedError
from bot.version import version
from sizing import CatalogError, load_calibration, load_gpus, load_models, load_plans

log = logging.getLogger("bot")

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
EXIT_TOKEN_REFUSED = 3  # Telegram answered 401: a supervisor should alert, not just restart
USAGE = "usage: python -m bot   (see README.md for the environment variables)\n"


def secrets_of(settings: Settings) -> list[str]:
    """List every secret value the settings hold."""
    held = (settings.telegram_bot_token, settings.webhook_secret, settings.quote_signing_key)
    secrets = [value.get_secret_value() for value in held if value is not None]
    return [*secrets, settings.state_password] if settings.state_password else secrets


def configure_logging(settings: Settings) -> None:
    """Log to stderr at LOG_LEVEL in LOG_FORMAT, through the redacting filter."""
    setup_logging(settings.log_level, settings.log_format, secrets_of(settings))


def make_pipeline(settings: Settings, *, console: bool = False) -> ConversationPipeline:
    """Build the conversation pipeline: checkout, the catalog directory, the sales chat.

    In the console the hand-off summary is printed, so a person is always reachable there.
    """
    from adapters import hub_from_environment  # noqa: PLC0415 - keeps `--help` light
    from bot.answers import CheckoutConfig  # noqa: PLC0415
    from bot.conversation import ModelLookups, Pipeline  # noqa: PLC0415

    checkout = CheckoutConfig(
        url_template=settings.checkout_url_template,
        signing_key=settings.signing_key_bytes(),
        quote_valid_days=settings.quote_valid_days,
    )
    return Pipeline(
        checkout=checkout,
        catalog=CatalogSource(settings.catalog_dir) if settings.catalog_dir else None,
        sales_chat=console or settings.sales_chat_id is not None,
        lookups=ModelLookups(hub_from_environment()),
    )


async def serve(
    settings: Settings,
    pipeline: ConversationPipeline,
    stop: asyncio.Event,
    *,
    menu: CommandMenu | None = None,
    timing: Timing | None = None,
) -> None:
    """Run the bot in BOT_MODE until ``stop`` is set (``menu`` defaults to the pipeline's)."""
    await serve_bot(settings, pipeline, stop, menu=menu, timing=timing)


async def _serve_until_signalled(
    settings: Settings, pipeline: ConversationPipeline, timing: Timing | None
) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(signum, stop.set)
    catalog: CatalogSource | None = getattr(pipeline, "catalog", None)
    if catalog is not None and hasattr(signal, "SIGHUP"):
        # SIGHUP: read CATALOG_DIR again now, even if the files' stat did not change.
        loop.add_signal_handler(signal.SIGHUP, catalog.request_reload)
    await serve(settings, pipeline, stop, timing=timing)


def check_catalog(pipeline: ConversationPipeline | None = None) -> None:
    """Load and validate every catalog file now; raise CatalogError naming file, entry, field.

    With CATALOG_DIR, its files are read and installed here: a bad one stops start-up (there
    is no earlier catalog of its to keep), later a bad one only keeps the previous one.
    """
    catalog: CatalogSource | None = getattr(pipeline, "catalog", None)
    if catalog is not None:
        catalog.load()
    load_gpus()
    load_plans()
    load_models()
    load_calibration()


def run(argv: Sequence[str], *, timing: Timing | None = None) -> int:
    """Start the bot (token set) or the console chat (no token); return the exit status.

    ``timing`` replaces the production durations and limits (the webhook benchmark runs the
    bot without Telegram's send limits, to measure the bot and not the limits).
    """
    if argv:
        sys.stderr.write(USAGE)
        return EXIT_OK if list(argv) in (["-h"], ["--help"]) else EXIT_USAGE
    try:
        settings = load_settings(os.environ)
        pipeline = make_pipeline(settings, console=settings.telegram_bot_token is None)
        check_catalog(pipeline)
    except (SettingsError, ValueError) as error:
        sys.stderr.write(f"configuration error: {error}\n")
        return EXIT_USAGE
    except CatalogError as error:
        # A bad catalog must stop start-up, not surface as apologies on the first question.
        sys.stderr.write(f"catalog error: {error}\n")
        return EXIT_FAILURE
    configure_logging(settings)
    if settings.telegram_bot_token is None:
        from bot.cli.console import locale_language, run_console  # noqa: PLC0415

        language = locale_language(os.environ)
        catalog: CatalogSource | None = getattr(pipeline, "catalog", None)
        if catalog is not None and hasattr(signal, "SIGHUP"):
            signal.signal(signal.SIGHUP, lambda *_: catalog.request_reload())
        return run_console(pipeline, sys.stdin, sys.stdout, telegram_language=language)
    return _serve_telegram(settings, pipeline, timing)


def _serve_telegram(
    settings: Settings, pipeline: ConversationPipeline, timing: Timing | None = None
) -> int:
    """Serve Telegram until a signal; return the exit status."""
    # Only the scheme: a redis:// URL may carry a password.
    state_kind = settings.state_url.split(":", 1)[0]
    log.info(
        "FullGPU sizing assistant %s starting",
        version(),
        extra={
            "event": "start",
            "version": version(),
            "mode": settings.bot_mode.value,
            "state": state_kind,
            "retention_s": settings.retention,
        },
    )
    prefer_the_event_loop()
    try:
        asyncio.run(_serve_until_signalled(settings, pipeline, timing))
    except WebhookRefusedError as error:
        log.critical("configuration error: %s", error)
        return EXIT_USAGE
    except TokenRejectedError:
        log.critical("Telegram refused TELEGRAM_BOT_TOKEN (401): revoked or wrong; stopping")
        return EXIT_TOKEN_REFUSED
    except TelegramError as error:
        # The traceback adds nothing to "Unauthorized" or "connection refused".
        log.error("Telegram refused or could not be reached: %s", error.message)  # noqa: TRY400
        return EXIT_FAILURE
    except StateStoreError as error:
        log.error("chat state store unusable: %s", error)  # noqa: TRY400 - the message says it all
        return EXIT_FAILURE
    except OSError as error:  # the webhook's HOST:PORT taken or not ours to bind
        log.error(  # noqa: TRY400 - the reason is the whole story
            "cannot listen on %s:%d: %s", settings.host, settings.port, error.strerror or error
        )
        return EXIT_FAILURE
    return EXIT_OK
