"""Checkout links for the plans an answer offers, and signed quote references.

A link is built from ``CHECKOUT_URL_TEMPLATE`` (default: the plan's product page on
fullgpu.com in the customer's site locale) and carries the plan, quantity, language,
campaign parameters, the months of rent when a term was asked (``months=3``) and, when
``QUOTE_SIGNING_KEY`` is set, ``quote=REF``. REF says what was quoted and is signed with
HMAC-SHA256, so support can tell a quote came from the assistant::

    q2.mi355x-8x.1.3f2a9c1d.bf16.128k.20261130.20261230.<22 characters of base64url signature>
    q3.mi355x-8x.2.3.3f2a9c1d.bf16.128k.20261130.20261230.<signature>

fields: version, plan id, quantity, (``q3``: months of rent,) first 8 hex digits of SHA-256 of
the model id, precision, context (``k`` = x1024), issue date, last day of validity
(``QUOTE_VALID_DAYS`` after the issue date, 30 by default). A quote for a term is ``q3``; one
without is ``q2`` as before. References of the first version (``q1``, without the last field)
count as valid for ``QUOTE_VALID_DAYS`` from their issue date. Without a key there is no ``quote``
parameter: an unsigned reference would look like one the assistant vouched for.

A reference is valid when its signature matches, its issue date is not in the future (one day
of tolerance: issuer and checker may sit in different time zones) and it has not expired.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import os
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import TextIO
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from bot.languages import BY_CODE, DEFAULT_LANGUAGE
from bot.settings import (
    DEFAULT_QUOTE_VALID_DAYS,
    SettingsError,
    environment_value,
    load_settings,
)
from sizing import PlanFacts, context_code, load_plans, parse_context_code

SITE = "https://fullgpu.com"


def site_locale(language: str) -> str:
    """Return fullgpu.com's folder for a language (``bot.languages``), English's for another."""
    known = BY_CODE.get(language) or BY_CODE[DEFAULT_LANGUAGE]
    return known.site_locale


DEFAULT_URL_TEMPLATE = (
    SITE + "/{site_locale}/{page_path}?plan={plan}&quantity={quantity}&lang={locale}"
    "&months={months}&utm_source=assistant&utm_medium={medium}&utm_campaign={campaign}"
    "&quote={quote}"
)
DEFAULT_CAMPAIGN = "sizing-assistant"
PLACEHOLDERS = frozenset(
    {
        "site_locale",
        "locale",
        "page_path",
        "plan",
        "gpu",
        "quantity",
        "months",
        "quote",
        "campaign",
        "medium",
    }
)
QUOTE_VERSION = "q2"
TERM_QUOTE_VERSION = "q3"  # with the months of rent after the quantity
LEGACY_QUOTE_VERSION = "q1"  # no expiry field: valid for QUOTE_VALID_DAYS from issue
_SIGNATURE_BYTES = 16  # 128 bits of HMAC-SHA256: RFC 2104 allows truncation to >= half
_MODEL_TAG_HEX = 8
# version, plan, quantity, (months,) model tag, precision, context, issued, (expires,) signature
_FIELDS = {TERM_QUOTE_VERSION: 10, QUOTE_VERSION: 9, LEGACY_QUOTE_VERSION: 8}
DATE_FORMAT = "%Y%m%d"
CLOCK_SKEW = timedelta(days=1)
# An answer links each plan it offers, and answers repeat the same plans, quantities and quote
# references: links and references are remembered (quoting and signing cost tens of µs each).
_LINKS_REMEMBERED = 4096


class CheckoutConfigError(ValueError):
    """A checkout setting that cannot work; the message names the variable, never a secret."""


@dataclass(frozen=True, slots=True)
class QuoteFacts:
    """What a quote reference states."""

    plan: str
    quantity: int
    model_tag: str  # 8 hex digits of SHA-256 of the model id
    precision: str
    context_tokens: int
    issued: date
    expires: date | None = None  # last valid day; None: set from the validity period at signing
    months: int | None = None  # months of rent quoted (a ``q3`` reference); None: per month


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    """The verdict on a reference: valid or not, and why, in a short phrase."""

    valid: bool
    reason: str
    facts: QuoteFacts | None = None


@lru_cache(maxsize=_LINKS_REMEMBERED)
def model_tag(model_id: str) -> str:
    """Return a short, stable tag of a model id (the id itself may be long or private)."""
    return hashlib.sha256(model_id.encode()).hexdigest()[:_MODEL_TAG_HEX]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _signature(key: bytes, payload: str) -> str:
    digest = hmac.new(key, payload.encode(), hashlib.sha256).digest()
    return _b64(digest[:_SIGNATURE_BYTES])


@lru_cache(maxsize=_LINKS_REMEMBERED)
def sign_quote(facts: QuoteFacts, key: bytes, valid_days: int = DEFAULT_QUOTE_VALID_DAYS) -> str:
    """Return the signed reference for ``facts``, valid ``valid_days`` unless it says until when."""
    expires = facts.expires or facts.issued + timedelta(days=valid_days)
    term = () if facts.months is None else (str(facts.months),)
    payload = ".".join(
        (
            QUOTE_VERSION if facts.months is None else TERM_QUOTE_VERSION,
            facts.plan,
            str(facts.quantity),
            *term,
            facts.model_tag,
            facts.precision,
            context_code(facts.context_tokens),
            facts.issued.strftime(DATE_FORMAT),
            expires.strftime(DATE_FORMAT),
        )
    )
    return f"{payload}.{_signature(key, payload)}"


def _date(field: str) -> date:
    if not field.isdigit():  # strptime takes "2026 1 1"-like fields too
        raise ValueError(field)
    return datetime.strptime(field, DATE_FORMAT).date()  # noqa: DTZ007 - a calendar date


def parse_quote(ref: str) -> QuoteFacts | None:
    """Read the fields of a reference (signature not checked); ``None`` when malformed."""
    parts = ref.strip().split(".")
    if not parts or _FIELDS.get(parts[0]) != len(parts):
        return None
    months = parts.pop(3) if parts[0] == TERM_QUOTE_VERSION else None
    plan, quantity, tag, precision, context, issued = parts[1:7]
    try:
        context_tokens = parse_context_code(context)
        facts = QuoteFacts(
            plan=plan,
            quantity=int(quantity),
            model_tag=tag,
            precision=precision,
            context_tokens=context_tokens,
            issued=_date(issued),
            expires=_date(parts[7]) if parts[0] != LEGACY_QUOTE_VERSION else None,
            months=None if months is None else _whole(months),
        )
    except ValueError:
        return None
    valid_shape = plan and precision.isalnum() and len(tag) == _MODEL_TAG_HEX
    in_order = facts.expires is None or facts.expires >= facts.issued
    counted = facts.quantity > 0 and (facts.months is None or facts.months > 0)
    return facts if valid_shape and in_order and counted else None


def _whole(field: str) -> int:
    if not field.isdigit():  # int() takes "+3" and " 3" too
        raise ValueError(field)
    return int(field)


def verify_quote(ref: str, key: bytes) -> bool:
    """Whether ``ref`` is well formed and signed with ``key`` (constant-time comparison).

    Dates are not checked here: ``check_quote`` does.
    """
    if parse_quote(ref) is None:
        return False
    payload, _, signature = ref.strip().rpartition(".")
    return hmac.compare_digest(signature.encode(), _signature(key, payload).encode())


def last_valid_day(facts: QuoteFacts, valid_days: int = DEFAULT_QUOTE_VALID_DAYS) -> date:
    """Return the last valid day: the reference's own, or ``valid_days`` after issue (q1)."""
    return facts.expires or facts.issued + timedelta(days=valid_days)


def check_quote(
    ref: str, key: bytes, today: date, valid_days: int = DEFAULT_QUOTE_VALID_DAYS
) -> QuoteCheck:
    """Verdict on ``ref`` on ``today``: shape, signature, then the dates."""
    facts = parse_quote(ref)
    if facts is None:
        return QuoteCheck(valid=False, reason="not a quote reference of this assistant")
    if not verify_quote(ref, key):
        return QuoteCheck(valid=False, reason="the signature does not match", facts=facts)
    if facts.issued > today + CLOCK_SKEW:
        reason = f"issued in the future ({facts.issued.isoformat()})"
        return QuoteCheck(valid=False, reason=reason, facts=facts)
    expires = last_valid_day(facts, valid_days)
    if today > expires:
        return QuoteCheck(valid=False, reason=f"expired on {expires.isoformat()}", facts=facts)
    return QuoteCheck(valid=True, reason=f"valid until {expires.isoformat()}", facts=facts)


def _check_template(template: str) -> None:
    try:
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError as exc:
        raise CheckoutConfigError(f"CHECKOUT_URL_TEMPLATE is not a valid template: {exc}") from exc
    unknown = fields - PLACEHOLDERS
    if unknown:
        known = ", ".join(sorted(PLACEHOLDERS))
        raise CheckoutConfigError(
            f"CHECKOUT_URL_TEMPLATE has unknown placeholders {sorted(unknown)}; known: {known}"
        )
    if urlsplit(template.format(**dict.fromkeys(PLACEHOLDERS, "x"))).scheme not in {
        "http",
        "https",
    }:
        raise CheckoutConfigError("CHECKOUT_URL_TEMPLATE must be an http(s) URL")


def _drop_empty_query_values(url: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if v]
    return urlunsplit(parts._replace(query=urlencode(query)))


@dataclass(frozen=True, slots=True)
class CheckoutConfig:
    """Where checkout links point and the key that signs quote references."""

    url_template: str | None = None
    signing_key: bytes | None = None
    quote_valid_days: int = DEFAULT_QUOTE_VALID_DAYS
    campaign: str = DEFAULT_CAMPAIGN
    medium: str = "telegram"  # utm_medium: where the link was handed out ("support" for tickets)

    def __post_init__(self) -> None:
        if self.url_template:
            _check_template(self.url_template)

    def __repr__(self) -> str:  # the key must never reach a log line
        signing = "set" if self.signing_key else "unset"
        return f"CheckoutConfig(url_template={self.url_template!r}, signing_key=<{signing}>)"

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, medium: str = "telegram"
    ) -> CheckoutConfig:
        """Read ``CHECKOUT_URL_TEMPLATE``, ``QUOTE_SIGNING_KEY`` and ``QUOTE_VALID_DAYS``."""
        env = os.environ if environ is None else environ
        key = _signing_key(env)
        return cls(
            url_template=env.get("CHECKOUT_URL_TEMPLATE") or None,
            signing_key=key.encode() if key else None,
            quote_valid_days=valid_days_from(env),
            medium=medium,
        )

    def url(
        self,
        plan_id: str,
        quantity: int,
        language: str,
        quote_facts: QuoteFacts | None = None,
        *,
        plan_facts: PlanFacts | None = None,
        months: int | None = None,
    ) -> str | None:
        """Return the link for ``quantity`` units of ``plan_id``; ``None`` for unknown plans.

        Answers pass the plan's facts they carry (``plan_facts``); without them the catalog is
        looked up. ``months`` is the term asked for (none: the monthly order).
        """
        plan = plan_facts or next((p for p in load_plans() if p.id == plan_id), None)
        if plan is None:
            return None
        reference = (
            sign_quote(quote_facts, self.signing_key, self.quote_valid_days)
            if quote_facts and self.signing_key
            else ""
        )
        return _link(
            self.url_template or DEFAULT_URL_TEMPLATE,
            language=language,
            page_path=plan.page_path,
            plan=plan.id,
            gpu=plan.gpu.value,
            quantity=str(quantity),
            months=str(months) if months else "",
            reference=reference,
            campaign=self.campaign,
            medium=self.medium,
        )


@lru_cache(maxsize=_LINKS_REMEMBERED)
def _link(
    template: str,
    *,
    language: str,
    page_path: str,
    plan: str,
    gpu: str,
    quantity: str,
    months: str,
    reference: str,
    campaign: str,
    medium: str,
) -> str:
    values = {
        "site_locale": site_locale(language),
        "locale": language,
        "page_path": page_path,
        "plan": plan,
        "gpu": gpu,
        "quantity": quantity,
        "months": months,
        "quote": reference,
        "campaign": campaign,
        "medium": medium,
    }
    safe = {k: quote(v, safe="/" if k == "page_path" else "") for k, v in values.items()}
    return _drop_empty_query_values(template.format(**safe))


def model_for_tag(tag: str) -> str | None:
    """Return the catalog model whose id has ``tag``, if any (generic models are not)."""
    from sizing import load_models  # noqa: PLC0415 - the catalog only when verifying

    return next((m.id for m in load_models() if model_tag(m.id) == tag), None)


def _describe(facts: QuoteFacts, out: TextIO) -> None:
    model = model_for_tag(facts.model_tag)
    out.write(f"plan:      {facts.plan}\n")
    out.write(f"quantity:  {facts.quantity}\n")
    if facts.months is not None:
        out.write(f"months:    {facts.months}\n")
    out.write(f"model:     {model or 'tag ' + facts.model_tag + ' (not in the catalog)'}\n")
    out.write(f"precision: {facts.precision}\n")
    out.write(f"context:   {facts.context_tokens} tokens\n")
    out.write(f"issued:    {facts.issued.isoformat()}\n")
    if facts.expires is not None:
        out.write(f"expires:   {facts.expires.isoformat()}\n")


def _signing_key(environ: Mapping[str, str]) -> str | None:
    """``QUOTE_SIGNING_KEY``, or the content of ``QUOTE_SIGNING_KEY_FILE``."""
    try:
        return environment_value(environ, "QUOTE_SIGNING_KEY") or None
    except SettingsError as error:
        raise CheckoutConfigError(str(error)) from None


def valid_days_from(environ: Mapping[str, str]) -> int:
    """``QUOTE_VALID_DAYS`` as the settings object reads it; ``CheckoutConfigError`` if bad."""
    raw = environ.get("QUOTE_VALID_DAYS", "")
    try:
        return load_settings({"QUOTE_VALID_DAYS": raw}).quote_valid_days
    except SettingsError as error:
        raise CheckoutConfigError(str(error)) from None


def run_verify(
    argv: list[str],
    *,
    environ: Mapping[str, str] | None = None,
    out: TextIO | None = None,
    today: date | None = None,
) -> int:
    """``python -m bot verify-quote REF``: print what REF says and valid/invalid (exit 0/1)."""
    stream = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m bot verify-quote",
        description="Check a quote reference: signature, issue date and validity period.",
    )
    parser.add_argument("ref", help="the quote=... value of a checkout link")
    args = parser.parse_args(argv)
    env = os.environ if environ is None else environ
    try:
        key = _signing_key(env)
    except CheckoutConfigError as error:
        stream.write(f"{error}\n")
        return 2
    if not key:
        stream.write("QUOTE_SIGNING_KEY is not set: cannot check the signature.\n")
        return 1
    try:
        valid_days = valid_days_from(env)
    except CheckoutConfigError as error:
        stream.write(f"{error}\n")
        return 2
    # Quotes are dated in the local calendar, as the pipeline dates them.
    checked_on = today or date.today()  # noqa: DTZ011
    verdict = check_quote(args.ref, key.encode(), checked_on, valid_days)
    if verdict.facts is not None:
        _describe(verdict.facts, stream)
    stream.write("valid\n" if verdict.valid else f"invalid: {verdict.reason}\n")
    return 0 if verdict.valid else 1
