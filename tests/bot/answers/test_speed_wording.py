"""Speeds in words: per user at the load, ranges where estimated, one figure in every form."""

import re

import pytest

from bot.answers.i18n import localizer
from bot.answers.render import render_size
from bot.answers.views.size import option_view, sentence_params
from bot.languages import LANGUAGES
from sizing.deploy.engine import size_deployment
from sizing.request import GpuId, Precision, SizingRequest

LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
DEEPSEEK = "deepseek-ai/DeepSeek-V3"


def _answer(**request):
    return size_deployment(SizingRequest(**request))


def _option(answer, gpu):
    return next(o for o in answer.options if o.gpu is gpu and o.fits)


def _appears(figure, text):
    """Tell whether the formatted figure appears whole in the text (not inside another)."""
    escaped = re.escape(figure)
    return re.search(rf"(?<![\d.,]){escaped}(?!\d|[.,\u00a0\u202f]\d)", text) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_json_text_and_html_report_the_same_replicas(language):
    """Llama 70B FP8 on the MI355X server: one copy per GPU, eight replicas everywhere."""
    answer = _answer(model_id=LLAMA_70B, precision=Precision.FP8, gpus=(GpuId.MI355X,))
    loc = localizer(language)
    reply = render_size(loc, answer)
    index = next(i for i, o in enumerate(answer.options) if o.gpu is GpuId.MI355X and o.fits)
    option = answer.options[index]
    assert option.replicas == option.gpus // option.gpus_per_replica == 8
    assert reply.data["options"][index]["replicas"] == option.replicas
    view = option_view(loc, option, sentence_params(loc, answer))
    assert view["replicas"] == option.replicas
    blocks = [b for b in reply.text.split("\n\n") if view["name"] in b and "TP 1 × PP 1" in b]
    assert len(blocks) == 1
    layout = next(line for line in blocks[0].splitlines() if "TP 1 × PP 1" in line)
    assert _appears(loc.formatter.integer(option.replicas), layout)


@pytest.mark.parametrize("language", LANGUAGES)
def test_speed_line_gives_each_user_at_the_load_and_one_user_alone(language):
    """Twenty users on one H200: each user's figure and one user's figure, both from the engine."""
    answer = _answer(model_id=LLAMA_70B, precision=Precision.FP8, concurrency=20)
    loc = localizer(language)
    rec = answer.options[answer.recommended_index]
    text = render_size(loc, answer).text
    fmt = loc.formatter
    assert _appears(fmt.approx(rec.speed.decode_tokens_per_s_per_user), text)
    assert _appears(fmt.approx(rec.speed.decode_tokens_per_s), text)
    assert _appears(fmt.approx(rec.speed.decode_tokens_per_s_aggregate), text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_unanchored_gpu_speed_is_given_as_a_range(language):
    """DeepSeek on the MI355X server is given as an estimated range; the measured H200 is not."""
    answer = _answer(model_id=DEEPSEEK, context_tokens=131072, concurrency=4)
    loc = localizer(language)
    mi = _option(answer, GpuId.MI355X)
    assert mi.speed.decode_speed_estimated
    low, high = mi.speed.decode_tokens_per_s_range
    assert low < mi.speed.decode_tokens_per_s_per_user < high
    view = option_view(loc, mi, sentence_params(loc, answer))
    assert view["decode_low"] == loc.formatter.approx(low)
    assert view["decode_high"] == loc.formatter.approx(high)
    h200 = _option(answer, GpuId.H200)
    assert h200.speed.decode_tokens_per_s_range is None
    assert not h200.speed.decode_speed_estimated
    assert option_view(loc, h200, sentence_params(loc, answer))["decode_low"] is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_estimate_sentence_follows_the_speed_line_of_an_estimated_pick(language):
    """The recommended MI355X server's speed is followed by its range in the answer's text."""
    answer = _answer(model_id=DEEPSEEK, context_tokens=131072, concurrency=4, gpus=(GpuId.MI355X,))
    rec = answer.options[answer.recommended_index]
    assert rec.gpu is GpuId.MI355X
    loc = localizer(language)
    reply = render_size(loc, answer)
    low, high = (loc.formatter.approx(v) for v in rec.speed.decode_tokens_per_s_range)
    for rendered in (reply.text, reply.html):
        assert _appears(low, rendered)
        assert _appears(high, rendered)


def test_speculative_decoding_is_worded_only_when_counted():
    """Asked for MTP, DeepSeek's answer says speculative decoding is counted; by default not."""
    loc = localizer("en")
    plain = render_size(loc, _answer(model_id=DEEPSEEK)).text
    asked = render_size(loc, _answer(model_id=DEEPSEEK, include_mtp=True)).text
    assert "speculative decoding (MTP)" not in plain
    assert "Counting speculative decoding (MTP)" in asked
