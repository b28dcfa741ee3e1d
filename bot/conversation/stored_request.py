"""The sizing request a chat remembers (``ChatContext.last_request``), as JSON-able data.

Follow-ups ("what about 32K?") and buttons change one field of the stored request and size it
again, so the stored form holds exactly the fields the customer said, never defaults: a
default stays the engine's to choose (and to say it chose).
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

from pydantic import ConfigDict, TypeAdapter, ValidationError

from bot.request import ParsedRequest
from sizing import SizingRequest

# Every fact a message can state about the deployment, by its ParsedRequest name, and the
# SizingRequest field it is sized as. A test checks that each ParsedRequest field is here,
# folded into one of these, or a fact about the conversation, and that sizing uses each.
SIZING_FIELDS: dict[str, str] = {
    "model": "model_id",
    "params_b": "params_b",
    "active_params_b": "active_params_b",
    "moe": "moe",
    "precision": "precision",
    "kv_dtype": "kv_dtype",
    "context_tokens": "context_tokens",
    "concurrency": "concurrency",
    "gpus": "gpus",
    "gpu_count": "gpu_count",
    "budget_usd_month": "budget_usd_month",
    "cuda_only": "cuda_only",
    "needs_native_fp4": "needs_native_fp4",
    "engine": "engine",
}
# Facts that refine another one: a named 4-bit variant (mxfp4, nvfp4) is the precision itself.
FOLDED_FIELDS: dict[str, str] = {"precision_variant": "precision"}
# What a message says about the conversation rather than the deployment.
CONVERSATION_FIELDS = frozenset(
    {
        "intent",
        "language",
        "command",
        "command_args",
        "lang_choice",
        "unknown_model",
        "suggestions",
        "ambiguous",
        "not_understood",
        "courtesy",
        # Knowledge questions (what a plan includes, a GPU's figures): answered, not sized.
        "topic",
        "spec",
        "software",
        "term",
    }
)
# Stored by the conversation rather than read from a message: an uploaded config.json, kept
# so that follow-ups size the same model.
STORED_ONLY_FIELDS = frozenset({"model_config"})
# Which facts of a message replace which stored fields: naming a model drops a generic size.
MODEL_KEYS = ("model_id", "model_config", "params_b", "active_params_b", "moe")
GENERIC_KEYS = ("params_b", "active_params_b", "moe")
LANGUAGE_KEY = "language"  # the language the answer was given in, for button presses


def fields_from_parsed(parsed: ParsedRequest) -> dict[str, Any]:
    """Return the request facts a message states (absent facts are left out, not nulled)."""
    stated = {name: getattr(parsed, name) for name in SIZING_FIELDS}
    for name, into in FOLDED_FIELDS.items():
        if getattr(parsed, name) is not None:
            stated[into] = getattr(parsed, name)
    if (
        parsed.model or parsed.params_b is None
    ):  # a catalog model wins over a generic size read from the same text
        for name in GENERIC_KEYS:
            stated.pop(name)
    present = {k: v for k, v in stated.items() if v is not None and v not in ((), [])}
    return {SIZING_FIELDS[k]: list(v) if isinstance(v, tuple) else v for k, v in present.items()}


# Facts that qualify a request without making one: "8x H200?" alone asks for no sizing.
QUALIFIER_FIELDS = frozenset({"gpu_count"})


def asks_something(fields: dict[str, Any]) -> bool:
    """Whether the fields hold a fact beyond those that only qualify a request."""
    return bool(set(fields) - QUALIFIER_FIELDS)


def names_model(fields: dict[str, Any]) -> bool:
    """Whether the fields say which model to size."""
    return "model_id" in fields or "params_b" in fields or "model_config" in fields


def merge(previous: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """``previous`` with ``change`` applied; a new model replaces the old one whole."""
    merged = dict(previous)
    if names_model(change):
        for key in MODEL_KEYS:
            merged.pop(key, None)
    if "gpus" in change and "gpu_count" not in change:
        merged.pop("gpu_count", None)  # "and on MI355X?" after "on one H200": any number of them
    merged.update(change)
    return merged


# Stored JSON is read with pydantic's lax rules (``"fp8"`` is Precision.FP8, ``9000`` a
# Decimal); infinities and NaN are not numbers a customer said.
_LAX = ConfigDict(allow_inf_nan=False)


@cache
def _hints() -> dict[str, Any]:
    # Resolving the annotations costs about a millisecond: once per process, not per request.
    return get_type_hints(SizingRequest)


@cache
def _item_adapter(name: str) -> TypeAdapter[Any]:
    return TypeAdapter(get_args(_hints()[name])[0], config=_LAX)


@cache
def _adapters() -> dict[str, TypeAdapter[Any]]:
    hints = _hints()
    stored = set(SIZING_FIELDS.values()) | STORED_ONLY_FIELDS
    return {
        f.name: TypeAdapter(hints[f.name], config=_LAX)
        for f in fields(SizingRequest)
        if f.name in stored
    }


def _read(name: str, value: Any) -> Any:  # noqa: ANN401 - stored JSON of any type
    """Read one stored value as the engine's type; None when it does not read.

    A tuple keeps the items that do read.
    """
    adapter = _adapters()[name]
    if get_origin(_hints()[name]) is tuple and isinstance(value, list):
        item = _item_adapter(name)
        return tuple(v for v in (_validated(item, x) for x in value) if v is not None)
    return _validated(adapter, value)


def _validated(adapter: TypeAdapter[Any], value: Any) -> Any:  # noqa: ANN401 - JSON values
    try:
        return adapter.validate_python(value)
    except ValidationError:
        return None


def to_sizing_request(stored: dict[str, Any]) -> SizingRequest:
    """Return the engine request for stored fields; values that do not read are left to defaults."""
    values = {name: _read(name, stored[name]) for name in _adapters() if name in stored}
    if values.get("model_id") is not None:  # a catalog model named wins over an uploaded one
        values.pop("model_config", None)
    return SizingRequest(**{k: v for k, v in values.items() if v is not None})
