"""Chart addresses and the route that draws them: ``/v1/chart/{kind}.{png|svg}?q=...``.

``q`` is the sizing request itself (the body's fields, JSON, base64url), so any replica can
draw the chart again from the address alone, with no cache shared between them. Drawing runs
on its own thread, one chart at a time, bounded in time (``CHART_TIMEOUT_S``; the cost
series stops sizing new points after a few seconds, ``bot.charts``) and in queue
(``MAX_WAITING``): past either, 503 ``chart_busy`` with ``Retry-After``. Recent pictures
are kept by address.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from aiohttp import web
from pydantic import ValidationError

from bot.answers import localizer
from bot.charts import ChartFormat, ChartKind, XAxis, chart_picture
from bot.json_input import JsonInputError, load_json
from bot.web.language import request_language
from bot.web.problems import ProblemError, Reason
from bot.web.schemas import SizeBody
from sizing import SizingAnswer, SizingRequest, prices_as_of

MAX_QUERY_CHARS = 2048
CHART_TIMEOUT_S = 10.0
MAX_WAITING = 8
CACHED_CHARTS = 128
CACHE_CONTROL = "public, max-age=600"  # prices may change with the catalog: ten minutes
CONTENT_TYPES = {ChartFormat.PNG: "image/png", ChartFormat.SVG: "image/svg+xml"}


def encode_request(body: SizeBody) -> str:
    """Write a sizing body as the ``q`` of a chart address (only the fields given)."""
    fields = body.model_dump(mode="json", exclude_defaults=True)
    raw = json.dumps(fields, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_request(q: str) -> SizeBody:
    """Read a chart address's ``q`` back; 400 ``invalid_chart`` for anything else."""
    if not q or len(q) > MAX_QUERY_CHARS:
        raise ProblemError(Reason.INVALID_CHART)
    try:
        raw = base64.urlsafe_b64decode(q + "=" * (-len(q) % 4))
        return SizeBody.model_validate(load_json(raw, max_bytes=MAX_QUERY_CHARS))
    except (binascii.Error, ValueError, JsonInputError, ValidationError):
        raise ProblemError(Reason.INVALID_CHART) from None


def chart_url(
    request: web.Request,
    body: SizeBody,
    language: str,
    kind: ChartKind = ChartKind.SUMMARY,
    fmt: ChartFormat = ChartFormat.PNG,
) -> str:
    """Return the address that draws ``body``'s chart (absolute, on the host asked)."""
    path = chart_path(body, language, kind, fmt)
    return f"{request.url.origin()}{path}"


def chart_path(body: SizeBody, language: str, kind: ChartKind, fmt: ChartFormat) -> str:
    """Return the chart's path and query (for the page's own ``<img>``)."""
    return f"/v1/chart/{kind.value}.{fmt.value}?q={encode_request(body)}&lang={language}"


def draw(  # noqa: PLR0917 - what one picture is made of
    language: str,
    kind: ChartKind,
    fmt: ChartFormat,
    axis: XAxis,
    request: SizingRequest,
    answer: SizingAnswer,
) -> bytes:
    """Draw one chart (on the chart thread)."""
    return chart_picture(localizer(language), request, answer, kind=kind, fmt=fmt, axis=axis)


class ChartRoute:
    """``GET /v1/chart/{kind}.{fmt}``: size the encoded request, draw it, keep it a while."""

    def __init__(
        self, size: Callable[[SizeBody], Awaitable[tuple[SizingRequest, SizingAnswer]]]
    ) -> None:
        self._size = size
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chart")
        self._waiting = 0
        self._kept: OrderedDict[tuple[str, ...], bytes] = OrderedDict()

    def close(self) -> None:
        """Stop the chart thread (charts being drawn finish first)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def handle(self, request: web.Request) -> web.Response:
        """Draw the chart the address names."""
        try:
            kind = ChartKind(request.match_info["kind"])
            fmt = ChartFormat(request.match_info["fmt"])
            axis = XAxis(request.query.get("x", XAxis.USERS.value))
        except ValueError:
            raise ProblemError(Reason.INVALID_CHART) from None
        q = request.query.get("q", "")
        body = decode_request(q)
        language = request_language(request)
        key = (q, kind.value, fmt.value, axis.value, language, prices_as_of().isoformat())
        picture = self._kept.get(key)
        if picture is None:
            picture = await self._draw(body, language, kind, fmt, axis)
            self._kept[key] = picture
            if len(self._kept) > CACHED_CHARTS:
                self._kept.popitem(last=False)
        return web.Response(
            body=picture,
            content_type=CONTENT_TYPES[fmt],
            headers={"Cache-Control": CACHE_CONTROL, "Content-Language": language},
        )

    async def _draw(
        self, body: SizeBody, language: str, kind: ChartKind, fmt: ChartFormat, axis: XAxis
    ) -> bytes:
        if self._waiting >= MAX_WAITING:
            raise ProblemError(Reason.CHART_BUSY, headers={"Retry-After": "5"})
        request, answer = await self._size(body)
        loop = asyncio.get_running_loop()
        self._waiting += 1
        try:
            job = loop.run_in_executor(self._pool, draw, language, kind, fmt, axis, request, answer)
            return await asyncio.wait_for(job, CHART_TIMEOUT_S)
        except TimeoutError:
            raise ProblemError(Reason.CHART_BUSY, headers={"Retry-After": "5"}) from None
        finally:
            self._waiting -= 1
