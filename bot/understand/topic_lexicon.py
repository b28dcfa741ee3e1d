r"""Words that signal a knowledge question, per concept and per language.

Each concept is a set of regular-expression alternatives for each of the ten languages; a
message matches a concept when any language's alternatives match (customers mix languages:
"MI355X 支持 CUDA 吗"). Text arrives cleaned and lower-cased (``bot.understand.text``).
Latin-script stems are bounded on the left (``\b``) so "port" is not found in "support".
"""

from __future__ import annotations

import re

from bot.understand.topic_concepts import Concept
from bot.understand.topic_words_gpu import GPU_WORDS
from bot.understand.topic_words_service import SERVICE_WORDS

# Software a customer names, and the ``SoftwareItem`` it is (custom kernels before CUDA).
SOFTWARE_ITEMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"tensorrt[- ]?llm|\btrt[- ]?llm|tensorrt"), "tensorrt_llm"),
    (
        re.compile(
            r"(?:cuda|自定义|自訂|custom|собствен|カスタム|커스텀).{0,20}"
            r"(?:kernel|内核|核函数|核心|ядр|カーネル|커널|kernels|noyau)"
        ),
        "custom_cuda_kernels",
    ),
    (re.compile(r"\bpytorch|\btorch\b"), "pytorch"),
    (re.compile(r"\bvllm"), "vllm"),
    (re.compile(r"\bsglang"), "sglang"),
    (re.compile(r"\bcuda"), "cuda"),
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


def _compile(alternatives: dict[str, str]) -> re.Pattern[str]:
    r"""Build one pattern per concept, arranged so the engine skips most positions at once.

    Python's ``re`` tries every alternative at every position. Alternatives that start at a
    word boundary are grouped behind one ``\b`` (tried only where a word starts); those that
    start with a non-ASCII character (CJK, Cyrillic) behind a look-ahead for one; on ASCII
    text both groups then fail at once at most positions. Matching 35 concepts stays well
    under a millisecond.
    """
    alts = [alt for language in alternatives.values() for alt in split_alternatives(language)]
    words = [alt.removeprefix("\\b") for alt in alts if alt.startswith("\\b")]
    wide = [alt for alt in alts if not alt.startswith("\\b") and not alt[0].isascii()]
    rest = [alt for alt in alts if not alt.startswith("\\b") and alt[0].isascii()]
    groups = []
    if words:
        groups.append("\\b(?:" + "|".join(words) + ")")
    if wide:
        groups.append("(?=[^\\x00-\\x7f])(?:" + "|".join(wide) + ")")
    groups += [f"(?:{alt})" for alt in rest]
    return re.compile("|".join(groups))


LEXICON: dict[Concept, dict[str, str]] = {**GPU_WORDS, **SERVICE_WORDS}
PATTERNS: dict[Concept, re.Pattern[str]] = {
    concept: _compile(alternatives) for concept, alternatives in LEXICON.items()
}


def concepts_in(text: str) -> frozenset[Concept]:
    """Every concept ``text`` (cleaned, lower case) mentions."""
    return frozenset(concept for concept, pattern in PATTERNS.items() if pattern.search(text))


def software_named(text: str) -> str | None:
    """Return the first software item ``text`` names (a ``SoftwareItem`` value), if any."""
    return next((item for pattern, item in SOFTWARE_ITEMS if pattern.search(text)), None)
