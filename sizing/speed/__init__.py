"""Speed: decode step by physical part, time to first token, and what a customer sees.

Modules: ``costs`` (measured and calibrated constants, with sources), ``formats`` (compute
format), ``experts`` (routed-expert coverage), ``layers`` (what one GPU of a shape holds and
runs), ``fabric`` (collectives), ``decode`` (one step), ``prefill`` (time to first token),
``serving`` (per-user and aggregate speeds), ``loaded`` (a replica under load: prompts and
decodes sharing it, Little's law), ``targets`` (the headroom latency limits keep),
``calibration`` (the reference points).
"""

from sizing.speed.calibration import matching_runs
from sizing.speed.calibration_data import anchored_gpus, load_calibration
from sizing.speed.costs import (
    ESTIMATE_BAND,
    ESTIMATE_SPEED_ABOVE,
    ESTIMATE_SPEED_BELOW,
    LOADED_SPEED_BAND,
    LOADED_TTFT_BAND,
)
from sizing.speed.decode import DecodeStep, decode_step, decode_step_s
from sizing.speed.experts import expert_coverage
from sizing.speed.fabric import Network, server_network
from sizing.speed.formats import compute_tflops, gpu_fp4_format, is_native, storage_format
from sizing.speed.layers import weight_bytes_per_gpu
from sizing.speed.loaded import Loaded, sequences_for_rate, speed_load
from sizing.speed.loaded import loaded as replica_under_load
from sizing.speed.prefill import prefill_flops, prefill_s, ttft_s
from sizing.speed.serving import (
    SpeedFigures,
    aggregate_tokens_per_s,
    decode_tokens_per_s,
    per_user_tokens_per_s,
    speed_figures,
)
from sizing.speed.targets import TPOT_HEADROOM, TTFT_HEADROOM, ttft_p99_s

__all__ = [
    "ESTIMATE_BAND",
    "ESTIMATE_SPEED_ABOVE",
    "ESTIMATE_SPEED_BELOW",
    "LOADED_SPEED_BAND",
    "LOADED_TTFT_BAND",
    "TPOT_HEADROOM",
    "TTFT_HEADROOM",
    "DecodeStep",
    "Loaded",
    "Network",
    "SpeedFigures",
    "aggregate_tokens_per_s",
    "anchored_gpus",
    "compute_tflops",
    "decode_step",
    "decode_step_s",
    "decode_tokens_per_s",
    "expert_coverage",
    "gpu_fp4_format",
    "is_native",
    "load_calibration",
    "matching_runs",
    "per_user_tokens_per_s",
    "prefill_flops",
    "prefill_s",
    "replica_under_load",
    "sequences_for_rate",
    "server_network",
    "speed_figures",
    "speed_load",
    "storage_format",
    "ttft_p99_s",
    "ttft_s",
    "weight_bytes_per_gpu",
]
