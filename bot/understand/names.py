"""Model names as customers spell them in their own script, turned into Latin.

Russian, Korean, Japanese and Chinese chats name models phonetically or by their local names
("дипсик р1", "딥시크", "ディープシーク", "羊驼 70b", "千问3", "R1 蒸馏版"). The catalog's names
are Latin, so these spellings are replaced by the Latin word before the model finder reads the
text: family names, the words for a model's line ("coder", "distill", "scout"), and the
Cyrillic size suffix ("405б"). A version glued to a Cyrillic letter ("р1", "к2", "в3") is a
Latin version typed on a Russian keyboard layout and is transliterated too.
"""

from __future__ import annotations

import re

_NOT_CYRILLIC_BEFORE = r"(?<![а-яё])"
_CYRILLIC_END = r"[а-яё]*"
_NOT_HANGUL_BEFORE = r"(?<![가-힣])"
# A Korean name may carry a particle ("라마를", "라마엔", "큐웬으로"); no other syllable.
_HANGUL_END = r"(?:[은는이가을를로으에엔와과도만의랑]|으로|에서|이랑)?(?![가-힣])"
_KATAKANA = r"ァ-ヺー"
_KATAKANA_END = rf"(?![{_KATAKANA}])"

# (pattern, Latin word). Russian stems take any case ending ("дипсика", "квеном").
_SPELLINGS: tuple[tuple[str, str], ...] = (
    (rf"{_NOT_CYRILLIC_BEFORE}(?:дипс[иі]к|дипсийк){_CYRILLIC_END}", "deepseek"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:квен|цвен){_CYRILLIC_END}", "qwen"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:ллам|лам)(?:а|ы|е|у|ой|ах)?(?![а-яё])", "llama"),
    (rf"{_NOT_CYRILLIC_BEFORE}кими(?![а-яё])", "kimi"),
    (rf"{_NOT_CYRILLIC_BEFORE}микстрал{_CYRILLIC_END}", "mixtral"),
    (rf"{_NOT_CYRILLIC_BEFORE}мистрал{_CYRILLIC_END}", "mistral"),
    (rf"{_NOT_CYRILLIC_BEFORE}(?:джем|гем)м?[аеуы](?![а-яё])", "gemma"),
    (rf"{_NOT_CYRILLIC_BEFORE}глм(?![а-яё])", "glm"),
    (rf"{_NOT_CYRILLIC_BEFORE}минимакс{_CYRILLIC_END}", "minimax"),
    (rf"{_NOT_CYRILLIC_BEFORE}немотрон{_CYRILLIC_END}", "nemotron"),
    (rf"{_NOT_CYRILLIC_BEFORE}дистил{_CYRILLIC_END}", "distill"),
    (rf"{_NOT_CYRILLIC_BEFORE}кодер{_CYRILLIC_END}", "coder"),
    (rf"{_NOT_CYRILLIC_BEFORE}скаут{_CYRILLIC_END}", "scout"),
    (rf"{_NOT_CYRILLIC_BEFORE}маверик{_CYRILLIC_END}", "maverick"),
    (rf"{_NOT_CYRILLIC_BEFORE}инстра[кc]т{_CYRILLIC_END}", "instruct"),
    (rf"{_NOT_HANGUL_BEFORE}딥\s?시크{_HANGUL_END}", "deepseek"),
    (rf"{_NOT_HANGUL_BEFORE}(?:큐웬|큐원|췐|쿠웬){_HANGUL_END}", "qwen"),
    (rf"{_NOT_HANGUL_BEFORE}라마{_HANGUL_END}", "llama"),
    (rf"{_NOT_HANGUL_BEFORE}키미{_HANGUL_END}", "kimi"),
    (rf"{_NOT_HANGUL_BEFORE}믹스트랄{_HANGUL_END}", "mixtral"),
    (rf"{_NOT_HANGUL_BEFORE}미스트랄{_HANGUL_END}", "mistral"),
    (rf"{_NOT_HANGUL_BEFORE}젬마{_HANGUL_END}", "gemma"),
    (rf"{_NOT_HANGUL_BEFORE}디스틸{_HANGUL_END}", "distill"),
    (rf"{_NOT_HANGUL_BEFORE}코더{_HANGUL_END}", "coder"),
    (rf"{_NOT_HANGUL_BEFORE}스카우트{_HANGUL_END}", "scout"),
    (rf"{_NOT_HANGUL_BEFORE}매버릭{_HANGUL_END}", "maverick"),
    (rf"(?<![{_KATAKANA}])ディープシーク", "deepseek"),
    (rf"(?<![{_KATAKANA}])(?:クウェン|クエン){_KATAKANA_END}", "qwen"),
    (rf"(?<![{_KATAKANA}])ラマ{_KATAKANA_END}", "llama"),
    (rf"(?<![{_KATAKANA}])ミクストラル", "mixtral"),
    (rf"(?<![{_KATAKANA}])ミストラル", "mistral"),
    (rf"(?<![{_KATAKANA}])(?:ジェマ|ジェンマ){_KATAKANA_END}", "gemma"),
    (rf"(?<![{_KATAKANA}])コーダー", "coder"),
    (rf"(?<![{_KATAKANA}])スカウト", "scout"),
    (rf"(?<![{_KATAKANA}])マーベリック", "maverick"),
    (r"羊驼|羊駝", "llama"),
    (r"智谱|智譜", "glm"),
    (r"通义千问|通義千問|千问|千問", "qwen"),
    (r"深度求索", "deepseek"),
    (r"月之暗面", "kimi"),
    (r"蒸馏|蒸餾|蒸留", "distill"),
)
# The characters the spellings above begin with: a cheap first test at each position keeps the
# alternation off most of the text.
_FIRST_LETTERS = "дкцлмгнсиклдкцлм딥큐췐쿠라키믹미젬디코스매ディクラミジコスマ羊智通千深月蒸"
_SPELLING_RE = re.compile(
    f"(?=[{_FIRST_LETTERS}])(?:"
    + "|".join(f"(?P<g{index}>{pattern})" for index, (pattern, _) in enumerate(_SPELLINGS))
    + ")"
)
_LATIN = tuple(latin for _, latin in _SPELLINGS)

# Cyrillic letters that share a key or a sound with the Latin letter of a model version.
_CYRILLIC_TO_LATIN = str.maketrans("авекмортсх", "avekmortsx")
_CYRILLIC_VERSION_RE = re.compile(r"(?<![а-яёa-z0-9])[авекмортсх]\d{1,2}(?![а-яёa-z0-9])")
# "405б", "72б": the Russian abbreviation of billion glued to a size.
_CYRILLIC_SIZE_RE = re.compile(r"(?<=[0-9])\s?б(?![а-яё])")


def _latin_word(match: re.Match[str]) -> str:
    group = match.lastgroup or "g0"
    return f" {_LATIN[int(group[1:])]} "


def latinize_names(text: str) -> str:
    """``text`` (cleaned) with native-script model words, versions and sizes in Latin."""
    if text.isascii():
        return text
    text = _SPELLING_RE.sub(_latin_word, text)
    text = _CYRILLIC_SIZE_RE.sub("b", text)
    return _CYRILLIC_VERSION_RE.sub(lambda m: m.group().translate(_CYRILLIC_TO_LATIN), text)
