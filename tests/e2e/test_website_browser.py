"""The calculator in a real browser: Debian's chromium driven by Playwright, JS on and off.

The website runs as the README starts it (``python -m bot web --host H --port P``). The
browser is the system's (``.ci/run`` installs ``chromium``); Playwright's own browser download
is never used. Screenshots are kept in ``tests/artifacts/`` (ignored by git).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import free_port
from tests.e2e.processes import REPO_ROOT, clean_env

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
START_TIMEOUT_S = 60.0
RESULT_TIMEOUT_MS = 30_000
# Chromium as this machine needs it: root, no GPU, and no calls home (the network is closed).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def website(tmp_path_factory) -> Iterator[str]:
    """Start ``python -m bot web`` on a free port; yield its address."""
    port = free_port()
    log = tmp_path_factory.mktemp("web") / "web.log"
    env = clean_env(STATE_URL="memory://", LOG_LEVEL="INFO")
    with log.open("wb") as out:
        process = subprocess.Popen(  # noqa: S603 - our own command line
            [sys.executable, "-m", "bot", "web", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            cwd=REPO_ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    root = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            with urllib.request.urlopen(f"{root}/livez", timeout=1):  # noqa: S310 - loopback
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the website did not start:\n{log.read_text()}")
            time.sleep(0.2)
    yield root
    process.terminate()
    process.wait(timeout=15)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless; Playwright starts it on a fresh temporary profile."""
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does)")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


def _page(browser, *, javascript: bool = True, locale: str = "en-US"):
    context = browser.new_context(
        java_script_enabled=javascript, locale=locale, viewport={"width": 412, "height": 915}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _wait_for_images(page) -> None:
    """Wait until every picture has loaded (the page's CSP forbids wait_for_function's eval)."""
    loaded = "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)"
    deadline = time.monotonic() + RESULT_TIMEOUT_MS / 1000
    while not (page.locator("img").count() >= 2 and page.evaluate(loaded)):
        assert time.monotonic() < deadline, "the charts did not load"
        page.wait_for_timeout(100)


def _fill_and_submit(page) -> None:
    page.fill("input[name=model]", "DeepSeek V3")
    page.fill("input[name=context]", "128K")
    page.fill("input[name=concurrency]", "20")
    page.keyboard.press("Enter")  # the keyboard submits, as a person would


@pytest.mark.parametrize("javascript", [True, False], ids=["js-on", "js-off"])
def test_deepseek_v3_at_128k_for_20_users_is_the_mi355x_server(website, browser, javascript):
    """Filled and submitted: [role=status] names the MI355X server at $19,900; no console error."""
    context, page, errors = _page(browser, javascript=javascript)
    try:
        page.goto(website + "/")
        first_url = page.url
        api_calls: list[str] = []
        page.on("request", lambda r: api_calls.append(r.url) if "/v1/size" in r.url else None)
        _fill_and_submit(page)
        status = page.locator("[role=status]")
        status.get_by_text("$19,900").first.wait_for(timeout=RESULT_TIMEOUT_MS)
        text = status.inner_text()
        assert "8× AMD Instinct MI355X serves it" in text
        assert "$19,900 a month" in text
        assert status.locator("a.order").get_attribute("href").startswith("https://")
        if javascript:
            # No reload: the form went to the API by fetch; the address shows the request.
            assert len(api_calls) == 1
            assert "model=DeepSeek" in page.url
            assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
            page.locator("img[src*='memory.svg']").wait_for(timeout=RESULT_TIMEOUT_MS)
        else:
            assert page.url.split("?")[0] == first_url.split("?")[0]
            assert api_calls == []  # the page itself answered the posted form
        # Both charts drawn and shown: every picture loaded, none broken.
        _wait_for_images(page)
        ARTIFACTS.mkdir(exist_ok=True)
        name = "js-on" if javascript else "js-off"
        page.screenshot(path=str(ARTIFACTS / f"calculator-{name}.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_a_chinese_browser_gets_the_page_in_chinese(website, browser):
    """A zh-CN browser: the page in Simplified Chinese, the answer too."""
    context, page, errors = _page(browser, locale="zh-CN")
    try:
        page.goto(website + "/")
        assert page.locator("html").get_attribute("lang") == "zh-Hans"
        assert page.locator("h1").inner_text() == "GPU 配置计算器"
        assert page.get_by_label("模型").count() == 1
        _fill_and_submit(page)
        page.locator("[role=status] .price").wait_for(timeout=RESULT_TIMEOUT_MS)
        assert "MI355X" in page.locator("[role=status]").inner_text()
        _wait_for_images(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "calculator-zh-Hans.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_the_browser_is_the_systems_chromium(browser):
    """The tests drive Debian's chromium, not a browser Playwright downloaded."""
    assert shutil.which("chromium") == CHROMIUM
    assert browser.version.split(".")[0].isdigit()


def test_a_model_nobody_knows_is_said_in_the_status_region(website, browser):
    """With JavaScript, the API's refusal is shown where the answer goes, the field marked."""
    context, page, errors = _page(browser)
    try:
        page.goto(website + "/")
        page.fill("input[name=model]", "no such model xyz")
        page.fill("input[name=context]", "lots")
        page.keyboard.press("Enter")
        status = page.locator("[role=status]")
        status.locator(".problem").wait_for(timeout=RESULT_TIMEOUT_MS)
        assert "context" in status.inner_text()
        assert page.locator("input[name=context]").get_attribute("aria-invalid") == "true"
        # Chromium reports every 4xx answer in the console; that one, and nothing from the page.
        refusal = "Failed to load resource: the server responded with a status of 422"
        assert [e.split(" (")[0] for e in errors] == [refusal]
    finally:
        context.close()
