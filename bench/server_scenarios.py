"""Replay published MLPerf Server results as customer requests and compare the system size.

Usage: .venv/bin/python bench/server_scenarios.py

Each held-out Server or Interactive point of ``sizing/data/calibration.json`` on a GPU the plans
have is asked as a customer would: that model, that throughput, its TTFT and TPOT limits (per
user speed = 1 / TPOT), its prompt and answer lengths, on that GPU. The row says how many GPUs
the recommendation rents against the system that reached it: "same" is the bar (a published
system that just meets a throughput within its limits should be sized as that system).
"""

from __future__ import annotations

import sys

from sizing import GpuId, Precision, SizingRequest, size_deployment
from sizing.speed.calibration_data import Benchmark, Quantity, load_calibration


def main() -> int:
    """Print one row per replayed result and the share sized as the system."""
    same = total = 0
    for point in load_calibration().points:
        workload = point.workload
        if not point.held_out or workload is None or workload.benchmark is not Benchmark.SERVER:
            continue
        if point.quantity is not Quantity.TOKENS_PER_S_AGGREGATE or point.gpu not in set(GpuId):
            continue
        gpus = point.layout.shape().gpus * workload.replicas
        request = SizingRequest(
            model_id=point.model,
            precision=Precision(point.precision),
            gpus=(GpuId(point.gpu),),
            throughput_tok_s=point.value,
            ttft_s=workload.ttft_limit_s,
            tokens_per_user_tok_s=1 / workload.tpot_limit_s if workload.tpot_limit_s else None,
            input_tokens=workload.input_tokens,
            output_tokens=workload.output_tokens,
        )
        answer = size_deployment(request)
        index = answer.recommended_index
        sized = answer.options[index].gpus if index is not None else None
        verdict = (
            "none"
            if sized is None
            else "same"
            if sized == gpus
            else ("larger" if sized > gpus else "smaller")
        )
        total += 1
        same += verdict == "same"
        print(f"{point.id:58} system {gpus:3} GPUs  sized {sized!s:>5}  {verdict}")
    if total:
        print(f"\n{same} of {total} sized as the published system ({same / total:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
