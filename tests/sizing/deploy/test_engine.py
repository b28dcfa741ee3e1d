"""size_deployment: options per plan, placement rules, constraints, caveats, recommendation."""

from dataclasses import replace
from decimal import Decimal

import pytest

from sizing.codes import Caveat, Reason
from sizing.deploy.engine import KEEP_MAX_LAUNCH_COMMANDS, launch_commands_listed, size_deployment
from sizing.errors import InvalidRequestError, UnknownModelError
from sizing.request import GpuId, KvDtype, Precision, SizingRequest
from tests.helpers.model_configs import LLAMA_LIKE

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
LLAMA_405B = "meta-llama/Llama-3.1-405B-Instruct"


def _option(answer, plan):
    return next(o for o in answer.options if o.plan == plan)


def _b200(answer):
    return next(o for o in answer.options if o.gpu is GpuId.B200)


def test_every_plan_and_the_b200_shape_are_options():
    """One option per plan sold plus the unpriced 8-GPU B200, in catalog order."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B))
    assert [o.plan for o in answer.options] == ["mi355x-8x", "h200-1x", "h200-8x", None]
    b200 = _b200(answer)
    assert b200.price.monthly_usd is None
    assert Caveat.NO_B200_PRICE in b200.caveats


def test_defaults_are_applied_and_said():
    """No context: 8,192 tokens, concurrency 1, BF16 KV, release precision; said so."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK))
    request = answer.request
    assert (request.context_tokens, request.concurrency, request.kv_dtype) == (
        8192,
        1,
        KvDtype.BF16,
    )
    assert request.precision is Precision.FP8
    assert Caveat.CONTEXT_DEFAULTED in answer.caveats
    assert Caveat.MTP_EXCLUDED in answer.caveats


def test_deepseek_fp8_on_each_plan():
    """DeepSeek-V3 FP8 at 128K: one MI355X server; not a single H200; one HGX H200 at TP=8."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK, context_tokens=131072))
    mi = _option(answer, "mi355x-8x")
    assert mi.fits
    assert mi.servers == 1
    assert mi.tensor_parallel == 4
    single = _option(answer, "h200-1x")
    assert not single.fits
    assert single.reason is Reason.SINGLE_GPU_PLAN_CANNOT_SHARD
    assert Caveat.SINGLE_H200_CANNOT_SHARE_MODEL in single.caveats
    hgx = _option(answer, "h200-8x")
    assert hgx.fits
    assert hgx.servers == 1
    assert hgx.tensor_parallel == 8
    assert Caveat.MLA_KV_REPLICATED in hgx.caveats
    assert answer.recommended == "mi355x-8x"
    assert mi.fit.kv_cache_tokens > hgx.fit.kv_cache_tokens


def test_single_h200_fits_70b_fp8_and_is_cheapest():
    """A 70B in FP8 runs on one H200, the cheapest plan."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8))
    assert answer.recommended == "h200-1x"
    assert answer.options[answer.recommended_index].plan == "h200-1x"


def test_70b_bf16_single_h200_loads_without_kv_room():
    """70B in BF16: a single H200 loads the weights but a stock vLLM has no KV room."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.BF16))
    single = _option(answer, "h200-1x")
    assert not single.fits
    assert Caveat.FITS_WITHOUT_KV_ROOM in single.caveats
    assert single.fit.kv_cache_tokens == 0 < single.fit.kv_cache_tokens_physical
    assert _option(answer, "h200-8x").tensor_parallel == 2


def test_concurrency_needs_replicas_and_then_servers():
    """Replicas share a server while TP < 8; beyond it more single H200s are rented as replicas."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_70B, precision=Precision.FP8, context_tokens=131072, concurrency=12
        )
    )
    single = _option(answer, "h200-1x")
    assert single.fits
    assert single.replicas > 1
    assert single.servers == single.replicas == single.gpus
    assert single.tensor_parallel == 1
    mi = _option(answer, "mi355x-8x")
    assert mi.servers == 1
    assert mi.gpus == 8


def test_671b_bf16_needs_pipeline_across_h200_servers():
    """DeepSeek-V3 in BF16 (1.34 TB) exceeds one HGX H200: two servers, pipeline across them."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16))
    hgx = _option(answer, "h200-8x")
    assert hgx.fits
    assert (hgx.tensor_parallel, hgx.pipeline_parallel, hgx.servers) == (8, 2, 2)
    assert Caveat.PIPELINE_ACROSS_SERVERS in hgx.caveats
    mi = _option(answer, "mi355x-8x")
    assert mi.servers == 1
    assert mi.pipeline_parallel == 1


def test_cuda_only_sets_the_mi355x_aside():
    """cuda_only: the MI355X option is set aside and not recommended."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK, cuda_only=True))
    mi = _option(answer, "mi355x-8x")
    assert mi.reason is Reason.CUDA_ONLY
    assert Reason.CUDA_ONLY in mi.set_aside
    assert answer.recommended == "h200-8x"


def test_native_fp4_sets_the_h200_aside():
    """needs_native_fp4: H200 options are set aside; with cuda_only too only B200 remains."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, precision=Precision.FP4, needs_native_fp4=True)
    )
    assert Reason.NO_NATIVE_FP4 in _option(answer, "h200-1x").set_aside
    assert answer.recommended == "mi355x-8x"
    both = size_deployment(
        SizingRequest(
            model_id=LLAMA_70B, precision=Precision.FP4, needs_native_fp4=True, cuda_only=True
        )
    )
    assert both.recommended is None
    assert both.options[both.recommended_index].gpu is GpuId.B200
    assert Caveat.NO_B200_PRICE in both.caveats


def test_fp4_on_h200_is_weight_only():
    """FP4 weights on an H200 save memory but carry the weight-only caveat."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP4))
    assert Caveat.FP4_WEIGHT_ONLY in _option(answer, "h200-1x").caveats
    assert Caveat.FP4_WEIGHT_ONLY not in _option(answer, "mi355x-8x").caveats


def test_budget_sets_expensive_options_aside():
    """A US$10,000 budget rules out the servers; under US$1,000 nothing is recommended."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8, budget_usd_month=Decimal(10000))
    )
    assert Reason.OVER_BUDGET in _option(answer, "mi355x-8x").set_aside
    assert answer.recommended == "h200-1x"
    poor = size_deployment(
        SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8, budget_usd_month=Decimal(1000))
    )
    assert poor.recommended is None
    assert Caveat.BUDGET_EXCEEDED_BY_ALL in poor.caveats


def test_budget_never_points_at_the_unpriced_b200():
    """When every priced plan that fits is over budget, the B200 (no price) is not the pick."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_70B,
            precision=Precision.BF16,
            kv_dtype=KvDtype.BF16,
            context_tokens=131072,
            concurrency=50,
            budget_usd_month=30000,
        )
    )
    assert _b200(answer).fits
    assert answer.recommended_index is None
    assert Caveat.BUDGET_EXCEEDED_BY_ALL in answer.caveats
    assert Caveat.NO_B200_PRICE not in answer.caveats


def test_named_gpu_is_preferred():
    """Naming the MI355X makes it the pick; the others are marked gpu_not_requested."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8, gpus=(GpuId.MI355X,))
    )
    assert answer.recommended == "mi355x-8x"
    assert Reason.GPU_NOT_REQUESTED in _option(answer, "h200-1x").set_aside


def test_fp8_release_asked_in_bf16_is_flagged():
    """DeepSeek (an FP8 release) in BF16 doubles its memory: the caveat says so."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16))
    assert Caveat.FP8_NATIVE_MODEL_IN_BF16 in answer.caveats
    assert (
        answer.weights_bytes > 1.9 * size_deployment(SizingRequest(model_id=DEEPSEEK)).weights_bytes
    )


def test_context_beyond_model_maximum_is_sized_at_the_maximum():
    """Asking more context than the model reads is flagged and sized at the model's limit."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, context_tokens=1_000_000))
    assert Caveat.CONTEXT_BEYOND_MODEL_MAX in answer.caveats
    assert answer.request.context_tokens == 131072
    assert answer.request.requested_context_tokens == 1_000_000


def test_sliding_window_models_are_capped():
    """gpt-oss at 128K: windowed layers hold only their window, and the answer says so."""
    answer = size_deployment(SizingRequest(model_id="openai/gpt-oss-120b", context_tokens=131072))
    assert Caveat.SLIDING_WINDOW_CAPPED in answer.caveats
    assert answer.kv_bytes_per_sequence < answer.model.kv_bytes_per_token * 131072 * 2


def test_generic_model_is_flagged():
    """A size-only model carries the generic caveat."""
    answer = size_deployment(SizingRequest(params_b=106, active_params_b=12, moe=True))
    assert Caveat.GENERIC_MODEL in answer.caveats
    assert answer.model.moe


def test_cost_per_million_tokens_is_priced_at_full_load():
    """Cost per million tokens = monthly / (full-load tokens/s x 730 h x 3600 s) x 1e6."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8, concurrency=16)
    )
    single = _option(answer, "h200-1x")
    rate = single.speed.decode_tokens_per_s_full_load
    expected = float(single.price.monthly_usd) / (rate * 730 * 3600) * 1e6
    assert float(single.price.usd_per_million_tokens) == pytest.approx(expected, abs=0.005)
    assert rate >= single.speed.decode_tokens_per_s_aggregate


def test_full_load_fills_every_rented_gpu_up_to_vllm_max_num_seqs():
    """Full load: replicas on every rented GPU, each holding its KV room's sequences (<= 256)."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8))
    for option in answer.options:
        if not option.fits:
            continue
        replicas = option.gpus // option.gpus_per_replica
        per_replica = min(option.fit.max_concurrency_at_context, 256)
        assert option.fit.full_load_concurrency == replicas * per_replica


def test_cost_at_concurrency_one_is_not_the_idle_cost():
    """One user on an 8-GPU server is not what a token costs: full load is far cheaper."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8))
    server = _option(answer, "h200-8x")
    idle_cost = (
        float(server.price.monthly_usd) / (server.speed.decode_tokens_per_s * 730 * 3600) * 1e6
    )
    assert float(server.price.usd_per_million_tokens) < idle_cost / 10


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (SizingRequest(model_id=LLAMA_70B, context_tokens=0), "context_tokens"),
        (SizingRequest(model_id=LLAMA_70B, context_tokens=-5), "context_tokens"),
        (SizingRequest(model_id=LLAMA_70B, concurrency=0), "concurrency"),
        (SizingRequest(model_id=LLAMA_70B, concurrency=10**9), "concurrency"),
        (SizingRequest(model_id=LLAMA_70B, gpu_memory_utilization=1.5), "gpu_memory_utilization"),
        (SizingRequest(model_id=LLAMA_70B, budget_usd_month=Decimal(-1)), "budget_usd_month"),
        (SizingRequest(params_b=-70), "params_b"),
        (SizingRequest(), "model"),
        (SizingRequest(model_id=LLAMA_70B, params_b=70), "model"),
        (SizingRequest(model_id=LLAMA_70B, precision="fp3"), "precision"),
        (SizingRequest(model_id=LLAMA_70B, budget_usd_month=Decimal("NaN")), "budget_usd_month"),
        (SizingRequest(model_id=LLAMA_70B, budget_usd_month=Decimal("sNaN")), "budget_usd_month"),
        (SizingRequest(model_id=LLAMA_70B, budget_usd_month="lots"), "budget_usd_month"),
        (SizingRequest(model_id=70), "model_id"),
        (SizingRequest(params_b=70, moe=[True]), "moe"),
        (SizingRequest(params_b=1e-12), "params_b"),
    ],
)
def test_bad_requests_name_the_field(request_, field):
    """Negative or absurd values raise InvalidRequestError naming the field."""
    with pytest.raises(InvalidRequestError) as caught:
        size_deployment(request_)
    assert caught.value.field == field


def test_unknown_model_raises_unknown_model_error():
    """An id the catalog does not know raises UnknownModelError with the id."""
    with pytest.raises(UnknownModelError) as caught:
        size_deployment(SizingRequest(model_id="acme/nope-7b"))
    assert caught.value.model_id == "acme/nope-7b"


def test_a_float_budget_is_taken_as_dollars():
    """A budget given as a plain number sets options aside like a Decimal one."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, budget_usd_month=20000.0))
    assert answer.request.budget_usd_month == Decimal(20000)
    assert Reason.OVER_BUDGET in _option(answer, "h200-8x").set_aside


def test_an_answer_is_kept_for_the_same_request_and_a_config_is_sized_afresh():
    """Buttons under an answer size the same request again: the kept answer is returned."""
    request = SizingRequest(model_id="meta-llama/Llama-3.1-70B-Instruct", concurrency=7)
    first = size_deployment(request)
    assert size_deployment(replace(request)) is first
    assert size_deployment(replace(request, concurrency=8)) is not first
    from_file = SizingRequest(model_config=dict(LLAMA_LIKE), context_tokens=8192)
    once, again = size_deployment(from_file), size_deployment(from_file)
    assert once is not again
    assert once == again


def test_an_answer_for_thousands_of_servers_lists_no_command_per_server_and_is_kept():
    """A fleet is quoted by a person: its answer stays small, so it is kept like any other."""
    request = SizingRequest(
        model_id="meta-llama/Llama-3.1-70B-Instruct", context_tokens=131072, concurrency=100_000
    )
    first = size_deployment(request)
    assert max(o.servers for o in first.options) > 1_000
    assert launch_commands_listed(first) <= KEEP_MAX_LAUNCH_COMMANDS
    assert size_deployment(request) is first


def test_a_request_equal_to_a_kept_one_but_of_the_wrong_type_is_still_refused():
    """8.0 == 8 in Python: the float count is refused, not answered from the kept answer."""
    size_deployment(SizingRequest(params_b=70, concurrency=8))
    with pytest.raises(InvalidRequestError):
        size_deployment(SizingRequest(params_b=70, concurrency=8.0))
