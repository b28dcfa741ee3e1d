"""Training speed: FLOPs per token, the utilisation a tuned stack reaches, and the network.

A trained token costs 6 x N FLOPs in matmuls (forward 2N, backward 4N; N the active
parameters that multiply, embeddings excluded), 4 x N with LoRA (the frozen weights get no
weight gradient: only the input gradient flows back), and another 2 x N when full activation
checkpointing recomputes the forward pass (1 x N for selective). Causal attention adds
2 x sequence x query width per layer forward (fused kernels: score and value products, half
the square), three times that forward and backward.

Time per token on one GPU is those FLOPs at a utilisation of the dense BF16 peak; FP8
recipes run the matmuls (not attention) ``FP8_GAIN`` times faster. A routed-expert model
also pays for moving each token to the experts it is routed to and back (permutations,
all-to-all, small grouped matmuls): a cost per routed copy of the hidden state, per byte,
against the GPU's memory bandwidth. QLoRA dequantizes the frozen NF4 weights to BF16 in
every forward and backward pass. Sharded state (ZeRO/FSDP) is gathered over the fabric
inside a server every micro-step and, across servers (hybrid sharding: shard inside the
server, replicate across), the gradients are reduced once per step over each GPU's port;
communication overlaps compute, so a step takes the longer of the two.

Calibration (``sizing/data/training.json``; ``bench/training_calibration.py`` prints each):
``UTILISATION`` from torchtitan's Llama 3 8B on 64 A100s (BF16, FSDP); ``FP8_GAIN`` from
NeMo's Llama 2 7B SFT and 13B LoRA on 8 H100s (FP8); ``MOE_SLOT_COST`` from Megatron-Bridge's
Qwen3 30B-A3B on 8 B200s. Every other published run there is held out.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.catalog import GpuFacts
from sizing.model import ModelSpec, widths_of
from sizing.request import Checkpointing, Precision, TrainingMethod
from sizing.train.memory import NF4_BYTES_PER_PARAM

TERA = 1e12
GB_S = 1e9
# Share of the dense BF16 peak a tuned stack's matmuls and attention reach (hardware FLOPs,
# recompute included): torchtitan Llama 3 8B, 64x A100 80GB, BF16, FSDP2, seq 8192, 2,904
# tokens/s/GPU against 312 TFLOPS (t30 of the reference table) -> 0.48.
UTILISATION = 0.48
# FP8 matmuls against BF16 ones at that utilisation: NeMo 24.07 on 8x H100, FP8: Llama 2 7B
# SFT 17,120 tokens/s/GPU (t05) -> 1.62, Llama 2 13B LoRA 14,161 (t09) -> 1.80; their mean.
FP8_GAIN = 1.7
# What a Hugging Face-based stack (PEFT, TRL, LLaMA-Factory, Unsloth) reaches against a tuned
# one: LLaMA-Factory's LoRA of Llama 2 7B on one A100 with FlashAttention-2 (t54: 2,954
# tokens/s, 26% of the BF16 peak) against the tuned 58% (t09 over FP8_GAIN) -> 0.45.
HF_STACK_SHARE = 0.45
# Spread of a tuned stack's figure above the point (single runs vary ~15%; wider where no
# published run anchors the GPU).
SPREAD_ANCHORED = 0.15
SPREAD_ESTIMATED = 0.30
# Seconds per routed copy of a hidden element and byte, times the GPU's memory bandwidth
# (a dimensionless count of bytes moved per byte routed): Qwen3 30B-A3B, 8x B200, MXFP8,
# EP8, 9,299 tokens/s/GPU (t16), after its matmuls at UTILISATION and FP8_GAIN -> 930.
MOE_SLOT_COST = 930.0
# Effective share of a fabric's one-way bandwidth a ring collective reaches.
COLLECTIVE_SHARE = 0.8
DEQUANT_BYTES_PER_PARAM = NF4_BYTES_PER_PARAM + 2 * 2  # read NF4, write and read BF16
# GPUs measured on: the anchored ones share the tensor cores of a published run's GPU.
ANCHORED_GPUS = frozenset({"h200", "b200"})


@dataclass(frozen=True, slots=True)
class TokenCost:
    """FLOPs of one trained token, split as the hardware runs them."""

    matmul_flops: float  # hardware matmul FLOPs, recompute included
    attention_flops: float
    model_flops: float  # 6 (or 4) x active parameters: the MFU numerator


def _multiplying_params(model: ModelSpec) -> int:
    """Active parameters that multiply (the input embedding is a lookup)."""
    return max(model.active_params - model.params.embedding, 1)


def token_cost(
    model: ModelSpec, method: TrainingMethod, seq_len: int, checkpointing: Checkpointing
) -> TokenCost:
    """Return the FLOPs of one trained token at ``seq_len``."""
    shape = widths_of(model)
    n = _multiplying_params(model)
    lora = method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    passes = 4.0 if lora else 6.0
    recompute = {Checkpointing.NONE: 0.0, Checkpointing.SELECTIVE: 1.0, Checkpointing.FULL: 2.0}
    full_layers = shape.layers - shape.windowed_layers
    windowed = min(seq_len, shape.window) if shape.window else seq_len
    attended = full_layers * seq_len + shape.windowed_layers * windowed
    forward_attention = 2.0 * shape.q_width * attended
    attention_passes = 3.0 + (1.0 if checkpointing is Checkpointing.FULL else 0.0)
    return TokenCost(
        matmul_flops=(passes + recompute[checkpointing]) * n,
        attention_flops=attention_passes * forward_attention,
        model_flops=passes * model.active_params,
    )


def _moe_seconds_per_token(model: ModelSpec, gpu: GpuFacts, precision: Precision) -> float:
    if not model.moe:
        return 0.0
    shape = widths_of(model)
    routed_bytes = 1 if precision is Precision.FP8 else 2
    copies = shape.moe_layers * shape.hidden * shape.experts_per_token * routed_bytes
    return MOE_SLOT_COST * copies / (gpu.bandwidth_tb_s * TERA)


def compute_seconds_per_token(
    model: ModelSpec, gpu: GpuFacts, cost: TokenCost, precision: Precision
) -> float:
    """Seconds one GPU of a tuned stack spends computing one trained token."""
    peak = gpu.tflops_bf16 * TERA * UTILISATION
    gain = FP8_GAIN if precision is Precision.FP8 else 1.0
    return (
        cost.matmul_flops / (peak * gain)
        + cost.attention_flops / peak
        + _moe_seconds_per_token(model, gpu, precision)
    )


def dequant_seconds(model: ModelSpec, gpu: GpuFacts) -> float:
    """Seconds QLoRA spends per micro-step turning NF4 weights into BF16 (forward, backward)."""
    return 2 * model.total_params * DEQUANT_BYTES_PER_PARAM / (gpu.bandwidth_tb_s * TERA)


def fabric_bytes_per_s(gpu: GpuFacts) -> float:
    """One GPU's effective one-way bandwidth to its server's peers."""
    return gpu.interconnect_gb_s / 2 * GB_S * COLLECTIVE_SHARE


def network_bytes_per_s(gbps_per_port: int) -> float:
    """One GPU's effective bandwidth to other servers over its own port."""
    return gbps_per_port / 8 * GB_S * COLLECTIVE_SHARE


def tp_seconds_per_token(model: ModelSpec, gpu: GpuFacts, tp: int) -> float:
    """Seconds a tensor-parallel group spends all-reducing one token's activations.

    Megatron-style: two all-reduces (or reduce-scatter and all-gather with sequence
    parallelism) of the hidden state per layer forward and two backward, over the fabric.
    """
    shape = widths_of(model)
    per_token = 4 * 2 * shape.hidden * shape.layers * (tp - 1) / tp
    return per_token / fabric_bytes_per_s(gpu)
