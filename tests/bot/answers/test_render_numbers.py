"""The figures an answer prints are the engine's figures, formatted in the reader's locale."""

import re

import pytest

from bot.answers.i18n import localizer
from bot.answers.render import render_compare, render_price, render_size
from bot.languages import LANGUAGES
from sizing.catalog.hardware import get_gpu
from sizing.catalog.pricing import price_list
from sizing.deploy.compare import compare_gpus
from sizing.deploy.engine import size_deployment
from sizing.request import GpuId, Precision, SizingRequest

REQUESTS = [
    SizingRequest(
        model_id="deepseek-ai/DeepSeek-V3", precision=Precision.BF16, context_tokens=131072
    ),
    SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=32768, concurrency=32),
    SizingRequest(params_b=70, moe=False, precision=Precision.FP8, context_tokens=131072),
    SizingRequest(model_id="openai/gpt-oss-120b", context_tokens=32768, concurrency=200),
]


@pytest.mark.parametrize(
    "request_", REQUESTS, ids=["ds-bf16-128k", "ds-fp8-32users", "70b-fp8", "gpt-oss-replicas"]
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_size_answer_prints_the_engines_numbers(request_, language):
    """Plan, GPUs, monthly price, KV tokens, contexts and speed come from the SizingAnswer."""
    answer = size_deployment(request_)
    loc = localizer(language)
    fmt = loc.formatter
    reply = render_size(loc, answer)
    assert answer.recommended_index is not None
    rec = answer.options[answer.recommended_index]
    text = reply.text
    assert fmt.integer(rec.gpus) in text
    assert fmt.gigabytes(answer.weights_bytes) in text
    if rec.price.monthly_usd is not None:
        assert fmt.money(rec.price.monthly_usd) in text
    # The answer counts KV room over every replica the rented GPUs hold.
    replicas = max(rec.replicas or 1, rec.gpus // rec.gpus_per_replica)
    assert fmt.tokens(rec.fit.kv_cache_tokens * replicas) in text
    assert fmt.integer(rec.fit.max_concurrency_at_context * replicas) in text
    assert fmt.approx(rec.speed.decode_tokens_per_s) in text
    for option in answer.options:
        if option.fits and option.price.monthly_usd is not None and option.gpu is not GpuId.B200:
            assert fmt.money(option.price.monthly_usd) in text
    assert fmt.context(answer.request.context_tokens) in reply.html


@pytest.mark.parametrize("language", LANGUAGES)
def test_price_answer_prints_the_catalog_prices(language):
    """Every plan's monthly, hourly and per-GB figures are the catalog's."""
    loc = localizer(language)
    prices = price_list(None)
    text = render_price(loc, prices).text
    for plan in prices.plans:
        for amount in (plan.monthly_usd, plan.usd_per_gpu_hour, plan.usd_per_gb_month):
            assert loc.formatter.money(amount) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_compare_answer_prints_the_fit_table_and_prices(language):
    """The compare answer shows the engine's fit table counts and per-GB prices."""
    loc = localizer(language)
    answer = compare_gpus(GpuId.MI355X, GpuId.H200)
    text = render_compare(loc, answer).text
    for row in answer.fit_rows:
        assert loc.formatter.gigabytes(row.weights_bytes) in text
    assert answer.usd_per_gb_month_a is not None
    assert loc.formatter.money(answer.usd_per_gb_month_a) in text
    assert loc.formatter.money(answer.server_monthly_usd_b) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_speed_under_load_gives_each_users_share(language):
    """With many users the speed line gives each user's share of the total, not batch-1 speed."""
    answer = size_deployment(REQUESTS[1])
    loc = localizer(language)
    rec = answer.options[answer.recommended_index]
    share = rec.speed.decode_tokens_per_s_aggregate / answer.request.concurrency
    text = render_size(loc, answer).text
    alone = re.escape(loc.formatter.approx(share))
    assert re.search(rf"(?<![\d.,]){alone}(?!\d|[.,\u00a0\u202f]\d)", text)
    assert loc.formatter.approx(rec.speed.decode_tokens_per_s_aggregate) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_weights_line_names_the_gpus_of_one_copy_when_the_server_holds_several(language):
    """Llama 70B BF16 on TP2 in an HGX H200 server: the weights line says its memory is 2 GPUs'."""
    answer = size_deployment(
        SizingRequest(
            model_id="meta-llama/Llama-3.1-70B-Instruct", precision=Precision.BF16, cuda_only=True
        )
    )
    rec = answer.options[answer.recommended_index]
    assert 1 < rec.gpus_per_replica < rec.gpus
    fmt = localizer(language).formatter
    text = render_size(localizer(language), answer).text
    weights = fmt.gigabytes(answer.weights_bytes)
    memory = fmt.gigabytes(rec.gpus_per_replica * get_gpu(rec.gpu).memory_gb * 10**9)
    line = next(x for x in text.splitlines() if weights in x)
    rest = line.replace(weights, "").replace(memory, "")
    assert memory in line
    assert re.search(rf"(?<![\d.,]){rec.gpus_per_replica}(?![\d.,])", rest)
    assert language == "en" or "copy of the model" not in line


def test_layout_counts_the_same_copies_as_the_kv_room():
    """Llama 70B BF16 on HGX H200 at TP2: the layout names the 4 copies the KV room counts."""
    answer = size_deployment(
        SizingRequest(
            model_id="meta-llama/Llama-3.1-70B-Instruct", precision=Precision.BF16, cuda_only=True
        )
    )
    rec = answer.options[answer.recommended_index]
    copies = rec.gpus // rec.gpus_per_replica
    assert copies == 4
    text = render_size(localizer("en"), answer).text
    assert f"TP {rec.tensor_parallel} × PP 1, {copies} replicas." in text
    assert f"at once: {rec.fit.max_concurrency_at_context * copies}." in text
