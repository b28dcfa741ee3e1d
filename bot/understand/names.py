"""Model family names as customers spell them in their own script, turned into Latin.

Russian, Korean, Japanese and Chinese chats name models phonetically ("дипсик р1", "딥시크",
"ディープシーク", "羊驼 70b"). The catalog's aliases are Latin (plus a few Chinese names), so
these spellings are replaced by the Latin family word before the model finder reads the text.
A version glued to a Cyrillic letter ("р1", "к2", "в3") is a Latin version typed on a Russian
keyboard layout and is transliterated too.
"""

from __future__ import annotations

import re

_NOT_CYRILLIC_BEFORE = r"(?<![а-яё])"
_NOT_HANGUL_BEFORE = r"(?<![가-힣])"
_KATAKANA = r"ァ-ヺー"

# (pattern, Latin family word). Russian stems take any case ending ("дипсика", "квеном").
_SPELLINGS: tuple[tuple[str, str], ...] = (
    (rf"{_NOT_CYRILLIC_BEFORE}(?:дипс[иі]к|дипсийк)[а-яё]*", "deepseek"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:квен|цвен)[а-яё]*", "qwen"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:ллам|лам)(?:а|ы|е|у|ой)?(?![а-яё])", "llama"),
    (rf"{_NOT_CYRILLIC_BEFORE}кими(?![а-яё])", "kimi"),
    (rf"{_NOT_CYRILLIC_BEFORE}микстрал[а-яё]*", "mixtral"),
    (rf"{_NOT_CYRILLIC_BEFORE}мистрал[а-яё]*", "mistral"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:джем|гем)м?[аеуы](?![а-яё])", "gemma"),
    (rf"{_NOT_CYRILLIC_BEFORE}глм(?![а-яё])", "glm"),
    (rf"{_NOT_HANGUL_BEFORE}딥\s?시크", "deepseek"),
    (rf"{_NOT_HANGUL_BEFORE}(?:큐웬|큐원|췐)", "qwen"),
    (rf"{_NOT_HANGUL_BEFORE}라마(?![가-힣])", "llama"),
    (rf"{_NOT_HANGUL_BEFORE}키미(?![가-힣])", "kimi"),
    (rf"{_NOT_HANGUL_BEFORE}믹스트랄", "mixtral"),
    (rf"{_NOT_HANGUL_BEFORE}젬마", "gemma"),
    (rf"(?<![{_KATAKANA}])ディープシーク", "deepseek"),
    (rf"(?<![{_KATAKANA}])(?:クウェン|クエン)(?![{_KATAKANA}])", "qwen"),
    (rf"(?<![{_KATAKANA}])ラマ(?![{_KATAKANA}])", "llama"),
    (rf"(?<![{_KATAKANA}])ミクストラル", "mixtral"),
    (rf"(?<![{_KATAKANA}])(?:ジェマ|ジェンマ)(?![{_KATAKANA}])", "gemma"),
    (r"羊驼|羊駝", "llama"),
    (r"智谱|智譜", "glm"),
)
# The letters the spellings above begin with: a cheap first test at each position keeps the
# alternation off most of the text (it was the slowest step of parsing Russian without it).
_FIRST_LETTERS = "дкцлмг딥큐췐라키믹젬ディクラミジ羊智"
_SPELLING_RE = re.compile(
    f"(?=[{_FIRST_LETTERS}])(?:"
    + "|".join(f"(?P<g{index}>{pattern})" for index, (pattern, _) in enumerate(_SPELLINGS))
    + ")"
)
_LATIN = tuple(latin for _, latin in _SPELLINGS)

# Cyrillic letters that share a key or a sound with the Latin letter of a model version.
_CYRILLIC_TO_LATIN = str.maketrans("авекмортсх", "avekmortsx")
_CYRILLIC_VERSION_RE = re.compile(r"(?<![а-яёa-z0-9])[авекмортсх]\d{1,2}(?![а-яёa-z0-9])")


def _latin_word(match: re.Match[str]) -> str:
    group = match.lastgroup or "g0"
    return f" {_LATIN[int(group[1:])]} "


def latinize_names(text: str) -> str:
    """``text`` (cleaned) with native-script family names and Cyrillic versions in Latin."""
    if text.isascii():
        return text
    text = _SPELLING_RE.sub(_latin_word, text)
    return _CYRILLIC_VERSION_RE.sub(lambda m: m.group().translate(_CYRILLIC_TO_LATIN), text)
