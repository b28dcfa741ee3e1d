"""Warm a long-running process before its first customer.

The understanding step builds its patterns the first time a message needs them (some once per
language: number words, counters), the words of a language are read the first time an answer
is written in it, and each language compiles a template the first time it renders one: up to a
few hundred milliseconds each, which the first customers of a fresh replica would otherwise wait
for. ``warm_up`` builds every pattern (those of a language in every language), compiles every
template in every language and answers a few questions in each;
``freeze_start_up_objects`` then moves what start-up allocated out of the garbage collector's
way (``gc.freeze``), so that collections during answers scan only what the answers allocate.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import logging
import pkgutil
import time
from collections.abc import Callable, Iterator
from typing import Protocol

from bot.answers import localizer
from bot.languages import LANGUAGES
from bot.ops import collect_and_freeze
from bot.reply import ChatContext, Turn
from bot.understand import prepare as prepare_parser

log = logging.getLogger(__name__)

# Questions that reach every kind of answer (sizing with a budget, a comparison, prices,
# knowledge, help), written in English: the answer is in the language the chat is set to.
WARM_QUESTIONS: tuple[str, ...] = (
    "Llama 3.1 70B FP8 32K context for 8 users, only CUDA",
    "DeepSeek V3 128K context 20 users budget $5000",
    "/compare mi355x h200",
    "/price",
    "What is the difference between FP8 and BF16?",
    "/help",
)


class Responder(Protocol):
    """What warming needs of the pipeline."""

    def respond(self, text: str, chat: ChatContext, *, bot_username: str | None = None) -> Turn:
        """Answer one message."""
        ...


def _cached_builders(package: str) -> Iterator[tuple[Callable[..., object], tuple[str, ...]]]:
    """Yield each cached function defined in a package, with the names of its parameters."""
    root = importlib.import_module(package)
    names = [package] + [
        info.name for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}.")
    ]
    for name in names:
        module = importlib.import_module(name)
        for value in vars(module).values():
            wrapped = getattr(value, "__wrapped__", None)
            if not hasattr(value, "cache_info") or wrapped is None:
                continue
            if getattr(wrapped, "__module__", None) != name:
                continue  # imported from elsewhere: warmed where it is defined
            yield value, tuple(inspect.signature(wrapped).parameters)


def pattern_builders(package: str = "bot.understand") -> Iterator[Callable[[], object]]:
    """Yield the cached builders without arguments in a package (each builds patterns once)."""
    for build, parameters in _cached_builders(package):
        if not parameters:
            yield build


def language_builders(package: str = "bot.understand") -> Iterator[Callable[[str], object]]:
    """Yield the cached builders of one language's patterns (their one parameter: ``language``).

    Built on a first message in each language otherwise, in the middle of customers' answers.
    """
    for build, parameters in _cached_builders(package):
        if parameters == ("language",):
            yield build


def warm_up(pipeline: Responder) -> float:
    """Build every pattern and answer the warm questions in every language; return seconds.

    A failure is logged and serving goes on without the rest of the warm-up: a bug shows in
    customers' answers too, and start-up is not the place to die of it.
    """
    started = time.perf_counter()
    try:
        prepare_parser()  # every slot's words, in every script
        for build in pattern_builders():
            build()
        for build_for in language_builders():
            for language in LANGUAGES:
                build_for(language)
        for language in LANGUAGES:
            env = localizer(language).env  # every template compiled, not only those answered
            for name in env.list_templates(extensions=("j2",)):
                env.get_template(name)
        for language in LANGUAGES:
            for question in WARM_QUESTIONS:
                pipeline.respond(question, ChatContext(language=language))
    except Exception:
        log.warning("warm-up failed; serving without the rest of it", exc_info=True)
    took = time.perf_counter() - started
    log.info("warmed up", extra={"event": "warmed_up", "seconds": round(took, 2)})
    return took


def freeze_start_up_objects() -> None:
    """Put what start-up built out of the garbage collector's sight, once per process.

    The catalog, the compiled templates, the CLDR data and the libraries are about 100,000
    objects that live as long as the process; every full collection walked them all (about
    40 ms with everything stopped, the event loop included) every few hundred updates. Called
    once everything that lives as long as the process exists (the store, the application).
    """
    if gc.get_freeze_count() == 0:
        collect_and_freeze()


__all__ = [
    "WARM_QUESTIONS",
    "freeze_start_up_objects",
    "language_builders",
    "pattern_builders",
    "warm_up",
]
