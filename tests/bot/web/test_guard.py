"""Per-client rates with Retry-After, optional API keys never logged, CORS for allowed origins."""

from __future__ import annotations

import logging

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.settings import SettingsError, load_settings
from bot.web import ApiKeys, Cors, Limits, WebConfig
from bot.web.guard import RateLimiter
from bot.web.problems import ProblemError
from tests.bot.web.conftest import API_KEY, make_app


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        """Return the time now."""
        return self.now


def test_a_bucket_refills_at_its_rate():
    """Past the burst a client waits; Retry-After is the seconds until its next token."""
    clock = Clock()
    limiter = RateLimiter(Limits(per_minute=60, burst=2), clock)
    limiter.check("a", keyed=False)
    limiter.check("a", keyed=False)
    with pytest.raises(ProblemError) as refused:
        limiter.check("a", keyed=False)
    assert refused.value.headers == {"Retry-After": "1"}
    limiter.check("b", keyed=False)  # another client has its own bucket
    clock.now += 1.0
    limiter.check("a", keyed=False)


async def test_the_api_says_429_with_retry_after_and_keys_get_more():
    """Anonymous clients are limited per address; a valid API key has its own, larger rate."""
    config = WebConfig(
        limits=Limits(per_minute=1, burst=2, key_per_minute=600, key_burst=50),
        api_keys=ApiKeys.of([API_KEY]),
    )
    async with TestClient(TestServer(make_app(config))) as client:
        statuses = [(await client.get("/v1/price")).status for _ in range(3)]
        assert statuses == [200, 200, 429]
        refused = await client.get("/v1/price?lang=fr")
        assert int(refused.headers["Retry-After"]) >= 1
        assert (await refused.json())["detail"].startswith("Trop de requêtes")
        keyed = [
            (await client.get("/v1/price", headers={"X-API-Key": API_KEY})).status for _ in range(5)
        ]
        assert keyed == [200] * 5
        assert (await client.get("/static/calculator.css")).status == 200  # assets are free


async def test_a_wrong_key_is_401_and_no_key_reaches_the_log(caplog):
    """A key not in the file is refused; neither it nor a good one is ever logged."""
    caplog.set_level(logging.DEBUG)
    config = WebConfig(api_keys=ApiKeys.of([API_KEY]))
    async with TestClient(TestServer(make_app(config))) as client:
        wrong = await client.get(
            "/v1/price", headers={"Authorization": "Bearer not-the-key-123456"}
        )
        assert wrong.status == 401
        assert (await wrong.json())["code"] == "invalid_api_key"
        good = await client.post(
            "/v1/size",
            json={"model": "llama 3.1 8b"},
            headers={"Authorization": f"Bearer {API_KEY}"},
        )
        assert good.status == 200
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert API_KEY not in logged
    assert "not-the-key-123456" not in logged


def test_the_keys_file_names_keys_and_refuses_short_ones(tmp_path):
    """``name:key`` lines name a key; comments are skipped; a short key stops start-up."""
    path = tmp_path / "keys"
    path.write_text(f"# support tools\nzendesk:{API_KEY}\n\n", encoding="utf-8")
    keys = ApiKeys.read(path)
    assert keys.name_of(API_KEY) == "zendesk"
    assert keys.name_of("another-key-0123456789") is None
    path.write_text("short\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1"):
        ApiKeys.read(path)


async def test_cors_answers_allowed_origins_only(client):
    """An allowed origin's preflight gets the grants; another origin's gets 403, no grant."""
    allowed = {"Origin": "https://fullgpu.com", "Access-Control-Request-Method": "POST"}
    preflight = await client.options("/v1/size", headers=allowed)
    assert preflight.status == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://fullgpu.com"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    answer = await client.get("/v1/price", headers={"Origin": "https://fullgpu.com"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://fullgpu.com"
    other = {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}
    refused = await client.options("/v1/size", headers=other)
    assert refused.status == 403
    assert "Access-Control-Allow-Origin" not in refused.headers
    plain = await client.get("/v1/price", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in plain.headers


def test_cors_star_allows_every_origin():
    """``*`` lets any page read the API."""
    assert Cors.parse("*").allows("https://anything.example")
    assert not Cors.parse("https://a.example").allows("https://b.example")


def test_the_website_settings_are_checked_at_start(tmp_path):
    """WEB_ALLOWED_ORIGINS must be origins; API_KEYS_FILE must exist: else the variable named."""
    with pytest.raises(SettingsError, match="WEB_ALLOWED_ORIGINS"):
        load_settings({"WEB_ALLOWED_ORIGINS": "fullgpu.com"})
    with pytest.raises(SettingsError, match="API_KEYS_FILE"):
        load_settings({"API_KEYS_FILE": str(tmp_path / "missing")})
    keys = tmp_path / "keys"
    keys.write_text(API_KEY + "\n", encoding="utf-8")
    settings = load_settings(
        {"WEB_ALLOWED_ORIGINS": "https://a.example, *", "API_KEYS_FILE": str(keys)}
    )
    assert settings.api_keys_file == keys
