"""``GET /v1/docs``: the API's page for people, made from the same OpenAPI document."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.answers import localizer
from bot.web.language import request_language
from bot.web.openapi import openapi_document
from bot.web.page import SECURITY_HEADERS
from bot.web.problems import TABLE
from bot.web.views import DOCS, DocsView


def _kind(schema: dict[str, Any], schemas: dict[str, Any]) -> str:
    if "$ref" in schema:
        return _kind(schemas[schema["$ref"].rsplit("/", 1)[-1]], schemas)
    if "enum" in schema:
        return " | ".join(str(v) for v in schema["enum"])
    if "anyOf" in schema:
        kinds = [_kind(s, schemas) for s in schema["anyOf"]]
        return " | ".join(dict.fromkeys(k for k in kinds if k != "null"))
    if schema.get("type") == "array":
        return f"[{_kind(schema.get('items', {}), schemas)}]"
    return str(schema.get("type", "any"))


def _fields(operation: dict[str, Any], schemas: dict[str, Any]) -> list[tuple[str, str, str]]:
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    ref = body.get("schema", {}).get("$ref")
    if ref is None:
        params = [p for p in operation.get("parameters", []) if p["name"] != "lang"]
        return [(p["name"], _kind(p["schema"], schemas), "") for p in params]
    schema = schemas[ref.rsplit("/", 1)[-1]]
    return [
        (name, _kind(spec, schemas), str(spec.get("description", "")))
        for name, spec in schema.get("properties", {}).items()
    ]


async def docs_page(request: web.Request) -> web.Response:
    """Answer with the API's page in the reader's language (field names are the API's)."""
    language = request_language(request)
    loc = localizer(language)
    document = openapi_document()
    schemas = document["components"]["schemas"]
    operations: list[dict[str, object]] = []
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            if path == "/v1/openapi.json":
                continue
            operations.append(
                {
                    "id": operation["operationId"],
                    "method": method,
                    "path": path,
                    "summary": operation["summary"],
                    "fields": _fields(operation, schemas),
                }
            )
    view: DocsView = {
        "lang": language,
        "operations": operations,
        "problems": [
            (reason.value, status, loc.gettext(message).replace("%(", "(").replace(")s", ")"))
            for reason, (status, message) in TABLE.items()
        ],
    }
    html = loc.render(DOCS, view)
    headers = {"Content-Language": language, **SECURITY_HEADERS}
    return web.Response(text=html, content_type="text/html", headers=headers)
