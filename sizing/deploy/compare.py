"""Two GPUs side by side: vendor facts, plans, ratios, the page's fit table, advice.

The fit table's rows are the product page's models (70B dense, 405B dense, 671B MoE at FP8 and
BF16); every figure in them is computed here. The page's own rule is weights only, GPUs =
ceil(weights / marketed GB per GPU), plus 10-30% for KV, activations and runtime; beside it
the engine gives the smallest shape a serving engine really starts.
"""

from __future__ import annotations

import math
from decimal import Decimal
from functools import cache

from sizing.answer import (
    Advice,
    AdviceCode,
    CompareAnswer,
    FitNote,
    FitRow,
    KvExample,
    ServerKvRoom,
)
from sizing.catalog import GpuFacts, PlanFacts, Software, get_gpu, plans_for, prices_as_of
from sizing.deploy.engine import resolve_model, targets
from sizing.deploy.options import smallest_placement
from sizing.fit import TENSOR_PARALLEL_SIZES, physical_kv_bytes_per_gpu, vllm_kv_bytes_per_gpu
from sizing.model import ModelSpec, generic_model, get_model, kv_bytes_per_token, weights_bytes
from sizing.request import DEFAULT_GPU_MEMORY_UTILIZATION, GpuId, KvDtype, Precision, SizingRequest
from sizing.units import GB
from sizing.validate import resolve

# The page's fit table rows: (label, billions of parameters, MoE, precision).
PAGE_FIT_ROWS: tuple[tuple[str, int, bool, Precision], ...] = (
    ("70b_dense_fp8", 70, False, Precision.FP8),
    ("70b_dense_bf16", 70, False, Precision.BF16),
    ("405b_dense_fp8", 405, False, Precision.FP8),
    ("405b_dense_bf16", 405, False, Precision.BF16),
    ("671b_moe_fp8", 671, True, Precision.FP8),
    ("671b_moe_bf16", 671, True, Precision.BF16),
)
# The page's margin "plus 10-30% for KV cache, activations and runtime": its lower end.
PAGE_MIN_MARGIN = 1.1
# The page's DeepSeek example ("DeepSeek-V3 is a 671B MoE released in FP8") and its
# long-context example ("80 layers, 8 KV heads, same as Llama 3 70B"), in FP8.
DEEPSEEK_MODEL_ID = "deepseek-ai/DeepSeek-V3"
KV_EXAMPLE_MODEL_ID = "meta-llama/Llama-3.1-70B-Instruct"
KV_EXAMPLE_CONTEXT_TOKENS = 131_072


def _server_plan(gpu_id: GpuId) -> PlanFacts | None:
    return next((p for p in plans_for(gpu_id) if p.is_server), None)


def _deployable_gpus(params_b: int, *, moe: bool, precision: Precision, gpu: GpuId) -> int | None:
    """GPUs of the smallest replica a serving engine starts on the GPU's 8-GPU server."""
    request = SizingRequest(params_b=params_b, moe=moe, precision=precision)
    model = resolve_model(request)
    resolved = resolve(request, model.release_precision)
    for target in targets():
        if target.gpu.id is gpu and target.gpus_per_unit == target.gpu.gpus_per_server:
            _load, placement = smallest_placement(model, target, resolved)
            return placement.shape.gpus if placement is not None and placement.fits else None
    return None


def _notes(gpus: int, deployable: int | None, gpu: GpuFacts) -> tuple[FitNote, ...]:
    notes = []
    if gpus in TENSOR_PARALLEL_SIZES and (deployable is None or deployable > gpus):
        notes.append(FitNote.NO_ROOM)  # the page's count is a shape, but it leaves no KV room
    if gpus > gpu.gpus_per_server:
        notes.append(FitNote.EXCEEDS_ONE_SERVER)
    return tuple(notes)


def fit_row(
    label: str, params_b: int, *, moe: bool, precision: Precision, a: GpuFacts, b: GpuFacts
) -> FitRow:
    """One row of the page's fit table for GPUs a and b."""
    weights = weights_bytes(generic_model(params_b, moe=moe), precision)
    counts = {}
    for gpu in (a, b):
        memory = gpu.memory_gb * GB
        gpus = math.ceil(weights / memory)
        deployable = _deployable_gpus(params_b, moe=moe, precision=precision, gpu=gpu.id)
        server_room = gpu.gpus_per_server * memory - weights
        counts[gpu.id] = (
            gpus,
            math.ceil(weights * PAGE_MIN_MARGIN / memory),
            deployable,
            _notes(gpus, deployable, gpu),
            server_room if server_room >= 0 else None,
        )
    ca, cb = counts[a.id], counts[b.id]
    return FitRow(
        label=label,
        params_b=params_b,
        moe=moe,
        precision=precision,
        weights_bytes=weights,
        weights_gb=weights / GB,
        gpus_a=ca[0],
        gpus_b=cb[0],
        gpus_with_room_a=ca[1],
        gpus_with_room_b=cb[1],
        gpus_deployable_a=ca[2],
        gpus_deployable_b=cb[2],
        notes_a=ca[3],
        notes_b=cb[3],
        server_room_bytes_a=ca[4],
        server_room_bytes_b=cb[4],
    )


def server_kv_room(model: ModelSpec, precision: Precision, gpu: GpuFacts) -> ServerKvRoom:
    """KV room a full server of the GPU leaves beside the model (tensor parallel over all)."""
    gpus = gpu.gpus_per_server
    weights = weights_bytes(model, precision)
    per_gpu = -(-weights // gpus)
    vllm = vllm_kv_bytes_per_gpu(
        gpu,
        per_gpu,
        gpu_memory_utilization=DEFAULT_GPU_MEMORY_UTILIZATION,
        moe=model.moe,
        tensor_parallel=gpus,
    )
    return ServerKvRoom(
        gpu=gpu.id,
        gpus=gpus,
        weights_bytes=weights,
        room_bytes_marketed=gpus * gpu.memory_gb * GB - weights,
        room_bytes_physical=gpus * physical_kv_bytes_per_gpu(gpu, per_gpu),
        room_bytes_vllm=gpus * vllm,
    )


def kv_example(a: GpuFacts, b: GpuFacts) -> KvExample:
    """Compute the page's 70B long-context example: FP8 weights and KV, 128K contexts on one GPU."""
    model = get_model(KV_EXAMPLE_MODEL_ID)
    weights = weights_bytes(model, Precision.FP8)
    per_token = kv_bytes_per_token(model, KvDtype.FP8, KV_EXAMPLE_CONTEXT_TOKENS)
    per_context = per_token * KV_EXAMPLE_CONTEXT_TOKENS
    room_a, room_b = (g.memory_gb * GB - weights for g in (a, b))
    physical_a, physical_b = (physical_kv_bytes_per_gpu(g, weights) for g in (a, b))
    return KvExample(
        model_id=model.id,
        kv_bytes_per_token=per_token,
        context_tokens=KV_EXAMPLE_CONTEXT_TOKENS,
        kv_bytes_per_context=per_context,
        room_bytes_a=room_a,
        room_bytes_b=room_b,
        contexts_a=room_a / per_context,
        contexts_b=room_b / per_context,
        room_bytes_physical_a=physical_a,
        room_bytes_physical_b=physical_b,
        contexts_physical_a=physical_a / per_context,
        contexts_physical_b=physical_b / per_context,
    )


def _ratio(x: float | None, y: float | None) -> float | None:
    return x / y if x and y else None


def advice_for(gpu: GpuFacts, other: GpuFacts) -> tuple[Advice, ...]:
    """When to pick ``gpu`` over ``other``, from the facts (the page's "choose X if" lists)."""
    server = _server_plan(gpu.id)
    server_id = server.id if server else None
    other_server = _server_plan(other.id)
    single = next((p for p in plans_for(gpu.id) if not p.is_server), None)
    other_single = any(not p.is_server for p in plans_for(other.id))
    codes: list[tuple[AdviceCode, str | None]] = []
    if gpu.memory_gb > other.memory_gb:
        codes += [
            (AdviceCode.MORE_MEMORY_PER_GPU, server_id),
            (AdviceCode.MORE_MEMORY_PER_SERVER, server_id),
        ]
    if server and other_server and server.monthly_usd < other_server.monthly_usd:
        codes.append((AdviceCode.CHEAPER_SERVER, server_id))
    if gpu.tflops_fp4 and not other.tflops_fp4:
        codes.append((AdviceCode.NATIVE_FP4_FP6, server_id))
    if gpu.bandwidth_tb_s > other.bandwidth_tb_s:
        codes.append((AdviceCode.HIGHER_BANDWIDTH, server_id))
    if gpu.software is Software.ROCM:
        codes.append((AdviceCode.PYTORCH_VLLM_ON_ROCM, server_id))
        if other.software is Software.CUDA:
            codes.append((AdviceCode.TRY_FOR_A_MONTH, server_id))
    if single is not None and not other_single:
        codes.append((AdviceCode.SINGLE_GPU_PLAN, single.id))
    if gpu.software is Software.CUDA and other.software is not Software.CUDA:
        codes += [
            (AdviceCode.CUDA_ONLY_DEPENDENCIES, server_id),
            (AdviceCode.NO_PORTING, server_id),
        ]
    return tuple(Advice(gpu=gpu.id, plan=plan, code=code) for code, plan in codes)


@cache
def compare_gpus(a: GpuId, b: GpuId) -> CompareAnswer:
    """Compare two GPUs of the catalog (ratios are a over b; differences b minus a)."""
    ga, gb = get_gpu(GpuId(a)), get_gpu(GpuId(b))
    sa, sb = _server_plan(ga.id), _server_plan(gb.id)
    usd_gb_a = sa.usd_per_gb_month if sa else None
    usd_gb_b = sb.usd_per_gb_month if sb else None
    deepseek = get_model(DEEPSEEK_MODEL_ID)
    return CompareAnswer(
        a=ga,
        b=gb,
        plans_a=plans_for(ga.id),
        plans_b=plans_for(gb.id),
        memory_ratio=ga.memory_gb / gb.memory_gb,
        bandwidth_ratio=ga.bandwidth_tb_s / gb.bandwidth_tb_s,
        fp8_tflops_ratio=_ratio(ga.tflops_fp8, gb.tflops_fp8),
        bf16_tflops_ratio=ga.tflops_bf16 / gb.tflops_bf16,
        fp4_tflops_ratio=_ratio(ga.tflops_fp4, gb.tflops_fp4),
        usd_per_gb_month_a=usd_gb_a,
        usd_per_gb_month_b=usd_gb_b,
        memory_per_usd_ratio=float(usd_gb_b / usd_gb_a) if usd_gb_a and usd_gb_b else None,
        server_monthly_usd_a=sa.monthly_usd if sa else None,
        server_monthly_usd_b=sb.monthly_usd if sb else None,
        server_monthly_usd_difference=_difference(sa, sb),
        fit_rows=tuple(
            fit_row(label, params_b, moe=moe, precision=precision, a=ga, b=gb)
            for label, params_b, moe, precision in PAGE_FIT_ROWS
        ),
        kv_example=kv_example(ga, gb),
        deepseek_kv_room_a=server_kv_room(deepseek, Precision.FP8, ga),
        deepseek_kv_room_b=server_kv_room(deepseek, Precision.FP8, gb),
        advice=advice_for(ga, gb) + advice_for(gb, ga),
        unpriced_gpus=tuple(g.id for g in (ga, gb) if not plans_for(g.id)),
        prices_as_of=prices_as_of(),
    )


def _difference(sa: PlanFacts | None, sb: PlanFacts | None) -> Decimal | None:
    return sb.monthly_usd - sa.monthly_usd if sa and sb else None
