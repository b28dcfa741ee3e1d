"""Warming a long-running process: every pattern built and every language's words read."""

from __future__ import annotations

import gc

import pytest

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.conversation.pipeline import Pipeline
from bot.languages import LANGUAGES
from bot.runtime.warm import (
    WARM_QUESTIONS,
    freeze_start_up_objects,
    language_builders,
    pattern_builders,
    warm_up,
)
from bot.understand import concurrency, gpu_count, lexicon, platform, rental


@pytest.fixture
def unfrozen():
    """Put what warming froze back under the collector after the test."""
    yield
    gc.unfreeze()


def test_the_builders_found_are_the_patterns_built_on_first_use():
    """Cached builders without arguments, found in every module of the understanding step."""
    builders = set(pattern_builders())
    assert concurrency._count_then_noun in builders
    assert platform._cuda_only_re in builders


def test_warming_builds_every_pattern_and_answers_in_every_language(unfrozen):
    """After warming no pattern is left to build, and every language has answered."""
    seen: list[tuple[str, str | None]] = []

    class Recording(Pipeline):
        def respond(self, text, chat, *, bot_username=None):
            seen.append((text, chat.language))
            return super().respond(text, chat, bot_username=bot_username)

    pipeline = Recording(CheckoutConfig())
    platform._cuda_only_re.cache_clear()
    took = warm_up(pipeline)
    assert took > 0
    assert platform._cuda_only_re.cache_info().currsize == 1
    assert all(b.cache_info().currsize == 1 for b in pattern_builders())
    languages = {language for _, language in seen}
    assert len(languages) == 10
    assert len(seen) == 10 * len(WARM_QUESTIONS)


def test_a_failing_warm_up_is_logged_and_start_up_goes_on(caplog):
    """A bug met while warming shows in the log; the process still starts."""

    class Broken(Pipeline):
        def respond(self, *_args, **_kwargs):
            raise RuntimeError("broken")

    assert warm_up(Broken(CheckoutConfig())) >= 0
    assert "warm-up failed" in caplog.text


def test_start_up_objects_are_frozen_once(unfrozen):
    """The collector stops walking what start-up built; a second call changes nothing."""
    gc.unfreeze()
    freeze_start_up_objects()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    [object() for _ in range(10)]
    freeze_start_up_objects()
    assert gc.get_freeze_count() == frozen


def test_warming_compiles_every_template_in_every_language(unfrozen):
    """No answer compiles a template later: each language's environment has them all."""
    warm_up(Pipeline(CheckoutConfig()))
    for language in LANGUAGES:
        env = localizer(language).env
        names = env.list_templates(extensions=("j2",))
        assert names
        assert env.cache is not None
        cached = {key[1] for key in env.cache}
        assert set(names) <= cached


def test_warming_compiles_every_slot_in_every_script(unfrozen):
    """A message in a script not seen before compiles nothing: each slot's parts are built."""
    lexicon._by_script.cache_clear()
    warm_up(Pipeline(CheckoutConfig()))
    built = lexicon._by_script.cache_info().currsize
    expected = sum(len(lexicon._sources_by_script(slot)) for slot in lexicon.SLOTS)
    assert built == expected > 0


def test_warming_builds_each_languages_patterns_in_every_language(unfrozen):
    """A first message in any language compiles nothing: the per-language patterns are built."""
    builders = list(language_builders())
    assert gpu_count._word_pattern in builders
    assert rental._servers_patterns in builders
    for build in builders:
        build.cache_clear()
    warm_up(Pipeline(CheckoutConfig()))
    for build in builders:
        assert build.cache_info().currsize == len(LANGUAGES), build.__name__
