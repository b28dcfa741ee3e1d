# noqa: INP001 - a standalone tool run from the project root, not part of a package
"""Record the facts of the reference model configs the tests read, in the project's own format.

    .venv/bin/python tools/reference_facts.py [../shared/reference/model-configs]

The reference folder beside the project holds Hugging Face ``config.json`` files (and NVIDIA's
``hf_quant_config.json`` beside some) gathered from public mirrors; it is not the project's to
copy. The tests need the facts the engine reads in them, so this tool writes one file per
checkpoint to ``tests/data/model-configs/``: the checkpoint's id, how its config was obtained
and where it was read (from the folder's ``SOURCES.md``), and only the fields whose absence
changes what the engine makes of the config. A field is kept when dropping it changes the
model the engine derives (every count, cache figure and release layout), with and without the
checkpoint's id, or the reason it refuses the config; large mappings whose every entry may
matter (a checkpoint's per-layer quantization) are kept whole. Files over 256 KB are written
gzip-compressed.

``tests/test_reference_facts.py`` checks, wherever the folder is beside the project, that the
facts kept give the engine exactly what the full configs give it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sizing.errors import InvalidRequestError
from sizing.model import model_from_config

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "reference" / "model-configs"
OUT = ROOT / "tests" / "data" / "model-configs"
QUANT_SUFFIX = ".hf_quant_config.json"
FORMAT = 1
GZIP_OVER_BYTES = 256 * 1024
# A mapping this large is a per-layer table: kept or dropped whole, never entry by entry.
WHOLE_OVER_KEYS = 512
Config = dict[str, Any]


def fingerprint(hf_id: str, config: Config, quant: Config | None) -> str:
    """Return what the engine makes of a config: the model twice (with and without an id)."""
    readings = []
    for model_id in (hf_id, None):
        try:
            readings.append(repr(model_from_config(config, model_id, quant)))
        except InvalidRequestError as error:
            readings.append(f"refused {error.field}: {error}")
    return "\n".join(readings)


def _minimize(mapping: Config, same: Callable[[], bool]) -> None:
    """Drop, in place, every entry of ``mapping`` whose absence keeps ``same()`` true."""
    for key in list(mapping):
        value = mapping.pop(key)
        if same():
            continue
        mapping[key] = value
        if isinstance(value, dict) and len(value) <= WHOLE_OVER_KEYS:
            _minimize(value, same)


def minimal(hf_id: str, config: Config, quant: Config | None) -> tuple[Config, Config | None]:
    """Return the smallest config (and quant config) the engine reads exactly as the full ones."""
    target = fingerprint(hf_id, config, quant)
    kept = json.loads(json.dumps(config))
    kept_quant = json.loads(json.dumps(quant)) if quant is not None else None

    def same() -> bool:
        return fingerprint(hf_id, kept, kept_quant) == target

    _minimize(kept, same)
    if kept_quant is not None:
        _minimize(kept_quant, same)
    return kept, kept_quant


def sources(folder: Path) -> dict[str, tuple[str, str]]:
    """Read ``SOURCES.md``'s table: hf id -> (how obtained, where it was read)."""
    found = {}
    text = (folder / "SOURCES.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and "/" in cells[0] and not set(cells[0]) <= {"-", " "}:  # noqa: PLR2004
            found[cells[0]] = (cells[1], cells[2])
    return found


def _write(path: Path, facts: dict[str, Any]) -> Path:
    text = json.dumps(facts, ensure_ascii=False, indent=1) + "\n"
    raw = text.encode("utf-8")
    if len(raw) > GZIP_OVER_BYTES:
        path = path.with_name(path.name + ".gz")
        path.write_bytes(gzip.compress(raw, mtime=0))
    else:
        path.write_bytes(raw)
    return path


def main() -> int:
    """Write the facts of every reference config; print each file and its size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=SHARED)
    folder = parser.parse_args().folder
    if not folder.is_dir():
        sys.stderr.write(f"{folder}: no reference model configs here\n")
        return 2
    where = sources(folder)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json*"):
        old.unlink()
    for path in sorted(folder.glob("*.json")):
        if path.name.endswith(QUANT_SUFFIX):
            continue
        stem = path.name.removesuffix(".json")
        hf_id = stem.replace("--", "/", 1)
        config = json.loads(path.read_text(encoding="utf-8"))
        quant_path = folder / f"{stem}{QUANT_SUFFIX}"
        quant = json.loads(quant_path.read_text(encoding="utf-8")) if quant_path.is_file() else None
        kept, kept_quant = minimal(hf_id, config, quant)
        obtained, read_from = where.get(hf_id, ("", ""))
        facts: dict[str, Any] = {
            "format": FORMAT,
            "hf_id": hf_id,
            "obtained": re.sub(r"\s+", " ", obtained),
            "read_from": re.sub(r"\s+", " ", read_from),
            "config": kept,
        }
        if kept_quant is not None:
            facts["hf_quant_config"] = kept_quant
        written = _write(OUT / f"{stem}.json", facts)
        sys.stdout.write(f"{written.relative_to(ROOT)}: {written.stat().st_size:,} bytes\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
