"""The advice around the pick: verdict, model limits, KV room figures, budget counter-proposals."""

from decimal import Decimal

import pytest

from sizing.answer import BudgetChangeKind, VerdictCode
from sizing.codes import Caveat
from sizing.deploy.engine import size_deployment
from sizing.errors import InvalidRequestError
from sizing.request import GpuId, KvDtype, Precision, SizingRequest

DEEPSEEK = "deepseek-ai/DeepSeek-V3"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
LLAMA_33 = "meta-llama/Llama-3.3-70B-Instruct"
QWEN_32B = "Qwen/Qwen3-32B"
GB = 10**9


def test_a_named_gpu_that_serves_gets_a_yes_with_the_choice_it_rests_on():
    """Asked whether a 70B runs on a single H200: yes, with FP8 weights."""
    answer = size_deployment(SizingRequest(params_b=70, gpus=(GpuId.H200,)))
    assert answer.verdict.code is VerdictCode.YES_WITH_CHOICES
    assert answer.options[answer.verdict.option_index].plan == "h200-1x"


def test_a_named_gpu_that_cannot_serve_gets_a_no_and_the_plan_that_can():
    """DeepSeek in BF16 on H200 needs two HGX servers; with native FP4 required, it is a no."""
    on_h200 = size_deployment(
        SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16, gpus=(GpuId.H200,))
    )
    assert on_h200.verdict.code is VerdictCode.YES
    assert on_h200.options[on_h200.verdict.option_index].servers == 2
    no_fit = size_deployment(
        SizingRequest(
            model_id=DEEPSEEK, precision=Precision.BF16, context_tokens=131072, gpus=(GpuId.H200,)
        )
    )
    assert no_fit.verdict.code is VerdictCode.YES
    no_fp4 = size_deployment(
        SizingRequest(model_id=DEEPSEEK, needs_native_fp4=True, gpus=(GpuId.H200,))
    )
    assert no_fp4.verdict.code is VerdictCode.NOT_ON_NAMED_GPU
    assert no_fp4.options[no_fp4.verdict.option_index].plan == "mi355x-8x"


@pytest.mark.parametrize(
    ("request_", "listed_plan"),
    [
        (SizingRequest(model_id=LLAMA_33, precision=Precision.FP8, gpus=(GpuId.B200,)), "h200-1x"),
        (
            SizingRequest(
                model_id=DEEPSEEK,
                precision=Precision.BF16,
                context_tokens=131072,
                gpus=(GpuId.B200,),
            ),
            "mi355x-8x",
        ),
    ],
)
def test_a_named_gpu_priced_on_request_that_serves_says_so_and_names_a_listed_plan(
    request_, listed_plan
):
    """B200 has no listed price: it serves, quoted on request, and a listed plan follows."""
    answer = size_deployment(request_)
    verdict = answer.verdict
    assert verdict.code is VerdictCode.ON_QUOTE
    quoted, listed = answer.options[verdict.other_index], answer.options[verdict.option_index]
    assert quoted.gpu is GpuId.B200
    assert quoted.fits
    assert quoted.price.monthly_usd is None
    assert listed.plan == listed_plan
    assert listed.price.monthly_usd is not None


def test_two_named_gpus_get_the_better_one_and_the_other():
    """Naming MI355X and H200 gives the cheaper plan that serves, and the other GPU's best."""
    answer = size_deployment(
        SizingRequest(model_id=DEEPSEEK, context_tokens=131072, gpus=(GpuId.MI355X, GpuId.H200))
    )
    verdict = answer.verdict
    assert verdict.code is VerdictCode.BETTER
    better, other = answer.options[verdict.option_index], answer.options[verdict.other_index]
    assert better.gpu is GpuId.MI355X
    assert other.gpu is GpuId.H200
    assert better.price.monthly_usd <= other.price.monthly_usd


def test_no_gpu_named_gets_a_plain_statement():
    """Without a GPU named, the verdict says which plan serves it."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_8B))
    assert answer.verdict.code is VerdictCode.SERVES


def test_a_context_beyond_the_model_is_sized_at_its_limit():
    """Llama 3.1 8B with 1M context: the 128K limit is said, sized at it, one H200."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_8B, context_tokens=1 << 20))
    assert answer.request.context_tokens == 131072
    assert answer.request.requested_context_tokens == 1 << 20
    assert Caveat.CONTEXT_BEYOND_MODEL_MAX in answer.caveats
    assert Caveat.CONTEXT_EXTENDS_WITH_ROPE_SCALING not in answer.caveats
    pick = answer.options[answer.recommended_index]
    assert (pick.plan, pick.servers) == ("h200-1x", 1)


def test_past_the_native_window_the_documented_rope_scaling_is_sized_at_the_context_asked():
    """Qwen3 32B reads 40,960 tokens; at 128K it is sized with its YaRN scaling, turned on.

    FP8 at 128K for 10 users takes two H200 (one at the native 40K); past what the scaling
    reads, what it reads is sized, and said.
    """
    answer = size_deployment(
        SizingRequest(
            model_id=QWEN_32B, precision=Precision.FP8, context_tokens=131072, concurrency=10
        )
    )
    assert Caveat.SIZED_WITH_ROPE_SCALING in answer.caveats
    assert Caveat.CONTEXT_BEYOND_MODEL_MAX not in answer.caveats
    assert answer.request.context_tokens == 131072
    pick = answer.options[answer.recommended_index]
    assert (pick.plan, pick.servers) == ("h200-1x", 2)
    assert pick.variant.rope_scaling is not None
    assert (pick.variant.rope_scaling.type, pick.variant.rope_scaling.factor) == ("yarn", 4.0)
    assert pick.variant.rope_scaling.context_tokens == 131072
    beyond = size_deployment(SizingRequest(model_id=QWEN_32B, context_tokens=262144))
    assert Caveat.SIZED_AT_ROPE_LIMIT in beyond.caveats
    assert beyond.request.context_tokens == 131072  # as far as the scaling reads, never less
    assert beyond.model.rope_scaling_context_tokens == 131072
    assert beyond.model.rope_scaling_factor == 4.0


def test_deepseek_bf16_is_one_mi355x_server_and_says_what_fp8_takes():
    """DeepSeek V3 BF16 at 128K: one MI355X server; the FP8 release's sizing comes along."""
    answer = size_deployment(
        SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16, context_tokens=131072)
    )
    pick = answer.options[answer.recommended_index]
    assert (pick.plan, pick.servers) == ("mi355x-8x", 1)
    release = answer.release_option
    assert release.variant.weight_format is Precision.FP8

    def held(option):
        return option.fit.max_concurrency_at_context * (option.gpus // option.gpus_per_replica)

    assert held(release) > held(pick)
    assert Caveat.FP8_NATIVE_MODEL_IN_BF16 in answer.caveats


@pytest.mark.parametrize(
    ("request_", "marketed_gb", "page_contexts"),
    [
        # The product page: after FP8 weights a 70B leaves ~70 GB on an H200 (about 3 full 128K
        # contexts with an FP8 KV cache) and ~218 GB on an MI355X (about 10).
        (SizingRequest(params_b=70, gpus=(GpuId.H200,)), 70, 3),
        (SizingRequest(params_b=70, precision=Precision.FP8, gpus=(GpuId.MI355X,)), 218, 10),
        # DeepSeek FP8 on one HGX H200 server: ~450 GB; in BF16 on MI355X: ~960 GB left.
        (
            SizingRequest(
                model_id=DEEPSEEK,
                precision=Precision.FP8,
                context_tokens=131072,
                concurrency=20,
                cuda_only=True,
            ),
            450,
            None,
        ),
        (
            SizingRequest(model_id=DEEPSEEK, precision=Precision.BF16, context_tokens=131072),
            960,
            None,
        ),
    ],
)
def test_the_page_rule_figures_reproduce(request_, marketed_gb, page_contexts):
    """The page's KV room (HBM minus weights) comes out of the size answer, within 3%."""
    room = size_deployment(request_).room
    assert room.marketed_bytes / GB == pytest.approx(marketed_gb, rel=0.03)
    if page_contexts is not None:
        assert round(room.marketed_contexts_fp8) == page_contexts
    assert room.stock_bytes < room.marketed_bytes  # vLLM's reserve and runtime come off


def test_full_length_contexts_are_counted_when_none_was_asked():
    """No context named: the room is counted in contexts of the model's maximum (128K)."""
    room = size_deployment(SizingRequest(params_b=70, gpus=(GpuId.H200,))).room
    assert room.context_tokens == 131072
    assert room.stock_contexts_fp8 > room.stock_contexts >= 1


def test_over_budget_names_the_cheapest_and_the_changes_that_fit():
    """Llama 70B FP8 at 128K for 10 users under US$10,000: shorter context or fewer users."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_33,
            precision=Precision.FP8,
            context_tokens=131072,
            concurrency=10,
            budget_usd_month=Decimal(10000),
        )
    )
    assert answer.recommended_index is None
    assert answer.verdict.code is VerdictCode.OVER_BUDGET
    cheapest = answer.options[answer.budget.cheapest_index]
    assert cheapest.fits
    assert cheapest.price.monthly_usd > Decimal(10000)
    kinds = {change.kind: change for change in answer.budget.changes}
    assert set(kinds) == {BudgetChangeKind.SHORTER_CONTEXT, BudgetChangeKind.FEWER_USERS}
    for change in kinds.values():
        assert change.option.price.monthly_usd <= Decimal(10000)
    assert kinds[BudgetChangeKind.SHORTER_CONTEXT].context_tokens < 131072
    users = kinds[BudgetChangeKind.FEWER_USERS].concurrency
    one_more = size_deployment(
        SizingRequest(
            model_id=LLAMA_33,
            precision=Precision.FP8,
            context_tokens=131072,
            concurrency=users + 1,
            budget_usd_month=Decimal(10000),
        )
    )
    assert one_more.recommended_index is None  # the most users the budget holds


def test_fixed_16_bit_choices_get_fp8_counter_proposals():
    """BF16 weights and KV fixed over budget: FP8 weights and FP8 KV are each sized."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_33,
            precision=Precision.BF16,
            kv_dtype=KvDtype.BF16,
            budget_usd_month=Decimal(5000),
        )
    )
    kinds = {change.kind for change in answer.budget.changes}
    assert BudgetChangeKind.FP8_WEIGHTS in kinds
    change = next(c for c in answer.budget.changes if c.kind is BudgetChangeKind.FP8_WEIGHTS)
    assert change.option.variant.weight_format is Precision.FP8


def _count_request(**fields) -> SizingRequest:
    return SizingRequest(model_id=LLAMA_33, gpus=(GpuId.H200,), gpu_count=1, **fields)


def test_one_gpu_asked_that_serves_it_all_is_a_plain_yes():
    """70B on one H200, nothing fixed: FP8 on one machine, the count changes nothing."""
    answer = size_deployment(_count_request())
    assert answer.verdict.code is VerdictCode.YES_WITH_CHOICES
    assert answer.options[answer.verdict.option_index].gpus == 1
    assert answer.count_option is None


def test_one_gpu_asked_for_more_users_than_it_holds_says_how_many_it_holds():
    """16 users at 32K on one H200 (FP8): it holds 10, as the pick's one machine does."""
    answer = size_deployment(
        _count_request(precision=Precision.FP8, context_tokens=32768, concurrency=16)
    )
    verdict = answer.verdict
    pick = answer.options[verdict.option_index]
    assert verdict.code is VerdictCode.COUNT_HOLDS_SOME_WITH_CHOICES
    assert (verdict.gpu_count, verdict.held) == (1, pick.fit.max_concurrency_at_context)
    assert 0 < verdict.held < 16
    assert pick.plan == "h200-1x"
    assert pick.servers * pick.fit.max_concurrency_at_context >= 16  # the pick serves them all
    assert answer.count_option is None  # FP8 weights were asked: nothing to propose


def test_16_bit_weights_that_one_gpu_cannot_hold_get_the_server_and_the_fp8_machine():
    """70B in BF16 on one H200: no room on one, the HGX server serves; FP8 fits one machine."""
    answer = size_deployment(_count_request(precision=Precision.BF16))
    verdict = answer.verdict
    assert verdict.code in {VerdictCode.COUNT_NO_ROOM, VerdictCode.COUNT_TOO_FEW_FOR_COPY}
    assert answer.options[verdict.option_index].plan == "h200-8x"
    fp8 = answer.count_option
    assert fp8 is not None
    assert (fp8.plan, fp8.gpus, fp8.variant.weight_format) == ("h200-1x", 1, Precision.FP8)
    assert fp8.price.monthly_usd < answer.options[verdict.option_index].price.monthly_usd


def test_a_model_larger_than_the_gpus_asked_for_is_too_big_for_them():
    """DeepSeek V3 (671B) on one H200: the weights alone do not fit; 8 H200 do hold it."""
    one = size_deployment(SizingRequest(model_id=DEEPSEEK, gpus=(GpuId.H200,), gpu_count=1))
    assert one.verdict.code is VerdictCode.COUNT_TOO_FEW_FOR_COPY
    assert one.count_option is None  # FP8 is its release format: nothing smaller to propose
    eight = size_deployment(SizingRequest(model_id=DEEPSEEK, gpus=(GpuId.H200,), gpu_count=8))
    assert eight.verdict.code is VerdictCode.YES


def test_a_copy_on_fewer_gpus_than_the_pick_lays_out_still_counts():
    """One MI355X holds a BF16 70B copy (288 GB) though the server runs it wider."""
    answer = size_deployment(
        SizingRequest(
            model_id=LLAMA_33,
            precision=Precision.BF16,
            context_tokens=32768,
            concurrency=30,
            gpus=(GpuId.MI355X,),
            gpu_count=1,
        )
    )
    verdict = answer.verdict
    assert verdict.code is VerdictCode.COUNT_HOLDS_SOME
    assert 0 < verdict.held < 30
    assert answer.options[verdict.option_index].tensor_parallel > 1


def test_a_count_that_is_not_a_whole_number_is_refused():
    """The count is checked like the other numbers of a request."""
    for bad in (0, -1, 1.5, True, 10**9):
        with pytest.raises(InvalidRequestError):
            size_deployment(SizingRequest(model_id=LLAMA_33, gpu_count=bad))


def test_fewer_bits_than_the_release_is_said_only_where_the_makers_publish_no_such_release():
    """Nemotron 3 Super in FP8 loads NVIDIA's own FP8 checkpoint: no quality warning.

    Llama 3.3 quantized to FP8 at load keeps it.
    """
    nemotron = size_deployment(
        SizingRequest(
            model_id="nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16", precision=Precision.FP8
        )
    )
    assert Caveat.QUANTIZED_BELOW_RELEASE not in nemotron.caveats
    pick = nemotron.options[nemotron.recommended_index]
    assert pick.variant.checkpoint == "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8"
    llama = size_deployment(
        SizingRequest(model_id="meta-llama/Llama-3.3-70B-Instruct", precision=Precision.FP8)
    )
    assert Caveat.QUANTIZED_BELOW_RELEASE in llama.caveats


def test_a_config_that_states_rope_scaling_is_sized_with_it_past_its_window():
    """Qwen2.5-style config: 32K window, YaRN x4 stated and off: sized at 128K with it on.

    A config whose window already is the scaled one (DeepSeek V3: YaRN from 4K to 160K) has
    nothing more to turn on.
    """
    config = {
        "model_type": "qwen2",
        "hidden_size": 5120,
        "num_hidden_layers": 64,
        "num_attention_heads": 40,
        "num_key_value_heads": 8,
        "intermediate_size": 27648,
        "vocab_size": 152064,
        "hidden_act": "silu",
        "max_position_embeddings": 32768,
        "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768},
    }
    answer = size_deployment(SizingRequest(model_config=config, context_tokens=131072))
    assert answer.request.context_tokens == 131072
    assert Caveat.SIZED_WITH_ROPE_SCALING in answer.caveats
    rope = answer.options[answer.recommended_index].variant.rope_scaling
    assert (rope.type, rope.factor, rope.original_context_tokens) == ("yarn", 4.0, 32768)
    stretched = {**config, "max_position_embeddings": 131072}
    native = size_deployment(SizingRequest(model_config=stretched, context_tokens=131072))
    assert Caveat.SIZED_WITH_ROPE_SCALING not in native.caveats
    assert native.options[native.recommended_index].variant.rope_scaling is None
