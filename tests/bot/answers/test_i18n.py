"""Languages: code negotiation, catalogs per language, the Jinja2 environments, the .pot."""

import gettext
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from bot.answers.formatting import Formatter
from bot.answers.i18n import (
    LANGUAGE_NAMES,
    LOCALES_DIR,
    REPO_ROOT,
    Localizer,
    catalog_dir,
    localizer,
    normalise_language,
    resolve_language,
    translations,
)
from bot.languages import LANGUAGES, language_of

POT = LOCALES_DIR / "messages.pot"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("EN_gb", "en"),
        ("zh-hans", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("pt-br", "pt-BR"),
        ("pt", "pt-BR"),
        ("pt-PT", "pt-BR"),
        ("de-AT", "de"),
        ("ko-KR", "ko"),
        ("it", None),
        ("", None),
        (None, None),
    ],
)
def test_client_language_codes_map_to_ours(code, expected):
    """Telegram and user codes of any case and region map to one of the ten languages."""
    assert normalise_language(code) == expected


@given(st.text(max_size=20))
def test_any_code_resolves_to_a_language_we_have(code):
    """Whatever the code, an answer language comes out, English by default."""
    assert resolve_language(code) in LANGUAGES


def test_every_language_has_a_catalog_a_format_locale_and_a_name():
    """Each of the ten languages has a .po file, a CLDR locale for numbers and a native name."""
    for language in LANGUAGES:
        po = LOCALES_DIR / catalog_dir(language) / "LC_MESSAGES" / "messages.po"
        assert po.exists(), po
        assert language_of(language).cldr_locale
        assert language in LANGUAGE_NAMES


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_loads_and_declares_its_locale(language):
    """Each catalog compiles (or loads) and is a real gettext catalog, not the null fallback."""
    catalog = translations(language)
    assert isinstance(catalog, gettext.GNUTranslations)
    with (LOCALES_DIR / catalog_dir(language) / "LC_MESSAGES" / "messages.po").open("rb") as po:
        assert str(read_po(po).locale) == catalog_dir(language)


def test_html_templates_escape_and_text_templates_do_not():
    """``*.html.j2`` autoescapes (Telegram HTML); ``*.txt.j2`` keeps text as written."""
    env = localizer("en").env
    html = env.from_string("{{ x }}")  # strings default to no escaping
    assert html.render(x="<b>") == "<b>"
    html_out = env.get_template("error.html.j2").render(message="<b>&", hint=None)
    assert html_out.strip() == "&lt;b&gt;&amp;"
    assert env.get_template("error.txt.j2").render(message="<b>&", hint=None).strip() == "<b>&"


def test_newstyle_gettext_escapes_placeholders_in_html():
    """A customer's text inside a translated sentence is escaped where HTML is autoescaped."""
    env = localizer("en").env
    source = (
        "{%% autoescape %s %%}{%% trans a=a %%}{{ a }} vs x{%% endtrans %%}{%% endautoescape %%}"
    )
    assert env.from_string(source % "true").render(a="<i>") == "&lt;i&gt; vs x"
    assert env.from_string(source % "false").render(a="<i>") == "<i> vs x"


def test_localizer_formats_numbers_in_its_locale():
    """A localizer's filters format in its own locale (German decimal comma, grouping dot)."""
    loc = Localizer("de", translations("de"), Formatter(language_of("de").cldr_locale))
    assert loc.env.from_string("{{ x|integer }}").render(x=131072) == "131.072"


def _extracted_msgids() -> set[str]:
    with (REPO_ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    found = extract_from_dir(str(REPO_ROOT), method_map, options_map, keywords=keywords)
    return {msg if isinstance(msg, str) else msg[0] for _, _, msg, _, _ in found}


def _catalog_msgids(path: Path) -> set[str]:
    with path.open("rb") as po:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(po) if m.id}


def test_pot_holds_every_message_the_code_uses():
    """Every gettext string in bot/ and templates/ is in messages.pot (re-extract when not)."""
    missing = _extracted_msgids() - _catalog_msgids(POT)
    assert not missing, f"run pybabel extract (see babel.cfg); missing: {sorted(missing)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_holds_every_message_of_the_pot(language):
    """Each .po was updated from the .pot (``pybabel update``), so no message is unknown."""
    po = LOCALES_DIR / catalog_dir(language) / "LC_MESSAGES" / "messages.po"
    missing = _catalog_msgids(POT) - _catalog_msgids(po)
    assert not missing, f"run pybabel update; {language} lacks {sorted(missing)[:5]}"
