"""bot.http.server and health: connection limits and outcomes, deadlines, health and metrics."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time

import pytest
from aiohttp import ClientSession

from bot.http.health import Phase, Readiness
from bot.http.server import ServerLimits, make_base_app, make_metrics_app, serving
from bot.ops.observability import HEALTH, METRICS, MetricsHooks
from bot.state.chats import MemoryStore

SHORT_S = 0.3


class FakeBot:
    """getMe answering or failing, as the readiness probe calls it."""

    def __init__(self) -> None:
        self.reachable = True
        self.calls = 0

    async def get_me(self) -> dict:
        """Answer like getMe, or fail when unreachable."""
        self.calls += 1
        if not self.reachable:
            raise ConnectionError("Bot API unreachable")
        HEALTH.api_answered()
        return {"id": 1}


class FakeApplication:
    """The parts of a PTB Application the routes read."""

    def __init__(self) -> None:
        self.bot = FakeBot()
        self.running = True


class BrokenStore(MemoryStore):
    """A store whose reads fail, as a Redis that went away."""

    async def get(self, chat_id: int):  # noqa: ARG002 - the port's signature
        """Fail as a store that went away."""
        raise ConnectionError("store down")


def free_port() -> int:
    """Find a loopback port free right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def server():
    """Serve the base app with short deadlines and room for three connections."""
    application = FakeApplication()
    limits = ServerLimits(max_connections=3, head_timeout_s=SHORT_S, body_timeout_s=SHORT_S)
    readiness = Readiness.running(application, MemoryStore())  # type: ignore[arg-type]
    app = make_base_app(readiness, limits)
    port = free_port()
    async with serving(app, "127.0.0.1", port):
        yield port, application


@pytest.fixture
async def metrics_port():
    """Serve the metrics listener on a port of its own."""
    port = free_port()
    async with serving(make_metrics_app(), "127.0.0.1", port):
        yield port


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection (EOF) within ``seconds``."""
    try:
        async with asyncio.timeout(seconds):
            while await reader.read(1024):
                pass
    except TimeoutError:
        return False
    return True


async def test_an_idle_socket_is_closed_after_the_head_deadline(server):
    """A client that connects and says nothing is closed once the deadline passes."""
    port, _ = server
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = time.monotonic()
    assert await closed_within(reader, 5 * SHORT_S)
    assert time.monotonic() - started >= SHORT_S * 0.9
    writer.close()


async def test_slow_headers_are_cut_off(server):
    """Half a request head, then silence: closed after the deadline, no handler ran."""
    port, _ = server
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /livez HTTP/1.1\r\nHost: x\r\n")
    await writer.drain()
    assert await closed_within(reader, 5 * SHORT_S)
    writer.close()


async def test_a_slow_body_gets_408(server):
    """A body promised and not sent within the deadline: 408, connection closed."""
    port, _ = server
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /livez HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
    await writer.drain()
    async with asyncio.timeout(5 * SHORT_S):
        status_line = await reader.readline()
    assert b" 408 " in status_line
    writer.close()


async def test_a_keep_alive_connection_is_closed_when_idle_after_a_response(server):
    """The deadline restarts after each response: an idle keep-alive connection is closed."""
    port, _ = server
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    assert b" 200 " in await reader.readline()
    assert await closed_within(reader, 5 * SHORT_S)
    writer.close()


async def test_connections_past_the_limit_are_closed_at_once(server):
    """With three open, a fourth is closed straight away; once one closes, a new one works."""
    port, _ = server
    labels = {"reason": "too_many_connections"}
    rejected_before = METRICS.value("fullgpu_http_rejected_total", labels)
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    await asyncio.sleep(0.05)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    assert await closed_within(reader, SHORT_S / 2)
    writer.close()
    rejected = METRICS.value("fullgpu_http_rejected_total", labels)
    assert rejected == rejected_before + 1
    for _, held_writer in held:
        held_writer.close()
    await asyncio.sleep(0.05)
    async with ClientSession() as session, session.get(f"http://127.0.0.1:{port}/livez") as resp:
        assert resp.status == 200


async def test_readyz_checks_the_bot_api_when_it_was_not_heard_from(server, monkeypatch):
    """No recent Bot API answer: /readyz asks getMe; unreachable means 503 naming bot_api."""
    port, application = server
    monkeypatch.setattr("bot.ops.observability.HEALTH.last_api_answer", None)
    application.bot.reachable = False
    async with ClientSession() as session, session.get(f"http://127.0.0.1:{port}/readyz") as resp:
        body = await resp.json()
    assert resp.status == 503
    assert body["checks"] == {"running": "ok", "store": "ok", "bot_api": "failed"}
    assert application.bot.calls == 1


async def test_readyz_is_200_when_everything_answers(server, monkeypatch):
    """Running, store readable, Bot API answered: ready."""
    port, _ = server
    monkeypatch.setattr("bot.ops.observability.HEALTH.last_api_answer", None)
    async with ClientSession() as session, session.get(f"http://127.0.0.1:{port}/readyz") as resp:
        body = await resp.json()
    assert resp.status == 200
    assert body["ready"] is True


async def test_readyz_is_200_with_the_store_degraded_when_the_store_fails():
    """A store that cannot be read: still ready (answers go on), the store named degraded."""
    application = FakeApplication()
    readiness = Readiness.running(application, BrokenStore())  # type: ignore[arg-type]
    app = make_base_app(readiness)
    port = free_port()
    async with (
        serving(app, "127.0.0.1", port),
        ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/readyz") as resp,
    ):
        body = await resp.json()
    assert resp.status == 200
    assert body["checks"]["store"] == "degraded"
    assert body["degraded"] == ["store"]
    assert METRICS.value("fullgpu_store_degraded") == 1


async def test_while_starting_livez_is_200_and_readyz_503_without_probing():
    """Before the Application exists: alive, not ready, and nothing is probed."""
    readiness = Readiness()
    app = make_base_app(readiness)
    port = free_port()
    async with serving(app, "127.0.0.1", port), ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/livez") as live:
            assert live.status == 200
        async with session.get(f"http://127.0.0.1:{port}/readyz") as resp:
            body = await resp.json()
        readiness.phase = Phase.STOPPING
        async with session.get(f"http://127.0.0.1:{port}/readyz") as stopping:
            assert (await stopping.json())["phase"] == "stopping"
    assert resp.status == 503
    assert body == {
        "ready": False,
        "phase": "starting",
        "checks": {"running": "failed"},
        "degraded": [],
    }


async def test_metrics_are_absent_from_the_public_port(server):
    """The public server (webhook, health) has no /metrics: it lives on its own listener."""
    port, _ = server
    async with ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as resp:
        assert resp.status == 404


async def test_an_idle_keep_alive_connection_is_not_counted_as_rejected(server):
    """A connection at rest after a response is closed as idle; half a head is a rejection."""
    port, _ = server
    rejected = {"reason": "head_timeout"}
    rejected_before = METRICS.value("fullgpu_http_rejected_total", rejected)
    idle_before = METRICS.value("fullgpu_http_connections_total", {"outcome": "idle"})
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    assert b" 200 " in await reader.readline()
    assert await closed_within(reader, 5 * SHORT_S)
    writer.close()
    assert METRICS.value("fullgpu_http_rejected_total", rejected) == rejected_before
    idle = METRICS.value("fullgpu_http_connections_total", {"outcome": "idle"})
    assert idle == idle_before + 1
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /livez HTTP/1.1\r\n")
    await writer.drain()
    assert await closed_within(reader, 5 * SHORT_S)
    writer.close()
    assert METRICS.value("fullgpu_http_rejected_total", rejected) == rejected_before + 1


async def test_metrics_are_in_the_prometheus_text_format(metrics_port):
    """/metrics lists the bot's metric families with HELP and TYPE lines, without _created."""
    port = metrics_port
    MetricsHooks().api_error("sendMessage", "502")
    async with ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as resp:
        text = await resp.text()
    assert resp.status == 200
    assert resp.headers["Content-Type"].startswith("text/plain")
    for family in (
        "fullgpu_updates_total",
        "fullgpu_answer_seconds_bucket",
        "fullgpu_update_queue_depth",
        "fullgpu_retry_after_waits_total",
    ):
        assert family in text or f"# TYPE {family.rsplit('_', 1)[0]}" in text
    assert 'fullgpu_bot_api_errors_total{code="502",method="sendMessage"}' in text
    assert "process_resident_memory_bytes" in text
    assert "fullgpu_build_info{" in text
    assert "_created" not in text


PROMTOOL = shutil.which("promtool")


async def test_promtool_finds_nothing_to_say_about_the_metrics(metrics_port, tmp_path):
    """``promtool check metrics`` (Prometheus' own linter) passes the exposition clean."""
    if PROMTOOL is None:
        pytest.skip("promtool is not installed (apt-get install -y prometheus)")
    MetricsHooks().api_error("sendMessage", "502")
    MetricsHooks().waited("sendMessage", 0.5, "429")
    url = f"http://127.0.0.1:{metrics_port}/metrics"
    async with ClientSession() as session, session.get(url) as resp:
        exposition = await resp.read()
    checked = await asyncio.to_thread(
        subprocess.run,
        [PROMTOOL, "check", "metrics"],
        input=exposition,
        capture_output=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout.decode() + checked.stderr.decode()
    assert checked.stdout.decode().strip() == ""
