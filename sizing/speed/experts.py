"""Which routed experts one decode step reads, and how much of them the busiest GPU holds."""

from __future__ import annotations

from math import comb


def expert_coverage(experts_per_token: int, num_experts: int, tokens: float) -> float:
    """Share of routed experts a step reads for ``tokens`` tokens: 1 - (1 - k/E)^tokens.

    DeepSeek-V3 (k=8 of E=256): 3% at one token, 98% at 128 (``engine-notes.md``, "Speed").
    """
    if num_experts <= 0:
        return 1.0
    return float(1.0 - (1.0 - experts_per_token / num_experts) ** tokens)


def busiest_gpu_experts(experts_per_gpu: int, gpus: int, coverage: float) -> float:
    """Return the expected count of activated experts on the busiest expert-parallel GPU.

    Each GPU holds ``experts_per_gpu`` experts, each activated with probability ``coverage``
    (independently): the expected maximum of ``gpus`` binomial counts. At one token DeepSeek-V3
    on 8 GPUs activates 8 experts, one per GPU on average, but the busiest GPU reads about two
    or three, where tensor-parallel experts spread the same bytes evenly.
    """
    if gpus <= 1 or coverage >= 1.0:
        return experts_per_gpu * coverage if gpus <= 1 else float(experts_per_gpu)
    below = 0.0  # P(count <= x)
    expected_max = 0.0
    for count in range(experts_per_gpu):
        below += (
            comb(experts_per_gpu, count)
            * coverage**count
            * (1 - coverage) ** (experts_per_gpu - count)
        )
        expected_max += 1.0 - min(below, 1.0) ** gpus
    return expected_max
