"""A load balancer in front of webhook replicas, as a proxy or an ingress would be.

Round robin over the replicas; a replica that refuses the connection (killed, restarting)
is skipped for the next one; when none answers, Telegram gets a 502 and delivers again.
"""

from __future__ import annotations

import itertools

import aiohttp
from aiohttp import web

FORWARDED_HEADERS = ("X-Telegram-Bot-Api-Secret-Token", "Content-Type")


class Balancer:
    """Forwards every request to one of ``ports`` on loopback."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.forwarded: dict[int, int] = dict.fromkeys(ports, 0)
        self._turn = itertools.count()
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> str:
        """Listen on a free loopback port; return its root URL."""
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return f"http://127.0.0.1:{self._runner.addresses[0][1]}"

    async def stop(self) -> None:
        """Stop listening."""
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        headers = {k: v for k, v in request.headers.items() if k in FORWARDED_HEADERS}
        first = next(self._turn)
        for step in range(len(self.ports)):
            port = self.ports[(first + step) % len(self.ports)]
            url = f"http://127.0.0.1:{port}{request.path_qs}"
            try:
                async with self._session.request(
                    request.method, url, data=body, headers=headers
                ) as answer:
                    self.forwarded[port] += 1
                    return web.Response(status=answer.status, body=await answer.read())
            except aiohttp.ClientConnectionError:
                continue
        return web.Response(status=502, text="no replica answered")
