"""The serving engine the customer names: vLLM or SGLang (the two the engine sizes for)."""

from __future__ import annotations

from bot.understand.gates import gated_re

# "vllm", "vLLM", "v-llm", "sglang", "SG-Lang", "sg lang"; glued CJK particles are fine.
_ENGINE_RE = gated_re(r"(?<![a-z0-9])(?:(?P<vllm>v[- ]?llm)|(?P<sglang>sg[- ]?lang))(?![a-z])")


# Words that leave the engine after them behind: "statt vLLM SGLang", "instead of vLLM".
_INSTEAD_BEFORE_RE = gated_re(
    r"(?:instead of|rather than|statt|anstatt|anstelle von|au lieu de|plutôt que|en vez de|"
    r"en lugar de|em vez de|ao invés de|вместо|而不是|代わりに|대신)\s?(?:the\s)?$"
)


def find_engine(text: str) -> str | None:
    """Return the engine named in ``text`` (cleaned): "vllm", "sglang" or None.

    The first one named, unless it is the one left behind ("statt vLLM SGLang nehmen": SGLang).
    """
    if "llm" not in text and "lang" not in text:
        return None
    named = list(_ENGINE_RE.finditer(text))
    kept = [
        match
        for match in named
        if not _INSTEAD_BEFORE_RE.search(text, max(0, match.start() - 24), match.start())
    ]
    if not named:
        return None
    match = (kept or named)[0]
    return "vllm" if match.group("vllm") else "sglang"
