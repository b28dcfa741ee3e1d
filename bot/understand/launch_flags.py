"""A serving engine's launch command pasted: its flags are settings of their machine, not facts.

"vllm serve Qwen/Qwen3-235B-A22B-FP8 --tensor-parallel-size 8 --max-model-len 65536
--gpu-memory-utilization 0.92 --port 8011": the context (``--max-model-len``,
``--context-length``), the sequences served at once (``--max-num-seqs``) and the cache's format
(``--kv-cache-dtype``) are read where they are said; every other number given to a flag
(parallel sizes, memory shares, ports, token budgets) is blanked, so that no reader takes "8"
for users or "8011" for anything.
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re

# A flag and the number given to it: "--tp 8", "--gpu-memory-utilization=0.9".
_FLAG_NUMBER_RE = gated_re(
    r"(?<![a-z0-9])--(?P<flag>[a-z][a-z0-9-]*)(?:\s+|=)(?P<value>[0-9][0-9._]*)(?![0-9a-z])"
)
# Flags whose number is a fact of the deployment, read by the readers of those facts (the
# sequences served at once are the users at once the launch was sized for).
_FACT_FLAGS = frozenset(
    {
        "max-model-len",
        "context-length",
        "max-seq-len",
        "max-model-length",
        "max-num-seqs",
        "max-running-requests",
    }
)


def without_launch_flags(text: str) -> str:
    """Return ``text`` (cleaned) with the numbers of a launch command's flags blanked."""
    if "--" not in text:
        return text

    def blanked(found: re.Match[str]) -> str:
        if found.group("flag") in _FACT_FLAGS:
            return found.group()
        start = found.start("value") - found.start()
        whole = found.group()
        return whole[:start] + " " * (len(whole) - start)

    return _FLAG_NUMBER_RE.sub(blanked, text)
