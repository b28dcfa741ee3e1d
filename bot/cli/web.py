"""``python -m bot web --host H --port P`` (and ``fullgpu-web``): the website and its JSON API.

It runs beside the bot, on its own port: the same catalog (``CATALOG_DIR``), checkout links
(``CHECKOUT_URL_TEMPLATE``, ``QUOTE_SIGNING_KEY``), Hub and chat store (``STATE_URL``: the
conversations of ``/v1/ask``). ``WEB_ALLOWED_ORIGINS`` and ``API_KEYS_FILE`` are the
website's own. SIGINT or SIGTERM stops it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.cli.run import check_catalog, configure_logging
from bot.settings import Settings, SettingsError, load_settings
from bot.state import StateStoreError, connect_store
from sizing import CatalogError

if TYPE_CHECKING:
    from bot.web import WebConfig

log = logging.getLogger("bot.web")

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
DEFAULT_WEB_PORT = 8000
WEBSITE_MEDIUM = "website"  # utm_medium of the checkout links the website hands out


def _parser(settings_host: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot web", description="Serve the calculator page and the JSON API."
    )
    parser.add_argument("--host", default=settings_host, help="default: HOST or 127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_WEB_PORT, help="default: 8000")
    return parser


def web_config(settings: Settings) -> WebConfig:
    """Return the website's configuration from the settings (API keys read now)."""
    from bot.web import ApiKeys, Cors, WebConfig  # noqa: PLC0415 - keeps `--help` light

    keys = ApiKeys.read(settings.api_keys_file) if settings.api_keys_file else ApiKeys()
    return WebConfig(api_keys=keys, cors=Cors.parse(settings.web_allowed_origins))


async def serve_web(settings: Settings, host: str, port: int, stop: asyncio.Event) -> None:
    """Serve the website until ``stop`` is set."""
    from aiohttp import web  # noqa: PLC0415

    from adapters import hub_from_environment  # noqa: PLC0415
    from bot.answers import CheckoutConfig  # noqa: PLC0415
    from bot.charts import warm_charts  # noqa: PLC0415
    from bot.conversation import CatalogSource, ModelLookups, Pipeline  # noqa: PLC0415
    from bot.runtime import freeze_start_up_objects, warm_up  # noqa: PLC0415
    from bot.web import Services, create_app  # noqa: PLC0415

    checkout = CheckoutConfig(
        url_template=settings.checkout_url_template,
        signing_key=settings.signing_key_bytes(),
        quote_valid_days=settings.quote_valid_days,
        medium=WEBSITE_MEDIUM,
    )
    lookups = ModelLookups(hub_from_environment())
    catalog = CatalogSource(settings.catalog_dir) if settings.catalog_dir else None
    pipeline = Pipeline(checkout, catalog=catalog, lookups=lookups, sales_chat=False)
    check_catalog(pipeline)
    await asyncio.to_thread(warm_up, pipeline)  # every pattern and template built, in a thread
    took = await asyncio.to_thread(warm_charts)
    log.info("charts ready in %.1f s", took)
    freeze_start_up_objects()
    store = await connect_store(settings.state_url)
    config = web_config(settings)
    services = Services(pipeline=pipeline, checkout=checkout, store=store, lookups=lookups)
    runner = web.AppRunner(create_app(services, config), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        log.info("website listening on http://%s:%d/", host, port)
        await stop.wait()
    finally:
        await runner.cleanup()
        await store.close()


async def _until_signalled(settings: Settings, host: str, port: int) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    await serve_web(settings, host, port, stop)


def run(argv: Sequence[str]) -> int:
    """Serve the website until a signal; 2 on a bad setting, 1 when it cannot start."""
    try:
        settings = load_settings(os.environ)
        args = _parser(settings.host).parse_args(list(argv))
        web_config(settings)  # a bad API_KEYS_FILE stops start-up here
    except (SettingsError, ValueError, OSError) as error:
        sys.stderr.write(f"configuration error: {error}\n")
        return EXIT_USAGE
    configure_logging(settings)
    try:
        asyncio.run(_until_signalled(settings, args.host, args.port))
    except CatalogError as error:
        sys.stderr.write(f"catalog error: {error}\n")
        return EXIT_FAILURE
    except StateStoreError as error:
        log.error("chat state store unusable: %s", error)  # noqa: TRY400
        return EXIT_FAILURE
    except OSError as error:
        log.error("cannot serve on %s:%d: %s", args.host, args.port, error)  # noqa: TRY400
        return EXIT_FAILURE
    return EXIT_OK


def main() -> int:
    """``fullgpu-web``: the console script."""
    return run(sys.argv[1:])
