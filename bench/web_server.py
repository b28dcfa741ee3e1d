"""A server for bench/web_throughput.py: the website (no rate limit) or a bare aiohttp handler.

    .venv/bin/python bench/web_server.py website PORT
    .venv/bin/python bench/web_server.py bare PORT

``bare`` answers every path with one fixed JSON object (the price list's, computed once):
what aiohttp alone costs, none of the website's work.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.answers import CheckoutConfig
from bot.conversation import Pipeline
from bot.runtime import freeze_start_up_objects, warm_up
from bot.state import MemoryStore
from bot.web import Limits, Services, WebConfig, create_app
from sizing import price_list, to_json


def bare_app() -> web.Application:
    """One handler, one fixed JSON body (the size of /v1/price's)."""
    body = json.dumps(to_json(price_list()), separators=(",", ":")).encode()

    async def fixed(_request: web.Request) -> web.Response:
        return web.Response(body=body, content_type="application/json")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", fixed)
    return app


def website_app() -> web.Application:
    """Build the website as ``python -m bot web`` serves it, without the per-client limit."""
    checkout = CheckoutConfig(medium="website")
    pipeline = Pipeline(checkout)
    warm_up(pipeline)
    freeze_start_up_objects()
    services = Services(pipeline=pipeline, checkout=checkout, store=MemoryStore())
    return create_app(services, WebConfig(limits=Limits(per_minute=0, key_per_minute=0)))


def main() -> None:
    """Serve until killed."""
    kind, port = sys.argv[1], int(sys.argv[2])
    app = bare_app() if kind == "bare" else website_app()
    web.run_app(app, host="127.0.0.1", port=port, access_log=None, print=None)


if __name__ == "__main__":
    main()
