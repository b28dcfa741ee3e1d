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
from functools import lru_cache

from bot.understand.gates import gated_re
from bot.understand.lexicon.patterns import union

# Korean names may carry a particle ("라마를", "라마엔", "큐웬으로"); no other syllable follows.
_HANGUL_END = r"(?:[은는이가을를로으에엔와과도만의랑]|으로|에서|이랑)?(?![가-힣])"
_KATAKANA_END = r"(?![ァ-ヺー])"


def _hangul(word: str) -> str:
    """Return a Korean word, not the end of a longer one (checked after its first syllable)."""
    return f"{word[0]}(?<![가-힣]{word[0]}){word[1:]}{_HANGUL_END}"


def _katakana(word: str, *, whole: bool = True) -> str:
    """Return a katakana word, not inside a longer one."""
    end = _KATAKANA_END if whole else ""
    return f"{word[0]}(?<![ァ-ヺー]{word[0]}){word[1:]}{end}"


# (fragment, Latin word). Russian stems take any case ending ("дипсика", "квеном"); Latin and
# Cyrillic words are matched whole (see ``lexicon.patterns``).
_SPELLINGS: tuple[tuple[str, str], ...] = (
    ("дипс[иі]к[а-яё]*", "deepseek"),
    ("дипсийк[а-яё]*", "deepseek"),
    ("квен[а-яё]*", "qwen"),
    ("цвен[а-яё]*", "qwen"),
    ("ллам(?:а|ы|е|у|ой|ах)?", "llama"),
    ("лам(?:а|ы|е|у|ой|ах)?", "llama"),
    ("кими", "kimi"),
    ("микстрал[а-яё]*", "mixtral"),
    ("мистрал[а-яё]*", "mistral"),
    ("джемм?[аеуы]", "gemma"),
    ("гемм?[аеуы]", "gemma"),
    ("глм", "glm"),
    ("минимакс[а-яё]*", "minimax"),
    ("немотрон[а-яё]*", "nemotron"),
    ("дистил[а-яё]*", "distill"),
    ("кодер[а-яё]*", "coder"),
    ("скаут[а-яё]*", "scout"),
    ("маверик[а-яё]*", "maverick"),
    ("инстра[кc]т[а-яё]*", "instruct"),
    ("эйр", "air"),
    ("некст", "next"),
    ("прo", "pro"),
    ("про", "pro"),
    ("प्रो", "pro"),
    ("фл[эе]ш[а-яё]*", "flash"),
    ("супер", "super"),
    (f"딥(?<![가-힣]딥)\\s?시크{_HANGUL_END}", "deepseek"),
    (_hangul("큐웬"), "qwen"),
    (_hangul("큐원"), "qwen"),
    (_hangul("쿠웬"), "qwen"),
    (_hangul("췐"), "qwen"),
    (_hangul("라마"), "llama"),
    (_hangul("키미"), "kimi"),
    (_hangul("믹스트랄"), "mixtral"),
    (_hangul("미스트랄"), "mistral"),
    (_hangul("젬마"), "gemma"),
    (_hangul("디스틸"), "distill"),
    (_hangul("코더"), "coder"),
    (_hangul("스카우트"), "scout"),
    (_hangul("매버릭"), "maverick"),
    (_hangul("에어"), "air"),
    (_hangul("플래시"), "flash"),
    (_hangul("미니맥스"), "minimax"),
    (_hangul("네모트론"), "nemotron"),
    (_katakana("ディープシーク", whole=False), "deepseek"),
    (_katakana("クウェン"), "qwen"),
    (_katakana("クエン"), "qwen"),
    (_katakana("ラマ"), "llama"),
    (_katakana("ミクストラル", whole=False), "mixtral"),
    (_katakana("ミストラル", whole=False), "mistral"),
    (_katakana("ジェマ"), "gemma"),
    (_katakana("ジェンマ"), "gemma"),
    (_katakana("コーダー", whole=False), "coder"),
    (_katakana("スカウト", whole=False), "scout"),
    (_katakana("マーベリック", whole=False), "maverick"),
    (_katakana("エアー?"), "air"),
    (_katakana("フラッシュ", whole=False), "flash"),
    (_katakana("ミニマックス", whole=False), "minimax"),
    (_katakana("ネモトロン", whole=False), "nemotron"),
    (_katakana("キミ"), "kimi"),
    ("羊驼", "llama"),
    ("羊駝", "llama"),
    ("智谱", "glm"),
    ("智譜", "glm"),
    ("通义千问", "qwen"),
    ("通義千問", "qwen"),
    ("千问", "qwen"),
    ("千問", "qwen"),
    ("深度求索", "deepseek"),
    ("月之暗面", "kimi"),
    ("蒸馏", "distill"),
    ("蒸餾", "distill"),
    ("蒸留", "distill"),
    (r"दिस्टिल[^\s]*", "distill"),
    ("جيما", "gemma"),
    ("جيمّا", "gemma"),
    ("जेम्मा", "gemma"),
    ("जेमा", "gemma"),
    ("लामा", "llama"),
    ("लामा", "llama"),
    ("ديب ?سيك", "deepseek"),
    ("دييب ?سيك", "deepseek"),
    ("لاما", "llama"),
    ("كوين", "qwen"),
    ("क्वेन", "qwen"),
    ("डीपसीक", "deepseek"),
    ("मिनीमैक्स", "minimax"),
    ("ميني ?ماكس", "minimax"),
)
# Llama 4's releases go by their line alone ("maverick", "the scout one from Meta"); "scout"
# is an English word too, so it names the model only beside Meta or a Llama 4 figure.
_MAVERICK_RE = gated_re(r"(?<!llama 4 )(?<!llama4 )(?<!llama-4-)\bmaverick\b")
_SCOUT_RE = gated_re(r"(?<!llama 4 )(?<!llama4 )(?<!llama-4-)\bscout\b")
_SCOUT_CONTEXT_RE = gated_re(r"\bmeta\b|llama[ -]?4|17b|16e|\bмет[аыу]\b|メタ|메타")


_LATIN_DISTILL_RE = gated_re(r"\b(?:destilad[oa]s?|distill[ée]e?s?|destilliert\w*)\b")


# A family, its version and its line typed as one word: "qwen3next", "glm4.5air".
_GLUED_LINE_RE = gated_re(
    r"\b(qwen|glm|llama|gemma|deepseek|kimi|minimax|mistral|phi)(\d+(?:\.\d+)?)([a-z]{3,})\b"
)


# Shorthand for catalog families: "l3.3 70b" (Llama 3.3), "oss 120" (gpt-oss-120b), and a
# size without its "b" after a family ("qwen 235", "deepseek 671"): two or three digits, not
# a count ("qwen 235 users" stays a count: the lookahead refuses a following word of people).
_SHORTHAND = (
    (gated_re(r"(?<![\w.])l(\d\.\d)(?![\w.])"), r"llama \1"),
    (gated_re(r"(?<![\w-])(?:gpt[\s-]?)?oss[\s-]?(20|120)b?(?![\w.])"), r"gpt-oss-\1b"),
    (
        gated_re(
            r"\b(qwen3?|llama|deepseek|gemma|glm|mixtral|kimi|minimax)[\s-]+([1-9]\d{1,2})"
            r"(?![\w.,])(?!\s*(?:users?|people|пользоват|用户|人|명|k\b|к\b))"
        ),
        r"\1 \2b",
    ),
)


_HAS_DIGIT = gated_re(r"\d")
# A word each shorthand needs, checked before its pattern is run over the whole text.
_SHORTHAND_CUES = (
    ("l1", "l2", "l3", "l4"),
    ("oss",),
    ("qwen", "llama", "deepseek", "gemma", "glm", "mixtral", "kimi", "minimax"),
)


def _shorthand(text: str) -> str:
    if _HAS_DIGIT.search(text) is None:
        return text
    for (pattern, replacement), needed in zip(_SHORTHAND, _SHORTHAND_CUES, strict=True):
        if any(cue in text for cue in needed):
            text = pattern.sub(replacement, text)
    return text


def _lone_lines(text: str) -> str:
    if _HAS_DIGIT.search(text) is not None:
        text = _GLUED_LINE_RE.sub(r"\1\2 \3", text)
        text = _shorthand(text)
    if "stil" in text:
        text = _LATIN_DISTILL_RE.sub("distill", text)
    if "maverick" in text or "маверик" in text or "マーベリック" in text or "매버릭" in text:
        text = _MAVERICK_RE.sub("llama 4 maverick", _SPELLING_RE.sub(_latin_word, text))
    if ("scout" in text or "скаут" in text or "スカウト" in text or "스카우트" in text) and (
        _SCOUT_CONTEXT_RE.search(text)
    ):
        text = _SCOUT_RE.sub("llama 4 scout", _SPELLING_RE.sub(_latin_word, text))
    return text


# One scan finds any spelling (see ``lexicon.patterns``); the match is then named by the first
# spelling it is in full, which is only ever done for the few words found.
_SPELLING_RE = gated_re(union(tuple(fragment for fragment, _ in _SPELLINGS)))
_NAMING = tuple((gated_re(fragment), latin) for fragment, latin in _SPELLINGS)

# Cyrillic letters that share a key or a sound with the Latin letter of a model version.
_CYRILLIC_TO_LATIN = str.maketrans("авекмортсх", "avekmortsx")
_CYRILLIC_VERSION_RE = gated_re(r"[авекмортсх](?<![а-яёa-z0-9].)[0-9]{1,2}(?![а-яёa-z0-9])")
# "405б", "72б": the Russian abbreviation of billion glued to a size.
_CYRILLIC_SIZE_RE = gated_re(r"[0-9]\s?б(?![а-яё])")


def _latin_word(match: re.Match[str]) -> str:
    word = match.group()
    for pattern, latin in _NAMING:
        if pattern.fullmatch(word):
            return f" {latin} "
    return word


# "27बी": the Hindi spelling of billion glued to a size.
_DEVANAGARI_SIZE_RE = gated_re(r"([0-9])\s?बी(?![\u0900-\u097f])")


# The model finder, the span reader and the Hub reader latinize the same text in one parse: the
# answers for the last few texts are kept (a pure function of the text).
@lru_cache(maxsize=8)
def latinize_names(text: str) -> str:
    """``text`` (cleaned) with native-script model words, versions and sizes in Latin."""
    text = _lone_lines(text)
    if text.isascii():
        return text
    text = _SPELLING_RE.sub(_latin_word, text)
    if "बी" in text:
        text = _DEVANAGARI_SIZE_RE.sub(r"\1b", text)
    text = _shorthand(text)
    if "б" in text:  # led by a digit, the pattern would be tried at every digit of the text
        text = _CYRILLIC_SIZE_RE.sub(lambda m: m.group()[0] + "b", text)
    return _CYRILLIC_VERSION_RE.sub(lambda m: m.group().translate(_CYRILLIC_TO_LATIN), text)
