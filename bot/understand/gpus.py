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

# NVIDIA named for the platform: "只能用英伟达的卡" says CUDA only as plainly as "CUDA only".
_NV = r"(?:cuda|nvidia|英伟达|英偉達|n卡|エヌビディア|엔비디아|нвидиа)"
_CUDA_ONLY_RE = re.compile(
    rf"(?:only|just|must be|must use|strictly)\s(?:\w+\s)?{_NV}|"
    r"(?:need|needs|requires?)\s(?:\w+\s)?cuda|"
    rf"{_NV}[\s-]?(?:only|required|is a must|is required|必須|のみ|だけ|만|필수|必须|必需|"
    r"(?:es |é |ist |est |—? ?)?(?:obligatoire|obligatori[oa]|obrigatóri[oa]|pflicht|"
    r"erforderlich|zwingend|обязательн\w*))|"
    r"no\s(?:rocm|amd)|not\s(?:rocm|amd)|without\s(?:rocm|amd)|can'?t use (?:rocm|amd)|"
    rf"(?:只能|只|必须|必須|仅|僅|只能用|只用|必须用|必须是|要求)\s?(?:用|使用|是)?\s?{_NV}|"
    r"不(?:要|能|用|支持|考虑|考慮)\s?(?:用\s?)?(?:rocm|amd)|"
    rf"только\s(?:на\s)?{_NV}|без\s(?:rocm|amd)|не\s(?:rocm|amd)|нужна?\scuda|"
    r"(?:solo|sólo|solamente|únicamente|apenas|somente|só|nur|ausschließlich|uniquement|"
    rf"seulement|exclusivement|exclusivamente)\s(?:con\s|com\s|mit\s|en\s|sur\s|avec\s)?{_NV}|"
    r"(?:sin|sem|kein|keine|ohne|sans|pas de)\s(?:rocm|amd)|"
    r"(?:rocm|amd) (?:is not|isn'?t|is no|not) (?:ok|okay|fine|an option|acceptable)|"
    r"(?:rocm|amd)\s?(?:是)?(?:不行|不可|ダメ|不可以|안\s?돼|불가|"
    r"no sirve|não serve|geht nicht|ne marche pas|не подходит|нельзя|is not an option|won'?t work|"
    r"doesn'?t work|is a no)"
)
# Every platform phrase names one of these: without them both patterns are skipped (most
# messages name no platform, and the patterns are long).
_PLATFORM_WORDS = (
    "cuda",
    "nvidia",
    "rocm",
    "amd",
    "英伟达",
    "英偉達",
    "n卡",
    "エヌビディア",
    "엔비디아",
    "нвидиа",
)
# "ROCm is fine" in ten languages, with a few words between ("ROCm で動かしても大丈夫",
# "ROCm도 괜찮아요", "ROCm ça nous va"), but no negation among them ("rocm 不可以").
_NEGATION = (
    r"(?<![a-z])(?:not|no|[a-z]{2,5}n'?t|nicht|kein\w*|pas|ne|não|nao|"
    r"не|нельзя)(?![a-zа-яё])|"
    r"不|没|沒|ない|じゃ|안|못"
)
_FINE = (
    r"fine|ok|okay|good|acceptable|works|would work|no problem|not a problem|bien|vale|"
    r"no es problema|sin problema|no hay problema|tudo bem|sem problema|não tem problema|"
    r"aceitável|serve|geht|"
    r"passt|in ordnung|kein problem|ça (?:nous |me )?va|ça marche|convient|pas de problème|"
    r"pas de souci|подойд[её]т|подходит|норм\w*|можно|не проблема|без проблем|没问题|沒問題|"
    r"可以|行|大丈夫|いい|構わない|構いません|괜찮|가능|돼요|상관없|문제없"
)
_ROCM_FINE_RE = re.compile(
    rf"(?:rocm|amd)(?:(?!{_NEGATION})[^.!?;。！？；]){{0,14}}?(?:{_FINE})|"
    r"(?:ok|fine|happy|open)\s(?:with|to)\s(?:rocm|amd)|"
    r"(?:don'?t|doesn'?t|do not) (?:need|require) cuda|cuda (?:is )?not (?:required|needed|a must)|"
    r"cuda (?:no es|não é|n'est pas|ist nicht) (?:necesari[oa]|necessári[oa]|nécessaire|nötig)|"
    r"cuda не обязател\w*|不(?:需要|一定要)\s?cuda"
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
    if any(word in text for word in _PLATFORM_WORDS):
        if _ROCM_FINE_RE.search(text):
            cuda_only = False
        elif _CUDA_ONLY_RE.search(text):
            cuda_only = True
    needs_native_fp4 = True if _NATIVE_FP4_RE.search(text) else None
    return GpuMentions(tuple(ordered), cuda_only, needs_native_fp4, rest)
