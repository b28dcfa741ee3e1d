"""Fixtures the conversation tests share."""

from __future__ import annotations

import shutil

import pytest

from sizing.catalog.hardware import DATA_DIR
from sizing.catalog_install import CATALOG_FILE_NAMES, install


@pytest.fixture
def catalog_dir(tmp_path):
    """Copy the packaged catalog into a directory; the packaged one is back after the test."""
    for name in CATALOG_FILE_NAMES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    yield tmp_path
    install(None)
