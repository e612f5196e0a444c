"""The real website on a free port of 127.0.0.1, on a SQLite store filled by played games of
every kind, for a browser to visit (tests/browser, ``python -m tests.helpers.web_screens``).

The site runs in a thread of its own with its own event loop: the games are played and the
pages served there, while the caller (a synchronous browser test) waits on the browser.
What it holds is named in :class:`Site`; the pages a browser opens are :data:`PAGES`
(tests/helpers/web_pages.py), one entry a page kind.

Hooks for what is built after this step (marked TODO): a tournament with a substitute and
a correction (:func:`fill`), and the tournament's and a player's page kinds in
tests/helpers/web_pages.py.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from bot.plugins import PLUGINS
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from bot.web.app import make_app
from bot.web.limits import RateLimiter
from tests.helpers.ports import free_port
from tests.helpers.web_games import GUILD, played
from tests.history.playing import play_tournament

EVIL = "<img src=x onerror=window.__xss=1;alert(1)>"
"""A display name that would run a script if a page wrote it as HTML."""
PLAYERS = {"1001": "Anna", "1002": "Ben", "1003": EVIL}
NAMES = {**PLAYERS, "1003": "Cem"}
"""The players' display names where no name is evil (the screenshots)."""
FINISHED_OPTIONS: dict[str, dict[str, object]] = {"verflixte6": {"durchgaenge": 1}}
"""Options that keep a whole game short (a game not named: its defaults)."""
FINISHED_LEVEL = {"teufel": "leicht"}
"""Computer players who end a game soon (random actions make a game of Teufel of some
10,000 steps, a page of 1.7 MB that axe-core takes minutes over); others play at random."""
RUNNING = {"flaschenteufel": 6, "dicedevils": 6, "teufel": 2}
"""Games with secrets, each also left running mid-game: the actions played into it (past
the deal while hands are held, dice lie in the cups, two of three bets are made)."""
SECRET_GAMES = tuple(RUNNING)
ENTRANTS = {
    f"20{n:02d}": name
    for n, name in enumerate(
        ["Dora", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jonas", "Karl", "Lea"], start=1
    )
}
"""The players of the whole tournament (a draw into groups, each group's Abend played)."""
START = 30.0
"""Seconds the site may take to fill and start on a loaded machine."""


@dataclass
class Site:
    """The running website and what its store holds."""

    url: str  # http://127.0.0.1:<port>, no trailing slash
    key: str  # the server's web key (its pages turned on)
    service: Service
    finished: dict[str, int] = field(default_factory=dict)  # game kind -> a finished game
    running: dict[str, int] = field(default_factory=dict)  # secret game kind -> running game
    tournaments: list[int] = field(default_factory=list)  # whole tournaments (their games)

    def address(self, path: str) -> str:
        return self.url + path


async def fill(
    service: Service, evil: bool = True
) -> tuple[dict[str, int], dict[str, int], list[int]]:
    """One finished game of every kind, a running game of each secret game and a whole
    tournament of Die verflixte 6: their numbers. The third player's display name is
    :data:`EVIL` (``evil``) or plain."""
    names = PLAYERS if evil else NAMES
    finished: dict[str, int] = {}
    for plugin in PLUGINS:
        finished[plugin.kind] = await played(
            service,
            plugin.kind,
            names,
            FINISHED_OPTIONS.get(plugin.kind),
            level=FINISHED_LEVEL.get(plugin.kind),
        )
    running: dict[str, int] = {}
    for kind in SECRET_GAMES:
        running[kind] = await played(service, kind, names, steps=RUNNING[kind], seed=11)
    for player, name in {**ENTRANTS, "host": "Greta"}.items():  # "host": its host's id
        service.directory.remember_name(player, name)
    whole = await play_tournament(service, list(ENTRANTS), guild_id=GUILD)
    # A correction's reason and a substitute, hostile text included, are held on the
    # tournament page by tests/web/test_tournament_page.py.
    return finished, running, [whole.game_id]


@contextmanager
def serving(folder: Path, *, evil: bool = True) -> Iterator[Site]:
    """The website on a fresh store in ``folder``, filled by :func:`fill`, until the end."""
    engine = make_engine(default_sqlite_url(folder / "croupier.db"))
    upgrade(engine)
    store = Store(engine)
    service = Service(store)
    loop = asyncio.new_event_loop()
    started: Future[Site] = Future()
    stop = asyncio.Event()

    async def run() -> None:
        try:
            key = service.directory.set_web(GUILD, True)
            assert key is not None
            finished, running, tournaments = await fill(service, evil)
            # a browser asks for a page, its stylesheet and script at once: no limit here
            app = make_app(service, RateLimiter(rate=1e6, burst=1_000_000))
            runner = web.AppRunner(app)
            await runner.setup()
            port = free_port()
            await web.TCPSite(runner, "127.0.0.1", port).start()
        except BaseException as exc:
            started.set_exception(exc)
            raise
        started.set_result(
            Site(f"http://127.0.0.1:{port}", key, service, finished, running, tournaments)
        )
        try:
            await stop.wait()
        finally:
            await runner.cleanup()

    thread = threading.Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    thread.start()
    try:
        yield started.result(START * 4)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(START)
        loop.close()
        store.close()
        engine.dispose()
