"""Chart rendering time: memory, cost and both, PNG and SVG, in several languages.

The first chart of a process pays matplotlib's import and font loading; the figures after it
are what a running server spends per chart (the website keeps recent pictures by address).
The cost series is sized again at each point (up to twelve sizings) and timed apart.

    .venv/bin/python bench/chart_render.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.answers import localizer
from bot.charts import (
    ChartFormat,
    ChartKind,
    cost_series,
    memory_bars,
    render_chart,
)
from sizing import SizingRequest, size_deployment

REQUESTS = (
    SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=131072, concurrency=20),
    SizingRequest(model_id="meta-llama/Llama-3.3-70B-Instruct", concurrency=64),
    SizingRequest(model_id="Qwen/Qwen3-235B-A22B", context_tokens=32768, concurrency=8),
)


def main() -> None:
    """Print first-chart time, then per-kind and per-format medians and sizes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    started = time.perf_counter()
    answer = size_deployment(REQUESTS[0])
    bars = memory_bars(answer)
    series = cost_series(REQUESTS[0], answer)
    render_chart(localizer("en"), ChartKind.SUMMARY, bars, series)
    print(f"first chart of the process (import, fonts): {time.perf_counter() - started:.2f} s")
    sizing_times = []
    for request in REQUESTS:
        answer = size_deployment(request)
        t0 = time.perf_counter()
        cost_series(request, answer)
        sizing_times.append(time.perf_counter() - t0)
    print(f"cost series (sizing up to 12 points): {statistics.median(sizing_times) * 1000:.1f} ms")
    for language in ("en", "zh-Hans", "ja"):
        loc = localizer(language)
        for kind in ChartKind:
            for fmt in ChartFormat:
                times, sizes = [], []
                for n in range(args.repeat):
                    request = REQUESTS[n % len(REQUESTS)]
                    answer = size_deployment(request)
                    bars = memory_bars(answer)
                    series = cost_series(request, answer)
                    t0 = time.perf_counter()
                    picture = render_chart(loc, kind, bars, series, fmt=fmt)
                    times.append(time.perf_counter() - t0)
                    sizes.append(len(picture))
                print(
                    f"{language:8} {kind.value:8} {fmt.value}: median "
                    f"{statistics.median(times) * 1000:6.1f} ms, max {max(times) * 1000:6.1f} ms,"
                    f" {max(sizes) / 1024:5.1f} KB at most"
                )


if __name__ == "__main__":
    main()
