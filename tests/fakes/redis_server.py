"""A real redis-server on a free loopback port, started, killed and restarted by tests.

Tests that need it are skipped when the binary is missing (``.ci/run`` installs it, and under
its ``FULLGPU_NO_SKIPS=1`` such a skip fails: tests/conftest.py).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from contextlib import suppress
from pathlib import Path

import pytest

REDIS_SERVER = shutil.which("redis-server")
START_TIMEOUT_S = 10.0


def free_port() -> int:
    """Find a TCP port free on loopback right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisServer:
    """One redis-server process without persistence, on a fixed port across restarts."""

    def __init__(self, workdir: Path) -> None:
        if REDIS_SERVER is None:
            pytest.skip("redis-server is not installed (apt-get install -y redis-server)")
        self.port = free_port()
        self.workdir = workdir
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The STATE_URL that reaches it."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it accepts connections."""
        assert REDIS_SERVER is not None
        self._process = subprocess.Popen(  # noqa: S603 - fixed arguments, a binary on PATH
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            with suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                return
            time.sleep(0.05)
        self.kill()
        pytest.fail("redis-server did not start")

    def kill(self) -> None:
        """Kill it at once (SIGKILL), as a crash would; its data is gone."""
        if self._process is not None:
            self._process.kill()
            self._process.wait(timeout=10)
            self._process = None

    def stop(self) -> None:
        """Stop it politely."""
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=10)
            self._process = None


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    """Start a redis-server for the module's tests."""
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_url(redis_server):
    """Name the URL of the module's redis-server."""
    return redis_server.url
