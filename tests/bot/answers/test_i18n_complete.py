"""Every message of every catalog is translated for real: no empty and no fuzzy entry.

A fuzzy entry is pybabel's guess from a similar old message (``--use-fuzzy`` compiles it), and
a catalog merge can leave one behind; either would show a customer the wrong sentence.
"""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.answers.i18n import LOCALES_DIR, catalog_dir
from bot.languages import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_is_empty_or_fuzzy(language):
    """Each msgid has every plural form filled and no fuzzy flag."""
    path = LOCALES_DIR / catalog_dir(language) / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        catalog = read_po(po)
    bad = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(forms):
            bad.append(message.id)
    assert not bad, f"{language}: {bad}"


def test_the_english_catalog_says_every_message_as_written():
    """English msgstrs equal their msgids: a guess from a similar message is never kept there."""
    path = LOCALES_DIR / catalog_dir("en") / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        catalog = read_po(po)
    bad = [m.id for m in catalog if m.id and m.string != m.id]
    assert not bad, bad
