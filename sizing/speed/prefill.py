"""Time to first token: the prompt's forward pass on the compute roofline, chunk by chunk.

Each chunk of at most ``PREFILL_CHUNK_TOKENS`` costs the longer of its matrix FLOPs (in the
GPU's compute format for the weights, 16 bits for attention) and its weight reads, plus the
same kernel and collective costs a decode step pays, with activations as wide as the chunk.
Attention FLOPs follow the causal mask exactly: each query sees the keys before it, at most
the window on windowed layers; MLA prefills with its full per-head keys and values.
"""

from __future__ import annotations

from sizing.catalog import GpuFacts
from sizing.fit import ModelLoad, Shape
from sizing.speed.costs import CURRENT, PREFILL_CHUNK_TOKENS, KernelCosts
from sizing.speed.decode import (
    TFLOP,
    all_to_all_step_s,
    collectives_s,
    hbm_bytes_per_s,
    pipeline_s,
)
from sizing.speed.fabric import Network, server_network
from sizing.speed.formats import compute_tflops
from sizing.speed.layers import (
    attention_flops_per_key,
    attention_group,
    expert_slices_per_gpu,
    kernels_s,
    stage_group,
    weight_bytes_per_gpu,
)


def causal_keys(start: int, count: int, window: int | None = None) -> float:
    """Keys seen by queries ``start`` .. ``start + count - 1`` (each sees itself and before).

    With a window, each query sees at most ``window`` keys.
    """
    end = start + count  # queries see 1..end keys: sum over q in (start, end] of min(q, w)
    limit = window if window is not None else end

    def seen_up_to(n: int) -> float:
        capped = min(n, limit)
        return capped * (capped + 1) / 2 + (n - capped) * limit

    return seen_up_to(end) - seen_up_to(start)


def prefill_flops(load: ModelLoad, prompt_tokens: int) -> tuple[float, float]:
    """(matrix FLOPs, attention FLOPs) of the whole prompt, whole model."""
    linear = 2.0 * load.active_params * prompt_tokens
    per_key = attention_flops_per_key(load, absorbed=False)
    full = load.layers - load.windowed_layers
    indexer = load.indexer
    indexed = min(indexer.layers, full) if indexer else 0
    keys = (full - indexed) * causal_keys(0, prompt_tokens)
    if load.windowed_layers:
        keys += load.windowed_layers * causal_keys(0, prompt_tokens, load.sliding_window)
    scoring = 0.0
    if indexer and indexed:
        # Sparse layers: each query attends the tokens its indexer kept, after scoring all.
        keys += indexed * causal_keys(0, prompt_tokens, indexer.top_k or None)
        scoring = indexed * causal_keys(0, prompt_tokens) * 2.0 * indexer.heads * indexer.head_dim
    return linear, per_key * keys + scoring


def chunk_body_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    costs: KernelCosts,
    *,
    tokens: int,
) -> float:
    """One forward pass over ``tokens`` prompt tokens, attention FLOPs apart.

    The longer of the matrix FLOPs and the weight reads, then the fixed kernel costs and the
    exchanges of activations as wide as the chunk.
    """
    matrix = compute_tflops(gpu, load.weight_format) * costs.matrix_efficiency * TFLOP
    linear_s = 2.0 * load.active_params * tokens / stage_group(shape) / matrix
    weights_s = weight_bytes_per_gpu(load, shape, tokens) / hbm_bytes_per_s(gpu)
    slices = expert_slices_per_gpu(load, shape, tokens) * costs.expert_slice_s
    fixed = kernels_s(load, costs) + load.layers * costs.attention_floor_s + slices
    exchanges = (
        collectives_s(load, gpu, shape, network=network, costs=costs, tokens=tokens)
        + all_to_all_step_s(load, gpu, shape, network=network, costs=costs, tokens=tokens)
        + pipeline_s(load, shape, network, costs, tokens)
    )
    return max(linear_s, weights_s) + fixed + exchanges


def prefill_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    prompt_tokens: int,
    *,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """Time the prompt's forward passes, one per chunk; attention over every causal key."""
    net = network or server_network(None)
    full_chunks, rest = divmod(prompt_tokens, PREFILL_CHUNK_TOKENS)
    total = 0.0
    if full_chunks:
        body = chunk_body_s(load, gpu, shape, net, costs, tokens=PREFILL_CHUNK_TOKENS)
        total += full_chunks * body
    if rest:
        total += chunk_body_s(load, gpu, shape, net, costs, tokens=rest)
    _, attention_flops = prefill_flops(load, prompt_tokens)
    bf16 = gpu.tflops_bf16 * costs.matrix_efficiency * TFLOP
    return total + attention_flops / attention_group(shape) / bf16


def ttft_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    context_tokens: int,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """Time to first token for one prompt of ``context_tokens`` on an idle replica."""
    forward = prefill_s(load, gpu, shape, max(context_tokens, 1), network=network, costs=costs)
    return costs.first_token_overhead_s + forward
