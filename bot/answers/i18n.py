"""Languages: gettext catalogs per language (Babel) and the Jinja2 environments that use them.

The customer-facing codes are ``bot.request.LANGUAGES`` (BCP 47: ``zh-Hans``, ``pt-BR``). The
catalog folders are the Babel spellings of the same codes (``locales/zh_Hans/LC_MESSAGES``),
and numbers are formatted in a full CLDR locale (``zh_Hans_CN``) so that grouping, decimal
signs and currency placement follow the region most customers of that script live in.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from jinja2 import (
    Environment,
    FileSystemLoader,
    StrictUndefined,
    Template,
    pass_eval_context,
    select_autoescape,
)
from jinja2.nodes import EvalContext
from markupsafe import Markup

from bot.answers.formatting import Formatter
from bot.answers.josa import resolve_particles
from bot.answers.phrases import Phrases, template_phrases
from bot.answers.view_types import V, ViewTemplate
from bot.languages import DEFAULT_LANGUAGE, TABLE, language_of, normalise_language

REPO_ROOT = Path(__file__).resolve().parents[2]
# An installed wheel carries templates and compiled catalogs in bot/_data (see setup.py); a
# source checkout (editable install, tests) reads them beside the packages.
PACKAGE_DATA = Path(__file__).resolve().parents[1] / "_data"
DATA_ROOT = PACKAGE_DATA if (PACKAGE_DATA / "templates").is_dir() else REPO_ROOT
LOCALES_DIR = DATA_ROOT / "locales"
TEMPLATES_DIR = DATA_ROOT / "templates"
DOMAIN = "messages"

# Names for the /lang menu, each in its own language (never translated), in the table's order.
LANGUAGE_NAMES: dict[str, str] = {language.code: language.native_name for language in TABLE}


# What a text of one language still needs once its placeholders are filled, applied to every
# template and message a localizer renders: Korean particles follow the word before them, which
# a translation cannot know ("%(gpu)s은(는)" reads "H200은" or "MI355X는").
FINISHERS: dict[str, Callable[[str], str]] = {"ko": resolve_particles}


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark ``message`` for extraction; it is translated where it is shown."""
    return message


def catalog_dir(language: str) -> str:
    """Babel's folder name for a product language: ``zh-Hans`` -> ``zh_Hans``."""
    return language_of(language).catalog


def _compile_po(po_path: Path, language: str) -> Translations:
    # A fresh clone before ``scripts/bootstrap`` (or a .po edited since): compile in memory,
    # with the same fuzzy rule as the bootstrap step.
    with po_path.open("rb") as po_file:
        catalog = read_po(po_file, locale=catalog_dir(language), domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=True)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """Return the catalog of ``language``: the .mo when current, else the .po compiled now."""
    folder = LOCALES_DIR / catalog_dir(language) / "LC_MESSAGES"
    mo_path, po_path = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    po_mtime = po_path.stat().st_mtime if po_path.exists() else None
    if mo_path.exists() and (po_mtime is None or mo_path.stat().st_mtime >= po_mtime):
        with mo_path.open("rb") as mo_file:
            return Translations(mo_file, domain=DOMAIN)
    if po_mtime is not None:
        return _compile_po(po_path, language)
    return gettext.NullTranslations()


def make_environment(catalog: gettext.NullTranslations, formatter: Formatter) -> Environment:
    """Return a Jinja2 environment speaking one language: gettext (newstyle) and number filters.

    ``*.html.j2`` templates are autoescaped (Telegram HTML); ``*.txt.j2`` are not (tickets).
    """
    env = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=select_autoescape(
            enabled_extensions=("html.j2",), default_for_string=False, default=False
        ),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        # Templates do not change while the process runs: no stat() of every template file
        # (and of each one it imports) on every render.
        auto_reload=False,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(_gettext_functions(catalog))
    env.globals["p"] = template_phrases(Phrases(catalog))
    env.filters.update(formatter.filters())
    return env


def _gettext_functions(catalog: gettext.NullTranslations) -> dict[str, Any]:
    """Newstyle gettext for templates, as the i18n extension installs it, in one call.

    The extension's ``_`` looks ``gettext`` up in the template context and calls it through the
    context, which calls the catalog through the context again: three calls for each message an
    answer shows. These do the same work directly: mark the message safe in an HTML template,
    then fill it as a ``%`` format (always, so ``%%`` reads as ``%``).
    """
    lookup, plural, contextual = catalog.gettext, catalog.ngettext, catalog.pgettext

    @pass_eval_context
    def newstyle_gettext(eval_ctx: EvalContext, message: str, **params: Any) -> str:  # noqa: ANN401
        text = lookup(message)
        if eval_ctx.autoescape:
            text = Markup(text)  # noqa: S704 - a translation is markup, as the extension has it
        # Without a "%" there is nothing to fill or unescape.
        return text % params if params or "%" in text else text

    @pass_eval_context
    def newstyle_ngettext(
        eval_ctx: EvalContext,
        singular: str,
        plural_form: str,
        count: int,
        **params: Any,  # noqa: ANN401
    ) -> str:
        params.setdefault("num", count)
        text = plural(singular, plural_form, count)
        return (Markup(text) if eval_ctx.autoescape else text) % params  # noqa: S704 - as above

    @pass_eval_context
    def newstyle_pgettext(
        eval_ctx: EvalContext,
        context: str,
        message: str,
        **params: Any,  # noqa: ANN401
    ) -> str:
        params.setdefault("context", context)
        text = contextual(context, message)
        return (Markup(text) if eval_ctx.autoescape else text) % params  # noqa: S704 - as above

    return {
        "_": newstyle_gettext,
        "gettext": newstyle_gettext,
        "ngettext": newstyle_ngettext,
        "pgettext": newstyle_pgettext,
    }


@dataclass(frozen=True)
class Localizer:
    """Everything language-specific a rendering needs: catalog, number formats, templates."""

    language: str
    catalog: gettext.NullTranslations
    formatter: Formatter
    env: Environment = field(init=False, repr=False, compare=False)
    # The templates this localizer has rendered, by name: found without the environment's
    # cache (a lock and a weak reference per look-up).
    _templates: dict[str, Template] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _finish: Callable[[str], str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "env", make_environment(self.catalog, self.formatter))
        object.__setattr__(self, "_finish", FINISHERS.get(self.language))

    def finish(self, text: str) -> str:
        """Return ``text``, filled in, as this language writes it (``FINISHERS``)."""
        return text if self._finish is None else self._finish(text)

    def gettext(self, message: str, **params: Any) -> str:  # noqa: ANN401 - format values
        """Translate ``message`` and fill its ``%(name)s`` placeholders."""
        translated = self.catalog.gettext(message)
        return self.finish(translated % params) if params else translated

    def ngettext(self, singular: str, plural: str, count: int, **params: Any) -> str:  # noqa: ANN401
        """Translate with the plural form for ``count``; ``%(num)s`` is the formatted count."""
        translated = self.catalog.ngettext(singular, plural, count)
        return self.finish(translated % {"num": self.formatter.integer(count), **params})

    def join(self, items: list[str]) -> str:
        """Join the items of one line with the language's separator (``，`` in Chinese)."""
        return str(self.catalog.pgettext("list separator", ", ")).join(i for i in items if i)

    def render(self, template: ViewTemplate[V], view: V) -> str:
        """Render one template of ``templates/`` in this language, with the view it takes."""
        name = template.name
        loaded = self._templates.get(name)
        if loaded is None:
            loaded = self._templates[name] = self.env.get_template(name)
        return self.finish(loaded.render(view).strip())


def resolve_language(language: str | None) -> str:
    """One of ``LANGUAGES`` for any input; English when unknown."""
    return normalise_language(language) or DEFAULT_LANGUAGE


@cache
def localizer(language: str) -> Localizer:
    """Return the shared localizer of ``language`` (unknown codes fall back to English)."""
    code = resolve_language(language)
    return Localizer(code, translations(code), Formatter(language_of(code).cldr_locale))
