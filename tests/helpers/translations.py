"""A localizer that records every message its catalog lacks: no answer may fall back to English."""

import gettext

from bot.answers.formatting import Formatter
from bot.answers.i18n import Localizer, translations
from bot.languages import language_of


class RecordingCatalog(gettext.NullTranslations):
    """A catalog that answers like ``inner`` and records the messages ``inner`` lacks."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.missing = set()

    def _has(self, key):
        """Tell whether the wrapped catalog has a non-empty translation for ``key``."""
        catalog = getattr(self.inner, "_catalog", {})
        return bool(catalog.get(key))

    def gettext(self, message):
        """Translate, recording a miss."""
        if not self._has(message):
            self.missing.add(message)
        return self.inner.gettext(message)

    def pgettext(self, context, message):
        """Translate in a context, recording a miss."""
        if not self._has(f"{context}\x04{message}"):
            self.missing.add(f"{context}|{message}")
        return self.inner.pgettext(context, message)

    def ngettext(self, singular, plural, n):
        """Translate a plural, recording a miss."""
        if not self._has((singular, 0)):
            self.missing.add(singular)
        return self.inner.ngettext(singular, plural, n)


def recording_localizer(language):
    """Build a localizer whose catalog records misses, and that catalog."""
    catalog = RecordingCatalog(translations(language))
    return Localizer(language, catalog, Formatter(language_of(language).cldr_locale)), catalog
