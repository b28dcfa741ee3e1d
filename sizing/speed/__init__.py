"""Speed: decode step by physical part, time to first token, and what a customer sees.

Modules: ``costs`` (measured and calibrated constants, with sources), ``formats`` (compute
format), ``experts`` (routed-expert coverage), ``layers`` (what one GPU of a shape holds and
runs), ``fabric`` (collectives), ``decode`` (one step), ``prefill`` (time to first token),
``serving`` (per-user and aggregate speeds), ``calibration`` (the reference points).
"""

from sizing.speed.calibration_data import load_calibration
from sizing.speed.decode import DecodeStep, decode_step, decode_step_s
from sizing.speed.experts import expert_coverage
from sizing.speed.fabric import Network, server_network
from sizing.speed.formats import compute_tflops, gpu_fp4_format, is_native, storage_format
from sizing.speed.layers import weight_bytes_per_gpu
from sizing.speed.prefill import prefill_flops, prefill_s, ttft_s
from sizing.speed.serving import (
    SpeedFigures,
    aggregate_tokens_per_s,
    decode_tokens_per_s,
    per_user_tokens_per_s,
    speed_figures,
)

__all__ = [
    "DecodeStep",
    "Network",
    "SpeedFigures",
    "aggregate_tokens_per_s",
    "compute_tflops",
    "decode_step",
    "decode_step_s",
    "decode_tokens_per_s",
    "expert_coverage",
    "gpu_fp4_format",
    "is_native",
    "load_calibration",
    "per_user_tokens_per_s",
    "prefill_flops",
    "prefill_s",
    "server_network",
    "speed_figures",
    "storage_format",
    "ttft_s",
    "weight_bytes_per_gpu",
]
