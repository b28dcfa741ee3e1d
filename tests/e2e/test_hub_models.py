"""Models beyond the catalog through the real bot: the Hub is looked up before the answer thread.

The bot runs with the real Pipeline and the Hub adapter pointed at a fake Hub on loopback. A
Hub that answers in ten seconds holds neither the chat that asked (it is told the Hub was not
reached within the lookup's time-out) nor another chat asking about a catalog model meanwhile.
"""

from __future__ import annotations

import time

from adapters import HubSettings, HubSource
from bot.conversation import ModelLookups, Pipeline
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.users import FakeUser
from tests.helpers.model_names import corpus_hub

SLOW_HUB_S = 10.0
LOOKUP_TIMEOUT_S = 2.5


async def test_a_slow_hub_holds_neither_its_chat_nor_another(fake, state_url, tmp_path):
    """Chat A names phi-4 while the Hub is slow; chat B's Llama answer is not delayed by it."""
    hub = corpus_hub()
    with hub.serve_in_thread() as url:
        source = HubSource(HubSettings(endpoint=url, cache_dir=str(tmp_path), deadline_s=6.0))
        pipeline = Pipeline(lookups=ModelLookups(source, timeout_s=LOOKUP_TIMEOUT_S))
        async with running_bot(fake, bot_settings(fake, "polling", state_url), pipeline):
            hub.slow(SLOW_HUB_S)
            started = time.monotonic()
            await FakeUser(fake, 901).says("phi-4 for 10 users, 16k context")
            await FakeUser(fake, 902).says("Llama 3.1 70B in FP8 with 32K context for 8 users")
            await fake.wait_for(lambda: bool(fake.sent(902)), timeout_s=10)
            other_s = time.monotonic() - started
            await fake.wait_for(lambda: bool(fake.sent(901)), timeout_s=10)
            asked_s = time.monotonic() - started
            hub.clear_faults()
            await FakeUser(fake, 901).says("phi-4 for 10 users, 16k context")
            await fake.wait_for(lambda: len(fake.sent(901)) == 2, timeout_s=15)
    assert other_s < 2.0
    assert asked_s < LOOKUP_TIMEOUT_S + 1.5
    assert "config.json" in fake.sent(901)[0]["text"]  # "I can't look it up now"
    assert "Llama 3.1 70B" in fake.sent(902)[0]["text"]
    assert "phi-4" in fake.sent(901)[1]["text"]  # the Hub back: sized as itself
