"""Request checks and defaults: bad values raise InvalidRequestError naming the field."""

from __future__ import annotations

import math
from decimal import Decimal

from sizing.errors import InvalidRequestError
from sizing.request import GpuId, KvDtype, Precision, ResolvedRequest, ServingEngine, SizingRequest

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


def _check_int(field: str, value: object, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequestError(field, value, "expected a whole number")
    if value < 1:
        raise InvalidRequestError(field, value, "must be at least 1")
    if value > maximum:
        raise InvalidRequestError(field, value, f"must be at most {maximum}")
    return value


def _check_budget(value: object) -> Decimal | None:
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
    asked_context = request.context_tokens
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
    budget = _check_budget(request.budget_usd_month)
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
    )
