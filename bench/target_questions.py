"""Print the plan the chat answers twenty service-level questions with (ten languages).

Usage: .venv/bin/python bench/target_questions.py [--markdown]

Each line of ``bench/data/target-questions.jsonl`` goes through the chat's pipeline (``python
-m bot ask --format json``): the language, the targets read, the plan and quantity picked,
whether it meets them, and the first line of the answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "target-questions.jsonl"


def _ask(lines: list[str]) -> list[dict[str, object]]:
    run = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--jsonl", "--format", "json"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def _plan(answer: dict[str, object]) -> str:
    data = answer.get("data") or answer
    if not isinstance(data, dict):
        return "-"
    index = data.get("recommended_index")
    options = data.get("options") or []
    if index is None or not isinstance(options, list):
        return "none"
    option = options[index]
    met = option.get("meets_targets")
    mark = "" if met is None else (" meets" if met else " misses")
    return f"{option.get('servers')}x {option.get('plan')}{mark}"


def main() -> int:
    """Print one row per question."""
    questions = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    answers = _ask([json.dumps(q, ensure_ascii=False) for q in questions])
    for question, answer in zip(questions, answers, strict=False):
        text = str(answer.get("text", "")).splitlines()
        first = text[0] if text else ""
        print(f"{question['lang']:8} {_plan(answer):28} {question['text'][:60]}")
        print(f"{'':8} {first[:140]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
