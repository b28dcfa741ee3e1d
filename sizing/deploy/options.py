"""One option of an answer: a plan (or an unpriced server) with its shape, room, speed, price."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from sizing.answer import Layout, OptionFit, OptionPrice, OptionSpeed, PlanOption, Variant
from sizing.catalog import Software, monthly_usd, usd_per_million_tokens
from sizing.codes import Caveat, Reason
from sizing.copying import changed
from sizing.fit import (
    KvRoom,
    ModelLoad,
    Placement,
    Shape,
    Target,
    candidate_shapes,
    dp_attention_shapes,
    held_on_gpus,
    kv_room,
    model_load,
    place,
    units_for,
)
from sizing.model import Attention, ModelSpec, adapter_params, get_model
from sizing.request import Precision, ResolvedRequest
from sizing.speed import (
    gpu_fp4_format,
    is_native,
    speed_figures,
    storage_format,
)
from sizing.units import GB

_FOUR_BIT_FLOATS = frozenset({Precision.FP4, Precision.MXFP4, Precision.NVFP4})
# Constraints that rule an option out (gpu_not_requested only lowers it in the ranking).
HARD_SET_ASIDE = frozenset({Reason.CUDA_ONLY, Reason.NO_NATIVE_FP4, Reason.OVER_BUDGET})


# LoRA adapter weights are kept in 16 bits (vLLM's ``--lora-dtype auto``: the model's dtype,
# BF16 for quantized bases).
LORA_BYTES_PER_PARAM = 2


def load_on(model: ModelSpec, target: Target, request: ResolvedRequest) -> ModelLoad:
    """Return the model at the request's formats as the target's GPU stores it.

    LoRA adapters served on it take their GPU slots beside the weights (each slot one adapter
    of the largest rank, on every attention and dense MLP projection).
    """
    fmt = storage_format(target.gpu, request.precision)
    load = model_load(
        model, fmt, request.kv_dtype, request.context_tokens, include_mtp=request.include_mtp
    )
    draft = request.draft
    if draft is not None:
        spec = get_model(draft.model_id)
        draft_load = model_load(
            spec,
            storage_format(target.gpu, spec.release_precision),
            request.kv_dtype,
            request.context_tokens,
            include_mtp=False,
        )
        load = replace(load, draft=draft_load, draft_tokens=draft.tokens)
    lora = request.lora
    if lora is None:
        return load
    adapter = lora.adapter_bytes or adapter_params(model, lora.rank) * LORA_BYTES_PER_PARAM
    return replace(
        load,
        weights_bytes=load.weights_bytes + lora.slots * adapter,
        lora_slots=lora.slots,
        lora_adapter_bytes=adapter,
    )


def smallest_placement(
    model: ModelSpec, target: Target, request: ResolvedRequest
) -> tuple[ModelLoad, Placement | None]:
    """Return the model at the request's formats and the smallest shape serving it there."""
    load = load_on(model, target, request)
    placement = place(
        load,
        target,
        concurrency=request.concurrency,
        gpu_memory_utilization=request.gpu_memory_utilization,
    )
    return load, placement


def build_option(
    model: ModelSpec, target: Target, request: ResolvedRequest, *, speeds: bool = True
) -> PlanOption:
    """Size the request on one target: rent what the smallest shape needs, lay it out best.

    Without ``speeds`` the option has no speed figures (nor a cost per token): enough to rank
    and pick, for searches that only ask whether a request is served.
    """
    load = load_on(model, target, request)
    placement = laid_out(load, target, request.concurrency, request.gpu_memory_utilization)
    if placement is None:
        return no_shape_option(target, request)
    return placed_option(load, target, placement, request, speeds=speeds)


@dataclass(frozen=True, slots=True)
class _Load:
    """What of a request a layout depends on."""

    concurrency: int
    gpu_memory_utilization: float


# Layouts kept, by what they depend on: requests that differ only in budget, GPUs named or
# constraints share them, and so do the budget searches' probes (typed: 1 and 1.0 apart).
_LAYOUT_CACHE_SIZE = 4096


@lru_cache(maxsize=_LAYOUT_CACHE_SIZE, typed=True)
def laid_out(
    load: ModelLoad, target: Target, concurrency: int, gpu_memory_utilization: float
) -> Placement | None:
    """Return the layout ``build_option`` rents: the smallest shape, laid out best.

    None when the target has no shape for the model at all.
    """
    request = _Load(concurrency, gpu_memory_utilization)
    shapes = candidate_shapes(load, target)
    rooms: dict[Shape, KvRoom] = {}
    placement = place(
        load,
        target,
        concurrency=concurrency,
        gpu_memory_utilization=gpu_memory_utilization,
        shapes=shapes,
        rooms=rooms,
    )
    if placement is None:
        return None
    if placement.fits:
        placement = best_layout_on_rented_units(
            load, target, placement, request, shapes=shapes, rooms=rooms
        )
    return _dp_attention_if_cheaper(load, target, placement, request)


def _dp_attention_if_cheaper(
    load: ModelLoad, target: Target, classic: Placement, request: ResolvedRequest | _Load
) -> Placement:
    """Lay out with data-parallel attention where it rents fewer units (or fits at all).

    At equal rent the classic tensor-parallel layout stays: it is what engines start by
    default, and it decodes one user faster (no all-to-all, no idle attention groups).
    """
    shapes = dp_attention_shapes(load, target)
    if not shapes:
        return classic
    dp = place(
        load,
        target,
        concurrency=request.concurrency,
        gpu_memory_utilization=request.gpu_memory_utilization,
        shapes=shapes,
    )
    if dp is None or not dp.fits:
        return classic
    return dp if not classic.fits or dp.units < classic.units else classic


# A wider layout replaces the smallest shape only when it holds at least this many times the
# sequences on the same rented GPUs: below that, the smallest shape an engine starts is kept
# (as sizing tools report it), and the difference is not worth a change of layout.
WIDER_LAYOUT_MIN_GAIN = 2


def best_layout_on_rented_units(
    load: ModelLoad,
    target: Target,
    placement: Placement,
    request: ResolvedRequest | _Load,
    *,
    shapes: tuple[Shape, ...] | None = None,
    rooms: dict[Shape, KvRoom] | None = None,
) -> Placement:
    """Keep the smallest shape, unless a wider one on the same rented units holds far more.

    ``place`` finds the smallest shape that serves the request, which decides the rent. The
    customer rents whole servers, though: Kimi K2 in FP8 needs only 4 of a MI355X server's
    8 GPUs, but two TP=4 replicas each hold its 1 TB of weights and leave room for about two
    128K contexts, where one TP=8 replica holds about fifteen. Among the shapes with the same
    pipeline depth that fit on the same units and serve the requested concurrency, the one
    holding the most sequences on the rented GPUs replaces the smallest one when it holds at
    least ``WIDER_LAYOUT_MIN_GAIN`` times as many. ``shapes`` and ``rooms`` are the classic
    shapes and the KV rooms ``place`` already computed, when the caller kept them.
    """
    known = rooms if rooms is not None else {}
    best, best_held = placement, held_on_gpus(placement.gpus, placement.shape, placement.room)
    threshold = best_held * WIDER_LAYOUT_MIN_GAIN
    for shape in candidate_shapes(load, target) if shapes is None else shapes:
        if shape.pipeline_parallel != placement.shape.pipeline_parallel or shape == best.shape:
            continue
        room = known.get(shape)
        if room is None:
            room = kv_room(
                load, target.gpu, shape, gpu_memory_utilization=request.gpu_memory_utilization
            )
        held = held_on_gpus(placement.gpus, shape, room)
        if room.max_sequences < 1 or held < max(threshold, request.concurrency, best_held + 1):
            continue
        replicas = -(-request.concurrency // room.max_sequences)
        if units_for(shape, replicas, target.gpus_per_unit) > placement.units:
            continue
        best, best_held = replace(placement, shape=shape, room=room, replicas=replicas), held
    return best


def no_shape_option(target: Target, request: ResolvedRequest) -> PlanOption:
    """Return the option of a target with no shape for the model at all."""
    plan = target.plan
    return PlanOption(
        plan=plan.id if plan else None,
        gpu=target.gpu.id,
        gpus=0,
        servers=0,
        fits=False,
        reason=Reason.NO_PARALLEL_SHAPE,
        tensor_parallel=None,
        pipeline_parallel=None,
        replicas=None,
        fit=OptionFit(),
        price=OptionPrice(
            usd_per_gpu_hour=plan.usd_per_gpu_hour if plan else None,
            usd_per_gb_month=plan.usd_per_gb_month if plan else None,
        ),
        offerable=False,
        priced=plan is not None,
        caveats=_gpu_caveats(target, request),
        set_aside=set_aside_reasons(target, request, None),
        gpu_facts=target.gpu,
        plan_facts=plan,
    )


# vLLM's default cap on sequences one engine batches at once (SchedulerConfig.max_num_seqs).
VLLM_MAX_NUM_SEQS = 256


def full_load_concurrency(placement: Placement) -> int:
    """Sequences of the context the rented GPUs hold at once when every GPU serves a replica."""
    replicas = placement.gpus // placement.shape.gpus
    per_replica = min(max(placement.room.max_sequences, 1), VLLM_MAX_NUM_SEQS)
    return max(replicas * per_replica, 1)


def placed_option(
    load: ModelLoad,
    target: Target,
    placement: Placement,
    request: ResolvedRequest,
    *,
    speeds: bool = True,
    variant: Variant | None = None,
    more_caveats: tuple[Caveat, ...] = (),
) -> PlanOption:
    """Build the option of a placement once, with its speeds and variant when given."""
    shape, room, plan, gpu = placement.shape, placement.room, target.plan, target.gpu
    monthly = None
    full_concurrency = full_load_concurrency(placement) if placement.fits else None
    # Every rented GPU serves a copy of the model, and the users spread over all of them.
    replicas = placement.gpus // shape.gpus
    if placement.fits and plan is not None:
        monthly = monthly_usd(plan, placement.units)
    set_aside = set_aside_reasons(target, request, monthly)
    reason = placement.reason
    if reason is None and set_aside:
        reason = set_aside[0]
    layout = layout_of(shape)
    replicas_serving = replicas if placement.fits else None
    speed, usd_per_million = (
        _speeds(
            load,
            target,
            request,
            fits=placement.fits,
            layout=layout,
            replicas=replicas_serving,
            full_load_concurrency=full_concurrency,
            monthly=monthly,
        )
        if speeds
        else None
    ) or (OptionSpeed(), None)
    fit = OptionFit(
        weights_bytes_per_gpu=room.weights_per_gpu_bytes,
        kv_cache_bytes=max(room.kv_bytes_per_gpu, 0) * shape.gpus,
        kv_cache_tokens=room.kv_tokens,
        kv_cache_tokens_physical=room.kv_tokens_physical,
        max_concurrency_at_context=room.max_sequences,
        kv_cache_bytes_physical=max(room.kv_bytes_physical_per_gpu, 0) * shape.gpus,
        kv_cache_bytes_marketed=(
            shape.gpus * gpu.memory_gb * GB - load.weights_bytes if placement.fits else None
        ),
        full_load_concurrency=full_concurrency,
    )
    price = OptionPrice(
        monthly_usd=monthly,
        usd_per_gpu_hour=plan.usd_per_gpu_hour if plan else None,
        usd_per_gb_month=plan.usd_per_gb_month if plan else None,
        usd_per_million_tokens=usd_per_million,
    )
    return PlanOption(
        plan=plan.id if plan else None,
        gpu=gpu.id,
        gpus=placement.gpus,
        servers=placement.units,
        fits=placement.fits,
        reason=reason,
        tensor_parallel=shape.tensor_parallel,
        pipeline_parallel=shape.pipeline_parallel,
        replicas=replicas_serving,
        fit=fit,
        price=price,
        offerable=placement.fits and not HARD_SET_ASIDE.intersection(set_aside),
        priced=plan is not None,
        speed=speed,
        caveats=_gpu_caveats(target, request)
        + _fit_caveats(load, target, placement)
        + more_caveats,
        gpus_per_replica=shape.gpus,
        set_aside=set_aside,
        layout=layout,
        variant=variant,
        gpu_facts=gpu,
        plan_facts=plan,
    )


def with_speeds(
    load: ModelLoad, target: Target, request: ResolvedRequest, option: PlanOption
) -> PlanOption:
    """Add the speed figures (and the cost per token) to an option sized without them.

    ``load`` is the model at the option's formats, as it was placed.
    """
    speed = speeds_of(load, target, request, option)
    return changed(option, **speed) if speed else option


def speeds_of(
    load: ModelLoad, target: Target, request: ResolvedRequest, option: PlanOption
) -> dict[str, Any]:
    """Return the parts ``with_speeds`` changes on an option (none where it has no speeds)."""
    found = _speeds(
        load,
        target,
        request,
        fits=option.fits,
        layout=option.layout,
        replicas=option.replicas,
        full_load_concurrency=option.fit.full_load_concurrency,
        monthly=option.price.monthly_usd,
    )
    if found is None:
        return {}
    speed, usd_per_million = found
    return {"speed": speed, "price": changed(option.price, usd_per_million_tokens=usd_per_million)}


def _speeds(
    load: ModelLoad,
    target: Target,
    request: ResolvedRequest,
    *,
    fits: bool,
    layout: Layout | None,
    replicas: int | None,
    full_load_concurrency: int | None,
    monthly: Decimal | None,
) -> tuple[OptionSpeed, Decimal | None] | None:
    """Return an option's speeds and its cost per million tokens; None where it has none."""
    if not fits or layout is None or replicas is None:
        return None
    shape = Shape(
        layout.tensor_parallel,
        layout.pipeline_parallel,
        layout.data_parallel,
        expert_parallel=layout.expert_parallel,
    )
    figures = speed_figures(
        load,
        target.gpu,
        shape,
        plan=target.plan,
        concurrency=request.concurrency,
        replicas=replicas,
        full_load_concurrency=full_load_concurrency or request.concurrency,
        speculative=request.include_mtp,
        **_lengths(request),
    )
    speed = OptionSpeed(
        decode_tokens_per_s=figures.single_user_tokens_per_s,
        decode_tokens_per_s_aggregate=figures.aggregate_tokens_per_s,
        ttft_s=figures.ttft_s,
        decode_tokens_per_s_full_load=figures.full_load_tokens_per_s,
        decode_tokens_per_s_per_user=figures.per_user_tokens_per_s,
        decode_tokens_per_s_range=figures.per_user_range,
        decode_speed_estimated=figures.estimated,
        mtp_tokens_per_step=figures.mtp_tokens_per_step,
        draft_tokens_per_step=figures.draft_tokens_per_step,
    )
    usd_per_million = (
        None if monthly is None else usd_per_million_tokens(monthly, figures.full_load_tokens_per_s)
    )
    return speed, usd_per_million


# Prompt and answer lengths a full load is priced at when the request states none (the
# service-level defaults of ``sizing.validate``).
FULL_LOAD_INPUT_TOKENS = 2000
FULL_LOAD_OUTPUT_TOKENS = 500


def _lengths(request: ResolvedRequest) -> dict[str, int]:
    level = request.service
    if level is None:
        return {"input_tokens": FULL_LOAD_INPUT_TOKENS, "output_tokens": FULL_LOAD_OUTPUT_TOKENS}
    return {"input_tokens": level.input_tokens, "output_tokens": level.output_tokens}


def layout_of(shape: Shape) -> Layout:
    """Describe a shape as the answer reports its layout."""
    return Layout(
        tensor_parallel=shape.tensor_parallel,
        pipeline_parallel=shape.pipeline_parallel,
        data_parallel=shape.data_parallel,
        expert_parallel=shape.expert_parallel,
        dp_attention=shape.dp_attention,
    )


def _gpu_caveats(target: Target, request: ResolvedRequest) -> tuple[Caveat, ...]:
    gpu = target.gpu
    caveats = []
    if gpu.software is Software.ROCM:
        caveats.append(Caveat.ROCM_PORT)
    if gpu.usable_bytes_estimated:
        caveats.append(Caveat.ESTIMATED_CAPACITY)
    if target.plan is None:
        caveats.append(Caveat.NO_B200_PRICE)
    if not is_native(gpu, request.precision):
        if storage_format(gpu, request.precision) in _FOUR_BIT_FLOATS:
            caveats.append(Caveat.FP4_WEIGHT_ONLY)
        elif request.precision is Precision.FP6:
            caveats.append(Caveat.FP6_WEIGHT_ONLY)
    return tuple(caveats)


def _fit_caveats(load: ModelLoad, target: Target, placement: Placement) -> tuple[Caveat, ...]:
    shape, room = placement.shape, placement.room
    caveats = []
    if placement.reason is Reason.SINGLE_GPU_PLAN_CANNOT_SHARD:
        caveats.append(Caveat.SINGLE_H200_CANNOT_SHARE_MODEL)
    loads = room.weights_per_gpu_bytes <= target.gpu.usable_bytes - target.gpu.cuda_context_bytes
    if not placement.fits and loads and room.kv_bytes_per_gpu <= 0:
        caveats.append(Caveat.FITS_WITHOUT_KV_ROOM)
    if placement.fits and shape.pipeline_parallel > 1:
        caveats.append(Caveat.PIPELINE_ACROSS_SERVERS)
    if load.attention is Attention.MLA and shape.tensor_parallel > 1:
        caveats.append(Caveat.MLA_KV_REPLICATED)
    elif load.attention is not Attention.MLA and shape.tensor_parallel > load.num_kv_heads:
        caveats.append(Caveat.KV_HEADS_REPLICATED)
    return tuple(caveats)


def set_aside_reasons(
    target: Target, request: ResolvedRequest, monthly: Decimal | None
) -> tuple[Reason, ...]:
    """Return the customer's constraints an option on the target breaks at that monthly price.

    Only the price depends on the variant: the weight format and KV dtype do not enter.
    """
    gpu = target.gpu
    reasons = []
    if request.cuda_only and gpu.software is not Software.CUDA:
        reasons.append(Reason.CUDA_ONLY)
    if request.needs_native_fp4 and gpu_fp4_format(gpu) is None:
        reasons.append(Reason.NO_NATIVE_FP4)
    budget = request.budget_usd_month
    if budget is not None and monthly is not None and monthly > budget:
        reasons.append(Reason.OVER_BUDGET)
    if request.gpus and gpu.id not in request.gpus:
        reasons.append(Reason.GPU_NOT_REQUESTED)
    return tuple(reasons)
