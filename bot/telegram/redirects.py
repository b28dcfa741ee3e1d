"""Checkout links that count their clicks: through a redirect on ``PUBLIC_BASE_URL``.

With ``PUBLIC_BASE_URL`` set (webhook deployments have a public address anyway), an answer's
checkout buttons point at ``<PUBLIC_BASE_URL>/checkout/<plan>?to=<checkout URL>&sig=<signature>``
instead of the checkout page itself; the server (``bot.http.redirect``) counts the click by plan
and sends the browser on with a 302. The signature (HMAC-SHA256 of plan and target, with a key
derived from the bot token, so every replica checks every other's links) keeps the redirect from
serving anyone else's URLs. Without ``PUBLIC_BASE_URL`` (polling behind no address) links stay
direct and clicks are not counted.

A button is a checkout link when its URL names a catalog plan: ``plan=<id>`` in its query (the
default template) or ``<id>`` as a path segment (a custom one). Other links are left alone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Iterable
from urllib.parse import parse_qs, quote, urlsplit

PATH_PREFIX = "/checkout/"
_SIGNATURE_BYTES = 16
_KEY_LABEL = b"fullgpu checkout redirect"


class CheckoutRedirects:
    """Builds and checks counting redirect links for the checkout buttons."""

    def __init__(self, base_url: str, token: str, plans: Iterable[str]) -> None:
        self.base_url = base_url.rstrip("/")
        self._key = hmac.new(token.encode(), _KEY_LABEL, hashlib.sha256).digest()
        self.plans = frozenset(plans)

    def _signature(self, plan: str, target: str) -> str:
        digest = hmac.new(self._key, f"{plan}\n{target}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:_SIGNATURE_BYTES]).rstrip(b"=").decode()

    def plan_of(self, url: str) -> str | None:
        """Return the catalog plan a checkout URL names, or None for any other link."""
        parts = urlsplit(url)
        if parts.scheme not in {"http", "https"}:
            return None
        named = parse_qs(parts.query).get("plan", [])
        segments = [segment for segment in parts.path.split("/") if segment]
        return next((plan for plan in (*named, *segments) if plan in self.plans), None)

    def wrap(self, url: str) -> str:
        """Return the counting link for a checkout URL; any other URL as it is."""
        plan = self.plan_of(url)
        if plan is None:
            return url
        target = quote(url, safe="")
        return f"{self.base_url}{PATH_PREFIX}{plan}?to={target}&sig={self._signature(plan, url)}"

    def check(self, plan: str, target: str, signature: str) -> bool:
        """Tell whether ``signature`` is ours for ``plan`` and ``target``."""
        if plan not in self.plans:
            return False
        return hmac.compare_digest(self._signature(plan, target), signature)


def checkout_redirects(base_url: str | None, token: str | None) -> CheckoutRedirects | None:
    """Build the redirects for PUBLIC_BASE_URL and the catalog's plans (None without one)."""
    if not base_url or not token:
        return None
    from sizing import load_plans  # noqa: PLC0415 - the catalog, only when links are counted

    return CheckoutRedirects(base_url, token, (plan.id for plan in load_plans()))
