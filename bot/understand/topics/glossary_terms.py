"""Which glossary term a definition question asks about ("what is FP8?", "что такое KV-кэш?").

Read only once a message is known to ask what something means (the lexicon's ``definition``
cue), so short names ("tp", "kv") are safe here. Each term's words in the ten languages; when a
message names several terms, the first named is the one asked about ("what does MLA do to the
KV cache?" asks about MLA).
"""

from __future__ import annotations

from bot.understand.gates import gated_re
from sizing import Term

# A Latin name not inside a longer one: "fp8" but not "xfp8", "moe" but not "moed".
_L = r"(?<![a-z0-9])"
_R = r"(?![a-z0-9])"

TERM_WORDS: dict[Term, str] = {
    Term.FP4: rf"{_L}(?:mx|nv)?fp4{_R}|{_L}float4{_R}|{_L}e2m1{_R}",
    Term.FP8: rf"{_L}fp8{_R}|{_L}float8{_R}|{_L}e4m3{_R}|{_L}e5m2{_R}",
    Term.BF16: (
        rf"{_L}(?:bf16|fp16|bfloat16|float16|bfloat){_R}|half[- ]precision|半精度"
        r"|половинн\w* точност|media precisión|meia precisão|halbe genauigkeit|demi-précision"
    ),
    Term.INT4: (
        rf"{_L}(?:int4|w4a16|awq|gptq){_R}|weight[- ]only|仅权重|僅權重|重みのみ"
        r"|только веса|solo pesos|somente pesos|nur gewichte|poids seuls"
    ),
    Term.MLA: (
        rf"{_L}mla{_R}|multi[- ]head latent|latent attention|潜在注意力|潛在注意力"
        r"|латентн\w* внимани|atención latente|atenção latente|latente[nr]? attention"
        r"|attention latente|潜在アテンション|잠재 어텐션"
    ),
    Term.MOE: (
        rf"{_L}moe{_R}|mixture[- ]of[- ]experts|混合专家|混合專家|专家混合|專家混合"
        r"|エキスパート混合|混合エキスパート|전문가 혼합|смес\w* эксперт|mezcla de expertos"
        r"|mistura de especialistas|mistura de experts|mélange d'experts|mischung von experten"
        r"|expertenmischung"
    ),
    Term.TENSOR_PARALLELISM: (
        rf"tensor[- ]?paralle|{_L}tp{_R}|тензорн\w* параллел|张量并行|張量並行|テンソル並列"
        r"|텐서 병렬|paralelismo de tensor|parallélisme de tenseur"
    ),
    Term.SLIDING_WINDOW: (
        rf"sliding[- ]?window|{_L}swa{_R}|скользящ\w* окн|滑动窗口|滑動窗口|スライディング"
        r"|슬라이딩|ventana deslizante|janela deslizante|gleitende[sn]? fenster"
        r"|fenêtre glissante"
    ),
    Term.TTFT: (
        rf"{_L}ttft{_R}|time[- ]to[- ]first[- ]token|first[- ]token latency|首字延迟|首字時間"
        r"|首字时间|首 ?token ?(?:延迟|延遲|时间|時間)|первого токена|первый токен"
        r"|最初のトークン|첫 ?토큰|primer token|primeiro token|ersten? tokens?"
        r"|premier token"
    ),
    Term.TPOT: (
        rf"{_L}(?:tpot|itl){_R}|time[- ]per[- ]output[- ]token|inter[- ]token latency"
        r"|per[- ]token latency|每个输出 ?token|每個輸出 ?token|token ?间延迟|token ?間延遲"
        r"|межтокенн|トークン間|토큰 ?간 ?지연|latencia entre tokens|latência entre tokens"
        r"|latence inter-?tokens?"
    ),
    Term.KV_CACHE: (rf"{_L}kv{_R}|key[- ]value cache|键值缓存|鍵值快取|鍵值緩存|ключ-значение"),
    Term.CONTEXT_LENGTH: (
        r"context (?:length|window|size)|контекст|上下文|コンテキスト|컨텍스트"
        r"|longitud de contexto|ventana de contexto|comprimento de contexto"
        r"|janela de contexto|kontextlänge|kontextfenster|longueur de contexte"
        r"|fenêtre de contexte"
    ),
}
_TERM_RES = tuple((term, gated_re(words)) for term, words in TERM_WORDS.items())


def term_named(text: str) -> Term | None:
    """Return the term ``text`` (cleaned) names first, if it names one the glossary explains."""
    found = [
        (match.start(), index, term)
        for index, (term, pattern) in enumerate(_TERM_RES)
        if (match := pattern.search(text)) is not None
    ]
    return min(found)[2] if found else None
