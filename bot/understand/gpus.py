"""GPUs named in a message, and the two platform constraints: CUDA only, native FP4.

Only the GPUs FullGPU sizes count (h200, mi355x, b200); "H100" or "GH200" are none of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.understand.numbers import blank

# "8xh200" and "8卡H200" glue a count to the name: a digit-x prefix is allowed, a letter is not
# ("gh200" is Grace Hopper, "gb200" a different system).
_LEFT = r"(?:(?<=\dx)|(?<![a-z0-9]))"
_GPU_RES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(rf"{_LEFT}(?:(?:nvidia|hgx|dgx)[\s-]?)?h200(?:[\s-]?(?:sxm|nvl|141gb))?(?!\d)"),
        "h200",
    ),
    (re.compile(rf"{_LEFT}(?:(?:amd|instinct)[\s-]?)?mi[\s-]?355x?(?![0-9])"), "mi355x"),
    (re.compile(rf"{_LEFT}(?:(?:nvidia|hgx|dgx)[\s-]?)?b200(?!\d)"), "b200"),
)

_CUDA_ONLY_RE = re.compile(
    r"(?:only|just|must be|must use|need|needs|requires?|strictly)\s(?:\w+\s)?cuda|"
    r"cuda[\s-]?(?:only|required|is a must|is required|必須|のみ|だけ|만|필수|必须|必需|only)|"
    r"no\s(?:rocm|amd)|not\s(?:rocm|amd)|without\s(?:rocm|amd)|can'?t use (?:rocm|amd)|"
    r"(?:只能|只|必须|必須|仅|僅|只能用|只用|必须用|必须是|要求)\s?(?:用|使用|是)?\s?cuda|"
    r"不(?:要|能|用|支持|考虑|考慮)\s?(?:用\s?)?(?:rocm|amd)|"
    r"только\s(?:на\s)?cuda|без\s(?:rocm|amd)|не\s(?:rocm|amd)|нужна?\scuda|"
    r"(?:solo|sólo|solamente|únicamente|apenas|somente|só|nur|ausschließlich|uniquement|"
    r"seulement|exclusivement|exclusivamente)\s(?:con\s|com\s|mit\s|en\s|sur\s|avec\s)?cuda|"
    r"(?:sin|sem|kein|keine|ohne|sans|pas de)\s(?:rocm|amd)|"
    r"rocm\s?(?:不行|不可|ダメ|不可以|안\s?돼|불가|"
    r"no sirve|não serve|geht nicht|ne marche pas|не подходит|нельзя|is not an option|won'?t work|"
    r"doesn'?t work|is a no)"
)
_ROCM_FINE_RE = re.compile(
    r"rocm\s?(?:is |would be |es |está |é |ist |est |тоже |也)?\s?(?:fine|ok|okay|good|acceptable|"
    r"works|bien|vale|tudo bem|aceitável|serve|geht|passt|in ordnung|ça va|ça marche|"
    r"convient|подойд[её]т|подходит|норм\w*|можно|没问题|沒問題|可以|行|也行|でも(?:ok|大丈夫|"
    r"いい|構わない)|大丈夫|で(?:も)?いい|괜찮|가능|돼요)|"
    r"(?:amd|rocm)\s(?:is\s)?fine|(?:ok|fine|happy|open)\s(?:with|to)\s(?:rocm|amd)|"
    r"(?:don'?t|doesn'?t|do not) (?:need|require) cuda|cuda (?:is )?not (?:required|needed|a must)"
)
_NATIVE_FP4_RE = re.compile(
    r"(?:nativ|natif)\w*\s(?:de\s|em\s|en\s)?(?:fp4|nvfp4|mxfp4|4-?bit)|(?:fp4|nvfp4|mxfp4)\s?(?:native|natively|"
    r"support|支持|原生|ネイティブ|네이티브|nativo|nativa|nativ|natif|native|нативн\w*|"
    r"на уровне железа|en hardware|em hardware|in hardware|hardware)|"
    r"原生\s?(?:支持\s?)?(?:fp4|nvfp4|mxfp4)|ネイティブ\s?(?:の\s?)?(?:fp4|nvfp4)|"
    r"네이티브\s?(?:fp4|nvfp4)|нативн\w*\s(?:поддержк\w*\s)?(?:fp4|nvfp4)|"
    r"(?:fp4|nvfp4) nativ[oa]?|hardware (?:fp4|nvfp4)|(?:fp4|nvfp4) (?:tensor cores|in silicon)"
)


@dataclass(frozen=True, slots=True)
class GpuMentions:
    """GPUs in order of first mention, the platform constraints, and the text without GPUs."""

    gpus: tuple[str, ...]
    cuda_only: bool | None
    needs_native_fp4: bool | None
    rest: str


def find_gpus(text: str) -> GpuMentions:
    """GPU names in order of first mention; their spans are blanked in ``rest``."""
    found: list[tuple[int, str]] = []
    rest = text
    for pattern, gpu in _GPU_RES:
        for match in pattern.finditer(text):
            found.append((match.start(), gpu))
            rest = blank(rest, match.start(), match.end())
    ordered: list[str] = []
    for _, gpu in sorted(found):
        if gpu not in ordered:
            ordered.append(gpu)
    cuda_only: bool | None = None
    if _ROCM_FINE_RE.search(text):
        cuda_only = False
    elif _CUDA_ONLY_RE.search(text):
        cuda_only = True
    needs_native_fp4 = True if _NATIVE_FP4_RE.search(text) else None
    return GpuMentions(tuple(ordered), cuda_only, needs_native_fp4, rest)
