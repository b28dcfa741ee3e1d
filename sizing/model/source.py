"""The port through which the engine reads models its catalog does not hold.

A ``ModelSource`` (the Hugging Face Hub, through an adapter outside ``sizing/``) hands over a
``Checkpoint``: the repository's ``config.json``, its quantization file and what its
safetensors headers say it stores. The engine reads it like an uploaded config and checks the
architecture it reads against the tensors the checkpoint stores, so a config it misreads is
refused rather than sized. Adapters raise ``sizing.errors`` ``ModelSourceError`` subclasses.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Protocol

from sizing.errors import AmbiguousModelError, InvalidRequestError, ModelNotFoundError
from sizing.model.hf.config import model_from_config
from sizing.model.types import ModelSpec
from sizing.request import Checkpoint, Precision

# Stored dtypes that hold one element per weight (the count is the parameter count).
UNPACKED_DTYPES = frozenset({"BF16", "F16", "F32", "F64", "F8_E4M3", "F8_E5M2", "I64", "BOOL"})
# How far the stored elements may differ from the parameters the config reads as: scales
# and buffers stored beside the weights, layers the serving engine does not load.
STORED_TOLERANCE = 0.03
MAX_ID_CHARS = 96 + 1 + 96  # the Hub's limits on an owner and a repository name
_URL = re.compile(r"^(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/(.+)$", re.IGNORECASE)
_REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")


class ModelSource(Protocol):
    """Where models beyond the catalog come from; every call may raise ModelSourceError."""

    def checkpoint(self, hf_id: str) -> Checkpoint:
        """Read a repository by its exact id."""
        ...

    def search(self, name: str, limit: int) -> tuple[str, ...]:
        """Repository ids matching a loose name, likeliest first (with a config.json)."""
        ...


def model_from_checkpoint(checkpoint: Checkpoint) -> ModelSpec:
    """Read a checkpoint's model; refuse it when the tensors stored disagree with the config."""
    model = model_from_config(checkpoint.config, checkpoint.hf_id, checkpoint.hf_quant_config)
    stored = dict(checkpoint.stored_params)
    if stored and set(stored) <= UNPACKED_DTYPES:
        counted = model.params.total
        total = sum(stored.values())
        # Some checkpoints store their multi-token-prediction layers, others leave them out.
        near = [
            abs(n - total) <= STORED_TOLERANCE * total
            for n in (counted, counted + model.params.mtp)
        ]
        if total and not any(near):
            raise InvalidRequestError(
                "config",
                f"{counted:,} parameters",
                f"the checkpoint stores {total:,}: the config is not read right",
            )
    releases = tuple(
        (Precision(fmt), repo)
        for fmt, repo in checkpoint.releases.items()
        if fmt in Precision.__members__.values()
    )
    name = checkpoint.hf_id.rsplit("/", maxsplit=1)[-1]
    return dataclasses.replace(
        model, name=name, source="hub", revision=checkpoint.revision, hub_releases=releases
    )


def repo_id_of(text: str) -> str | None:
    """Return the repository id a Hub id or URL names ("org/name"), or None."""
    value = text.strip().strip("<>\"'`()[],.;")
    url = _URL.match(value)
    if url:
        value = url.group(1).removeprefix("models/")
    parts = value.split("/")
    if len(parts) < 2 or (not url and len(parts) > 2):  # noqa: PLR2004 - owner and name
        return None
    candidate = "/".join(parts[:2]).split("?")[0].split("#")[0]
    candidate = candidate.removesuffix(".git")
    return candidate if _REPO_ID.match(candidate) and len(candidate) <= MAX_ID_CHARS else None


def find_checkpoint(name: str, source: ModelSource) -> Checkpoint:
    """Read the checkpoint a Hub id, URL or loose name names; ask when a name fits several."""
    repo = repo_id_of(name)
    if repo is not None:
        return source.checkpoint(repo)
    found = source.search(name, 3)
    if not found:
        raise ModelNotFoundError(name, "no model of that name on the Hub")
    if len(found) > 1:
        raise AmbiguousModelError(name, found)
    return source.checkpoint(found[0])
