"""The serving engine the customer names: vLLM or SGLang (the two the engine sizes for)."""

from __future__ import annotations

from bot.understand.gates import gated_re

# "vllm", "vLLM", "v-llm", "sglang", "SG-Lang", "sg lang"; glued CJK particles are fine.
_ENGINE_RE = gated_re(r"(?<![a-z0-9])(?:(?P<vllm>v[- ]?llm)|(?P<sglang>sg[- ]?lang))(?![a-z])")


def find_engine(text: str) -> str | None:
    """Return the first engine named in ``text`` (cleaned): "vllm", "sglang" or None."""
    if "llm" not in text and "lang" not in text:
        return None
    match = _ENGINE_RE.search(text)
    if match is None:
        return None
    return "vllm" if match.group("vllm") else "sglang"
