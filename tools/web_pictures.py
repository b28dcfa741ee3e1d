# noqa: INP001 - a standalone tool run from the project root, not part of a package
"""Draw the README's pictures of the website: the calculator page and one chart (docs/).

    .venv/bin/python tools/web_pictures.py

Starts ``python -m bot web`` on a free loopback port, opens the calculator in Debian's
chromium (Playwright), asks for DeepSeek V3 at 128K for 20 users and keeps a phone-sized
screenshot of the form and the answer; then draws the same request's chart as the API does.
Both are reduced to a 256-colour palette to stay small in git.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bot.answers import localizer  # noqa: E402
from bot.charts import chart_picture  # noqa: E402
from sizing import SizingRequest, size_deployment  # noqa: E402
from tests.e2e.harness import free_port  # noqa: E402
from tests.e2e.test_website_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

DOCS = REPO / "docs"


def small_png(picture: bytes, path: Path) -> None:
    """Write ``picture`` as a 256-colour PNG."""
    image = Image.open(io.BytesIO(picture)).convert("RGB")
    image.quantize(colors=256).save(path, optimize=True)
    print(f"{path.relative_to(REPO)}: {path.stat().st_size / 1024:.0f} KB")  # noqa: T201


def page_screenshot() -> bytes:
    """Take the calculator with its answer, as a phone shows it."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    port = free_port()
    server = subprocess.Popen(  # noqa: S603 - our own command line
        [sys.executable, "-m", "bot", "web", "--port", str(port)],
        cwd=REPO,
        env={"STATE_URL": "memory://", "PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
    )
    root = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{root}/livez", timeout=1)  # noqa: S310 - loopback
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 480, "height": 900})
            page.goto(f"{root}/?model=DeepSeek+V3&context=128K&concurrency=20&lang=en")
            page.locator("[role=status] .price").wait_for()
            page.wait_for_timeout(1500)  # the charts
            picture = page.screenshot(full_page=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=15)
    return picture


def main() -> None:
    """Write docs/calculator.png and docs/chart.png."""
    DOCS.mkdir(exist_ok=True)
    small_png(page_screenshot(), DOCS / "calculator.png")
    request = SizingRequest(
        model_id="deepseek-ai/DeepSeek-V3", context_tokens=131072, concurrency=20
    )
    small_png(chart_picture(localizer("en"), request, size_deployment(request)), DOCS / "chart.png")


if __name__ == "__main__":
    main()
