"""``python -m bot`` as a real process: console chat, the bot against the fake, bad settings."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys

from bot.cli.run import EXIT_TOKEN_REFUSED
from tests.e2e.harness import free_port
from tests.e2e.processes import REPO_ROOT, BotProcess, clean_env
from tests.fakes.users import FakeUser

PROCESS_TIMEOUT_S = 60


def test_without_a_token_it_is_a_console_chat():
    """No token: a console chat answers stdin lines and exits 0 at end of input."""
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="/price\n/quit\n",
        capture_output=True,
        text=True,
        env=clean_env(LANG="C.UTF-8"),
        cwd=REPO_ROOT,
        timeout=PROCESS_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "MI355X" in done.stdout
    assert "[1] " in done.stdout  # the price list's order buttons, numbered


def test_a_bad_variable_stops_start_up_naming_it():
    """BOT_MODE=push: exit status 2 and a message naming BOT_MODE."""
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        env=clean_env(BOT_MODE="push"),
        timeout=PROCESS_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 2
    assert "BOT_MODE" in done.stderr


async def test_with_a_token_it_serves_real_updates_and_never_logs_the_token(fake, tmp_path):
    """Token + TELEGRAM_API_BASE_URL at the fake: it answers; DEBUG logs do not hold the token."""
    env = clean_env(
        TELEGRAM_BOT_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.api_root,
        STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
        LOG_LEVEL="DEBUG",
        PORT=str(free_port()),
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=REPO_ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook")), timeout_s=30)
        await FakeUser(fake, 700).says("/price")
        await fake.wait_for(lambda: len(fake.sent(700)) == 1, timeout_s=30)
    finally:
        process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(PROCESS_TIMEOUT_S):
            _, stderr = await process.communicate()
    assert process.returncode == 0, stderr.decode()
    assert "MI355X" in fake.sent(700)[0]["text"]
    logs = stderr.decode()
    assert "FullGPU sizing assistant 0." in logs  # the start-up line names the version
    assert "[redacted]" in logs  # PTB logs its API URL at DEBUG: the token was there
    assert fake.token not in logs
    assert fake.token.split(":", 1)[1] not in logs


async def test_a_revoked_token_ends_the_process_with_status_3_and_one_line(fake, tmp_path):
    """401 mid-run: exit status 3 and one critical line naming the variable, no traceback."""
    bot = BotProcess(
        clean_env(
            TELEGRAM_BOT_TOKEN=fake.token,
            TELEGRAM_API_BASE_URL=fake.api_root,
            STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
        ),
        tmp_path,
    )
    await bot.start()
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=30)
        fake.revoke_token(60)
        status = await bot.wait(timeout_s=PROCESS_TIMEOUT_S)
    finally:
        await bot.stop()
    log = bot.log()
    assert status == EXIT_TOKEN_REFUSED
    critical = [line for line in log.splitlines() if " CRITICAL " in line]
    assert len(critical) == 1
    assert "TELEGRAM_BOT_TOKEN" in critical[0]
    assert "Traceback" not in log
    assert fake.token.split(":", 1)[1] not in log


async def test_a_webhook_url_telegram_refuses_ends_the_process_with_status_2(fake, tmp_path):
    """A 400 to setWebhook ("bad webhook") is a configuration error: status 2, one line."""
    fake.fail("setWebhook", description="Bad Request: bad webhook: Failed to resolve host")
    port = free_port()
    bot = BotProcess(
        clean_env(
            TELEGRAM_BOT_TOKEN=fake.token,
            TELEGRAM_API_BASE_URL=fake.api_root,
            STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
            BOT_MODE="webhook",
            WEBHOOK_URL=f"http://127.0.0.1:{port}/telegram",
            WEBHOOK_SECRET="e2e-secret",  # noqa: S106 - a fake
            PORT=str(port),
        ),
        tmp_path,
    )
    await bot.start()
    try:
        status = await bot.wait(timeout_s=PROCESS_TIMEOUT_S)
    finally:
        await bot.stop()
    log = bot.log()
    assert status == 2
    critical = [line for line in log.splitlines() if " CRITICAL " in line]
    assert len(critical) == 1
    assert "WEBHOOK_URL: Telegram refused it: " in critical[0]
    assert "Traceback" not in log


async def test_the_token_can_come_from_a_file(fake, tmp_path):
    """TELEGRAM_BOT_TOKEN_FILE (a Kubernetes or Docker secret): the bot starts and answers."""
    token_file = tmp_path / "token"
    token_file.write_text(fake.token + "\n")
    bot = BotProcess(
        clean_env(
            TELEGRAM_BOT_TOKEN_FILE=str(token_file),
            TELEGRAM_API_BASE_URL=fake.api_root,
            STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
            PORT=str(free_port()),
        ),
        tmp_path,
    )
    await bot.start()
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook")), timeout_s=30)
        await FakeUser(fake, 701).says("/price")
        await fake.wait_for(lambda: len(fake.sent(701)) == 1, timeout_s=30)
    finally:
        status = await bot.stop()
    assert status == 0
    assert fake.token.split(":", 1)[1] not in bot.log()
