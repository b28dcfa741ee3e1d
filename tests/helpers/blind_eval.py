"""Score a labelled message file with the parser and print a per-language table.

Usage: python tests/helpers/blind_eval.py FILE.jsonl [--table-only]

Each line of FILE is {"id", "lang", "text", "expect"}. A message is parsed twice: with its
`lang` as the Telegram language hint (as the bot receives it) and without any hint. Scoring:
- an expected value matches when equal (numbers compared as numbers, booleans as booleans);
- an expected list is "any of these" for a single-valued field, while `gpus` (itself a list)
  must equal the expected list in order;
- an expected null means the fact must be absent (missing, null or empty).
"all fields" counts a message right when its intent, every labelled field and the answer
language (with the hint) all match. This is a measuring tool: it prints figures and always
exits 0 on a readable file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.languages import LANGUAGES
from bot.understand import parse_message, parsed_to_json

LANGUAGE_ORDER = list(LANGUAGES)
ABSENT: tuple[Any, ...] = (None, "", [], {})


@dataclass
class Outcome:
    """How one message scored."""

    message_id: str
    lang: str
    text: str
    wrong: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    parsed: dict[str, Any] = field(default_factory=dict)
    language_unhinted: str | None = None

    @property
    def intent_ok(self) -> bool:
        """Whether the intent was right."""
        return "intent" not in self.wrong

    @property
    def language_ok(self) -> bool:
        """Whether the answer language was right with the Telegram hint."""
        return "language" not in self.wrong

    @property
    def language_unhinted_ok(self) -> bool:
        """Whether the answer language was right from the text alone."""
        return self.language_unhinted == self.lang

    @property
    def all_ok(self) -> bool:
        """Whether intent, every labelled field and the language were right."""
        return not self.wrong


def value_matches(name: str, expected: Any, got: Any) -> bool:
    """Whether a parsed value satisfies one expectation."""
    if expected is None:
        return got in ABSENT
    if name == "gpus":
        return isinstance(got, list) and got == expected
    if isinstance(expected, list):
        return any(value_matches(name, option, got) for option in expected)
    if isinstance(expected, bool) or isinstance(got, bool):
        return got is expected
    if isinstance(expected, int | float) and isinstance(got, int | float):
        return float(got) == float(expected)
    return bool(got == expected)


def parse_to_json(text: str, hint: str | None) -> dict[str, Any]:
    """Return the parser's JSON for a text; a crash is reported as a field, not raised."""
    try:
        return parsed_to_json(parse_message(text, telegram_language=hint))
    except Exception as error:  # noqa: BLE001 - a crash is a finding to report, not to stop on
        return {"crash": f"{type(error).__name__}: {error}"}


def score(row: dict[str, Any]) -> Outcome:
    """Parse one labelled message (with and without the hint) and compare it."""
    lang, text, expect = row["lang"], row["text"], row["expect"]
    parsed = parse_to_json(text, lang)
    outcome = Outcome(row["id"], lang, text, parsed=parsed)
    for name, expected in expect.items():
        got = parsed.get(name)
        if not value_matches(name, expected, got):
            outcome.wrong[name] = (expected, got)
    if parsed.get("language") != lang:
        outcome.wrong["language"] = (lang, parsed.get("language"))
    outcome.language_unhinted = parse_to_json(text, None).get("language")
    return outcome


def unambiguous(path: Path) -> list[dict[str, Any]]:
    """Read a labelled set's lines whole, leaving out those its writer marked ``ambiguous``."""
    with path.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return [row for row in rows if not row.get("ambiguous")]


def read_messages(path: Path) -> list[dict[str, Any]]:
    """Read the labelled messages of a JSONL file, exiting with a clear error on a bad line."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rows.append({key: row[key] for key in ("id", "lang", "text", "expect")})
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            sys.exit(f"{path}:{number}: not a labelled message ({error})")
    return rows


def rate(hits: int, total: int) -> str:
    """Format a share as a percentage."""
    return f"{100 * hits / total:5.1f}%" if total else "    -"


def table(outcomes: list[Outcome]) -> str:
    """Render the per-language table: messages, intent, language with/without hint, all."""
    langs = [lang for lang in LANGUAGE_ORDER if any(o.lang == lang for o in outcomes)]
    langs += sorted({o.lang for o in outcomes} - set(langs))
    header = f"{'lang':8} {'msgs':>5} {'intent':>7} {'lang+hint':>9} {'lang-hint':>9} {'all':>7}"
    lines = [header, "-" * len(header)]
    for label, group in [(lang, [o for o in outcomes if o.lang == lang]) for lang in langs] + [
        ("all", outcomes)
    ]:
        if label == "all":
            lines.append("-" * len(header))
        total = len(group)
        lines.append(
            f"{label:8} {total:5d} {rate(sum(o.intent_ok for o in group), total):>7}"
            f" {rate(sum(o.language_ok for o in group), total):>9}"
            f" {rate(sum(o.language_unhinted_ok for o in group), total):>9}"
            f" {rate(sum(o.all_ok for o in group), total):>7}"
        )
    return "\n".join(lines)


def short(value: Any) -> str:
    """Render a value as compact JSON, keeping non-ASCII text readable."""
    return json.dumps(value, ensure_ascii=False)


def misses(outcomes: list[Outcome]) -> str:
    """List every message with a wrong field, then how often each field was wrong."""
    wrong = [o for o in outcomes if not o.all_ok]
    lines = [f"\nMisses: {len(wrong)} of {len(outcomes)}"]
    for outcome in wrong:
        fields = "; ".join(
            f"{name}: want {short(want)} got {short(got)}"
            for name, (want, got) in outcome.wrong.items()
        )
        lines += [
            f"{outcome.message_id}  {short(outcome.text)}",
            f"    wrong: {fields}",
            f"    parsed: {short(outcome.parsed)}",
        ]
    by_field = Counter(name for outcome in wrong for name in outcome.wrong)
    lines.append("\nWrong fields: " + ", ".join(f"{n} {c}" for n, c in by_field.most_common()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Score the file named on the command line and print the report."""
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("file", type=Path, help="labelled messages, one JSON object a line")
    arguments.add_argument("--table-only", action="store_true", help="print the table only")
    options = arguments.parse_args(argv)
    outcomes = [score(row) for row in read_messages(options.file)]
    print(f"{options.file}: {len(outcomes)} messages")  # noqa: T201 - a report for the terminal
    print(table(outcomes))  # noqa: T201
    if not options.table_only:
        print(misses(outcomes))  # noqa: T201


if __name__ == "__main__":
    main()
