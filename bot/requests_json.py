"""The sizing request a chat remembers (``ChatContext.last_request``), as JSON-able data.

Follow-ups ("what about 32K?") and buttons change one field of the stored request and size it
again, so the stored form holds exactly the fields the customer said, never defaults: a
default stays the engine's to choose (and to say it chose).
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from typing import Any

from bot.request import ParsedRequest
from sizing.types import GpuId, Precision, SizingRequest

# Which facts of a message replace which stored fields: naming a model drops a generic size.
MODEL_KEYS = ("model_id", "model_config", "params_b", "active_params_b", "moe")
LANGUAGE_KEY = "language"  # the language the answer was given in, for button presses


def fields_from_parsed(parsed: ParsedRequest) -> dict[str, Any]:
    """Return the request facts a message states (absent facts are left out, not nulled)."""
    fields: dict[str, Any] = {}
    if parsed.model:
        fields["model_id"] = parsed.model
    elif parsed.params_b is not None:
        fields["params_b"] = parsed.params_b
        if parsed.active_params_b is not None:
            fields["active_params_b"] = parsed.active_params_b
        if parsed.moe is not None:
            fields["moe"] = parsed.moe
    optional = {
        "precision": parsed.precision,
        "context_tokens": parsed.context_tokens,
        "concurrency": parsed.concurrency,
        "budget_usd_month": parsed.budget_usd_month,
        "cuda_only": parsed.cuda_only,
        "needs_native_fp4": parsed.needs_native_fp4,
    }
    fields.update({k: v for k, v in optional.items() if v is not None})
    if parsed.gpus:
        fields["gpus"] = list(parsed.gpus)
    return fields


def names_model(fields: dict[str, Any]) -> bool:
    """Whether the fields say which model to size."""
    return "model_id" in fields or "params_b" in fields or "model_config" in fields


def merge(previous: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """``previous`` with ``change`` applied; a new model replaces the old one whole."""
    merged = dict(previous)
    if names_model(change):
        for key in MODEL_KEYS:
            merged.pop(key, None)
    merged.update(change)
    return merged


def _precision(value: Any) -> Precision | None:  # noqa: ANN401 - stored JSON
    try:
        return Precision(value) if value is not None else None
    except ValueError:
        return None


def _budget(value: Any) -> Decimal | None:  # noqa: ANN401 - stored JSON
    try:
        return Decimal(str(value)) if value is not None else None
    except InvalidOperation:
        return None


def _number(value: Any, kind: type[int | float]) -> Any:  # noqa: ANN401 - stored JSON
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None  # inf/NaN in a stored request: treat as not said
    return kind(value)


def to_sizing_request(fields: dict[str, Any]) -> SizingRequest:
    """Return the engine request for stored fields; values that do not read are left to defaults."""
    stored_gpus = fields.get("gpus")
    known = {x.value for x in GpuId}
    gpus = tuple(
        GpuId(g)
        for g in (stored_gpus if isinstance(stored_gpus, list) else [])
        if isinstance(g, str) and g in known
    )
    model_id = fields.get("model_id")
    config = fields.get("model_config")  # an uploaded config.json, kept for follow-ups
    return SizingRequest(
        model_id=model_id if isinstance(model_id, str) else None,
        model_config=config if isinstance(config, dict) and model_id is None else None,
        params_b=_number(fields.get("params_b"), float),
        active_params_b=_number(fields.get("active_params_b"), float),
        moe=fields.get("moe") if isinstance(fields.get("moe"), bool) else None,
        precision=_precision(fields.get("precision")),
        context_tokens=_number(fields.get("context_tokens"), int),
        concurrency=_number(fields.get("concurrency"), int),
        gpus=gpus,
        budget_usd_month=_budget(fields.get("budget_usd_month")),
        cuda_only=fields.get("cuda_only") is True,
        needs_native_fp4=fields.get("needs_native_fp4") is True,
    )
