"""A model's ``config.json`` sent as a document: checked, then sized as ``--config`` is.

The checks run before the engine sees anything: the size (a config is a few kilobytes; the
largest, with quantization module lists, stay well under the limit), UTF-8, JSON, a JSON
object. Each failure is one code the conversation words in the customer's language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import PurePath
from typing import Any

# Hugging Face config.json files are 1-10 KB; quantized releases that list the modules left
# unquantized reach a few tens of KB. Anything past this is not a config.
MAX_CONFIG_BYTES = 128 * 1024


class UploadProblem(StrEnum):
    """Why an uploaded file cannot be sized."""

    TOO_LARGE = "too_large"
    NOT_JSON = "not_json"
    NOT_AN_OBJECT = "not_an_object"
    NOT_A_MODEL_CONFIG = "not_a_model_config"


@dataclass(frozen=True, slots=True)
class UploadError(Exception):
    """An uploaded file that cannot be sized, and where (``line`` for bad JSON)."""

    problem: UploadProblem
    size_bytes: int = 0
    line: int | None = None


def check_size(size_bytes: int | None) -> None:
    """Refuse a file Telegram says is too large, before downloading it."""
    if size_bytes is not None and size_bytes > MAX_CONFIG_BYTES:
        raise UploadError(UploadProblem.TOO_LARGE, size_bytes=size_bytes)


def read_upload(
    file_name: str | None, content: bytes | None, size_bytes: int | None
) -> dict[str, Any]:
    """Check an upload's announced size, then read it (``content`` None: not downloaded)."""
    check_size(size_bytes)
    if content is None:
        raise UploadError(UploadProblem.TOO_LARGE, size_bytes=size_bytes or 0)
    return read_config(file_name, content)


def read_config(file_name: str | None, content: bytes) -> dict[str, Any]:
    """Parse an uploaded config.json; raise ``UploadError`` saying what is wrong with it."""
    check_size(len(content))
    try:
        config = json.loads(content.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise UploadError(UploadProblem.NOT_JSON, size_bytes=len(content)) from error
    except json.JSONDecodeError as error:
        raise UploadError(
            UploadProblem.NOT_JSON, size_bytes=len(content), line=error.lineno
        ) from error
    except (ValueError, RecursionError) as error:  # huge integers, absurd nesting
        raise UploadError(UploadProblem.NOT_JSON, size_bytes=len(content)) from error
    if not isinstance(config, dict):
        raise UploadError(UploadProblem.NOT_AN_OBJECT, size_bytes=len(content))
    # Most config.json files do not name their model: the file's name is the best label.
    stem = PurePath(file_name or "config.json").stem or "config"
    config.setdefault("_name_or_path", stem)
    return config
