"""The model types with a reader of their own, by ``model_type``."""

from __future__ import annotations

from collections.abc import Mapping

from sizing.model.hf.families import NEWER_READERS
from sizing.model.hf.readers import OLDER_READERS, Reader

READERS: Mapping[str, Reader] = {**OLDER_READERS, **NEWER_READERS}
