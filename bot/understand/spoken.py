"""Model names and sizes said aloud, in digits: "llama three point three seventy b".

A message dictated to a phone, or typed as it is said, names a model's version and size in
words: "lama three point three seventy b", "gpt oss one twenty b", "qwen drei komma fünf
siebenundzwanzig b", "квен два с половиной семьдесят два б", "микстраль восемь на семь б",
"千问三 三十二B". ``words_to_digits`` has written the tens and hundreds as digits by then;
``spoken_names`` writes the rest the model and context readers need:

- a decimal said with its word ("three point three", "drei komma fünf", "два с половиной");
- a small number right after a model family's name ("llama vier scout", "gemma tres");
- "one twenty b", "one twenty-eight k": a size or a context said as two numbers;
- "eight by seven b", "восемь на семь б": experts times their size;
- a CJK numeral before B or K ("三十二B", "一百二十八K").

Small numbers alone stay words everywhere else ("two servers", "three days" are read by
their own readers).
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re
from bot.understand.numbers import parse_cjk_number

_LETTER = r"a-zà-ÿß-öø-ÿœа-яё"

# Words of 0-9 that a version or a decimal is said with, by language.
_DIGIT_WORDS: dict[str, int] = {
    **dict.fromkeys(("zero", "cero", "zéro", "null", "ноль"), 0),
    **dict.fromkeys(("one", "uno", "una", "um", "uma", "un", "une", "eins", "один", "одна"), 1),
    **dict.fromkeys(("two", "dos", "dois", "duas", "deux", "zwei", "два", "две"), 2),
    **dict.fromkeys(("three", "tres", "três", "trois", "drei", "три"), 3),
    **dict.fromkeys(("four", "cuatro", "quatro", "quatre", "vier", "четыре"), 4),
    **dict.fromkeys(("five", "cinco", "cinq", "fünf", "пять"), 5),
    **dict.fromkeys(("six", "seis", "sechs", "шесть"), 6),
    **dict.fromkeys(("seven", "siete", "sete", "sept", "sieben", "семь"), 7),
    **dict.fromkeys(("eight", "ocho", "oito", "huit", "acht", "восемь"), 8),
    **dict.fromkeys(("nine", "nueve", "nove", "neuf", "neun", "девять"), 9),
}
_DIGIT = "|".join(sorted(_DIGIT_WORDS, key=len, reverse=True))
_DIGIT_OR_WORD = rf"(?:[0-9]|{_DIGIT})"

# "three point three", "drei komma fünf", "dos punto cinco", "три точка три"
_DECIMAL_RE = gated_re(
    rf"(?<![{_LETTER}0-9.,])(?P<a>{_DIGIT_OR_WORD}) (?:point|dot|punto|ponto|punkt|komma|virgule|"
    rf"coma|vírgula|virgula|точка|запятая) (?P<b>{_DIGIT_OR_WORD})(?![{_LETTER}0-9])"
)
# "два с половиной", "two and a half", "dos y medio", "deux et demi", "zweieinhalb"
_AND_A_HALF_RE = gated_re(
    rf"(?<![{_LETTER}0-9.,])(?P<a>{_DIGIT_OR_WORD})(?: с половиной| and a half| y medio| e meio|"
    rf" et demi|einhalb)(?![{_LETTER}])"
)
# Families whose version follows their name ("llama vier", "gemma tres", "qwen three").
_FAMILY_RE = gated_re(
    rf"(?<![{_LETTER}])(?P<fam>llama|lama|лама|ллама|qwen|квен|кьювен|gemma|гемма|glm|phi|mistral|"
    rf"мистраль|mixtral|микстрал[ья]?|kimi k|кими к|deepseek v|deep seek v|дипсик в|minimax m|"
    rf"gpt oss|гпт осс)(?P<gap>\s?)(?P<n>{_DIGIT})(?!\s(?:veces|vezes|fois|mal|times|раз))"
    # a version said digit by digit before the size: "llama three one eight b" is 3.1 8B
    rf"(?: (?P<m>{_DIGIT_OR_WORD})(?= [0-9]+ ?(?:b|б)(?![{_LETTER}])))?(?![{_LETTER}])"
)
# A small number right before a size or a context: "ocho b", "eight k", "семь б".
_SMALL_SIZE_RE = gated_re(
    rf"(?<![{_LETTER}0-9.,])(?P<n>{'|'.join(w for w, v in _DIGIT_WORDS.items() if v > 1)})"
    rf" ?(?P<unit>b|k)(?![{_LETTER}])"
)
# "one twenty b", "one twenty-eight k": a hundred and more said as two numbers (by now "one 20 b")
_ONE_HUNDRED_AND_RE = gated_re(
    rf"(?<![{_LETTER}0-9])one (?P<n>[1-9][0-9])(?P<unit>\s?(?:b|k)(?![{_LETTER}]))"
)
# "8 на 7 б", "eight by seven b": experts times their size
_TIMES_RE = gated_re(
    rf"(?<![{_LETTER}0-9.,])(?P<a>{_DIGIT_OR_WORD}) (?:на|by|por|mal|fois) "
    rf"(?P<b>{_DIGIT_OR_WORD}|[0-9]{{2}}) ?(?P<unit>b|б)(?![{_LETTER}])"
)
# A CJK numeral right before B or K: "三十二B", "一百二十八K", "七十b"
_CJK_SIZE_RE = gated_re(
    r"(?<![0-9零〇一二两兩三四五六七八九十百千万萬亿億第数數幾几])"
    r"(?P<n>[一二两兩三四五六七八九十百千]+)\s?(?=[bBkK](?![a-zA-Z]))"
)
# A CJK numeral before a counter of machines or people: "三台", "两台八卡", "千二百人".
_CJK_COUNT_RE = gated_re(
    r"(?<![0-9零〇一二两兩三四五六七八九十百千万萬亿億第数數幾几多])(?<![0-9]\s)"
    r"(?![万萬])(?P<n>[一二两兩三四五六七八九十百千万萬零]+)"
    r"(?=台|張|张|枚|卡|块|塊|套|ノード|节点|節點|(?<!一)(?:人(?!民)|名|个人|個人|位))"
)
# A CJK numeral after a word of length or of change: "序列長度四千零九十六", "改成八十個".
_CJK_AFTER_WORD_RE = gated_re(
    r"(?P<w>序列长度|序列長度|长度|長度|上下文|改成|改为|改為|变成|變成|调到|調到|加到|提到|增加到|"
    r"降到|シーケンス長|コンテキスト長?)(?P<sep>\s?(?:是|为|為|を|は|:|：)?\s?)"
    r"(?P<n>[一二两兩三四五六七八九十百千万萬零]+)(?![一二两兩三四五六七八九十百千万萬零])"
)
# A CJK numeral right after a family's name: "千问三", "千問3", "通义千问二点五"
_CJK_FAMILY_RE = gated_re(
    r"(?P<fam>千问|千問|通义千问|通義千問)(?P<n>[一二三四五六七八九])(?:点|點)?(?P<m>[一二三四五六七八九])?"
    r"(?![一二三四五六七八九十百千])"
)


def _digit(word: str) -> str:
    return word if word.isdigit() else str(_DIGIT_WORDS[word])


def _family_version(found: re.Match[str]) -> str:
    """Return a family and its version in digits: "llama 4", "kimi k2", "deepseek v3"."""
    family = found.group("fam")
    gap = "" if family[-1] in "kvmкв" else found.group("gap")
    minor = f".{_digit(found.group('m'))}" if found.group("m") else ""
    return family + gap + _digit(found.group("n")) + minor


def _cjk_count(found: re.Match[str]) -> str:
    value = parse_cjk_number(found.group("n"))
    if not value:
        return found.group()
    # (a space after a Latin name: "mi355x八卡" as "mi355x 8卡", not "mi355x8卡")
    before = found.string[found.start() - 1 : found.start()]
    return (" " if before.isascii() and before.isalnum() else "") + str(int(value))


def _cjk_family(found: re.Match[str]) -> str:
    version = str(int(parse_cjk_number(found.group("n"))))
    if found.group("m"):
        version += "." + str(int(parse_cjk_number(found.group("m"))))
    return found.group("fam") + version


# Counts glued to the GPU in chat shorthand: "4h200", "2x8mi355", "3hgx".
_GLUED_COUNT_RE = gated_re(
    r"(?<![a-z0-9.])(?P<n>[1-9][0-9]?)(?P<x>x)?(?P<eight>8x?)?(?P<gpu>h200|b200|mi355x?|hgx)"
    r"(?![0-9])"
)


def _unglued(found: re.Match[str]) -> str:
    count = found.group("n") + ("x " if found.group("x") else " ")
    eight = "8x " if found.group("eight") else ""
    return count + eight + found.group("gpu")


# Our AMD GPU's name said aloud: "mi three fifty five x", "mi três cinco cinco x", "mi drei
# fünfundfünfzig" (its tens already in digits: "mi 3 55 x").
_SPOKEN_MI355X_RE = gated_re(
    r"(?<![a-z])mi(?!355)\s?(?:3|three|tres|três|trois|drei|три)\s?(?:55|fifty[- ]five|"
    r"cinco\s?cinco|five\s?five|cinq\s?cinq|fünf\s?fünf|cinquante[- ]cinq|fünfundfünfzig|"
    r"пятьдесят\s?пять)\s?(?:x(?![a-z])|ex(?![a-z])|equis|xis|iks|икс)?"
)


# A version letter said apart from its number: "deepseek v 3.2" (from "v drei punkt zwei").
_LETTER_APART_RE = gated_re(
    r"(?<![a-z])(?P<f>deepseek|kimi|glm|gemma|llama|qwen|mistral|minimax)\s(?P<v>[vrk])\s"
    r"(?P<n>[0-9]+(?:\.[0-9]+)?)(?![0-9])"
)


def spoken_names(text: str) -> str:
    """Return ``text`` (cleaned, lower case, tens in digits) with spoken sizes in digits."""
    if "mi" in text:
        text = _SPOKEN_MI355X_RE.sub("mi355x ", text)
    if "200" in text or "355" in text or "hgx" in text:
        text = _GLUED_COUNT_RE.sub(_unglued, text)
    text = _DECIMAL_RE.sub(lambda m: f"{_digit(m.group('a'))}.{_digit(m.group('b'))}", text)
    text = _AND_A_HALF_RE.sub(lambda m: f"{_digit(m.group('a'))}.5", text)
    text = _TIMES_RE.sub(
        lambda m: f"{_digit(m.group('a'))}x{_digit(m.group('b'))}{m.group('unit')}", text
    )
    text = _SMALL_SIZE_RE.sub(lambda m: _digit(m.group("n")) + " " + m.group("unit"), text)
    text = _ONE_HUNDRED_AND_RE.sub(lambda m: f"1{m.group('n')}{m.group('unit')}", text)
    text = _FAMILY_RE.sub(_family_version, text)
    if "千" in text or "問" in text or "问" in text:
        text = _CJK_FAMILY_RE.sub(_cjk_family, text)
    text = _CJK_COUNT_RE.sub(_cjk_count, text)
    text = _CJK_AFTER_WORD_RE.sub(
        lambda m: m.group("w") + m.group("sep") + str(int(parse_cjk_number(m.group("n")) or 0)),
        text,
    )
    text = _LETTER_APART_RE.sub(lambda m: f"{m.group('f')} {m.group('v')}{m.group('n')}", text)
    return _CJK_SIZE_RE.sub(lambda m: str(int(parse_cjk_number(m.group("n")))), text)
