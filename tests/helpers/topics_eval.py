"""Scoring the topic matcher on a labelled question file, per language.

The files in tests/bot/understand/data/: topics-dev.jsonl (written before the matcher, the set it
was developed on) and topics-holdout.jsonl (written after it was done, never tuned to).
Each line: ``{"id", "lang", "text", "expect": {"intent", "topic"?, "gpus"?, "spec"?}}``; a
message counts as right when its intent, topic, spec and GPUs all match.

Run ``python tests/helpers/topics_eval.py [FILE]`` to print the table and the misses.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.languages import LANGUAGES
from bot.understand import parse_message

DATA = Path(__file__).resolve().parents[1] / "bot" / "understand" / "data"
DEV_QUESTIONS = DATA / "topics-dev.jsonl"
HOLDOUT_QUESTIONS = DATA / "topics-holdout.jsonl"


@dataclass
class Score:
    """Right answers out of questions, for one language (or all)."""

    questions: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        """Share of questions answered right."""
        return self.right / self.questions if self.questions else 1.0


def judge(expect: dict, text: str, lang: str) -> str | None:
    """Return what is wrong with the parse of ``text`` (``None`` when it is right)."""
    parsed = parse_message(text, telegram_language=lang)
    got = {
        "intent": parsed.intent.value,
        "topic": parsed.topic,
        "spec": parsed.spec,
        "gpus": sorted(set(parsed.facts.gpus)),
    }
    wrong = [
        f"{key}={got[key]!r} (want {expect[key]!r})"
        for key in ("intent", "topic", "spec")
        if key in expect and expect[key] != got[key]
    ]
    if "gpus" in expect and sorted(expect["gpus"]) != got["gpus"]:
        wrong.append(f"gpus={got['gpus']} (want {sorted(expect['gpus'])})")
    return "; ".join(wrong) or None


def evaluate(path: Path) -> dict[str, Score]:
    """Score every question of ``path``; keys are languages plus "all"."""
    scores = {language: Score() for language in (*LANGUAGES, "all")}
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        problem = judge(item["expect"], item["text"], item["lang"])
        for key in (item["lang"], "all"):
            scores[key].questions += 1
            if problem is None:
                scores[key].right += 1
            else:
                scores[key].misses.append(f"{item['id']} {item['text']!r}: {problem}")
    return scores


def table(scores: dict[str, Score]) -> str:
    """Render the per-language table."""
    rows = [f"{'language':<9} {'right':>7} {'rate':>6}"]
    for name, score in scores.items():
        rows.append(f"{name:<9} {score.right:>3}/{score.questions:<3} {score.rate:>6.0%}")
    return "\n".join(rows)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEV_QUESTIONS
    result = evaluate(target)
    print(table(result))  # noqa: T201 - a report script
    for miss in result["all"].misses:
        print("miss:", miss)  # noqa: T201
