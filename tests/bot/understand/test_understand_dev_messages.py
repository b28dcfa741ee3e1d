"""The acceptance figures on the shared sample of real-style customer messages."""

from __future__ import annotations

import pytest
from understand_dev_eval import DEV_MESSAGES, evaluate, table

pytestmark = pytest.mark.skipif(not DEV_MESSAGES.exists(), reason="shared reference absent")

MIN_INTENT_RATE = 0.95
MIN_LANGUAGE_RATE = 0.98
MIN_FIELDS_RATE = 0.90


@pytest.fixture(scope="module")
def tallies():
    """Score the sample once for all tests of this module."""
    results = evaluate()
    print("\n" + table(results))  # noqa: T201 - shown with pytest -s: the table for the note
    return results


def test_intent_is_right_on_95_percent(tallies):
    """At least 95% of the sample gets the expected intent."""
    overall = tallies["all"]
    assert overall.rate(overall.intent) >= MIN_INTENT_RATE, overall.misses


def test_language_is_right_on_98_percent(tallies):
    """At least 98% of the sample is answered in its own language (Telegram hint given)."""
    overall = tallies["all"]
    assert overall.rate(overall.language) >= MIN_LANGUAGE_RATE, overall.misses


def test_every_expected_field_is_recovered_on_90_percent(tallies):
    """At least 90% of messages have every expected field right (a list: any of its values)."""
    overall = tallies["all"]
    assert overall.rate(overall.fields) >= MIN_FIELDS_RATE, overall.misses


def test_every_language_of_the_sample_is_scored(tallies):
    """The sample covers all ten languages, so the table has a row for each."""
    assert all(tallies[name].messages for name in tallies), table(tallies)
