"""Errors as RFC 9457 ``application/problem+json``: a status, a reason code, words in a language.

Every refusal the API makes is one of ``Reason``; its title is a gettext message, so a
caller asking in German reads German. ``type`` points at the reason's entry on the API's
page (``/v1/docs#problem-<code>``), a URI reference relative to the request.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from aiohttp import web

from bot.answers import N_, localizer

PROBLEM_JSON = "application/problem+json"


class Reason(StrEnum):
    """Why a request was refused."""

    INVALID_JSON = "invalid_json"
    INVALID_BODY = "invalid_body"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    BODY_TOO_LARGE = "body_too_large"
    UNKNOWN_MODEL = "unknown_model"
    AMBIGUOUS_MODEL = "ambiguous_model"
    MODEL_GATED = "model_gated"
    HUB_UNAVAILABLE = "hub_unavailable"
    INVALID_REQUEST = "invalid_request"
    CANNOT_SIZE = "cannot_size"
    INVALID_CHART = "invalid_chart"
    CHART_BUSY = "chart_busy"
    RATE_LIMITED = "rate_limited"
    INVALID_API_KEY = "invalid_api_key"
    ORIGIN_NOT_ALLOWED = "origin_not_allowed"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    INTERNAL = "internal"


# Status and the sentence a reader sees (gettext messages; ``%(...)s`` filled per problem).
TABLE: dict[Reason, tuple[int, str]] = {
    Reason.INVALID_JSON: (400, N_("The request body is not valid JSON.")),
    Reason.INVALID_BODY: (422, N_("Some fields could not be read: %(fields)s.")),
    Reason.UNSUPPORTED_MEDIA_TYPE: (415, N_("Send the request body as application/json.")),
    Reason.BODY_TOO_LARGE: (413, N_("The request body is larger than %(limit)s.")),
    Reason.UNKNOWN_MODEL: (422, N_("We do not know the model “%(model)s”.")),
    Reason.AMBIGUOUS_MODEL: (422, N_("“%(model)s” fits several models: name one of them.")),
    Reason.MODEL_GATED: (
        422,
        N_("“%(model)s” is gated or private on Hugging Face: we cannot read its config."),
    ),
    Reason.HUB_UNAVAILABLE: (
        503,
        N_("Hugging Face did not answer in time about “%(model)s”: try again in a minute."),
    ),
    Reason.INVALID_REQUEST: (422, N_("The value of %(fields)s is outside what we can size.")),
    Reason.CANNOT_SIZE: (422, N_("This request cannot be sized: %(fields)s.")),
    Reason.INVALID_CHART: (400, N_("This chart address cannot be read.")),
    Reason.CHART_BUSY: (503, N_("The chart took too long to draw: try again shortly.")),
    Reason.RATE_LIMITED: (429, N_("Too many requests: try again in %(seconds)s seconds.")),
    Reason.INVALID_API_KEY: (401, N_("This API key is not valid.")),
    Reason.ORIGIN_NOT_ALLOWED: (403, N_("Requests from this website are not allowed.")),
    Reason.NOT_FOUND: (404, N_("There is nothing at this address.")),
    Reason.METHOD_NOT_ALLOWED: (405, N_("This address does not take that method.")),
    Reason.INTERNAL: (500, N_("Something went wrong on our side; it has been logged.")),
}
# Titles: one short, unfilled line per reason (RFC 9457: the same for every occurrence).
TITLES: dict[Reason, str] = {
    reason: reason.value.replace("_", " ").capitalize() for reason in Reason
}


class ProblemError(Exception):
    """A refusal on its way out: raised anywhere in a handler, answered by the middleware."""

    def __init__(
        self,
        reason: Reason,
        *,
        errors: list[dict[str, str]] | None = None,
        candidates: list[str] | None = None,
        headers: dict[str, str] | None = None,
        **params: str,
    ) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.params = params
        self.errors = errors
        self.candidates = candidates
        self.headers = headers or {}


def problem_body(error: ProblemError, language: str, instance: str | None) -> dict[str, Any]:
    """Return the problem document of ``error`` in ``language``."""
    status, message = TABLE[error.reason]
    loc = localizer(language)
    body: dict[str, Any] = {
        "type": f"/v1/docs#problem-{error.reason.value}",
        "title": TITLES[error.reason],
        "status": status,
        "detail": loc.gettext(message, **error.params) if error.params else loc.gettext(message),
        "code": error.reason.value,
    }
    if instance:
        body["instance"] = instance
    if error.errors:
        body["errors"] = error.errors
    if error.candidates:
        body["candidates"] = error.candidates
    return body


def problem_response(error: ProblemError, language: str, instance: str | None) -> web.Response:
    """Return the HTTP response of a problem, in ``language``."""
    body = problem_body(error, language, instance)
    return web.Response(
        status=body["status"],
        text=json.dumps(body, ensure_ascii=False),
        content_type=PROBLEM_JSON,
        headers={"Content-Language": language, **error.headers},
    )
