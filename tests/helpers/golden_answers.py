"""Hand-made engine answers for the rendering goldens: one of each shape an answer takes.

Every figure here is written by hand, round and plausible, so a golden file changes only when
the wording or the layout of an answer does, never when the engine's figures move. The GPU and
plan facts are the catalog's (they are product facts, not engine figures). The engine's own
answers are rendered by the smoke tests beside the goldens instead.
"""

from dataclasses import replace
from datetime import date
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.offer import render_proposal, render_scope, render_unrented
from bot.answers.render import render_compare, render_price, render_size
from bot.answers.views.size import QuoteContext
from sizing import (
    GB,
    ModelKind,
    PickReason,
    Proposal,
    ProposedModel,
    UseCase,
    UsersFrom,
    load_gpus,
    load_plans,
    price_list,
    unrented,
)
from sizing.answer import (
    Advice,
    AdviceCode,
    BudgetAdvice,
    BudgetChange,
    BudgetChangeKind,
    CompareAnswer,
    FitNote,
    FitRow,
    KvExample,
    Layout,
    RoomFigures,
    ServerKvRoom,
    SizingAnswer,
    Variant,
    Verdict,
    VerdictCode,
)
from sizing.codes import Caveat, Choice, Reason
from sizing.model.types import Attention, ModelInfo
from sizing.request import GpuId, KvDtype, Precision, ServingEngine
from tests.helpers.answers import (
    QUOTE_DAY,
    TEST_KEY,
    conversation_replies,
    make_answer,
    make_option,
)

PRICES_AS_OF = date(2026, 10, 22)
LLAMA_70B = ModelInfo(
    id="meta-llama/Llama-3.3-70B-Instruct",
    name="Llama 3.3 70B Instruct",
    total_params=70_550_000_000,
    active_params=70_550_000_000,
    kv_bytes_per_token=327_680,
    layers=80,
    attention=Attention.GQA,
    release_precision=Precision.BF16,
    max_context_tokens=131_072,
)
GENERIC_70B = ModelInfo(
    id="generic/70b-dense",
    name="70B dense",
    total_params=70_000_000_000,
    active_params=70_000_000_000,
    kv_bytes_per_token=327_680,
    layers=80,
    attention=Attention.GQA,
    release_precision=Precision.BF16,
    max_context_tokens=None,
    generic=True,
)


def layout(tp=8, pp=1, dp=1, *, ep=False, dp_attention=False):
    """Describe a replica's layout as the engine reports it."""
    return Layout(tp, pp, dp, expert_parallel=ep, dp_attention=dp_attention)


def variant(
    weights=Precision.FP8,
    kv=KvDtype.BF16,
    *,
    weights_asked=False,
    engine=ServingEngine.VLLM,
    checkpoint=None,
    at_load=False,
):
    """Describe the choices an option rests on (the KV dtype and layout chosen)."""
    return Variant(
        weight_format=weights,
        weight_format_source=Choice.ASKED if weights_asked else Choice.CHOSEN,
        kv_dtype=kv,
        kv_dtype_source=Choice.CHOSEN,
        layout_source=Choice.CHOSEN,
        engine=engine,
        engine_source=Choice.CHOSEN,
        checkpoint=checkpoint,
        quantize_at_load=at_load,
    )


def _room(**changes):
    base = RoomFigures(
        context_tokens=131_072,
        kv_dtype=KvDtype.BF16,
        stock_bytes=100_000_000_000,
        stock_contexts=10,
        stock_contexts_fp8=20,
        hbm_bytes=2_304_000_000_000,
        marketed_bytes=960_000_000_000,
        marketed_contexts_fp8=208.0,
        copies=1,
        mla_replicated=True,
        attention_copies=False,
    )
    return replace(base, **changes)


_SERVE = (
    "vllm serve {model} --tensor-parallel-size {tp} --max-model-len {context} --kv-cache-dtype auto"
)


def size_answer() -> SizingAnswer:
    """DeepSeek V3 in BF16 at 128K: one MI355X server, the H200s and the B200 beside it."""
    mi355x = make_option(
        servers=1,
        gpus=8,
        replicas=1,
        layout=layout(),
        variant=variant(Precision.BF16, weights_asked=True),
        launch_commands=(_SERVE.format(model="deepseek-ai/DeepSeek-V3", tp=8, context=131072),),
        caveats=(Caveat.ROCM_PORT, Caveat.ESTIMATED_CAPACITY, Caveat.MLA_KV_REPLICATED),
        max_concurrency_at_context=10,
        decode_tokens_per_s_per_user=42.0,
        decode_tokens_per_s_range=(30.0, 55.0),
        decode_speed_estimated=True,
    )
    single = make_option(
        plan="h200-1x",
        gpu=GpuId.H200,
        gpus=0,
        servers=0,
        fits=False,
        reason=Reason.SINGLE_GPU_PLAN_CANNOT_SHARD,
        replicas=None,
        monthly_usd=None,
        caveats=(Caveat.SINGLE_H200_CANNOT_SHARE_MODEL,),
    )
    hgx = make_option(
        plan="h200-8x",
        gpu=GpuId.H200,
        gpus=16,
        servers=2,
        pipeline_parallel=2,
        layout=layout(pp=2),
        variant=variant(Precision.BF16, weights_asked=True),
        monthly_usd=Decimal(47800),
        usd_per_gpu_hour=Decimal("4.09"),
        max_concurrency_at_context=12,
        caveats=(Caveat.PIPELINE_ACROSS_SERVERS, Caveat.MLA_KV_REPLICATED),
    )
    b200 = make_option(
        plan=None,
        gpu=GpuId.B200,
        gpus=16,
        servers=2,
        pipeline_parallel=2,
        layout=layout(pp=2),
        monthly_usd=None,
        caveats=(Caveat.ESTIMATED_CAPACITY, Caveat.NO_B200_PRICE),
    )
    answer = make_answer(
        options=(mi355x, single, hgx, b200),
        caveats=(Caveat.MTP_EXCLUDED, Caveat.FP8_NATIVE_MODEL_IN_BF16),
        precision=Precision.BF16,
        precision_fixed=True,
        concurrency=1,
        requested_context_tokens=131_072,
    )
    return replace(answer, verdict=Verdict(VerdictCode.SERVES, 0), room=_room())


def verdict_answer() -> SizingAnswer:
    """Answer the product page's question: a 70B dense model on one H200, yes with FP8."""
    single = make_option(
        plan="h200-1x",
        gpu=GpuId.H200,
        gpus=1,
        servers=1,
        tensor_parallel=1,
        layout=layout(tp=1),
        variant=variant(Precision.FP8, at_load=True),
        monthly_usd=Decimal(3090),
        usd_per_gpu_hour=Decimal("4.23"),
        usd_per_million_tokens=Decimal("1.80"),
        weights_bytes_per_gpu=72_000_000_000,
        kv_cache_tokens=170_000,
        kv_cache_tokens_physical=230_000,
        max_concurrency_at_context=20,
        decode_tokens_per_s=48.0,
        caveats=(),
        launch_commands=("vllm serve YOUR-MODEL --max-model-len 8192 --quantization fp8",),
    )
    server = make_option(set_aside=(Reason.GPU_NOT_REQUESTED,), reason=Reason.GPU_NOT_REQUESTED)
    literal = make_option(
        plan="h200-8x",
        gpu=GpuId.H200,
        gpus=8,
        servers=1,
        tensor_parallel=2,
        replicas=4,
        variant=variant(Precision.BF16),
        monthly_usd=Decimal(23900),
        caveats=(),
    )
    answer = make_answer(
        options=(server, single),
        recommended_index=1,
        caveats=(Caveat.CONTEXT_DEFAULTED, Caveat.GENERIC_MODEL, Caveat.QUANTIZED_BELOW_RELEASE),
        context_tokens=8192,
        concurrency=1,
        gpus=(GpuId.H200,),
    )
    return replace(
        answer,
        model=GENERIC_70B,
        weights_bytes=72_000_000_000,
        kv_bytes_per_token=327_680,
        kv_bytes_per_sequence=327_680 * 8192,
        literal_options=(literal,),
        literal_recommended_index=0,
        verdict=Verdict(VerdictCode.YES_WITH_CHOICES, 1),
        room=_room(
            stock_bytes=57_000_000_000,
            stock_contexts=1,
            stock_contexts_fp8=2,
            hbm_bytes=141_000_000_000,
            marketed_bytes=69_000_000_000,
            marketed_contexts_fp8=3.2,
            mla_replicated=False,
        ),
    )


def budget_answer() -> SizingAnswer:
    """Llama 3.3 70B in FP8 at 128K for 10 users on US$10,000: over it, and what fits it."""
    singles = make_option(
        plan="h200-1x",
        gpu=GpuId.H200,
        gpus=5,
        servers=5,
        tensor_parallel=1,
        replicas=5,
        reason=Reason.OVER_BUDGET,
        set_aside=(Reason.OVER_BUDGET,),
        variant=variant(Precision.FP8, KvDtype.FP8, weights_asked=True, at_load=True),
        monthly_usd=Decimal(15450),
        usd_per_gpu_hour=Decimal("4.23"),
        max_concurrency_at_context=2,
        caveats=(),
    )
    server = make_option(
        reason=Reason.OVER_BUDGET,
        set_aside=(Reason.OVER_BUDGET,),
        tensor_parallel=2,
        replicas=4,
        variant=variant(Precision.FP8, weights_asked=True),
    )
    shorter = replace(singles, gpus=2, servers=2, replicas=2, reason=None, set_aside=())
    shorter = replace(shorter, price=replace(shorter.price, monthly_usd=Decimal(6180)))
    fewer = replace(shorter, gpus=3, servers=3, replicas=3)
    fewer = replace(fewer, price=replace(fewer.price, monthly_usd=Decimal(9270)))
    changes = (
        BudgetChange(BudgetChangeKind.SHORTER_CONTEXT, shorter, 65_536, 10),
        BudgetChange(BudgetChangeKind.FEWER_USERS, fewer, 131_072, 6),
    )
    answer = make_answer(
        options=(server, singles),
        recommended_index=None,
        caveats=(Caveat.QUANTIZED_BELOW_RELEASE, Caveat.BUDGET_EXCEEDED_BY_ALL),
        concurrency=10,
        budget_usd_month=Decimal(10000),
        precision_fixed=True,
        requested_context_tokens=131_072,
    )
    return replace(
        answer,
        model=LLAMA_70B,
        weights_bytes=72_600_000_000,
        kv_bytes_per_token=163_840,
        kv_bytes_per_sequence=163_840 * 131_072,
        verdict=Verdict(VerdictCode.OVER_BUDGET, 1),
        budget=BudgetAdvice(cheapest_index=1, changes=changes),
    )


def fleet_answer() -> SizingAnswer:
    """900,000 users of Llama 3.3 70B: more servers than one online order holds."""
    fleet = make_option(
        gpus=4520,
        servers=565,
        replicas=565,
        gpus_per_replica=8,
        layout=layout(),
        variant=variant(Precision.FP8, KvDtype.FP8, at_load=True),
        monthly_usd=Decimal(11243500),
        max_concurrency_at_context=1600,
        launch_commands=(),
        caveats=(Caveat.ROCM_PORT, Caveat.ESTIMATED_CAPACITY),
    )
    hgx = replace(
        make_option(plan="h200-8x", gpu=GpuId.H200, gpus=9472, servers=1184, replicas=1184),
        launch=fleet.launch,
    )
    hgx = replace(hgx, price=replace(hgx.price, monthly_usd=Decimal(28297600)))
    answer = make_answer(
        options=(fleet, hgx),
        caveats=(Caveat.CONTEXT_DEFAULTED, Caveat.QUANTIZED_BELOW_RELEASE),
        context_tokens=8192,
        concurrency=900_000,
    )
    return replace(
        answer,
        model=LLAMA_70B,
        weights_bytes=72_600_000_000,
        verdict=Verdict(VerdictCode.BEYOND_ONLINE_ORDER, 0),
        room=_room(mla_replicated=False, copies=565),
    )


def launch_answer() -> SizingAnswer:
    """DeepSeek V3 in FP8 on one HGX H200 server with data-parallel attention, by SGLang."""
    command = (
        "python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp-size 8"
        " --dp-size 8 --enable-dp-attention --ep-size 8 --context-length 131072"
    )
    hgx = make_option(
        plan="h200-8x",
        gpu=GpuId.H200,
        layout=layout(tp=1, dp=8, ep=True, dp_attention=True),
        variant=variant(
            Precision.FP8,
            KvDtype.FP8,
            weights_asked=True,
            engine=ServingEngine.SGLANG,
            checkpoint="deepseek-ai/DeepSeek-V3",
        ),
        monthly_usd=Decimal(23900),
        launch_commands=(command,),
        gpus_per_replica=8,
        caveats=(),
    )
    answer = make_answer(
        options=(hgx,), caveats=(Caveat.MTP_EXCLUDED, Caveat.DP_ATTENTION), concurrency=20
    )
    return replace(answer, verdict=Verdict(VerdictCode.SERVES_WITH_CHOICES, 0))


def compare_answer() -> CompareAnswer:
    """Compare MI355X and H200 as the product page does, with hand-made figures."""
    gpus = {gpu.id: gpu for gpu in load_gpus()}
    plans = load_plans()

    def row(label, precision, gb, counts, notes_b=()):
        params, moe = int(label.split("b_")[0]), "_moe_" in label
        a, b, room_a, room_b, deploy_a, deploy_b = counts
        return FitRow(
            label=label,
            params_b=params,
            moe=moe,
            precision=precision,
            weights_bytes=int(gb * 1e9),
            weights_gb=gb,
            gpus_a=a,
            gpus_b=b,
            gpus_with_room_a=room_a,
            gpus_with_room_b=room_b,
            gpus_deployable_a=deploy_a,
            gpus_deployable_b=deploy_b,
            notes_a=(),
            notes_b=notes_b,
            server_room_bytes_a=int((2304 - gb) * 1e9),
            server_room_bytes_b=int((1128 - gb) * 1e9) if gb < 1128 else None,
        )

    return CompareAnswer(
        a=gpus[GpuId.MI355X],
        b=gpus[GpuId.H200],
        plans_a=tuple(p for p in plans if p.gpu is GpuId.MI355X),
        plans_b=tuple(p for p in plans if p.gpu is GpuId.H200),
        memory_ratio=2.04,
        bandwidth_ratio=1.67,
        fp8_tflops_ratio=2.53,
        bf16_tflops_ratio=2.53,
        fp4_tflops_ratio=None,
        usd_per_gb_month_a=Decimal("8.64"),
        usd_per_gb_month_b=Decimal("21.19"),
        memory_per_usd_ratio=2.45,
        server_monthly_usd_a=Decimal(19900),
        server_monthly_usd_b=Decimal(23900),
        server_monthly_usd_difference=Decimal(4000),
        fit_rows=(
            row("70b_dense_fp8", Precision.FP8, 72.0, (1, 1, 1, 1, 1, 1)),
            row("70b_dense_bf16", Precision.BF16, 140.0, (1, 1, 1, 2, 1, 2), (FitNote.NO_ROOM,)),
            row("671b_moe_fp8", Precision.FP8, 673.0, (3, 5, 3, 6, 4, 8)),
        ),
        kv_example=KvExample(
            model_id="meta-llama/Llama-3.1-70B-Instruct",
            kv_bytes_per_token=163_840,
            context_tokens=131_072,
            kv_bytes_per_context=21_474_836_480,
            room_bytes_a=215_000_000_000,
            room_bytes_b=68_000_000_000,
            contexts_a=10.0,
            contexts_b=3.2,
            room_bytes_physical_a=232_000_000_000,
            room_bytes_physical_b=76_000_000_000,
            contexts_physical_a=10.8,
            contexts_physical_b=3.5,
        ),
        deepseek_kv_room_a=ServerKvRoom(
            GpuId.MI355X,
            8,
            673_000_000_000,
            1_631_000_000_000,
            1_770_000_000_000,
            1_464_000_000_000,
        ),
        deepseek_kv_room_b=ServerKvRoom(GpuId.H200, 8, 673 * GB, 455 * GB, 518 * GB, 337 * GB),
        advice=(
            Advice(GpuId.MI355X, "mi355x-8x", AdviceCode.MORE_MEMORY_PER_GPU),
            Advice(GpuId.MI355X, "mi355x-8x", AdviceCode.CHEAPER_SERVER),
            Advice(GpuId.MI355X, "mi355x-8x", AdviceCode.NATIVE_FP4_FP6),
            Advice(GpuId.H200, "h200-1x", AdviceCode.SINGLE_GPU_PLAN),
            Advice(GpuId.H200, "h200-8x", AdviceCode.CUDA_ONLY_DEPENDENCIES),
        ),
        prices_as_of=PRICES_AS_OF,
    )


def proposal() -> Proposal:
    """Return a coding proposal for 100 developers, from two hand-made sizings."""
    return Proposal(
        use_case=UseCase.CODING,
        users=10,
        users_from=UsersFrom.HEADCOUNT,
        headcount=100,
        peak_share_low=Decimal("0.05"),
        peak_share_high=Decimal("0.10"),
        context_tokens=65536,
        context_stated=False,
        kv_cache_bytes=None,
        picks=(
            ProposedModel(
                "deepseek-ai/DeepSeek-V3", PickReason.AGENTIC_CODING, "card", size_answer()
            ),
            ProposedModel(
                "meta-llama/Llama-3.3-70B-Instruct",
                PickReason.CODING_LIGHT,
                "card",
                verdict_answer(),
            ),
        ),
    )


def offer_replies(loc, checkout):
    """Render the offers: a proposal, hardware we do not rent, a model we do not size."""
    found = unrented("h100")
    assert found is not None
    quote = lambda model_id: QuoteContext(model_id=model_id, issued=QUOTE_DAY)  # noqa: E731
    return {
        "offer_proposal": render_proposal(loc, proposal(), checkout=checkout, quote=quote),
        "offer_unrented": render_unrented(loc, found, checkout=checkout),
        "offer_scope": render_scope(loc, ModelKind.IMAGE),
    }


def every_reply(loc, checkout=None):
    """Render one reply of every kind (and every clarify and error) from hand-made answers."""
    checkout = checkout or CheckoutConfig(signing_key=TEST_KEY)

    def sized(answer):
        quote = QuoteContext(model_id=answer.model.id, issued=QUOTE_DAY)
        return render_size(loc, answer, checkout=checkout, quote=quote, state="abc123")

    launch = sized(launch_answer())
    asked = render_size(
        loc,
        size_answer(),
        checkout=checkout,
        quote=QuoteContext(model_id="deepseek-ai/DeepSeek-V3", issued=QUOTE_DAY),
        state="abc123",
        asked="gpu_count",
    )
    return {
        "size": sized(size_answer()),
        "size_asked": asked,
        **offer_replies(loc, checkout),
        "size_fleet": sized(fleet_answer()),
        "size_verdict": sized(verdict_answer()),
        "size_budget": sized(budget_answer()),
        "launch": replace(launch, html=launch.launch_html, detail_html=None),
        "price": render_price(loc, price_list(None), checkout=checkout),
        "price_b200": render_price(loc, price_list(GpuId.B200), checkout=checkout),
        "compare": render_compare(loc, compare_answer()),
        **conversation_replies(loc),
    }
