"""The website's aiohttp application: the calculator, the JSON API, its charts and docs.

``create_app`` wires the routes and one middleware at the edge: CORS preflights, the
client's API key and rate limit, every refusal as ``application/problem+json`` in the
caller's language (aiohttp's own 404, 405 and 413 included), and a bug as a 500 problem
with its traceback in the log (never in the answer). Each request is one INFO line: method,
path, status, milliseconds and the API key's name (never the key, the query or the address).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from bot.web.api import Api, Services, json_response
from bot.web.charts import ChartRoute
from bot.web.docs import docs_page
from bot.web.guard import CURRENT_CLIENT, ApiKeys, Cors, Limits, RateLimiter, client_of
from bot.web.language import request_language
from bot.web.openapi import openapi_document
from bot.web.page import CalculatorPage
from bot.web.problems import ProblemError, Reason, problem_response

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_BODY_BYTES = 256 * 1024  # a 16K-character ask escaped as \uXXXX, with room to spare
UNLIMITED_PATHS = ("/static/", "/livez")
HTTP_ERRORS = {
    404: Reason.NOT_FOUND,
    405: Reason.METHOD_NOT_ALLOWED,
    413: Reason.BODY_TOO_LARGE,
    415: Reason.UNSUPPORTED_MEDIA_TYPE,
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class WebConfig:
    """How the website answers: body limit, rates, API keys, the origins CORS allows."""

    max_body_bytes: int = MAX_BODY_BYTES
    limits: Limits = field(default_factory=Limits)
    api_keys: ApiKeys = field(default_factory=ApiKeys)
    cors: Cors = field(default_factory=Cors)


def _refusal(error: web.HTTPException, limit: int) -> ProblemError:
    reason = HTTP_ERRORS.get(error.status, Reason.NOT_FOUND)
    if reason is Reason.BODY_TOO_LARGE:
        return ProblemError(reason, limit=f"{limit // 1024} KiB")
    return ProblemError(reason)


def edge(config: WebConfig, limiter: RateLimiter) -> Callable[..., Awaitable[web.StreamResponse]]:
    """Return the middleware around every route (see the module's docstring)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        api = request.path.startswith("/v1/")
        started = time.perf_counter()
        try:
            if api and request.method == "OPTIONS":
                return config.cors.preflight(origin)
            if not request.path.startswith(UNLIMITED_PATHS):
                client, keyed = client_of(request, config.api_keys)
                CURRENT_CLIENT.set(client)
                limiter.check(client, keyed=keyed)
            response = await handler(request)
        except ProblemError as error:
            response = problem_response(error, request_language(request), request.path)
        except web.HTTPException as error:
            if error.status < 400:  # noqa: PLR2004 - redirects pass through
                raise
            refusal = _refusal(error, config.max_body_bytes)
            response = problem_response(refusal, request_language(request), request.path)
        except Exception:
            log.exception("%s %s failed", request.method, request.path)
            refusal = ProblemError(Reason.INTERNAL)
            response = problem_response(refusal, request_language(request), request.path)
        if api:
            response.headers.update(config.cors.headers(origin))
        # One line a request: no query (a chart's request), no address, a key only by its name.
        client = CURRENT_CLIENT.get()
        log.info(
            "%s %s %d %.1f ms %s",
            request.method,
            request.path,
            response.status,
            (time.perf_counter() - started) * 1000,
            client if client.startswith("key:") else "anonymous",
        )
        return response

    return middleware


async def livez(_request: web.Request) -> web.Response:
    """200 while the event loop answers."""
    return web.Response(text="ok\n")


async def openapi(_request: web.Request) -> web.Response:
    """Answer with the OpenAPI 3.1 document."""
    return json_response(openapi_document())


def create_app(services: Services, config: WebConfig | None = None) -> web.Application:
    """Build the website: ``/``, ``/v1/...``, ``/static/...``, ``/livez``."""
    config = config or WebConfig()
    api = Api(services, config.max_body_bytes)
    charts = ChartRoute(api.size_answer)
    page = CalculatorPage(
        api.size_answer, services.checkout, config.max_body_bytes, today=services.today
    )
    api.html = page.fragment
    app = web.Application(
        middlewares=[edge(config, RateLimiter(config.limits))],
        client_max_size=config.max_body_bytes,
    )
    app.router.add_get("/", page.get)
    app.router.add_post("/", page.post)
    app.router.add_post("/v1/size", api.size)
    app.router.add_post("/v1/train", api.train)
    app.router.add_post("/v1/compare", api.compare)
    app.router.add_get("/v1/price", api.price)
    app.router.add_post("/v1/ask", api.ask)
    app.router.add_get("/v1/chart/{kind}.{fmt}", charts.handle)
    app.router.add_get("/v1/openapi.json", openapi)
    app.router.add_get("/v1/docs", docs_page)
    app.router.add_get("/livez", livez)
    app.router.add_static("/static/", STATIC_DIR, append_version=False)

    async def close_charts(_app: web.Application) -> None:
        charts.close()

    app.on_cleanup.append(close_charts)
    return app
