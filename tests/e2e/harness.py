"""Run the real bot (``runtime.serve.serve_bot``) against the fake Telegram in one event loop."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.reply import ConversationPipeline
from bot.runtime.serve import Timing, serve_bot
from bot.settings import Settings, load_settings
from bot.telegram.app import CommandMenu
from bot.telegram.retries import DeliveryPolicy
from tests.fakes.telegram_api import FakeTelegram

WEBHOOK_SECRET = "e2e-secret_0123456789"  # noqa: S105 - a fake
# Start-up warms every pattern and template and answers a few questions first: seconds on a
# quiet machine, several times that on a loaded one. A bot that fails to start ends its task,
# which the wait sees at once, so the bound only has to cover a slow start.
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0
# Faults resolve in well under a second: short back-off, a read time-out the fake's held
# answers outlast, outages declared over quickly.
FAST = Timing(
    policy=DeliveryPolicy(
        send_deadline_s=20.0,
        startup_deadline_s=10.0,
        backoff_base_s=0.05,
        backoff_cap_s=0.4,
        read_timeout_s=1.0,
    ),
    grace_s=2.0,
    outage_settle_s=0.5,
    outage_quiet_s=1.5,
    probe_interval_s=0.3,
)
HELD_ANSWER_S = 2.5  # how long the fake holds a timed-out answer: past FAST's read time-out


_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """Find a TCP port free on loopback right now, never one this process handed out before.

    The kernel may give a port back as soon as its probe closes: two calls in a row (PORT and
    METRICS_PORT) could then name the same port, and the settings rightly refuse that.
    """
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


def bot_settings(
    fake: FakeTelegram,
    mode: str,
    state_url: str,
    extra: dict[str, str] | None = None,
    *,
    admins: tuple[int, ...] = (),
) -> Settings:
    """Build settings pointing the bot at the fake, as the environment would (plus ``extra``)."""
    env = {
        "TELEGRAM_BOT_TOKEN": fake.token,
        "TELEGRAM_API_BASE_URL": fake.api_root,
        "BOT_MODE": mode,
        "STATE_URL": state_url,
        "LOG_LEVEL": "DEBUG",
        "PORT": str(free_port()),  # polling serves /livez and /readyz there
        "METRICS_PORT": str(free_port()),
    }
    if admins:
        env["ADMIN_CHAT_IDS"] = ",".join(str(admin) for admin in admins)
        for admin in admins:
            fake.chats[admin] = {"id": admin, "type": "private", "first_name": "Admin"}
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
    *,
    timing: Timing | None = None,
) -> AsyncIterator[Settings]:
    """Serve until the block ends; wait until the bot polls or its webhook is registered.

    The bot's own failure (a refused token) is raised when the block ends.
    """
    stop = asyncio.Event()
    task = asyncio.create_task(serve_bot(settings, pipeline, stop, menu=menu, timing=timing))
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
