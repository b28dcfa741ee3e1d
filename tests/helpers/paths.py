"""Where things are, for tests at any depth of ``tests/``: the project root."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
