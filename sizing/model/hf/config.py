"""The model a Hugging Face ``config.json`` describes: its family's reader, its release, its limits.

One reader per ``model_type`` (``readers`` for the older families, ``families`` and ``hybrids``
for the 2025-2026 ones); any other type goes to ``general``, which reads known shapes under
new names and refuses, naming the field, what it cannot read: never a generic guess.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from sizing.errors import InvalidRequestError
from sizing.model.architecture import Architecture, Release
from sizing.model.hf.fields import Config, get, text_config
from sizing.model.hf.general import read_general
from sizing.model.hf.readers import GEMMA3_MAX_POSITIONS
from sizing.model.hf.release import merge_quant_config, release_from_config
from sizing.model.hf.table import READERS
from sizing.model.specs import to_model_spec
from sizing.model.types import ModelSpec

CONFIG_MODEL_ID = "config"


def model_type(config: Config) -> str:
    """Return the config's ``model_type``; refused when absent (a new type is read in general)."""
    family = get(config, "model_type")
    if not isinstance(family, str) or not family:
        raise InvalidRequestError(
            "config.model_type", family, "missing: the engine needs the model type"
        )
    return family


def architecture_from_config(config: Config) -> Architecture:
    """Read the architecture a config describes; unknown model types are refused."""
    if not isinstance(config, Mapping):
        raise InvalidRequestError("config", type(config).__name__, "expected a JSON object")
    family = model_type(config)
    reader = READERS.get(family)
    fields = reader(config, family) if reader is not None else read_general(config, family)
    try:
        return Architecture(**fields)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "architecture"
        raise InvalidRequestError(f"config.{where}", first.get("input"), first["msg"]) from error


def max_context_from_config(config: Config) -> int | None:
    """Return the longest context the config's position embeddings allow."""
    text = text_config(config)
    value = get(text, "max_position_embeddings")
    if value is None and str(config.get("model_type", "")).startswith("gemma3"):
        return GEMMA3_MAX_POSITIONS
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def model_from_config(
    config: Mapping[str, Any],
    model_id: str | None = None,
    hf_quant_config: Mapping[str, Any] | None = None,
) -> ModelSpec:
    """Build a model from a Hugging Face ``config.json`` by the catalog's own derivation.

    ``hf_quant_config`` is the checkpoint's ``hf_quant_config.json`` where the quantization
    lives beside the config rather than in it (NVIDIA Model Optimizer releases).
    """
    if not isinstance(config, Mapping):
        raise InvalidRequestError("config", type(config).__name__, "expected a JSON object")
    config = merge_quant_config(config, hf_quant_config)
    architecture = architecture_from_config(config)
    precision, groups, recipe = release_from_config(config, architecture)
    name = model_id or str(config.get("_name_or_path") or CONFIG_MODEL_ID)
    release = Release(
        model_id=name,
        name=name,
        precision=precision,
        quantized_groups=groups,
        max_context_tokens=max_context_from_config(config),
    )
    spec = to_model_spec(architecture, release, recipe)
    return dataclasses.replace(spec, source="config", config_rope=config_rope(config))


# RoPE scalings an engine can turn on with a config override, past the native window.
_SCALINGS = frozenset({"yarn", "dynamic"})


def config_rope(config: Config) -> tuple[str, float, int, int] | None:
    """Return the RoPE scaling a config states but does not apply (its window is the original).

    (type, factor, native window, scaled window); None when there is none, or when the config's
    window already is the scaled one (DeepSeek V3's YaRN: 4K stretched to 160K natively).
    """
    text = text_config(config)
    scaling = text.get("rope_scaling")
    if not isinstance(scaling, Mapping):
        return None
    kind = scaling.get("rope_type", scaling.get("type"))
    factor = scaling.get("factor")
    native = get(text, "max_position_embeddings")
    if kind not in _SCALINGS or not isinstance(native, int) or isinstance(native, bool):
        return None
    if not isinstance(factor, int | float) or isinstance(factor, bool) or not 1 < factor <= 64:  # noqa: PLR2004
        return None
    original = scaling.get("original_max_position_embeddings", native)
    if not isinstance(original, int) or isinstance(original, bool) or native > original:
        return None
    return str(kind), float(factor), native, int(original * factor)
