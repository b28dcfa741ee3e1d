"""The search over variants: open choices tried, fixed ones kept, the cheapest that serves."""

from decimal import Decimal

import pytest

from sizing.catalog.hardware import get_gpu
from sizing.codes import Caveat, Choice
from sizing.deploy.engine import resolve_model, size_deployment
from sizing.deploy.search import candidates, concrete_format
from sizing.request import GpuId, KvDtype, Precision, ServingEngine, SizingRequest
from sizing.validate import resolve

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
LLAMA_33 = "meta-llama/Llama-3.3-70B-Instruct"
LLAMA_405B = "meta-llama/Llama-3.1-405B-Instruct"
QWEN_235B = "Qwen/Qwen3-235B-A22B"


def _pick(answer):
    return answer.options[answer.recommended_index]


def _option(answer, plan):
    return next(o for o in answer.options if o.plan == plan)


def test_a_70b_on_one_h200_is_yes_in_fp8():
    """The page's question: a 70B on a single H200 is served in FP8, on one H200 at US$3,090."""
    answer = size_deployment(SizingRequest(params_b=70, gpus=(GpuId.H200,)))
    pick = _pick(answer)
    assert (pick.plan, pick.servers, pick.price.monthly_usd) == ("h200-1x", 1, Decimal(3090))
    assert pick.variant.weight_format is Precision.FP8
    assert pick.variant.weight_format_source is Choice.CHOSEN
    assert answer.request.precision is Precision.FP8


def test_the_literal_request_is_shown_beside_a_chosen_variant():
    """When the pick relies on FP8 the customer did not ask for, the BF16 sizing comes along."""
    answer = size_deployment(SizingRequest(params_b=70, gpus=(GpuId.H200,)))
    literal = answer.literal_options[answer.literal_recommended_index]
    assert literal.variant.weight_format is Precision.BF16
    assert literal.variant.kv_dtype is KvDtype.BF16
    assert literal.plan == "h200-8x"  # two H200s in the server: the page's "really 2"
    plain = size_deployment(SizingRequest(model_id=LLAMA_8B))
    assert plain.literal_options == ()


def test_a_budget_of_4000_gets_one_h200_in_fp8():
    """Llama 3.3 70B with US$4,000 a month: one H200, FP8, within the budget."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_33, budget_usd_month=Decimal(4000)))
    pick = _pick(answer)
    assert (pick.plan, pick.servers) == ("h200-1x", 1)
    assert pick.price.monthly_usd <= Decimal(4000)
    assert pick.variant.weight_format is Precision.FP8
    assert answer.budget is None


def test_a_release_format_is_kept_when_quantizing_saves_nothing():
    """An 8B model fits one H200 in BF16: FP8 weights or FP8 KV are not chosen for headroom."""
    pick = _pick(size_deployment(SizingRequest(model_id=LLAMA_8B)))
    assert pick.variant.weight_format is Precision.BF16
    assert pick.variant.kv_dtype is KvDtype.BF16


def test_deepseek_fp8_20_users_128k_cuda_only_is_one_hgx_server_with_dp_attention():
    """DP attention with expert parallel keeps the MLA cache once per sequence: one server."""
    answer = size_deployment(
        SizingRequest(
            model_id=DEEPSEEK,
            precision=Precision.FP8,
            context_tokens=131072,
            concurrency=20,
            cuda_only=True,
        )
    )
    pick = _pick(answer)
    assert (pick.plan, pick.servers) == ("h200-8x", 1)
    assert pick.layout.dp_attention
    assert pick.layout.expert_parallel
    assert pick.layout.data_parallel * pick.layout.tensor_parallel == 8
    assert pick.variant.engine is ServingEngine.SGLANG
    assert pick.fit.max_concurrency_at_context * pick.replicas >= 20


def test_fp8_kv_asked_is_kept_and_serves_405b_on_one_server():
    """Llama 405B FP8 with an FP8 KV cache, 32K, 50 users, CUDA only: one HGX H200 server."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_405B,
            precision=Precision.FP8,
            kv_dtype=KvDtype.FP8,
            context_tokens=32768,
            concurrency=50,
            cuda_only=True,
        )
    )
    pick = _pick(answer)
    assert (pick.plan, pick.servers) == ("h200-8x", 1)
    assert pick.variant.kv_dtype is KvDtype.FP8
    assert pick.variant.kv_dtype_source is Choice.ASKED
    assert all(o.variant.kv_dtype is KvDtype.FP8 for o in answer.explored)


def test_fixed_choices_are_never_changed_by_the_search():
    """A named precision, KV dtype and engine stay as named in every variant explored."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_70B,
            precision=Precision.BF16,
            kv_dtype=KvDtype.BF16,
            engine=ServingEngine.SGLANG,
        )
    )
    for option in answer.explored:
        assert option.variant.weight_format is Precision.BF16
        assert option.variant.kv_dtype is KvDtype.BF16
        assert option.variant.engine is ServingEngine.SGLANG
        assert option.variant.engine_source is Choice.ASKED


def _tried(model_id, gpu, **fields):
    """Return the (weight format, KV dtype) pairs the search tries on a GPU for a request."""
    request = SizingRequest(model_id=model_id, **fields)
    model = resolve_model(request)
    literal = resolve(request, model.release_precision, max_context_tokens=model.max_context_tokens)
    return [(c.weight_format, c.kv_dtype) for c in candidates(model, literal, get_gpu(gpu))]


def test_open_choices_explore_fp8_weights_and_kv_on_every_plan():
    """A 16-bit release with nothing fixed is tried in BF16 and FP8, with both KV dtypes."""
    for gpu in GpuId:
        assert set(_tried(LLAMA_70B, gpu)) >= {
            (p, k)
            for p in (Precision.BF16, Precision.FP8)
            for k in KvDtype
            if k is not KvDtype.FP16
        }
        assert _tried(LLAMA_70B, gpu)[0] == (Precision.BF16, KvDtype.BF16)  # the literal first


def test_four_bit_is_explored_only_where_an_official_checkpoint_ships_it():
    """NVFP4 is tried on the B200 for Qwen3 235B (NVIDIA's release), never for Llama 70B."""
    assert Precision.NVFP4 in {fmt for fmt, _kv in _tried(QWEN_235B, GpuId.B200)}
    assert Precision.NVFP4 not in {fmt for fmt, _kv in _tried(QWEN_235B, GpuId.H200)}
    for gpu in GpuId:
        assert all(fmt is not Precision.NVFP4 for fmt, _kv in _tried(LLAMA_70B, gpu))


def test_a_variant_that_cannot_be_the_pick_is_left_unsized():
    """Llama 8B fits one 8-GPU server in BF16: no other variant can rent less, none is sized."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_8B))
    server = [o for o in answer.explored if o.plan == "h200-8x"]
    assert [(o.variant.weight_format, o.variant.kv_dtype) for o in server] == [
        (Precision.BF16, KvDtype.BF16)
    ]
    assert len(_tried(LLAMA_8B, GpuId.H200)) == 4


def test_nvfp4_asked_on_mi355x_is_sized_as_mxfp4_and_said():
    """MI355X computes MXFP4: an NVFP4 ask is sized in MXFP4 there, with a caveat."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.NVFP4))
    mi = _option(answer, "mi355x-8x")
    assert mi.variant.weight_format is Precision.MXFP4
    assert mi.variant.requested_weight_format is Precision.NVFP4
    assert Caveat.NVFP4_AS_MXFP4 in mi.caveats
    assert concrete_format(get_gpu(GpuId.B200), Precision.NVFP4) is Precision.NVFP4


def test_official_quantized_checkpoints_are_loaded_where_they_exist():
    """Llama 3.1 70B in FP8 loads NVIDIA's FP8 release; Llama 3.3 is quantized while loading."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, precision=Precision.FP8))
    variant = _pick(answer).variant
    assert variant.checkpoint == "nvidia/Llama-3.1-70B-Instruct-FP8"
    assert not variant.quantize_at_load
    other = _pick(size_deployment(SizingRequest(model_id=LLAMA_33, precision=Precision.FP8)))
    assert other.variant.checkpoint == LLAMA_33
    assert other.variant.quantize_at_load


def test_a_format_without_checkpoint_or_online_path_says_it_needs_one():
    """DeepSeek in BF16 has no official BF16 release: the option says a checkpoint is needed."""
    answer = size_deployment(SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16))
    pick = _pick(answer)
    assert pick.variant.checkpoint is None
    assert Caveat.NEEDS_QUANTIZED_CHECKPOINT in answer.caveats


@pytest.mark.parametrize(
    ("plan", "gpu"),
    [("mi355x-8x", GpuId.MI355X), ("h200-8x", GpuId.H200)],
)
def test_options_carry_the_facts_they_were_sized_on(plan, gpu):
    """Each option holds its GPU's and plan's facts, so answers never look them up again."""
    option = _option(size_deployment(SizingRequest(model_id=LLAMA_70B)), plan)
    assert option.gpu_facts.id is gpu
    assert option.plan_facts.id == plan


def test_an_unpriced_plan_is_offered_with_the_variant_that_rents_fewest_gpus():
    """Without a price, the B200 is ranked by GPUs rented: one server with FP8 KV, not two."""
    answer = size_deployment(
        SizingRequest(
            model_id=DEEPSEEK, precision=Precision.NVFP4, context_tokens=131072, concurrency=100
        )
    )
    b200 = next(o for o in answer.options if o.gpu is GpuId.B200)
    rented = [o.gpus for o in answer.explored if o.gpu is GpuId.B200 and o.fits]
    assert b200.gpus == min(rented)
