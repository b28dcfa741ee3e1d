"""Workload figures written as a form: "label: value" items, typed or pasted from a sheet.

"peak req/min: 120", "rpm: 300", "avg in: 2500", "avg_out: 500", "avg in / out tokens: 3000 / 600",
"запросов/мин: 40", "输入 tokens: 2000": the label says what the figure is, the value stands
after it. Rows pasted from a spreadsheet arrive in this shape too (``bot.understand.sheets``).
Read before the other target readers, which look for a number with its words around it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.items import ITEMS
from bot.understand.numbers import blank, parse_number
from bot.understand.target_words import (
    HOUR,
    INPUT_WORDS,
    MINUTE,
    OUTPUT_WORDS,
    RATE_ABBR,
    REQUESTS,
    SECOND,
    TOKENS,
    per_minute,
)

_NUMBER = r"[0-9][0-9.,]*(?:\s?k)?"
# One item: a label, a colon or an equals sign, a number or two ("3000 / 600"), tokens maybe.
_ITEM_RE = gated_re(
    r"(?:^|(?<=[;\n]))\s*(?P<label>[^:;=\n0-9][^:;=\n]{0,39}?)\s*[:：=]\s*"
    # (a bound before the figure: "≥ 25/s", "min. 30")
    r"(?:(?:≥|>=|>|min\.?|mind\.?|at least|au moins|mínimo|минимум)\s?)?"
    rf"(?P<first>{_NUMBER})(?:\s?/\s?(?P<second>{_NUMBER}))?\s*(?:{TOKENS})?"
    # (a speed's unit after it: "25/s", "30 tok/s")
    r"(?:\s?(?P<speed>/\s?s(?:ec)?|tok/s|t/s|tokens?/s))?\s*(?=;|\n|$)"
)
_EDGE = r"(?<![a-zа-яё])"
_END = r"(?![a-zа-яё])"


@cache
def _label_res() -> dict[str, Searchable]:
    per = r"(?:\s?/\s?|\s(?:per|por|pro|par|в|за|a)\s|\s?每\s?)"
    return {
        "rate": gated_re(
            rf"{_EDGE}(?:{'|'.join(re.escape(abbr) for abbr in RATE_ABBR)}|qpm){_END}|"
            rf"{_EDGE}(?:{REQUESTS}){per}(?P<unit>{SECOND}|{MINUTE}|{HOUR}){_END}"
        ),
        "input": gated_re(rf"{_EDGE}(?:{INPUT_WORDS}|in|isl){_END}"),
        "output": gated_re(rf"{_EDGE}(?:{OUTPUT_WORDS}|out|osl){_END}"),
        # "Token pro Nutzer", "tokens per user", "tok/s por usuario": each user's speed
        "per_user": gated_re(
            rf"{_EDGE}(?:{TOKENS}|tok/s|speed|geschwindigkeit|velocidad|velocidade|vitesse|скорость)"
            r"\s?(?:/\s?s\s?)?(?:pro|per|por|par|на|每|/)\s?(?:nutzer|user|usuario|usuário|"
            r"utilisateur|benutzer|пользовател\w*|用户|用戶|ユーザー|사용자)"
        ),
    }


# A count of documents ("docs", "# tickets", "rows") and the tokens of each ("avg tokens",
# "tokens/doc", "平均 token 数"): a job of those documents.
_DOCUMENTS_RE = gated_re(rf"^(?:#\s?|n\s|num\s|number of\s|total\s)?(?:{ITEMS})$")
_EACH_TOKENS_RE = gated_re(
    rf"(?:avg|average|mean|per|each|/|平均|每|평균|в среднем|moyenne|media|médi[ao]|schnitt)"
    rf".{{0,12}}(?:{TOKENS})|(?:{TOKENS}).{{0,6}}(?:/|per|each|por|pro|par|每)\s?(?:doc|document|"
    rf"item|row|file|ticket)"
)


@dataclass(frozen=True, slots=True)
class FormFigures:
    """The figures a form states, and the text without them."""

    rest: str
    values: dict[str, float]


def _number(text: str) -> float | None:
    thousands = text.rstrip().endswith("k")
    value = parse_number(text.rstrip().rstrip("k").strip())
    if not math.isfinite(value) or value <= 0:
        return None
    return value * 1000 if thousands else value


def _rate_per_minute(match: re.Match[str]) -> float | None:
    abbr = match.group().strip()
    if abbr in RATE_ABBR:
        return RATE_ABBR[abbr]
    if abbr == "qpm":
        return 1.0
    unit = match.group("unit")
    return per_minute(unit) if unit else None


def _figures(label: str, first: float, second: float | None) -> dict[str, float]:
    """Return what one item's figures are, by the words of its label."""
    labels = _label_res()
    said_in = labels["input"].search(label) is not None
    said_out = labels["output"].search(label) is not None
    if labels["per_user"].search(label) is not None and second is None:
        return {"tokens_per_user_tok_s": first}
    rate = labels["rate"].search(label)
    if rate is not None and second is None:
        factor = _rate_per_minute(rate)
        return {} if factor is None else {"requests_per_minute": first * factor}
    if said_in and said_out and second is not None:
        return {"input_tokens": first, "output_tokens": second}
    if second is not None or said_in == said_out:
        return {}
    return {"input_tokens" if said_in else "output_tokens": first}


def read_form(text: str) -> FormFigures:
    """Read the rates and lengths a form's items state; blank each item read."""
    if ":" not in text and "=" not in text and "：" not in text:
        return FormFigures(text, {})
    values: dict[str, float] = {}
    rest = text
    for item in _ITEM_RE.finditer(text):
        first = _number(item.group("first"))
        second = _number(item.group("second")) if item.group("second") else None
        if first is None or (item.group("second") and second is None):
            continue
        label = item.group("label").strip()
        taken = _figures(label, first, second)
        if item.group("speed") and "tokens_per_user_tok_s" not in taken:
            continue  # "output: 50 tok/s": a speed, no length; the speed readers take it
        if not taken and second is None and _DOCUMENTS_RE.match(label):
            taken = {"documents": first}
        elif not taken and second is None and _EACH_TOKENS_RE.search(label):
            taken = {"input_tokens": first}  # "avg tokens" of a document: its prompt
        if taken:
            for name, value in taken.items():
                values.setdefault(name, value)
            rest = blank(rest, item.start(), item.end())
    if "documents" in values and "input_tokens" in values:
        values["batch_tokens"] = values["documents"] * values["input_tokens"]
    else:
        values.pop("documents", None)
    return FormFigures(rest, values)
