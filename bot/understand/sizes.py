"""Generic model sizes: "a 70B dense model", "671B MoE", "106B (12B active)", "700亿参数".

Read only when no catalog model is named, so the engine can size a model it does not know by
its parameter count. MoE-ness is what the text says (MoE, experts, an active count) or ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# 亿 (億, 억) is 10^8: 700亿 parameters are 70 billion.
_YI_PER_BILLION = 10
_BILLIONS = (
    r"b|bn|billion|billions|млрд\.?|миллиард\w*|milliard\w*|milliarden|mil millones|"
    r"bilhões|bilhoes|billones"
)
_SIZE_RE = re.compile(
    rf"(?<![a-z0-9.])(?P<num>\d+(?:\.\d+)?)\s?(?:(?P<b>{_BILLIONS})(?![a-zа-яё0-9])"
    rf"|(?P<yi>亿|億|억))"
)
_ACTIVE_AFTER = (
    r"active|activ[oa]s?|ativ[oa]s?|aktiv\w*|actifs?|actives?|активн\w*|激活|アクティブ|활성"
)
_ACTIVE_BEFORE = (
    r"(?:激活(?:参数|參數)?(?:量)?|active(?: params| parameters)?|активн\w*(?: параметр\w*)?|"
    r"アクティブ(?:パラメータ)?|활성(?:화)?(?: 파라미터)?|activ[oa]s|ativ[oa]s|aktiv\w*|actifs)"
)
_ACTIVE_RES = (
    re.compile(rf"(?<![a-z0-9.])(?P<num>\d+(?:\.\d+)?)\s?b\s?\(?\s?(?:{_ACTIVE_AFTER})"),
    re.compile(rf"{_ACTIVE_BEFORE}\s?[:=]?\s?(?:de |of |von )?(?P<num>\d+(?:\.\d+)?)\s?b(?![a-z])"),
    re.compile(r"(?<![a-z0-9])a(?P<num>\d+(?:\.\d+)?)b(?![a-z0-9])"),
)
_MOE_RE = re.compile(
    r"(?<![a-z])moe(?![a-z])|mixture[- ]of[- ]experts|experts|混合专家|混合專家|专家|專家|"
    r"エキスパート|専門家|전문가|эксперт|expert[eo]s|experten|experts"
)
_DENSE_RE = re.compile(
    r"(?<![a-z])dense(?![a-z])|稠密|密集|плотн\w*|densos?|densa|dicht\w*|denses?|デンス|밀집|"
    r"dense"
)


@dataclass(frozen=True, slots=True)
class GenericSize:
    """A parameter count from the text, in billions, with what it says about MoE."""

    params_b: float
    active_params_b: float | None
    moe: bool | None


def _active(text: str) -> tuple[float, int, int] | None:
    for pattern in _ACTIVE_RES:
        match = pattern.search(text)
        if match:
            return float(match.group("num")), match.start("num"), match.end("num")
    return None


def find_generic_size(text: str) -> GenericSize | None:
    """Find the total size named in ``text`` (not the active one), or ``None``."""
    active = _active(text)
    params_b: float | None = None
    for match in _SIZE_RE.finditer(text):
        if active is not None and match.start("num") == active[1]:
            continue
        value = float(match.group("num"))
        params_b = value / _YI_PER_BILLION if match.group("yi") else value
        break
    if params_b is None or params_b <= 0:
        return None
    moe: bool | None = None
    if active is not None or _MOE_RE.search(text):
        moe = True
    elif _DENSE_RE.search(text):
        moe = False
    active_b = active[0] if active is not None and active[0] < params_b else None
    return GenericSize(params_b=params_b, active_params_b=active_b, moe=moe)
