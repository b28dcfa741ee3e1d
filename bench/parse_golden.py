"""Every message the project holds, parsed under several language hints, against a golden file.

Run: ``python bench/parse_golden.py --write /tmp/parse-golden.jsonl`` once, then after a change
``python bench/parse_golden.py --check /tmp/parse-golden.jsonl``: it prints how many texts and
hints were compared and each difference, and exits 1 on any. The messages are the ``text`` of
every JSON-lines file under tests/ (and each turn of a file with ``turns``), the shared
development set, and the throughput benchmark's typical messages; the hints are none, en, ru,
zh-hans and ja. Each result is the whole ``ParsedRequest`` (every field, nested), not only its
DESIGN.md JSON, so that a change to any part of what the parser returns is seen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# This checkout's code, not whichever checkout the environment was installed from.
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from parse_throughput import MESSAGES  # noqa: E402

from bot.understand import parse_message  # noqa: E402

SHARED = ROOT.parent / "shared" / "reference" / "dev-messages.jsonl"
HINTS = (None, "en", "ru", "zh-hans", "ja")


def texts() -> list[str]:
    """Every distinct message text, in a stable order."""
    found: list[str] = list(MESSAGES)
    paths = sorted(ROOT.joinpath("tests").rglob("*.jsonl"))
    if SHARED.exists():
        paths.append(SHARED)
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if not isinstance(row, dict):
                continue
            if isinstance(row.get("text"), str):
                found.append(row["text"])
            for turn in row.get("turns") or ():
                if isinstance(turn, str):
                    found.append(turn)
                elif isinstance(turn, dict) and isinstance(turn.get("text"), str):
                    found.append(turn["text"])
    return list(dict.fromkeys(found))


def plain(value: Any) -> Any:  # noqa: ANN401, PLR0911 - any field of the parsed request
    """Return a JSON-ready copy of ``value``, types kept visible (an enum, a Decimal, a tuple)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "__type__": type(value).__name__,
            **{f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Decimal):
        return f"Decimal({value})"
    if isinstance(value, float):
        return f"float({value!r})"
    if isinstance(value, (list, tuple)):
        return {"__seq__": type(value).__name__, "items": [plain(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted(repr(v) for v in value)}
    if isinstance(value, dict):
        return {repr(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return repr(value)


def results() -> dict[str, str]:
    """Each (hint, text) key to its parsed request as one JSON line."""
    out: dict[str, str] = {}
    for hint in HINTS:
        for text in texts():
            parsed = parse_message(text, telegram_language=hint)
            key = json.dumps([hint, text], ensure_ascii=False)
            out[key] = json.dumps(plain(parsed), ensure_ascii=False, sort_keys=True)
    return out


def main() -> int:
    """Write or check the golden file; 1 when any result differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="write the golden file")
    mode.add_argument("--check", type=Path, help="compare with the golden file")
    args = parser.parse_args()
    now = results()
    if args.write:
        with args.write.open("w", encoding="utf-8") as file:
            for key, value in now.items():
                file.write(f"{key}\t{value}\n")
        print(f"wrote {len(now)} results ({len(texts())} texts x {len(HINTS)} hints)")
        return 0
    golden: dict[str, str] = {}
    for line in args.check.read_text(encoding="utf-8").splitlines():
        key, value = line.split("\t", 1)
        golden[key] = value
    differ = [key for key in golden.keys() | now.keys() if golden.get(key) != now.get(key)]
    for key in sorted(differ)[:20]:
        print(f"DIFF {key}\n  was: {golden.get(key)}\n  now: {now.get(key)}")
    print(
        f"compared {len(now)} results ({len(texts())} texts x {len(HINTS)} hints) "
        f"with {len(golden)} golden: {len(differ)} differences"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
