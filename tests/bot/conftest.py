"""Fixtures of the answers tests: hand-built engine answers, a fixed-date pipeline, goldens.

Golden files are rewritten with ``pytest tests/bot --update-golden`` (or ``UPDATE_GOLDEN=1``);
read the diff before committing it. The builders themselves are in ``tests/helpers/answers.py``.
"""

import os
from pathlib import Path

import pytest

from bot.answers.checkout import CheckoutConfig
from bot.conversation.pipeline import Pipeline
from sizing import SizingAnswer
from tests.fakes.redis_server import redis_server, redis_url  # noqa: F401 - shared fixtures
from tests.helpers.answers import QUOTE_DAY, TEST_KEY, engine_replies, make_answer, make_option
from tests.helpers.golden_answers import every_reply

GOLDEN_DIR = Path(__file__).parent / "answers" / "golden"


def pytest_addoption(parser):
    """Register ``--update-golden``."""
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/bot/answers/golden from the renderer",
    )


@pytest.fixture
def update_golden(request):
    """Whether golden files are to be rewritten instead of compared."""
    return bool(request.config.getoption("--update-golden", default=False)) or bool(
        os.environ.get("UPDATE_GOLDEN")
    )


@pytest.fixture
def answer() -> SizingAnswer:
    """Provide the hand-built answer."""
    return make_answer()


@pytest.fixture
def pipeline() -> Pipeline:
    """Provide a pipeline with a signing key and a fixed quote date."""
    return Pipeline(CheckoutConfig(signing_key=TEST_KEY), today=lambda: QUOTE_DAY)


@pytest.fixture
def answer_factory():
    """Build hand-made answers: ``answer_factory(options=..., recommended_index=...)``."""
    return make_answer


@pytest.fixture
def option_factory():
    """Build hand-made options: ``option_factory(plan=..., fits=...)``."""
    return make_option


@pytest.fixture
def render_every_reply():
    """``render_every_reply(loc)``: name -> Reply of every answer kind, from hand-made answers."""
    return every_reply


@pytest.fixture
def render_engine_replies():
    """``render_engine_replies(loc)``: the same kinds, from the real engine's answers."""
    return engine_replies
