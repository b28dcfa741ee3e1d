"""Memory budget of one GPU, and how a model's weights and KV cache divide over a shape.

Two budgets, always named (``engine-notes.md``, "Memory budget per GPU"):
- physical: usable bytes - CUDA context - the process's other memory (allocator overhead,
  as measured; communication buffers under tensor parallelism) - weights;
- stock vLLM: usable bytes x gpu_memory_utilization - CUDA context - activation workspace
  - communication buffers (tensor parallel only) - weights. This is what vLLM's profiler
  leaves for the KV cache on a default launch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sizing.catalog import GpuFacts
from sizing.model import Attention, SparseIndexer
from sizing.request import Precision
from sizing.units import GIB

# vLLM's profiled activation peak on H100 (engine-notes.md): ~5 GiB dense, ~7.4 GiB MoE.
ACTIVATION_WORKSPACE_DENSE_BYTES = 5 * GIB
ACTIVATION_WORKSPACE_MOE_BYTES = int(7.4 * GIB)
# NCCL/RCCL buffers under tensor parallelism (engine-notes.md: ~0.35 GB).
COMM_BUFFER_BYTES = 350_000_000
# Memory a process holds besides its CUDA context, weights and KV cache, as measured on one
# H200 (h200-measured.json, all-BF16 Llama-3-70B): total 150,109,880,320 - context 554,500,096
# - weights 141,104,775,168 - KV that still fit 7,784,628,224 = 665,976,832 bytes. The FP8
# run left 397,541,376; the larger is taken, so the physical room is never overstated.
PROCESS_OTHER_BYTES = 150_109_880_320 - 554_500_096 - 141_104_775_168 - 7_784_628_224


@dataclass(frozen=True, slots=True)
class ModelLoad:
    """What placement needs to know of a model at one precision, KV dtype and context."""

    weights_bytes: int  # everything loaded, whole model
    routed_expert_bytes: int  # part of weights_bytes held by routed experts
    input_embedding_bytes: int  # part of weights_bytes only gathered (a row per token)
    kv_bytes_per_token: int  # whole model, averaged at the context (windows capped)
    kv_bytes_per_sequence: int  # one sequence of the requested context, whole model
    attention: Attention
    layers: int
    num_attention_heads: int
    num_kv_heads: int
    moe: bool
    num_experts: int
    experts_per_token: int
    active_params: int
    attention_width: int  # heads x head_dim: the prefill attention FLOPs scale
    windowed_layers: int
    sliding_window: int | None
    # Part of ``kv_bytes_per_sequence`` that does not grow with the context: the recurrent
    # state of linear-attention / Mamba layers (0 for pure attention models).
    state_bytes_per_sequence: int = 0
    # What the speed model reads apart, as stored (parts of ``weights_bytes``): attention
    # weights are replicated per data-parallel attention group, the rest shared by the replica.
    attention_bytes: int = 0
    lm_head_bytes: int = 0  # output projection (the tied embedding where there is no head)
    shared_expert_bytes: int = 0
    mtp_bytes: int = 0  # multi-token-prediction layers, loaded only for speculative decoding
    vision_bytes: int = 0  # vision tower: read when an image is encoded, not per token
    hidden_size: int = 0
    moe_layers: int = 0
    weight_format: Precision = Precision.BF16  # concrete storage format (no generic fp4)
    context_tokens: int = 0  # the context the KV figures are for
    # Attention FLOPs per head and key: query-key width and value width (MLA: 192 and 128 for
    # DeepSeek-V3; GQA: head_dim both), and the MLA latent width decode attends over.
    qk_head_dim: int = 0
    v_head_dim: int = 0
    kv_lora_rank: int = 0
    qk_rope_head_dim: int = 0
    # LoRA adapters served on the base (vLLM multi-LoRA): the slots held on the GPUs
    # (``--max-loras``) and one adapter's bytes; ``weights_bytes`` includes every slot.
    lora_slots: int = 0
    lora_adapter_bytes: int = 0
    # Speculative decoding: the draft model's own load (same context and KV dtype), held on the
    # same GPUs beside the weights and caching every sequence too, and the tokens it drafts.
    draft: ModelLoad | None = None
    draft_tokens: int = 0
    # Sparse-attention indexer (``SparseIndexer``): its keys' bytes per token over all its
    # layers (part of ``kv_bytes_per_sequence``), read whole by its scoring pass every step.
    indexer: SparseIndexer | None = None
    indexer_bytes_per_token: int = 0


@dataclass(frozen=True, slots=True)
class Shape:
    """A parallel layout of one model replica.

    ``tensor_parallel`` x ``pipeline_parallel`` is the classic vLLM layout. ``data_parallel``
    > 1 is a data-parallel-attention layout (SGLang ``--enable-dp-attention``, vLLM
    ``--data-parallel-size`` with a MoE model): each of the ``data_parallel`` groups of
    ``tensor_parallel`` GPUs runs attention for its own sequences (attention weights
    replicated per group, each sequence's cache on its own group only), while the MoE layers
    are shared by the whole replica, sharded over all its GPUs: as expert parallel
    (all-to-all dispatch) when ``expert_parallel`` is set, else as tensor parallel.
    """

    tensor_parallel: int
    pipeline_parallel: int
    data_parallel: int = 1
    expert_parallel: bool = False

    @property
    def gpus(self) -> int:
        """GPUs one replica occupies."""
        return self.tensor_parallel * self.pipeline_parallel * self.data_parallel

    @property
    def dp_attention(self) -> bool:
        """Whether attention runs data-parallel inside the replica."""
        return self.data_parallel > 1


def kv_share_per_gpu(load: ModelLoad, shape: Shape) -> float:
    """Fraction of one sequence's KV cache that the busiest GPU of the shape holds.

    MLA keeps its latent whole on every tensor-parallel rank; GQA gives each rank
    max(kv_heads / TP, 1) heads; pipeline stages hold their layers only. Under data-parallel
    attention a sequence lives in one group only, so the share is that of the group's TP.
    """
    layer_share = -(-load.layers // shape.pipeline_parallel) / load.layers
    if load.attention is Attention.MLA:
        return layer_share
    heads_per_rank = max(load.num_kv_heads / shape.tensor_parallel, 1.0)
    return layer_share * heads_per_rank / load.num_kv_heads


def weights_per_gpu_bytes(load: ModelLoad, shape: Shape) -> int:
    """Weights on each GPU of the shape (rounded up).

    Classic layouts split everything evenly. Under data-parallel attention every group of
    ``tensor_parallel`` GPUs holds its own copy of what is not a routed expert (attention,
    dense and shared MLPs, embeddings, norms), split over the group, while the routed experts
    are sharded over every GPU of the replica: that copy per group is what the layout pays
    for not replicating the MLA latent cache.
    """
    # A draft model is split over the replica's tensor-parallel ranks (its own layers whole).
    draft = -(-load.draft.weights_bytes // shape.tensor_parallel) if load.draft else 0
    if not shape.dp_attention:
        return -(-load.weights_bytes // shape.gpus) + draft
    per_group = load.weights_bytes - load.routed_expert_bytes
    group_gpus = shape.tensor_parallel * shape.pipeline_parallel
    return -(-per_group // group_gpus) + -(-load.routed_expert_bytes // shape.gpus)


def physical_kv_bytes_per_gpu(
    gpu: GpuFacts, weights_bytes: int, *, tensor_parallel: int = 1
) -> int:
    """Return the usable memory left for KV, with no framework reserve.

    What is left after the CUDA context, the process's other memory (and communication
    buffers under tensor parallelism) and the weights.
    """
    comm_bytes = COMM_BUFFER_BYTES if tensor_parallel > 1 else 0
    return (
        gpu.usable_bytes - gpu.cuda_context_bytes - PROCESS_OTHER_BYTES - comm_bytes - weights_bytes
    )


def activation_workspace_bytes(*, moe: bool) -> int:
    """Return vLLM's activation peak for a dense or MoE model."""
    return ACTIVATION_WORKSPACE_MOE_BYTES if moe else ACTIVATION_WORKSPACE_DENSE_BYTES


def vllm_kv_bytes_per_gpu(
    gpu: GpuFacts,
    weights_bytes: int,
    *,
    gpu_memory_utilization: float,
    moe: bool,
    tensor_parallel: int,
) -> int:
    """Return what a stock vLLM launch leaves for the KV cache on one GPU (may be negative)."""
    budget_bytes = int(gpu.usable_bytes * gpu_memory_utilization)
    comm_bytes = COMM_BUFFER_BYTES if tensor_parallel > 1 else 0
    return (
        budget_bytes
        - gpu.cuda_context_bytes
        - activation_workspace_bytes(moe=moe)
        - comm_bytes
        - weights_bytes
    )


@dataclass(frozen=True, slots=True)
class KvRoom:
    """KV room of one replica on one shape, in both budgets."""

    weights_per_gpu_bytes: int
    kv_bytes_per_gpu: int  # stock vLLM, may be negative
    kv_bytes_physical_per_gpu: int  # may be negative
    kv_tokens: int  # stock vLLM, per replica
    kv_tokens_physical: int
    max_sequences: int  # sequences of the requested context, stock vLLM
    max_sequences_physical: int


# Rooms kept, by everything they depend on (all frozen, compared field by field): a request
# weighs the same shapes again for its dp-attention and wider layouts, and its budget advice
# probes many concurrencies of one load, none of which changes a room (typed: 1 and 1.0 apart).
_ROOM_CACHE_SIZE = 8192


@lru_cache(maxsize=_ROOM_CACHE_SIZE, typed=True)
def kv_room(
    load: ModelLoad, gpu: GpuFacts, shape: Shape, *, gpu_memory_utilization: float
) -> KvRoom:
    """KV room of one replica: tokens and sequences of the context, in both budgets.

    Under data-parallel attention each of the ``data_parallel`` groups caches its own
    sequences, so a replica holds that many groups' worth of tokens and sequences.
    """
    weights_gpu = weights_per_gpu_bytes(load, shape)
    vllm_bytes = vllm_kv_bytes_per_gpu(
        gpu,
        weights_gpu,
        gpu_memory_utilization=gpu_memory_utilization,
        moe=load.moe,
        # Expert-parallel all-to-all keeps communication buffers as tensor parallel does.
        tensor_parallel=shape.tensor_parallel * shape.data_parallel,
    )
    physical_bytes = physical_kv_bytes_per_gpu(
        gpu, weights_gpu, tensor_parallel=shape.tensor_parallel * shape.data_parallel
    )
    share = kv_share_per_gpu(load, shape)
    token_gpu = max(load.kv_bytes_per_token * share, 1.0)
    sequence_gpu = max(load.kv_bytes_per_sequence * share, 1.0)
    if load.draft is not None:  # the draft caches every sequence beside the served model
        draft_share = kv_share_per_gpu(load.draft, shape)
        token_gpu += load.draft.kv_bytes_per_token * draft_share
        sequence_gpu += load.draft.kv_bytes_per_sequence * draft_share
    groups = shape.data_parallel
    return KvRoom(
        weights_per_gpu_bytes=weights_gpu,
        kv_bytes_per_gpu=vllm_bytes,
        kv_bytes_physical_per_gpu=physical_bytes,
        kv_tokens=groups * max(int(vllm_bytes // token_gpu), 0),
        kv_tokens_physical=groups * max(int(physical_bytes // token_gpu), 0),
        max_sequences=groups * max(int(vllm_bytes // sequence_gpu), 0),
        max_sequences_physical=groups * max(int(physical_bytes // sequence_gpu), 0),
    )
