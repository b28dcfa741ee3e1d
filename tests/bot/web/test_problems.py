"""Bad requests get a 4xx application/problem+json in the caller's language, never a 5xx."""

from __future__ import annotations

import io

import pytest

PROBLEM = "application/problem+json"
JSON = {"Content-Type": "application/json"}
# Thirty bodies that are not a request: broken JSON, wrong types, unknown fields and models,
# absurd numbers, hostile JSON (deep, huge numbers, NaN, lone surrogates).
MALFORMED: list[tuple[str, str | bytes]] = [
    ("/v1/size", b"{bad"),
    ("/v1/size", b""),
    ("/v1/size", b"null"),
    ("/v1/size", b"[]"),
    ("/v1/size", b'"DeepSeek V3"'),
    ("/v1/size", b"\xff\xfe{}"),
    ("/v1/size", b'{"model": "DeepSeek V3",}'),
    ("/v1/size", b"[" * 5000 + b"]" * 5000),
    ("/v1/size", b'{"model": "DeepSeek V3", "context": NaN}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "concurrency": 1e400}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "concurrency": ' + b"9" * 5000 + b"}"),
    ("/v1/size", b'{"model": "\\ud800"}'),
    ("/v1/size", b"{}"),
    ("/v1/size", b'{"model": 42}'),
    ("/v1/size", b'{"model": ["DeepSeek V3"]}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "context": "lots"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "context": -5}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "concurrency": 0}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "concurrency": 1000000000}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "budget": "-$5000"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "budget": "1e308"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "precision": "fp9"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "gpu": "a100"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "cuda_only": "maybe"}'),
    ("/v1/size", b'{"model": "DeepSeek V3", "contxt": "128K"}'),
    ("/v1/size", b'{"model": "no such model xyz"}'),
    ("/v1/size", b'{"model": "qwen3"}'),
    ("/v1/train", b'{"model": "llama 3.3 70b", "method": "dreaming"}'),
    ("/v1/compare", b'{"a": "mi355x"}'),
    ("/v1/ask", b'{"text": "", "lang": "xx-klingon"}'),
]


def test_there_are_thirty_malformed_bodies():
    """The set below holds thirty different bodies."""
    assert len(MALFORMED) == 30
    assert len(set(MALFORMED)) == 30


@pytest.mark.parametrize(("path", "body"), MALFORMED, ids=[str(i) for i in range(30)])
async def test_a_malformed_body_is_a_4xx_problem(client, path, body):
    """Every one: a 4xx, application/problem+json with status, code, title and detail."""
    response = await client.post(path, data=body, headers=JSON)
    assert 400 <= response.status < 500, await response.text()
    assert response.content_type == PROBLEM
    problem = await response.json()
    assert problem["status"] == response.status
    assert problem["code"]
    assert problem["title"]
    assert problem["detail"]
    assert problem["type"].endswith(f"#problem-{problem['code']}")


async def test_an_8_mib_body_is_413(client):
    """A body of 8 MiB is refused as too large, whatever it holds."""
    body = io.BytesIO(b'{"model": "' + b"x" * (8 * 1024 * 1024) + b'"}')
    response = await client.post("/v1/size", data=body, headers=JSON)
    assert response.status == 413
    assert (await response.json())["code"] == "body_too_large"


async def test_an_8_mib_body_sent_in_chunks_is_413(client):
    """The limit holds without a Content-Length too (a chunked upload)."""

    async def chunks():
        for _ in range(128):
            yield b"x" * 65536

    response = await client.post("/v1/size", data=chunks(), headers=JSON)
    assert response.status == 413


async def test_the_problem_is_in_the_language_asked(client):
    """?lang=de, or Accept-Language: the detail is German; the code stays the same."""
    body = {"model": "no such model xyz"}
    german = await (await client.post("/v1/size?lang=de", json=body)).json()
    assert german["detail"] == "Das Modell „no such model xyz“ kennen wir nicht."
    japanese = await client.post("/v1/size", json=body, headers={"Accept-Language": "ja,en;q=0.5"})
    assert (await japanese.json())["detail"] == "モデル「no such model xyz」は見つかりません。"
    assert japanese.headers["Content-Language"] == "ja"


async def test_unknown_and_ambiguous_models_offer_candidates(client):
    """A name that fits several catalog models lists them; a near miss offers the closest."""
    several = await (await client.post("/v1/size", json={"model": "qwen3"})).json()
    assert several["code"] == "ambiguous_model"
    assert "Qwen/Qwen3-32B" in several["candidates"]
    unknown = await (await client.post("/v1/size", json={"model": "gpt-17"})).json()
    assert unknown["code"] == "unknown_model"
    assert "openai/gpt-oss-20b" in unknown["candidates"]


async def test_field_errors_name_the_field_and_never_echo_the_value(client):
    """422 names each bad field; the value sent is not repeated back."""
    response = await client.post(
        "/v1/size", json={"model": "DeepSeek V3", "context": "<script>", "secret_field": 1}
    )
    problem = await response.json()
    assert response.status == 422
    assert {e["field"] for e in problem["errors"]} == {"context", "secret_field"}
    assert "<script>" not in await response.text()


async def test_other_refusals_are_problems_too(client):
    """Wrong media type 415, unknown path 404, wrong method 405: all problem+json."""
    form = await client.post("/v1/size", data={"model": "x"})
    assert form.status == 415
    missing = await client.get("/v1/nothing-here")
    assert missing.status == 404
    wrong = await client.get("/v1/size")
    assert wrong.status == 405
    for response in (form, missing, wrong):
        assert response.content_type == PROBLEM
