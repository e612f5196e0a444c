"""The web's pages on a full server (issue 47): how long ``croupier web`` takes to answer
each kind of page, over HTTP on this machine, on a database of 100,000 logged actions with
a game of 5,000 public events.

    python -m bench.web_pages [--database URL] [--actions 100000] [--long 5000]
                              [--tournament 64] [--requests 300] [--filled]

The database is filled in bulk: a few games of each of the four kinds are played through
the service (random legal actions, each finished game folded into the history, as
``bench.history`` plays them) and one Die verflixte 6 evening of enough Durchgänge for
``--long`` public events; then the played games' rows and logs are copied under new
numbers, many rows a statement, until the log holds ``--actions`` actions (the copies have
no history of their own: a copy's page shows no winner). After the fill, a whole
tournament of ``--tournament`` players is played (each group's Abend with random legal
actions). ``--filled`` measures a database filled before (another tree's pages on the
same data).

The server's pages are turned on, and each page kind is asked ``--requests`` times, one
after another, from aiohttp's client over a socket: the start page (no database read: the
baseline of the same run), the stylesheet, the server's page, a random game's whole log,
one of its steps, a finished game's result picture, a random player's page (and before
all, the first one: its ratings replayed, nothing kept yet), the fairness chart, the long
game whole and at a random step, and the tournament's page and its bracket picture.
Printed: median, 99th percentile and slowest in ms, the largest answer as sent, and the
long game's whole page in bytes: its HTML, and as sent to a client that accepts gzip.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy import func, insert, select

from bench.history import GUILD, KINDS, SEATS, opened, percentile, play_one, play_out
from bot.engine import Action
from bot.play.outcome import FINISHED
from bot.play.tournaments import TOURNAMENT
from bot.service import Service
from bot.store import EventRow, GameRow, Store
from bot.web.app import make_app
from bot.web.limits import RateLimiter
from bot.web.paths import (
    fairness_picture_path,
    player_path,
    tournament_path,
    tournament_picture_path,
)
from bot.web.player_ids import player_id

Path = Callable[[random.Random], str]
"""A page to ask, picked with the run's random numbers."""
PLAYED = 6
"""Games of each kind played through the service; the rest are their copies."""
LONG_PLAYERS = 4
EVENTS_PER_DURCHGANG = 22
"""About how many public events a Durchgang of four players makes (to size the long game)."""
BATCH = 2000
"""Rows a statement copies."""


@dataclass
class Filled:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0


def players(pick: random.Random, kind: str, count: int = 200) -> list[str]:
    low, high = SEATS[kind]
    return pick.sample([str(100_000 + n) for n in range(count)], pick.randint(low, high))


async def play(store: Store, long_events: int, seed: int = 47) -> list[int]:
    """The games played through the service: :data:`PLAYED` of each kind, and the long
    evening (last). Their numbers."""
    service, pick = Service(store), random.Random(seed)
    numbers = []
    for n in range(PLAYED * len(KINDS)):
        kind = KINDS[n % len(KINDS)]
        numbers.append((await play_one(service, kind, players(pick, kind), pick))[0])
    durchgaenge = max(1, -(-long_events // EVENTS_PER_DURCHGANG))
    seated = [str(100_000 + n) for n in range(LONG_PLAYERS)]
    options = {"durchgaenge": durchgaenge}
    numbers.append((await play_one(service, "verflixte6", seated, pick, options))[0])
    return numbers


def copy(store: Store, played: Sequence[int], actions: int) -> int:
    """Copies of the ``played`` games (rows and logs, new numbers) until the log holds
    ``actions`` actions; how many copies."""
    games, events = GameRow.__table__, EventRow.__table__  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        found = connection.execute(select(games).where(games.c.id.in_(played)))
        rows = {r.id: r._asdict() for r in found}
        logs: dict[int, list[dict[str, Any]]] = {n: [] for n in played}
        for r in connection.execute(select(events).where(events.c.game_id.in_(played))):
            logs[r.game_id].append(r._asdict())
        logged = connection.execute(select(func.count()).select_from(events)).scalar_one()
        number = connection.execute(select(func.max(games.c.id))).scalar_one()
        copies, pending = 0, []
        templates = played[:-1]  # not the long evening: one is enough
        while logged < actions:
            template = templates[copies % len(templates)]
            number += 1
            connection.execute(insert(games), [{**rows[template], "id": number}])
            for row in logs[template]:
                pending.append({**row, "id": None, "game_id": number})
            logged += len(logs[template])
            copies += 1
            if len(pending) >= BATCH:
                connection.execute(insert(events), [_without_id(r) for r in pending])
                pending = []
        if pending:
            connection.execute(insert(events), [_without_id(r) for r in pending])
    return copies


def _without_id(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != "id"}


async def fill(store: Store, actions: int, long_events: int) -> Filled:
    began = time.perf_counter()
    played = await play(store, long_events)
    copies = copy(store, played, actions)
    service = Service(store)
    logged = sum(service.store.get(n).version for n in numbers_of(service))
    return Filled(len(played) + copies, logged, time.perf_counter() - began)


async def whole_tournament(store: Store, players: int, seed: int = 47) -> int:
    """A tournament of ``players`` (Durchgang 1 a round) played to its champion, each
    group's table opened as the bot opens it and played with random legal actions."""
    service, pick = Service(store), random.Random(seed)
    seated = [str(200_000 + n) for n in range(players)]
    options = {"name": "Bench", "durchgaenge": 1}
    cup = await service.create(TOURNAMENT, seated[:1], options, guild_id=GUILD)
    for player in seated:
        await service.act(cup.game_id, player, Action("register"))
    await service.act(cup.game_id, seated[0], Action("close"))
    while not service.tables.current(cup.game_id).finished:
        for group in service.tables.current(cup.game_id).public["rounds"][-1]["groups"]:
            table, _ = await service.tournaments.open_group(cup.game_id, group["number"], None)
            await play_out(service, table, pick)
    return cup.game_id


def numbers_of(service: Service) -> list[int]:
    """The server's games, newest first."""
    rows = service.records.recent_games(GUILD, KINDS, 10**6)
    return [row.id for row in rows if row.id is not None]


def pages(
    key: str,
    games: Sequence[int],
    steps: dict[int, int],
    *,
    finished: Sequence[int],
    long: int,
    cup: int,
    players: Sequence[str],
) -> dict[str, Path]:
    """Each page kind, by its name in the table (``cup``: the tournament's number)."""
    game = f"/s/{key}/spiel/"
    return {
        "start page (no database)": lambda _: "/",
        "stylesheet": lambda _: "/static/site.css",
        "server page": lambda _: f"/s/{key}",
        "a game's whole log": lambda pick: f"{game}{pick.choice(games)}",
        "a game at one step": lambda pick: _step(game, pick.choice(games), steps, pick),
        "a result picture": lambda pick: f"{game}{pick.choice(finished)}/ergebnis.png",
        f"the long game ({steps[long]} steps) whole": lambda _: f"{game}{long}",
        "the long game at one step": lambda pick: _step(game, long, steps, pick),
        "a whole tournament": lambda _: tournament_path(key, cup),
        "its bracket picture": lambda _: tournament_picture_path(key, cup),
        "a player's page": lambda pick: pick.choice(players),
        "the fairness chart": lambda _: fairness_picture_path(key),
    }


def _step(game: str, number: int, steps: dict[int, int], pick: random.Random) -> str:
    return f"{game}{number}?schritt={pick.randint(1, steps[number])}"


Measured = list[tuple[str, list[float], int]]


async def measure(store: Store, requests: int) -> tuple[Measured, tuple[int, int]]:
    """Seconds per request of each page kind and its largest answer as sent (in bytes);
    and the long game's whole page: its HTML's bytes, and as sent gzipped."""
    service = Service(store)
    numbers = numbers_of(service)
    rows = {n: service.store.get(n) for n in numbers}
    cup = service.records.recent_games(GUILD, (TOURNAMENT,), 1)[0].id
    assert cup is not None
    registered = set(service.tables.current(cup).public["registered"])
    for player in {p for row in rows.values() for p in row.players} | registered:
        service.directory.remember_name(player, f"Spieler {player[-3:]}")  # as the bot has
    key = service.directory.set_web(GUILD, True)
    assert key is not None
    steps = {n: len(service.records.public_events(n, rows[n].kind)) for n in numbers}
    long = max(numbers, key=steps.__getitem__)
    games = [n for n in numbers if n != long]
    pictured = ("verflixte6", "teufel")  # the games with a result picture
    finished = [n for n in numbers if rows[n].status == FINISHED and rows[n].kind in pictured]
    players = [player_path(key, player_id(key, p)) for p in service.history.players(GUILD)]
    unlimited = RateLimiter(rate=1e9, burst=10**9)
    measured = []
    plain = {"Accept-Encoding": "identity"}
    async with TestClient(TestServer(make_app(service, unlimited))) as client:
        html = await (await client.get(f"/s/{key}/spiel/{long}", headers=plain)).read()
        zipped = await client.get(f"/s/{key}/spiel/{long}", headers={"Accept-Encoding": "gzip"})
        sent = int(zipped.headers.get("Content-Length", 0)) or len(await zipped.read())
        await zipped.release()
        began = time.perf_counter()
        await (await client.get(players[0])).read()
        measured.append(("a player's page, first", [time.perf_counter() - began], 0))
        shown = pages(key, games, steps, finished=finished, long=long, cup=cup, players=players)
        for name, path in shown.items():
            pick = random.Random(47)
            if (await client.get(path(pick))).status != 200:
                print(f"{name}: not served by this tree")
                continue
            for _ in range(3):  # warm: the templates compiled, the names kept
                await (await client.get(path(pick))).read()
            taken, largest = [], 0
            for _ in range(requests):
                began = time.perf_counter()
                response = await client.get(path(pick), headers={"Accept-Encoding": "gzip"})
                body = await response.read()
                taken.append(time.perf_counter() - began)
                assert response.status == 200, (name, response.status)
                largest = max(largest, int(response.headers.get("Content-Length") or len(body)))
            measured.append((name, taken, largest))
    return measured, (len(html), sent)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_pages", description=__doc__)
    parser.add_argument("--database", default="")
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--long", type=int, default=5000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--tournament", type=int, default=64)
    parser.add_argument("--filled", action="store_true")
    args = parser.parse_args(argv)
    store = opened(args.database)
    if not args.filled:
        filled = asyncio.run(fill(store, args.actions, args.long))
        print(f"filled: {filled.games} games, {filled.actions} actions in {filled.seconds:.1f} s")
        cup = asyncio.run(whole_tournament(store, args.tournament))
        print(f"and a tournament of {args.tournament} players ({store.get(cup).version} actions)")
    measured, (html, sent) = asyncio.run(measure(store, args.requests))
    print(f"\n| page ({args.requests} requests) | median ms | p99 ms | slowest ms | largest sent |")
    print("|---|---:|---:|---:|---:|")
    for name, taken, largest in measured:
        p50, p99 = percentile(taken, 50) * 1e3, percentile(taken, 99) * 1e3
        size = f"{largest / 1024:.0f} KB"
        print(f"| {name} | {p50:.1f} | {p99:.1f} | {max(taken) * 1e3:.1f} | {size} |")
    print(f"\nthe long game's whole page: {html / 1024:.0f} KB of HTML, {sent / 1024:.0f} KB sent")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
