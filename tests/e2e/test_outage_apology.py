"""A store outage while handlers fail: each update gets one apology, and the failures count."""

from __future__ import annotations

import asyncio

import pytest

from bot.ops.observability import METRICS
from bot.state.chats import MemoryStore
from tests.e2e.harness import FAST, bot_settings, running_bot
from tests.fakes.pipeline import EchoPipeline
from tests.fakes.users import FakeUser


class DownStore(MemoryStore):
    """A store that fails every call, as Redis does once it is gone."""

    async def get(self, chat_id: int):  # noqa: ARG002 - the port's signature
        """Fail."""
        raise ConnectionError("store down")

    async def put(self, chat):  # noqa: ARG002 - the port's signature
        """Fail."""
        raise ConnectionError("store down")


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_a_store_outage_gives_one_apology_per_update(fake, monkeypatch, mode, expect_errors):
    """Store down and the handler failing: the user hears one apology per message."""

    async def connect(_url: str, _retention_s: float) -> DownStore:
        return DownStore()

    monkeypatch.setattr("bot.runtime.serve.connect_store", connect)
    settings = bot_settings(fake, mode, "memory://")
    user = FakeUser(fake, 909)
    labels = {"operation": "chat state read"}
    before = METRICS.value("fullgpu_store_errors_total", labels)
    broken = EchoPipeline(fail_on="")  # a bug: every message raises
    async with running_bot(fake, settings, broken, timing=FAST):
        await user.says("/price")
        await user.says("llama 70b")
        await fake.wait_for(lambda: len(fake.sent(909)) >= 2)
        await asyncio.sleep(0.3)  # a second apology would come within this
    sent = fake.sent(909)
    assert len(sent) == 2
    assert all("Sorry" in message["text"] for message in sent)
    assert METRICS.value("fullgpu_store_errors_total", labels) >= before + 1
