"""Run the real bot (``bot.app.serve``) against the fake Telegram in one event loop."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.app import serve
from bot.settings import Settings, load_settings
from bot.telegram_app import CommandMenu, ConversationPipeline
from tests.fakes.telegram_api import FakeTelegram

WEBHOOK_SECRET = "e2e-secret_0123456789"  # noqa: S105 - a fake
START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 10.0


def free_port() -> int:
    """Find a TCP port free on loopback right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bot_settings(
    fake: FakeTelegram, mode: str, state_url: str, extra: dict[str, str] | None = None
) -> Settings:
    """Build settings pointing the bot at the fake, as the environment would (plus ``extra``)."""
    env = {
        "TELEGRAM_BOT_TOKEN": fake.token,
        "TELEGRAM_API_BASE_URL": fake.api_root,
        "BOT_MODE": mode,
        "STATE_URL": state_url,
        "LOG_LEVEL": "DEBUG",
        "PORT": str(free_port()),  # polling serves /livez and /readyz there
    }
    if mode == "webhook":
        port = free_port()
        env |= {
            "WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram/hook",
            "WEBHOOK_SECRET": WEBHOOK_SECRET,
            "HOST": "127.0.0.1",
            "PORT": str(port),
        }
    return load_settings(env | (extra or {}))


@asynccontextmanager
async def running_bot(
    fake: FakeTelegram,
    settings: Settings,
    pipeline: ConversationPipeline,
    menu: CommandMenu | None = None,
) -> AsyncIterator[Settings]:
    """Serve until the block ends; wait until the bot polls or its webhook is registered."""
    stop = asyncio.Event()
    task = asyncio.create_task(serve(settings, pipeline, stop, menu=menu))
    # Polling starts with deleteWebhook (getUpdates is only logged once a long poll ends).
    ready_method = "setWebhook" if settings.bot_mode == "webhook" else "deleteWebhook"
    try:
        wait = fake.wait_for(
            lambda: bool(fake.calls_to(ready_method)) or task.done(), timeout_s=START_TIMEOUT_S
        )
        await wait
        if task.done():
            task.result()  # start-up failed: raise its error here
        yield settings
    finally:
        stop.set()
        async with asyncio.timeout(STOP_TIMEOUT_S):
            await task
