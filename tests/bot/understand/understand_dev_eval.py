"""Scoring the parser on a labelled message file, and the per-language table.

The files: ../shared/reference/dev-messages.jsonl (the shared sample) and the project's own
held-out set, data/holdout-messages.jsonl beside this module. An expected ``null`` means the
fact must be absent (e.g. a budget in euros is no USD budget; "H100" names none of our GPUs).

Run ``python tests/bot/understand/understand_dev_eval.py [FILE]`` to print the table. Each message
is parsed with its language as the Telegram hint, as the bot would receive it; the language
rate without the hint is printed beside it (short messages like "lol" carry no evidence).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.request import LANGUAGES
from bot.understand import parse_message, parsed_to_json

REPO_ROOT = Path(__file__).resolve().parents[3]
DEV_MESSAGES = REPO_ROOT.parent / "shared" / "reference" / "dev-messages.jsonl"
HOLDOUT_MESSAGES = Path(__file__).resolve().parent / "data" / "holdout-messages.jsonl"


@dataclass
class Tally:
    """Counts for one language (or all)."""

    messages: int = 0
    intent: int = 0
    language: int = 0
    language_unhinted: int = 0
    fields: int = 0
    misses: list[str] = field(default_factory=list)

    def rate(self, count: int) -> float:
        """Return ``count`` as a share of the messages."""
        return count / self.messages if self.messages else 1.0


def field_matches(expected: Any, got: Any) -> bool:
    """Compare one field: an expected list of strings means any of them (``gpus`` is a list).

    An expected ``None`` means absent: missing, null or an empty list all match it.
    """
    if expected is None:
        return got in (None, [], ())
    if isinstance(expected, list) and expected and not isinstance(got, list):
        return got in expected
    if isinstance(expected, float | int) and isinstance(got, float | int):
        return float(expected) == float(got)
    return bool(expected == got)


def evaluate(path: Path = DEV_MESSAGES) -> dict[str, Tally]:
    """Score every message; keys are languages plus "all"."""
    tallies = {language: Tally() for language in (*LANGUAGES, "all")}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        message = json.loads(line)
        got = parsed_to_json(parse_message(message["text"], telegram_language=message["lang"]))
        unhinted = parse_message(message["text"]).language
        expect = message["expect"]
        wrong = [key for key, value in expect.items() if not field_matches(value, got.get(key))]
        for tally in (tallies[message["lang"]], tallies["all"]):
            tally.messages += 1
            tally.intent += field_matches(expect.get("intent"), got["intent"])
            tally.language += got["language"] == message["lang"]
            tally.language_unhinted += unhinted == message["lang"]
            tally.fields += not wrong
            if wrong or got["language"] != message["lang"]:
                tally.misses.append(f"{message['id']}: {wrong} got {got}")
    return tallies


def table(tallies: dict[str, Tally]) -> str:
    """Render a Markdown table: messages, intent, language (hinted, message only), fields."""
    rows = [
        "| language | messages | intent | language | language (no hint) | all fields |",
        "|---|---|---|---|---|---|",
    ]
    for name, tally in tallies.items():
        if not tally.messages:
            continue
        rows.append(
            f"| {name} | {tally.messages} | {tally.rate(tally.intent):.1%} "
            f"| {tally.rate(tally.language):.1%} | {tally.rate(tally.language_unhinted):.1%} "
            f"| {tally.rate(tally.fields):.1%} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    import sys

    results = evaluate(Path(sys.argv[1]) if len(sys.argv) > 1 else DEV_MESSAGES)
    print(table(results))  # noqa: T201 - this script prints the table
    for miss in results["all"].misses:
        print(" miss", miss)  # noqa: T201
