"""The software stack a team already runs, when it says so without "only" or "fine".

"we deploy with TensorRT-LLM" needs CUDA (TensorRT-LLM has no AMD version: knowledge.json);
"we're already on ROCm", "our MI300X cluster runs ROCm" accept it. Read only where the
platform reader (``bot.understand.platform``) found no constraint.
"""

from __future__ import annotations

import re

_ROCM_HOME_RE = re.compile(
    r"already (?:on|using|running|use|run|deploy(?:ing)? (?:on|with))\s?(?:the\s)?rocm|"
    r"rocm (?:is|as) (?:our )?(?:home|default|stack)|(?:we|i) (?:use|run|deploy with|"
    r"work with) rocm|"
    r"rocm (?:already|today|in production)|"
    r"(?:run|runs|running|have|own|use) (?:an? )?(?:amd )?(?:mi ?300x?|mi ?325x?|mi ?250)|"
    r"已经在用\s?rocm|已經在用\s?rocm|已经用\s?rocm|一直(?:在)?用\s?rocm|我们用\s?rocm|"
    r"我們用\s?rocm|"
    r"已经在\s?rocm|已經在\s?rocm|"
    r"(?:すでに|既に|もう)\s?rocm|rocmを(?:すでに|既に)?使って|rocm環境で|"
    r"이미 ?rocm|rocm ?환경|rocm을 ?(?:쓰고|사용하고)|"
    r"уже (?:на|используем|работаем (?:на|с)) ?rocm|сидим на rocm|"
    r"ya (?:estamos|usamos|trabajamos|corremos) (?:en |con )?rocm|"
    r"já (?:rodamos|usamos|estamos|roda) (?:em |no |com )?rocm|"
    r"(?:schon|bereits) (?:auf|mit) rocm|(?:nutzen|verwenden|laufen) (?:schon|"
    r"bereits) (?:auf )?rocm|"
    r"déjà (?:sur|sous) rocm|(?:utilise|utilisons) déjà rocm"
)
_CUDA_STACK_RE = re.compile(
    r"tensorrt[- ]?llm|\btrt[- ]?llm|\btensorrt\b|\bcuda graphs?\b|\bnccl\b|"
    # AMD ruled out, or CUDA kept, in words the platform reader does not join
    r"(?:amd|rocm)[^.?!]{0,20}(?:nicht in frage|out of the question|not an option|"
    r"no es una opción|não é uma opção|n'est pas une option|kommt nicht|ausgeschlossen|exclu|"
    r"descartad|не рассматрива|исключ|不考虑|不考慮|対象外|제외)|"
    r"(?:stay(?:ed|ing)?|stick(?:ing)?|remain(?:ed|ing)?) (?:on|with) (?:cuda|nvidia)|"
    r"bei (?:cuda|nvidia) geblieben|bleiben bei (?:cuda|nvidia)|restons sur (?:cuda|nvidia)|"
    r"seguimos (?:en|con) (?:cuda|nvidia)|continuamos (?:em|com|no) (?:cuda|nvidia)"
)
# A question about the stack ("does TensorRT-LLM run on the MI355X?") says nothing of the
# customer's own.
_ASKS_ABOUT_RE = re.compile(
    r"(?:support|run|work)s? (?:on|with)? ?(?:the )?mi ?355|(?:on|for) (?:the )?mi ?355x?\?|"
    r"mi ?355x?.{0,20}(?:支持|支援|サポート|지원|поддерж|soporta|suporta|unterstützt|supporte)"
)


_MARKS = ("rocm", "mi3", "mi 3", "mi2", "tensorrt", "trt", "cuda", "nccl", "amd", "nvidia")


def stack_cuda_only(text: str) -> bool | None:
    """Return False for a team already on ROCm, True for a CUDA-only stack named, else None."""
    if not any(mark in text for mark in _MARKS):
        return None
    if _ROCM_HOME_RE.search(text):
        return False
    if _CUDA_STACK_RE.search(text) and not _ASKS_ABOUT_RE.search(text):
        return True
    return None
