"""How a predicted mean meets a latency limit: the headroom every service-level check keeps.

Latency limits bind the slowest requests (MLPerf's are 99th percentiles; a customer's "TTFT
under 1 s" is about the slow ones too) while the speed model predicts means. Measured in the
Server and Interactive logs of MLPerf Inference v4.1 and v5.1 (mlcommons/inference_results_*,
``mlperf_log_summary.txt``: mean and 99th-percentile TTFT and TPOT of Llama 2 70B, Mixtral
8x7B, Llama 3.1 8B and DeepSeek-R1 runs, 259 of them; the Llama 3.1 405B runs are kept apart to
check the model): a loaded server's 99th-percentile time to first token is a median 2.1 times
its mean, its time per output token 1.15 times.
"""

TTFT_HEADROOM = 0.45  # the queued part of a mean TTFT is 0.45 of its p99 (p99 ~ 2.2x)
TPOT_HEADROOM = 0.85  # a mean time per output token meets a limit at 0.85 of it (p99 ~ 1.18x)


def ttft_p99_s(mean_s: float, floor_s: float) -> float:
    """Return the 99th-percentile time to first token of a mean with that unloaded floor.

    The request's overhead and its own prompt take the same time for every request; what
    load adds (steps under way, prompts queued) is what spreads, by ``1 / TTFT_HEADROOM``.
    """
    queued = max(mean_s - floor_s, 0.0)
    return floor_s + queued / TTFT_HEADROOM
