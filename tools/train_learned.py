# noqa: INP001 - a standalone tool run from the project root, not part of a package
"""Train the learned heads of ``bot.understand.learned`` on the labelled messages.

Usage:
    python tools/train_learned.py                 # train on every set, write the shipped model
    python tools/train_learned.py --holdout bk,bm # train without those sets, score them, write
                                                  # nothing (the held-out figures of the README)
    python tools/train_learned.py --check         # exit 1 when the shipped model is stale

Every labelled line of ``tests/bot/understand/data/*.jsonl`` with an ``expect`` of a head's
field is read by the rules alone (``parse_message(..., learned=False)``, the line's language as
the Telegram hint), as the bot reads it before the heads. Retrain after a change to the labelled
sets (the model records their digest, and a test compares it) or to the rules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.understand import learned, parse_message, parsed_to_json  # noqa: E402
from tests.helpers.blind_eval import value_matches  # noqa: E402

DATA = ROOT / "tests" / "bot" / "understand" / "data"


def data_files(data: Path = DATA) -> list[Path]:
    """Return the labelled sets, in a fixed order."""
    return sorted(data.glob("*.jsonl"))


def data_digest(files: Sequence[Path]) -> str:
    """Return a digest of the labelled sets' names and bytes (the model records its own)."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _read(row: dict[str, Any]) -> dict[str, Any]:
    parsed = parse_message(row["text"], telegram_language=row.get("lang"), learned=False)
    return {**row, "parsed": parsed_to_json(parsed)}


def labelled_rows(files: Sequence[Path], workers: int = 2) -> list[dict[str, Any]]:
    """Every labelled line of the files, with the rules' reading under ``parsed``."""
    rows = []
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else None
            if isinstance(row, dict) and isinstance(row.get("expect"), dict) and "text" in row:
                rows.append({**row, "file": path.name})
    with Pool(workers) as pool:
        return pool.map(_read, rows, chunksize=64)


def accepted(row: dict[str, Any], field: str) -> tuple[str, ...]:
    """Return the classes a line's label accepts for a head."""
    wanted = row["expect"][field]
    options = wanted if isinstance(wanted, list) else [wanted]
    return tuple(learned.NONE if option is None else str(option) for option in options)


def train(rows: Sequence[dict[str, Any]], threshold: float) -> list[learned.Head]:
    """One head per shipped field, on the lines that label it."""
    heads = []
    for field in learned.HEADS:
        labelled = [row for row in rows if field in row["expect"]]
        classes = sorted(
            {name for row in labelled for name in accepted(row, field)}
            | {learned.value_of(row["parsed"], field) for row in rows}
        )
        examples = [
            learned.Example(
                learned.features(row["text"], row["parsed"], field), accepted(row, field)
            )
            for row in labelled
        ]
        heads.append(learned.train_head(field, examples, classes, threshold=threshold))
    return heads


def _all_right(row: dict[str, Any], parsed: dict[str, Any]) -> bool:
    right = all(value_matches(name, want, parsed.get(name)) for name, want in row["expect"].items())
    return right and parsed.get("language") == row.get("lang")


def score(heads: Sequence[learned.Head], rows: Sequence[dict[str, Any]]) -> str:
    """Per set: lines, intent and all fields right by the rules, then with the heads."""
    counts: dict[str, Counter[str]] = {}
    for row in rows:
        rules = row["parsed"]
        mended = dict(rules)
        for head in heads:
            choice = learned.choice_of(head, row["text"], rules)
            if choice is not None:
                mended[head.field] = None if choice == learned.NONE else choice
        tally = counts.setdefault(row["file"], Counter())
        tally["lines"] += 1
        tally["intent rules"] += value_matches(
            "intent", row["expect"].get("intent"), rules.get("intent")
        )
        tally["intent learned"] += value_matches(
            "intent", row["expect"].get("intent"), mended.get("intent")
        )
        tally["all rules"] += _all_right(row, rules)
        tally["all learned"] += _all_right(row, mended)
    total: Counter[str] = Counter()
    lines = [
        f"{'set':32} {'lines':>5} {'intent rules→learned':>22} {'all fields rules→learned':>26}"
    ]
    for name, tally in sorted(counts.items()):
        total.update(tally)
        lines.append(_row(name, tally))
    lines.append(_row("all", total))
    return "\n".join(lines)


def _row(name: str, tally: Counter[str]) -> str:
    n = tally["lines"] or 1
    intent = f"{100 * tally['intent rules'] / n:.1f}→{100 * tally['intent learned'] / n:.1f}%"
    fields = f"{100 * tally['all rules'] / n:.1f}→{100 * tally['all learned'] / n:.1f}%"
    return f"{name:32} {tally['lines']:>5} {intent:>22} {fields:>26}"


def main(argv: Sequence[str] | None = None) -> int:
    """Train and write the model, score held-out sets, or check the shipped model is current."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--holdout", help="set ids or file names left out and scored")
    options.add_argument("--score", nargs="*", default=[], help="other labelled files to score")
    options.add_argument("--threshold", type=float, default=0.9)
    options.add_argument("--check", action="store_true")
    options.add_argument("--out", type=Path, default=learned.MODEL_PATH)
    args = options.parse_args(argv)
    files = data_files()
    digest = data_digest(files)
    if args.check:
        shipped = learned.shipped_digest()
        sys.stdout.write(
            "current\n" if shipped == digest else "stale: run tools/train_learned.py\n"
        )
        return 0 if shipped == digest else 1
    held = {
        part if part.endswith(".jsonl") else f"blind-conv-{part}.jsonl"
        for part in (args.holdout or "").split(",")
        if part
    }
    rows = labelled_rows(files + [Path(name) for name in args.score])
    extra = {Path(name).name for name in args.score}
    trained = [row for row in rows if row["file"] not in held | extra]
    heads = train(trained, args.threshold)
    scored = [row for row in rows if row["file"] in held | extra]
    if scored:
        sys.stdout.write(score(heads, scored) + "\n")
    if not held:
        learned.save_heads(heads, args.out, digest)
        sys.stdout.write(f"wrote {args.out} from {len(trained)} lines ({digest[:12]})\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
