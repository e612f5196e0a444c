"""The web pages in the bot's process (bot.web.serving): served at a port on the running
loop and closed again, a port in use refused by name, and the pages worked on one at a
time so that their threads do not crowd the loop out of the interpreter's lock."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.config import ConfigError
from bot.service import Service
from bot.web.serving import WebServer, one_at_a_time
from tests.helpers.ports import free_port


async def test_the_pages_are_served_until_closed(service: Service) -> None:
    port = free_port()
    server = WebServer(service, "127.0.0.1", port)
    await server.start()
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/") as answer,
        ):
            assert answer.status == 200 and "Croupier" in await answer.text()
    finally:
        await server.close()
    with socket.socket() as sock:  # nothing listens any more
        assert sock.connect_ex(("127.0.0.1", port)) != 0


async def test_a_port_in_use_is_a_setting_named_in_one_line(service: Service) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError) as refused:
            await WebServer(service, "127.0.0.1", port).start()
    said = str(refused.value)
    assert said.startswith(f"WEB_PORT {port}: cannot listen on 127.0.0.1:{port}")
    assert "\n" not in said


async def test_the_gate_works_on_one_page_at_a_time() -> None:
    working, most, arrived = 0, 0, 0
    all_in = asyncio.Event()

    async def slow(request: web.Request) -> web.Response:
        nonlocal working, most
        working += 1
        most = max(most, working)
        await all_in.wait()  # every request has come in before any is answered
        await asyncio.sleep(0)
        working -= 1
        return web.Response(text="ok")

    @web.middleware
    async def counted(request: web.Request, handler: object) -> web.StreamResponse:
        nonlocal arrived
        arrived += 1
        if arrived == 3:
            all_in.set()
        return await handler(request)  # type: ignore[operator]

    app = web.Application(middlewares=[counted, one_at_a_time()])
    app.router.add_get("/", slow)
    async with TestClient(TestServer(app)) as client:
        answers = await asyncio.gather(*(client.get("/") for _ in range(3)))
        assert [answer.status for answer in answers] == [200, 200, 200]
    assert most == 1
