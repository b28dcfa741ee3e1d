"""Fuzzing the parser: many generated messages in every script, no exception, bounded time.

Run: ``python bench/parse_fuzz.py [--count 1000000] [--seed 1] [--no-freeze]``. Messages are
drawn from five generators: random text in one or several scripts (Latin, Cyrillic, CJK, kana,
Hangul, Thai, Arabic, Devanagari, emoji, invisible and control characters, lone surrogates) of
chat-like lengths (a median of 40 characters, a long tail up to 4,096); domain word salad with
numbers in every digit script, signs, exponents and huge magnitudes; mutated labelled messages;
one token repeated up to Telegram's 4,096 characters (one message in two hundred); and
numbers alone. Each message is parsed by ``parse_with`` (which lets exceptions through, so
they are counted rather than hidden by ``parse_message``'s safety net) and timed on its own.
Prints the exception count, p50/p99/max parse time (wall clock, and the parsing thread's CPU
time, which leaves out the time other processes held the core), per kind of message, and the
slowest messages.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import statistics
import time
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from bot.understand.models.finder import catalog_index
from bot.understand.parser import parse_with, prepare

ROOT = Path(__file__).resolve().parent.parent
LABELLED = (
    ROOT / "tests" / "bot" / "understand" / "data" / "holdout-messages.jsonl",
    ROOT / "tests" / "bot" / "understand" / "data" / "blind-a.jsonl",
)
TELEGRAM_MAX_CHARS = 4096
# Code point ranges of the scripts customers (and attackers) type.
SCRIPTS = {
    "latin": [(0x20, 0x7E), (0xC0, 0x24F)],
    "cyrillic": [(0x400, 0x4FF)],
    "cjk": [(0x4E00, 0x9FFF), (0x3000, 0x303F), (0xFF00, 0xFFEF)],
    "kana": [(0x3040, 0x30FF)],
    "hangul": [(0xAC00, 0xD7A3)],
    "thai": [(0xE00, 0xE7F)],
    "arabic": [(0x600, 0x6FF)],
    "devanagari": [(0x900, 0x97F)],
    "emoji": [(0x1F300, 0x1FAFF)],
    "invisible": [(0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x2069), (0xFEFF, 0xFEFF)],
    "control": [(0x0, 0x1F), (0x7F, 0x9F)],
    "surrogate": [(0xD800, 0xDFFF)],
    "superscript": [(0x2070, 0x209F)],
}
DIGIT_ZEROS = [0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1040, 0x17E0, 0x1D7CE]
WORDS = (
    "llama",
    "70b",
    "lamma3",
    "deepseek",
    "r1",
    "v3",
    "v3.2",
    "qwen3",
    "235b",
    "a22b",
    "kimi",
    "k2.5",
    "glm-5",
    "minimax",
    "m3",
    "mistral",
    "small",
    "gemma",
    "4",
    "26b",
    "nemotron",
    "super",
    "fp8",
    "int4",
    "nvfp4",
    "bf16",
    "kv",
    "cache",
    "128k",
    "32",
    "000",
    "12.8万",
    "$10k",
    "并发",
    "用户",
    "users",
    "上下文",
    "context",
    "контекст",
    "동시",
    "명",
    "usuarios",
    "nutzer",
    "utilisateurs",
    "h200",
    "mi355x",
    "b200",
    "only",
    "cuda",
    "rocm",
    "也行",
    "大丈夫",
    "괜찮아요",
    "vllm",
    "sglang",
    "batch",
    "1e9",
    "10^9",
    "-5",
    "-$5000",
    "1T",
    "триллион",
    "一万亿",
    "兆",
    "billion",
    "milliards",
    "亿",
    "万",
    "k",
    "m",
    "^",
    "**",
    "×",
    "e",
)


def _char(rng: random.Random, script: str) -> str:
    low, high = rng.choice(SCRIPTS[script])
    return chr(rng.randint(low, high))


# Chat messages are short with a long tail: lengths are log-normal around a median of 40
# characters (one in a hundred passes 400), up to Telegram's 4,096.
MEDIAN_CHARS = 40
LENGTH_SPREAD = 1.0


def message_length(rng: random.Random) -> int:
    """Return a message length drawn as chat message lengths go."""
    return min(TELEGRAM_MAX_CHARS, int(rng.lognormvariate(math.log(MEDIAN_CHARS), LENGTH_SPREAD)))


def random_text(rng: random.Random) -> str:
    """Characters of one to three scripts, of a chat message's length."""
    scripts = rng.sample(sorted(SCRIPTS), rng.randint(1, 3))
    return "".join(_char(rng, rng.choice(scripts)) for _ in range(message_length(rng)))


def digits(rng: random.Random, length: int) -> str:
    """Return a number of ``length`` digits in one digit script."""
    zero = rng.choice(DIGIT_ZEROS)
    return "".join(chr(zero + rng.randint(0, 9)) for _ in range(length))


# Digit counts of a fuzzed number: mostly what people type, now and then absurd ones (400,
# 4,300 and 5,000 digits: beyond a float, at and past the int() conversion limit).
NUMBER_LENGTHS = (1, 2, 3, 4, 6, 9, 20, 400, 4300, 5000)
NUMBER_LENGTH_WEIGHTS = (20, 20, 15, 15, 10, 8, 10, 1, 0.2, 0.2)


def number(rng: random.Random) -> str:
    """Return a number as people (and fuzzers) write it: signs, groups, exponents, sizes."""
    length = rng.choices(NUMBER_LENGTHS, NUMBER_LENGTH_WEIGHTS)[0]
    sign = rng.choice(["", "", "", "-", "−", "$", "-$", "$-", "~", "+"])
    suffix = rng.choice(
        ["", "", "k", "K", "M", "万", "e308", "e-9", "^9", "⁹", "**20", "×10^12", ".5", ",000"]
    )
    return (sign + digits(rng, length) + suffix)[:TELEGRAM_MAX_CHARS]


def word_salad(rng: random.Random) -> str:
    """Domain words and numbers in random order."""
    parts = [
        rng.choice(WORDS) if rng.random() < 0.7 else number(rng) for _ in range(rng.randint(1, 40))
    ]
    return " ".join(parts)[:TELEGRAM_MAX_CHARS]


def repeats(rng: random.Random) -> int:
    """How many times a mutation repeats a piece: mostly a few (a stuck key), up to 200."""
    return min(MAX_REPEATS, 2 + int(rng.lognormvariate(math.log(3), LENGTH_SPREAD)))


MAX_REPEATS = 200


def mutate(rng: random.Random, text: str) -> str:
    """Return a labelled message with characters replaced, inserted, deleted or repeated."""
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        position = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.3 and chars:
            del chars[min(position, len(chars) - 1)]
        elif action < 0.6:
            chars.insert(position, _char(rng, rng.choice(sorted(SCRIPTS))))
        elif action < 0.8:
            chars.insert(position, number(rng)[:40])
        elif chars:
            piece = "".join(chars[position : position + rng.randint(1, 12)])
            chars.insert(position, piece * repeats(rng))
    return "".join(chars)[:TELEGRAM_MAX_CHARS]


def repetition(rng: random.Random) -> str:
    """One token repeated up to Telegram's limit (the shape that exposes slow patterns)."""
    token = rng.choice(
        [*WORDS, number(rng)[:12], _char(rng, rng.choice(sorted(SCRIPTS))), "1万", "k1"]
    )
    return (token + rng.choice(["", " ", ",", "-", "."])) * (TELEGRAM_MAX_CHARS // (len(token) + 1))


def messages(count: int, seed: int, labelled: list[str]) -> Iterator[tuple[str, str]]:
    """``count`` (kind, text) pairs, reproducible from ``seed``."""
    rng = random.Random(seed)
    kinds: list[tuple[str, Callable[[], str]]] = [
        ("random", lambda: random_text(rng)),
        ("salad", lambda: word_salad(rng)),
        ("mutated", lambda: mutate(rng, rng.choice(labelled)) if labelled else word_salad(rng)),
        ("repetition", lambda: repetition(rng)),
        ("number", lambda: number(rng)),
    ]
    # Mostly message-sized text; one message in two hundred repeats a token up to Telegram's
    # limit (their own figures are printed apart: the "repetition" line).
    weights = [30, 30, 30, 0.5, 5]
    for _ in range(count):
        kind, make = rng.choices(kinds, weights)[0]
        yield kind, make()


# Message lengths the figures are also given for (characters, up to and including).
LENGTH_BUCKETS = (100, 400, 1000, TELEGRAM_MAX_CHARS)


def _figures(timings: Sequence[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * len(ordered)))]
    return (
        f"p50 {statistics.median(ordered) * 1e6:,.0f} µs, p99 {p99 * 1e6:,.0f} µs, "
        f"max {ordered[-1] * 1e3:,.1f} ms"
    )


def main() -> None:
    """Parse the generated messages and print exceptions and timing figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="messages to parse")
    parser.add_argument("--seed", type=int, default=1, help="random seed")
    parser.add_argument(
        "--no-freeze", action="store_true", help="leave start-up objects to the collector"
    )
    args = parser.parse_args()
    labelled = [
        json.loads(line)["text"]
        for path in LABELLED
        if path.exists()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    prepare()  # the catalog index and every script's patterns, as the bot builds them at start
    index = catalog_index()
    # What exists now lives as long as the process: frozen, it is not walked again by each full
    # collection (7-11 ms for these 40,000 objects, a pause of the interpreter, not a parse).
    if not args.no_freeze:
        gc.freeze()
    # Arrays, not lists: a list of a million floats is walked by every full garbage
    # collection, which would add the benchmark's own pauses to the parse times it measures.
    timings = array("d")
    cpu_timings = array("d")
    by_kind: defaultdict[str, array[float]] = defaultdict(lambda: array("d"))
    by_length: defaultdict[int, array[float]] = defaultdict(lambda: array("d"))
    slowest: list[tuple[float, str, str]] = []
    failures: dict[str, int] = {}
    for kind, text in messages(args.count, args.seed, labelled):
        start_cpu = time.thread_time()
        start = time.perf_counter()
        try:
            parse_with(text, index, telegram_language=None)
        except Exception as error:  # noqa: BLE001 - counting every failure is the point
            failures[type(error).__name__] = failures.get(type(error).__name__, 0) + 1
        elapsed = time.perf_counter() - start
        cpu_timings.append(time.thread_time() - start_cpu)
        timings.append(elapsed)
        by_kind[kind].append(elapsed)
        bucket = next(limit for limit in LENGTH_BUCKETS if len(text) <= limit)
        by_length[bucket].append(elapsed)
        if len(slowest) < 5 or elapsed > slowest[-1][0]:
            slowest = sorted([*slowest, (elapsed, kind, text[:60])], reverse=True)[:5]
    print(f"messages: {len(timings):,}  seed: {args.seed}")
    print(f"exceptions: {sum(failures.values())} {failures or ''}")
    print(f"parse time, all (wall clock): {_figures(timings)}")
    print(f"parse time, all (CPU time):   {_figures(cpu_timings)}")
    for kind, kind_timings in sorted(by_kind.items()):
        print(f"  {kind:10} {len(kind_timings):>9,}  {_figures(kind_timings)}")
    for limit, length_timings in sorted(by_length.items()):
        print(f"  <= {limit:>5,} chars {len(length_timings):>9,}  {_figures(length_timings)}")
    for elapsed, kind, text in slowest:
        shown = json.dumps(text, ensure_ascii=False).encode("utf-8", "backslashreplace")
        print(f"  {elapsed * 1e3:7.1f} ms  {kind:10}  {shown.decode('utf-8')}")


if __name__ == "__main__":
    main()
