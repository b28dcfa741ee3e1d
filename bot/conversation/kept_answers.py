"""Knowledge answers kept while the catalog they were made from is the one in use.

A knowledge answer is made from the catalog alone (GPUs, plans, ``knowledge.json``): the same
question gets the same answer whoever asks, and its reply can then be kept too
(``bot.answers.kept``, by the answer object). Each answer remembers the tables it was made with
(``catalog_in_use``) and is given only while those are still the ones in use; at most
``KEPT_ANSWERS`` questions, the least recently asked dropped first (a question may name any
model size).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from sizing import KnowledgeAnswer, Question, catalog_in_use

KEPT_ANSWERS = 256


class KnowledgeAnswers:
    """The answers of recent questions, made by ``answer`` (the engine's ``answer_question``)."""

    def __init__(
        self, answer: Callable[[Question], KnowledgeAnswer], size: int = KEPT_ANSWERS
    ) -> None:
        self._answer = answer
        self._size = size
        self._items: OrderedDict[Question, tuple[tuple[object, ...], KnowledgeAnswer]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many answers are kept."""
        return len(self._items)

    def answer(self, question: Question) -> KnowledgeAnswer:
        """Return the answer to ``question``: the kept one, if made with the catalog in use."""
        tables = catalog_in_use()
        with self._lock:
            item = self._items.get(question)
            if item is not None and all(
                old is new for old, new in zip(item[0], tables, strict=True)
            ):
                self._items.move_to_end(question)
                return item[1]
        found = self._answer(question)
        with self._lock:
            self._items[question] = (tables, found)
            self._items.move_to_end(question)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return found
