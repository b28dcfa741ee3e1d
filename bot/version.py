"""The installed version of the assistant, as its distribution metadata says."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as distribution_version

DISTRIBUTION = "fullgpu-sizing-assistant"
UNKNOWN = "0+unknown"  # run from a checkout that was never installed


@cache
def version() -> str:
    """``0.1.0`` and the like; ``0+unknown`` when the distribution is not installed."""
    try:
        return distribution_version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNKNOWN
