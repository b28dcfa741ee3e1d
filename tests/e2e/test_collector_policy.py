"""The garbage collector's serving policy is in place in both modes once the bot runs."""

from __future__ import annotations

import gc

import pytest

from bot.conversation.pipeline import Pipeline
from bot.ops.gc_policy import FULL_THRESHOLD_OUT_OF_REACH, MIDDLE_THRESHOLD, YOUNG_THRESHOLD
from tests.e2e.harness import bot_settings, running_bot

CPYTHON_DEFAULT = (700, 10, 10)


@pytest.fixture
def default_collector():
    """Start from CPython's defaults, nothing frozen; put them back after the test."""
    gc.unfreeze()
    gc.set_threshold(*CPYTHON_DEFAULT)
    yield
    gc.unfreeze()
    gc.set_threshold(*CPYTHON_DEFAULT)


@pytest.mark.parametrize("mode", ["webhook", "polling"])
async def test_start_up_freezes_and_sets_the_thresholds(fake, default_collector, mode):
    """Serving: start-up objects frozen, young threshold raised, full collections deferred."""
    settings = bot_settings(fake, mode, "memory://")
    async with running_bot(fake, settings, Pipeline()):
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (
            YOUNG_THRESHOLD,
            MIDDLE_THRESHOLD,
            FULL_THRESHOLD_OUT_OF_REACH,
        )
