"""A published checkpoint in a format, named by its format and not its id.

"Nemotron 3 Super 120B, der FP8-Checkpoint von NVIDIA", "fp8 (nvidia's checkpoint)", "la
variante FP8 de sgl-project", "NVFP4 版的 DeepSeek-V3.1": the format said beside a word of a
checkpoint names that repository of the catalog, not the base model quantized on the fly. With
no such word ("Qwen3 32B fp8"), the base model and the precision stay as said.
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re

_CHECKPOINT_RE = gated_re(
    r"checkpoint|ckpt|variant|variante|версия|чекпоинт|版(?:本)?|チェックポイント|체크포인트|"
    r"(?<![a-z])(?:repo|build|release|version|versión|versão)(?![a-z])"
)
# The word of each format in the repositories' names.
_FORMAT_WORDS = {
    "fp8": ("fp8",),
    "fp4": ("nvfp4", "mxfp4", "fp4"),
    "int4": ("awq", "int4", "w4a16", "gptq"),
    "int8": ("int8", "w8a8"),
}
_BASE_SUFFIX_RE = re.compile(r"-(?:bf16|fp16)$", re.IGNORECASE)


_BESIDE_CHARS = 24


def _beside(words: tuple[str, ...], text: str) -> bool:
    """Whether the format is said beside a word of a checkpoint ("FP8-Checkpoint", "NVFP4 版").

    "那個 235B 的 MoE 版本 … 可以接受 FP8" names a version by another trait, the format apart.
    """
    formats = [m.start() for m in re.finditer("|".join(words), text)]
    if any(
        _PUBLISHED_BY_RE.match(text, at) or _PUBLISHER_BEFORE_RE.search(text, 0, at)
        for at in formats
    ):
        return True  # "Llama 3.1 70B FP8 de NVIDIA", "NVIDIA's FP8": a publisher's checkpoint
    return any(
        abs(found.start() - at) <= _BESIDE_CHARS
        for found in _CHECKPOINT_RE.finditer(text)
        if not _OTHER_TRAIT_RE.search(text, max(0, found.start() - _TRAIT_CHARS), found.start())
        for at in formats
    )


# A format said with its publisher: "FP8 de NVIDIA", "FP8 von NVIDIA", "NVIDIA's FP8", "NVIDIA 的
# FP8", "nvidia版 FP8".
_PUBLISHERS = r"(?:nvidia|amd|red\s?hat|neural\s?magic|sgl-project)"
_PUBLISHED_BY_RE = gated_re(
    r"(?:nv)?(?:fp8|fp4|mxfp4|awq|int4|int8)\s?(?:de|von|by|from|da|do|d'|от|par)\s?"
    + _PUBLISHERS
    + r"(?![a-z])"
)
_PUBLISHER_BEFORE_RE = gated_re(r"(?<![a-z])" + _PUBLISHERS + r"(?:'s|’s| 的|的|の|의|版)\s?$")


# A version named by another trait right before its word ("MoE 版本", "the instruct version",
# "la versión distill"): not a checkpoint in a format.
_OTHER_TRAIT_RE = gated_re(
    r"moe|dense|instruct|base|chat|thinking|reasoning|distill|coder|vision|vl|蒸馏|蒸餾|思考|推理|"
    r"満血|满血|滿血|完整"
)
_TRAIT_CHARS = 10


def _compact(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def checkpoint_of(
    model_id: str | None,
    precision: str | None,
    text: str,
    ids: tuple[str, ...],
    *,
    named: str | None = None,
) -> str | None:
    """Return the catalog's checkpoint of ``model_id`` in ``precision`` when the text names one.

    ``text`` is the cleaned message; the model stays as found unless exactly one repository of
    the same model in that format fits (the one whose publisher the text names, when several).
    A repository ``named`` by its id stays as named.
    """
    words = _FORMAT_WORDS.get(precision or "")
    if model_id is None or named is not None or not words or not _beside(words, text):
        return model_id
    name = model_id.rsplit("/", 1)[-1]
    if any(word in name.lower() for word in words):
        return model_id
    stem = _compact(_BASE_SUFFIX_RE.sub("", name))
    found = [
        other
        for other in ids
        if other != model_id
        and _compact(other.rsplit("/", 1)[-1]).startswith(stem)
        and any(word in other.rsplit("/", 1)[-1].lower() for word in words)
        and len(_compact(other.rsplit("/", 1)[-1])) - len(stem) <= len(max(words, key=len)) + 1
    ]
    publishers = [other for other in found if other.split("/", 1)[0].lower() in text]
    chosen = publishers if len(found) > 1 else found
    return chosen[0] if len(chosen) == 1 else model_id
