"""Hand-built engine answers and the replies of every kind, for the answers tests.

``make_answer()`` and ``make_option()`` build a ``SizingAnswer`` by hand, so a rendering test
changes only when the wording does; ``engine_replies(loc)`` renders one reply of every kind
from the real engine (``tests/helpers/golden_answers.py`` has the hand-made ones).
"""

from dataclasses import fields, replace
from datetime import date
from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.render import (
    render_compare,
    render_help,
    render_price,
    render_size,
    render_train,
)
from bot.answers.views.size import QuoteContext
from bot.conversation import clarify
from sizing import (
    compare_gpus,
    load_gpus,
    load_plans,
    price_list,
    size_deployment,
    size_training,
)
from sizing.answer import (
    OptionFit,
    OptionLaunch,
    OptionPrice,
    OptionSpeed,
    PlanOption,
    SizingAnswer,
)
from sizing.codes import Caveat, Reason
from sizing.deploy.options import HARD_SET_ASIDE
from sizing.model.types import Attention, ModelInfo
from sizing.request import (
    GpuId,
    KvDtype,
    Precision,
    ResolvedRequest,
    SizingRequest,
    TrainingMethod,
    TrainingRequest,
)

QUOTE_DAY = date(2026, 11, 30)
TEST_KEY = b"test-signing-key"


# The parts of an option, and the names of their figures: ``make_option`` takes them flat.
_PARTS = {
    "fit": OptionFit,
    "speed": OptionSpeed,
    "price": OptionPrice,
}


def make_option(**changes) -> PlanOption:
    """Build a fitting MI355X server option; ``changes`` override fields.

    A figure of a part (``monthly_usd``, ``max_concurrency_at_context``, ...) may be given
    flat, as the JSON names it; ``launch_commands`` sets the launch part. The GPU and plan
    facts, ``priced`` and ``offerable`` follow the rest unless given, as the engine sets them.
    """
    gpu = changes.get("gpu", GpuId.MI355X)
    plan = changes.get("plan", "mi355x-8x")
    changes.setdefault("gpu_facts", next(g for g in load_gpus() if g.id is gpu))
    changes.setdefault("plan_facts", next((p for p in load_plans() if p.id == plan), None))
    parts = {
        "fit": OptionFit(
            weights_bytes_per_gpu=84_000_000_000,
            kv_cache_bytes=1_500_000_000_000,
            kv_cache_tokens=2_345_678,
            kv_cache_tokens_physical=3_100_000,
            max_concurrency_at_context=17,
        ),
        "speed": OptionSpeed(
            decode_tokens_per_s=42.4, decode_tokens_per_s_aggregate=512.0, ttft_s=3.21
        ),
        "price": OptionPrice(
            monthly_usd=Decimal("19900.00"),
            usd_per_gpu_hour=Decimal("3.41"),
            usd_per_gb_month=Decimal("8.64"),
            usd_per_million_tokens=Decimal("14.75"),
        ),
    }
    for name, kind in _PARTS.items():
        flat = {f.name: changes.pop(f.name) for f in fields(kind) if f.name in changes}
        parts[name] = replace(changes.pop(name, parts[name]), **flat)
    if "launch_commands" in changes:
        changes["launch"] = OptionLaunch(tuple(changes.pop("launch_commands")))
    base = PlanOption(
        plan="mi355x-8x",
        gpu=GpuId.MI355X,
        gpus=8,
        servers=1,
        fits=True,
        reason=None,
        tensor_parallel=8,
        pipeline_parallel=1,
        replicas=1,
        offerable=True,
        priced=True,
        caveats=(Caveat.ROCM_PORT,),
        gpu_facts=changes["gpu_facts"],
        **parts,
    )
    option = replace(base, **changes)
    derived = {
        "priced": option.plan is not None,
        "offerable": option.fits and not HARD_SET_ASIDE.intersection(option.set_aside),
    }
    return replace(option, **{k: v for k, v in derived.items() if k not in changes})


def make_answer(options=None, recommended_index=0, caveats=(), **request_changes) -> SizingAnswer:
    """Build an answer for a 671B MoE model at FP8, 128K context, 16 users."""
    request = ResolvedRequest(
        precision=Precision.FP8,
        context_tokens=131072,
        concurrency=16,
        kv_dtype=KvDtype.BF16,
        gpu_memory_utilization=0.9,
        cuda_only=False,
        needs_native_fp4=False,
        budget_usd_month=None,
        gpus=(),
    )
    request = replace(request, **request_changes)
    options = (
        options
        if options is not None
        else (
            make_option(),
            make_option(
                plan="h200-8x",
                gpu=GpuId.H200,
                monthly_usd=Decimal("23900.00"),
                usd_per_gpu_hour=Decimal("4.09"),
                max_concurrency_at_context=5,
                caveats=(),
            ),
            make_option(
                plan="h200-1x",
                gpu=GpuId.H200,
                gpus=0,
                servers=0,
                fits=False,
                reason=Reason.SINGLE_GPU_PLAN_CANNOT_SHARD,
                monthly_usd=None,
                caveats=(Caveat.SINGLE_H200_CANNOT_SHARE_MODEL,),
            ),
            make_option(
                plan=None,
                gpu=GpuId.B200,
                monthly_usd=Decimal("99999.00"),  # a catalog slip must still not be shown
                usd_per_gpu_hour=Decimal("9.99"),
                caveats=(Caveat.NO_B200_PRICE,),
            ),
        )
    )
    return SizingAnswer(
        model=ModelInfo(
            id="deepseek-ai/DeepSeek-V3",
            name="DeepSeek-V3",
            total_params=671_026_404_352,
            active_params=37_552_282_624,
            kv_bytes_per_token=70272,
            layers=61,
            attention=Attention.MLA,
            release_precision=Precision.FP8,
            max_context_tokens=163840,
            moe=True,
        ),
        request=request,
        weights_bytes=673_000_000_000,
        kv_bytes_per_token=70272,
        kv_bytes_per_sequence=70272 * 131072,
        options=options,
        recommended=options[recommended_index].plan if recommended_index is not None else None,
        recommended_index=recommended_index,
        caveats=caveats,
    )


def engine_replies(loc, checkout=None):
    """Render one reply of every kind (and every clarify and error) with ``loc``.

    Size, price and compare answers come from the real engine: the smoke tests and the
    translation checks render what customers get (the goldens use hand-made answers).
    """
    deepseek = size_deployment(
        SizingRequest(
            model_id="deepseek-ai/DeepSeek-V3", precision=Precision.BF16, context_tokens=131072
        )
    )
    quote = QuoteContext(model_id=deepseek.model.id, issued=QUOTE_DAY)
    checkout = checkout or CheckoutConfig(signing_key=TEST_KEY)

    def sized(request):
        answer = size_deployment(request)
        context = QuoteContext(model_id=answer.model.id, issued=QUOTE_DAY)
        return render_size(loc, answer, checkout=checkout, quote=context, state="abc123")

    # The product page's own question: a yes/no verdict with the choice it rests on.
    verdict = sized(SizingRequest(params_b=70, gpus=(GpuId.H200,)))
    # Over budget: the cheapest plan that serves it, and the changes that fit the budget.
    budget = sized(
        SizingRequest(
            model_id="meta-llama/Llama-3.3-70B-Instruct",
            precision=Precision.FP8,
            context_tokens=131072,
            concurrency=10,
            budget_usd_month=Decimal(10000),
        )
    )
    # Data-parallel attention on one HGX H200 server, started with SGLang.
    launch = sized(
        SizingRequest(
            model_id="deepseek-ai/DeepSeek-V3",
            precision=Precision.FP8,
            context_tokens=131072,
            concurrency=20,
            cuda_only=True,
        )
    )
    # A fleet: more servers than one online order holds, handed to a person.
    fleet = sized(SizingRequest(model_id="meta-llama/Llama-3.3-70B-Instruct", concurrency=900_000))
    return {
        "size": render_size(loc, deepseek, checkout=checkout, quote=quote, state="abc123"),
        "size_fleet": fleet,
        "size_verdict": verdict,
        "size_budget": budget,
        "launch": replace(launch, html=launch.launch_html, detail_html=None),
        "price": render_price(loc, price_list(None), checkout=checkout),
        "price_b200": render_price(loc, price_list(GpuId.B200), checkout=checkout),
        "compare": render_compare(loc, compare_gpus(GpuId.MI355X, GpuId.H200)),
        **training_replies(loc, checkout),
        **conversation_replies(loc),
    }


def training_replies(loc, checkout=None):
    """Render a training answer of every verdict, from the real engine."""
    llama = "meta-llama/Llama-3.1-70B-Instruct"
    jobs = {
        "train_not_on_asked": TrainingRequest(
            model_id=llama, method=TrainingMethod.LORA, gpus=(GpuId.H200,), gpu_count=1
        ),
        "train_full": TrainingRequest(
            model_id="Qwen/Qwen3-32B", method=TrainingMethod.FULL, tokens=2 * 10**9, epochs=3
        ),
        "train_pretrain": TrainingRequest(params_b=7, method=TrainingMethod.PRETRAIN),
        "train_defaulted": TrainingRequest(model_id="Qwen/Qwen3-30B-A3B", cuda_only=True),
        "train_deadline": TrainingRequest(
            params_b=70, method=TrainingMethod.PRETRAIN, deadline_hours=24.0
        ),
        "train_budget": TrainingRequest(
            model_id=llama, method=TrainingMethod.FULL, budget_usd_month=Decimal(4000)
        ),
        "train_offload": TrainingRequest(
            model_id=llama, method=TrainingMethod.FULL, offload=True, tokens=10**9
        ),
        "train_no_plan": TrainingRequest(
            params_b=9000, method=TrainingMethod.FULL, cuda_only=True, tokens=10**9
        ),
    }
    return {
        name: render_train(loc, size_training(job), checkout=checkout) for name, job in jobs.items()
    }


def conversation_replies(loc):
    """Render the replies that carry no engine answer: help, every clarify and every error."""
    return {
        "help": render_help(loc),
        "clarify": clarify.ask_which_model(loc),
        "clarify_followup": clarify.ask_which_model(loc, follow_up=True),
        "clarify_unknown": clarify.unknown_model(
            loc, "Llama 9 900B", ("meta-llama/Llama-3.1-405B-Instruct",)
        ),
        "clarify_unknown_size": clarify.unknown_model(loc, "MyModel-X", ()),
        "clarify_ambiguous": clarify.which_of(loc, ("a/one", "b/two")),
        "clarify_language": clarify.choose_language(loc),
        "clarify_stale": clarify.stale_button(loc),
        "help_language_set": clarify.language_set(loc),
        "error": clarify.cannot_answer(loc),
        "error_request": clarify.bad_request(loc, "context_tokens"),
    }
