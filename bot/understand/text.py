"""Cleaning raw message text before any pattern sees it.

Telegram delivers what the user typed: full-width digits from CJK keyboards, non-breaking
spaces from copy-paste, invisible direction marks, HTML someone pasted. Everything below works
on the cleaned, lower-cased form, so each pattern is written once.
"""

from __future__ import annotations

import html
import itertools
import re
import unicodedata

from bot.understand.gates import Searchable, gated_re
from bot.understand.sheets import sheet_as_pairs

# Telegram's own cap on one text message (telegram.constants.MessageLimit.MAX_TEXT_LENGTH).
# Longer input cannot come from a chat; cutting first keeps every later step bounded.
MAX_TEXT_CHARS = 4096

_SCRIPT_BLOCK_RE = gated_re(
    r"<(script|style)\b[^>]{0,200}>.{0,2000}?</\1\s*>", re.IGNORECASE | re.DOTALL
)
_TAG_RE = gated_re(r"</?[a-z][^<>]{0,200}>", re.IGNORECASE)


def _runs(char_class: str) -> Searchable:
    """Compile a run of ``char_class`` (``[...]``) as one class then a repeat of it.

    Same matches as ``[...]+``, but a pattern led by a plain class lets the regex engine skip
    straight to the characters of the class (a leading repeat makes it try every position).
    """
    return gated_re(f"{char_class}{char_class}*")


_SPACES_RE = gated_re(r"[ \t\r\n\f\v]+")
_SPACES = "\t\r\n\f\v"
# Superscript exponents ("10⁹", "10⁻³") would become "109" under NFKC: written as "^9" first.
_SUPERSCRIPT_RE = _runs("[⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹]")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
# Every decimal digit of every script (Thai ๕, Arabic-Indic ٥, Devanagari ५, ...) becomes
# ASCII, so patterns use [0-9] and read a number whatever script it is typed in; the minus signs
# and hyphens NFKC keeps become "-". All decimal digits lie below U+20000 (a test pins this).
LAST_DIGIT_BLOCK = 0x20000
_FOLDED: dict[int, str] = {
    code: str(unicodedata.decimal(chr(code)))
    for code in range(0x80, LAST_DIGIT_BLOCK)
    if chr(code).isdecimal()
}
_FOLDED.update({ord(sign): "-" for sign in "\u2212\u2010\u2011\u2012"})
_FOLDED.update({0x066B: ".", 0x066C: ","})  # the Arabic decimal and thousands separators
_FOLD = str.maketrans(_FOLDED)
# A full-width comma ends a clause in CJK text and is never a decimal mark: "batch 8，32k" is
# two numbers, so it becomes a comma and a space before NFKC would make it a bare comma.
_FULL_WIDTH_COMMAS = "，、"
# Format marks (zero-width, bidi, BOM, tags) lie below U+20000 or among the tags at U+E0000.
_TAGS = range(0xE0000, 0xE1000)
_FORMAT_MARKS = [
    code
    for code in (*range(0x80, LAST_DIGIT_BLOCK), *_TAGS)
    if unicodedata.category(chr(code)) == "Cf"
]


def _char_class(codes: list[int]) -> str:
    """Return the regex class body matching exactly ``codes`` (sorted), as ranges."""
    parts: list[str] = []
    for _, run in itertools.groupby(enumerate(codes), lambda pair: pair[1] - pair[0]):
        first, *rest = (code for _, code in run)
        last = rest[-1] if rest else first
        parts.append(re.escape(chr(first)) + (f"-{re.escape(chr(last))}" if rest else ""))
    return "".join(parts)


# The digits of the Basic Multilingual Plane form one class, which the regex engine tests with
# one table lookup per character. Beyond it, a class of every script's range would be tested
# range by range at every character; instead the runs of characters beyond the BMP are found
# with one range test each and folded whole (what is not a digit maps to itself). Each digit is
# folded on its own, so a run split between the two passes reads the same.
_BMP_END = 0x10000
_FOLDABLE_RE = _runs(f"[{_char_class(sorted(code for code in _FOLDED if code < _BMP_END))}]")
_ASTRAL_RE = _runs("[\U00010000-\U0010ffff]")
# Dropped outright: format marks, surrogates and private-use characters (their ranges are
# fixed by the Unicode standard). Unassigned code points stay: no pattern matches them.
_INVISIBLE_RE = _runs(
    f"[{_char_class(_FORMAT_MARKS)}\ud800-\udfff\ue000-\uf8ff\U000f0000-\U0010ffff]"
)
# Control characters become spaces so words either side stay apart.
_CONTROL_RE = gated_re("[\x00-\x1f\x7f-\x9f]+")


def _exponent(match: re.Match[str]) -> str:
    run = match.group()
    return "^" + run.translate(_SUPERSCRIPTS) if run.strip("⁺⁻") else run


def _fold(match: re.Match[str]) -> str:
    return match.group().translate(_FOLD)


def _fold_digits(text: str) -> str:
    return _ASTRAL_RE.sub(_fold, _FOLDABLE_RE.sub(_fold, text))


def _squeeze(text: str) -> str:
    """Return ``text`` with each run of spaces, tabs and line breaks as one space."""
    if "  " in text or any(space in text for space in _SPACES):
        return _SPACES_RE.sub(" ", text)
    return text  # every run is one space already


def _drop_invisible(text: str) -> str:
    # Every character dropped or replaced here is non-printable: most text has none.
    if text.isprintable():
        return text
    return _CONTROL_RE.sub(" ", _INVISIBLE_RE.sub("", text))


# A long message is read at its start and its end: a customer states what is wanted before
# or after what they paste (a config, a log, a launch command), and the cost of reading grows
# with the length. Cuts fall between words and numbers where the text allows.
READ_HEAD_CHARS = 1024
READ_TAIL_CHARS = 512
_CUT_SLACK = 32
_JOINED = ".,'-"  # characters that join digits into one number ("12.8", "32,000")


def _splits_nothing(text: str, cut: int) -> bool:
    before, after = text[cut - 1], text[cut]
    return not ((before.isalnum() or before in _JOINED) and (after.isalnum() or after in _JOINED))


def _cut_near(text: str, position: int, step: int) -> int:
    """Return a cut within ``_CUT_SLACK`` of ``position``: at a space, else between tokens."""
    cuts = [position + step * offset for offset in range(_CUT_SLACK)]
    for cut in cuts:
        if text[cut - 1].isspace() or text[cut].isspace():
            return cut
    return next((cut for cut in cuts if _splits_nothing(text, cut)), position)


# A long email states its ask in a paragraph of its own, wherever it stands: a paragraph (set
# apart by blank lines) with a question or a request word and a figure is read as well.
READ_ASK_CHARS = 768
_PARAGRAPH_BREAK_RE = gated_re(r"\n[ \t]*\n")
_ASK_WORDS_RE = gated_re(
    r"[?？]|recommend|suggest|what (?:would|do|should|hardware|gpu|plan)|how many|we (?:need|want)|"
    r"looking for|quote|empfehl|brauchen|benötigen|besoin|recommand|conseill|recomiend|recomend|"
    r"necesit|precisamos|preciso|推荐|推薦|建议|建議|需要|おすすめ|推奨|必要|추천|필요|нужн|посовет|"
    r"рекоменд",
    re.IGNORECASE,
)
_FIGURE_RE = gated_re(r"[0-9]")
_MAX_PARAGRAPHS = 64


def _ask_paragraph(middle: str) -> str:
    """Return the first paragraph of ``middle`` that asks for something with a figure, or ""."""
    for count, paragraph in enumerate(_PARAGRAPH_BREAK_RE.split(middle)):
        if count == _MAX_PARAGRAPHS:
            break
        text = paragraph.strip()
        if (
            0 < len(text) <= READ_ASK_CHARS
            and _FIGURE_RE.search(text)
            and _ASK_WORDS_RE.search(text)
        ):
            return text
    return ""


def reading_window(raw: str) -> str:
    """Return what is read of a message: all of it, or its start, its ask and its end if long.

    A long message is read at its first ``READ_HEAD_CHARS`` and last ``READ_TAIL_CHARS``
    characters, and at the first paragraph between them that asks for something with a
    figure (an email's "what would you recommend for X with 32k context and 40 users?"),
    which is put first.
    """
    if len(raw) <= READ_HEAD_CHARS + READ_TAIL_CHARS + 2 * _CUT_SLACK:
        return raw
    head = _cut_near(raw, READ_HEAD_CHARS, -1)
    tail = _cut_near(raw, len(raw) - READ_TAIL_CHARS, 1)
    ask = _ask_paragraph(raw[head:tail]) if head < tail else ""
    # The ask is read first: the readers take the first model and figures they find.
    lead = f"{ask}\n\n" if ask else ""
    return f"{lead}{raw[:head]}\n{raw[tail:]}"


_ISH_RE = gated_re(r"(?<=[0-9])-?ish(?![a-zA-Z])")
_GLUED_CONTEXT_RE = gated_re(r"(?i)(ctx|context|kontext|contexto|contexte|контекст)(?=[0-9])")
# A count glued to the people it counts ("20ppl", "50users", "30чел"): the count, then its word.
_GLUED_PEOPLE_RE = gated_re(
    r"([0-9])(ppl|peeps|users?|people|devs|pax|personas|pessoas|leute|nutzer|personnes|"
    r"utilisateurs|usuarios|usuários|чел|юзер|пользоват)(?![a-z])"
)


# How-much said short in a chat ("sai qto?", "ça fait cb", "скока стоит"): the word in full.
# (Read on the lower-cased text: a pattern that ignores case gets no gate and runs everywhere.)
_SHORT_HOW_MUCH = (
    # ("qtos servidores" counts: only the "how much" is spelled out)
    (gated_re(r"(?<![\w])(?:qto|qnto)(?![\w])"), "quanto"),
    (gated_re(r"(?<![\w])(?:cb|cbien)(?=\s?(?:[?？]|$|pour|par|le mois|au total))"), "combien"),
    (gated_re(r"(?<![\w])(?:скока|скоко|скок)(?![\w])"), "сколько"),
    # "x" for "por" before a time or a person ("3000 llamadas x día", "20 tok x usuario")
    (
        gated_re(
            r"(?<=[0-9a-zà-ÿ] )x(?= (?:d[ií]a|hora|mes|m[eê]s|semana|segundo|minuto|usuario|"
            r"usu[aá]rio|persona|pessoa)(?![\w]))"
        ),
        "por",
    ),
)


def _chat_shorthand(text: str) -> str:
    """Return lower-cased ``text`` with chat shorthand spelled out ("20ppl", "qto", "скока")."""
    text = _GLUED_PEOPLE_RE.sub(r"\1 \2", text)  # "20ppl at once": the count, then who
    for short, word in _SHORT_HOW_MUCH:
        text = short.sub(word, text)
    return text


# The number of an item in a numbered list, at the start of a line ("3. 总吞吐 5000 tok/s").
_LIST_MARK_RE = gated_re(r"(?m)^[ \t]*[0-9]{1,2}[.)、](?=[ \t])")


def clean_text(raw: str, *, lower: bool = True) -> str:
    """Return ``raw`` bounded, without markup or invisible characters, NFKC-folded (lower-cased).

    NFKC turns full-width ``ＦＰ８`` into ``FP8`` and non-breaking or thin spaces into plain
    spaces, which the number patterns rely on.
    """
    text = raw[:MAX_TEXT_CHARS]
    if "<" in text:
        text = _SCRIPT_BLOCK_RE.sub(" ", text)
        text = _TAG_RE.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    if not text.isascii():
        for comma in _FULL_WIDTH_COMMAS:
            text = text.replace(comma, f"{comma} ")
        text = _SUPERSCRIPT_RE.sub(_exponent, text)
        text = _fold_digits(unicodedata.normalize("NFKC", text))
    if "ish" in text:
        text = _ISH_RE.sub("", text)  # "30ish ppl", "40-ish users": the number, roughly
    if "ctx" in text or "ontext" in text or "онтекст" in text:
        text = _GLUED_CONTEXT_RE.sub(r"\1 ", text)  # "ctx64k": the word, then its figure
    if "\n" in text:
        text = sheet_as_pairs(text)  # "model,rpm<br>gpt-oss-120b,300": labels and values
        text = _LIST_MARK_RE.sub(";", text)  # "1. 首 token ≤ 2 秒\n2. …": items, not numbers
    squeezed = _squeeze(text)
    text = _drop_invisible(squeezed)
    if text is not squeezed:  # control characters became spaces, invisible ones were dropped
        text = _squeeze(text)
    text = text.strip()
    return _chat_shorthand(text.lower()) if lower else text


# The next clause says what all the counted do ("25 analysts, all of them work at the same time",
# "300 операторов, в смену все работают одновременно"): its comma ends nothing either.
ALL_OF_THEM = gated_re(
    r"(?<![a-zäöüà-ÿа-яё])(?:all(?: of (?:them|us))?|everyone|everybody|они все|все|всё|alle|"
    r"todos|todas|tous|toutes|tout le monde|全員|みんな|皆さん|모두|다들|전원|大家|所有人|全员|"
    r"全員|全部人|都)(?![a-zäöüà-ÿа-яё])"
)
# A relative pronoun right after a comma: the clause is about the count before it.
RELATIVE_AFTER_COMMA = gated_re(
    r"\s?(?:die|der|welche|who|that|which|que|qui|quienes|которые|который|kteří)(?![a-zäöüа-яё])"
)
