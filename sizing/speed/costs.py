"""The measured and calibrated costs the speed model is built from, each with its source.

Sources: ``h200-measured.json`` (one H200, CUDA graphs, tensors of real model shapes) and the
rows of ``published-speeds.md`` (public serving runs), both carried as points in
``sizing/data/calibration.json``; ``bench/speed_calibration.py`` prints every point against
the engine. A cost fitted on a point says so: that point checks the fit, the others check the
model.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

# --- Memory -----------------------------------------------------------------------------------

# HBM bandwidth reached by a large GEMV: 4,266 GB/s of the H200's 4,800 GB/s (h200-measured.json
# gemv_bf16_GBps over 16 GiB). Applied to every GPU's vendor figure; on large matrices only:
# every kernel also pays ``KernelCosts.gemm_kernel_s``, which is what makes small matrices slower
# (the measured 8B model reaches 0.74 of the bus, the 70B 0.86).
HBM_EFFICIENCY = 4265.599642213278 / 4800

# --- Kernels of one layer, as the serving engines launch them with CUDA graphs ---------------
# Each block counts its GEMMs (matrix kernels, whose fixed cost the H200 loop measured) apart
# from its small kernels (norms, rotary embedding, activation, routing, sampling).

# Attention block besides the attention kernel: fused QKV and output GEMMs; input norm and
# rotary embedding with the cache write (vLLM/SGLang Llama layers).
GQA_BLOCK = (2, 2)
# MLA block: fused q_a/kv_a, q_b, the absorbed key and value bmms, output GEMM; input norm,
# the two latent norms, rotary embedding with the cache write (DeepSeek-V3 layers).
MLA_BLOCK = (5, 4)
# Dense MLP: gate/up and down GEMMs; post-attention norm and activation.
DENSE_MLP_BLOCK = (2, 2)
# MoE block: router GEMM and the two grouped expert GEMMs; post-attention norm, top-k, token
# sort, activation, weighted combine.
MOE_BLOCK = (3, 5)
# Shared expert: gate/up and down GEMMs; activation.
SHARED_EXPERT_BLOCK = (2, 1)
# Once per step: the LM head GEMM; the sampler.
STEP_BLOCK = (1, 1)
# LoRA adapters served on the base (vLLM multi-LoRA): each adapted projection of a block (QKV
# and output; gate/up and down) adds a "shrink" and an "expand" kernel over the batch's
# adapters (``vllm/lora/punica_wrapper``). Checked on vLLM's own runs: Llama 2 7B on an A100,
# four adapters of rank 8, 2,578 output tokens/s against 2,660-2,694 without (PRs #11613 and
# #11267, 1,000 ShareGPT prompts): 3-4% at full batch, as these kernels' fixed cost gives.
LORA_GEMMS_PER_BLOCK = 4
# The weights-only loop of h200-measured.json: fused QKV, output, gate/up, down per layer.
MEASURED_LOOP_GEMMS_PER_LAYER = 4

# --- Prefill ----------------------------------------------------------------------------------

# Prompt tokens one forward pass takes at most (SGLang's chunked_prefill_size and vLLM's
# max_num_batched_tokens default, 8,192): a longer prompt reads the weights once per chunk.
PREFILL_CHUNK_TOKENS = 8192

# --- Speculative decoding ---------------------------------------------------------------------

# Speculative decoding with the model's own multi-token-prediction layers (SGLang's EAGLE
# chain over the MTP module, vLLM's "mtp" method): the module drafts ``MTP_DRAFTED_TOKENS``
# tokens one after another, each a pass of one more layer of the model and its LM head; the
# model then checks them all in one pass over the same cache (``decode.speculative_step``).
# Three is the chain the public recipes run (``--speculative-num-steps 3
# --speculative-num-draft-tokens 4``: SGLang's DeepSeek and Qwen3.5 recipes, TensorRT-LLM's
# "3-layer MTP").
MTP_DRAFTED_TOKENS = 3
# How often each drafted token is the one the model would sample, given those before it were.
# The first: "the acceptance rate of the second token prediction ranges between 85% and 90%"
# (DeepSeek-V3 technical report, arXiv 2412.19437, section 5.4.3); the low end is taken. The
# later ones: the module is trained for the first and reused for the next, so they are
# accepted less often. The original DeepSeek-V3 MTP module reaches 3.20 tokens a step at 7
# drafted (MT-bench, HumanEval, GSM8K, temperature 0: the nebius/MTP-DeepSeek-V3-0324 model
# card): with 0.85 first, 1 + 0.85 (1 - r^7) / (1 - r) = 3.20 gives r = 0.63 after it. The
# same figures are used for every model's MTP layers (GLM, Qwen3.5, MiMo): an estimate.
MTP_FIRST_ACCEPTANCE = 0.85
MTP_LATER_ACCEPTANCE = 0.63
# The range: the report's high end for the best case; for the worst, a benchmark of random
# prompts at temperature 1 (DeepSeek-V4-Flash, vLLM PR #41044: 70% of first drafts kept, 29%
# of second ones, so 0.41 of the second after the first).
MTP_FIRST_ACCEPTANCE_HIGH = 0.90
MTP_FIRST_ACCEPTANCE_LOW = 0.70
MTP_LATER_ACCEPTANCE_LOW = 0.41


def mtp_tokens_per_step(
    drafted: int = MTP_DRAFTED_TOKENS,
    first: float = MTP_FIRST_ACCEPTANCE,
    later: float = MTP_LATER_ACCEPTANCE,
) -> float:
    """Tokens one MTP verification step yields: the accepted run of drafted tokens, plus one.

    With the defaults: 1.85 at one drafted token (the report's "1.8 times TPS"), 2.39 at two,
    2.72 at three.
    """
    if drafted <= 0:
        return 1.0
    run = (1 - later**drafted) / (1 - later)
    return float(1 + first * run)


# A draft model's chance that each drafted token is the one the served model would sample
# (each kept only when those before it were): a step of k drafted tokens then yields
# (1 - a^(k+1)) / (1 - a) tokens. Published mean acceptance lengths of drafters on chat and
# writing: 2.64-2.65 on questions and writing for a Llama 3.2 1B drafter at 8 tokens (code and
# maths 4.4-4.6; vllm-project/speculators #1135), 2.76 for a Qwen3.8-27B drafter on non-code
# text, 2.67 for EAGLE-3 on Qwen3-8B at 5 tokens (vllm-ascend #13665). A small sibling model
# as the draft, at 3 tokens: a = 0.64 (2.3 tokens a step), 0.47 to 0.76 (1.8 to 2.8) as the
# range, by the text.
DRAFT_ACCEPTANCE = 0.64
DRAFT_ACCEPTANCE_LOW = 0.47
DRAFT_ACCEPTANCE_HIGH = 0.76


def accepted_tokens(acceptance: float, drafted: int) -> float:
    """Tokens one verification step yields: the accepted run of drafted tokens, plus one."""
    return float((1 - acceptance ** (drafted + 1)) / (1 - acceptance))


# --- Estimates --------------------------------------------------------------------------------

# Where no measurement or published run anchors a case (MoE on ROCm, any B200), the figure is
# extrapolated from the H200 calibration by vendor figures and given as a band around it. A
# first token keeps this band either way (the tolerance anchored published points are held to).
ESTIMATE_BAND = 0.25
# Speeds there are skewed: vLLM's and SGLang's published runs on the GPUs sold but not measured
# here (MI355X and B200, 152 points of the held-out sets of calibration.json) came in at
# 0.39-1.32 of the engine's figure, a median of 0.76: stacks on them reach less of the hardware
# than on the H200 the constants were fitted on, rarely more. The band goes this far below the
# figure and this far above it (three in four of those runs fall inside).
ESTIMATE_SPEED_BELOW = 0.45
ESTIMATE_SPEED_ABOVE = 0.15


@dataclass(frozen=True, slots=True)
class KernelCosts:
    """Fixed costs of a serving stack's kernels and collectives, in seconds."""

    # Launch, ramp-up and tail of one matrix kernel in a CUDA graph: fitted so the three
    # weights-only decode steps of h200-measured.json (70B FP8 17.55 ms, 70B BF16 34.23 ms,
    # 8B BF16 4.51 ms) come out within 5.2% with HBM_EFFICIENCY.
    gemm_kernel_s: float
    # One small kernel (norm, rotary, activation, routing), and each activated expert's slice
    # in a grouped expert GEMM (it streams as its own small matrix): fitted together with
    # ``collective_s`` on the DeepSeek-R1 8x H200 SGLang 0.5.7 TP8 rows, 8 to 64 users
    # (published-speeds.md; InferenceX issue #870): the slices are what makes those rows slow
    # down faster than the expert bytes alone.
    small_kernel_s: float
    expert_slice_s: float
    # One decode attention kernel's least time per layer, and how launch and transfer
    # combine: (floor^p + transfer^p)^(1/p), launch-bound over short contexts, bandwidth-bound
    # over long ones. Both fitted on h200-measured.json (one token over 8,192 and 131,072
    # cached tokens, 80 layers: 2.22 and 10.54 ms).
    attention_floor_s: float
    attention_blend: float
    # Latency of one small all-reduce (or gather / scatter) inside a server, over NVSwitch or a
    # direct mesh (the B200's taken as the H200's: an estimate; a GPU with a published one, the
    # MI355X, uses its own: ``sizing.speed.fabric.collective_latency_s``).
    collective_s: float
    # Latency of one collective that crosses servers (InfiniBand or RoCE): fitted on the
    # DeepSeek-R1 16x H100 TP16 row (tenstorrent/tt-inference-server #356).
    network_collective_s: float
    # Matrix FLOPs reached of the dense peak in prefill and large-batch decode. The 16x H100
    # time to first token from 128 to 8,192 prompt tokens is met within 4% anywhere from 0.5
    # to 0.85 (the prompt's collectives over InfiniBand dominate it); 0.6 keeps it "well
    # under 1" (engine-notes.md, "Speed").
    matrix_efficiency: float
    # Request overhead before the first token besides the forward pass (tokenizing,
    # scheduling, streaming): fitted on the same row at 128 prompt tokens.
    first_token_overhead_s: float
    # What an older or less tuned serving stack spends per layer beyond the kernels above
    # (unfused operations, host work between kernels): 0 for the stacks answers assume.
    layer_overhead_s: float = 0.0


CURRENT = KernelCosts(
    gemm_kernel_s=5.9e-6,
    small_kernel_s=0.8e-6,
    expert_slice_s=0.25e-6,
    attention_floor_s=24.85e-6,
    attention_blend=1.5,
    collective_s=4e-6,
    network_collective_s=135e-6,
    matrix_efficiency=0.6,
    first_token_overhead_s=0.13,
)

# Stacks the published rows ran on, besides the current ones answers assume. Each differs from
# CURRENT by its per-layer overhead, fitted on one of its rows (named in calibration.json).
STACKS: dict[str, KernelCosts] = {
    "current": CURRENT,
    # SGLang 0.4.1.post2 (December 2024), DeepSeek-V3 day-one support: fitted on batch 1,
    # 30.3 tokens/s (sgl-project/sglang PR #2643).
    "sglang-0.4.1": replace(CURRENT, layer_overhead_s=382e-6),
    # TensorRT-LLM's min-latency baseline before its DeepSeek-R1 kernel work (67 tokens/s,
    # "Pushing Latency Boundaries" blog): fitted on that row.
    "trtllm-2025-01": replace(CURRENT, layer_overhead_s=133e-6),
    # TensorRT-LLM's min-latency path as its MTP blog ran it (May 2025): fitted on the batch-1
    # speed without speculation that blog implies (253 tokens/s with three MTP layers, "2.16x
    # speedup compared with the baseline nextn=0": 117 tokens/s).
    "trtllm-2025-05": replace(CURRENT, layer_overhead_s=31e-6),
    # vLLM 0.24 as NVIDIA aiconfigurator 0.12.0's silicon database times it: fitted on the
    # 1K-input TP8 EP8 estimate (TPOT 14.99 ms).
    "vllm-0.24": replace(CURRENT, layer_overhead_s=112e-6),
}


@dataclass(frozen=True, slots=True)
class LoadCosts:
    """What a loaded replica pays beyond its kernels (``sizing.speed.loaded``), in seconds.

    Fitted on the eight DeepSeek-R1 8x H200 rows of the same recipe on SGLang 0.5.12 (InferenceX
    data of 2026-05-17, the baseline table of InferenceX PR #3288), 8 to 64 users at 1K and 8K
    prompts (mean TTFT 165 ms-2.25 s): the queue's share still fits them, and no overhead of a
    busy server remains beside the idle one. The earlier fit, on the SGLang 0.5.7 rows of the
    recipe (InferenceX issue #870, 331-427 ms, March 2026), had 0.1 s of it: the newer stack
    halves the first token at 8 to 16 users, and those rows now come out 16-38% under, inside
    their 50%. Every other serving run is held out to check them.
    """

    # What a request waits before its prompt runs when others are in flight, beyond the idle
    # overhead (``KernelCosts.first_token_overhead_s``): the scheduler admits new prompts
    # between decode steps, batches them, and streams back behind the running answers.
    busy_overhead_s: float
    # Share of a closed loop's burst of prompts a new prompt waits behind: users of a serving
    # benchmark send their next request as an answer ends, so prompts come in groups.
    queue_share: float
    # A loaded decode step beside an idle one: scheduling, sampling and detokenizing of a
    # whole batch on the host between steps.
    step_scale: float


LOAD = LoadCosts(busy_overhead_s=0.0, queue_share=0.25, step_scale=1.0)

# The band an answer gives around a figure under load on a GPU the measurements anchor, and
# on one they do not (``ESTIMATE_BAND`` added): per-user speed and throughput, then time to
# first token (queues make it the least certain figure).
LOADED_SPEED_BAND = 0.15
LOADED_TTFT_BAND = 0.35
