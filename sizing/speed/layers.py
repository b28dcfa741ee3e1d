"""A model's layers as one GPU of a parallel shape sees them: bytes, kernels, FLOPs.

Groups (``memory.Shape``): attention runs on ``tensor_parallel`` GPUs (one data-parallel
group, replicated per group); everything else (dense MLPs, shared and routed experts, the LM
head) is shared by the ``tensor_parallel x data_parallel`` GPUs of a pipeline stage. Figures
summed over all layers are what one GPU of each stage reads in turn, which is what one step
(one micro-batch through every stage) costs.
"""

from __future__ import annotations

from sizing.fit import ModelLoad, Shape
from sizing.model import Attention
from sizing.speed.costs import (
    DENSE_MLP_BLOCK,
    GQA_BLOCK,
    LORA_GEMMS_PER_BLOCK,
    MLA_BLOCK,
    MOE_BLOCK,
    SHARED_EXPERT_BLOCK,
    STEP_BLOCK,
    KernelCosts,
)
from sizing.speed.experts import busiest_gpu_experts, expert_coverage


def attention_group(shape: Shape) -> int:
    """GPUs one sequence's attention runs on."""
    return shape.tensor_parallel


def stage_group(shape: Shape) -> int:
    """GPUs of one pipeline stage, sharing the MLP and expert weights."""
    return shape.tensor_parallel * shape.data_parallel


def sequences_per_group(shape: Shape, sequences: int) -> int:
    """Sequences the busiest data-parallel attention group serves."""
    return -(-sequences // shape.data_parallel)


def other_weight_bytes(load: ModelLoad) -> int:
    """Weights read every step outside attention, experts and LM head: dense MLPs, routers."""
    known = (
        load.input_embedding_bytes
        + load.lm_head_bytes
        + load.attention_bytes
        + load.routed_expert_bytes
        + load.shared_expert_bytes
        + load.mtp_bytes
        + load.vision_bytes
        + load.lora_slots * load.lora_adapter_bytes
    )
    return max(load.weights_bytes - known, 0)


def routed_bytes_per_gpu(load: ModelLoad, shape: Shape, tokens: float) -> float:
    """Routed-expert bytes the busiest GPU of a stage reads for ``tokens`` tokens (all layers).

    Tensor-parallel experts: every GPU reads its slice of each activated expert. Expert
    parallel: each GPU holds whole experts, and the one holding the most activated ones sets
    the pace.
    """
    if not load.routed_expert_bytes:
        return 0.0
    coverage = expert_coverage(load.experts_per_token, load.num_experts, tokens)
    group = stage_group(shape)
    if not shape.expert_parallel or group <= 1 or load.num_experts < group:
        return load.routed_expert_bytes * coverage / group
    per_expert = load.routed_expert_bytes / load.num_experts
    return busiest_gpu_experts(load.num_experts // group, group, coverage) * per_expert


def weight_bytes_per_gpu(load: ModelLoad, shape: Shape, tokens: float) -> float:
    """Weight bytes one GPU of each stage reads in a forward pass over ``tokens`` tokens.

    Input embeddings are gathered a row per token, MTP layers only drafted, the vision tower
    only run on images: none of them is read per token.
    """
    shared = load.lm_head_bytes + load.shared_expert_bytes + other_weight_bytes(load)
    # LoRA: the adapters of the batch's sequences, one each at most (as many as the slots).
    adapters = min(load.lora_slots, tokens) * load.lora_adapter_bytes
    return (
        load.attention_bytes / attention_group(shape)
        + (shared + adapters) / stage_group(shape)
        + routed_bytes_per_gpu(load, shape, tokens)
    )


def kernels_per_step(load: ModelLoad) -> tuple[int, int]:
    """(GEMM kernels, small kernels) of one forward pass, besides the attention kernels."""
    attention = MLA_BLOCK if load.attention is Attention.MLA else GQA_BLOCK
    moe_layers = load.moe_layers if load.moe else 0
    dense_layers = load.layers - moe_layers
    blocks = [(load.layers, attention), (dense_layers, DENSE_MLP_BLOCK), (moe_layers, MOE_BLOCK)]
    if load.shared_expert_bytes:
        blocks.append((moe_layers, SHARED_EXPERT_BLOCK))
    gemms = STEP_BLOCK[0] + sum(count * block[0] for count, block in blocks)
    small = STEP_BLOCK[1] + sum(count * block[1] for count, block in blocks)
    if load.lora_slots:
        gemms += LORA_GEMMS_PER_BLOCK * (load.layers + dense_layers)
    if load.indexer is not None:
        gemms += load.indexer.layers * load.indexer.gemms
        small += load.indexer.layers * load.indexer.small_kernels
    return gemms, small


def kernels_s(load: ModelLoad, costs: KernelCosts) -> float:
    """Return the fixed cost of one forward pass's kernels, attention kernels apart.

    Includes what an older stack adds per layer beyond them.
    """
    gemms, small = kernels_per_step(load)
    per_layer = load.layers * costs.layer_overhead_s
    return gemms * costs.gemm_kernel_s + small * costs.small_kernel_s + per_layer


def expert_slices_per_gpu(load: ModelLoad, shape: Shape, tokens: float) -> float:
    """Activated expert slices the busiest GPU streams in its grouped GEMMs (all layers).

    Each activated expert is one small matrix per grouped GEMM (gate/up and down): every
    expert on each GPU under tensor parallelism, the busiest GPU's whole experts under expert
    parallelism.
    """
    if not load.routed_expert_bytes:
        return 0.0
    coverage = expert_coverage(load.experts_per_token, load.num_experts, tokens)
    group = stage_group(shape)
    active = load.num_experts * coverage
    if shape.expert_parallel and 1 < group <= load.num_experts:
        active = busiest_gpu_experts(load.num_experts // group, group, coverage)
    grouped_gemms = MOE_BLOCK[0] - 1  # the router is a plain GEMM
    return active * grouped_gemms * load.moe_layers


def kv_bytes_per_token_layer(load: ModelLoad) -> float:
    """One token's cache in one attention layer (windowed layers hold fewer tokens).

    The indexer's keys apart: its own scoring pass reads them (``indexer_key_bytes``).
    """
    cached = cached_tokens(load, load.context_tokens)
    if cached <= 0:
        return 0.0
    indexer = load.indexer_bytes_per_token * load.context_tokens
    return (load.kv_bytes_per_sequence - load.state_bytes_per_sequence - indexer) / cached


def indexer_key_bytes(load: ModelLoad) -> float:
    """One token's indexer key in one indexed layer (one head, whole on every rank)."""
    if load.indexer is None or not load.indexer.layers:
        return 0.0
    return load.indexer_bytes_per_token / load.indexer.layers


def cached_tokens(load: ModelLoad, context_tokens: int) -> int:
    """Token-layers one sequence of ``context_tokens`` caches (windowed layers capped)."""
    window = min(context_tokens, load.sliding_window or context_tokens)
    full = load.layers - load.windowed_layers
    return full * context_tokens + load.windowed_layers * window


def kv_share_on_rank(load: ModelLoad, shape: Shape) -> float:
    """Share of a sequence's cache one tensor-parallel rank of its group reads.

    MLA keeps its latent whole on every rank; GQA gives each rank max(kv_heads / TP, 1) heads.
    """
    if load.attention is Attention.MLA:
        return 1.0
    heads = load.num_kv_heads
    return max(heads / attention_group(shape), 1.0) / heads


def attention_flops_per_key(load: ModelLoad, *, absorbed: bool) -> float:
    """FLOPs one query token spends on one cached key in one layer, all heads.

    Q.K over the query-key width and A.V over the value width, 2 FLOPs per multiply-add. MLA
    decodes absorbed: both products run over the latent (plus the rotary part for Q.K).
    """
    heads = load.num_attention_heads
    if load.attention is Attention.MLA and absorbed:
        width = 2 * load.kv_lora_rank + load.qk_rope_head_dim
        return 2.0 * heads * width
    return 2.0 * heads * (load.qk_head_dim + load.v_head_dim)
