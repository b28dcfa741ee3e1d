# noqa: INP001 - a standalone git merge driver, not part of a package
"""A git merge driver for gettext catalogs: union of the messages of both sides, by msgid.

Two branches that each add strings to ``messages.pot`` and the ``.po`` files would otherwise
conflict wherever their additions sit side by side. Registered in a clone with::

    git config merge.po.name "gettext catalog union"
    git config merge.po.driver ".venv/bin/python tools/po_merge.py %O %A %B"

and ``.gitattributes`` (``*.po merge=po``, ``*.pot merge=po``). A message both sides changed
keeps the current branch's translation when the other side left the base's; otherwise the
other side's. The result is written sorted and without locations, as ``scripts/i18n`` writes
catalogs, and ``pybabel update --ignore-obsolete`` prunes strings no code uses any more.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po


def _read(path: str) -> Catalog:
    with Path(path).open("rb") as handle:
        return read_po(handle)


def _key(message: Message) -> tuple[object, str | None]:
    return (message.id, message.context)


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> Catalog:
    """Return ``ours`` with every message ``theirs`` added or changed against ``base``."""
    base_by_key = {_key(m): m for m in base if m.id}
    ours_by_key = {_key(m): m for m in ours if m.id}
    for message in theirs:
        if not message.id:
            continue
        key = _key(message)
        mine = ours_by_key.get(key)
        if mine is None:
            if key in base_by_key:
                continue  # this side removed it: keep it removed
            ours.add(
                message.id,
                message.string,
                auto_comments=message.auto_comments,
                flags=message.flags,
                context=message.context,
            )
            continue
        old = base_by_key.get(key)
        base_string = old.string if old is not None else None
        if mine.string == base_string and message.string != base_string:
            mine.string = message.string
            mine.flags = set(message.flags)
    return ours


def main() -> int:
    """Merge ``%O %A %B`` into ``%A``; exit 0 (no conflict is ever left)."""
    base_path, ours_path, theirs_path = sys.argv[1:4]
    merged = merge(_read(base_path), _read(ours_path), _read(theirs_path))
    with Path(ours_path).open("wb") as handle:
        write_po(handle, merged, sort_output=True, no_location=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
