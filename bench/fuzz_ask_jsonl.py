"""Fuzzed messages through ``python -m bot ask --jsonl``: crashes, invalid HTML, time per message.

Generates messages from a seed (every script the assistant meets, digits of many scripts,
HTML-like text, model names with hostile numbers, control and zero-width characters, up to
4,096 characters) plus hostile JSON lines (lone surrogates, long integers, deep nesting,
non-finite numbers, broken objects, invalid UTF-8). Each line is written to one long-running
``ask --jsonl`` process and its answer read back before the next line is sent, so the time
measured per message is the command's own (plus a pipe round trip, ~0.05 ms). Beside that wall
time, the command's own CPU time per message is read from its process CPU clock: where the two
differ, the host (another process, another tenant) held the core, not the command.

Counted: crashes (the process died or answered "internal error"), answers whose ``html`` the
strict Telegram HTML validator of tests/fakes refuses, error lines for valid messages, and the
hostile lines answered with an error object in place (expected).

Line ``i`` is generated from its own seed (``--seed`` and ``i``), so ``--jobs N`` runs the same
lines as one job, split over N command processes (line ``i`` goes to job ``i % N``), and prints
the figures of all of them together. Use at most one job per core: a job is the driver and
its command, which take turns.

    .venv/bin/python bench/fuzz_ask_jsonl.py [--count 1000000] [--seed 13] [--every 50000]
        [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from anywhere

from tests.fakes.telegram_html import TelegramHtmlError, check_telegram_html  # noqa: E402

MAX_MESSAGE_CHARS = 4096  # Telegram's message limit
LANGS = ("en", "zh-Hans", "zh-Hant", "ru", "ja", "ko", "es", "pt-BR", "de", "fr", "auto", None)
SCRIPTS = (
    "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年模型上下文并发显卡",
    "繁體中文模型顯示卡記憶體並發請問價格",
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя контекст пользователей",
    "あいうえおかきくけこアイウエオ漢字モデル同時接続",
    "가나다라마바사아자차카타파하 모델 동시 사용자",
    "áéíóúñçãõâêôàèùëïüöäßœæ",
    "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "अआइईउऊएऐओऔकखगघचछजझटठडढतथदधनपफबभमयरलवशषसह",
    "กขคงจฉชซญดตถทนบปผพฟมยรลวสหอฮ",
    "אבגדהוזחטיכלמנסעפצקרשת",
    "😀🚀🔥💯👍🏽🇺🇸🧑‍💻",
)
DIGITS = (
    "0123456789",
    "٠١٢٣٤٥٦٧٨٩",
    "۰۱۲۳۴۵۶۷۸۹",
    "०१२३४५६७८९",
    "๐๑๒๓๔๕๖๗๘๙",
    "０１２３４５６７８９",
    "零一二三四五六七八九十百千万亿",
    "⁰¹²³⁴⁵⁶⁷⁸⁹",
)
ODD = ("\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\u0301", "\u0000", "\t", "\r", "\x1b")
HTML_BITS = ("<b>", "</b>", "<a href='x'>", "&amp;", "&", "<", ">", "<script>", "&#0;", '"', "'")
WORDS = (
    "llama 3.1 70b", "deepseek v3", "qwen3 235b", "mixtral", "fp8", "bf16", "int4", "fp4",
    "128k context", "32K", "users", "并发", "上下文", "H200", "MI355X", "B200", "/price",
    "/compare", "/start", "/help", "/size", "/lang", "@fullgpu_bot", "budget $5000",
    "10^9 users", "1e9", "1×10⁹", "-5 users", "-128k", "-$5000", "$1e308", "1e308",
    "9" * 400, "0.000001", "NaN", "Infinity", "ROCm", "CUDA only", "vllm", "sglang",
)  # fmt: skip
HOSTILE_LINES = (
    b'{"text": "hi \\ud800 there"}',
    b'{"text": "llama", "n": 1' + b"0" * 5000 + b"}",
    b'{"text": "x", "d": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"text": "x", "v": NaN}',
    b'{"text": "x", "v": 1e400}',
    b'{"text": 5}',
    b'{"text": "unterminated',
    b'{"text": "caf\xe9"}',
)


DIGIT_RUNS = (1, 3, 6, 40, 400, 4096)


def fuzz_text(rng: random.Random, max_digit_run: int = 4096) -> str:
    """One message: a random mix of words, scripts, digits, HTML and odd characters."""
    target = rng.choice((8, 30, 120, 600, MAX_MESSAGE_CHARS)) if rng.random() < 0.3 else 60
    parts: list[str] = []
    length = 0
    while length < target:
        kind = rng.random()
        if kind < 0.35:
            piece = rng.choice(WORDS)
        elif kind < 0.6:
            alphabet = rng.choice(SCRIPTS)
            piece = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        elif kind < 0.8:
            digits = rng.choice(DIGITS)
            run = min(rng.choice(DIGIT_RUNS), max_digit_run)
            piece = "".join(rng.choice(digits) for _ in range(run))
        elif kind < 0.9:
            piece = rng.choice(HTML_BITS)
        else:
            piece = rng.choice(ODD)
        parts.append(piece)
        length += len(piece) + 1
    return " ".join(parts)[:MAX_MESSAGE_CHARS]


def fuzz_line(rng: random.Random, max_digit_run: int = 4096) -> tuple[bytes, bool]:
    """One input line and whether it is a valid message (else an error object is expected)."""
    if rng.random() < 0.01:
        return rng.choice(HOSTILE_LINES), False
    text = fuzz_text(rng, max_digit_run)
    lang = rng.choice(LANGS)
    plain = "\n" not in text and "\r" not in text and not text.lstrip().startswith("{")
    if rng.random() < 0.1 and plain and text.strip():
        return text.encode(), True  # a plain line
    record = {"text": text} if lang is None else {"text": text, "lang": lang}
    return json.dumps(record).encode(), True


@dataclass
class Tally:
    """What the run found."""

    sent: int = 0
    crashes: int = 0
    internal_errors: int = 0
    invalid_html: int = 0
    unexpected_errors: int = 0
    expected_errors: int = 0
    times_s: array[float] = field(default_factory=lambda: array("d"))
    cpu_s: array[float] = field(default_factory=lambda: array("d"))
    slowest: list[tuple[float, float, str]] = field(default_factory=list)


def start(stderr: IO[bytes]) -> subprocess.Popen[bytes]:
    """Start the command under test and warm it up (imports, catalogs) with untimed lines.

    Its log (tracebacks the pipeline caught) goes to a file.
    """
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "ask", "--jsonl"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
    )
    if process.stdin is None or process.stdout is None:
        raise RuntimeError("the process has no pipes")
    for language in LANGS[:10]:
        warm_up = {"text": "Llama 3.1 70B FP8 32K context /price", "lang": language}
        process.stdin.write(json.dumps(warm_up).encode() + b"\n")
        process.stdin.flush()
        process.stdout.readline()
    return process


def cpu_clock(process: subprocess.Popen[bytes]) -> int:
    """Return the id of ``process``'s CPU-time clock (Linux: ``clock_getcpuclockid``)."""
    return ((~process.pid) << 3) | 2  # the kernel's process-wide scheduler clock of that pid


def line_random(seed: int, index: int) -> random.Random:
    """Return the random source of line ``index``: the same whichever job sends it."""
    return random.Random(seed * 1_000_003 + index)


def check(answer: dict[str, object], *, valid: bool, tally: Tally) -> None:
    """Judge one answer."""
    if "error" in answer:
        if answer["error"] == "internal error":
            tally.internal_errors += 1
        elif valid:
            tally.unexpected_errors += 1
        else:
            tally.expected_errors += 1
        return
    try:
        check_telegram_html(str(answer["html"]))
    except TelegramHtmlError:
        tally.invalid_html += 1


def report(tally: Tally, elapsed_s: float, label: str = "") -> None:
    """Print the figures so far."""
    times = sorted(tally.times_s)
    if not times:
        return

    cpu = sorted(tally.cpu_s)

    def pct(q: float, of: list[float] = times) -> float:
        return of[min(len(of) - 1, int(len(of) * q))] * 1000

    print(
        f"{label}messages {tally.sent:,} in {elapsed_s:.0f} s | crashes {tally.crashes} | internal "
        f"errors {tally.internal_errors} | invalid HTML {tally.invalid_html} | errors on valid "
        f"messages {tally.unexpected_errors} | hostile lines answered in place "
        f"{tally.expected_errors} | ms p50 {pct(0.5):.2f} p99 {pct(0.99):.2f} "
        f"p99.9 {pct(0.999):.2f} max {times[-1] * 1000:.2f} | CPU ms p50 {pct(0.5, cpu):.2f} "
        f"p99 {pct(0.99, cpu):.2f} p99.9 {pct(0.999, cpu):.2f} max {cpu[-1] * 1000:.2f}",
        flush=True,
    )


def run(args: argparse.Namespace, log: IO[bytes]) -> Tally:
    """Send ``--count`` fuzzed lines through one process (restarted if it dies).

    Stops early after ``--max-seconds``, saying so: the count reached is the count run.
    """
    count, every = args.count, max(1, args.every)
    job, jobs = args.shard
    tally = Tally()
    process = start(log)
    clock = cpu_clock(process)
    started = time.perf_counter()
    for index in range(job, count, jobs):
        if time.perf_counter() - started > args.max_seconds:
            print(f"stopped after {args.max_seconds:.0f} s (--max-seconds)", flush=True)
            break
        line, valid = fuzz_line(line_random(args.seed, index), args.max_digit_run)
        if process.stdin is None or process.stdout is None:
            raise RuntimeError("the process has no pipes")
        cpu_before = time.clock_gettime(clock)
        before = time.perf_counter()
        try:
            process.stdin.write(line + b"\n")
            process.stdin.flush()
            out = process.stdout.readline()
        except BrokenPipeError:
            out = b""
        took = time.perf_counter() - before
        tally.sent += 1
        if not out:
            tally.crashes += 1
            print(f"crash on message {tally.sent}: {line[:80]!r}", flush=True)
            process.kill()
            process = start(log)
            clock = cpu_clock(process)
            continue
        used = time.clock_gettime(clock) - cpu_before
        tally.times_s.append(took)
        tally.cpu_s.append(used)
        if len(tally.slowest) < 10 or took > tally.slowest[0][0]:
            tally.slowest = sorted([*tally.slowest, (took, used, repr(line[:60]))])[-10:]
        check(json.loads(out), valid=valid, tally=tally)
        if tally.sent % every == 0:
            report(tally, time.perf_counter() - started, args.label)
    if process.stdin is not None:
        process.stdin.close()
    process.wait(timeout=60)
    if tally.sent % every:
        report(tally, time.perf_counter() - started, args.label)
    return tally


COUNTS = ("sent", "crashes", "internal_errors", "invalid_html", "unexpected_errors")


def save(tally: Tally, path: Path) -> None:
    """Write a job's tally for the parent: counts and slowest lines as JSON, then the times."""
    head = {name: getattr(tally, name) for name in (*COUNTS, "expected_errors")}
    head["slowest"] = tally.slowest
    with path.open("wb") as out:
        out.write(json.dumps(head).encode() + b"\n")
        tally.times_s.tofile(out)
        tally.cpu_s.tofile(out)


def load(path: Path, into: Tally) -> None:
    """Add a job's saved tally to ``into``."""
    with path.open("rb") as saved:
        head = json.loads(saved.readline())
        rest = saved.read()
    for name in (*COUNTS, "expected_errors"):
        setattr(into, name, getattr(into, name) + head[name])
    into.slowest = sorted([*into.slowest, *(tuple(item) for item in head["slowest"])])[-10:]
    half = len(rest) // 2  # the wall times, then as many CPU times
    into.times_s.frombytes(rest[:half])
    into.cpu_s.frombytes(rest[half:])


def run_jobs(args: argparse.Namespace) -> Tally:
    """Run ``--jobs`` copies of this script, each on its share of the lines; merge their tallies."""
    tally = Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-ask-") as scratch:
        children = []
        for job in range(args.jobs):
            saved = Path(scratch) / f"job{job}.bin"
            command = [
                sys.executable, __file__, "--count", str(args.count), "--seed", str(args.seed),
                "--every", str(max(1, args.every // args.jobs)), "--max-seconds",
                str(args.max_seconds), "--max-digit-run", str(args.max_digit_run),
                "--log", f"{args.log}.{job}", "--shard", f"{job}/{args.jobs}",
                "--label", f"[job {job}] ", "--save", str(saved),
            ]  # fmt: skip
            children.append((subprocess.Popen(command), saved))  # noqa: S603 - our own script
        for child, saved in children:
            if child.wait() != 0:
                raise RuntimeError(f"a job ended with status {child.returncode}")
            load(saved, tally)
    print("all jobs:", flush=True)
    report(tally, time.perf_counter() - started)
    return tally


def shard(text: str) -> tuple[int, int]:
    """``K/N``: job K of N."""
    job, _, jobs = text.partition("/")
    if not (job.isdigit() and jobs.isdigit() and int(job) < int(jobs)):
        raise argparse.ArgumentTypeError("expected K/N with 0 <= K < N")
    return int(job), int(jobs)


def main() -> int:
    """Parse the arguments, run, print the figures and the slowest lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--every", type=int, default=50_000)
    parser.add_argument("--log", default="fuzz-ask.log", help="the command's stderr goes here")
    parser.add_argument("--max-seconds", type=float, default=float("inf"))
    parser.add_argument(
        "--max-digit-run", type=int, default=4096, help="cap runs of digits (default: none)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="command processes (one per core)")
    parser.add_argument("--shard", type=shard, default=(0, 1), help=argparse.SUPPRESS)
    parser.add_argument("--label", default="", help=argparse.SUPPRESS)
    parser.add_argument("--save", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.jobs > 1:
        tally = run_jobs(args)
        logs = [Path(f"{args.log}.{job}") for job in range(args.jobs)]
    else:
        with Path(args.log).open("wb") as log:
            tally = run(args, log)
        logs = [Path(args.log)]
        if args.save:
            save(tally, Path(args.save))
            return 0
    caught = sum(log.read_bytes().count(b"Traceback") for log in logs)
    print(f"tracebacks the pipeline caught and logged (answered with an apology): {caught}")
    print("slowest lines (wall ms, the command's CPU ms, first 60 bytes):")
    for took, used, line in reversed(tally.slowest):
        print(f"  {took * 1000:8.2f}  {used * 1000:8.2f}  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
