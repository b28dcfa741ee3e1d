"""Stopping (SIGTERM) finishes or hands back the work in hand, within the grace period."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from tests.e2e.harness import FAST, bot_settings, running_bot
from tests.fakes.faults import Fault
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.users import FakeUser

DOCKER_STOP_TIMEOUT_S = 10.0  # SIGKILL follows SIGTERM after this long by default
# Answers held by Telegram longer than the grace period: the updates are in hand at the stop.
SLOW = replace(FAST, policy=replace(FAST.policy, read_timeout_s=20.0), grace_s=1.0)


async def test_a_stop_mid_answer_hands_work_back_and_a_restart_answers_each_once(fake, state_url):
    """Stopped while answers hang: back within the grace; the next start answers all, once."""
    users = [FakeUser(fake, 9000 + i) for i in range(6)]
    for user in users[:3]:
        fake.fault("sendMessage", Fault.TIME_OUT, chat_id=user.user_id, hold_s=4.0)
    settings = bot_settings(fake, "webhook", state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=SLOW):
        for user in users:
            await user.says(f"hello {user.user_id}")
        await fake.wait_for(lambda: len(fake.sent()) == 6, timeout_s=10)
        stopping_at = time.monotonic()
    stopped_in_s = time.monotonic() - stopping_at
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=SLOW):
        await asyncio.sleep(1.0)  # handed-back updates are taken again at once
    assert stopped_in_s < DOCKER_STOP_TIMEOUT_S
    for user in users:
        assert [m["text"] for m in fake.sent(user.user_id)] == [f"size: hello {user.user_id} [en]"]
