"""Checkout links and signed quote references."""

import io
from dataclasses import replace
from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.answers.checkout import (
    CheckoutConfig,
    CheckoutConfigError,
    QuoteFacts,
    _signature,
    model_tag,
    parse_quote,
    run_verify,
    sign_quote,
    verify_quote,
)
from bot.languages import LANGUAGES

KEY = b"a-secret-key-for-tests"
FACTS = QuoteFacts(
    plan="mi355x-8x",
    quantity=2,
    model_tag=model_tag("deepseek-ai/DeepSeek-V3"),
    precision="bf16",
    context_tokens=131072,
    issued=date(2026, 11, 30),
)
ON_ISSUE = date(2026, 11, 30)


def _query(url):
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_default_link_is_the_plan_page_in_the_site_locale():
    """Without a template the link is the plan's fullgpu.com page, /zh/ for Simplified Chinese."""
    url = CheckoutConfig().url("mi355x-8x", 1, "zh-Hans")
    assert url is not None
    parts = urlsplit(url)
    expected = ("https", "fullgpu.com", "/zh/gpus/amd-mi355x")
    assert (parts.scheme, parts.netloc, parts.path) == expected
    query = _query(url)
    assert query["plan"] == "mi355x-8x"
    assert query["quantity"] == "1"
    assert query["lang"] == "zh-Hans"
    assert query["utm_campaign"] == "sizing-assistant"
    assert "quote" not in query


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_gets_a_site_locale(language):
    """Each of the ten languages maps to a locale path on the site."""
    url = CheckoutConfig().url("h200-8x", 3, language)
    assert url is not None
    assert urlsplit(url).path.endswith("/gpus/nvidia-h200")
    assert _query(url)["quantity"] == "3"


def test_unknown_plan_has_no_link():
    """A plan the catalog does not sell (or an unpriced GPU) gets no link at all."""
    assert CheckoutConfig().url("b200-8x", 1, "en") is None


def test_quote_is_added_only_with_a_signing_key():
    """With a key the link carries a verifiable quote; without one, no quote parameter."""
    assert "quote" not in _query(CheckoutConfig().url("mi355x-8x", 2, "en", FACTS))
    signed = _query(CheckoutConfig(signing_key=KEY).url("mi355x-8x", 2, "en", FACTS))
    assert verify_quote(signed["quote"], KEY)
    assert parse_quote(signed["quote"]) == replace(FACTS, expires=date(2026, 12, 30))


def test_custom_template_gets_url_encoded_values_and_drops_an_empty_quote():
    """Placeholders are filled and encoded; ``quote=`` vanishes when nothing was signed."""
    template = "https://shop.example/buy?p={plan}&n={quantity}&l={locale}&q={quote}&c={campaign}"
    url = CheckoutConfig(url_template=template).url("h200-1x", 1, "pt-BR")
    assert url == "https://shop.example/buy?p=h200-1x&n=1&l=pt-BR&c=sizing-assistant"


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("https://x.example/{plan}/{price}", "unknown placeholders"),
        ("https://x.example/{plan", "not a valid template"),
        ("ftp://x.example/{plan}", "http"),
    ],
)
def test_bad_template_is_refused_naming_the_variable(template, message):
    """A template that cannot work fails at configuration, naming CHECKOUT_URL_TEMPLATE."""
    with pytest.raises(CheckoutConfigError, match="CHECKOUT_URL_TEMPLATE") as error:
        CheckoutConfig(url_template=template)
    assert message in str(error.value)


def test_signing_key_never_appears_in_repr():
    """Logging a config shows whether a key is set, never the key."""
    text = repr(CheckoutConfig(signing_key=KEY))
    assert KEY.decode() not in text
    assert "set" in text


def test_from_env_reads_both_variables():
    """The environment names the template and the key; empty values mean unset."""
    config = CheckoutConfig.from_env({"QUOTE_SIGNING_KEY": "k", "CHECKOUT_URL_TEMPLATE": ""})
    assert config.signing_key == b"k"
    assert config.url_template is None


def test_reference_is_compact():
    """The quote reference stays short enough to read out and paste."""
    assert len(sign_quote(FACTS, KEY)) < 80


@given(st.integers(min_value=0, max_value=200), st.characters(codec="ascii"))
def test_any_single_character_change_breaks_the_signature(position, replacement):
    """Tampering with any character of a reference makes it invalid."""
    ref = sign_quote(FACTS, KEY)
    index = position % len(ref)
    tampered = ref[:index] + replacement + ref[index + 1 :]
    if tampered != ref:
        assert not verify_quote(tampered, KEY)


def test_another_key_does_not_verify():
    """A reference signed with another key is invalid."""
    assert not verify_quote(sign_quote(FACTS, KEY), b"other-key")


def test_verify_command_prints_the_quote_and_valid():
    """``verify-quote REF`` prints what the quote says, then valid, exit 0."""
    out = io.StringIO()
    environ = {"QUOTE_SIGNING_KEY": KEY.decode()}
    code = run_verify([sign_quote(FACTS, KEY)], environ=environ, out=out, today=ON_ISSUE)
    text = out.getvalue()
    assert code == 0
    assert "expires:   2026-12-30" in text
    assert text.rstrip().endswith("valid")
    assert "mi355x-8x" in text
    assert "deepseek-ai/DeepSeek-V3" in text
    assert "131072" in text
    assert KEY.decode() not in text


def test_verify_command_says_invalid_for_a_forged_quote():
    """A reference with a wrong signature prints invalid, exit 1, and never the key."""
    forged = sign_quote(FACTS, b"someone-else")
    out = io.StringIO()
    code = run_verify([forged], environ={"QUOTE_SIGNING_KEY": KEY.decode()}, out=out)
    assert code == 1
    assert "invalid" in out.getvalue()
    assert KEY.decode() not in out.getvalue()


def test_verify_command_rejects_garbage():
    """Text that is not a reference is invalid, exit 1."""
    out = io.StringIO()
    assert run_verify(["hello"], environ={"QUOTE_SIGNING_KEY": "k"}, out=out) == 1
    assert "not a quote reference" in out.getvalue()


def test_verify_command_without_key_says_so():
    """With QUOTE_SIGNING_KEY unset the command says it cannot check, exit 1."""
    out = io.StringIO()
    assert run_verify([sign_quote(FACTS, KEY)], environ={}, out=out) == 1
    assert "QUOTE_SIGNING_KEY is not set" in out.getvalue()


def _verify(ref, today, **env):
    out = io.StringIO()
    environ = {"QUOTE_SIGNING_KEY": KEY.decode(), **env}
    return run_verify([ref], environ=environ, out=out, today=today), out.getvalue()


def test_a_quote_is_valid_through_its_last_day_and_expired_after():
    """30 days by default: valid on day 30, invalid on day 31 with the expiry date as reason."""
    ref = sign_quote(FACTS, KEY)
    assert _verify(ref, date(2026, 12, 30))[0] == 0
    code, text = _verify(ref, date(2026, 12, 31))
    assert code == 1
    assert text.rstrip().endswith("invalid: expired on 2026-12-30")


def test_a_quote_dated_in_the_future_is_invalid():
    """A reference issued in 2099 (validly signed) is refused as future-dated."""
    future = replace(FACTS, issued=date(2099, 1, 1))
    code, text = _verify(sign_quote(future, KEY), date(2026, 12, 1))
    assert code == 1
    assert "invalid: issued in the future (2099-01-01)" in text


def test_a_quote_from_2001_is_expired():
    """The probe's reference dated 2001 no longer verifies."""
    old = replace(FACTS, issued=date(2001, 1, 1))
    code, text = _verify(sign_quote(old, KEY), date(2026, 12, 1))
    assert code == 1
    assert "expired on 2001-01-31" in text


def test_the_validity_period_comes_from_the_settings():
    """QUOTE_VALID_DAYS=7 in the checkout config makes links whose quotes end 7 days after issue."""
    config = CheckoutConfig.from_env({"QUOTE_SIGNING_KEY": KEY.decode(), "QUOTE_VALID_DAYS": "7"})
    assert config.quote_valid_days == 7
    facts = parse_quote(sign_quote(FACTS, KEY, config.quote_valid_days))
    assert facts is not None
    assert facts.expires == date(2026, 12, 7)


def test_a_bad_validity_period_names_the_variable():
    """QUOTE_VALID_DAYS=0 is refused with a message naming it."""
    with pytest.raises(CheckoutConfigError, match="QUOTE_VALID_DAYS"):
        CheckoutConfig.from_env({"QUOTE_VALID_DAYS": "0"})


def test_a_first_version_reference_counts_from_its_issue_date():
    """q1 references (no expiry field) are valid for the configured period after issue."""
    payload = f"q1.mi355x-8x.2.{FACTS.model_tag}.bf16.128k.20261130"

    ref = f"{payload}.{_signature(KEY, payload)}"
    assert _verify(ref, date(2026, 12, 10))[0] == 0
    code, text = _verify(ref, date(2026, 12, 10), QUOTE_VALID_DAYS="5")
    assert code == 1
    assert "expired on 2026-12-05" in text


def test_a_tampered_expiry_does_not_verify():
    """Moving the expiry date of a signed reference breaks its signature."""
    ref = sign_quote(FACTS, KEY)
    tampered = ref.replace(".20261230.", ".20271230.")
    code, text = _verify(tampered, date(2026, 12, 1))
    assert code == 1
    assert "signature does not match" in text


def test_a_quote_for_a_term_carries_its_months_and_verifies():
    """A term quoted is a ``q3`` reference: the months after the quantity, signed with the rest."""
    term = replace(FACTS, months=6)
    ref = sign_quote(term, KEY)
    assert ref.startswith("q3.mi355x-8x.2.6.")
    assert verify_quote(ref, KEY)
    assert parse_quote(ref) == replace(term, expires=date(2026, 12, 30))
    out = io.StringIO()
    code = run_verify([ref], environ={"QUOTE_SIGNING_KEY": KEY.decode()}, out=out, today=ON_ISSUE)
    assert code == 0
    assert "months:    6" in out.getvalue()


def test_a_term_quote_with_its_months_changed_does_not_verify():
    """Twelve months where six were quoted: the signature no longer matches."""
    ref = sign_quote(replace(FACTS, months=6), KEY)
    forged = ref.replace("q3.mi355x-8x.2.6.", "q3.mi355x-8x.2.12.")
    assert parse_quote(forged) is not None
    assert not verify_quote(forged, KEY)
    assert parse_quote(ref.replace(".2.6.", ".2.0.")) is None  # no term of zero months


def test_a_link_for_a_term_says_its_months_and_a_monthly_one_does_not():
    """``months=3`` in the link for a term; a monthly order's link is unchanged."""
    config = CheckoutConfig()
    term = config.url("h200-8x", 2, "en", months=3)
    monthly = config.url("h200-8x", 2, "en")
    assert _query(term)["months"] == "3"
    assert _query(term)["quantity"] == "2"
    assert "months" not in _query(monthly)
