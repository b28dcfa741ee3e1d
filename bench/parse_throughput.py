"""How fast one message is understood: throughput and p50/p99/max per message, on one core.

Run: ``python bench/parse_throughput.py [--rounds N]``. The mix is a set of typical messages
plus every message of the project's labelled sets (ten languages, every phrasing they hold).
The catalog index and the patterns are built before the clock starts (their one-off cost is
printed as start-up); each message is then timed on its own, ``--rounds`` times: wall clock,
the thread's CPU time (the same without the time other processes held the core), and each
message's best round.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from bot.understand import parse_message

ROOT = Path(__file__).resolve().parent.parent
LABELLED = (
    ROOT / "tests" / "bot" / "understand" / "data" / "holdout-messages.jsonl",
    ROOT / "tests" / "bot" / "understand" / "data" / "blind-a.jsonl",
    ROOT.parent / "shared" / "reference" / "dev-messages.jsonl",
)
MESSAGES = (
    "lamma3 70b int4, 32k ctx, ~50 concurent users",
    "Hey, looking to host Llama 3.1 405B. FP8, 32k context, 10 users. One 8x H200 server?",
    "deepseekv3 bf16 128k",
    "8x h200 server monthly cost?",
    "what if ctx is only 32k tho",
    "我们要部署千问3 235B，FP8，上下文 12.8万，并发 30 左右，预算每月2万美元以内",
    "H200 一個月租金多少？",
    "сколько нужно карт под DeepSeek V3 в fp8, контекст 128к?",
    "DeepSeek-V3をBF16で動かすにはH200が何枚必要ですか？コンテキストは128Kです。",
    "CUDA만 써야 돼요. R1 fp8, 컨텍스트 64k, 동시 요청 50개, 월 예산 2만 달러",
    "Tenemos un presupuesto de 8.000 USD al mes. Mixtral 8x22B en FP8 con 32k de contexto",
    "llama 3 70b int4, contexto de 32k, uns 40 usuários simultâneos",
    "Was kostet der 8x H200 Server im Monat?",
    "Salut, Llama 4 Maverick en FP8 avec un contexte de 128k, ça passe sur un serveur H200 ?",
    "/compare h200 mi355x",
    "hi",
)


def load_mix() -> list[tuple[str, str | None]]:
    """Return the typical messages and every labelled message found, with its hint."""
    mix: list[tuple[str, str | None]] = [(text, None) for text in MESSAGES]
    for path in LABELLED:
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    mix.append((row["text"], row.get("lang")))
    return mix


def time_messages(
    mix: list[tuple[str, str | None]], rounds: int
) -> tuple[list[list[float]], list[float]]:
    """Seconds per parse: for each message one wall-clock timing per round; and CPU times.

    The CPU time is the parsing thread's own (``time.thread_time``): what the parse costs,
    without the time the scheduler gave the core to other processes meanwhile.
    """
    timings: list[list[float]] = [[] for _ in mix]
    cpu: list[float] = []
    for _ in range(rounds):
        for index, (text, hint) in enumerate(mix):
            start_cpu = time.thread_time()
            start = time.perf_counter()
            parse_message(text, telegram_language=hint)
            timings[index].append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
    return timings, cpu


def percentiles(values: list[float]) -> str:
    """p50, p99 and max of ``values`` (seconds) in microseconds."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * len(ordered)))]
    return (
        f"p50 {statistics.median(ordered) * 1e6:,.0f} µs, p99 {p99 * 1e6:,.0f} µs, "
        f"max {ordered[-1] * 1e6:,.0f} µs"
    )


def main() -> None:
    """Print start-up, throughput and the per-message percentiles."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each message is parsed")
    args = parser.parse_args()
    mix = load_mix()
    start = time.perf_counter()
    for text, hint in mix:  # builds the catalog index and compiles every pattern
        parse_message(text, telegram_language=hint)
    startup = time.perf_counter() - start
    timings, cpu = time_messages(mix, args.rounds)
    every = [seconds for per_message in timings for seconds in per_message]
    print(f"mix: {len(mix)} messages x {args.rounds} rounds; first pass (start-up) {startup:.2f} s")
    print(f"parse_message: {len(every) / sum(every):,.0f} messages/s on one core")
    print(f"every parse, wall clock: {percentiles(every)}")
    print(f"every parse, CPU time:   {percentiles(cpu)}")
    # The best round of each message is its cost without the scheduler's or the collector's
    # interruptions, which a machine shared with other work adds at random.
    print(f"each message, best run:  {percentiles([min(t) for t in timings])}")


if __name__ == "__main__":
    main()
