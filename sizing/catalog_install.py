"""A whole catalog (GPUs, plans, knowledge) read from a data directory, checked, then installed.

Prices and policies change without a release: the front end names a directory, this module
reads every file in it (a file the directory lacks comes from the package), validates them
together, and only a catalog that passes replaces the one in use. The engine's caches built
on the old catalog are dropped in the same step, so the next answer uses the new figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sizing.catalog import (
    GPUS_FILE,
    PLANS_FILE,
    Hardware,
    current_hardware,
    get_gpu,
    plans_for,
    price_list,
    read_hardware,
    use_hardware,
)
from sizing.deploy import compare_gpus, forget_answers, targets
from sizing.knowledge import (
    KNOWLEDGE_FILE,
    Knowledge,
    load_knowledge,
    parse_knowledge,
    use_knowledge,
)
from sizing.model import load_models

# The files a data directory may hold; each one it lacks comes from the package.
CATALOG_FILE_NAMES: tuple[str, ...] = (GPUS_FILE.name, PLANS_FILE.name, KNOWLEDGE_FILE.name)


@dataclass(frozen=True, slots=True)
class CatalogData:
    """GPUs, plans and knowledge that were validated together."""

    hardware: Hardware
    knowledge: Knowledge
    directory: Path | None  # where it was read from; None for the packaged catalog

    @property
    def prices_as_of(self) -> date:
        """The date the plan prices were set."""
        return self.hardware.plans.as_of


def read_catalog(directory: Path | None = None) -> CatalogData:
    """Read and validate a whole catalog; raise ``CatalogError`` naming file, entry and field."""
    tables = read_hardware(directory)
    knowledge_path = KNOWLEDGE_FILE
    if directory is not None and (directory / KNOWLEDGE_FILE.name).exists():
        knowledge_path = directory / KNOWLEDGE_FILE.name
    knowledge = parse_knowledge(knowledge_path, tables.gpus, tables.plans.plans)
    return CatalogData(hardware=tables, knowledge=knowledge, directory=directory)


def install(catalog: CatalogData | None) -> None:
    """Answer from ``catalog`` from now on (``None``: the packaged catalog again)."""
    use_hardware(catalog.hardware if catalog is not None else None)
    use_knowledge(catalog.knowledge if catalog is not None else None)
    # Everything cached from the old tables: GPU and plan look-ups, the sizing targets and
    # answers, the comparisons (their prices and ratios), the price lists.
    get_gpu.cache_clear()
    plans_for.cache_clear()
    targets.cache_clear()
    forget_answers()
    compare_gpus.cache_clear()
    price_list.cache_clear()


def catalog_in_use() -> tuple[object, ...]:
    """Return the tables answers come from now: a new tuple of new objects after ``install``.

    A front end that keeps what it derived from them (a message understood) compares each
    item by identity to know whether the catalog changed since.
    """
    return (current_hardware(), load_knowledge(), load_models())
