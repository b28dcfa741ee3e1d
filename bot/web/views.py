"""What the website's templates show (``templates/web/``), typed as the answers' views are."""

from __future__ import annotations

from typing import TypedDict

from bot.answers import SizeView, ViewTemplate

# ``SizeView`` is the sizing answer's own view: the page lays out the same figures and
# sentences as the Telegram answer and the ticket text.


class LanguageLink(TypedDict):
    """One entry of the language menu."""

    code: str
    name: str
    url: str
    current: bool


class FieldError(TypedDict):
    """A form field the server could not read."""

    field: str
    message: str


class ProblemView(TypedDict):
    """A refusal shown in the result area."""

    detail: str
    code: str
    errors: list[FieldError]
    candidates: list[str]


class ChartView(TypedDict):
    """The charts of a result: pictures, their text alternative, the PNG to keep."""

    memory_svg: str
    cost_svg: str
    png: str
    memory_alt: list[str]


class ResultView(TypedDict):
    """A sizing shown on the page: the answer's view, the charts, the prices' date."""

    size: SizeView
    charts: ChartView
    prices_as_of: str
    api_json: str


class PageView(TypedDict):
    """The calculator page (``fragment``: the result area alone, for the page's script)."""

    lang: str
    languages: list[LanguageLink]
    form: dict[str, str]
    checked: list[str]
    models: list[str]
    precisions: list[str]
    gpus: list[tuple[str, str]]
    result: ResultView | None
    problem: ProblemView | None
    fragment: bool


class DocsView(TypedDict):
    """The API's page for people: endpoints, fields, problems, examples."""

    lang: str
    operations: list[dict[str, object]]
    problems: list[tuple[str, int, str]]


CALCULATOR = ViewTemplate("web/calculator.html.j2", PageView)
DOCS = ViewTemplate("web/docs.html.j2", DocsView)
