"""The facts of the reference model configs, as the project keeps them in ``tests/data``.

``tools/reference_facts.py`` wrote them from the reference folder beside the project (public
``config.json`` and ``hf_quant_config.json`` files): for each checkpoint its id, how its config
was obtained and where it was read, and only the fields the engine reads, so every test runs on
a clone that has no reference folder beside it. Large ones are gzip-compressed.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

from tests.helpers.paths import REPO

MODEL_CONFIGS = REPO / "tests" / "data" / "model-configs"
# The folder the facts were read from, beside the project on developer machines only.
SHARED_CONFIGS = REPO.parent / "shared" / "reference" / "model-configs"
GZIP_SUFFIX = ".gz"


def _stem(path: Path) -> str:
    return path.name.removesuffix(GZIP_SUFFIX).removesuffix(".json")


@cache
def _facts() -> dict[str, dict[str, Any]]:
    found = {}
    for path in sorted(MODEL_CONFIGS.glob("*.json*")):
        raw = path.read_bytes()
        if path.name.endswith(GZIP_SUFFIX):
            raw = gzip.decompress(raw)
        found[_stem(path)] = json.loads(raw.decode("utf-8"))
    return found


def model_config_stems() -> list[str]:
    """List the stems (``owner--name``) of the checkpoints kept, sorted."""
    return sorted(_facts())


def model_config_ids() -> list[str]:
    """List the Hugging Face ids of the checkpoints kept (``owner/name``), sorted."""
    return sorted(facts["hf_id"] for facts in _facts().values())


def stem_of(hf_id: str) -> str:
    """Return the stem of a Hugging Face id: ``owner/name`` is kept as ``owner--name``."""
    return hf_id.replace("/", "--", 1)


def facts_of(stem: str) -> dict[str, Any]:
    """Return everything kept of one checkpoint: id, provenance, config, quant config."""
    return json.loads(json.dumps(_facts()[stem]))  # a fresh copy: tests may change it


def model_config(stem: str) -> dict[str, Any]:
    """Return the fields of a checkpoint's ``config.json`` the engine reads (a fresh copy)."""
    config: dict[str, Any] = facts_of(stem)["config"]
    return config


def quant_config(stem: str) -> dict[str, Any] | None:
    """Return what the engine reads of its ``hf_quant_config.json``, or None where it has none."""
    quant: dict[str, Any] | None = facts_of(stem).get("hf_quant_config")
    return quant


def quant_config_bytes(stem: str) -> bytes | None:
    """Return that ``hf_quant_config.json`` as a file's bytes, or None where it has none."""
    quant = quant_config(stem)
    return None if quant is None else json.dumps(quant).encode("utf-8")
