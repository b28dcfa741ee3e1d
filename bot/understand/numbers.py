"""Numbers as customers write them: grouped digits, k/M suffixes, 万, Chinese numerals.

Every finder works on cleaned (lower-cased, NFKC) text and returns the value together with
the text where the consumed span is blanked out, so a budget of "$10k" is never read again as
a 10k context. Blanking keeps offsets, so spans found earlier stay valid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sizing import TOKENS_PER_K, TOKENS_PER_M

# One number: digits grouped by comma, dot, apostrophe or space ("32 000", "128.000"), or
# digits with an optional decimal part ("12.8", "1,5"). A space-grouped number must not be
# followed by a k/M/万 suffix, so "8 128k" stays "8" and "128k".
NUMBER_PATTERN = (
    r"(?<![a-z0-9])(?<!\d\.)"
    r"(?P<num>\d{1,3}(?:[,.']\d{3})+(?![\d])"
    r"|\d{1,3}(?: \d{3})+(?![\d])(?!\s?[kкmм万萬만])"
    r"|\d+(?:[.,]\d+)?)"
)
_GROUPED_RE = re.compile(r"\d{1,3}(?:[,.' ]\d{3})+")
_CHINESE_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "兩": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CHINESE_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "萬": 10_000}
CHINESE_NUMERAL_PATTERN = r"[零〇一二两兩三四五六七八九十百千万萬]+"


def parse_number(token: str) -> float:
    """Value of one NUMBER_PATTERN match: grouped digits are whole, "1,5" is 1.5."""
    if _GROUPED_RE.fullmatch(token):
        return float(re.sub(r"[,.' ]", "", token))
    return float(token.replace(",", "."))


def parse_chinese_numeral(token: str) -> int | None:
    """Value of a Chinese numeral such as 一万, 两万五千, 十二万, 一万五 (= 15000)."""
    total = section = 0
    digit: int | None = None
    last_unit = 1
    for char in token:
        if char in _CHINESE_DIGITS:
            digit = _CHINESE_DIGITS[char]
            continue
        unit = _CHINESE_UNITS.get(char)
        if unit is None:
            return None
        if unit == 10_000:  # noqa: PLR2004 - 万 closes a section: everything before is multiplied
            total += (section + (digit or 0)) * unit
            section = 0
        else:
            section += (1 if digit is None else digit) * unit
        digit = None
        last_unit = unit
    if digit is not None:
        # A trailing digit after a unit is one step below it: 一万五 = 15000, 三千二 = 3200.
        section += digit * (last_unit // 10 if last_unit >= 10 else 1)  # noqa: PLR2004
    value = total + section
    return value or None


def blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` replaced by spaces, offsets unchanged."""
    return text[:start] + " " * (end - start) + text[end:]


@dataclass(frozen=True, slots=True)
class Found:
    """A value read from the text and the text without it."""

    value: int
    rest: str


# Context lengths count tokens in powers of two: "128k" is 131,072 (the convention of model
# cards and of vLLM's --max-model-len); "1M" is 1,048,576. Numbers written in full are kept.
_TEN_THOUSAND = 10_000
# A bare number below this is never a context length (it would not hold one prompt).
_MIN_PLAIN_CONTEXT_TOKENS = 256
# Without a context word nearby, a suffixed number beyond this is not read as a context
# (the longest contexts of the catalog's models are 10M tokens, Llama 4 Scout).
_MAX_UNCUED_CONTEXT_TOKENS = 10 * TOKENS_PER_M
# How far (characters) a context word may stand from a number and still label it.
_CUE_REACH_CHARS = 24

_CONTEXT_CUE_RE = re.compile(
    r"context|ctx|контекст|コンテキスト|컨텍스트|contexto|kontext|contexte|上下文|"
    r"max[-_ ]?model[-_ ]?len|seq(?:uence)?[-_ ]?len|window|长度|長度|窗口|長さ|길이|"
    r"tokens?|токен|トークン|토큰|プロンプト|prompt"
)
# A context word right before a number labels it, unless the word already follows a number
# ("32k ctx 50 users": ctx belongs to 32k).
_CONTEXT_CUE_BEFORE_RE = re.compile(
    rf"(?:{_CONTEXT_CUE_RE.pattern})[\s:=]*(?:of|de|von|为|為|是|は|은|는|~|≈|约|約)?\s*$"
)
# A standalone number (not the tail of a name such as "bf16" or "fp8") right before a cue.
_NUMBER_BEFORE_CUE_RE = re.compile(r"(?<![a-z0-9.,])\d[\d.,]*\s?[kкmм]?\s?$")


def labels_next_number(text: str, number_start: int) -> bool:
    """Whether a context word right before ``number_start`` in ``text`` labels that number."""
    window_start = max(0, number_start - _CUE_REACH_CHARS)
    cue = _CONTEXT_CUE_BEFORE_RE.search(text, window_start, number_start)
    if cue is None:
        return False
    return _NUMBER_BEFORE_CUE_RE.search(text, window_start, cue.start()) is None


_SUFFIXED_CONTEXT_RE = re.compile(rf"{NUMBER_PATTERN}\s?(?P<unit>[kк]|[mм]|万|萬|만)(?![a-zа-яё])")
# "32 mil tokens", "64 тыс. токенов": a thousand written as a word is decimal, as written.
_THOUSANDS_CONTEXT_RE = re.compile(
    rf"{NUMBER_PATTERN}\s?(?:mil|тыс\.?|тысяч\w*|thousand|tausend|mille|千)(?![a-zа-яё])"
)
_THOUSAND = 1000
_PLAIN_AFTER_CUE_RE = re.compile(
    rf"(?:context|ctx|контекст\w*|コンテキスト長?|컨텍스트|contexto|kontext\w*|contexte|"
    rf"上下文(?:长度|長度|窗口)?|max[-_ ]?model[-_ ]?len|seq(?:uence)?[-_ ]?len(?:gth)?)"
    rf"[^\d]{{0,12}}?{NUMBER_PATTERN}(?!\s?[kкmм万萬만\d])"
)
_PLAIN_BEFORE_CUE_RE = re.compile(
    rf"{NUMBER_PATTERN}\s?(?:-\s?)?(?:tokens?|токен\w*|トークン|토큰|ctx|context|"
    rf"(?:de |of )?(?:contexto|context|contexte)|kontext)"
)
_UNIT_FACTORS = {
    "k": TOKENS_PER_K,
    "к": TOKENS_PER_K,
    "m": TOKENS_PER_M,
    "м": TOKENS_PER_M,
    "万": _TEN_THOUSAND,
    "萬": _TEN_THOUSAND,
    "만": _TEN_THOUSAND,
}


def _near_cue(text: str, start: int, end: int) -> bool:
    window = text[max(0, start - _CUE_REACH_CHARS) : end + _CUE_REACH_CHARS]
    return _CONTEXT_CUE_RE.search(window) is not None


def find_context(text: str) -> Found | None:
    """Find the context length: a suffixed number (near a cue first) or a full one by a cue."""
    candidates: list[tuple[int, int, int, int]] = []  # (rank, start, end, tokens)
    for match in _SUFFIXED_CONTEXT_RE.finditer(text):
        tokens = round(parse_number(match.group("num")) * _UNIT_FACTORS[match.group("unit")])
        rank = 0 if _near_cue(text, match.start(), match.end()) else 2
        if rank and tokens > _MAX_UNCUED_CONTEXT_TOKENS:
            continue  # "31m" alone is more likely minutes, metres or money than a context
        candidates.append((rank, match.start(), match.end(), tokens))
    for match in _THOUSANDS_CONTEXT_RE.finditer(text):
        if _near_cue(text, match.start(), match.end()):
            tokens = round(parse_number(match.group("num")) * _THOUSAND)
            candidates.append((0, match.start(), match.end(), tokens))
    for pattern in (_PLAIN_BEFORE_CUE_RE, _PLAIN_AFTER_CUE_RE):
        for match in pattern.finditer(text):
            tokens = round(parse_number(match.group("num")))
            if tokens >= _MIN_PLAIN_CONTEXT_TOKENS:
                candidates.append((1, match.start(), match.end(), tokens))
    if not candidates:
        return None
    _, start, end, tokens = min(candidates)
    if tokens <= 0:
        return None
    return Found(tokens, blank(text, start, end))


_COUNT = rf"{NUMBER_PATTERN}(?P<k>\s?k(?![a-z]))?"
_CONCURRENCY_NOUNS = (
    r"(?:concurrent|simultaneous|parallel|users?|requests?|reqs|sessions?|people|clients?|"
    r"devs|developers|engineers|employees|seats|agents|"
    r"streams?|seqs|sequences|conversations|chats|пользовател\w*|юзер\w*|запрос\w*|сесси\w*|"
    r"человек|одновременн\w*|параллельн\w*|usuari[oa]s|usuários|peticiones|solicitudes|"
    r"requisições|solicitações|pessoas|personas|nutzer\w*|benutzer\w*|anfragen|anwender\w*|"
    r"utilisateurs?|requêtes|personnes|simultanés)(?![a-zа-яё])"
    r"|(?:个|個|路|位|名)?(?:并发|並發|併發|用户|用戶|请求|請求|会话|會話|人)"
    r"|ユーザー?|リクエスト|同時|人|명|사용자|동시"
)
_COUNT_THEN_NOUN_RE = re.compile(
    rf"{_COUNT}(?:\s+(?:[a-zà-ÿа-яё]+\s+){{0,2}}|\s*)(?:{_CONCURRENCY_NOUNS})"
)
# "并发改成 100", "同時接続数を100に", "concurrency to 100": a verb or particle of change.
_SET_TO = (
    r"(?:改成|改为|改為|设为|設為|设成|設成|调到|調到|调成|調成|换成|換成|增加到|提高到|を|は|to)"
)
_CUE_THEN_COUNT_RE = re.compile(
    r"(?:concurrency|concurrent (?:users|requests|sessions)|simultaneous (?:users|requests)|"
    r"parallel requests|batch(?:[-_ ]?size)?|--?max[-_]num[-_]seqs|max[-_]num[-_]seqs|"
    r"батч\w*|배치(?:\s?(?:크기|사이즈))?|バッチ(?:サイズ)?|批(?:次|量)?大小|批量|"
    r"lote|tamaño de lote|tamanho do lote|taille de lot|"
    r"users|并发(?:数|量|用户数?|请求数?)?|並發(?:數|量)?|併發|同时在线|同時(?:接続|リクエスト|"
    r"ユーザー)?数?|동시\s?(?:요청|사용자|접속)?(?:\s?수)?|concurrencia|concorrência|"
    r"simultaneidad|nebenläufigkeit|parallelität|одновременн\w*(?: \w+)?|параллельн\w*(?: \w+)?)"
    rf"\s?[:=]?\s?(?:{_SET_TO}\s?)?"
    rf"(?:of|de|von|du|около|примерно|约|約|大约|大概|~|≈|about|around|ca\.?)?\s?{_COUNT}"
)


def find_concurrency(text: str) -> Found | None:
    """How many sequences at once: "50 users", "并发 30", "batch 8", "--max-num-seqs 64"."""
    best: re.Match[str] | None = None
    for pattern in (_CUE_THEN_COUNT_RE, _COUNT_THEN_NOUN_RE):
        for match in pattern.finditer(text):
            # "上下文 32768 并发 16": a number right after a context word is the context.
            if pattern is _COUNT_THEN_NOUN_RE and labels_next_number(text, match.start("num")):
                continue
            # "32K 并发 200": the cue that ends this match has its own count after it, and
            # that labelled count wins; the number before the cue is then the context.
            cued_inside = best is not None and match.start() < best.start() < match.end()
            if (best is None or match.start() < best.start()) and not cued_inside:
                best = match
            break
    if best is None:
        return None
    count = parse_number(best.group("num")) * (1000 if best.group("k") else 1)
    if count < 1 or count != int(count):
        return None
    return Found(int(count), blank(text, best.start(), best.end()))
