"""The understanding's acceptance bars on every labelled message set, in every language.

Sets (scored by ``blind_eval``, one JSON object per line, an expected ``null`` meaning absent):
- data/blind-a.jsonl: messages written before the parser was reworked, without reading it;
- data/blind-b.jsonl, data/blind-c.jsonl, data/blind-d.jsonl: three more sets written the same
  way, each first scored unseen, then its misses fixed by kind (general words and rules in
  every language, never the set's own phrases); the unseen figures are in the README;
- data/blind-conv-c.jsonl (200), blind-conv-c2.jsonl (120), blind-conv-c3.jsonl (80): the kinds
  of phrasing a sealed conversation set showed missed (cheaper said otherwise, CUDA as a
  condition, terms and fleets, models not sized, hardware not rented, salutations, the figure
  asked, local budgets, refunds, head counts) beside plain requests; each written before the
  changes it measured and first scored unseen (figures in the README);
- data/holdout-messages.jsonl: the project's own earlier held-out set;
- the reference folder's sample (``../shared/reference/dev-messages.jsonl``), held to the same
  bars on the machines that have that folder beside the project. It is not the project's to
  copy, so a clone without it scores the project's own sets only (none of them is skipped).

Bars, in every language: the intent right on 98% of messages, the answer language right on
99% (the Telegram language given as a hint, as the bot receives it), and every expected field
of a message right on 95% of messages; each kind of field right on 95% over a whole set.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bot.languages import LANGUAGES
from tests.helpers.blind_eval import (
    LANGUAGE_ORDER,
    Outcome,
    read_messages,
    score,
    table,
    value_matches,
)

DATA = Path(__file__).resolve().parent / "data"
SHARED_SAMPLE = Path(__file__).resolve().parents[3].parent / "shared" / "reference"
SHARED_SAMPLE /= "dev-messages.jsonl"
SETS = {
    "blind-a": DATA / "blind-a.jsonl",
    "blind-b": DATA / "blind-b.jsonl",
    "blind-c": DATA / "blind-c.jsonl",
    "blind-d": DATA / "blind-d.jsonl",
    "blind-conv-c": DATA / "blind-conv-c.jsonl",
    "blind-conv-c2": DATA / "blind-conv-c2.jsonl",
    "blind-conv-c3": DATA / "blind-conv-c3.jsonl",
    "holdout": DATA / "holdout-messages.jsonl",
}
if SHARED_SAMPLE.is_file():
    SETS["sample"] = SHARED_SAMPLE
MIN_INTENT_RATE = 0.98
MIN_LANGUAGE_RATE = 0.99
MIN_FIELDS_RATE = 0.95
MIN_MESSAGES_PER_LANGUAGE = 15
MIN_MESSAGES = 200

BARS = {
    "intent": MIN_INTENT_RATE,
    "language": MIN_LANGUAGE_RATE,
    "all fields": MIN_FIELDS_RATE,
    "each field": MIN_FIELDS_RATE,
}


_scored: dict[str, list[Outcome]] = {}


@pytest.fixture(params=list(SETS))
def scored(request: pytest.FixtureRequest) -> tuple[str, list[Outcome]]:
    """Score each set once for all tests of this module."""
    name = request.param
    if name not in _scored:
        _scored[name] = [score(row) for row in read_messages(SETS[name])]
    return name, _scored[name]


def _report(name: str, outcomes: list[Outcome], failing: list[Outcome]) -> str:
    """Return the per-language table and the failed messages."""
    lines = [f"{name}:", table(outcomes), *(f"{o.message_id}: {o.wrong}" for o in failing)]
    return "\n".join(lines)


def _by_language(outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.lang, []).append(outcome)
    return groups


def _weak_languages(outcomes: list[Outcome], passed: str, minimum: float) -> list[str]:
    return [
        language
        for language, group in _by_language(outcomes).items()
        if sum(getattr(o, passed) for o in group) / len(group) < minimum
    ]


def test_intent_is_right_on_98_percent_in_every_language(scored):
    """In each language at least 98% of the messages get the expected intent."""
    name, outcomes = scored
    weak = _weak_languages(outcomes, "intent_ok", BARS["intent"])
    failing = [o for o in outcomes if not o.intent_ok]
    assert not weak, _report(name, outcomes, failing)


def test_language_is_right_on_99_percent_in_every_language(scored):
    """In each language at least 99% are answered in it (Telegram language as the hint)."""
    name, outcomes = scored
    weak = _weak_languages(outcomes, "language_ok", BARS["language"])
    failing = [o for o in outcomes if not o.language_ok]
    assert not weak, _report(name, outcomes, failing)


def test_every_expected_field_is_right_on_95_percent_in_every_language(scored):
    """In each language at least 95% of the messages have every expected field right."""
    name, outcomes = scored
    weak = _weak_languages(outcomes, "all_ok", BARS["all fields"])
    failing = [o for o in outcomes if not o.all_ok]
    assert not weak, _report(name, outcomes, failing)


def test_each_kind_of_field_is_right_on_95_percent(scored):
    """Over a set, each labelled field (model, context, KV dtype...) is right on 95%."""
    name, outcomes = scored
    minimum = BARS["each field"]
    labelled: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    rows = {row["id"]: row for row in read_messages(SETS[name])}
    for outcome in outcomes:
        labelled.update(rows[outcome.message_id]["expect"].keys())
        wrong.update(field for field in outcome.wrong if field != "language")
    weak = {
        field: f"{1 - wrong[field] / count:.1%}"
        for field, count in labelled.items()
        if 1 - wrong[field] / count < minimum
    }
    assert not weak, f"{name}: {weak}"


def test_every_set_covers_every_language_with_enough_messages():
    """The project's sets hold 200+ messages, 15+ per language, unique ids, each an intent."""
    for name in ("blind-a", "holdout"):
        messages = [json.loads(line) for line in SETS[name].read_text("utf-8").splitlines()]
        per_language = Counter(message["lang"] for message in messages)
        assert len(messages) >= MIN_MESSAGES, name
        assert all(per_language[language] >= MIN_MESSAGES_PER_LANGUAGE for language in LANGUAGES)
        assert len({message["id"] for message in messages}) == len(messages), name
        assert all("intent" in message["expect"] for message in messages), name
    assert set(LANGUAGE_ORDER) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("field", "expected", "got", "matches"),
    [
        ("precision", None, None, True),
        ("gpus", None, [], True),
        ("budget_usd_month", None, 15000, False),
        ("precision", ["int8", "fp8"], "fp8", True),
        ("precision", ["int8", "fp8"], None, False),
        ("gpus", ["h200"], ["h200"], True),
        ("gpus", ["h200", "b200"], ["b200", "h200"], False),
        ("context_tokens", 131072, 131072.0, True),
        ("cuda_only", False, None, False),
        ("cuda_only", False, False, True),
    ],
)
def test_scoring_compares_fields_as_the_labels_mean(field, expected, got, matches):
    """Null means absent, a list means any of it (GPUs in order), false is not absent."""
    assert value_matches(field, expected, got) is matches
