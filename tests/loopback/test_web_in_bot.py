"""``croupier run`` with ``WEB_PORT`` serves the web pages on the bot's own loop: the start
page and a server's page answer while the bot plays, SIGTERM stops both cleanly, and a
port in use is one line naming ``WEB_PORT`` with the exit status of a setting."""

from __future__ import annotations

import re
import signal
import socket
from pathlib import Path

import aiohttp

from bot import exit_codes
from bot.i18n import t
from bot.store import default_sqlite_url
from bot.web.safety import HEADERS
from loopback import fake_discord
from loopback.process import start
from tests.helpers.ports import free_port
from tests.loopback.test_cli_process import STARTING, STOPPING, assert_clean, croupier

MANAGE_GUILD = 1 << 5  # Discord's "Manage Server"
SERVER_LINK = re.compile(r"/s/[A-Za-z0-9_-]+")


async def _get(port: int, path: str) -> tuple[int, str, str]:
    """(status, Content-Security-Policy, body) of ``path`` on the bot's pages."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as answer,
    ):
        policy = answer.headers.get("Content-Security-Policy", "")
        return answer.status, policy, await answer.text()


async def test_the_bot_serves_the_pages_while_it_plays_and_stops_cleanly(tmp_path: Path) -> None:
    port = free_port()
    async with croupier(tmp_path, WEB_PORT=str(port)) as run:
        status, policy, body = await _get(port, "/")
        assert status == 200 and "Croupier" in body
        assert policy == HEADERS["Content-Security-Policy"]
        run.anna.permissions |= MANAGE_GUILD  # a host turns the pages on
        turned_on = await run.fake.slash(run.anna, run.channel, "web", zustand="an")
        assert turned_on.message is not None
        link = SERVER_LINK.search(turned_on.message.content)
        assert link is not None, turned_on.message.content
        status, _, body = await _get(port, link.group())
        assert status == 200 and t("web.server.title", "de") in body
        lobby = await run.fake.slash(run.anna, run.channel, "v6 tisch")  # the bot still plays
        assert lobby.response_type == 4
        assert await run.stop(signal.SIGTERM) == 0, run.log_text()
    assert f"web pages on http://127.0.0.1:{port}/" in run.log_text()
    assert_clean(run.log_text(), signal.SIGTERM)
    with socket.socket() as sock:  # the port is free again
        sock.bind(("127.0.0.1", port))


async def test_a_web_port_in_use_is_one_line_and_the_status_of_a_setting(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with fake_discord() as fake:
            fake.add_guild("g")
            assert fake.port is not None
            url = default_sqlite_url(tmp_path / "bot.sqlite3")
            bot = await start("cli", fake.port, url, {"WEB_PORT": str(port)}, log=log)
            try:
                status = await bot.wait(STARTING)
            finally:
                bot.kill(signal.SIGKILL)
                await bot.wait(STOPPING)
    said = log.read_text()
    assert status == exit_codes.CONFIG, said
    assert "Traceback" not in said, said
    lines = [line for line in said.splitlines() if "WEB_PORT" in line]
    assert len(lines) == 1 and f"cannot listen on 127.0.0.1:{port}" in lines[0], said
