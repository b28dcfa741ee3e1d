"""Plans and knowledge read from ``CATALOG_DIR``, reloaded when its files change or on SIGHUP.

The directory may hold ``gpus.json``, ``plans.json`` and ``knowledge.json``; a file it lacks
comes from the package. A change is noticed before the next answer (each answer checks the
files' stat, which costs microseconds) and by the bot's watcher between messages. A new set of
files is validated whole before it replaces the one in use: a bad file leaves the old catalog
answering, is logged in one line and is queued as a notice for the admins, once per change.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from sizing import (
    CATALOG_FILE_NAMES,
    CatalogData,
    CatalogError,
    install,
    read_catalog,
)

log = logging.getLogger(__name__)

# What identifies one version of the files: (name, inode, size, change time) of each present.
Signature = tuple[tuple[str, int, int, int], ...]


@dataclass(frozen=True, slots=True)
class ReloadOutcome:
    """What a reload did: installed a new catalog, or refused one (``error`` says why)."""

    installed: CatalogData | None
    error: str | None = None


class CatalogSource:
    """The catalog directory, its last version seen, and notices for the admins."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._seen: Signature | None = None
        self._forced = False
        self._notices: list[str] = []

    def _signature(self) -> Signature:
        if self.directory is None:
            return ()
        found = []
        for name in CATALOG_FILE_NAMES:
            try:
                stat = os.stat(self.directory / name)  # noqa: PTH116 - one call for all fields
            except OSError:
                continue  # absent: the packaged file answers
            found.append((name, stat.st_ino, stat.st_size, stat.st_ctime_ns))
        return tuple(found)

    def load(self) -> CatalogData:
        """Read, validate and install the directory's catalog now; raise ``CatalogError``."""
        signature = self._signature()
        catalog = read_catalog(self.directory)
        install(catalog)
        self._seen = signature
        return catalog

    def request_reload(self) -> None:
        """Reload at the next refresh even if no file seems changed (SIGHUP)."""
        self._forced = True

    def refresh(self) -> ReloadOutcome | None:
        """Reload when the files changed (or a reload was requested); ``None`` if nothing to do."""
        if self.directory is None:
            return None
        signature = self._signature()
        if signature == self._seen and not self._forced:
            return None
        self._forced = False
        self._seen = signature
        try:
            catalog = read_catalog(self.directory)
        except CatalogError as error:
            # One line: the file, the entry and the field, and that the old data still answers.
            log.warning("catalog in %s refused, the previous one stays: %s", self.directory, error)
            self._notices.append(f"catalog in {self.directory} refused: {error}")
            return ReloadOutcome(installed=None, error=str(error))
        install(catalog)
        log.info(
            "catalog reloaded from %s (prices as of %s)",
            self.directory,
            catalog.prices_as_of.isoformat(),
        )
        return ReloadOutcome(installed=catalog)

    def take_notices(self) -> list[str]:
        """Return the notices for the admins queued since the last call, and forget them."""
        notices, self._notices = self._notices, []
        return notices
