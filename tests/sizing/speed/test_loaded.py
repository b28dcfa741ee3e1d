"""A replica under load: how the way requests arrive changes the wait for a first token."""

import pytest

from sizing.catalog.hardware import get_gpu
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.model import get_model
from sizing.request import GpuId, KvDtype, Precision
from sizing.speed import load_calibration
from sizing.speed.calibration import benchmark_figures, point_hardware
from sizing.speed.costs import CURRENT, LOAD
from sizing.speed.fabric import server_network
from sizing.speed.loaded import loaded, prefill_work_s, speed_load

INPUT, OUTPUT, USERS = 1000, 1000, 128


def _state(arrivals):
    load = model_load(
        get_model("Qwen/Qwen3-235B-A22B"),
        Precision.FP8,
        KvDtype.FP8,
        INPUT + OUTPUT,
        include_mtp=False,
    )
    gpu = get_gpu(GpuId.MI355X)
    shape = Shape(8, 1, expert_parallel=True)
    network = server_network(None)
    state = loaded(
        speed_load(load, INPUT, OUTPUT),
        gpu,
        shape,
        network,
        sequences=float(USERS),
        input_tokens=INPUT,
        output_tokens=OUTPUT,
        arrivals=arrivals,
    )
    prompt = prefill_work_s(speed_load(load, INPUT, OUTPUT), gpu, shape, network, INPUT, CURRENT)
    return state, prompt


def test_users_in_step_wait_behind_half_of_their_round():
    """Fixed lengths keep a closed loop in step: a prompt waits behind half of the other prompts.

    A closed loop with lengths that vary waits behind only the fitted share of that burst; the
    throughput and the speed each user sees do not depend on it.
    """
    in_step, prompt = _state("in_step")
    closed, _ = _state("closed")
    extra = in_step.ttft_s - closed.ttft_s
    assert extra == pytest.approx((1.0 - LOAD.queue_share) * (USERS - 1) * prompt / 2.0)
    assert extra > 0.25  # 127 prompts of a 235B model: a visible share of a second
    assert in_step.tokens_per_user == pytest.approx(closed.tokens_per_user)
    assert in_step.output_tokens_per_s == pytest.approx(closed.output_tokens_per_s)


def test_independent_arrivals_wait_for_no_burst():
    """Requests arriving at random wait only behind the prompts queued by chance (M/D/1)."""
    random, _ = _state("random")
    closed, _ = _state("closed")
    assert random.ttft_s < closed.ttft_s


def test_an_unknown_arrival_pattern_is_refused():
    """A misspelt arrival pattern is an error, not a silent idle-server figure."""
    with pytest.raises(ValueError, match="arrivals"):
        _state("bursty")


def test_a_run_of_fixed_lengths_is_replayed_in_step():
    """A published run whose lengths are fixed (--random-range-ratio 1.0) replays in step.

    The same run with lengths drawn from a range waits less for its first token and delivers
    the same per-user speed.
    """
    data = load_calibration()
    point = next(
        p
        for p in data.points
        if p.workload is not None and p.workload.range_ratio == 1.0 and p.workload.concurrency > 8
    )
    gpu, network = point_hardware(point, data)
    ranged = point.model_copy(
        update={"workload": point.workload.model_copy(update={"range_ratio": 0.8})}
    )
    fixed_figures = benchmark_figures(point, gpu, network, CURRENT, tokens_per_step=1.0)
    ranged_figures = benchmark_figures(ranged, gpu, network, CURRENT, tokens_per_step=1.0)
    assert fixed_figures.ttft_s > ranged_figures.ttft_s * 1.5
    assert fixed_figures.tokens_per_s_per_user == pytest.approx(
        ranged_figures.tokens_per_s_per_user
    )
