"""The calculator page at ``/``: a form, and the answer rendered on the server.

Without JavaScript the form is posted to ``/`` and the page comes back with the result. With
it, ``calculator.js`` sends the form's fields to the API, ``POST /v1/size`` with
``Accept: text/html``, and swaps in the result area it answers (no reload). A GET with the
form's fields in the query (a shared link) shows the result too. Words come from the gettext
catalogs of the visitor's language (``?lang=``, else Accept-Language).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import date
from functools import cache
from urllib.parse import parse_qsl, urlencode

from aiohttp import web

from bot.answers import CheckoutConfig, QuoteContext, localizer, size_view
from bot.charts import ChartFormat, ChartKind, chart_caption, memory_bars
from bot.languages import TABLE
from bot.web.api import validate
from bot.web.charts import chart_path
from bot.web.guard import read_body
from bot.web.language import request_language
from bot.web.problems import TABLE as PROBLEMS
from bot.web.problems import ProblemError
from bot.web.schemas import SizeBody
from bot.web.views import CALCULATOR, LanguageLink, PageView, ProblemView, ResultView
from sizing import GpuId, Precision, SizingAnswer, SizingRequest, load_models, prices_as_of

# The form's fields: the API's names. Text fields, then the checkbox.
TEXT_FIELDS = (
    "model", "precision", "context", "concurrency", "gpu", "budget",
    "throughput", "tokens_per_user", "ttft",
)  # fmt: skip
CHECKBOXES = ("cuda_only",)
GPU_LABELS = {GpuId.MI355X: "AMD MI355X", GpuId.H200: "NVIDIA H200", GpuId.B200: "NVIDIA B200"}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

Sizer = Callable[[SizeBody], Awaitable[tuple[SizingRequest, SizingAnswer]]]


@cache
def model_suggestions() -> list[str]:
    """Return the catalog's model names, for the model field's suggestions."""
    return sorted({model.name for model in load_models()})


def form_body(form: dict[str, str]) -> dict[str, object]:
    """Turn the form's values into an API body: empty fields left out, checkboxes as bools."""
    body: dict[str, object] = {
        name: value.strip() for name, value in form.items() if name in TEXT_FIELDS and value.strip()
    }
    for name in CHECKBOXES:
        if form.get(name):
            body[name] = True
    return body


def _languages(request: web.Request, current: str) -> list[LanguageLink]:
    query = {k: v for k, v in request.query.items() if k in TEXT_FIELDS or k in CHECKBOXES}
    return [
        {
            "code": row.code,
            "name": row.native_name,
            "url": "/?" + urlencode({**query, "lang": row.code}),
            "current": row.code == current,
        }
        for row in TABLE
    ]


def _problem_view(error: ProblemError, language: str) -> ProblemView:
    loc = localizer(language)
    _, message = PROBLEMS[error.reason]
    detail = loc.gettext(message, **error.params) if error.params else loc.gettext(message)
    return {
        "detail": detail,
        "code": error.reason.value,
        "errors": [{"field": e["field"], "message": e["message"]} for e in error.errors or []],
        "candidates": list(error.candidates or []),
    }


class CalculatorPage:
    """``GET /`` and ``POST /``: the form, and the result when the form was filled."""

    def __init__(
        self,
        size: Sizer,
        checkout: CheckoutConfig,
        max_body_bytes: int,
        today: Callable[[], date] = date.today,
    ) -> None:
        self._size = size
        self._checkout = checkout
        self._today = today
        self.max_body_bytes = max_body_bytes

    async def get(self, request: web.Request) -> web.Response:
        """Answer with the page; with the form's fields in the query, the result too."""
        form = {k: v for k, v in request.query.items() if k in TEXT_FIELDS or k in CHECKBOXES}
        return await self._page(request, form, filled=bool(form.get("model")))

    async def post(self, request: web.Request) -> web.Response:
        """Answer a posted form (JavaScript off): the page with the result."""
        raw = await read_body(request, self.max_body_bytes)
        pairs = parse_qsl(raw.decode("utf-8", "replace"), max_num_fields=64)
        form = {k: v for k, v in pairs if k in TEXT_FIELDS or k in CHECKBOXES}
        return await self._page(request, form, filled=True)

    async def _page(
        self, request: web.Request, form: dict[str, str], *, filled: bool
    ) -> web.Response:
        language = request_language(request)
        result, problem = None, None
        status = 200
        if filled:
            try:
                body = validate(SizeBody, form_body(form))
                _, answer = await self._size(body)
                result = self.result_view(body, answer, language)
            except ProblemError as error:
                problem = _problem_view(error, language)
                status = PROBLEMS[error.reason][0]
        view: PageView = {
            "lang": language,
            "languages": _languages(request, language),
            "form": {name: form.get(name, "") for name in TEXT_FIELDS},
            "checked": [name for name in CHECKBOXES if form.get(name)],
            "models": model_suggestions(),
            "precisions": [p.value for p in Precision],
            "gpus": [(g.value, GPU_LABELS[g]) for g in GpuId],
            "result": result,
            "problem": problem,
            "fragment": False,
        }
        html = localizer(language).render(CALCULATOR, view)
        return web.Response(
            text=html,
            status=status,
            content_type="text/html",
            headers={"Content-Language": language, **SECURITY_HEADERS},
        )

    def fragment(self, body: SizeBody, answer: SizingAnswer, language: str) -> str:
        """Return the result area alone, as ``/v1/size`` answers ``Accept: text/html``."""
        view: PageView = {
            "lang": language,
            "languages": [],
            "form": {},
            "checked": [],
            "models": [],
            "precisions": [],
            "gpus": [],
            "result": self.result_view(body, answer, language),
            "problem": None,
            "fragment": True,
        }
        return localizer(language).render(CALCULATOR, view)

    def result_view(self, body: SizeBody, answer: SizingAnswer, language: str) -> ResultView:
        """Return what the result area shows of a sizing, in ``language``."""
        loc = localizer(language)
        quote = QuoteContext(model_id=answer.model.id, issued=self._today())
        view = size_view(loc, answer, self._checkout, quote)
        day = loc.formatter.day(prices_as_of())
        return {
            "size": view,
            "charts": {
                "memory_svg": chart_path(body, language, ChartKind.MEMORY, ChartFormat.SVG),
                "cost_svg": chart_path(body, language, ChartKind.COST, ChartFormat.SVG),
                "png": chart_path(body, language, ChartKind.SUMMARY, ChartFormat.PNG),
                "memory_alt": chart_caption(loc, memory_bars(answer)),
            },
            "prices_as_of": loc.gettext("Prices as of %(date)s.", date=day),
            "api_json": json.dumps(body.model_dump(mode="json", exclude_defaults=True)),
        }
