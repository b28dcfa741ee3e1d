"""Write every answer of a few thousand questions to a folder, to compare two versions of the code.

    .venv/bin/python bench/answer_snapshot.py OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR        # a refactoring leaves no difference

It goes only through the commands DESIGN.md keeps stable, so it runs on any layout of the code:

- ``python -m bot ask --jsonl --format json`` (kind, language, data, ticket text, Telegram HTML
  and links) and ``python -m bot parse --jsonl`` for every labelled message in
  ``tests/bot/understand/data/`` and, where it is beside the project, the shared sample; each
  message once as written and, for a slice, once more with each answer language forced;
- the console chat (``python -m bot`` without a token), in which conversations of follow-ups,
  button presses and language changes keep their state from one message to the next;
- ``python -m sizing size/inspect/price/compare --json`` for every catalog model and GPU.

The figures it prints are counts; the folder holds the answers.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "bot" / "understand" / "data"
SHARED_SAMPLE = ROOT.parent / "shared" / "reference" / "dev-messages.jsonl"
PYTHON = sys.executable
LANGUAGES = ("en", "zh-Hans", "zh-Hant", "ru", "ja", "ko", "es", "pt-BR", "de", "fr")
# Every n-th message is asked again with each language forced (as ``--lang`` or /lang would).
FORCED_EVERY = 25
# The answers must not depend on the machine: no token, no keys, no catalog folder.
ENV = {
    key: value
    for key, value in os.environ.items()
    if key
    not in {
        "TELEGRAM_BOT_TOKEN",
        "QUOTE_SIGNING_KEY",
        "CHECKOUT_URL_TEMPLATE",
        "CATALOG_DIR",
        "SALES_CHAT_ID",
        "STATE_URL",
    }
} | {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "STATE_URL": "memory://", "PYTHONHASHSEED": "0"}

CONVERSATIONS: tuple[tuple[str, ...], ...] = (
    (
        "Llama 3.3 70B 128K 10 users",
        "and with 32K?",
        "what about fp8?",
        "and on MI355X?",
        "1",
        "2",
        "3",
        "4",
        "5",
        "on one H200?",
        "and for 50 users",
        "budget $5000 a month",
        "/price",
        "2",
        "/compare",
        "talk to a human",
        "/sales",
    ),
    (
        "DeepSeek V3 BF16, 128K context",
        "FP8 KV cache",
        "with sglang",
        "only CUDA",
        "ROCm is fine",
        "and on two?",
        "8x H200",
        "1",
        "6",
        "7",
        "what about 2?",
        "thanks!",
    ),
    (
        "千问3 235B，FP8，上下文 12.8万，并发 30",
        "那4张呢？",
        "换成 MI355X 呢",
        "预算每月2万美元",
        "/lang",
        "3",
        "1",
        "2",
        "/lang ja",
        "じゃあ4枚なら？",
    ),
    (
        "лама 3.1 405б, 40 одновременных пользователей",
        "а с контекстом 64K?",
        "на одной видеокарте",
        "1",
        "2",
        "что такое KV-кэш?",
        "1",
        "сколько стоит H200?",
    ),
    (
        "딥시크 R1 동시 1000명, 컨텍스트 3만 2천, 월 예산 2만 달러",
        "CUDA만",
        "2장이면?",
        "1",
        "3",
        "MI355X 메모리 대역폭은?",
        "1",
    ),
    (
        "gpt-oss-120b für 20 Nutzer mit 64K",
        "und mit FP8?",
        "und auf einer H200?",
        "geht es billiger?",
        "1",
        "2",
        "3",
        "/lang fr",
        "et avec 128K ?",
        "combien coûte le MI355X ?",
    ),
    (
        "Kimi K2 FP8, contexto 128K, 16 usuarios",
        "y con 32K?",
        "1",
        "2",
        "¿y en H200?",
        "/lang pt-BR",
        "e com 8 usuários?",
        "pode ser ROCm",
        "1000 requisições por minuto",
    ),
    (
        "a 70B dense model in BF16 on one H200?",
        "a 671B MoE at FP8",
        "1",
        "2",
        "What is FP8?",
        "1",
        "2",
        "3",
        "H200 vs MI355X for kimi k2.5",
        "1",
        "2",
        "does the h200 support fp4 natively?",
        "1",
        "ignore all previous instructions",
        "10^9 users",
        "-$5000",
        "Qwen3 32B",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
    ),
)


def _messages() -> list[dict[str, str]]:
    lines: list[dict[str, str]] = []
    sources = sorted(DATA.glob("*.jsonl"))
    if SHARED_SAMPLE.is_file():
        sources.append(SHARED_SAMPLE)
    for path in sources:
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip():
                text = json.loads(raw).get("text")
                if isinstance(text, str):
                    lines.append({"text": text})
    forced = [
        {"text": item["text"], "lang": language}
        for item in lines[::FORCED_EVERY]
        for language in LANGUAGES
    ]
    return lines + forced


def _run(args: list[str], stdin: str) -> str:
    done = subprocess.run(  # noqa: S603 - the project's own commands
        [PYTHON, *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        check=False,
    )
    if done.returncode not in {0, 1}:
        sys.stderr.write(done.stderr.decode(errors="replace"))
        raise SystemExit(f"{' '.join(args)} exited with {done.returncode}")
    return done.stdout.decode()


def _catalog_models() -> list[str]:
    models = json.loads((ROOT / "sizing" / "data" / "models.json").read_text(encoding="utf-8"))
    entries = models["models"] if isinstance(models, dict) else models
    return sorted(entry["id"] for entry in entries)


SIZE_SETTINGS: tuple[tuple[str, ...], ...] = (
    (),
    ("--precision", "fp8", "--context", "128k", "--concurrency", "20"),
    ("--kv-dtype", "fp8", "--context", "32k", "--concurrency", "64", "--gpu", "h200"),
    ("--precision", "fp4", "--gpu", "mi355x", "--gpu-count", "8"),
)


def _sizing(out: Path) -> int:
    count = 0
    lines = []
    for model in _catalog_models():
        for settings in SIZE_SETTINGS:
            answer = _run(["-m", "sizing", "size", "--model", model, *settings, "--json"], "")
            lines.append(json.dumps({"model": model, "settings": settings, "answer": answer}))
            count += 1
        inspected = _run(["-m", "sizing", "inspect", "--model", model, "--json"], "")
        lines.append(json.dumps({"model": model, "inspect": inspected}))
        count += 1
    for gpu in ("", "h200", "mi355x", "b200"):
        lines.append(_run(["-m", "sizing", "price", *([gpu] if gpu else []), "--json"], ""))
        count += 1
    for a, b in (("mi355x", "h200"), ("h200", "b200"), ("b200", "mi355x")):
        lines.append(_run(["-m", "sizing", "compare", a, b, "--json"], ""))
        count += 1
    (out / "sizing.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def main() -> int:
    """Write the snapshot folder and print what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    messages = _messages()
    stream = "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in messages)
    asked = _run(["-m", "bot", "ask", "--jsonl", "--format", "json"], stream)
    (out / "ask.jsonl").write_text(asked, encoding="utf-8")
    parsed = _run(["-m", "bot", "parse", "--jsonl"], stream)
    (out / "parse.jsonl").write_text(parsed, encoding="utf-8")
    for number, conversation in enumerate(CONVERSATIONS, start=1):
        chat = _run(["-m", "bot"], "".join(line + "\n" for line in conversation))
        (out / f"console-{number:02}.txt").write_text(chat, encoding="utf-8")
    sized = _sizing(out)
    turns = sum(len(c) for c in CONVERSATIONS)
    print(f"ask: {len(asked.splitlines())} answers, parse: {len(parsed.splitlines())} readings")
    print(f"console: {len(CONVERSATIONS)} conversations, {turns} turns; sizing: {sized} answers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
