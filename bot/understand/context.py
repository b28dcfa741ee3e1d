"""The context length: "128k", "128K ctx", "32 000 tokens", "上下文 12.8万", "64 тыс. токенов".

Context lengths count tokens in powers of two when written with a letter: "128k" is 131,072
(the convention of model cards and of vLLM's --max-model-len) and "1M" 1,048,576. Numbers
written in full, and thousands or millions written as words or East Asian units ("32 mil",
"64 тыс.", "12.8万", "1 milhão"), are kept as written.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

from bot.understand import lexicon, limits
from bot.understand.gates import Searchable, gated_re
from bot.understand.items import ITEMS
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    MILLION_LETTERS,
    NUMBER_PATTERN,
    THOUSAND_LETTERS,
    Found,
    blank,
    magnitude_factor,
    magnitude_pattern,
    parse_cjk_number,
    parse_number,
    scan,
    worth_trying,
)
from sizing import TOKENS_PER_K, TOKENS_PER_M

# A bare number below this is never a context length (it would not hold one prompt).
_MIN_PLAIN_CONTEXT_TOKENS = 256
# Without a context word nearby, a suffixed number beyond this is not read as a context
# (the longest contexts of the catalog's models are 10M tokens, Llama 4 Scout).
_MAX_UNCUED_CONTEXT_TOKENS = 10 * TOKENS_PER_M
# How far (characters) a context word may stand from a number and still label it.
_CUE_REACH_CHARS = 24
# Numbers read per notation: a message states its context among its first ones (this bounds
# the work on a wall of numbers).
_MAX_CANDIDATES = 32


@cache
def _cue_re() -> Searchable:
    cues = lexicon.words("context_cues") + lexicon.words("tokens")
    return gated_re(lexicon.union(cues))


@cache
def _cue_before_re() -> Searchable:
    # A context word right before a number labels it, unless the word already follows a number
    # ("32k ctx 50 users": ctx belongs to 32k).
    return gated_re(
        rf"(?:{_cue_re().pattern})[\s:=]*(?:of|de|von|为|為|是|は|은|는|~|≈|约|約|:)?\s*$"
    )


# A standalone number (not the tail of a name such as "bf16" or "fp8") right before a cue.
_NUMBER_BEFORE_CUE_RE = gated_re(r"(?<![a-z0-9.,])[0-9][0-9.,]*\s?[kкmм]?\s?$")


def labels_next_number(text: str, number_start: int) -> bool:
    """Whether a context word right before ``number_start`` in ``text`` labels that number."""
    window_start = max(0, number_start - _CUE_REACH_CHARS)
    cue = _cue_before_re().search(text, window_start, number_start)
    if cue is None:
        return False
    return _NUMBER_BEFORE_CUE_RE.search(text, window_start, cue.start()) is None


@cache
def _suffixed_res() -> tuple[Searchable, ...]:
    letters = THOUSAND_LETTERS + MILLION_LETTERS
    return (
        gated_re(CJK_NUMBER_PATTERN),
        gated_re(
            rf"{NUMBER_PATTERN}\s?(?:(?P<letter>[{letters}])(?![{lexicon.WORD_LETTER}])"
            rf"|(?P<mag>{magnitude_pattern()}))"
        ),
    )


@cache
def _plain_after_cue_re() -> Searchable:
    cues = lexicon.pattern("context_cues")
    return gated_re(rf"(?:{cues})[^0-9]{{0,12}}?{NUMBER_PATTERN}(?!\s?[kкmм万萬만\d])")


@cache
def _plain_before_cue_re() -> Searchable:
    cues = lexicon.union(lexicon.words("context_cues") + lexicon.words("tokens"))
    return gated_re(rf"{NUMBER_PATTERN}\s?(?:-\s?)?(?:de |of )?(?:{cues})")


@cache
def _people_after_re() -> Searchable:
    return gated_re(rf"\s?(?:{lexicon.pattern('people')})")


def _near_cue(text: str, start: int, end: int) -> bool:
    window = text[max(0, start - _CUE_REACH_CHARS) : end + _CUE_REACH_CHARS]
    return _cue_re().search(window) is not None


def _suffixed_tokens(match: re.Match[str], language: str) -> float:
    groups = match.groupdict()
    if groups.get("cjk"):
        return parse_cjk_number(groups["cjk"])
    value = parse_number(groups["num"])
    letter = groups.get("letter")
    if letter:
        return value * (TOKENS_PER_K if letter in THOUSAND_LETTERS else TOKENS_PER_M)
    return value * magnitude_factor(match.group("mag"), language)


def _plain_patterns(text: str) -> list[Searchable]:
    """Return the patterns of a number without a suffix that ``text`` has the words for."""
    if lexicon.search("context_cues", text):
        return [_plain_before_cue_re(), _plain_after_cue_re()]
    return [_plain_before_cue_re()] if lexicon.search("tokens", text) else []


Candidate = tuple[int, int, int, float]  # (rank, start, end, tokens)


def _first(best: Candidate | None, rank: int, start: int) -> bool:
    """Whether a candidate at ``start`` of ``rank`` would come before ``best``."""
    return best is None or (rank, start) < best[:2]


# A length said not to be needed ("we do NOT need 128K, 32K is plenty", "上下文不用 128K"):
# the length after it is the one.
_NOT_NEEDED_RE = gated_re(
    r"(?:don'?t|do not|doesn'?t|does not|won'?t) (?:really )?need|no need for|not need|"
    r"不用|不需要|用不到|用不着|用不著|не нужн[оа]?|не надо|必要(?:は)?ない|いらない|필요 ?없|"
    r"no necesitamos|no hace falta|não precisamos(?: de)?|não precisa(?: de)?|"
    r"brauchen (?:kein|nicht)|pas besoin (?:de|d')|n'avons pas besoin"
)
_NOT_NEEDED_REACH = 24
# The model's own window said after it: "el '10M' de la ficha es el contexto máximo teórico",
# "256K on the model card", "128K (theoretical max)".
_MODELS_OWN_AFTER_RE = gated_re(
    r"[^0-9.!?。]{0,40}?(?:de la ficha|do card|on the (?:model )?card|in the (?:model )?card|"
    r"model ?card|máximo teórico|máximo teórica|theoretical(?:ly)? max|theoretisch|théorique|"
    r"теоретическ|理论上|理論上|理论最大|理論最大|공식 ?최대|이론상)"
)
# The model's own longest window, said as a fact of it ("모델 카드엔 128K라던데 저희는 16k면
# 충분", "the model card says 128K", "supports up to 256K"): the customer's length is another.
_MODELS_OWN_RE = gated_re(
    r"(?:model ?card|モデルカード|모델 ?카드|模型卡片?|(?:官方|官網|官网)(?:说|說|写|寫|标|標)?|"
    r"supports?(?: up to)?|unterstützt(?: bis zu)?|supporte(?: jusqu'à)?|soporta(?: hasta)?|"
    r"suporta(?: até)?|поддерживает(?: до)?|原生(?:支持|支援)|最大で)[^0-9.!?。]{0,12}$"
)
# A window's length said of the sessions it holds ("how many 128k sessions fit"): a power of
# two of thousands is a context, not a count of people.
_LENGTH_OF_SESSIONS_RE = gated_re(
    r"(?:8|16|32|64|128|256|512)\s?k\s?(?:-\s?)?(?:sessions?|conversations?|contexts?|chats?|"
    r"sequences?|セッション|会话|會話|세션|сесси[йия])"
)
# Things counted ("2.5M support transcripts", "10M documents"): a job's size, not a context.
_ITEMS_AFTER_RE = gated_re(
    rf"\s?(?:(?!(?:context|contexto|contexte|kontext|ctx|window|tokens?|since|because|as|for|"
    rf"and|with|of|in|on|to|from|per|at|but|so|para|pour|für|car|porque|weil)\b)[a-z\-]+\s)"
    rf"{{0,2}}?"
    rf"(?:{ITEMS})(?![a-z])"
)
_DIGIT_RE = gated_re(r"[0-9]")
# A difference of prices ("the MI355X server is 4k cheaper", "4k/month less"): money, no context.
_PRICE_DIFFERENCE_AFTER_RE = gated_re(
    r"\s?(?:/\s?(?:mo|month)\s|(?:a|per) month\s)?(?:cheaper|less|more expensive|pricier|"
    r"günstiger|billiger|teurer|moins cher|plus cher|más barato|más caro|mais barato|mais caro|"
    r"дешевле|дороже)(?![a-zа-яё])"
)


def held_for_context(text: str) -> tuple[str, list[tuple[int, int]]]:
    """Return ``text`` with windows said of sessions blanked, and their spans.

    "how many 128k sessions fit": the length is the context's; the count of people reads the
    text without it, and the context reader gets it back (``give_back``).
    """
    spans = [(found.start(), found.end()) for found in _LENGTH_OF_SESSIONS_RE.finditer(text)]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text, spans


def give_back(text: str, original: str, spans: list[tuple[int, int]]) -> str:
    """Put the spans ``held_for_context`` blanked back into ``text`` from ``original``."""
    for start, end in spans:
        text = text[:start] + original[start:end] + text[end:]
    return text


def _not_needed(text: str, start: int) -> bool:
    """Whether a length is said not to be needed: a word of no need before it, no number between."""
    window = text[max(0, start - _NOT_NEEDED_REACH) : start]
    ends = [found.end() for found in _NOT_NEEDED_RE.finditer(window)]
    return bool(ends) and _DIGIT_RE.search(window, ends[-1]) is None  # the last one before it


def _suffixed_candidate(text: str, language: str) -> Candidate | None:
    """Return the first suffixed number near a context word (rank 0), else the first alone (2)."""
    best: Candidate | None = None
    for pattern in worth_trying(_suffixed_res(), text):
        for match in itertools.islice(scan(pattern, text), _MAX_CANDIDATES):
            if not _first(best, 0, match.start()):
                break  # nor can any later match of this pattern
            if (
                (
                    _people_after_re().match(text, match.end())
                    and not _LENGTH_OF_SESSIONS_RE.match(text, match.start())
                )
                or _ITEMS_AFTER_RE.match(text, match.end())
                or _not_needed(text, match.start())
                or _MODELS_OWN_RE.search(
                    text, max(0, match.start() - _NOT_NEEDED_REACH), match.start()
                )
                or _MODELS_OWN_AFTER_RE.match(text, match.end())
                or _PRICE_DIFFERENCE_AFTER_RE.match(text, match.end())
            ):
                # "1万用户", "8k users": a count of people, not a context; "上下文不用 128K，32K 就
                # 够了": the length said not to be needed
                continue
            tokens = _suffixed_tokens(match, language)
            cued = _near_cue(text, match.start(), match.end())
            if match.groupdict().get("cjk") and abs(tokens) < _MIN_PLAIN_CONTEXT_TOKENS:
                continue  # "四十幾個" beside "上下文 32K": a count of people, not a context
            if match.groupdict().get("cjk") or match.groupdict().get("mag"):
                if cued:
                    best = (0, match.start(), match.end(), tokens)
                continue
            if not cued and abs(tokens) > _MAX_UNCUED_CONTEXT_TOKENS:
                continue  # "31m" alone is more likely minutes, metres or money than a context
            rank = 0 if cued else 2
            if _first(best, rank, match.start()):
                best = (rank, match.start(), match.end(), tokens)
    return best


def _best_candidate(text: str, language: str) -> Candidate | None:
    """Return the candidate of lowest (rank, start), the first found of equals.

    Near a context word first (rank 0), then a plain number by a context or token word (1),
    then any suffixed number (2). A pattern's matches come in order of their start, so the
    scan of a pattern stops at the first match that could not come first.
    """
    best = _suffixed_candidate(text, language)
    if best is not None and best[0] == 0:
        return best
    for pattern in _plain_patterns(text):
        for match in itertools.islice(scan(pattern, text), _MAX_CANDIDATES):
            if not _first(best, 1, match.start()):
                break
            tokens = parse_number(match.group("num"))
            if abs(tokens) >= _MIN_PLAIN_CONTEXT_TOKENS:
                best = (1, match.start(), match.end(), tokens)
    return best


# Tokens of a dataset, said as such, are no context ("训练数据是20亿token", "trained on 3B
# tokens of data"): the training they name is done or elsewhere.
_DATA_BEFORE_RE = gated_re(
    r"(?:训练数据|訓練資料|训练集|數據集|数据集|資料集|dataset|training data|trained on|"
    r"datos de entrenamiento|dados de treino|données d'entraînement|trainingsdaten|"
    r"обучающ[а-яё]*\s(?:выборк[а-яё]*|данны[а-яё]*))[^0-9]{0,10}$"
)


# "per" right before the number: the unit of a price or a rate ("per 1M tokens", "每百万").
_PER_BEFORE_RE = gated_re(
    r"(?:(?<![a-z])per|每|(?<![а-яё])за|(?<![a-z])por|(?<![a-z])pro|(?<![a-z])par)\s?$"
)
# A currency's sign right before the number: "$15k", "€ 32k", "US$ 64k".
_MONEY_BEFORE_RE = gated_re(r"[$€£¥₩₽]\s?$")


# People or things counted right after a number read as a context: "5к подписчиков", "20k users".
_PEOPLE_AFTER_RE = gated_re(
    r"\s?(?:подписчик\w*|пользовател\w*|человек|клиент\w*|subscribers?|followers?|users?|"
    r"members?|customers?|students?|employees?|downloads?|suscriptores|seguidores|usuari[oa]s|"
    r"usuários|abonnés|utilisateurs|abonnenten|nutzer|mitglieder|粉丝|粉絲|订阅|訂閱|用户|用戶|"
    r"人|名|명|フォロワー|登録者)"
)


def find_context(text: str, language: str = "en") -> Found | None:
    """Find the context length; a negative or absurd one is refused with a code."""
    best = _best_candidate(text, language)
    if best is None:
        return None
    _, start, end, tokens = best
    if _DATA_BEFORE_RE.search(text, max(0, start - 24), start):
        return None
    if _MONEY_BEFORE_RE.search(text, max(0, start - 4), start):
        return None  # "under $15k a month": an amount of money, no context
    if _PER_BEFORE_RE.search(text, max(0, start - 6), start):
        return None  # "$0.40 per 1M input tokens": a price's unit, no context
    if _PEOPLE_AFTER_RE.match(text, end):
        return None  # "~5к подписчиков", "20k followers": people counted, no context
    rest = blank(text, start, end)
    whole, refused = limits.check_whole(limits.CONTEXT, tokens)
    return Found(whole, rest, refused)
