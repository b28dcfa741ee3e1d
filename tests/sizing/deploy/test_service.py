"""Service levels: the cheapest plan meeting every target, and what it claims holds.

Properties over generated targets: the recommended option meets every target it reports; no
cheaper option explored meets them all; adding a target never makes the answer cheaper. And
the figures behind them: a throughput alone keeps each user at 10 tokens/s, a rate becomes
sequences in flight by Little's law, an offline job is billed by whole months.
"""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing import InvalidRequestError, SizingRequest, size_deployment
from sizing.catalog import hours_per_month
from sizing.serialize import to_json

LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
MODELS = st.sampled_from(
    [LLAMA_8B, LLAMA_70B, "Qwen/Qwen3-32B", "openai/gpt-oss-120b", "deepseek-ai/DeepSeek-R1"]
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _cost(option):
    if option.job is not None and option.job.cost_usd is not None:
        return option.job.cost_usd
    return option.price.monthly_usd


def _targets(**asked):
    return {key: value for key, value in asked.items() if value is not None}


targets = st.fixed_dictionaries(
    {
        "throughput_tok_s": st.one_of(st.none(), st.floats(100, 60_000)),
        "tokens_per_user_tok_s": st.one_of(st.none(), st.floats(5, 120)),
        "ttft_s": st.one_of(st.none(), st.floats(0.3, 10)),
        "requests_per_minute": st.one_of(st.none(), st.floats(1, 20_000)),
    }
)


@SETTINGS
@given(MODELS, targets)
def test_the_pick_meets_every_target_and_nothing_cheaper_does(model, asked):
    """The recommended option meets every target it reports; no cheaper option meets them."""
    asked = _targets(**asked)
    if not asked:
        asked = {"throughput_tok_s": 1000.0}
    answer = size_deployment(SizingRequest(model_id=model, **asked))
    index = answer.recommended_index
    if index is None:
        assert answer.no_plan_reason is not None
        assert not any(o.meets_targets and o.offerable and o.priced for o in answer.options)
        return
    pick = answer.options[index]
    assert pick.meets_targets is True
    assert pick.targets is not None
    checks = pick.targets.checks()
    assert checks
    assert all(check.met for check in checks)
    cheaper = [
        o
        for o in answer.explored
        if o.meets_targets and o.offerable and o.priced and _cost(o) < _cost(pick)
    ]
    assert cheaper == []


@SETTINGS
@given(MODELS, targets, st.sampled_from(["tokens_per_user_tok_s", "ttft_s"]), st.floats(0.2, 2))
def test_adding_a_target_never_makes_the_answer_cheaper(model, asked, extra, scale):
    """A request with one more target costs at least as much as the one without it."""
    asked = _targets(**asked) or {"throughput_tok_s": 2000.0}
    base = size_deployment(SizingRequest(model_id=model, **asked))
    if base.recommended_index is None:
        return
    value = 20.0 * scale if extra == "tokens_per_user_tok_s" else 2.0 * scale
    if extra in asked:
        value = asked[extra] * (1.5 if extra == "tokens_per_user_tok_s" else 0.5)
    more = size_deployment(SizingRequest(model_id=model, **{**asked, extra: value}))
    if more.recommended_index is None:
        return  # nothing meets the stricter ask: never cheaper either
    assert _cost(more.options[more.recommended_index]) >= _cost(
        base.options[base.recommended_index]
    )


def test_throughput_alone_is_met_cheapest_with_each_user_at_ten_tokens():
    """5,000 tok/s for Llama 3.3 70B: the cheapest plan reaching it, each user >= 10 tok/s."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, throughput_tok_s=5000))
    pick = answer.options[answer.recommended_index]
    assert pick.targets.throughput.predicted >= 5000
    assert pick.speed.decode_tokens_per_s_per_user >= 10
    # one fewer unit of the same plan does not reach it
    fewer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, throughput_tok_s=5000, gpus=(pick.gpu,))
    )
    assert fewer.options[fewer.recommended_index].servers == pick.servers
    data = to_json(answer)
    option = data["options"][answer.recommended_index]
    assert option["meets_targets"] is True
    assert set(option["targets"]["throughput"]) == {"asked", "predicted", "range", "met", "sure"}
    assert "ttft_s_at_load" in option
    # a straddling range names the safe choice, which meets it over its whole band
    safe = answer.service.safe_index
    assert safe is not None
    assert answer.options[safe].targets.throughput.range[0] >= 5000


def test_a_larger_throughput_takes_more_servers_of_a_plan():
    """Twice the throughput on the same GPU takes at least as many units, and more at scale."""
    small = size_deployment(
        SizingRequest(model_id=LLAMA_70B, throughput_tok_s=20_000, gpus=("h200",))
    )
    large = size_deployment(
        SizingRequest(model_id=LLAMA_70B, throughput_tok_s=80_000, gpus=("h200",))
    )
    a = small.options[small.recommended_index]
    b = large.options[large.recommended_index]
    assert b.gpus > a.gpus


def test_a_rate_becomes_sequences_in_flight_by_littles_law():
    """In flight = arrivals x (first token + output x time per token), within rounding."""
    answer = size_deployment(
        SizingRequest(model_id="openai/gpt-oss-20b", requests_per_minute=1000, output_tokens=500)
    )
    pick = answer.options[answer.recommended_index]
    per_user = pick.speed.decode_tokens_per_s_per_user
    latency = pick.speed.ttft_s_at_load + 500 / per_user
    expected = 1000 / 60 * latency
    assert pick.sequences_in_flight == pytest.approx(expected, rel=0.05, abs=1.5)
    assert answer.request.concurrency == pick.sequences_in_flight
    assert answer.service.level.input_defaulted
    assert not answer.service.level.output_defaulted


def test_users_at_once_stated_beside_a_slow_rate_are_the_load():
    """A day's average rate keeps two in flight; the 120 at once stated are what is served."""
    rate_only = size_deployment(
        SizingRequest(model_id="zai-org/GLM-4.5-Air", requests_per_minute=7)
    )
    both = size_deployment(
        SizingRequest(model_id="zai-org/GLM-4.5-Air", requests_per_minute=7, concurrency=120)
    )
    alone = rate_only.options[rate_only.recommended_index]
    peak = both.options[both.recommended_index]
    assert alone.sequences_in_flight < 10
    assert peak.sequences_in_flight >= 120
    assert peak.speed.decode_tokens_per_s_per_user < alone.speed.decode_tokens_per_s_per_user


def test_an_offline_job_is_billed_by_whole_months():
    """A job's cost is units x monthly price x whole months; a deadline may take more units."""
    tokens = 10_000_000 * 2000
    loose = size_deployment(
        SizingRequest(model_id=LLAMA_8B, batch_tokens=tokens, input_tokens=2000)
    )
    pick = loose.options[loose.recommended_index]
    job = pick.job
    assert job is not None
    assert job.months == max(1, math.ceil(job.hours / hours_per_month()))
    assert job.cost_usd == pick.price.monthly_usd * job.months
    tight = size_deployment(
        SizingRequest(model_id=LLAMA_8B, batch_tokens=tokens, input_tokens=2000, deadline_hours=24)
    )
    fast = tight.options[tight.recommended_index]
    assert fast.job.hours <= 24
    assert fast.targets.batch.met
    assert fast.job.cost_usd >= job.cost_usd


def test_a_per_user_speed_no_replica_reaches_is_refused_with_the_ceiling():
    """200 tok/s per user for a 405B: no count of servers raises one user's speed."""
    answer = size_deployment(
        SizingRequest(model_id="meta-llama/Llama-3.1-405B-Instruct", tokens_per_user_tok_s=200)
    )
    assert answer.recommended_index is None
    assert answer.no_plan_reason.value == "per_user_ceiling"
    assert answer.verdict.code.value == "targets_not_met"
    nearest = answer.options[answer.service.nearest_index]
    assert nearest.servers <= 8  # the ceiling is read on a small deployment, not 4,096 servers


def test_gpu_count_keeps_its_option():
    """--gpu-count K: an option on exactly K GPUs of the GPU asked is listed."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, throughput_tok_s=3000, gpus=("h200",), gpu_count=2)
    )
    assert any(o.plan == "h200-1x" and o.gpus == 2 for o in answer.options)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("throughput_tok_s", -5),
        ("ttft_s", 0),
        ("requests_per_minute", float("nan")),
        ("tokens_per_user_tok_s", True),
        ("batch_tokens", 10**20),
        ("deadline_hours", 5),
    ],
)
def test_bad_targets_are_refused_by_name(field, value):
    """Absurd targets are refused naming the field, never sized."""
    with pytest.raises(InvalidRequestError) as error:
        size_deployment(SizingRequest(model_id=LLAMA_8B, **{field: value}))
    assert field in str(error.value)


def test_no_targets_no_target_fields():
    """A request with no target carries none of the service keys in its JSON."""
    data = to_json(size_deployment(SizingRequest(model_id=LLAMA_8B)))
    assert data["service"] is None
    assert all("targets" not in option for option in data["options"])
    assert isinstance(Decimal(data["options"][0]["monthly_usd"]), Decimal)
