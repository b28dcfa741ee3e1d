"""The codes answers carry instead of sentences: why an option does not fit, what to watch out for.

The front end turns each into words; a test keeps every code worded in every language.
"""

from __future__ import annotations

from enum import StrEnum


class Choice(StrEnum):
    """Who settled a part of a deployment: the customer's message, or the search."""

    ASKED = "asked"
    CHOSEN = "chosen"


class Reason(StrEnum):
    """Why an option does not fit or was set aside."""

    WEIGHTS_EXCEED_MEMORY = "weights_exceed_memory"  # weights alone exceed the plan's GPUs
    NO_KV_ROOM = "no_kv_room"  # weights load, nothing useful is left for the KV cache
    CONTEXT_DOES_NOT_FIT = "context_does_not_fit"  # not even one sequence of the context
    CONCURRENCY_NOT_MET = "concurrency_not_met"  # needs more servers than the engine offers
    NO_PARALLEL_SHAPE = "no_parallel_shape"  # no tensor/pipeline shape an engine would start
    SINGLE_GPU_PLAN_CANNOT_SHARD = "single_gpu_plan_cannot_shard"
    CUDA_ONLY = "cuda_only"  # the request needs CUDA; the GPU runs ROCm
    NO_NATIVE_FP4 = "no_native_fp4"  # the request needs native FP4; the GPU lacks it
    OVER_BUDGET = "over_budget"
    GPU_NOT_REQUESTED = "gpu_not_requested"  # the request named other GPUs only


class Caveat(StrEnum):
    """Something the customer should know about a recommendation or an option."""

    ROCM_PORT = "rocm_port"  # custom CUDA kernels need HIP ports; no TensorRT-LLM
    FP8_NATIVE_MODEL_IN_BF16 = "fp8_native_model_in_bf16"  # doubles memory for no gain
    CONTEXT_BEYOND_MODEL_MAX = "context_beyond_model_max"  # sized at the model's maximum
    NO_B200_PRICE = "no_b200_price"  # B200 is sized and compared, not priced
    SINGLE_H200_CANNOT_SHARE_MODEL = "single_h200_cannot_share_model"
    FP4_WEIGHT_ONLY = "fp4_weight_only"  # no native FP4: memory saved, compute at FP8/BF16
    FITS_WITHOUT_KV_ROOM = "fits_without_kv_room"
    PIPELINE_ACROSS_SERVERS = "pipeline_across_servers"  # pipeline parallel over the network
    KV_HEADS_REPLICATED = "kv_heads_replicated"  # TP larger than the KV heads
    MLA_KV_REPLICATED = "mla_kv_replicated"  # MLA latent is whole on every TP rank
    ESTIMATED_CAPACITY = "estimated_capacity"  # usable bytes derived, not measured
    GENERIC_MODEL = "generic_model"  # sized from a parameter count with stated assumptions
    MTP_EXCLUDED = "mtp_excluded"  # multi-token-prediction layers not loaded
    SLIDING_WINDOW_CAPPED = "sliding_window_capped"  # windowed layers hold only the window
    QUANTIZED_BELOW_RELEASE = "quantized_below_release"  # fewer bits than the release: quality
    BUDGET_EXCEEDED_BY_ALL = "budget_exceeded_by_all"
    CONTEXT_DEFAULTED = "context_defaulted"  # no context given: a default was assumed
    FP6_WEIGHT_ONLY = "fp6_weight_only"  # no native FP6: memory saved, compute at FP8/BF16
    NVFP4_AS_MXFP4 = "nvfp4_as_mxfp4"  # NVFP4 asked on a GPU whose 4-bit float is MXFP4
    NEEDS_QUANTIZED_CHECKPOINT = "needs_quantized_checkpoint"  # no official one, no online path
    CONTEXT_EXTENDS_WITH_ROPE_SCALING = "context_extends_with_rope_scaling"  # e.g. YaRN
    SIZED_WITH_ROPE_SCALING = "sized_with_rope_scaling"  # past the native window, turned on
    SIZED_AT_ROPE_LIMIT = "sized_at_rope_limit"  # past what the scaling reads: sized at that
    DP_ATTENTION = "dp_attention"  # data-parallel attention with expert-parallel MoE
    LORA_ADAPTERS = "lora_adapters"  # many LoRA adapters served on the base (multi-LoRA)
    DRAFT_MODEL = "draft_model"  # speculative decoding with a smaller model as the draft
    # Service levels: prompt and answer lengths assumed (2,000 and 500 tokens); each user kept
    # at 10 tokens/s or faster under a throughput asked alone; latency limits met with
    # headroom (they bind the slowest requests, the figures are means).
    SERVICE_LENGTHS_DEFAULTED = "service_lengths_defaulted"
    PER_USER_FLOOR = "per_user_floor"
    LATENCY_HEADROOM = "latency_headroom"
