"""Property tests of the engine's monotonicity and placement invariants.

More context, concurrency or bits never need fewer GPUs; what fits at N tokens fits at fewer.
"""

from dataclasses import replace
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing.answer import OptionLaunch
from sizing.catalog.hardware import get_gpu
from sizing.catalog.types import Software
from sizing.codes import Caveat, Choice, Reason
from sizing.copying import changed
from sizing.deploy import engine, options, search
from sizing.deploy.engine import size_deployment
from sizing.deploy.options import HARD_SET_ASIDE as HARD
from sizing.deploy.search import concrete_format
from sizing.fit import load as loads
from sizing.fit import memory
from sizing.model import get_model
from sizing.model.formats import weights_bytes
from sizing.model.generic import generic_model
from sizing.model.types import Attention
from sizing.request import GpuId, KvDtype, Precision, ServingEngine, SizingRequest
from sizing.speed import serving
from sizing.validate import resolve

MODELS = (
    "meta-llama/Llama-3.1-8B-Instruct",
    "meta-llama/Llama-3.1-70B-Instruct",
    "deepseek-ai/DeepSeek-V3",
    "Qwen/Qwen3-235B-A22B",
    "openai/gpt-oss-120b",
    "google/gemma-3-27b-it",
    "mistralai/Mixtral-8x22B-Instruct-v0.1",
)
# Fewer bits to more bits, as stored.
BITS_ORDER = (Precision.INT4, Precision.MXFP4, Precision.FP6, Precision.FP8, Precision.BF16)

models = st.sampled_from(MODELS)
contexts = st.integers(min_value=1, max_value=1_048_576)
concurrencies = st.integers(min_value=1, max_value=512)
precisions = st.sampled_from(BITS_ORDER)
kv_dtypes = st.sampled_from([KvDtype.BF16, KvDtype.FP8])
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _replication(model, option):
    """How many copies of one sequence's cache the replica's GPUs hold together.

    MLA keeps the whole latent on every TP rank; GQA heads repeat when TP exceeds them.
    """
    spec = get_model(model)
    tp = option.tensor_parallel
    if spec.attention is Attention.MLA:
        return tp
    return max(tp // spec.num_kv_heads, 1)


def _gpus(answer):
    """GPUs rented per option, None where it does not fit."""
    return [o.gpus if o.fits else None for o in answer.options]


def _not_fewer(small, large):
    for a, b in zip(small, large, strict=True):
        if a is not None:
            assert b is None or b >= a
        # b fits while a does not: impossible for a larger demand
        assert not (a is None and b is not None)


@SETTINGS
@given(models, precisions, kv_dtypes, st.lists(contexts, min_size=2, max_size=2), concurrencies)
def test_more_context_never_needs_fewer_gpus(model, precision, kv, pair, n):
    """Longer sequences never fit where shorter ones do not, nor on fewer GPUs."""
    short, long = sorted(pair)
    base = {"model_id": model, "precision": precision, "kv_dtype": kv, "concurrency": n}
    _not_fewer(
        _gpus(size_deployment(SizingRequest(**base, context_tokens=short))),
        _gpus(size_deployment(SizingRequest(**base, context_tokens=long))),
    )


@SETTINGS
@given(models, precisions, contexts, concurrencies, concurrencies)
def test_more_concurrency_never_needs_fewer_gpus(model, precision, context, n1, n2):
    """More simultaneous sequences never need fewer GPUs."""
    few, many = sorted((n1, n2))
    base = {"model_id": model, "precision": precision, "context_tokens": context}
    _not_fewer(
        _gpus(size_deployment(SizingRequest(**base, concurrency=few))),
        _gpus(size_deployment(SizingRequest(**base, concurrency=many))),
    )


@SETTINGS
@given(models, st.data(), contexts, concurrencies)
def test_more_bits_never_need_fewer_gpus(model, data, context, n):
    """A wider weight format never needs fewer GPUs than a narrower one."""
    i = data.draw(st.integers(0, len(BITS_ORDER) - 2))
    j = data.draw(st.integers(i + 1, len(BITS_ORDER) - 1))
    base = {"model_id": model, "context_tokens": context, "concurrency": n}
    _not_fewer(
        _gpus(size_deployment(SizingRequest(**base, precision=BITS_ORDER[i]))),
        _gpus(size_deployment(SizingRequest(**base, precision=BITS_ORDER[j]))),
    )


@SETTINGS
@given(models, precisions, contexts, st.integers(min_value=1, max_value=1_048_576))
def test_what_fits_at_n_tokens_fits_at_fewer(model, precision, n, fewer):
    """Every option that fits N tokens fits any shorter context."""
    fewer = min(fewer, n)
    at_n = size_deployment(SizingRequest(model_id=model, precision=precision, context_tokens=n))
    at_fewer = size_deployment(
        SizingRequest(model_id=model, precision=precision, context_tokens=fewer)
    )
    for big, small in zip(at_n.options, at_fewer.options, strict=True):
        if big.fits:
            assert small.fits


@SETTINGS
@given(models, precisions, contexts, concurrencies)
def test_placement_invariants(model, precision, context, n):
    """TP divides the heads and is 1/2/4/8; MI355X in whole servers; single H200 never split."""
    spec = get_model(model)
    answer = size_deployment(
        SizingRequest(model_id=model, precision=precision, context_tokens=context, concurrency=n)
    )
    for option in answer.options:
        if not option.fits:
            continue
        tp = option.tensor_parallel
        assert tp in (1, 2, 4, 8)
        assert spec.num_attention_heads % tp == 0
        if spec.attention is not Attention.MLA:
            assert spec.num_kv_heads % tp == 0 or tp % spec.num_kv_heads == 0
        assert option.fit.max_concurrency_at_context >= 1
        assert option.replicas * option.fit.max_concurrency_at_context >= n
        if option.plan == "h200-1x":
            assert (tp, option.pipeline_parallel) == (1, 1)
            assert option.gpus == option.servers == option.replicas
        if option.gpu is GpuId.MI355X:
            assert option.gpus == 8 * option.servers
        assert option.gpus >= option.replicas * option.gpus_per_replica
        per_gpu = get_gpu(option.gpu).usable_bytes
        assert option.fit.weights_bytes_per_gpu < per_gpu


@SETTINGS
@given(models, precisions, contexts, concurrencies)
def test_wider_kv_dtype_never_needs_fewer_gpus(model, precision, context, n):
    """A BF16 KV cache never fits where an FP8 one does not, nor on fewer GPUs."""
    base = {"model_id": model, "precision": precision, "context_tokens": context, "concurrency": n}
    _not_fewer(
        _gpus(size_deployment(SizingRequest(**base, kv_dtype=KvDtype.FP8))),
        _gpus(size_deployment(SizingRequest(**base, kv_dtype=KvDtype.BF16))),
    )


@SETTINGS
@given(
    models,
    precisions,
    contexts,
    concurrencies,
    st.lists(st.floats(min_value=0.5, max_value=1.0), min_size=2, max_size=2),
)
def test_a_larger_vllm_budget_never_needs_more_gpus(model, precision, context, n, pair):
    """Raising gpu_memory_utilization never needs more GPUs nor loses a fit."""
    low, high = sorted(pair)
    base = {"model_id": model, "precision": precision, "context_tokens": context, "concurrency": n}
    _not_fewer(
        _gpus(size_deployment(SizingRequest(**base, gpu_memory_utilization=high))),
        _gpus(size_deployment(SizingRequest(**base, gpu_memory_utilization=low))),
    )


constraints = st.fixed_dictionaries(
    {
        "cuda_only": st.booleans(),
        "needs_native_fp4": st.booleans(),
        "budget_usd_month": st.none()
        | st.sampled_from([Decimal(0), Decimal(5000), Decimal(25000)]),
        "gpus": st.sampled_from([(), (GpuId.H200,), (GpuId.MI355X,), (GpuId.B200,)]),
    }
)


@SETTINGS
@given(models, precisions, contexts, concurrencies, constraints)
def test_recommendation_fits_obeys_constraints_and_is_cheapest(model, precision, context, n, c):
    """The pick fits, breaks no hard constraint, and no usable priced option costs less."""
    answer = size_deployment(
        SizingRequest(
            model_id=model, precision=precision, context_tokens=context, concurrency=n, **c
        )
    )
    usable = [o for o in answer.options if o.fits and not HARD.intersection(o.set_aside)]
    if answer.recommended_index is None:  # an unpriced B200 is never the pick over a budget
        assert all(o.price.monthly_usd is None for o in usable)
        assert not usable or Caveat.BUDGET_EXCEEDED_BY_ALL in answer.caveats
        return
    pick = answer.options[answer.recommended_index]
    assert pick in usable
    assert pick.plan == answer.recommended
    priced = [o for o in usable if o.price.monthly_usd is not None]
    if pick.price.monthly_usd is None:  # the unpriced B200 only when nothing priced is usable
        assert not priced
        return
    named = [o for o in priced if Reason.GPU_NOT_REQUESTED not in o.set_aside]
    pool = named or priced
    assert pick in pool
    assert all(pick.price.monthly_usd <= o.price.monthly_usd for o in pool)


@SETTINGS
@given(models, precisions, kv_dtypes, contexts, concurrencies)
def test_reported_sequences_fit_in_the_reported_kv_room(model, precision, kv, context, n):
    """Sequences x their cache never exceed the KV bytes a fitting option reports."""
    answer = size_deployment(
        SizingRequest(
            model_id=model, precision=precision, kv_dtype=kv, context_tokens=context, concurrency=n
        )
    )
    for option in answer.options:
        if option.fits:
            held = option.fit.max_concurrency_at_context * answer.kv_bytes_per_sequence
            assert held * _replication(model, option) <= option.fit.kv_cache_bytes


open_or_fixed_precision = st.none() | precisions
open_or_fixed_kv = st.none() | kv_dtypes
engines = st.none() | st.sampled_from(list(ServingEngine))


def _request(model, fixed, context, n, c):
    """Build the request of the open-or-fixed properties: a model, fixed formats, the load."""
    precision, kv = fixed
    return SizingRequest(
        model_id=model, precision=precision, kv_dtype=kv, context_tokens=context, concurrency=n, **c
    )


def _serves(option):
    """Whether an explored variant serves the request within the customer's hard constraints."""
    return option.fits and not HARD.intersection(option.set_aside)


@SETTINGS
@given(
    models,
    st.tuples(open_or_fixed_precision, open_or_fixed_kv),
    contexts,
    concurrencies,
    constraints,
)
def test_the_pick_is_never_dearer_than_any_variant_that_serves(model, fixed, context, n, c):
    """No explored variant that respects the fixed choices and serves costs less than the pick."""
    answer = size_deployment(_request(model, fixed, context, n, c))
    serving = [o for o in answer.explored if _serves(o) and o.price.monthly_usd is not None]
    if answer.recommended_index is None:
        assert not serving
        return
    pick = answer.options[answer.recommended_index]
    assert pick in answer.explored
    named = [o for o in serving if Reason.GPU_NOT_REQUESTED not in o.set_aside]
    pool = named or serving
    if pick.price.monthly_usd is not None:
        assert all(pick.price.monthly_usd <= o.price.monthly_usd for o in pool)


@SETTINGS
@given(models, st.tuples(open_or_fixed_precision, open_or_fixed_kv, engines), contexts, constraints)
def test_a_fixed_choice_is_never_overridden(model, fixed, context, c):
    """A named format, KV dtype or engine is in every variant; CUDA only, budget, GPUs hold."""
    precision, kv, engine = fixed
    answer = size_deployment(
        SizingRequest(
            model_id=model,
            precision=precision,
            kv_dtype=kv,
            engine=engine,
            context_tokens=context,
            **c,
        )
    )
    for option in answer.explored:
        variant = option.variant
        if precision is not None:
            assert variant.weight_format_source is Choice.ASKED
            assert variant.weight_format is concrete_format(option.gpu_facts, precision)
        if kv is not None:
            assert (variant.kv_dtype, variant.kv_dtype_source) == (kv, Choice.ASKED)
        if engine is not None:
            assert (variant.engine, variant.engine_source) == (engine, Choice.ASKED)
    if answer.recommended_index is None:
        return
    pick = answer.options[answer.recommended_index]
    if c["cuda_only"]:
        assert pick.gpu_facts.software is Software.CUDA
    if c["budget_usd_month"] is not None and pick.price.monthly_usd is not None:
        assert pick.price.monthly_usd <= c["budget_usd_month"]
    # A named GPU that is sold and serves it is where the pick is (the B200 is not sold here).
    named_serving = [
        o
        for o in answer.explored
        if o.gpu in c["gpus"] and _serves(o) and o.price.monthly_usd is not None
    ]
    if named_serving:
        assert pick.gpu in c["gpus"]


@SETTINGS
@given(
    models,
    st.tuples(open_or_fixed_precision, open_or_fixed_kv),
    contexts,
    concurrencies,
    constraints,
)
def test_the_quick_probe_picks_as_the_full_sizing_does(model, fixed, context, n, c):
    """The budget searches' probe (no speeds, no commands) recommends exactly when sizing does."""
    request = _request(model, fixed, context, n, c)
    full = engine._size(request)
    assert engine._served(request) is (full.recommended_index is not None)


@SETTINGS
@given(
    models,
    st.tuples(open_or_fixed_precision, open_or_fixed_kv),
    contexts,
    concurrencies,
    constraints,
)
def test_a_variant_left_unsized_could_never_be_the_pick(model, fixed, context, n, c):
    """Every plan's pick is the one sizing every variant finds; the bound is under every key."""
    request = _request(model, fixed, context, n, c)
    spec = engine.resolve_model(request)
    literal = resolve(request, spec.release_precision, max_context_tokens=spec.max_context_tokens)
    for target in engine.targets():
        tried = search.candidates(spec, literal, target.gpu)
        every = [
            search.size_candidate(spec, target, literal, candidate, complete=False)
            for candidate in tried
        ]
        for candidate, option in zip(tried, every, strict=True):
            bound = search.least_key_prefix(spec, target, literal, candidate)
            assert search.variant_key(option, spec, literal.concurrency)[: len(bound)] >= bound
        sized = search.explore_target(spec, target, literal, complete=False)
        assert sized[0] == every[0]  # the literal request is always sized
        assert all(option in every for option in sized)
        pick = sized[search.best_variant_index(sized, spec, literal.concurrency)]
        assert pick == every[search.best_variant_index(tuple(every), spec, literal.concurrency)]


def _sized_afresh(request):
    """Size the request with no layout or speed kept from earlier requests."""
    options.laid_out.cache_clear()
    memory.kv_room.cache_clear()
    for kept in (loads.model_load, loads.weights_split, loads.group_bytes, loads.all_weights_bytes):
        kept.cache_clear()
    serving._step_tokens_per_s.cache_clear()
    serving._ttft_s.cache_clear()
    serving._loaded_tokens_per_s.cache_clear()
    serving.speed_load.cache_clear()
    engine.forget_answers()
    return size_deployment(request)


@SETTINGS
@given(
    models,
    st.tuples(open_or_fixed_precision, open_or_fixed_kv),
    st.tuples(contexts, concurrencies),
    st.lists(st.tuples(st.sampled_from([0.8, 0.9, 0.95]), constraints), min_size=2, max_size=4),
)
def test_layouts_and_speeds_kept_between_requests_change_no_answer(model, fixed, load, asks):
    """An answer sized after other requests' layouts and speeds were kept is the fresh one."""
    context, n = load
    requests = [
        replace(_request(model, fixed, context, n, c), gpu_memory_utilization=utilization)
        for utilization, c in asks
    ]
    fresh = [_sized_afresh(request) for request in requests]
    engine.forget_answers()
    for request in requests[::-1]:
        size_deployment(request)  # every request's layouts and speeds kept, in another order
    engine.forget_answers()
    assert [size_deployment(request) for request in requests] == fresh


@SETTINGS
@given(
    models,
    # NVFP4 too: on an MI355X it is served as MXFP4, with a caveat saying so.
    st.tuples(open_or_fixed_precision | st.just(Precision.NVFP4), open_or_fixed_kv),
    contexts,
    concurrencies,
    constraints,
)
def test_a_variant_built_once_is_the_option_laid_out_then_completed(model, fixed, context, n, c):
    """Every variant, built in one go, is ``build_option``'s with its variant, caveat, commands."""
    request = _request(model, fixed, context, n, c)
    spec = engine.resolve_model(request)
    literal = resolve(request, spec.release_precision, max_context_tokens=spec.max_context_tokens)
    for target in engine.targets():
        for candidate in search.candidates(spec, literal, target.gpu):
            whole = search.size_candidate(spec, target, literal, candidate)
            bare = search.size_candidate(spec, target, literal, candidate, complete=False)
            assert search.complete_variant(spec, target, literal, bare) == whole
            sized = search.with_formats(literal, candidate.weight_format, candidate.kv_dtype)
            model_as_stored = search.spec_for(spec, candidate.weight_format)
            laid = options.build_option(model_as_stored, target, sized)
            unsped = options.build_option(model_as_stored, target, sized, speeds=False)
            load = options.load_on(model_as_stored, target, sized)
            assert options.with_speeds(load, target, sized, unsped) == laid
            extra = (Caveat.NVFP4_AS_MXFP4,) if candidate.requested_weight_format else ()
            dp = laid.layout is not None and laid.layout.dp_attention
            assert whole.variant is not None
            assert (whole.variant.engine, whole.variant.engine_source) == search.engine_for(
                literal, dp_attention=dp
            )
            expected = changed(laid, variant=whole.variant, caveats=laid.caveats + extra)
            commands = search._commands(spec, target, sized, expected, whole.variant)
            assert whole == changed(expected, launch=OptionLaunch(commands))
            assert bare == changed(unsped, variant=whole.variant, caveats=unsped.caveats + extra)


@SETTINGS
@given(
    st.one_of(
        st.sampled_from(MODELS).map(get_model),
        st.builds(generic_model, st.floats(min_value=0.1, max_value=3000)),
        st.builds(generic_model, st.floats(min_value=10, max_value=3000), moe=st.just(value=True)),
    ),
    precisions,
    st.booleans(),
)
def test_a_kept_whole_weighs_each_group_as_the_whole_worked_out_afresh(model, precision, mtp):
    """Each group's bytes, taken from the kept whole, are its drop from the whole worked anew."""
    whole = weights_bytes(model, precision, include_mtp=mtp)
    assert loads.all_weights_bytes(model, precision, include_mtp=mtp) == whole
    for group in ("attention", "routed_experts", "shared_experts", "embedding", "vision", "mtp"):
        kept = loads.group_bytes(model, precision, group, include_mtp=mtp)
        afresh = loads.group_bytes.__wrapped__(model, precision, group, include_mtp=mtp)
        assert kept == afresh
        assert afresh == (
            whole
            - weights_bytes(
                replace(
                    model,
                    params=replace(model.params, **{group: 0}),
                    release_layout=tuple(r for r in model.release_layout if r[0] != group),
                ),
                precision,
                include_mtp=mtp,
            )
            if getattr(model.params, group)
            else 0
        )
    assert loads.weights_split(model, precision, include_mtp=mtp)[0] == whole
