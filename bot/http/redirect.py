"""The counting redirect of checkout links (``bot.telegram.redirects`` writes the links)."""

from __future__ import annotations

from aiohttp import web

from bot.ops import ANALYTICS
from bot.telegram import PATH_PREFIX, CheckoutRedirects

REDIRECTS_KEY = web.AppKey("redirects", CheckoutRedirects)


async def follow_checkout(request: web.Request) -> web.Response:
    """Count the click by plan and send the browser on; 404 for a link we did not write."""
    redirects = request.app[REDIRECTS_KEY]
    plan = request.match_info["plan"]
    target = request.query.get("to", "")
    if not redirects.check(plan, target, request.query.get("sig", "")):
        return web.json_response({"ok": False}, status=404)
    ANALYTICS.count("checkout_clicks", plan=plan)
    raise web.HTTPFound(target)


def add_checkout_redirect(app: web.Application, redirects: CheckoutRedirects) -> None:
    """Serve ``GET /checkout/<plan>`` on the public listener."""
    app[REDIRECTS_KEY] = redirects
    app.router.add_get(PATH_PREFIX + "{plan}", follow_checkout)
