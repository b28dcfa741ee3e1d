"""The fuzzed lines of ``fuzz_ask_jsonl.py`` answered in-process, the slow ones profiled.

Each line goes through the code path of ``python -m bot ask --jsonl`` (read the line, answer
it, write its JSON line), timed in CPU time of this thread (other processes on the machine
leave it alone). Prints p50/p99/p99.9/max and, for every line over ``--slow-ms`` (at most
``--profile`` of them, slowest first), a cProfile of that line answered again (the kept
answers dropped first).

    .venv/bin/python bench/profile_ask_jsonl.py [--count 50000] [--seed 13] [--slow-ms 10]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from array import array
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from bench.fuzz_ask_jsonl import fuzz_line  # noqa: E402
from bot.answers.checkout import CheckoutConfig  # noqa: E402
from bot.cli.ask import AUTO, TICKET_MEDIUM, _jsonl_answer  # noqa: E402
from bot.cli.jsonl import LineError, item_of, json_line, read_lines  # noqa: E402
from bot.conversation.pipeline import Pipeline  # noqa: E402
from bot.ops.gc_policy import stream_collection  # noqa: E402
from bot.runtime.warm import freeze_start_up_objects, warm_up  # noqa: E402
from sizing.deploy.engine import forget_answers  # noqa: E402


def answer_line(answer: Any, raw: bytes) -> str:  # noqa: ANN401 - the command's answer function
    """Answer one input line as ``run_stream`` does; return the output line."""
    ((number, line),) = list(read_lines(io.BytesIO(raw + b"\n"))) or [(1, LineError("blank"))]
    try:
        return json_line(answer(item_of(number, line)))
    except LineError as error:
        return json_line({"line": number, "error": str(error)})


def main() -> int:
    """Replay the lines, print the figures and the profiles of the slow ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--slow-ms", type=float, default=10.0)
    parser.add_argument("--profile", type=int, default=20, help="slow lines to profile")
    parser.add_argument("--top", type=int, default=25, help="functions shown per profile")
    parser.add_argument("--save", help="write the slow lines here (one JSON line each)")
    args = parser.parse_args()

    pipeline = Pipeline(CheckoutConfig.from_env(medium=TICKET_MEDIUM))
    warm_up(pipeline)
    freeze_start_up_objects()
    answer = _jsonl_answer(pipeline, AUTO)
    rng = random.Random(args.seed)
    times = array("d")
    slow: list[tuple[float, bytes, int]] = []
    with stream_collection() as after_line:  # the garbage collection of ``ask --jsonl``
        for _ in range(args.count):
            raw, _valid = fuzz_line(rng)
            before = time.thread_time()
            out = answer_line(answer, raw)
            after_line()  # a collection between lines is counted in the line before it
            took = time.thread_time() - before
            times.append(took)
            if took * 1000 > args.slow_ms:
                slow.append((took, raw, len(out)))
    ordered = sorted(times)

    def pct(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    print(
        f"lines {len(ordered):,} | CPU ms p50 {pct(0.5):.2f} p99 {pct(0.99):.2f} "
        f"p99.9 {pct(0.999):.2f} max {ordered[-1] * 1000:.2f} | over {args.slow_ms:g} ms: "
        f"{len(slow)}"
    )
    if args.save:
        with Path(args.save).open("w", encoding="utf-8") as out_file:
            for took, raw, size in slow:
                record = {"ms": round(took * 1000, 2), "bytes_out": size}
                out_file.write(json.dumps({**record, "line": raw.decode("utf-8", "replace")}))
                out_file.write("\n")
    for took, raw, size in sorted(slow, reverse=True)[: args.profile]:
        forget_answers()  # sized afresh, as the line was the first time
        profile = cProfile.Profile()
        profile.enable()
        answer_line(answer, raw)
        profile.disable()
        stream = io.StringIO()
        stats = pstats.Stats(profile, stream=stream).sort_stats("cumulative")
        stats.print_stats(args.top)
        print(f"\n=== {took * 1000:.2f} ms, {size:,} bytes out: {raw[:200]!r}")
        print(stream.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
