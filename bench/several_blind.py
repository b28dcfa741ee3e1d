"""Score a set of several-model and LoRA-adapter messages against the parser, by kind.

Usage: .venv/bin/python bench/several_blind.py FILE.jsonl [--misses]

Each line is {"id", "lang", "kind", "text", "expect"}. ``expect`` holds ``intent``, top-level
fields (``model``, ``lora_adapters``, ``lora_rank``, ``concurrency``, ``context_tokens``) and
``members``: a list of per-model expectations (each compared field by field, in order), or
null when the message must not be read as several models. A list for a single-valued field
is "any of these"; an expected null means absent. A line is right when every field is.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from bot.understand import parse_message, parsed_to_json

ABSENT = (None, "", [], {})


def _same(expected: Any, got: Any) -> bool:  # noqa: ANN401 - JSON values
    if expected is None:
        return got in ABSENT
    if isinstance(expected, list):
        return got in expected
    if isinstance(expected, int | float) and isinstance(got, int | float):
        return float(expected) == float(got)
    return bool(expected == got)


def _member_right(expected: dict[str, Any], got: dict[str, Any]) -> bool:
    return all(_same(value, got.get(name)) for name, value in expected.items())


def _wrong(expect: dict[str, Any], parsed: dict[str, Any]) -> list[str]:
    wrong = []
    for name, value in expect.items():
        if name == "members":
            got = parsed.get("members") or []
            if value is None:
                if got:
                    wrong.append("members")
            elif len(got) != len(value) or not all(
                _member_right(e, g) for e, g in zip(value, got, strict=False)
            ):
                wrong.append("members")
        elif not _same(value, parsed.get(name)):
            wrong.append(name)
    return wrong


def main() -> int:
    """Print lines right by kind and by language, and the misses when asked."""
    path = Path(sys.argv[1])
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    by_kind: Counter[str] = Counter()
    right_kind: Counter[str] = Counter()
    misses = Counter()
    shown = []
    for line in lines:
        parsed = parsed_to_json(parse_message(line["text"], telegram_language=line["lang"]))
        wrong = _wrong(line["expect"], parsed)
        by_kind[line["kind"]] += 1
        right_kind[line["kind"]] += not wrong
        misses.update(wrong)
        if wrong:
            shown.append((line["id"], wrong, line["text"][:90], {k: parsed.get(k) for k in wrong}))
    total = sum(by_kind.values())
    right = sum(right_kind.values())
    print(f"{path.name}: {right} of {total} lines right ({right / total:.1%})")
    for kind in sorted(by_kind):
        print(f"  {kind:14} {right_kind[kind]:4} of {by_kind[kind]:4}")
    print("  misses by field: " + ", ".join(f"{k} {v}" for k, v in misses.most_common()))
    if "--misses" in sys.argv:
        for item in shown:
            print(" ", *item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
