"""Numbers as customers write them: one grammar, read in linear time, never an exception.

On cleaned text (lower case, ASCII digits, "^" before a superscript exponent):
- digits grouped by "," "." "'" or a space ("128,000", "128.000", "32 000"), or digits with a
  decimal part ("12.8", "1,5");
- an exponent: "1e9", "10^9", "1×10^9", "2**20";
- a minus sign glued to the digits, not inside a word or a range ("-5", never "8k-32k");
- East Asian composites: 12万8千, 3만 2천, 一万亿, 7천억, 1.5兆, 4050億;
- magnitude words after a number ("64 тыс.", "70 mil millones", "1,2 billones") and a few
  number words ("forty", "une quarantaine").

A number may start only where no digit, letter or decimal mark precedes it, so each run of
digits is scanned once per pattern whatever its length. Values are floats: a number beyond any
sensible magnitude reads as infinity (then refused by the caller), never as an error.
"""

from __future__ import annotations

import itertools
import math
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.lexicon import LEXICONS, for_language, union

# Digits beyond this many make a number "huge" outright: no sizing quantity needs them, and
# int() refuses strings beyond 4,300 digits.
_MAX_DIGITS = 40
_MAX_EXPONENT = 400

# The first character is read before the checks on what precedes it (lookbehinds that include
# it), so that every number pattern starts with a plain character class and the regex engine
# can skip straight to the digits of a message.
_FIRST = (
    r"[-0-9]"
    r"(?<![a-z0-9_.,\-]-)"  # a minus sign stands alone ("-5"), not in "8k-32k" or "--flag"
    r"(?<![a-z0-9_十십百백千천万萬만亿億억兆조][0-9])"  # not the tail of a name ("h200") or of 1万5
    r"(?<![0-9][.,'][0-9])"  # nor the decimals of another number
)
_REST = r"[0-9]{0,2}"  # the rest of a first group of up to three digits
_MANTISSA = (
    rf"(?:(?<=-)(?=[0-9])[0-9]|(?<=[0-9]))"
    rf"(?>{_REST}(?:[,.'][0-9]{{3}})+(?![0-9])"
    rf"|{_REST}(?: [0-9]{{3}})+(?![0-9])(?! ?[kкmм](?![a-zа-яё])|[万萬만千천])"
    r"|[0-9]*(?:[.,][0-9]+)?)"
)
_EXPONENT = (
    r"(?:e[+-]?[0-9]+(?![0-9])"
    r"|\s?(?:\^|\*\*)\s?[+-]?[0-9]+"
    r"|\s?[x×*]\s?10\s?(?:\^|\*\*)\s?[+-]?[0-9]+)"
)
NUMBER_PATTERN = rf"(?P<num>{_FIRST}{_MANTISSA}{_EXPONENT}?)"

_GROUPED_RE = gated_re(r"[0-9]{1,3}(?:([,.' ])[0-9]{3})(?:\1[0-9]{3})*")
_SPLIT_RE = gated_re(
    r"(?P<mant>[0-9.,' ]+?)\s?(?:(?P<sci>e|[x×*]\s?10\s?(?:\^|\*\*))|\^|\*\*)\s?"
    r"(?P<exp>[+-]?[0-9]+)"
)

# East Asian numerals: digits (Arabic or Chinese) and units, big units stacking (万亿 = 10^12).
# The CJK digits, one to nine and zero: the one table every reader of CJK numbers uses.
CJK_DIGITS = {
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
_SMALL_UNITS = {"十": 10, "십": 10, "百": 100, "백": 100, "千": 1000, "천": 1000}
_BIG_UNITS = {
    "万": 10_000,
    "萬": 10_000,
    "만": 10_000,
    "亿": 10**8,
    "億": 10**8,
    "억": 10**8,
    "兆": 10**12,
    "조": 10**12,
}
_CJK_DIGIT_CLASS = "零〇一二两兩三四五六七八九"
_CJK_UNIT_CLASS = "十십百백千천万萬만亿億억兆조"
# Digit runs are possessive ("++", "*+"): a unit, a space or a non-digit follows each one, so
# giving digits back never makes a number match, and a long run is not read back and forth.
_CJK_PART = rf"(?:[0-9]++(?:\.[0-9]++)?|[{_CJK_DIGIT_CLASS}])"
# At least one unit, a digit before the first unit (or 十 alone, as in 十二万), at most a
# trailing digit: "12万8千", "3만 2천", "一万五", "十二万", "7천억".
_CJK_UNIT = rf"[{_CJK_UNIT_CLASS}]"
# The longest composite a number needs ("1兆2千3百4十5万6千7百8十9") has nine units; a run of
# units beyond that is no number anyone writes, and reading it whole would cost its length.
_MAX_CJK_UNITS = 8
_CJK_UNIT_RE = gated_re(_CJK_UNIT)


def worth_trying(patterns: tuple[Searchable, ...], text: str) -> list[Searchable]:
    """``patterns`` without those led by a CJK number when ``text`` has no CJK number unit."""
    cjk = _CJK_UNIT_RE.search(text) is not None
    return [pattern for pattern in patterns if cjk or not pattern.pattern.startswith("(?P<cjk>")]


# A message states its numbers among its first ones: past this many, a wall of numbers is not
# read any further.
MAX_NUMBERS = 64


# Groups beyond which a grouped number is one run of digits to every pattern: past 48 digits
# it is refused as too large all the same, and "000 000 000 ..." over a whole message would
# otherwise be read from each of its groups by each pattern that fails after it.
_MAX_GROUPS = 16
_LONG_GROUPED_RE = gated_re(
    rf"[0-9]{{1,3}}(?:([,.' ])[0-9]{{3}})(?:\1[0-9]{{3}}){{{_MAX_GROUPS},}}"
)
_GROUP_MARKS_RE = gated_re(r"[,.' ]")
# Two groups in a row, which every such number has: led by the mark, so the regex engine skips
# runs of digits at once (the full pattern would be tried at each of their digits).
_TWO_GROUPS_RE = gated_re(r"[,.' ][0-9]{3}[,.' ][0-9]{3}")


def join_long_groups(text: str) -> str:
    """Return ``text`` with each number of more than ``_MAX_GROUPS`` groups as bare digits."""
    if _TWO_GROUPS_RE.search(text) is None:
        return text
    return _LONG_GROUPED_RE.sub(lambda match: _GROUP_MARKS_RE.sub("", match.group()), text)


# At least one unit, a digit before the first unit (or 十 alone, as in 十二万, or before a
# counter, as in 十个), at most a trailing digit: "12万8千", "3만 2천", "一万五", "十二万",
# "7천억". Read first, its first character is checked not to continue another number.
_CJK_FIRST = rf"[0-9{_CJK_DIGIT_CLASS}十](?<![0-9.{_CJK_DIGIT_CLASS}{_CJK_UNIT_CLASS}].)"
_CJK_FIRST_UNIT = (
    rf"(?:(?<=[0-9])(?:[0-9]{{0,2}}(?:,[0-9]{{3}})++|[0-9]*+)(?:\.[0-9]++)? ?{_CJK_UNIT}"
    rf"|(?<=[{_CJK_DIGIT_CLASS}]) ?{_CJK_UNIT}"
    rf"|(?<=十)(?=[{_CJK_DIGIT_CLASS}{_CJK_UNIT_CLASS}])|(?<=十)(?=[个個位名人]))"
)
CJK_NUMBER_PATTERN = (
    rf"(?P<cjk>{_CJK_FIRST}"
    rf"(?>{_CJK_FIRST_UNIT}"
    rf"(?: ?{_CJK_PART}? ?{_CJK_UNIT}){{0,{_MAX_CJK_UNITS}}}+"
    # A trailing digit is one step below the last unit (一万五), unless a counter follows it: in
    # "15 萬一個月" the 一 counts the month.
    rf"(?: ?{_CJK_PART}(?![{_CJK_UNIT_CLASS}0-9个個月年天日周週台张張枚ヶか]))?))"
)
# What follows the first unit is optional: a CJK number matches exactly where its start and
# first unit do, which this reads (``cjk_number_starts``).
_CJK_HEAD_RE = gated_re(_CJK_FIRST + _CJK_FIRST_UNIT)

# A digit-led pattern (``NUMBER_PATTERN``, ``DIGIT_FIRST``) matches only where a minus sign
# or a digit stands without a digit before it. Inside a long run the regex engine would still
# try, and fail, at every digit: where a text has one, the matches are looked for at those
# starts alone, found by one scan that reads each run whole.
DIGIT_FIRST = r"[0-9](?<![a-z0-9.][0-9])"
_DIGITS = "0123456789"
# (where numbers may start, long runs, the characters of a run)
_Starts = tuple[Searchable, Searchable, str]
# A long run is looked for at the first digit of each run only (the look-behind includes the
# digit read first): tried at every digit, a short run would be read again from each of them.
LONG_RUN = r"[0-9](?<![0-9][0-9])[0-9]{15,}"
_DIGIT_STARTS: _Starts = (gated_re(r"-|[0-9]+"), gated_re(LONG_RUN), _DIGITS)
_DIGIT_LED = (f"(?P<num>{DIGIT_FIRST}", NUMBER_PATTERN)
# Looking for matches at the starts alone costs a call each: worth it where the characters
# inside long runs (each a failed try of the regex engine) outnumber the starts this many times.
_DIGITS_PER_START = 8


@lru_cache(maxsize=64)  # the finders scan the same few texts one after the other
def _starts(text: str, starts: _Starts) -> tuple[int, ...] | None:
    """Where numbers may start in ``text``, or None where scanning the whole text is cheaper."""
    runs, long_runs, chars = starts
    long = long_runs.findall(text)
    if not long:
        return None
    in_long = sum(map(len, long))
    # At most one start per other character of a run, one per minus sign, one per long run.
    others = sum(map(text.count, chars)) - in_long + text.count("-") + len(long)
    if in_long - len(long) <= _DIGITS_PER_START * others:
        return None
    return tuple(match.start() for match in runs.finditer(text))


def _from_starts(
    pattern: Searchable, text: str, starts: tuple[int, ...]
) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern that matches only at ``starts`` (never empty)."""
    end = 0
    for start in starts:
        if start >= end:
            match = pattern.match(text, start)
            if match is not None:
                yield match
                end = match.end()


class CjkNumberStarts:
    """Where the CJK numbers of one text start, found once for every pattern led by one.

    Several finders look for CJK numbers in the same text ("12.8万" as a context, a size, a
    count, an amount): the starts are read once, as far as the finders ask, and each finder
    tries its pattern at those starts alone.
    """

    __slots__ = ("_lock", "_next", "_text", "found")

    def __init__(self, text: str) -> None:
        """Prepare to read ``text``; nothing is read before a finder asks."""
        self._text = text
        self.found: list[int] = []
        self._next: int | None = 0  # where to look for the next start, None past the last
        self._lock = threading.Lock()  # two threads reading on keep the starts in order

    def read_more(self) -> bool:
        """Find the next start; False once the text has no more."""
        with self._lock:
            if self._next is None:
                return False
            head = _CJK_HEAD_RE.search(self._text, self._next)
            if head is None:
                self._next = None
                return False
            # Every start is kept, even one inside the last head ("12 十二" may be read from
            # "十" where a pattern fails at "12").
            self.found.append(head.start())
            self._next = head.start() + 1
            return True


@lru_cache(maxsize=16)  # the finders read the same few texts one after the other
def cjk_number_starts(text: str) -> CjkNumberStarts:
    """Return the shared reading of where the CJK numbers of ``text`` start."""
    return CjkNumberStarts(text)


# Starts tried one by one, each a call: past this many in one text (a wall of CJK numbers),
# the regex engine scans the rest of it itself, which costs less per start.
_SHARED_CJK_STARTS = 8


def _from_cjk_starts(pattern: Searchable, text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern led by ``CJK_NUMBER_PATTERN``."""
    starts = cjk_number_starts(text)
    found = starts.found
    end = index = 0
    while index < len(found) or starts.read_more():
        start = found[index]
        if index == _SHARED_CJK_STARTS:
            # Every start before this one was tried: nothing else before it can match.
            yield from pattern.finditer(text, max(end, start))
            return
        index += 1
        if start >= end:
            match = pattern.match(text, start)
            if match is not None:
                yield match
                end = match.end()


def scan(pattern: Searchable, text: str) -> Iterator[re.Match[str]]:
    """Yield the first ``MAX_NUMBERS`` matches of ``pattern`` in ``text``.

    Number patterns begin with a digit checked against what precedes it, so the regex engine
    gives up at once inside a run of digits; a wall of digit groups is made one run first
    (``join_long_groups``), so that no number is read again from each of its groups. Patterns
    led by a CJK number are tried only where one starts (``cjk_number_starts``).
    """
    source = pattern.pattern
    if source.startswith(CJK_NUMBER_PATTERN):
        return itertools.islice(_from_cjk_starts(pattern, text), MAX_NUMBERS)
    if source.startswith(_DIGIT_LED):
        found = _starts(text, _DIGIT_STARTS)
        if found is not None:
            return itertools.islice(_from_starts(pattern, text, found), MAX_NUMBERS)
    return itertools.islice(pattern.finditer(text), MAX_NUMBERS)


# Letter suffixes read by each slot in its own way ("128k" tokens are 131,072; "$10k" is 10,000).
THOUSAND_LETTERS = "kк"
MILLION_LETTERS = "mм"


def _bounded_exponent(digits: str) -> int:
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    if len(digits) > len(str(_MAX_EXPONENT)):
        return sign * (_MAX_EXPONENT + 1)
    return sign * min(int(digits), _MAX_EXPONENT + 1)


def _plain_value(token: str) -> float:
    """Value of a mantissa: grouped digits are whole ("128.000"), "1,5" is one and a half.

    With both marks ("4.518,5", "7,000.25") the last one is the decimal mark.
    """
    if len(token) > 2 * _MAX_DIGITS:
        return math.inf  # at most one separator per three digits: over 60 digits
    if _GROUPED_RE.fullmatch(token) is not None:
        return float(_GROUP_MARKS_RE.sub("", token))
    token = token.replace("'", "").replace(" ", "")
    decimal = max(",.", key=token.rfind)
    whole, mark, fraction = token.rpartition(decimal)
    if not mark:
        return float(token)
    return float(f"{whole.replace(',', '').replace('.', '')}.{fraction}")


def _power(base: float, exponent: int, *, scientific: bool) -> float:
    try:
        if scientific:
            return base * 10.0**exponent
        return base**exponent
    except OverflowError:
        return math.inf
    except ZeroDivisionError:
        return math.inf


def parse_number(token: str) -> float:
    """Value of one NUMBER_PATTERN match (signed, possibly infinite; never raises)."""
    token = token.strip()
    sign = -1.0 if token.startswith("-") else 1.0
    token = token.lstrip("-")
    split = _SPLIT_RE.fullmatch(token)
    try:
        if split is None:
            return sign * _plain_value(token)
        base = _plain_value(split.group("mant"))
    except ValueError:  # no spelling of a number the patterns take gets here; kept total
        return math.nan
    exponent = _bounded_exponent(split.group("exp"))
    return sign * _power(base, exponent, scientific=split.group("sci") is not None)


_CJK_GROUP_COMMA_RE = gated_re(r"(?<=[0-9]),(?=[0-9]{3})")


def parse_cjk_number(token: str) -> float:
    """Value of a CJK_NUMBER_PATTERN match: 12万8千 = 128,000; 一万亿 = 10^12; 一万五 = 15,000."""
    total = 0.0
    section = 0.0
    number: float | None = None
    last_unit = 1
    token = _CJK_GROUP_COMMA_RE.sub("", token)  # "3,000만": digits grouped in thousands
    single = False  # the trailing number is one digit ("一万五", "2만5"), not "2만 3900"
    for part in re.findall(rf"[0-9]+(?:\.[0-9]+)?|[{_CJK_DIGIT_CLASS}{_CJK_UNIT_CLASS}]", token):
        single = len(part) == 1
        if part[0].isdigit():
            number = _plain_value(part)
        elif part in CJK_DIGITS:
            number = float(CJK_DIGITS[part])
        elif part in _SMALL_UNITS:
            section += (1.0 if number is None else number) * _SMALL_UNITS[part]
            number, last_unit = None, _SMALL_UNITS[part]
        else:
            unit = _BIG_UNITS[part]
            chunk = section + (number or 0.0)
            if chunk == 0 and total == 0:
                chunk = 1.0  # a unit alone: 万 is ten thousand
            # 万亿: a bigger unit after a smaller one multiplies everything before it.
            total = (total + chunk) * unit if 0 < total < unit else total + chunk * unit
            section, number, last_unit = 0.0, None, unit
    if number is not None:
        # A trailing digit after a unit is one step below it: 一万五 = 15,000, 3천2 = 3,200;
        # a number of several digits is itself: 2万3900 = 23,900.
        step = last_unit // 10 if last_unit >= 10 else 1  # noqa: PLR2004 - one decimal step
        section += number * (step if last_unit > 1 and single else 1)
    return total + section


@cache
def magnitude_pattern() -> str:
    """Decimal magnitude words of every language ("тыс.", "mil millones", "billion")."""
    fragments = [
        word
        for lexicon in LEXICONS.values()
        for slot in ("thousand", "million", "billion", "trillion")
        for word in getattr(lexicon, slot)
    ]
    return union((*fragments, *(word for word, _ in _INDIAN_MAGNITUDES)))


@cache
def _magnitude_res(language: str) -> tuple[tuple[Searchable, float], ...]:
    order = [for_language(language), *LEXICONS.values()]
    factors = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
    return (
        *(
            (gated_re(f"(?:{word})"), factor)
            for lexicon in order
            for slot, factor in factors.items()
            for word in getattr(lexicon, slot)
        ),
        *((gated_re(f"(?:{word})"), factor) for word, factor in _INDIAN_MAGNITUDES),
    )


# Indian English magnitudes: "₹12 lakh" is 1,200,000, "2 crore" 20,000,000.
_INDIAN_MAGNITUDES = (("lakhs?", 1e5), ("lacs?", 1e5), ("crores?", 1e7))


def magnitude_factor(word: str, language: str) -> float:
    """Return the factor of a magnitude word in the message's language ("billion": 1e9 or 1e12)."""
    for word_re, factor in _magnitude_res(language):
        if word_re.fullmatch(word):
            return factor
    return 1.0


@cache
def number_words_pattern() -> str:
    """Words that stand for a count in any language ("forty", "une quarantaine")."""
    fragments = tuple(
        re.escape(word)
        for lexicon in LEXICONS.values()
        for word, value in lexicon.number_words
        if value > 1
    )
    return union(fragments)


@cache
def one_words_pattern() -> str:
    """Words for "one" that count only before a magnitude word ("a trillion", "un billion")."""
    fragments = tuple(
        re.escape(word)
        for lexicon in LEXICONS.values()
        for word, value in lexicon.number_words
        if value == 1
    )
    return union(fragments)


@cache
def _number_word_values() -> dict[str, int]:
    return {word: value for lexicon in LEXICONS.values() for word, value in lexicon.number_words}


def number_word_value(word: str) -> int | None:
    """Value of a number word, or None."""
    return _number_word_values().get(word)


def blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` replaced by spaces, offsets unchanged."""
    return text[:start] + " " * (end - start) + text[end:]


@dataclass(frozen=True, slots=True)
class Found:
    """A value read from the text, the text without it, and a refusal code if any."""

    value: int | None
    rest: str
    refused: str | None = None
    usual: int | None = None  # users at once usually, when ``value`` is the peak said beside


def is_whole(value: float) -> bool:
    """Whether ``value`` is a finite whole number."""
    return math.isfinite(value) and value == math.floor(value)


# Bytes at the end of a figure or right after it ("每天出站大概 2T", "2 TB a day"): an amount of
# data (traffic), never a count of requests.
_BYTES_END_RE = gated_re(r"[0-9]\s?(?:t|tb|tib|g|gb|gib|p|pb|т|тб|г|гб)\s*$")
_BYTES_INSIDE_RE = gated_re(r"[0-9]\s?(?:tb|tib|gb|gib|pb|тб|гб)(?![a-zа-яё0-9])")
_BYTES_AFTER_RE = gated_re(r"\s?(?:t|tb|tib|g|gb|gib|p|pb|тб|гб)(?![a-zа-яё])")


def in_bytes(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is counted in bytes (a unit in it or after)."""
    said = text[start:end]
    return bool(
        _BYTES_END_RE.search(said)
        or _BYTES_INSIDE_RE.search(said)
        or _BYTES_AFTER_RE.match(text, end)
    )
