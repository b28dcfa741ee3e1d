"""A store outage: each update gets one apology, not one per failing handler."""

from __future__ import annotations

import asyncio

import pytest

from bot.observability import METRICS
from bot.pipeline import Pipeline
from bot.state import MemoryStore
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.users import FakeUser


class DownStore(MemoryStore):
    """A store that fails every call, as Redis does once it is gone."""

    async def get(self, chat_id: int):  # noqa: ARG002 - the port's signature
        """Fail."""
        raise ConnectionError("store down")

    async def put(self, chat):  # noqa: ARG002 - the port's signature
        """Fail."""
        raise ConnectionError("store down")

    async def seen_update(self, update_id: int) -> bool:  # noqa: ARG002 - the port's signature
        """Fail."""
        raise ConnectionError("store down")


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_a_store_outage_gives_one_apology_per_update(fake, monkeypatch, mode, expect_errors):
    """Duplicate check and handler both fail: the user still hears one apology per message."""

    async def connect(_url: str) -> DownStore:
        return DownStore()

    monkeypatch.setattr("bot.app.connect_store", connect)
    settings = bot_settings(fake, mode, "memory://")
    user = FakeUser(fake, 909)
    before = METRICS.value("fullgpu_store_errors_total", {"operation": "seen_update"})
    async with running_bot(fake, settings, Pipeline()):
        await user.says("/price")
        await user.says("llama 70b")
        await fake.wait_for(lambda: len(fake.sent(909)) >= 2)
        await asyncio.sleep(0.3)  # a second apology would come within this
    sent = fake.sent(909)
    assert len(sent) == 2
    after = METRICS.value("fullgpu_store_errors_total", {"operation": "seen_update"})
    assert after >= before + 2  # each update's duplicate check failed and was counted
    assert all("Sorry" in message["text"] for message in sent)
