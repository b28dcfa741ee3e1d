"""Request checks and defaults: bad values raise InvalidRequestError naming the field."""

from __future__ import annotations

import math
from decimal import Decimal

from sizing.errors import InvalidRequestError
from sizing.request import (
    DraftServing,
    GpuId,
    KvDtype,
    LoraServing,
    Precision,
    ResolvedRequest,
    ServiceLevel,
    ServingEngine,
    SizingRequest,
)

# Default context when the customer gives none: 8,192 tokens, a common chat setting and the
# context at which h200-measured.json timed attention. The answer says it was assumed.
DEFAULT_CONTEXT_TOKENS = 8192
DEFAULT_CONCURRENCY = 1
# vLLM's default KV dtype is the model dtype; BF16 (engine-notes.md: "BF16 default").
DEFAULT_KV_DTYPE = KvDtype.BF16
# Beyond any model's window (the largest in the catalog, Llama 4 Scout, is 10M tokens).
MAX_CONTEXT_TOKENS = 1 << 24
# More simultaneous sequences than a fleet of the plans sold could hold.
MAX_CONCURRENCY = 1_000_000
MAX_BUDGET_USD = Decimal(100_000_000)
# GPUs a customer may ask to run a model on: more than a fleet of the plans sold.
MAX_GPU_COUNT = 4096
# Average prompt and answer lengths when a service level is asked without them: a chat or RAG
# request of about 2,000 prompt tokens and 500 generated (said in the answer).
DEFAULT_INPUT_TOKENS = 2000
DEFAULT_OUTPUT_TOKENS = 500
# The least decode speed each user keeps when only an aggregate throughput is asked: slower
# than about 10 tokens/s reads slower than people read (said in the answer).
DEFAULT_MIN_TOKENS_PER_USER = 10.0
# Bounds past any deployment the plans make: an answer beyond them says nothing true.
MAX_THROUGHPUT_TOK_S = 1e9
MAX_TOKENS_PER_USER = 10_000.0
MAX_TTFT_S = 3600.0
MAX_REQUESTS_PER_MINUTE = 1e9
MAX_BATCH_TOKENS = 10**16
MAX_DEADLINE_HOURS = 24.0 * 366 * 10
# LoRA adapters served on one base: vLLM's ``--max-lora-rank`` default (16) and its largest
# rank (512, ``vllm/config/lora.py``); adapters held on the GPUs at once, at most
# ``MAX_GPU_LORAS`` (vLLM's ``--max-loras`` is 1 by default; a batch mixes no more than that).
DEFAULT_LORA_RANK = 16
MAX_LORA_RANK = 512
MAX_LORA_ADAPTERS = 100_000
MAX_GPU_LORAS = 32
# Tokens a draft model proposes a step: 3 unless said (vLLM's and SGLang's examples and the
# published acceptance figures this engine rests on), at most 8.
DEFAULT_SPECULATIVE_TOKENS = 3
MAX_SPECULATIVE_TOKENS = 8
MAX_DRAFT_ID_CHARS = 193  # a Hub id at its longest (96 + "/" + 96), as the model wing checks


def _check_int(field: str, value: object, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequestError(field, value, "expected a whole number")
    if value < 1:
        raise InvalidRequestError(field, value, "must be at least 1")
    if value > maximum:
        raise InvalidRequestError(field, value, f"must be at most {maximum}")
    return value


def check_budget(value: object) -> Decimal | None:
    """Check a monthly budget in US$: a finite amount from 0 to MAX_BUDGET_USD, as a Decimal."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Decimal | int | float):
        raise InvalidRequestError("budget_usd_month", value, "expected an amount of US$")
    # Decimal(str(x)) keeps 19999.99 as written; NaN and infinities are refused before any
    # comparison (a Decimal NaN raises on ordering instead of comparing False).
    amount = value if isinstance(value, Decimal) else Decimal(str(value))
    if not amount.is_finite() or not 0 <= amount <= MAX_BUDGET_USD:
        raise InvalidRequestError("budget_usd_month", value, "must be a positive amount")
    return amount


def check_model_source(request: SizingRequest) -> None:
    """Exactly one of model_id, model_config or params_b names the model."""
    given = [
        name
        for name, value in (
            ("model_id", request.model_id),
            ("model_config", request.model_config),
            ("checkpoint", request.checkpoint),
            ("params_b", request.params_b),
        )
        if value is not None
    ]
    if len(given) != 1:
        raise InvalidRequestError(
            "model",
            tuple(given),
            "give exactly one of model_id, model_config, checkpoint or params_b",
        )
    if request.model_id is not None and not isinstance(request.model_id, str):
        raise InvalidRequestError("model_id", request.model_id, "expected a Hugging Face id")
    if request.moe is not None and not isinstance(request.moe, bool):
        raise InvalidRequestError("moe", request.moe, "expected true, false or nothing")
    for name in ("params_b", "active_params_b"):
        value = getattr(request, name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidRequestError(name, value, "expected a number of billions")
        if not math.isfinite(value) or value <= 0:
            raise InvalidRequestError(name, value, "must be a positive number of billions")


def _check_positive(field: str, value: object, maximum: float) -> float | None:
    """Check a positive finite number (a target), or nothing."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise InvalidRequestError(field, value, "expected a number")
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        raise InvalidRequestError(field, value, "must be a positive number")
    if number > maximum:
        raise InvalidRequestError(field, value, f"must be at most {maximum:g}")
    return number


def resolve_service(request: SizingRequest) -> ServiceLevel | None:
    """Check the service-level targets and lengths, and apply their defaults; None when none."""
    throughput = _check_positive("throughput_tok_s", request.throughput_tok_s, MAX_THROUGHPUT_TOK_S)
    per_user = _check_positive(
        "tokens_per_user_tok_s", request.tokens_per_user_tok_s, MAX_TOKENS_PER_USER
    )
    ttft = _check_positive("ttft_s", request.ttft_s, MAX_TTFT_S)
    rate = _check_positive(
        "requests_per_minute", request.requests_per_minute, MAX_REQUESTS_PER_MINUTE
    )
    deadline = _check_positive("deadline_hours", request.deadline_hours, MAX_DEADLINE_HOURS)
    batch = request.batch_tokens
    if batch is not None:
        batch = _check_int("batch_tokens", batch, MAX_BATCH_TOKENS)
    lengths = [request.input_tokens, request.output_tokens]
    stated = (throughput, per_user, ttft, rate, batch, deadline, *lengths)
    if all(value is None for value in stated):
        return None
    if deadline is not None and batch is None:
        raise InvalidRequestError("deadline_hours", deadline, "a deadline needs batch_tokens")
    input_tokens = request.input_tokens
    if input_tokens is not None:
        input_tokens = _check_int("input_tokens", input_tokens, MAX_CONTEXT_TOKENS)
    output_tokens = request.output_tokens
    if output_tokens is not None:
        output_tokens = _check_int("output_tokens", output_tokens, MAX_CONTEXT_TOKENS)
    return ServiceLevel(
        input_tokens=DEFAULT_INPUT_TOKENS if input_tokens is None else input_tokens,
        output_tokens=DEFAULT_OUTPUT_TOKENS if output_tokens is None else output_tokens,
        input_defaulted=input_tokens is None,
        output_defaulted=output_tokens is None,
        concurrency_given=request.concurrency is not None,
        throughput_tok_s=throughput,
        tokens_per_user_tok_s=per_user,
        ttft_s=ttft,
        requests_per_minute=rate,
        batch_tokens=batch,
        deadline_hours=deadline,
        min_tokens_per_user=per_user if per_user is not None else DEFAULT_MIN_TOKENS_PER_USER,
    )


def resolve_lora(request: SizingRequest, concurrency: int) -> LoraServing | None:
    """Check the LoRA adapters asked for and choose how many sit on the GPUs at once.

    As many as the users at once can use, up to ``MAX_GPU_LORAS``: more slots hold more
    adapters' weights on every GPU for batches that could never mix them all.
    """
    adapters = request.lora_adapters
    if adapters is None:
        if request.lora_rank is not None:
            raise InvalidRequestError("lora_rank", request.lora_rank, "a rank needs lora_adapters")
        return None
    adapters = _check_int("lora_adapters", adapters, MAX_LORA_ADAPTERS)
    rank = request.lora_rank
    rank = DEFAULT_LORA_RANK if rank is None else _check_int("lora_rank", rank, MAX_LORA_RANK)
    return LoraServing(
        adapters=adapters, rank=rank, slots=min(adapters, concurrency, MAX_GPU_LORAS)
    )


def resolve_draft(request: SizingRequest) -> DraftServing | None:
    """Check the draft model asked for and how many tokens it proposes a step (3 if not said)."""
    model = request.draft_model_id
    if model is None:
        if request.speculative_tokens is not None:
            raise InvalidRequestError(
                "speculative_tokens",
                request.speculative_tokens,
                "a token count needs a draft model",
            )
        return None
    if not isinstance(model, str) or not model.strip() or len(model) > MAX_DRAFT_ID_CHARS:
        raise InvalidRequestError("draft_model_id", model, "expected a catalog model id")
    tokens = request.speculative_tokens
    tokens = (
        DEFAULT_SPECULATIVE_TOKENS
        if tokens is None
        else _check_int("speculative_tokens", tokens, MAX_SPECULATIVE_TOKENS)
    )
    return DraftServing(model_id=model.strip(), tokens=tokens)


def resolve(
    request: SizingRequest,
    release_precision: Precision,
    *,
    max_context_tokens: int | None = None,
) -> ResolvedRequest:
    """Apply the defaults to the request and check every value.

    A context beyond ``max_context_tokens`` (the model's) is sized at that limit: a model
    cannot be sold for more than it reads. ``requested_context_tokens`` keeps the ask.
    """
    service = resolve_service(request)
    asked_context = request.context_tokens
    if asked_context is None and service is not None:
        # Sized for the stated (or default) lengths: a paged cache holds what is written.
        asked_context = service.input_tokens + service.output_tokens
    asked_context = DEFAULT_CONTEXT_TOKENS if asked_context is None else asked_context
    asked_context = _check_int("context_tokens", asked_context, MAX_CONTEXT_TOKENS)
    context = asked_context
    if max_context_tokens is not None:
        context = min(context, max_context_tokens)
    concurrency = request.concurrency
    concurrency = DEFAULT_CONCURRENCY if concurrency is None else concurrency
    concurrency = _check_int("concurrency", concurrency, MAX_CONCURRENCY)
    utilization = request.gpu_memory_utilization
    if isinstance(utilization, bool) or not isinstance(utilization, int | float):
        raise InvalidRequestError("gpu_memory_utilization", utilization, "expected a number")
    if not 0 < utilization <= 1:
        raise InvalidRequestError("gpu_memory_utilization", utilization, "must be in (0, 1]")
    budget = check_budget(request.budget_usd_month)
    gpu_count = request.gpu_count
    if gpu_count is not None:
        gpu_count = _check_int("gpu_count", gpu_count, MAX_GPU_COUNT)
    try:
        precision = Precision(request.precision) if request.precision else release_precision
    except ValueError as exc:
        raise InvalidRequestError("precision", request.precision, "unknown format") from exc
    try:
        kv_dtype = KvDtype(request.kv_dtype) if request.kv_dtype else DEFAULT_KV_DTYPE
    except ValueError as exc:
        raise InvalidRequestError("kv_dtype", request.kv_dtype, "unknown KV dtype") from exc
    try:
        gpus = tuple(GpuId(g) for g in request.gpus)
    except ValueError as exc:
        raise InvalidRequestError("gpus", request.gpus, "unknown GPU") from exc
    try:
        engine = ServingEngine(request.engine) if request.engine else None
    except ValueError as exc:
        raise InvalidRequestError("engine", request.engine, "unknown engine") from exc
    return ResolvedRequest(
        precision=precision,
        context_tokens=context,
        concurrency=concurrency,
        kv_dtype=kv_dtype,
        gpu_memory_utilization=float(utilization),
        cuda_only=bool(request.cuda_only),
        needs_native_fp4=bool(request.needs_native_fp4),
        budget_usd_month=budget,
        gpus=gpus,
        include_mtp=bool(request.include_mtp),
        precision_fixed=request.precision is not None,
        kv_dtype_fixed=request.kv_dtype is not None,
        engine=engine,
        requested_context_tokens=asked_context,
        gpu_count=gpu_count,
        service=service,
        lora=resolve_lora(request, concurrency),
        draft=resolve_draft(request),
    )
