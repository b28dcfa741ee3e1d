"""The published storage of a checkpoint: its format, and which parts stay 16-bit.

Read from ``quantization_config``, or from the sibling ``hf_quant_config.json`` of NVIDIA
Model Optimizer releases.

A method or algorithm the engine does not know is refused with the field's name: sizing an
unknown format as BF16 would double or quadruple the weights.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sizing.errors import InvalidRequestError
from sizing.model.architecture import LINEAR_GROUPS, Architecture, LinearGroup
from sizing.model.hf.fields import Config, text_config
from sizing.model.recipes import (
    ReleasePart,
    ReleaseRecipe,
    StorageFormat,
    UnknownModulePatternError,
    excluded_parts,
)
from sizing.request import Precision

Release = tuple[Precision, tuple[LinearGroup, ...], ReleaseRecipe | None]
_INT8_BITS = 8
_NVFP4_GROUP = 16
_MX_GROUP = 32
# Model Optimizer algorithms and their storage.
_MODELOPT: dict[str, tuple[Precision, StorageFormat]] = {
    "FP8": (Precision.FP8, "fp8"),
    "NVFP4": (Precision.NVFP4, "nvfp4"),
    "MXFP8": (Precision.FP8, "mxfp8"),
}


def merge_quant_config(
    config: Mapping[str, Any], hf_quant: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Fold a sibling ``hf_quant_config.json`` into a config that has no quantization_config."""
    merged = dict(config)
    if hf_quant is None or merged.get("quantization_config") is not None:
        return merged
    quantization = hf_quant.get("quantization")
    if not isinstance(quantization, Mapping):
        raise InvalidRequestError(
            "hf_quant_config.quantization", quantization, "expected an object"
        )
    merged["quantization_config"] = {"quant_method": "modelopt", **quantization}
    return merged


def _quantization(config: Config) -> Mapping[str, Any] | None:
    for source in (config, text_config(config)):
        found = source.get("quantization_config")
        if found is not None:
            if not isinstance(found, Mapping):
                raise InvalidRequestError("config.quantization_config", found, "expected an object")
            return found
    return None


def _patterns(quantization: Mapping[str, Any]) -> list[str]:
    for name in ("ignore", "exclude_modules", "modules_to_not_convert"):
        value = quantization.get(name)
        if value is not None:
            if not isinstance(value, list):
                raise InvalidRequestError(
                    f"config.quantization_config.{name}", value, "expected a list"
                )
            return value
    return []


def _parts(
    arch: Architecture, patterns: list[str], format_: StorageFormat = "bf16"
) -> tuple[ReleasePart, ...]:
    try:
        return excluded_parts(arch, patterns, format_)
    except UnknownModulePatternError as error:
        raise InvalidRequestError(
            "config.quantization_config", error.pattern, "names no module the engine knows"
        ) from error


def _recipe(
    precision: Precision, storage: StorageFormat, parts: tuple[ReleasePart, ...]
) -> Release:
    recipe = ReleaseRecipe(format=storage, parts=parts)
    return precision, LINEAR_GROUPS, recipe


def _compressed_tensors(arch: Architecture, quantization: Mapping[str, Any]) -> Release:
    """compressed-tensors: one weight scheme for every Linear, minus ``ignore``."""
    groups = quantization.get("config_groups")
    weights = None
    if isinstance(groups, Mapping) and len(groups) == 1:
        group = next(iter(groups.values()))
        weights = group.get("weights") if isinstance(group, Mapping) else None
    if not isinstance(weights, Mapping):
        raise InvalidRequestError(
            "config.quantization_config.config_groups", groups, "expected one weight scheme"
        )
    scheme = (weights.get("type"), weights.get("num_bits"), weights.get("group_size"))
    storage: dict[tuple[Any, Any, Any], tuple[Precision, StorageFormat]] = {
        ("int", 4, _MX_GROUP): (Precision.INT4, "int4_g32"),
        ("int", 4, 128): (Precision.INT4, "int4_g128"),
        ("float", 4, _MX_GROUP): (Precision.MXFP4, "mxfp4"),
        ("float", 4, _NVFP4_GROUP): (Precision.NVFP4, "nvfp4"),
        ("float", 8, None): (Precision.FP8, "fp8"),
    }
    if scheme not in storage:
        raise InvalidRequestError(
            "config.quantization_config.config_groups",
            list(scheme),
            "a weight scheme the engine does not know",
        )
    precision, fmt = storage[scheme]
    return _recipe(precision, fmt, _parts(arch, _patterns(quantization)))


def _modelopt(arch: Architecture, quantization: Mapping[str, Any]) -> Release:
    """NVIDIA Model Optimizer: one algorithm, or MIXED_PRECISION with per-module algorithms."""
    algo = quantization.get("quant_algo")
    if algo in _MODELOPT:
        precision, fmt = _MODELOPT[algo]
        return _recipe(precision, fmt, _parts(arch, _patterns(quantization)))
    if algo != "MIXED_PRECISION":
        raise InvalidRequestError(
            "config.quantization_config.quant_algo", algo, "an algorithm the engine does not know"
        )
    layers = quantization.get("quantized_layers")
    if not isinstance(layers, Mapping) or not layers:
        raise InvalidRequestError(
            "config.quantization_config.quantized_layers", layers, "expected an object"
        )
    by_algo: dict[str, list[str]] = {}
    for module, spec in layers.items():
        name = spec.get("quant_algo") if isinstance(spec, Mapping) else None
        if name not in _MODELOPT:
            raise InvalidRequestError(
                "config.quantization_config.quantized_layers",
                name,
                "an algorithm the engine does not know",
            )
        by_algo.setdefault(name, []).append(module)
    # The releases' headline format is the one their experts take.
    main = "NVFP4" if "NVFP4" in by_algo else max(by_algo, key=lambda name: len(by_algo[name]))
    precision, fmt = _MODELOPT[main]
    # Modules not listed keep the checkpoint's base storage: FP8 blocks where the config says
    # so (DeepSeek V4), else 16 bits.
    base: StorageFormat = "fp8_block" if quantization.get("quant_method") == "fp8" else "bf16"
    parts = [
        ReleasePart(part=part, format=base)
        for part in (
            "attention",
            "attention_output",
            "indexer",
            "indexer_weights",
            "dense_mlp",
            "shared_experts",
            "routed_experts",
            "mtp",
        )
    ]
    for name, modules in by_algo.items():
        parts[:0] = _parts(arch, modules, _MODELOPT[name][1])
    return precision, LINEAR_GROUPS, ReleaseRecipe(format=fmt, parts=tuple(parts))


def _fp8(arch: Architecture, quantization: Mapping[str, Any], config: Config) -> Release:
    block = quantization.get("weight_block_size")
    fmt: StorageFormat = "fp8_block" if block else "fp8"
    parts = _parts(arch, _patterns(quantization))
    expert_dtype = config.get("expert_dtype")
    if expert_dtype is not None:
        if expert_dtype != "fp4":
            raise InvalidRequestError("config.expert_dtype", expert_dtype, "expected fp4")
        # FP4 experts with UE8M0 scales per 32 weights: MXFP4 storage.
        parts = (ReleasePart(part="routed_experts", format="mxfp4"), *parts)
        return Precision.MXFP4, LINEAR_GROUPS, ReleaseRecipe(format=fmt, parts=parts)
    return Precision.FP8, LINEAR_GROUPS, ReleaseRecipe(format=fmt, parts=parts)


def _bitsandbytes(quantization: Mapping[str, Any]) -> Release:
    """bitsandbytes: NF4/FP4 in blocks of 64 (sized as INT4), or LLM.int8()."""
    if quantization.get("load_in_4bit") is True:
        return Precision.INT4, LINEAR_GROUPS, None
    if quantization.get("load_in_8bit") is True:
        return Precision.INT8, LINEAR_GROUPS, None
    raise InvalidRequestError(
        "config.quantization_config.load_in_4bit", None, "neither 4-bit nor 8-bit"
    )


def release_from_config(config: Config, arch: Architecture) -> Release:  # noqa: PLR0911 - one per method
    """Format of the published weights and what stays 16-bit (BF16 without a quantization)."""
    quantization = _quantization(config)
    if quantization is None:
        return Precision.BF16, (), None
    method = str(quantization.get("quant_method", "")).lower()
    if method == "fp8" and quantization.get("quant_algo") == "MIXED_PRECISION":
        return _modelopt(arch, quantization)
    if method in {"fp8", "fbgemm_fp8"}:
        return _fp8(arch, quantization, config)
    if method in {"awq", "gptq"}:
        bits = quantization.get("bits", quantization.get("w_bit"))
        return (Precision.INT8 if bits == _INT8_BITS else Precision.INT4), LINEAR_GROUPS, None
    if method == "bitsandbytes":
        return _bitsandbytes(quantization)
    if method == "mxfp4":
        # gpt-oss lists attention, router, embeddings and head in modules_to_not_convert:
        # only the MoE experts are stored in MXFP4.
        return Precision.MXFP4, ("routed_experts",), None
    if method == "compressed-tensors":
        return _compressed_tensors(arch, quantization)
    if method == "modelopt" or (not method and "quant_algo" in quantization):
        return _modelopt(arch, quantization)
    raise InvalidRequestError(
        "config.quantization_config.quant_method",
        method or None,
        "a quantization method the engine does not know",
    )
