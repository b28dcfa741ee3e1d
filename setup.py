"""Build hook: the wheel carries the templates and the compiled message catalogs.

``templates/`` and ``locales/`` live beside the packages in the source tree (translators and
template authors work there); a wheel must be self-contained, so ``build_py`` copies the
templates and compiles every ``messages.po`` into ``bot/_data/`` of the build. Editable
installs skip this: they read the source tree, where ``scripts/bootstrap`` compiles the .mo.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = Path("bot") / "_data"


class BuildWithData(build_py):
    """``build_py`` plus templates and compiled catalogs under ``bot/_data``."""

    def run(self) -> None:
        """Build the packages, then add the data (not for editable installs)."""
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / DATA
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(ROOT / "templates", target / "templates")
        self._compile_catalogs(target / "locales")

    @staticmethod
    def _compile_catalogs(target: Path) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po_path in sorted((ROOT / "locales").glob("*/LC_MESSAGES/messages.po")):
            language = po_path.parent.parent.name
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file, locale=language, domain="messages")
            mo_path = target / language / "LC_MESSAGES" / "messages.mo"
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with mo_path.open("wb") as mo_file:
                write_mo(mo_file, catalog, use_fuzzy=True)


setup(cmdclass={"build_py": BuildWithData})
