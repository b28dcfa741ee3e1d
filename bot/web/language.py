"""The page's and the errors' language: ``?lang=``, then the body's, then Accept-Language."""

from __future__ import annotations

from aiohttp import web

from bot.languages import DEFAULT_LANGUAGE, normalise_language

MAX_ACCEPT_LANGUAGE_ITEMS = 20  # a header longer than any browser sends is read this far
AUTO = "auto"


def _quality(item: str) -> tuple[str, float]:
    tag, _, params = item.partition(";")
    quality = 1.0
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                quality = float(value)
            except ValueError:
                quality = 0.0
    return tag.strip(), quality if 0.0 <= quality <= 1.0 else 0.0


def accept_language(header: str | None) -> str | None:
    """Return the first of our languages an Accept-Language header asks for, by quality."""
    if not header:
        return None
    items = [_quality(item) for item in header.split(",")[:MAX_ACCEPT_LANGUAGE_ITEMS]]
    ranked = sorted(((tag, q) for tag, q in items if tag and q > 0), key=lambda item: -item[1])
    for tag, _ in ranked:
        found = normalise_language(tag)
        if found is not None:
            return found
    return None


def request_language(request: web.Request, asked: str | None = None) -> str:
    """Choose the language of a page or an error: ``?lang=``, ``asked``, the browser's, English."""
    for candidate in (request.query.get("lang"), asked):
        if candidate and candidate != AUTO:
            found = normalise_language(candidate)
            if found is not None:
                return found
    return accept_language(request.headers.get("Accept-Language")) or DEFAULT_LANGUAGE
