"""``python -m bot`` as real processes: started, killed with SIGKILL, restarted, stopped."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.e2e.harness import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
STOP_TIMEOUT_S = 30.0
_VARIABLES = (
    "TELEGRAM_BOT_TOKEN",
    "BOT_MODE",
    "WEBHOOK_URL",
    "WEBHOOK_SECRET",
    "STATE_URL",
    "TELEGRAM_API_BASE_URL",
    "PORT",
    "HOST",
    "LOG_LEVEL",
    "ADMIN_CHAT_IDS",
    "METRICS_PORT",
    "METRICS_HOST",
    "RETENTION",
    "PUBLIC_BASE_URL",
    "TELEGRAM_BOT_TOKEN_FILE",
    "WEBHOOK_SECRET_FILE",
    "QUOTE_SIGNING_KEY_FILE",
    "STATE_URL_FILE",
)


def clean_env(**extra: str) -> dict[str, str]:
    """Copy the environment without the bot's variables, adding ``extra``.

    The metrics listener gets a free port of its own, so that processes never share one.
    """
    env = {k: v for k, v in os.environ.items() if k not in _VARIABLES}
    env |= {"PYTHONPATH": str(REPO_ROOT), "METRICS_PORT": str(_free_port())}
    return env | extra


def _free_port() -> int:
    return free_port()


class BotProcess:
    """One bot process; its log (stderr) goes to a file, one per start, so no pipe fills up."""

    def __init__(self, env: dict[str, str], log_dir: Path, name: str = "bot") -> None:
        self.env = env
        self.log_dir = log_dir
        self.name = name
        self.starts = 0
        self._process: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int:
        """The process id of the latest start."""
        assert self._process is not None
        return self._process.pid

    @property
    def log_path(self) -> Path:
        """The log of the latest start."""
        return self.log_dir / f"{self.name}-{self.starts}.log"

    async def start(self) -> None:
        """Start the process (again)."""
        self.starts += 1
        with self.log_path.open("wb") as log:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                env=self.env,
                cwd=REPO_ROOT,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log,
            )

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, whatever was in flight is cut."""
        assert self._process is not None
        self._process.send_signal(signal.SIGKILL)

    async def wait(self, timeout_s: float = STOP_TIMEOUT_S) -> int:
        """Wait for the process to end on its own; return its exit status."""
        assert self._process is not None
        async with asyncio.timeout(timeout_s):
            return await self._process.wait()

    async def stop(self) -> int:
        """SIGTERM and wait; return the exit status."""
        assert self._process is not None
        if self._process.returncode is None:
            self._process.send_signal(signal.SIGTERM)
        return await self.wait()

    def log(self) -> str:
        """Read the log of the latest start."""
        return self.log_path.read_text(errors="replace")
