"""A number corrected inside the message keeps only its correction.

"30 concurrent users — sorry, 50", "человек 25, хотя нет — 35", "同時 10 セッション…すみません、20",
"동시 사용자 100명… 아 150명", "60 usuários simultâneos, ops, 80": the first number is taken
back, so the text keeps the second in its place, with the first one's words after it. "50 statt 20
Nutzer", "50 instead of 20 users": the number before "instead of" is the one meant. Read on the
cleaned text once its numbers are digits.
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re

_NUMBER = r"[0-9]+(?:[.,][0-9]+)?"
# Words that take back what was just said, in the ten languages.
_TAKEN_BACK = (
    r"sorry|i mean|i meant|no wait|wait no|actually|correction|make that|oops|"
    r"хотя нет|точнее|вернее|ой|пардон|"
    r"すみません|すいません|失礼|いや|訂正|"
    r"(?<![가-힣])(?:아|아니|아니요|아뇨)(?![가-힣])|정정|"
    r"perdón|perdon|digo|mejor dicho|corrijo|"
    r"ops|opa|quer dizer|aliás|alias|corrigindo|"
    r"pardon|plutôt|enfin|je veux dire|"
    r"äh|ähm|nein|korrektur|besser gesagt|"
    r"不对|不對|说错了|說錯了|应该是|應該是"
)
_CORRECTED_RE = gated_re(
    rf"(?<![0-9.,a-zа-яё])(?P<first>{_NUMBER})(?P<words>[^0-9,.;!?。！？、]{{0,24}}?)"
    rf"[\s,.…:;—–\-、。]*(?<![a-zа-яё])(?:{_TAKEN_BACK})(?![a-zа-яё])[\s,.…:;!—–\-、。]*"
    rf"(?:(?:it'?s|it was|that'?s|nein|no|это|でした)\s)?(?P<second>{_NUMBER})(?![0-9])"
)
# Words that put the number before them in place of the one after.
_INSTEAD = (
    r"statt|anstatt|instead of|rather than|en vez de|en lugar de|em vez de|ao invés de|au lieu de|"
    r"вместо"
)
_INSTEAD_RE = gated_re(
    rf"(?<![0-9.,])(?P<second>{_NUMBER})\s(?:{_INSTEAD})\s(?P<first>{_NUMBER})(?![0-9.,])"
)
# A cheap test before the patterns, from the same words: most messages take nothing back (the
# patterns' own gate cannot use the one-letter "아").
_MARKS = re.compile(rf"{_TAKEN_BACK}|{_INSTEAD}")


_UNIT_AFTER_RE = gated_re(r"\s?[^\W\d_]")


def _correction(found: re.Match[str]) -> str:
    """Return the second number, with the first one's words unless it has its own ("150명")."""
    own_words = _UNIT_AFTER_RE.match(found.string, found.end()) is not None
    return found.group("second") + ("" if own_words else found.group("words"))


def corrected(text: str) -> str:
    """Return ``text`` with each number taken back replaced by its correction."""
    if _MARKS.search(text) is None:
        return text
    text = _CORRECTED_RE.sub(_correction, text)
    return _INSTEAD_RE.sub(lambda m: m.group("second"), text)
