"""The search: every deployment of a request worth trying on a plan, and the best of them.

What the customer fixed stays fixed: a named weight format, KV dtype or engine is the only
one tried (GPUs, CUDA only and the budget are applied when options are ranked). What the
customer left open is tried, as a sales engineer would:

- weight format: the release's own; FP8 for a 16-bit release (every GPU sold here computes
  FP8 natively, and engines quantize to it while loading); a 4-bit float only where an
  official checkpoint ships it and the GPU computes it natively (NVFP4 on B200, MXFP4 on
  MI355X);
- KV cache: BF16 (the engines' default) and FP8;
- layout: classic tensor/pipeline parallel, data-parallel attention for MLA MoE models, and
  replicas, as ``options.build_option`` lays each variant out.

Among the variants on one plan the cheapest that serves the request wins; at equal rent the
one closest to the release (the literal request) wins, then the one with the most headroom:
FP8 weights or an FP8 cache cost some quality, worth paying only when they save money.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.answer import OptionLaunch, PlanOption, Variant
from sizing.catalog import GpuFacts, beyond_online_order, monthly_usd
from sizing.codes import Caveat, Choice, Reason
from sizing.copying import changed
from sizing.deploy.launch import Deployment, launch_commands
from sizing.deploy.options import (
    HARD_SET_ASIDE,
    VLLM_MAX_NUM_SEQS,
    laid_out,
    load_on,
    no_shape_option,
    placed_option,
    set_aside_reasons,
    speeds_of,
)
from sizing.errors import UnknownModelError
from sizing.fit import Target, vllm_kv_bytes_per_gpu
from sizing.model import ModelSpec, get_model, is_catalog_model, official_checkpoints
from sizing.request import KvDtype, Precision, ResolvedRequest, ServingEngine
from sizing.speed import gpu_fp4_format

SIXTEEN_BIT = frozenset({Precision.BF16, Precision.FP16})
FOUR_BIT_FLOATS = frozenset({Precision.FP4, Precision.MXFP4, Precision.NVFP4})
# The engines' default KV dtype: the model's own 16 bits ("auto").
DEFAULT_KV_DTYPE = KvDtype.BF16
# Formats both engines quantize a 16-bit release to while loading it (``--quantization fp8``).
QUANTIZED_AT_LOAD = frozenset({Precision.FP8})


@dataclass(frozen=True, slots=True)
class Candidate:
    """One variant to size: a weight format and a KV dtype, each asked or chosen."""

    weight_format: Precision  # concrete on the target's GPU
    weight_format_source: Choice
    kv_dtype: KvDtype
    kv_dtype_source: Choice
    requested_weight_format: Precision | None  # the format asked, when it maps to another


def concrete_format(gpu: GpuFacts, precision: Precision) -> Precision:
    """Return the format weights are stored in on this GPU.

    Generic FP4 is the GPU's own 4-bit float (MXFP4 weight-only where there is none); NVFP4 on
    a GPU whose native 4-bit float is MXFP4 (MI355X) is served as MXFP4, the same idea with
    the scales that GPU computes.
    """
    own = gpu_fp4_format(gpu)
    if precision is Precision.FP4:
        return own or Precision.MXFP4
    if precision is Precision.NVFP4 and own is Precision.MXFP4:
        return Precision.MXFP4
    return precision


def weight_formats(
    model: ModelSpec, request: ResolvedRequest, gpu: GpuFacts
) -> tuple[tuple[Precision, Choice, Precision | None], ...]:
    """(format, who chose it, the format asked when it was mapped) to try on this GPU."""
    if request.precision_fixed:
        fmt = concrete_format(gpu, request.precision)
        mapped = request.precision if request.precision is Precision.NVFP4 else None
        return ((fmt, Choice.ASKED, mapped if fmt is not request.precision else None),)
    release = concrete_format(gpu, model.release_precision)
    formats = [release]
    if release in SIXTEEN_BIT:
        formats.append(Precision.FP8)
    formats += [
        fmt
        for fmt in official_releases(model)
        if fmt in FOUR_BIT_FLOATS and fmt in gpu.native_formats
    ]
    return tuple((fmt, Choice.CHOSEN, None) for fmt in dict.fromkeys(formats))


def kv_dtypes(request: ResolvedRequest) -> tuple[tuple[KvDtype, Choice], ...]:
    """(KV dtype, who chose it) to try."""
    if request.kv_dtype_fixed:
        return ((request.kv_dtype, Choice.ASKED),)
    return ((DEFAULT_KV_DTYPE, Choice.CHOSEN), (KvDtype.FP8, Choice.CHOSEN))


def candidates(model: ModelSpec, request: ResolvedRequest, gpu: GpuFacts) -> tuple[Candidate, ...]:
    """Every variant to size on this GPU, the literal one (release, default KV) first."""
    return tuple(
        Candidate(fmt, fmt_source, kv, kv_source, mapped)
        for fmt, fmt_source, mapped in weight_formats(model, request, gpu)
        for kv, kv_source in kv_dtypes(request)
    )


def official_releases(model: ModelSpec) -> dict[Precision, str]:
    """Return the official quantized checkpoints of a catalog model by format (first listed)."""
    if model.generic:
        return {}
    if model.hub_releases:
        return dict(model.hub_releases)
    try:
        listed = official_checkpoints(model.id)
    except UnknownModelError:  # a config file's model: no catalog releases
        return {}
    found: dict[Precision, str] = {}
    for fmt, checkpoint in listed:
        found.setdefault(fmt, checkpoint)
    return found


def spec_for(model: ModelSpec, fmt: Precision) -> ModelSpec:
    """Return the model as a variant stores it.

    An official checkpoint's own recipe where one is loaded (which modules it keeps in 16
    bits), else the model quantized by the format's rule.
    """
    checkpoint = official_releases(model).get(fmt)
    if checkpoint is None or not is_catalog_model(checkpoint):
        return model  # a Hub release's recipe is not read: the format's rule stores it
    return get_model(checkpoint)


def checkpoint_for(model: ModelSpec, fmt: Precision) -> tuple[str | None, bool]:
    """(checkpoint to load, quantized while loading) for the model in a concrete format.

    The release itself in its own format; an official checkpoint in another format where one
    exists; the release quantized at load to FP8; else None (a quantized checkpoint is needed).
    """
    own = model.release_precision
    if model.generic:  # the customer's own checkpoint, of the generic size's release format
        return None, fmt in QUANTIZED_AT_LOAD and own in SIXTEEN_BIT
    if fmt is own:
        return model.id, False
    official = official_releases(model).get(fmt)
    if official is not None:
        return official, False
    if fmt in QUANTIZED_AT_LOAD and own in SIXTEEN_BIT:
        return model.id, True
    return None, False


def engine_for(request: ResolvedRequest, *, dp_attention: bool) -> tuple[ServingEngine, Choice]:
    """Choose the launch command's engine: the one named, else the one the layout needs.

    Data-parallel attention is SGLang's mature path (``--enable-dp-attention``); the classic
    layouts, and every budget figure here, follow vLLM.
    """
    if request.engine is not None:
        return request.engine, Choice.ASKED
    return (ServingEngine.SGLANG if dp_attention else ServingEngine.VLLM), Choice.CHOSEN


def with_formats(request: ResolvedRequest, fmt: Precision, kv: KvDtype) -> ResolvedRequest:
    """Return the request with this weight format and KV dtype (itself when it has them)."""
    if request.precision is fmt and request.kv_dtype is kv:
        return request
    return changed(request, precision=fmt, kv_dtype=kv)


def make_variant(
    model: ModelSpec, request: ResolvedRequest, candidate: Candidate, *, dp_attention: bool
) -> Variant:
    """Say which choices a candidate laid out so rests on: formats, engine, checkpoint."""
    engine, engine_source = engine_for(request, dp_attention=dp_attention)
    checkpoint, at_load = checkpoint_for(model, candidate.weight_format)
    return Variant(
        weight_format=candidate.weight_format,
        weight_format_source=candidate.weight_format_source,
        kv_dtype=candidate.kv_dtype,
        kv_dtype_source=candidate.kv_dtype_source,
        layout_source=Choice.CHOSEN,
        engine=engine,
        engine_source=engine_source,
        checkpoint=checkpoint,
        quantize_at_load=at_load,
        requested_weight_format=candidate.requested_weight_format,
        rope_scaling=request.rope_scaling,
    )


def size_candidate(
    model: ModelSpec,
    target: Target,
    request: ResolvedRequest,
    candidate: Candidate,
    *,
    complete: bool = True,
) -> PlanOption:
    """Size one variant on one target and say which choices it rests on.

    An incomplete option (``complete=False``) has no speeds and no launch commands: it ranks
    and is picked exactly as the complete one would be.
    """
    sized = with_formats(request, candidate.weight_format, candidate.kv_dtype)
    load = load_on(spec_for(model, candidate.weight_format), target, sized)
    placement = laid_out(load, target, sized.concurrency, sized.gpu_memory_utilization)
    # The option's layout is the placement's shape's (``layout_of``), as build_option lays it.
    dp_attention = placement is not None and placement.shape.dp_attention
    variant = make_variant(model, request, candidate, dp_attention=dp_attention)
    more_caveats = (Caveat.NVFP4_AS_MXFP4,) if candidate.requested_weight_format is not None else ()
    if placement is None:  # no shape at all: the option build_option makes, with the variant
        option = no_shape_option(target, sized)
        option = changed(option, variant=variant, caveats=option.caveats + more_caveats)
    else:  # built once, with its variant (and its speeds when complete)
        option = placed_option(
            load,
            target,
            placement,
            sized,
            speeds=complete,
            variant=variant,
            more_caveats=more_caveats,
        )
    commands = _commands(model, target, sized, option, variant) if complete else ()
    return changed(option, launch=OptionLaunch(commands)) if commands else option


def commands_for(
    model: ModelSpec,
    target: Target,
    request: ResolvedRequest,
    option: PlanOption,
    variant: Variant,
) -> tuple[str, ...]:
    """Return the launch commands of a fitting option (none beyond an online order)."""
    return _commands(model, target, request, option, variant)


def _commands(
    model: ModelSpec,
    target: Target,
    request: ResolvedRequest,
    option: PlanOption,
    variant: Variant,
) -> tuple[str, ...]:
    """Write a fitting option's launch commands, with the budget and batch the sizing used.

    None beyond an online order: a fleet is quoted by a person, not started from a list.
    """
    layout = option.layout
    if not option.fits or layout is None or beyond_online_order(option):
        return ()
    gpu = target.gpu
    budget = vllm_kv_bytes_per_gpu(
        gpu,
        0,
        gpu_memory_utilization=request.gpu_memory_utilization,
        moe=model.moe,
        tensor_parallel=layout.tensor_parallel * layout.data_parallel,
    )
    deployment = Deployment(
        model_id=None if model.generic else model.id,
        variant=variant,
        layout=layout,
        gpu=gpu,
        servers=option.servers,
        gpus_per_server=target.gpus_per_unit,
        replicas=option.replicas or 1,
        context_tokens=request.context_tokens,
        memory_fraction=budget / gpu.usable_bytes,
        gpu_memory_utilization=request.gpu_memory_utilization,
        max_sequences=min(option.fit.max_concurrency_at_context or 1, VLLM_MAX_NUM_SEQS),
        lora=request.lora,
        draft=request.draft,
    )
    return launch_commands(deployment)


def departures(option: PlanOption, model: ModelSpec) -> tuple[bool, bool]:
    """Whether the variant moved the weights / the KV cache away from the literal request."""
    variant = option.variant
    if variant is None:
        return False, False
    return variant_departures(variant, model)


def variant_departures(variant: Variant | Candidate, model: ModelSpec) -> tuple[bool, bool]:
    """``departures`` of a variant, sized or not: its formats and who chose them decide."""
    weights = (
        variant.weight_format_source is Choice.CHOSEN
        and variant.weight_format is not model.release_precision
    )
    kv = variant.kv_dtype_source is Choice.CHOSEN and variant.kv_dtype is not DEFAULT_KV_DTYPE
    return weights, kv


def headroom(option: PlanOption, concurrency: int) -> float:
    """Sequences the deployment holds over the sequences asked for."""
    per_replica = option.fit.max_concurrency_at_context or 0
    return per_replica * (option.replicas or 0) / concurrency


def variant_key(option: PlanOption, model: ModelSpec, concurrency: int) -> tuple[object, ...]:
    """Order the variants of one plan: usable, fitting, cheap, literal, roomy."""
    weights, kv = departures(option, model)
    return (
        not option.offerable,
        not option.fits,
        Reason.OVER_BUDGET in option.set_aside,
        # GPUs rented: the rent on a priced plan, and the cost on one without a price (B200).
        option.gpus,
        option.price.monthly_usd if option.price.monthly_usd is not None else 0,
        weights,
        kv,
        -headroom(option, concurrency),
    )


def explore_target(
    model: ModelSpec, target: Target, request: ResolvedRequest, *, complete: bool = True
) -> tuple[PlanOption, ...]:
    """Size the variants that may be the target's pick, the literal request first.

    A variant is left unsized when even the best ``variant_key`` it could reach ranks after
    a variant already sized (``least_key_prefix``): it could never be the pick, and the pick
    (the first variant of least key) is the one sizing every variant would find.
    """
    sized: list[PlanOption] = []
    best: tuple[object, ...] | None = None
    for candidate in candidates(model, request, target.gpu):
        if best is not None:
            bound = least_key_prefix(model, target, request, candidate)
            if bound > best[: len(bound)]:
                continue
        option = size_candidate(model, target, request, candidate, complete=complete)
        sized.append(option)
        key = variant_key(option, model, request.concurrency)
        if best is None or key < best:
            best = key
    return tuple(sized)


def least_key_prefix(
    model: ModelSpec, target: Target, request: ResolvedRequest, candidate: Candidate
) -> tuple[object, ...]:
    """Return a bound under the candidate's ``variant_key`` once sized, all but its headroom.

    A variant that fits rents at least one unit, at the rent of one unit; the constraints it
    breaks beyond the price (CUDA only, native FP4) are the target's whatever the variant, and
    one unit over the budget puts every fitting variant over it. A variant that does not fit
    ranks after the bound in its first or second place. The departures are known unsized.
    """
    plan = target.plan
    monthly = monthly_usd(plan, 1) if plan is not None else None
    reasons = set_aside_reasons(target, request, monthly)
    return (
        bool(HARD_SET_ASIDE.intersection(reasons)),
        False,
        Reason.OVER_BUDGET in reasons,
        target.gpus_per_unit,
        monthly if monthly is not None else 0,
        *variant_departures(candidate, model),
    )


def best_variant_index(explored: tuple[PlanOption, ...], model: ModelSpec, concurrency: int) -> int:
    """Return the index of the variant a plan is offered with (see the module docstring)."""
    return min(range(len(explored)), key=lambda i: variant_key(explored[i], model, concurrency))


def complete_variant(
    model: ModelSpec, target: Target, request: ResolvedRequest, option: PlanOption
) -> PlanOption:
    """Add speeds and launch commands to a variant sized without them (``complete=False``).

    The same option ``size_candidate`` sizes in full, without placing it again.
    """
    variant = option.variant
    if variant is None:
        return option
    sized = with_formats(request, variant.weight_format, variant.kv_dtype)
    load = load_on(spec_for(model, variant.weight_format), target, sized)
    # One copy: the launch commands read none of the figures the speeds add.
    commands = _commands(model, target, sized, option, variant)
    return changed(option, **speeds_of(load, target, sized, option), launch=OptionLaunch(commands))
