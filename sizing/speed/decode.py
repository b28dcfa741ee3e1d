"""One decode step of one replica, part by part.

A step (``engine-notes.md``, "Speed", made physical): every GPU reads the weights its tokens
touch and the cache of its sequences at the HBM bandwidth achieved on large matrices; every
kernel pays a fixed launch-and-tail cost, which is what makes small matrices (an 8B model,
one expert's slice) reach less of the bus; attention kernels are launch-bound over short
contexts and bandwidth-bound over long ones; tensor-parallel, data-parallel-attention and
expert-parallel layers exchange activations; pipeline stages hand them over the network. Large
batches turn the matrices compute-bound.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.catalog import GpuFacts
from sizing.fit import ModelLoad, Shape
from sizing.speed.costs import CURRENT, HBM_EFFICIENCY, STEP_BLOCK, KernelCosts
from sizing.speed.fabric import (
    ACTIVATION_BYTES,
    Network,
    all_reduce_s,
    all_to_all_s,
    server_network,
    stage_hop_s,
)
from sizing.speed.formats import compute_tflops
from sizing.speed.layers import (
    attention_flops_per_key,
    attention_group,
    expert_slices_per_gpu,
    indexer_key_bytes,
    kernels_s,
    kv_bytes_per_token_layer,
    kv_share_on_rank,
    sequences_per_group,
    stage_group,
    weight_bytes_per_gpu,
)

TB = 1e12
TFLOP = 1e12


@dataclass(frozen=True, slots=True)
class DecodeStep:
    """Seconds of one decode step by part, on the GPUs that set the pace."""

    weights_s: float  # weight bytes at the achieved HBM bandwidth
    compute_s: float  # matrix FLOPs beyond the weights' read time (large batches)
    attention_s: float  # attention kernels: cache bytes, launch floor, FLOPs
    kernels_s: float  # fixed cost of every other kernel
    expert_slices_s: float  # each activated expert slice streamed in the grouped GEMMs
    collectives_s: float  # tensor-parallel and data-parallel-attention exchanges
    all_to_all_s: float  # expert-parallel dispatch and combine
    pipeline_s: float  # hand-overs between pipeline stages

    @property
    def total_s(self) -> float:
        """The whole step."""
        return (
            self.weights_s
            + self.compute_s
            + self.attention_s
            + self.kernels_s
            + self.expert_slices_s
            + self.collectives_s
            + self.all_to_all_s
            + self.pipeline_s
        )


def hbm_bytes_per_s(gpu: GpuFacts) -> float:
    """HBM bandwidth a GPU reaches on large matrices."""
    return HBM_EFFICIENCY * gpu.bandwidth_tb_s * TB


def decode_step(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    sequences: int,
    tokens_per_sequence: float = 1.0,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> DecodeStep:
    """One step of one replica serving ``sequences`` sequences of the load's context.

    ``tokens_per_sequence`` > 1 is a speculative verification step (several tokens of each
    sequence checked at once against the same cache).
    """
    net = network or server_network(None)
    tokens = sequences * tokens_per_sequence
    weights_s = weight_bytes_per_gpu(load, shape, tokens) / hbm_bytes_per_s(gpu)
    matrix_tflops = compute_tflops(gpu, load.weight_format) * costs.matrix_efficiency
    linear_s = 2.0 * load.active_params * tokens / stage_group(shape) / (matrix_tflops * TFLOP)
    return DecodeStep(
        weights_s=weights_s,
        compute_s=max(linear_s - weights_s, 0.0),
        attention_s=attention_s(
            load,
            gpu,
            shape,
            sequences=sequences,
            tokens_per_sequence=tokens_per_sequence,
            costs=costs,
        ),
        kernels_s=kernels_s(load, costs),
        expert_slices_s=expert_slices_per_gpu(load, shape, tokens) * costs.expert_slice_s,
        collectives_s=collectives_s(load, gpu, shape, network=net, costs=costs, tokens=tokens),
        all_to_all_s=all_to_all_step_s(load, gpu, shape, network=net, costs=costs, tokens=tokens),
        pipeline_s=pipeline_s(load, shape, net, costs, tokens),
    )


def decode_step_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    batch: int,
    *,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """Seconds per decode step of one replica with ``batch`` sequences of the context."""
    return decode_step(load, gpu, shape, sequences=batch, network=network, costs=costs).total_s


def draft_pass_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    sequences: int,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """One pass of the model's MTP module for ``sequences`` sequences: one more layer, its head.

    The module is one layer of the model's own kind (attention over the same cache, its MLP or
    experts) whose output goes through the LM head: one layer's share of a plain step, plus
    the head's read and the step's own kernels.
    """
    step = decode_step(load, gpu, shape, sequences=sequences, network=network, costs=costs)
    head_s = load.lm_head_bytes / stage_group(shape) / hbm_bytes_per_s(gpu)
    once = STEP_BLOCK[0] * costs.gemm_kernel_s + STEP_BLOCK[1] * costs.small_kernel_s
    layer_s = max(step.total_s - head_s - once, 0.0) / max(load.layers, 1)
    return layer_s + head_s + once


def speculative_step_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    sequences: int,
    drafted: int,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """One MTP step: ``drafted`` passes of the module, then the model checks them all at once.

    The check is a decode step of ``drafted + 1`` tokens of each sequence over the same cache:
    more experts touched and more FLOPs than one token, the same weights read.
    """
    check = decode_step(
        load,
        gpu,
        shape,
        sequences=sequences,
        tokens_per_sequence=drafted + 1,
        network=network,
        costs=costs,
    ).total_s
    draft = draft_pass_s(load, gpu, shape, sequences=sequences, network=network, costs=costs)
    return check + drafted * draft


def blend(floor_s: float, transfer_s: float, power: float) -> float:
    """Combine a kernel's launch floor and its transfer time: (f^p + t^p)^(1/p)."""
    return float((floor_s**power + transfer_s**power) ** (1.0 / power))


def attention_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    sequences: int,
    tokens_per_sequence: float,
    costs: KernelCosts,
) -> float:
    """Attention kernels of every layer for the busiest group's sequences.

    Each layer's kernel: ``blend`` of its floor and its cache bytes' transfer (launch-bound short,
    bandwidth-bound long, as measured on the H200), or its FLOPs where those take longer
    (MLA over long contexts and many sequences). A sparse-attention layer attends over the
    tokens its indexer keeps, after the indexer's own scoring pass over the whole context.
    """
    group_sequences = sequences_per_group(shape, sequences)
    share = kv_share_on_rank(load, shape)
    per_token_layer = kv_bytes_per_token_layer(load) * share * group_sequences
    state_layer = load.state_bytes_per_sequence * share * group_sequences / load.layers
    context = load.context_tokens
    window = min(context, load.sliding_window or context)
    flops_per_key = attention_flops_per_key(load, absorbed=True) / attention_group(shape)
    queries = group_sequences * tokens_per_sequence
    tflops = gpu.tflops_bf16 * costs.matrix_efficiency * TFLOP
    total = 0.0
    full = load.layers - load.windowed_layers
    indexer = load.indexer
    indexed = min(indexer.layers, full) if indexer else 0
    kept = min(context, indexer.top_k) if indexer and indexer.top_k else context
    spans = ((full - indexed, context), (indexed, kept), (load.windowed_layers, window))
    for layers, keys in spans:
        if not layers:
            continue
        transfer = (per_token_layer * keys + state_layer) / hbm_bytes_per_s(gpu)
        memory = blend(costs.attention_floor_s, transfer, costs.attention_blend)
        compute = queries * keys * flops_per_key / tflops
        total += layers * max(memory, compute)
    if indexer and indexed:
        # The scoring pass: every cached token's indexer key, each query's heads against it.
        keys_bytes = indexer_key_bytes(load) * group_sequences * context
        memory = blend(
            costs.attention_floor_s, keys_bytes / hbm_bytes_per_s(gpu), costs.attention_blend
        )
        compute = queries * context * 2.0 * indexer.heads * indexer.head_dim / tflops
        total += indexed * max(memory, compute)
    return total


def collectives_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    network: Network,
    costs: KernelCosts,
    tokens: float,
) -> float:
    """Activation exchanges of every layer.

    Tensor parallel: an all-reduce after attention and one after the MLP. Data-parallel
    attention: an all-reduce inside the attention group, then the tokens of every group
    gathered for the shared MLP and scattered back (replaced by the expert-parallel
    all-to-all in MoE layers).
    """
    hidden = load.hidden_size * ACTIVATION_BYTES
    group_tokens = tokens / shape.data_parallel
    attention = all_reduce_s(
        gpu, network, costs, group=attention_group(shape), message_bytes=group_tokens * hidden
    )
    exchange = all_reduce_s(
        gpu, network, costs, group=stage_group(shape), message_bytes=tokens * hidden
    )
    if not shape.dp_attention:
        return load.layers * 2 * attention
    moe_layers = load.moe_layers if load.moe and shape.expert_parallel else 0
    return load.layers * attention + (load.layers - moe_layers) * 2 * exchange


def all_to_all_step_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    network: Network,
    costs: KernelCosts,
    tokens: float,
) -> float:
    """Time the expert-parallel dispatch and combine of every MoE layer.

    Only with data-parallel attention: without it every GPU already holds every token, and a
    reduction combines the experts.
    """
    if not (load.moe and shape.expert_parallel and shape.dp_attention):
        return 0.0
    group = stage_group(shape)
    sent = tokens / group * load.experts_per_token * load.hidden_size * ACTIVATION_BYTES
    one = all_to_all_s(gpu, network, costs, group=group, bytes_per_gpu=sent)
    return load.moe_layers * 2 * one


def pipeline_s(
    load: ModelLoad, shape: Shape, network: Network, costs: KernelCosts, tokens: float
) -> float:
    """Hand-overs of one micro-batch: to each next stage, and the sampled token back."""
    if shape.pipeline_parallel <= 1:
        return 0.0
    message = tokens * load.hidden_size * ACTIVATION_BYTES
    return shape.pipeline_parallel * stage_hop_s(network, costs, message_bytes=message)
