r"""Words that signal a knowledge question, per concept and per language.

Each concept is a set of regular-expression alternatives for each of the ten languages; a
message matches a concept when any language's alternatives match (customers mix languages:
"MI355X 支持 CUDA 吗"). Text arrives cleaned and lower-cased (``bot.understand.text``).
Latin-script stems are bounded on the left (``\b``) so "port" is not found in "support".
"""

from __future__ import annotations

from bot.understand.gates import Searchable, gated_re
from bot.understand.topics.concepts import Concept
from bot.understand.topics.words_gpu import GPU_WORDS
from bot.understand.topics.words_service import SERVICE_WORDS
from bot.understand.topics.words_site import SITE_WORDS

# Software a customer names, and the ``SoftwareItem`` it is (custom kernels before CUDA).
SOFTWARE_ITEMS: tuple[tuple[Searchable, str], ...] = (
    (gated_re(r"tensorrt[- ]?llm|\btrt[- ]?llm|tensorrt"), "tensorrt_llm"),
    (
        gated_re(
            r"(?:cuda|自定义|自訂|custom|собствен|カスタム|커스텀).{0,20}"
            r"(?:kernel|内核|核函数|核心|ядр|カーネル|커널|kernels|noyau)"
        ),
        "custom_cuda_kernels",
    ),
    (gated_re(r"\bpytorch|\btorch\b"), "pytorch"),
    (gated_re(r"\bvllm"), "vllm"),
    (gated_re(r"\bsglang"), "sglang"),
    (gated_re(r"\bcuda"), "cuda"),
)


def split_alternatives(pattern: str) -> list[str]:
    """Split a regular expression on its top-level ``|`` (not inside groups or classes)."""
    parts, depth, start, in_class, escaped = [], 0, 0, False, False
    for index, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:index])
            start = index + 1
    parts.append(pattern[start:])
    return [part for part in parts if part]


_SPECIAL = "\\()[]^$.|*+?{}"
_QUANTIFIERS = "?*+{"


def _led_by_literal(alternative: str) -> bool:
    """Whether ``alternative`` starts with a plain character that is always there."""
    return alternative[:1] not in _SPECIAL and (alternative[1:2] or "x") not in _QUANTIFIERS


_WORD_START_RE = gated_re(r"\b")


class ConceptWords:
    r"""The expressions of one concept, as patterns the regex engine can skip through.

    Python's ``re`` tries every alternative at every position, unless every alternative of a
    pattern starts with a plain character: then it skips straight to those characters. So the
    alternatives that start at a word boundary and with a plain character are one pattern, its
    matches checked for the ``\b`` after (few are not at a word's start); the other ``\b``
    ones are grouped behind one ``\b``; those that start with a non-ASCII character (CJK,
    Cyrillic) are one pattern led by that character (behind a look-ahead for one, if it may be
    absent); the others one pattern if each starts with a plain character. The concept is
    mentioned if any of them matches. Matching 35 concepts stays well under a millisecond.
    """

    __slots__ = ("_at_word_start", "_patterns")

    def __init__(self, alternatives: dict[str, str]) -> None:
        alts = [alt for language in alternatives.values() for alt in split_alternatives(language)]
        words = [alt.removeprefix("\\b") for alt in alts if alt.startswith("\\b")]
        wide = [alt for alt in alts if not alt.startswith("\\b") and not alt[0].isascii()]
        rest = [alt for alt in alts if not alt.startswith("\\b") and alt[0].isascii()]
        led = [word for word in words if _led_by_literal(word)]
        self._at_word_start = gated_re("|".join(led)) if led else None
        groups = []
        unled = [word for word in words if not _led_by_literal(word)]
        if unled:
            groups.append("\\b(?:" + "|".join(unled) + ")")
        if wide:
            plain = all(_led_by_literal(alt) for alt in wide)
            groups.append(
                "|".join(wide) if plain else "(?=[^\\x00-\\x7f])(?:" + "|".join(wide) + ")"
            )
        if rest:
            plain = all(_led_by_literal(alt) for alt in rest)
            groups += ["|".join(rest)] if plain else [f"(?:{alt})" for alt in rest]
        self._patterns = tuple(gated_re(group) for group in groups)

    def search(self, text: str) -> bool:
        """Whether ``text`` (cleaned, lower case) holds an expression of the concept."""
        if self._at_word_start is not None:
            position = 0
            while (match := self._at_word_start.search(text, position)) is not None:
                if _WORD_START_RE.match(text, match.start()):
                    return True
                position = match.start() + 1
        return any(pattern.search(text) for pattern in self._patterns)


LEXICON: dict[Concept, dict[str, str]] = {**GPU_WORDS, **SERVICE_WORDS, **SITE_WORDS}
PATTERNS: dict[Concept, ConceptWords] = {
    concept: ConceptWords(alternatives) for concept, alternatives in LEXICON.items()
}


def mentions_concept(concept: Concept, text: str) -> bool:
    """Whether ``text`` (cleaned, lower case) mentions ``concept``."""
    return PATTERNS[concept].search(text)


def concepts_in(text: str) -> frozenset[Concept]:
    """Every concept ``text`` (cleaned, lower case) mentions."""
    return frozenset(concept for concept in PATTERNS if mentions_concept(concept, text))


def software_named(text: str) -> str | None:
    """Return the first software item ``text`` names (a ``SoftwareItem`` value), if any."""
    return next((item for pattern, item in SOFTWARE_ITEMS if pattern.search(text)), None)
