"""Print the plan and price the assistant recommends for a fixed list of questions.

Usage: .venv/bin/python bench/advice_table.py [bench/data/advice-questions.jsonl]

Each line of the input is {"id", "lang", "text"}; the output is one row per question with the
recommended plan, quantity, monthly price, weight precision and KV dtype the answer used, so
that a change to the advice can be shown before and after on questions written beforehand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

DEFAULT = Path(__file__).with_name("data") / "advice-questions.jsonl"


def main() -> None:
    """Ask every question through ``bot ask --jsonl --format json`` and tabulate the picks."""
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    questions = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
    stdin = "\n".join(json.dumps({"text": q["text"], "lang": q["lang"]}) for q in questions)
    run = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--jsonl", "--format", "json"],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    print("| id | question | plan | qty | US$/month | weights | KV |")
    print("|---|---|---|---|---|---|---|")
    for question, answer in zip(questions, answers, strict=False):
        data = answer.get("data") or {}
        index = data.get("recommended_index")
        options = data.get("options") or []
        request = data.get("request") or {}
        pick = options[index] if isinstance(index, int) and index < len(options) else {}
        plan = pick.get("plan") or ("-" if answer.get("kind") == "size" else answer.get("kind"))
        if not pick and answer.get("links"):  # a knowledge answer: the plan its order link names
            query = parse_qs(urlsplit(answer["links"][0]["url"]).query)
            plan = f"{query['plan'][0]} ({answer.get('kind')})"
            offers = [
                point["values"]
                for point in data.get("points") or []
                if point.get("fact") == "plan_offer"
            ]
            pick = {
                "servers": query["quantity"][0],
                "monthly_usd": offers[0].get("monthly_usd") if offers else None,
            }
        # The weights and KV cache the pick was sized with (its variant), else the request's.
        variant = pick.get("variant") or {}
        weights = variant.get("weight_format") or request.get("precision", "-")
        kv = variant.get("kv_dtype") or request.get("kv_dtype", "-")
        print(
            f"| {question['id']} | {question['text']} | {plan} | {pick.get('servers', '-')} "
            f"| {pick.get('monthly_usd') or '-'} | {weights} | {kv} |"
        )


if __name__ == "__main__":
    main()
