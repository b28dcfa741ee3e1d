"""The JSON API answers what the command lines answer, read from what people type."""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qs, urlsplit

from tests.bot.web.conftest import API_KEY

DEEPSEEK = {"model": "DeepSeek V3", "context": "128K", "concurrency": "20"}


async def test_size_reads_a_name_and_a_context_as_people_type_them(client):
    """The typed "DeepSeek V3", "128K", "20": the catalog model at 131,072 tokens for 20 users."""
    response = await client.post("/v1/size", json=DEEPSEEK)
    assert response.status == 200
    data = await response.json()
    assert data["model"]["id"] == "deepseek-ai/DeepSeek-V3"
    assert data["request"]["context_tokens"] == 131072
    assert data["request"]["concurrency"] == 20
    assert data["recommended"] == "mi355x-8x"
    assert data["options"][0]["monthly_usd"] == "19900.00"  # money as the CLI writes it


async def test_size_adds_checkout_links_chart_and_price_date(client):
    """Each offered option has a checkout link; chart_url encodes the request; prices dated."""
    data = await (await client.post("/v1/size", json=DEEPSEEK)).json()
    pick = data["options"][data["recommended_index"]]
    assert "plan=mi355x-8x" in pick["checkout_url"]
    assert "utm_medium=website" in pick["checkout_url"]
    assert data["prices_as_of"].count("-") == 2
    url = urlsplit(data["chart_url"])
    assert url.path == "/v1/chart/summary.png"
    q = parse_qs(url.query)["q"][0]
    encoded = json.loads(base64.urlsafe_b64decode(q + "=" * (-len(q) % 4)))
    assert encoded == {"model": "DeepSeek V3", "context": 131072, "concurrency": 20}


async def test_the_chart_url_draws_a_png_on_any_replica(client):
    """The chart address alone is enough: another app draws the same request's PNG."""
    from aiohttp.test_utils import TestClient, TestServer  # noqa: PLC0415

    from tests.bot.web.conftest import make_app  # noqa: PLC0415

    data = await (await client.post("/v1/size", json=DEEPSEEK)).json()
    url = urlsplit(data["chart_url"])
    async with TestClient(TestServer(make_app())) as other:
        response = await other.get(f"{url.path}?{url.query}")
        assert response.status == 200
        assert response.content_type == "image/png"
        body = await response.read()
    assert body.startswith(b"\x89PNG")
    assert len(body) < 200 * 1024


async def test_a_chart_address_that_does_not_read_is_a_400(client):
    """A forged ``q`` or an unknown kind is refused as a problem, not a server error."""
    for path in ("/v1/chart/summary.png?q=%%%", "/v1/chart/pie.png?q=e30", "/v1/chart/cost.svg"):
        response = await client.get(path)
        assert response.status == 400, path
        assert (await response.json())["code"] == "invalid_chart"


async def test_train_compare_and_price_answer_as_the_command_line(client):
    """/v1/train sizes a LoRA job, /v1/compare two GPUs, /v1/price one GPU's plans."""
    train = await client.post(
        "/v1/train", json={"model": "llama 3.3 70b", "method": "lora", "tokens": "50M"}
    )
    assert train.status == 200
    assert (await train.json())["job"]["method"] == "lora"
    compare = await client.post("/v1/compare", json={"a": "MI355X", "b": "h200"})
    assert (await compare.json())["a"]["id"] == "mi355x"
    price = await (await client.get("/v1/price?gpu=h200")).json()
    assert {plan["id"] for plan in price["plans"]} == {"h200-1x", "h200-8x"}


async def test_ask_keeps_a_conversation_by_its_chat_key(client):
    """A follow-up with the same ``chat`` changes the earlier request; another key has none."""
    first = await (await client.post("/v1/ask", json={"text": DEEPSEEK_TEXT, "chat": "t1"})).json()
    assert first["kind"] == "size"
    assert first["chat"] == "t1"
    follow = await (
        await client.post("/v1/ask", json={"text": "and with 32K?", "chat": "t1"})
    ).json()
    assert follow["kind"] == "size"
    assert follow["data"]["request"]["context_tokens"] == 32768
    assert follow["data"]["model"]["id"] == "deepseek-ai/DeepSeek-V3"
    other = await (
        await client.post("/v1/ask", json={"text": "and with 32K?", "chat": "t2"})
    ).json()
    assert other["kind"] == "clarify"


async def test_each_api_key_has_its_own_conversations(client):
    """The same chat key under an API key is another conversation than the anonymous one."""
    await client.post("/v1/ask", json={"text": DEEPSEEK_TEXT, "chat": "shared"})
    keyed = await client.post(
        "/v1/ask", json={"text": "and with 32K?", "chat": "shared"}, headers={"X-API-Key": API_KEY}
    )
    assert (await keyed.json())["kind"] == "clarify"


async def test_ask_answers_in_the_language_asked(client):
    """``lang`` acts as a /lang choice: a German answer to an English question."""
    data = await (await client.post("/v1/ask", json={"text": DEEPSEEK_TEXT, "lang": "de"})).json()
    assert data["language"] == "de"
    assert "Empfehlung" in data["text"]


async def test_ask_is_what_bot_ask_prints(client):
    """/v1/ask's answer is ``python -m bot ask --format json``'s object, plus ``chat``."""
    from bot.answers import CheckoutConfig  # noqa: PLC0415
    from bot.conversation import Pipeline  # noqa: PLC0415
    from bot.reply import ChatContext, reply_json  # noqa: PLC0415

    data = await (await client.post("/v1/ask", json={"text": DEEPSEEK_TEXT})).json()
    reply = Pipeline(CheckoutConfig(medium="website")).respond(DEEPSEEK_TEXT, ChatContext()).reply
    expected = json.loads(json.dumps(reply_json(reply), default=str))
    assert data == expected | {"chat": None}


DEEPSEEK_TEXT = "DeepSeek V3, 128K context, 20 users"


async def test_a_chart_that_takes_too_long_is_a_503_with_retry_after(client, monkeypatch):
    """Drawing is bounded in time: past it, 503 chart_busy with Retry-After, not a hang."""
    import time  # noqa: PLC0415

    import bot.web.charts  # noqa: PLC0415

    def slow(*_args):
        time.sleep(1.0)
        return b""

    monkeypatch.setattr(bot.web.charts, "CHART_TIMEOUT_S", 0.05)
    monkeypatch.setattr(bot.web.charts, "draw", slow)
    data = await (await client.post("/v1/size", json=DEEPSEEK | {"concurrency": 21})).json()
    url = urlsplit(data["chart_url"])
    response = await client.get(f"{url.path}?{url.query}")
    assert response.status == 503
    assert response.headers["Retry-After"] == "5"
    assert (await response.json())["code"] == "chart_busy"
