"""Property tests of the speed model: load, context and fabric move speed the right way only."""

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing.catalog.hardware import get_gpu
from sizing.deploy.engine import size_deployment
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.model import get_model
from sizing.request import GpuId, KvDtype, Precision, SizingRequest
from sizing.speed import Network, per_user_tokens_per_s

MODELS = (
    "meta-llama/Llama-3.1-8B-Instruct",
    "meta-llama/Llama-3.1-70B-Instruct",
    "deepseek-ai/DeepSeek-V3",
    "moonshotai/Kimi-K2-Instruct",
    "Qwen/Qwen3-235B-A22B",
    "openai/gpt-oss-120b",
    "google/gemma-3-27b-it",
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

models = st.sampled_from(MODELS)
gpus = st.sampled_from(list(GpuId))
precisions = st.sampled_from([Precision.BF16, Precision.FP8, Precision.MXFP4])
kv_dtypes = st.sampled_from([KvDtype.BF16, KvDtype.FP8])
contexts = st.integers(min_value=1, max_value=1_048_576)
concurrencies = st.integers(min_value=1, max_value=512)
shapes = st.builds(
    Shape,
    tensor_parallel=st.sampled_from([1, 2, 4, 8]),
    pipeline_parallel=st.integers(min_value=1, max_value=4),
    data_parallel=st.sampled_from([1, 2, 4, 8]),
    expert_parallel=st.booleans(),
)
networks = st.floats(min_value=10, max_value=3200).map(lambda gbps: Network(gbps_per_gpu=gbps))


def _load(model, precision, kv, context):
    return model_load(get_model(model), precision, kv, context, include_mtp=False)


# A model in a format on a GPU: (model id, GPU, weight format, KV dtype).
setups = st.tuples(models, gpus, precisions, kv_dtypes)
pairs = st.tuples(concurrencies, concurrencies)


@SETTINGS
@given(setups, contexts, shapes, pairs)
def test_more_concurrency_never_raises_per_user_speed(setup, context, shape, pair):
    """Each user of a fixed layout gets no more tokens/s when more users share it."""
    model, gpu, precision, kv = setup
    few, many = sorted(pair)
    load = _load(model, precision, kv, context)
    facts = get_gpu(gpu)
    for replicas in (1, 3):
        slow = per_user_tokens_per_s(load, facts, shape, concurrency=many, replicas=replicas)
        fast = per_user_tokens_per_s(load, facts, shape, concurrency=few, replicas=replicas)
        assert slow <= fast * (1 + 1e-12)


@SETTINGS
@given(setups, st.tuples(contexts, contexts), shapes, concurrencies)
def test_longer_context_never_raises_per_user_speed(setup, pair, shape, users):
    """Each user gets no more tokens/s when every sequence's context is longer."""
    model, gpu, precision, kv = setup
    short, long = sorted(pair)
    facts = get_gpu(gpu)
    slow = per_user_tokens_per_s(_load(model, precision, kv, long), facts, shape, concurrency=users)
    fast = per_user_tokens_per_s(
        _load(model, precision, kv, short), facts, shape, concurrency=users
    )
    assert slow <= fast * (1 + 1e-12)


# Link widening factor inside the server, and two networks between servers.
fabrics = st.tuples(st.floats(min_value=1.0, max_value=16.0), networks, networks)


@SETTINGS
@given(setups, contexts, shapes, st.tuples(concurrencies, fabrics))
def test_a_faster_interconnect_never_lowers_speed(setup, context, shape, load_and_fabric):
    """Wider links inside the server or between servers never make a step slower."""
    model, gpu, precision, kv = setup
    users, (factor, n1, n2) = load_and_fabric
    load = _load(model, precision, kv, context)
    slow_gpu = get_gpu(gpu)
    link = slow_gpu.interconnect_link_gb_s
    fast_gpu = dataclasses.replace(
        slow_gpu,
        interconnect_gb_s=slow_gpu.interconnect_gb_s * factor,
        interconnect_link_gb_s=link * factor if link else None,
    )
    slow_net, fast_net = sorted((n1, n2), key=lambda n: n.gbps_per_gpu)
    slow = per_user_tokens_per_s(load, slow_gpu, shape, concurrency=users, network=slow_net)
    fast = per_user_tokens_per_s(load, fast_gpu, shape, concurrency=users, network=fast_net)
    assert fast >= slow * (1 - 1e-12)


ENGINE_SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@ENGINE_SETTINGS
@given(models, st.integers(min_value=1, max_value=262_144), concurrencies)
def test_speculative_decoding_is_off_unless_asked(model, context, users):
    """MTP is off unless asked; asked, a model with MTP layers uses it where each user is faster."""
    base = {"model_id": model, "context_tokens": context, "concurrency": users}
    plain = size_deployment(SizingRequest(**base))
    asked = size_deployment(SizingRequest(**base, include_mtp=True))
    has_mtp = get_model(model).params.mtp > 0
    for option in plain.options:
        assert option.speed.mtp_tokens_per_step is None
    for without, option in zip(plain.options, asked.options, strict=True):
        if not option.fits or not without.fits or option.gpus != without.gpus:
            continue
        if option.speed.mtp_tokens_per_step is not None:
            assert has_mtp
            assert (
                option.speed.decode_tokens_per_s_per_user
                > without.speed.decode_tokens_per_s_per_user
            )
        else:
            # Off where drafting and checking cost what the kept tokens give: no faster then.
            assert option.speed.decode_tokens_per_s_per_user == pytest.approx(
                without.speed.decode_tokens_per_s_per_user, rel=0.02
            )


@ENGINE_SETTINGS
@given(models, st.integers(min_value=1, max_value=262_144), concurrencies)
def test_each_user_under_load_is_no_faster_than_one_user_alone(model, context, users):
    """Per-user speed under load is at most one user's alone; the total at most it x users.

    The prompts' compute is paid out of the same GPU time.
    """
    answer = size_deployment(
        SizingRequest(model_id=model, context_tokens=context, concurrency=users)
    )
    for option in answer.options:
        if not option.fits:
            assert option.speed.decode_tokens_per_s_per_user is None
            continue
        assert option.speed.decode_tokens_per_s_per_user <= option.speed.decode_tokens_per_s * (
            1 + 1e-12
        )
        total = option.speed.decode_tokens_per_s_per_user * users
        aggregate = option.speed.decode_tokens_per_s_aggregate
        assert 0 < aggregate <= total * (1 + 1e-9)
