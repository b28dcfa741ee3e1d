"""The software stack a team already runs, when it says so without "only" or "fine".

"we deploy with TensorRT-LLM" needs CUDA (TensorRT-LLM has no AMD version: knowledge.json);
"we're already on ROCm", "our MI300X cluster runs ROCm" accept it. Read only where the
platform reader (``bot.understand.platform``) found no constraint.
"""

from __future__ import annotations

from bot.understand.gates import gated_re

_ROCM_HOME_RE = gated_re(
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
    # (the team's stack said with ROCm in it: "a gente usa vLLM com ROCm", "we run vLLM on ROCm")
    r"(?:a gente usa|usamos|usa|we use|we run|utilisons|nutzen|usamos)\s[^.!?]{0,16}?"
    r"(?:com|with|con|avec|mit|on|sobre|auf|sous)\srocm|"
    r"(?:schon|bereits) (?:auf|mit) rocm|(?:nutzen|verwenden|laufen) (?:schon|"
    r"bereits) (?:auf )?rocm|"
    r"déjà (?:sur|sous) rocm|(?:utilise|utilisons) déjà rocm|"
    # all in on ROCm, or on AMD parts today: "on est 100 % ROCm", "we're fully ROCm", "on roule
    # DeepSeek sur des MI300X", "wir fahren alles auf MI300X"
    r"(?:100\s?%|fully|entièrement|totalement|komplett|todo|tudo|all[- ]in on) "
    r"(?:sur |en |em |auf |on )?rocm|on est (?:100\s?% )?(?:sur )?rocm|"
    r"(?<![a-zà-ÿ])(?:roul(?:e|ons|ent|ez)|tourn(?:e|ons|ent)|fahren|corremos|corre|rodamos|"
    r"roda) [^.!?]{0,32}"
    r"(?:mi ?300x?|mi ?325x?|mi ?250)"
)
_OWN = (
    r"(?:own|custom|in-house|hand-?written|wrote|自研|自己|自定义|自訂|自定義|自社|独自|自前|자체|"
    r"직접|собствен|сво[иийеё]|propi[oa]s|próprios|nossos|eigen|selbst|hauseigen|propres|"
    r"maison|"
    # the loanword and its kin: "커스텀 CUDA 커널", "カスタム CUDA カーネル" (not "要定制
    # CUDA 算子吗", which asks whether)
    r"커스텀|カスタム|personnalisés?|personalizad[oa]s|customizad[oa]s|angepasste?n?)"
)
_CUDA_KERNELS = (
    r"(?:cuda[- ]?(?:kernels?|内核|核函数|算子|カーネル|커널|ядр[а-яё]*|kern[a-z]*)|"
    r"(?:kernels?|noyaux|núcleos|ядр[а-яё]*)\s(?:de\s)?cuda)"
)
_CUDA_STACK_RE = gated_re(
    r"tensorrt[- ]?llm|\btrt[- ]?llm|\btensorrt\b|\bcuda graphs?\b|\bnccl\b|"
    # AMD ruled out, or CUDA kept, in words the platform reader does not join
    r"(?:amd|rocm)[^.?!]{0,20}(?:nicht in frage|out of the question|not an option|no-go|no go|"
    r"is out(?! of)|no es una opción|não é uma opção|n'est pas une option|kommt nicht|"
    r"ausgeschlossen|fällt (?:also |damit )?weg|exclu|hors de question|descartad|queda fuera|"
    r"está fora|fica de fora|fora de questão|не рассматрива|исключ|отпада|не вариант|不考虑|"
    r"不考慮|対象外|使えない|제외|안 ?돼)|"
    # the team's own CUDA kernels, which no other platform runs unported
    rf"{_OWN}[^.?!;。！？]{{0,25}}?{_CUDA_KERNELS}|{_CUDA_KERNELS}[^.?!;。！？]{{0,12}}?{_OWN}|"
    # CUDA kernels written for one NVIDIA generation: "Hopper 專用的 CUDA kernel", "kernels
    # CUDA optimisés pour Hopper", "sm_90 kernels"
    rf"(?:hopper|blackwell|sm_?[0-9]{{2,3}}a?|h100)[^.?!;。！？]{{0,16}}?{_CUDA_KERNELS}|"
    rf"{_CUDA_KERNELS}[^.?!;。！？]{{0,24}}?(?:hopper|blackwell|sm_?[0-9]{{2,3}}a?)|"
    r"(?:stay(?:ed|ing)?|stick(?:ing)?|remain(?:ed|ing)?) (?:on|with) (?:cuda|nvidia)|"
    r"bei (?:cuda|nvidia) geblieben|bleiben bei (?:cuda|nvidia)|restons sur (?:cuda|nvidia)|"
    r"seguimos (?:en|con) (?:cuda|nvidia)|continuamos (?:em|com|no) (?:cuda|nvidia)|"
    # the team's whole stack built on CUDA: "весь стек на CUDA", "our whole stack is CUDA"
    r"(?:стек|stack|pila|pilha|技术栈|技術棧|スタック|스택)[^.?!;。！？]{0,16}cuda|"
    r"(?:всё|все) (?:у нас )?на cuda|全部(?:都)?(?:在|用|基于|基於)\s?cuda"
)
# A question about the stack ("does TensorRT-LLM run on the MI355X?") says nothing of the
# customer's own.
_ASKS_ABOUT_RE = gated_re(
    r"(?:support|run|work)s? (?:on|with)? ?(?:the )?mi ?355|(?:on|for) (?:the )?mi ?355x?\?|"
    r"mi ?355x?.{0,20}(?:支持|支援|サポート|지원|поддерж|soporta|suporta|unterstützt|supporte)"
)


_MARKS = ("rocm", "mi3", "mi 3", "mi2", "tensorrt", "trt", "cuda", "nccl", "amd", "nvidia", "쿠다")


# "we already run everything on ROCm", "已經跑在 ROCm 上", "이미 전부 ROCm에서": a team on ROCm;
# "already tried ROCm" says nothing of where it runs.
_ALREADY_ON_RE = gated_re(
    r"(?:(?<![a-z])(?:already|schon|bereits|déjà|ya|já)(?![a-z])|уже|已经|已經|すでに|既に|もう|이미)"
    r"[^.!?;,。！？，、]{0,24}?rocm"
)
_TRIED_RE = gated_re(
    r"tried|test|pilot|essay|prob|versuch|попроб|试|試|써 ?봤|試し|porting|port(?:ed)? "
)
# Porting the team's code elsewhere says what it has, not what it needs.
_PORTING_RE = gated_re(
    r"(?<![a-z])port(?:ing|ed)?\s|migrat|portar|portier|porter|移植|перен|hipify"
)


def _already_on_rocm(text: str) -> bool:
    found = _ALREADY_ON_RE.search(text)
    return found is not None and _TRIED_RE.search(found.group()) is None


def stack_cuda_only(text: str) -> bool | None:
    """Return False for a team already on ROCm, True for a CUDA-only stack named, else None."""
    if not any(mark in text for mark in _MARKS):
        return None
    if _ROCM_HOME_RE.search(text) or _already_on_rocm(text):
        return False
    if _NOT_USED_RE.search(text):
        return False  # "うちはTensorRT-LLMは使っていません", "keine eigenen CUDA-Kernels"
    found = _CUDA_STACK_RE.search(text)
    if found and _NO_PORT_RE.search(text):
        return True  # "portar pra ROCm agora não rola": porting ruled out, CUDA it is
    if found and not _ASKS_ABOUT_RE.search(text) and not _PORTING_RE.search(text):
        return True
    return None


# Porting ruled out: "portar pra ROCm agora não rola", "porting is not an option".
_NO_PORT_RE = gated_re(
    # not wanting to port: "qu'on ne veut pas porter", "we don't want to port", "no queremos
    # portarlos", "wollen wir nicht portieren", "не хотим портировать", "不想移植"
    r"(?:ne (?:veut|voulons|veulent) pas|don'?t want to|do not want to|no queremos|não queremos|"
    r"wollen (?:wir )?nicht|не хотим|不想|不打算)\s?(?:\w+\s)?(?:porter|port|portar|portarl[oa]s|"
    r"portieren|портировать|移植)|"
    r"(?:portar|port(?:ing)?|migrar|portieren|porter|移植|перен[оеё]с\w*)[^.?!;。]{0,30}"
    r"(?:não rola|não dá|not (?:possible|an option|happening|feasible)|no way|no es posible|"
    r"no se puede|nicht (?:drin|möglich|machbar)|pas possible|невозможн|не вариант|不可能|無理|"
    r"できない|안 ?돼|불가)"
)


# The CUDA-only stack said not to be used: "TensorRT-LLMは使っていません", "we don't use TRT-LLM",
# "kein TensorRT", "no own CUDA kernels".
_NOT_USED_RE = gated_re(
    r"(?:tensorrt(?:-llm)?|trt-?llm)\s?(?:は|を)?\s?(?:使っていません|使ってない|使わない|"
    r"使用していません)|(?:don't|do not|doesn't|does not|never) use (?:tensorrt|trt)|"
    r"(?:no|não) usamos (?:tensorrt|trt)|keine?n? (?:eigenen? )?(?:tensorrt|trt|cuda-?kernel)|"
    r"pas de (?:tensorrt|trt)|не используем (?:tensorrt|trt)|(?:不用|没用|沒用)\s?(?:tensorrt|trt)|"
    r"no (?:own |custom )?cuda kernels|"
    # the team's own CUDA kernels said to be none: "aucun kernel CUDA maison", "sin kernels CUDA
    # propios", "никаких своих CUDA-ядер", "自前のCUDAカーネルはない", "자체 CUDA 커널은 없"
    rf"(?<![a-zà-ÿ])(?:no|zero|aucune?|pas de|ningún|ningun|ninguno|sin|nenhum|sem|kein(?:e|en)?|"
    rf"никаких|нет|没有|沒有|无|無)\s?(?:{_OWN}\s?)?(?:de\s)?{_CUDA_KERNELS}|"
    rf"{_CUDA_KERNELS}\s?(?:は|은|는|이|가)?\s?(?:ない|ありません|なし|없|none)"
)
