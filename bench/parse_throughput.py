"""Messages parsed per second on one core, over a mix of realistic messages in ten languages.

Run: ``python bench/parse_throughput.py [--seconds N]``. The catalog index is built before the
clock starts; the figure is the best of three timed rounds.
"""

from __future__ import annotations

import argparse
import time

from bot.understand import parse_message

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


def messages_per_second(seconds: float) -> float:
    """Parse the mix repeatedly for about ``seconds``; return messages per second."""
    parsed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for message in MESSAGES:
            parse_message(message)
        parsed += len(MESSAGES)
    return parsed / (time.perf_counter() - start)


def main() -> None:
    """Print the throughput figure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round")
    args = parser.parse_args()
    parse_message("warm up")  # builds the catalog index outside the timing
    best = max(messages_per_second(args.seconds) for _ in range(3))
    print(
        f"parse_message: {best:,.0f} messages/s on one core "
        f"({1e6 / best:.0f} µs per message, {len(MESSAGES)}-message mix)"
    )


if __name__ == "__main__":
    main()
