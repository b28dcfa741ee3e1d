"""Training memory per GPU: model state by method and sharding, adapters, activations.

Model state (ZeRO accounting, bytes per trained parameter): BF16 weights 2 and gradients 2,
optimizer state 12 for AdamW in mixed precision (FP32 master weights and two FP32 moments),
6 for 8-bit moments, 4 for "pure BF16" moments without a master copy. ZeRO-1 shards the
optimizer state over the data-parallel GPUs, ZeRO-2 also the gradients, ZeRO-3 (FSDP) also
the weights, which are then gathered a layer at a time (two layers in flight: prefetch).
LoRA freezes the base (BF16, 2 bytes, no gradient, no optimizer state) and trains adapters
r x (d_in + d_out) on every attention and dense MLP matrix; QLoRA stores the frozen linear
layers in NF4 (4 bits plus double-quantized block scales: 4.127 bits), embeddings and head
in BF16.

Activations (BF16, per token and layer, with fused attention that stores no score matrix):
the norm inputs and outputs, query, key, value and the attention output, the gated MLP's
gate, up, activation and product (Korthikanti et al.'s accounting for a SwiGLU block: about
41 x hidden bytes for Llama 3 8B). Routed experts keep each token's copy per expert it goes
to. The logits are kept in FP32 for the loss (4 bytes per vocabulary entry per token).
Selective checkpointing keeps about half (per-op policies keep every other matmul's
output); full checkpointing keeps each layer's input and holds one layer's activations
while it is recomputed in the backward pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.model import ModelSpec, Widths, adapter_params, widths_of
from sizing.request import Checkpointing, Optimizer, TrainingMethod
from sizing.train.types import TrainingMemory

BF16 = 2
FP32 = 4
GIB = 1024**3
OPTIMIZER_BYTES = {Optimizer.ADAMW: 12, Optimizer.ADAMW_8BIT: 6, Optimizer.ADAMW_BF16: 4}
ADAPTER_STATE_BYTES = 16  # BF16 adapter and gradient, FP32 master and two moments
NF4_BYTES_PER_PARAM = 4.127 / 8  # 4-bit NF4 with double-quantized block-64 scales
SELECTIVE_KEPT = 0.5
ZERO_1, ZERO_2, ZERO_3 = 1, 2, 3
GATHERED_LAYERS = 2  # ZeRO-3 / FSDP: the layer computed and the one prefetched
# Runtime beside the tensors: the CUDA or ROCm context (the catalog's, per GPU) and the
# workspaces of cuBLAS/hipBLASLt and NCCL/RCCL.
LIBRARY_WORKSPACE_BYTES = GIB
# The caching allocator's fragmentation: a job planned to the last byte fails, so options
# keep 5% of the GPU's usable memory free.
FRAGMENTATION_SHARE = 0.05


def _layer_activation_bytes(shape: Widths, *, moe_layer: bool) -> int:
    """BF16 bytes one token keeps in one layer with nothing recomputed."""
    h = shape.hidden
    attention = 4 * h + 4 * shape.q_width + 4 * shape.kv_width
    if moe_layer:
        slots = shape.experts_per_token * (2 * h + 8 * shape.expert_intermediate)
        mlp = 4 * h + slots + 8 * shape.shared_intermediate
    else:
        mlp = 4 * h + 8 * shape.dense_intermediate
    return BF16 * (attention + mlp) // BF16


def activation_bytes_per_token(shape: Widths) -> int:
    """BF16 bytes one token keeps over every layer with nothing recomputed."""
    dense = _layer_activation_bytes(shape, moe_layer=False) * shape.dense_layers
    moe = _layer_activation_bytes(shape, moe_layer=True) * shape.moe_layers
    return dense + moe


def activations(
    shape: Widths, *, micro_batch: int, seq_len: int, checkpointing: Checkpointing, tp: int = 1
) -> int:
    """Bytes of activations one GPU keeps for a micro-batch of ``seq_len`` sequences."""
    tokens = micro_batch * seq_len
    logits = tokens * shape.vocab * FP32
    per_token = activation_bytes_per_token(shape)
    if checkpointing is Checkpointing.NONE:
        kept = per_token * tokens
    elif checkpointing is Checkpointing.SELECTIVE:
        kept = int(per_token * tokens * SELECTIVE_KEPT)
    else:
        widest = max(
            _layer_activation_bytes(shape, moe_layer=shape.moe_layers > 0),
            _layer_activation_bytes(shape, moe_layer=False),
        )
        kept = BF16 * shape.hidden * shape.layers * tokens + 2 * widest * tokens
    return (kept + logits) // tp


@dataclass(frozen=True, slots=True)
class StateLayout:
    """How the model state is held: method, optimizer, ZeRO stage, sharding, offload."""

    method: TrainingMethod
    optimizer: Optimizer
    zero_stage: int
    shard_gpus: int  # GPUs the sharded parts are split over
    offload: bool
    lora_rank: int
    expert_parallel: int = 1  # GPUs the routed experts are split over (no gathering)
    tensor_parallel: int = 1  # GPUs each layer's matrices are split over (dense models)


def _frozen_weight_bytes(model: ModelSpec, method: TrainingMethod) -> int:
    """Bytes of the frozen base: BF16, or NF4 linear layers beside BF16 embeddings."""
    if method is not TrainingMethod.QLORA:
        return BF16 * model.total_params
    groups = model.params
    sixteen = groups.embedding + groups.lm_head + groups.norms + groups.router
    linear = model.total_params - sixteen
    return int(linear * NF4_BYTES_PER_PARAM) + BF16 * sixteen


def model_state(model: ModelSpec, layout: StateLayout) -> tuple[int, int, int, int]:
    """Return weights, gradients, optimizer and adapter bytes per GPU.

    Routed experts are split over ``expert_parallel`` GPUs (each holds its experts whole);
    their optimizer state is sharded over every GPU under ZeRO-1 and above (Megatron's
    distributed optimizer); everything else follows the ZeRO stage over ``shard_gpus``.
    """
    shards = max(layout.shard_gpus, 1)
    ep = max(layout.expert_parallel, 1)
    experts = model.params.routed_experts if ep > 1 else 0
    rest = (model.total_params - experts) // max(layout.tensor_parallel, 1)
    layers = max(model.layers, 1)
    if layout.method in {TrainingMethod.LORA, TrainingMethod.QLORA}:
        frozen = _frozen_weight_bytes(model, layout.method)
        expert_frozen = frozen * experts // max(model.total_params, 1)
        rest_frozen = frozen - expert_frozen
        if layout.zero_stage >= ZERO_3:
            rest_frozen = rest_frozen // shards + GATHERED_LAYERS * rest_frozen // layers
        adapters = adapter_params(model, layout.lora_rank) * ADAPTER_STATE_BYTES
        return rest_frozen + expert_frozen // ep, 0, 0, adapters
    weights = BF16 * rest
    if layout.zero_stage >= ZERO_3:
        weights = weights // shards + GATHERED_LAYERS * weights // layers
    weights += BF16 * experts // ep
    gradients = BF16 * rest // (shards if layout.zero_stage >= ZERO_2 else 1) + BF16 * experts // ep
    per_param = OPTIMIZER_BYTES[layout.optimizer]
    if layout.offload:
        optimizer = 0
    elif layout.zero_stage >= ZERO_1:
        everyone = max(shards, ep)
        optimizer = per_param * rest // shards + per_param * experts // everyone
    else:
        optimizer = per_param * rest + per_param * experts // ep
    return weights, gradients, optimizer, 0


def offloaded_bytes(model: ModelSpec, layout: StateLayout) -> int:
    """Bytes of optimizer state one server's RAM holds under offload (its GPUs' shards)."""
    if not layout.offload or layout.method in {TrainingMethod.LORA, TrainingMethod.QLORA}:
        return 0
    return OPTIMIZER_BYTES[layout.optimizer] * model.total_params


def training_memory(
    model: ModelSpec,
    layout: StateLayout,
    *,
    micro_batch: int,
    seq_len: int,
    checkpointing: Checkpointing,
    runtime_bytes: int,
) -> TrainingMemory:
    """Return the bytes one GPU holds for the job."""
    weights, gradients, optimizer, adapters = model_state(model, layout)
    kept = activations(
        widths_of(model),
        micro_batch=micro_batch,
        seq_len=seq_len,
        checkpointing=checkpointing,
        tp=max(layout.tensor_parallel, 1),
    )
    return TrainingMemory(
        weights=weights,
        gradients=gradients,
        optimizer=optimizer,
        adapters=adapters,
        activations=kept,
        runtime=runtime_bytes + LIBRARY_WORKSPACE_BYTES,
    )


def budget_bytes(usable_bytes: int) -> int:
    """Return what a job may hold on a GPU: its usable memory less the fragmentation share."""
    return int(usable_bytes * (1 - FRAGMENTATION_SHARE))
