"""Print how many sizings per second the engine does over a mix of requests, in one process.

Run: .venv/bin/python bench/sizing_throughput.py [seconds]
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from dataclasses import replace
from decimal import Decimal

from sizing.deploy.engine import size_deployment
from sizing.model import load_models
from sizing.request import GpuId, KvDtype, Precision, SizingRequest

CONTEXTS = (2048, 8192, 32768, 131072)
CONCURRENCIES = (1, 4, 16, 64)
PRECISIONS = (None, Precision.BF16, Precision.FP8, Precision.FP4, Precision.INT4)


def request_mix(count: int, seed: int = 7) -> list[SizingRequest]:
    """Build a reproducible mix: catalog models, generic sizes, constraints."""
    rng = random.Random(seed)
    model_ids = [m.id for m in load_models()]
    mix = []
    for _ in range(count):
        common = SizingRequest(
            precision=rng.choice(PRECISIONS),
            context_tokens=rng.choice(CONTEXTS),
            concurrency=rng.choice(CONCURRENCIES),
            kv_dtype=rng.choice((KvDtype.BF16, KvDtype.FP8)),
            cuda_only=rng.random() < 0.2,
            budget_usd_month=Decimal(30000) if rng.random() < 0.2 else None,
            gpus=(GpuId.H200,) if rng.random() < 0.2 else (),
        )
        if rng.random() < 0.2:
            size_b = rng.choice((7, 70, 405, 671))
            mix.append(replace(common, params_b=size_b, moe=rng.random() < 0.3))
        else:
            mix.append(replace(common, model_id=rng.choice(model_ids)))
    return mix


def main() -> None:
    """Warm up, then size the mix for a few seconds and print the rate."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    mix = request_mix(2000)
    cold_start = time.perf_counter()
    for request in mix[:200]:
        size_deployment(request)
    cold_s = time.perf_counter() - cold_start
    done = 0
    start = time.perf_counter()
    for request in itertools.cycle(mix):
        size_deployment(request)
        done += 1
        if done % 500 == 0 and time.perf_counter() - start >= seconds:
            break
    elapsed = time.perf_counter() - start
    print(f"first 200 sizings (cold caches): {200 / cold_s:,.0f} sizings/s")
    print(
        f"{done:,} sizings over {len(mix):,} distinct requests in {elapsed:.2f} s: "
        f"{done / elapsed:,.0f} sizings/s"
    )


if __name__ == "__main__":
    main()
