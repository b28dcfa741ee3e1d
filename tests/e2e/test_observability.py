"""One log line per update at INFO, with ids and without the text; metrics count updates."""

from __future__ import annotations

import io
import json
import logging

import aiohttp

from bot.conversation.pipeline import Pipeline
from bot.ops.logs import BASE_FIELDS, LOG_FIELDS, make_handler
from bot.ops.observability import METRICS
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.users import FakeUser

PRIVATE_TEXT = "Llama 3.1 70B FP8 for project Zanzibar-7731"


async def test_each_update_logs_one_info_line_without_its_text(fake, caplog):
    """A question: one 'bot.updates' line with update and chat ids; the text is never at INFO."""
    caplog.set_level(logging.INFO, logger="bot")
    caplog.set_level(logging.INFO)
    stream = io.StringIO()
    handler = make_handler("json", [fake.token], stream)
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    root.addHandler(handler)
    before = METRICS.value("fullgpu_updates_total", {"kind": "message", "outcome": "ok"})
    try:
        settings = bot_settings(fake, "webhook", "memory://")
        async with running_bot(fake, settings, Pipeline()):
            update = await FakeUser(fake, 4242).says(PRIVATE_TEXT)
            await fake.wait_for(lambda: len(fake.sent(4242)) == 1)
    finally:
        root.removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    per_update = [line for line in lines if line["logger"] == "bot.updates"]
    assert len(per_update) == 1
    assert per_update[0]["update_id"] == update["update_id"]
    assert per_update[0]["chat_id"] == 4242
    assert per_update[0]["event"] == "update"
    assert per_update[0]["outcome"] == "ok"
    assert "Zanzibar" not in stream.getvalue()
    assert any(line.get("event") == "listening" for line in lines)
    after = METRICS.value("fullgpu_updates_total", {"kind": "message", "outcome": "ok"})
    assert after == before + 1


async def test_polling_mode_serves_the_health_routes_and_metrics_apart(fake):
    """Polling: /livez, /readyz on HOST:PORT; /metrics only on METRICS_PORT."""
    settings = bot_settings(fake, "polling", "memory://")
    async with running_bot(fake, settings, Pipeline()), aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{settings.port}"
        async with session.get(f"{base}/livez") as live:
            assert live.status == 200
        async with session.get(f"{base}/readyz") as ready:
            assert ready.status == 200, await ready.text()
        async with session.get(f"{base}/metrics") as public:
            assert public.status == 404
        metrics_url = f"http://127.0.0.1:{settings.metrics_port}/metrics"
        async with session.get(metrics_url) as metrics:
            assert "fullgpu_updates" in await metrics.text()


async def test_webhook_mode_keeps_metrics_off_the_webhook_port(fake):
    """Webhook: the public port has the webhook and health, not /metrics; the metrics port has."""
    settings = bot_settings(fake, "webhook", "memory://")
    async with running_bot(fake, settings, Pipeline()), aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{settings.port}/metrics") as public:
            assert public.status == 404
        metrics_url = f"http://127.0.0.1:{settings.metrics_port}/metrics"
        async with session.get(metrics_url) as metrics:
            assert metrics.status == 200
            assert "fullgpu_build_info" in await metrics.text()


async def test_every_log_line_of_a_conversation_is_json_with_documented_keys(fake, caplog):
    """DEBUG and up, every logger (PTB, aiohttp included): each line a JSON object of the schema."""
    caplog.set_level(logging.DEBUG, logger="bot")
    stream = io.StringIO()
    handler = make_handler("json", [fake.token], stream)
    handler.setLevel(logging.DEBUG)
    root = logging.getLogger()
    level, root.level = root.level, logging.DEBUG
    root.addHandler(handler)
    try:
        settings = bot_settings(fake, "webhook", "memory://")
        async with running_bot(fake, settings, Pipeline()):
            for user_id, text in ((4301, "Llama 3.1 70B FP8 32K 8 users"), (4302, "/price")):
                await FakeUser(fake, user_id).says(text)
            fake.fail("sendMessage", code=502, description="Bad Gateway", chat_id=4303)
            await FakeUser(fake, 4303).says("/help")
            await fake.wait_for(lambda: all(fake.sent(u) for u in (4301, 4302, 4303)))
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    allowed = set(BASE_FIELDS) | set(LOG_FIELDS)
    lines = stream.getvalue().splitlines()
    assert len(lines) > 10
    for line in lines:
        entry = json.loads(line)
        assert set(entry) <= allowed, entry
        assert {"time", "level", "logger", "message"} <= set(entry)
    events = {json.loads(line).get("event") for line in lines}
    assert {"update", "listening", "retry", "webhook"} <= events
