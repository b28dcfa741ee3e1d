"""Release recipes: which parts of a published checkpoint are stored in which format.

A quantized release stores its linear layers in one format and keeps some parts at 16 bits
(or, in mixed releases, in a second format). The catalog stores that as a ``ReleaseRecipe``;
``hf_config`` builds one from the checkpoint's ``quantization_config`` or
``hf_quant_config.json`` by matching their module patterns (``exclude_modules``, ``ignore``,
``modules_to_not_convert``) against the model's own modules, layer by layer.
"""

from __future__ import annotations

import fnmatch
import re
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, NonNegativeInt

from sizing.model.architecture import Architecture
from sizing.model.counting import PART_GROUP, Part, layer_parts, mtp_parts
from sizing.model.types import ParamGroups
from sizing.request import Precision

StorageFormat = Literal[
    "bf16", "fp8", "fp8_block", "int8", "mxfp8", "mxfp6", "mxfp4", "nvfp4", "int4_g128", "int4_g32"
]
STORAGE_FORMATS: tuple[StorageFormat, ...] = get_args(StorageFormat)
# Bits per stored weight, scales included (engine-notes.md, "Weights"): DeepSeek-style FP8
# keeps one FP32 scale per 128x128 block; MX formats one 8-bit exponent per 32; NVFP4 one
# FP8 scale per 16; AWQ/GPTQ group 128 a 16-bit scale and 4-bit zero per 128; symmetric INT4
# group 32 (compressed-tensors W4A16) one 16-bit scale per 32.
STORAGE_BITS: dict[str, Fraction] = {
    "bf16": Fraction(16),
    "fp8": Fraction(8),
    "fp8_block": Fraction(8) + Fraction(32, 128 * 128),
    "int8": Fraction(8),
    "mxfp8": Fraction(8) + Fraction(8, 32),
    "mxfp6": Fraction(6) + Fraction(8, 32),
    "mxfp4": Fraction(4) + Fraction(8, 32),
    "nvfp4": Fraction(4) + Fraction(8, 16),
    "int4_g128": Fraction(4) + Fraction(16 + 4, 128),
    "int4_g32": Fraction(4) + Fraction(16, 32),
}
# The storage a plain request for a format means (no release recipe involved).
PRECISION_STORAGE: dict[Precision, StorageFormat] = {
    Precision.BF16: "bf16",
    Precision.FP16: "bf16",
    Precision.FP8: "fp8",
    Precision.INT8: "int8",
    Precision.FP6: "mxfp6",
    Precision.MXFP4: "mxfp4",
    Precision.NVFP4: "nvfp4",
    Precision.INT4: "int4_g128",
}
# Parts that no release quantizes: norms, decay vectors, convolutions, routers.
_ALWAYS_SIXTEEN: frozenset[str] = frozenset({"attention_extras", "norms", "router"})

RecipePart = Part | Literal["mtp"]


class ReleasePart(BaseModel):
    """A part stored in another format than the release's linear layers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    part: RecipePart
    layers: tuple[NonNegativeInt, ...] = ()  # empty: every layer
    format: StorageFormat = "bf16"


class ReleaseRecipe(BaseModel):
    """The storage of a published checkpoint: its linear format and the exceptions."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: StorageFormat
    parts: tuple[ReleasePart, ...] = ()

    def format_of(self, part: RecipePart, layer: int | None) -> StorageFormat:
        """Storage of ``part`` in ``layer`` (None: outside the layers, e.g. MTP)."""
        if part in _ALWAYS_SIXTEEN:
            return "bf16"
        for rule in self.parts:
            if rule.part == part and (not rule.layers or layer in rule.layers):
                return rule.format
        return self.format


Layout = tuple[tuple[str, str, int], ...]


def release_layout(arch: Architecture, recipe: ReleaseRecipe) -> Layout:
    """(tensor group, storage, parameters) of every stored weight, MTP under ``mtp``."""
    totals: Counter[tuple[str, StorageFormat]] = Counter()
    for index in range(arch.layers):
        for part, params in layer_parts(arch, index).items():
            totals[PART_GROUP[part], recipe.format_of(part, index)] += params
    if arch.mtp_layers:
        mtp = arch.mtp_layers * sum(mtp_parts(arch).values())
        totals["mtp", recipe.format_of("mtp", None)] += mtp
    return tuple(sorted((group, fmt, params) for (group, fmt), params in totals.items() if params))


def group_recipe(format_: StorageFormat, groups: Iterable[str]) -> ReleaseRecipe:
    """Build a recipe that stores whole tensor groups in ``format_`` and the rest in 16 bits."""
    kept = set(groups)
    parts: list[ReleasePart] = []
    for part, group in PART_GROUP.items():
        if group not in kept and part not in _ALWAYS_SIXTEEN:
            parts.append(ReleasePart(part=part))
    if "mtp" not in kept:
        parts.append(ReleasePart(part="mtp"))
    return ReleaseRecipe(format=format_, parts=tuple(parts))


def layout_bits(layout: Layout, groups: ParamGroups, *, include_mtp: bool) -> Fraction:
    """Bits of a layout; whatever it does not list (embeddings, head, vision) is 16-bit."""
    listed = sum(params for group, _, params in layout if group != "mtp")
    bits = sum(
        (
            params * STORAGE_BITS[fmt]
            for group, fmt, params in layout
            if include_mtp or group != "mtp"
        ),
        Fraction(0),
    )
    return bits + (groups.total - listed) * STORAGE_BITS["bf16"]


# --- Reading module patterns of Hugging Face quantization configs ------------------------------

# Prefixes in front of the decoder layers in the checkpoints' module names.
_PREFIXES = re.compile(
    r"^(?:model\.language_model\.|language_model\.model\.|language_model\.|model\.|backbone\.)"
)
# Modules outside the decoder layers that every release keeps in 16 bits anyway.
_SIXTEEN_BIT_MODULES = re.compile(
    r"(?:^|[.*:])(?:lm_head|head|embed_tokens|embeddings|embed_vision|vision_tower|visual|"
    r"vision_model|mm_projector|multi_modal_projector|patch_merge_mlp|norm|norm_f)(?:$|[.*])"
)
# Leaf names of tensors that are 16-bit in every recipe (norms, biases, MTP joints).
_SIXTEEN_BIT_LEAVES = re.compile(
    r"(?:layernorm|_norm|\bnorm|e_score_correction_bias|bias|enorm|hnorm|eh_proj|shared_head)"
    r"[^.]*$"
)
# Routers: 16-bit in every recipe (they are no LinearGroup), named by some recipes anyway.
_ROUTERS = re.compile(r"(?:mlp|moe|block_sparse_moe)\.(?:gate|router)(?:\$|\.weight)?$")
_LAYER_INDEX = re.compile(r"layers\.(\d+)")
_EXPERT_INDEX = re.compile(r"experts\.\d+\.")


class UnknownModulePatternError(ValueError):
    """A module pattern names nothing the engine knows in this model."""

    def __init__(self, pattern: str) -> None:
        super().__init__(pattern)
        self.pattern = pattern


def _module_names(arch: Architecture, index: int) -> dict[Part, tuple[str, ...]]:
    """Return module names (relative to ``layers.{index}``) of each part present in the layer."""
    family = arch.family
    kind = arch.layer_kind(index)
    mixer = "self_attn"
    if family.startswith("deepseek_v4") or family == "deepseek_ref":
        mixer = "attn"
    elif family.startswith("nemotron_h"):
        mixer = "mixer"
    elif kind == "L" and family.startswith("qwen3_5"):
        mixer = "linear_attn"
    moe = "block_sparse_moe" if family.startswith("minimax") else "mlp"
    if family.startswith(("deepseek_v4", "deepseek_ref")):
        moe = "ffn"
    if family.startswith("nemotron_h"):
        moe = "mixer"
    experts = "experts.0.gate_proj" if family.startswith("gemma4") else f"{moe}.experts.0.w1"
    attention = (
        "q_proj",
        "k_proj",
        "v_proj",
        "q_a_proj",
        "q_b_proj",
        "kv_a_proj_with_mqa",
        "kv_b_proj",
        "kv_proj",
        "in_proj_qkv",
        "in_proj_z",
        "in_proj_b",
        "in_proj_a",
        "in_proj",
        "g_proj",
        "f_a_proj",
        "f_b_proj",
        "b_proj",
        "g_a_proj",
        "g_b_proj",
        "wq_a",
        "wq_b",
        "wkv",
        "compressor.kv_proj",
    )
    names: dict[Part, tuple[str, ...]] = {
        "attention": tuple(f"{mixer}.{name}" for name in attention),
        "attention_output": (
            f"{mixer}.o_proj",
            f"{mixer}.out_proj",
            f"{mixer}.o_a_proj",
            f"{mixer}.o_b_proj",
            f"{mixer}.wo_a",
            f"{mixer}.wo_b",
        ),
        "indexer": (
            f"{mixer}.indexer.wq_b",
            f"{mixer}.indexer.wk",
            f"{mixer}.indexer.q_proj",
            f"{mixer}.indexer.k_proj",
            f"{mixer}.index_q_proj",
            f"{mixer}.index_k_proj",
        ),
        "indexer_weights": (f"{mixer}.indexer.weights_proj", f"{mixer}.indexers_proj"),
        "dense_mlp": ("mlp.gate_proj", "mlp.up_proj", "mlp.down_proj", "mlp.gate_up_proj"),
        "shared_experts": tuple(
            f"{moe}.{shared}.{name}"
            for shared in ("shared_experts", "shared_expert")
            for name in ("gate_proj", "up_proj", "down_proj", "gate_up_proj", "w1")
        ),
        "routed_experts": (
            experts,
            f"{moe}.experts.0.gate_proj",
            f"{moe}.experts.0.up_proj",
            f"{moe}.experts.0.down_proj",
            f"{moe}.experts.0.w2",
            f"{moe}.experts.0.w3",
        ),
        "router": (f"{moe}.gate", "router.proj", f"{moe}.shared_expert_gate"),
    }
    if family.startswith("gemma4"):
        names["routed_experts"] = (experts,)
    present = layer_parts(arch, index)
    return {part: found for part, found in names.items() if present.get(part)}


def _matcher(pattern: str) -> re.Pattern[str]:
    """Compile a module pattern: ``re:`` regexes, globs, or plain module names."""
    if pattern.startswith("re:"):
        return re.compile(pattern[3:])
    if any(char in pattern for char in "*?["):
        return re.compile(fnmatch.translate(_PREFIXES.sub("", pattern)))
    name = re.escape(_PREFIXES.sub("", pattern))
    return re.compile(rf"(?:.*\.)?{name}(?:\..*)?")


def _mtp_pattern(pattern: str, layers: int) -> bool:
    """Whether the pattern names a next-token-prediction layer as a whole."""
    bare = _PREFIXES.sub("", pattern)
    if bare.startswith("mtp"):
        return True
    match = _LAYER_INDEX.match(bare)
    whole = bare.endswith("*") and bare.count(".") <= 2  # noqa: PLR2004 - "layers.N*"
    return match is not None and int(match.group(1)) >= layers and whole


def excluded_parts(
    arch: Architecture, patterns: Iterable[str], format_: StorageFormat = "bf16"
) -> tuple[ReleasePart, ...]:
    """Parts (by layer) the patterns keep out of the release format, stored as ``format_``."""
    covered: dict[Part, set[int]] = {}
    mtp = False
    names = [_module_names(arch, index) for index in range(arch.layers)]
    for pattern in _distinct(patterns):
        if _mtp_pattern(pattern, arch.layers):
            mtp = True
            continue
        matcher = _matcher(pattern)
        hit = False
        for index in _layers_named(pattern, arch.layers):
            parts = names[index]
            for part, candidates in parts.items():
                if any(matcher.fullmatch(f"layers.{index}.{name}.weight") for name in candidates):
                    covered.setdefault(part, set()).add(index)
                    hit = True
        sixteen_bit = (_SIXTEEN_BIT_MODULES, _SIXTEEN_BIT_LEAVES, _ROUTERS)
        if hit or any(rule.search(pattern) for rule in sixteen_bit):
            continue
        if _LAYER_INDEX.search(pattern) and _layer_beyond(pattern, arch.layers):
            continue  # a piece of an MTP layer: it follows the MTP layer's format
        raise UnknownModulePatternError(pattern)
    return _as_rules(arch, covered, mtp=mtp, format_=format_)


def _distinct(patterns: Iterable[str]) -> list[str]:
    """Patterns with expert indices folded (one expert stands for all), in first-seen order."""
    seen: dict[str, None] = {}
    for pattern in patterns:
        if not isinstance(pattern, str) or not pattern:
            raise UnknownModulePatternError(str(pattern))
        seen.setdefault(_EXPERT_INDEX.sub("experts.0.", pattern), None)
    return list(seen)


def _layers_named(pattern: str, layers: int) -> range:
    """Return the one layer a plain pattern names, else every layer."""
    match = _LAYER_INDEX.search(pattern)
    if match is None or any(char in pattern for char in "*?[") or pattern.startswith("re:"):
        return range(layers)
    index = int(match.group(1))
    return range(index, index + 1) if index < layers else range(0)


def _layer_beyond(pattern: str, layers: int) -> bool:
    match = _LAYER_INDEX.search(pattern)
    return match is not None and int(match.group(1)) >= layers


def _as_rules(
    arch: Architecture, covered: dict[Part, set[int]], *, mtp: bool, format_: StorageFormat
) -> tuple[ReleasePart, ...]:
    rules: list[ReleasePart] = []
    for part, layers in sorted(covered.items()):
        present = {i for i in range(arch.layers) if layer_parts(arch, i).get(part)}
        chosen = () if layers >= present else tuple(sorted(layers))
        if part not in _ALWAYS_SIXTEEN:
            rules.append(ReleasePart(part=part, layers=chosen, format=format_))
    if mtp and arch.mtp_layers:
        rules.append(ReleasePart(part="mtp", format=format_))
    return tuple(rules)
