"""Speed: decode on the memory roofline, time to first token on the compute roofline.

Decode step (``engine-notes.md``, "Speed"): the bytes one step reads on each GPU (the weights
its tokens touch, MoE expert coverage included, plus the KV cache of every sequence in the
batch) over the bandwidth actually achieved, plus the tensor-parallel all-reduces.
Prefill: 2 x active parameters x tokens FLOPs plus attention, in the GPU's compute format.
"""

from __future__ import annotations

from sizing.memory import ModelLoad, Shape, kv_share_per_gpu
from sizing.types import GpuFacts, Precision

# Measured on one H200: 4,140 GB/s (FP8 70B decode) to 4,266 GB/s (BF16 GEMV) of the
# 4,800 GB/s spec, 0.86-0.89 (h200-measured.json); 0.87 is applied to every GPU.
BANDWIDTH_EFFICIENCY = 0.87
# "Tensor parallel adds a few microseconds per all-reduce per layer" (engine-notes.md):
# two all-reduces per layer (after attention, after the MLP), 5 us each assumed.
ALLREDUCE_S = 5e-6
ALLREDUCES_PER_LAYER = 2
# Prefill model-FLOPs utilisation: engine-notes.md says "well under 1"; 0.4 is the stated
# assumption (no prefill was measured).
PREFILL_MFU = 0.4
# Measured on one H200 (h200-measured.json, attn_llama70_bf16_ctx8192): one token's attention
# over 8,192 cached tokens in 80 layers took 2.22 ms at 1,210 GB/s, launch-bound, not
# bandwidth-bound. About 27.7 us per layer is the least a layer's attention adds to a decode
# step, whatever few bytes it reads; applied to every GPU as the floor of the KV read.
ATTENTION_FLOOR_S_PER_LAYER = 2.2179839611053465e-3 / 80
TB = 1e12
TFLOP = 1e12

_FOUR_BIT_FLOATS = frozenset({Precision.FP4, Precision.MXFP4, Precision.NVFP4})


def gpu_fp4_format(gpu: GpuFacts) -> Precision | None:
    """Return the GPU's own 4-bit float (NVFP4 where native, else MXFP4), None when it has none."""
    for fmt in (Precision.NVFP4, Precision.MXFP4):
        if fmt in gpu.native_formats:
            return fmt
    return None


def storage_format(gpu: GpuFacts, precision: Precision) -> Precision:
    """Return the concrete format the weights are stored in on this GPU (generic fp4 resolved).

    A GPU without a 4-bit float stores generic FP4 as MXFP4 weight-only.
    """
    if precision is Precision.FP4:
        return gpu_fp4_format(gpu) or Precision.MXFP4
    return precision


def is_native(gpu: GpuFacts, precision: Precision) -> bool:
    """Whether the GPU computes in this (concrete) format."""
    return storage_format(gpu, precision) in gpu.native_formats


def compute_tflops(gpu: GpuFacts, precision: Precision) -> float:
    """Return the dense TFLOPS the weights' matrix work runs at.

    The format's own if native, else the next format the GPU has (FP4/FP6 to FP8, then BF16);
    integer weight-only formats run at BF16.
    """
    fmt = storage_format(gpu, precision)
    if fmt in _FOUR_BIT_FLOATS and fmt in gpu.native_formats and gpu.tflops_fp4:
        return gpu.tflops_fp4
    if fmt is Precision.FP6 and fmt in gpu.native_formats and gpu.tflops_fp6:
        return gpu.tflops_fp6
    wants_fp8 = fmt in _FOUR_BIT_FLOATS or fmt in {Precision.FP6, Precision.FP8}
    if wants_fp8 and Precision.FP8 in gpu.native_formats and gpu.tflops_fp8:
        return gpu.tflops_fp8
    return gpu.tflops_bf16


def expert_coverage(experts_per_token: int, num_experts: int, batch: int) -> float:
    """Share of routed experts one decode step reads for a batch: 1 - (1 - k/E)^B."""
    if num_experts <= 0:
        return 1.0
    return 1.0 - (1.0 - experts_per_token / num_experts) ** batch


def weights_read_bytes(load: ModelLoad, batch: int) -> float:
    """Weight bytes one decode step reads (whole model): input embeddings are only gathered."""
    coverage = expert_coverage(load.experts_per_token, load.num_experts, batch)
    always = load.weights_bytes - load.input_embedding_bytes - load.routed_expert_bytes
    return always + load.routed_expert_bytes * coverage


def decode_step_s(load: ModelLoad, gpu: GpuFacts, shape: Shape, batch: int) -> float:
    """Seconds per decode step of one replica with ``batch`` sequences of the context.

    Pipeline stages run one after another for a step, so their times add up.
    """
    weights_gpu = weights_read_bytes(load, batch) / shape.gpus
    kv_gpu = batch * load.kv_bytes_per_sequence * kv_share_per_gpu(load, shape)
    bytes_per_s = BANDWIDTH_EFFICIENCY * gpu.bandwidth_tb_s * TB
    weights_s = shape.pipeline_parallel * weights_gpu / bytes_per_s
    kv_s = shape.pipeline_parallel * kv_gpu / bytes_per_s
    if kv_gpu > 0:
        kv_s = max(kv_s, load.layers * ATTENTION_FLOOR_S_PER_LAYER)
    memory_s = weights_s + kv_s
    comm_s = 0.0
    if shape.tensor_parallel > 1:
        comm_s = load.layers * ALLREDUCES_PER_LAYER * ALLREDUCE_S
    return memory_s + comm_s


def decode_tokens_per_s(load: ModelLoad, gpu: GpuFacts, shape: Shape) -> float:
    """Tokens per second of one sequence alone (batch 1) at the context."""
    return 1.0 / decode_step_s(load, gpu, shape, 1)


def aggregate_tokens_per_s(
    load: ModelLoad, gpu: GpuFacts, shape: Shape, *, concurrency: int, replicas: int
) -> float:
    """Tokens per second of all replicas serving the concurrency, spread evenly.

    Under pipeline parallelism vLLM keeps one micro-batch per stage in flight ("PP requires
    PP-size concurrent batches to fill the pipeline", ``VllmConfig.max_concurrent_batches``):
    a replica's batch moves one token per round of ``pipeline_parallel`` stage times, each
    stage working on a micro-batch of batch / PP sequences.
    """
    batch = -(-concurrency // max(replicas, 1))
    micro_batch = -(-batch // shape.pipeline_parallel)
    return concurrency / decode_step_s(load, gpu, shape, micro_batch)


def prefill_flops(load: ModelLoad, context_tokens: int) -> tuple[float, float]:
    """(matrix FLOPs, attention FLOPs) to prefill one prompt of ``context_tokens``.

    Attention: QK^T and AV, 2 FLOPs per multiply-add, over the keys each query sees (half the
    prompt on average under the causal mask; at most the window on windowed layers).
    """
    linear = 2.0 * load.active_params * context_tokens
    full_layers = load.layers - load.windowed_layers
    half = context_tokens / 2
    attended_window = min(half, float(load.sliding_window or context_tokens))
    per_key = 4.0 * context_tokens * load.attention_width
    attention = per_key * (full_layers * half + load.windowed_layers * attended_window)
    return linear, attention


def ttft_s(
    load: ModelLoad, gpu: GpuFacts, shape: Shape, *, precision: Precision, context_tokens: int
) -> float:
    """Estimate the time to first token for one prompt of the context.

    Compute roofline, and at least one full read of the weights. Attention runs in 16 bits;
    TP splits the work, PP does not.
    """
    linear, attention = prefill_flops(load, context_tokens)
    tp = shape.tensor_parallel
    linear_s = linear / (tp * compute_tflops(gpu, precision) * TFLOP * PREFILL_MFU)
    attention_s = attention / (tp * gpu.tflops_bf16 * TFLOP * PREFILL_MFU)
    return max(linear_s + attention_s, decode_step_s(load, gpu, shape, 1))
