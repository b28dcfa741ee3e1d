"""The calculator page: the visitor's language, a form that works without JavaScript."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from bot.web.language import accept_language

VOID = frozenset({"img", "input", "br", "meta", "link", "hr", "source"})
FORM = {"model": "DeepSeek V3", "context": "128K", "concurrency": "20"}


class Page(HTMLParser):
    """The parts of a page the tests read: labels, fields, the status region's text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.labels: set[str] = set()
        self.fields: list[dict[str, str | None]] = []
        self.status_text: list[str] = []
        self._status_depth = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        """Note labels, fields, and when the status region opens."""
        found = dict(attrs)
        if tag == "label":
            self.labels.add(found.get("for") or "")
        if tag in {"input", "select"}:
            self.fields.append(found)
        if self._status_depth and tag not in VOID:
            self._status_depth += 1
        elif found.get("role") == "status":
            self._status_depth = 1

    def handle_endtag(self, tag):
        """Note when the status region closes."""
        if self._status_depth and tag not in VOID:
            self._status_depth -= 1

    def handle_data(self, data):
        """Keep the status region's text."""
        if self._status_depth:
            self.status_text.append(data)

    @property
    def status(self) -> str:
        """The text inside ``[role=status]``."""
        return re.sub(r"\s+", " ", "".join(self.status_text))


async def test_the_page_is_in_the_browsers_language(client):
    """A zh-CN browser gets the page in Simplified Chinese; ?lang= wins over the header."""
    chinese = await client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"})
    html = await chinese.text()
    assert '<html lang="zh-Hans">' in html
    assert "GPU 配置计算器" in html
    german = await client.get("/?lang=de", headers={"Accept-Language": "zh-CN"})
    assert "GPU-Rechner" in await german.text()


async def test_every_field_has_a_label_and_an_api_name(client):
    """Each input and select is labelled (for=id) and named as the API's field."""
    page = Page(await (await client.get("/")).text())
    names = {field["name"] for field in page.fields}
    assert {"model", "context", "concurrency", "precision", "gpu", "budget", "cuda_only"} <= names
    for field in page.fields:
        assert field["id"] in page.labels, field


async def test_the_form_posted_without_javascript_shows_the_answer(client):
    """The form posted as a browser posts it: MI355X at $19,900 in the status region."""
    response = await client.post("/", data=FORM)
    assert response.status == 200
    page = Page(await response.text())
    assert "8× AMD Instinct MI355X serves it" in page.status
    assert "$19,900 a month" in page.status
    assert "Order 8× AMD Instinct MI355X" in page.status
    assert "vllm serve deepseek-ai/DeepSeek-V3" in page.status
    assert "per GPU of 307 GB: Weights 168 GB" in page.status  # the chart's figures as text


async def test_a_shared_link_shows_the_answer(client):
    """GET with the form's fields in the query answers as the posted form does."""
    shared = await client.get("/", params=FORM)
    assert "$19,900" in Page(await shared.text()).status


async def test_the_api_answers_the_pages_script_with_the_result_area(client):
    """POST /v1/size with Accept: text/html: the result area alone, in the language asked."""
    headers = {"Accept": "text/html"}
    response = await client.post("/v1/size?lang=de", json=FORM, headers=headers)
    html = await response.text()
    assert response.content_type == "text/html"
    assert "<html" not in html
    assert "19.900" in html
    assert "Empfehlung" in html
    refused = await client.post("/v1/size", json={"model": "no such model xyz"}, headers=headers)
    assert refused.content_type == "application/problem+json"  # a refusal stays a problem


async def test_a_form_that_does_not_read_says_why_in_the_status_region(client):
    """An unknown model or a bad context: a 4xx page, the reason in the visitor's language."""
    response = await client.post("/?lang=fr", data={"model": "no such model xyz"})
    assert response.status == 422
    assert "Nous ne connaissons pas le modèle" in Page(await response.text()).status
    bad = await client.post("/", data={"model": "DeepSeek V3", "context": "lots"})
    assert bad.status == 422
    assert "context" in Page(await bad.text()).status


async def test_the_page_is_locked_down_and_its_assets_come_from_the_package(client):
    """A CSP allowing only this site; the stylesheet and script served from the package."""
    response = await client.get("/")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    for path in ("/static/calculator.css", "/static/calculator.js"):
        asset = await client.get(path)
        assert asset.status == 200
        assert len(await asset.read()) > 500
    assert "https://" not in (await (await client.get("/static/calculator.js")).text())


async def test_the_page_charts_are_svg_with_their_text_kept(client):
    """The page's memory chart is SVG whose words are text (readable, translatable)."""
    html = await (await client.post("/?lang=ru", data=FORM)).text()
    path = re.search(r'src="(/v1/chart/memory\.svg\?[^"]+)"', html).group(1).replace("&amp;", "&")
    svg = await (await client.get(path)).text()
    assert svg.startswith("<?xml")
    assert "Веса" in svg
    assert "8× AMD Instinct MI355X" in svg


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-CN,zh;q=0.9,en;q=0.8", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("xx, pt;q=0.5, de;q=0.7", "de"),
        ("en;q=0, ja", "ja"),
        ("*", None),
        ("", None),
    ],
)
def test_accept_language_is_read_by_quality(header, expected):
    """The first of our languages by quality; none when the header names none of them."""
    assert accept_language(header) == expected
