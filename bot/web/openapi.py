"""``GET /v1/openapi.json``: OpenAPI 3.1, generated from the pydantic models the handlers use.

Nothing here is written by hand but the paths' list: request bodies and answers are the JSON
Schemas (2020-12, as OpenAPI 3.1 takes them) of ``bot.web.schemas``; the query of
``/v1/price`` is its model's fields; every error is the ``Problem`` schema as
``application/problem+json``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from bot.version import version
from bot.web.problems import PROBLEM_JSON, TABLE
from bot.web.schemas import (
    Answer,
    AskAnswer,
    AskBody,
    CompareBody,
    PriceQuery,
    Problem,
    SizeAnswer,
    SizeBody,
    TrainBody,
)

REF = "#/components/schemas/{model}"
# (method, path, summary, body model, answer model), in the order the docs page lists them.
OPERATIONS: tuple[tuple[str, str, str, type[BaseModel] | None, type[BaseModel]], ...] = (
    ("post", "/v1/size", "Size a deployment (python -m sizing size --json)", SizeBody, SizeAnswer),
    ("post", "/v1/train", "Size a training job (python -m sizing train --json)", TrainBody, Answer),
    (
        "post",
        "/v1/compare",
        "Two GPUs side by side (python -m sizing compare)",
        CompareBody,
        Answer,
    ),
    ("get", "/v1/price", "The price table (python -m sizing price --json)", None, Answer),
    (
        "post",
        "/v1/ask",
        "A message, answered as in Telegram (python -m bot ask)",
        AskBody,
        AskAnswer,
    ),
)
_MODELS: tuple[type[BaseModel], ...] = (
    SizeBody, TrainBody, CompareBody, AskBody, PriceQuery, Problem, Answer, SizeAnswer, AskAnswer,
)  # fmt: skip


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": REF.format(model=model.__name__)}


def _problems(statuses: set[int]) -> dict[str, Any]:
    problem = {PROBLEM_JSON: {"schema": _ref(Problem)}}
    return {
        str(status): {"description": f"a problem ({status})", "content": problem}
        for status in sorted(statuses)
    }


def _language_parameter() -> dict[str, Any]:
    return {
        "name": "lang",
        "in": "query",
        "required": False,
        "description": "language of the error messages (and of /v1/ask's answer with lang "
        "auto); else Accept-Language",
        "schema": {"type": "string"},
    }


def _price_parameters(schemas: dict[str, Any]) -> list[dict[str, Any]]:
    fields = schemas[PriceQuery.__name__]["properties"]
    return [
        {"name": name, "in": "query", "required": False, "schema": schema}
        for name, schema in fields.items()
    ]


def _chart_path() -> dict[str, Any]:
    return {
        "get": {
            "summary": "A chart of a sizing (the chart_url of /v1/size)",
            "operationId": "chart",
            "parameters": [
                {
                    "name": "kind",
                    "in": "path",
                    "required": True,
                    "schema": {"enum": ["memory", "cost", "summary"]},
                },
                {"name": "fmt", "in": "path", "required": True, "schema": {"enum": ["png", "svg"]}},
                {
                    "name": "q",
                    "in": "query",
                    "required": True,
                    "schema": {"type": "string"},
                    "description": "the sizing request, JSON in base64url",
                },
                {
                    "name": "x",
                    "in": "query",
                    "required": False,
                    "schema": {"enum": ["users", "context"]},
                },
                _language_parameter(),
            ],
            "responses": {
                "200": {
                    "description": "the picture",
                    "content": {"image/png": {}, "image/svg+xml": {}},
                },
                **_problems({400, 422, 429, 503}),
            },
        }
    }


@cache
def openapi_document() -> dict[str, Any]:
    """Return the OpenAPI 3.1 document of the API (built once)."""
    _, top = models_json_schema([(m, "validation") for m in _MODELS], ref_template=REF)
    schemas: dict[str, Any] = top["$defs"]
    statuses = {status for status, _ in TABLE.values() if 400 <= status < 600}  # noqa: PLR2004
    paths: dict[str, Any] = {}
    for method, path, summary, body, answer in OPERATIONS:
        operation: dict[str, Any] = {
            "summary": summary,
            "operationId": path.rsplit("/", 1)[-1],
            "parameters": [_language_parameter()],
            "responses": {
                "200": {
                    "description": "the answer",
                    "content": {"application/json": {"schema": _ref(answer)}},
                },
                **_problems(statuses - {404, 405}),
            },
        }
        if body is not None:
            operation["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": _ref(body)}},
            }
        else:
            operation["parameters"] += _price_parameters(schemas)
        paths[path] = {method: operation}
    # The calculator's script asks /v1/size for the result area it shows, in HTML.
    paths["/v1/size"]["post"]["responses"]["200"]["content"]["text/html"] = {
        "schema": {"type": "string", "description": "the calculator's result area"}
    }
    paths["/v1/chart/{kind}.{fmt}"] = _chart_path()
    paths["/v1/openapi.json"] = {
        "get": {
            "summary": "This document",
            "operationId": "openapi",
            "responses": {
                "200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}
            },
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "FullGPU sizing API",
            "version": version(),
            "description": "The sizing assistant's answers as JSON: which FullGPU plan runs a "
            "model, what it costs, and the same answers the Telegram bot gives.",
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            },
        },
        "security": [{}, {"apiKey": []}],
    }
