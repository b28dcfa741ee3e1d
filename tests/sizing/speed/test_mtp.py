"""Speculative decoding with a model's own MTP layers: drafts, the check, the tokens kept."""

import pytest

from sizing.catalog.hardware import get_gpu
from sizing.deploy import size_deployment
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.model import get_model
from sizing.request import GpuId, KvDtype, Precision, SizingRequest
from sizing.speed.calibration import calibration_table
from sizing.speed.costs import (
    MTP_FIRST_ACCEPTANCE,
    MTP_FIRST_ACCEPTANCE_HIGH,
    MTP_FIRST_ACCEPTANCE_LOW,
    MTP_LATER_ACCEPTANCE_LOW,
    mtp_tokens_per_step,
)
from sizing.speed.decode import decode_step, draft_pass_s, speculative_step_s

DEEPSEEK = "deepseek-ai/DeepSeek-V3"


def _load(context=8192):
    return model_load(get_model(DEEPSEEK), Precision.FP8, KvDtype.BF16, context, include_mtp=True)


def test_one_drafted_token_gives_the_published_speed_up_in_tokens():
    """One draft kept 85% of the time: 1.85 tokens a step, DeepSeek-V3's "1.8 times TPS"."""
    assert mtp_tokens_per_step(1) == pytest.approx(1 + MTP_FIRST_ACCEPTANCE)
    assert 1.8 <= mtp_tokens_per_step(1) <= 1.9


def test_seven_drafted_tokens_give_the_published_acceptance_length():
    """The original DeepSeek-V3 module at seven drafts: 3.20 tokens a step (its model card)."""
    assert mtp_tokens_per_step(7) == pytest.approx(3.20, abs=0.02)


@pytest.mark.parametrize("drafted", [1, 2, 3, 5])
def test_more_drafts_keep_more_tokens_but_never_all(drafted):
    """Each further draft adds less than the one before; a step never yields every draft."""
    gained = mtp_tokens_per_step(drafted) - mtp_tokens_per_step(drafted - 1)
    further = mtp_tokens_per_step(drafted + 1) - mtp_tokens_per_step(drafted)
    assert 0 < further < gained
    assert mtp_tokens_per_step(drafted) < drafted + 1


def test_the_range_brackets_the_figure():
    """Random prompts at temperature 1 keep fewer drafts, the report's high end more."""
    low = mtp_tokens_per_step(first=MTP_FIRST_ACCEPTANCE_LOW, later=MTP_LATER_ACCEPTANCE_LOW)
    high = mtp_tokens_per_step(first=MTP_FIRST_ACCEPTANCE_HIGH)
    assert low < mtp_tokens_per_step() < high


def test_no_drafts_is_a_plain_step():
    """Nothing drafted, nothing gained."""
    assert mtp_tokens_per_step(0) == 1.0


@pytest.mark.parametrize("sequences", [1, 8, 64])
def test_a_draft_pass_is_one_layer_and_the_head(sequences):
    """A pass of the module costs far less than a step of the model, more than one layer of it."""
    load, gpu = _load(), get_gpu(GpuId.H200)
    step = decode_step(load, gpu, Shape(8, 1), sequences=sequences).total_s
    draft = draft_pass_s(load, gpu, Shape(8, 1), sequences=sequences)
    assert step / load.layers < draft < step / 4


@pytest.mark.parametrize("sequences", [1, 16])
def test_a_speculative_step_costs_the_drafts_and_a_wider_check(sequences):
    """Three drafts and a four-token check take longer than a plain step, less than four."""
    load, gpu = _load(), get_gpu(GpuId.H200)
    shape = Shape(8, 1)
    plain = decode_step(load, gpu, shape, sequences=sequences).total_s
    check = decode_step(load, gpu, shape, sequences=sequences, tokens_per_sequence=4).total_s
    step = speculative_step_s(load, gpu, shape, sequences=sequences, drafted=3)
    assert step == pytest.approx(check + 3 * draft_pass_s(load, gpu, shape, sequences=sequences))
    assert plain < step < 4 * plain


def test_the_engine_gives_tensorrt_llms_published_speed_up_on_b200():
    """TensorRT-LLM's MTP blog: three MTP layers are 2.16x the nextn=0 speed at batch 1."""
    rows = {row.point.id: row for row in calibration_table()}
    speed_up = rows["dsr1-b200-trtllm-mtp-c1"].engine / rows["dsr1-b200-trtllm-nextn0-c1"].engine
    assert speed_up == pytest.approx(2.16, rel=0.05)


def test_an_answer_says_the_tokens_a_step_it_counts_on():
    """Asked for, MTP gives each user a range around ~2.7 tokens a step, not a flat doubling."""
    request = SizingRequest(model_id=DEEPSEEK, concurrency=4, include_mtp=True, gpus=(GpuId.H200,))
    answer = size_deployment(request)
    option = next(o for o in answer.options if o.fits)
    assert option.speed.mtp_tokens_per_step == pytest.approx(mtp_tokens_per_step())
    low, high = option.speed.decode_tokens_per_s_range
    assert low < option.speed.decode_tokens_per_s_per_user <= high
    plain = size_deployment(SizingRequest(model_id=DEEPSEEK, concurrency=4, gpus=(GpuId.H200,)))
    without = next(o for o in plain.options if o.gpus == option.gpus and o.fits)
    gain = option.speed.decode_tokens_per_s_per_user / without.speed.decode_tokens_per_s_per_user
    assert 1.2 < gain < mtp_tokens_per_step()


def test_mtp_is_left_off_where_drafts_and_checks_cost_what_they_keep():
    """156K contexts at 128 users: attention's FLOPs grow with the four tokens checked, no gain.

    (Where the turn falls depends on the step's fixed costs: with the MI355X's own all-reduce
    latency, 6.3 us, drafting still pays at 97 users and stops paying from about 110.)
    """
    base = {"model_id": DEEPSEEK, "context_tokens": 156_590, "concurrency": 128}
    request = SizingRequest(**base, include_mtp=True, gpus=(GpuId.MI355X,))
    option = next(o for o in size_deployment(request).options if o.fits)
    assert option.speed.mtp_tokens_per_step is None
    short = SizingRequest(**{**base, "context_tokens": 8192}, include_mtp=True)
    assert any(o.speed.mtp_tokens_per_step for o in size_deployment(short).options if o.fits)
