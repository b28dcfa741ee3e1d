"""The OpenAPI document is valid 3.1, made from the models the handlers validate with."""

from __future__ import annotations

from openapi_spec_validator import validate

from bot.web.schemas import SizeBody, TrainBody


async def test_the_served_document_is_valid_openapi_3_1(client):
    """``GET /v1/openapi.json`` passes openapi-spec-validator."""
    response = await client.get("/v1/openapi.json")
    assert response.status == 200
    document = await response.json()
    assert document["openapi"] == "3.1.0"
    validate(document)


async def test_the_bodies_are_the_handlers_models(client):
    """Each body's schema has exactly the fields of its pydantic model; errors are Problems."""
    document = await (await client.get("/v1/openapi.json")).json()
    schemas = document["components"]["schemas"]
    assert set(schemas["SizeBody"]["properties"]) == set(SizeBody.model_fields)
    assert set(schemas["TrainBody"]["properties"]) == set(TrainBody.model_fields)
    size = document["paths"]["/v1/size"]["post"]
    assert size["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/SizeBody"
    )
    assert "application/problem+json" in size["responses"]["422"]["content"]
    assert set(document["paths"]) >= {
        "/v1/size", "/v1/train", "/v1/compare", "/v1/price", "/v1/ask", "/v1/chart/{kind}.{fmt}",
    }  # fmt: skip


async def test_the_docs_page_lists_every_operation_and_problem(client):
    """The page for people names each path, each body field and each problem code."""
    response = await client.get("/v1/docs?lang=es")
    html = await response.text()
    assert response.status == 200
    assert '<html lang="es">' in html
    for text in ("/v1/size", "/v1/ask", "tokens_per_user", "problem-rate_limited", "Errores"):
        assert text in html
