"""The web's pages on a full server (issue 47): how long ``croupier web`` takes to answer
each kind of page, over HTTP on this machine, on a database filled by playing.

    python -m bench.web_pages [--database URL] [--games 1000] [--actions 100000]
                              [--players 200] [--requests 300]

The server is filled as ``bench.history`` fills it (games of all four kinds through the
service, random legal actions, each finished game folded into the history). Its pages are
turned on, and each page kind is asked ``--requests`` times, one after another, from
aiohttp's client over a socket: the start page (no database read: the baseline of the
same run), the stylesheet, the server's page, a random game's whole log, one of its
steps, a random player's page and the fairness chart, and a whole tournament's page and its
bracket picture (``--tournament`` players, each group's Abend played with random legal
actions, after the fill). Printed: median, 99th percentile and slowest in ms, and the
largest answer; and before them, the first player's page (its ratings replayed, nothing
kept yet: bot.history.rating_history).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Callable, Sequence

from aiohttp.test_utils import TestClient, TestServer

from bench.history import GUILD, KINDS, fill, opened, percentile, play_out
from bot.engine import Action
from bot.play.tournaments import TOURNAMENT
from bot.service import Service
from bot.store import Store
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


def pages(
    key: str, games: Sequence[int], steps: dict[int, int], players: Sequence[str], cup: int
) -> dict[str, Path]:
    """Each page kind, by its name in the table (``cup``: the tournament's number)."""
    return {
        "start page (no database)": lambda _: "/",
        "stylesheet": lambda _: "/static/site.css",
        "server page": lambda _: f"/s/{key}",
        "a game's whole log": lambda pick: f"/s/{key}/spiel/{pick.choice(games)}",
        "a game at one step": lambda pick: _step(key, pick.choice(games), steps, pick),
        "a whole tournament": lambda _: tournament_path(key, cup),
        "its bracket picture": lambda _: tournament_picture_path(key, cup),
        "a player's page": lambda pick: pick.choice(players),
        "the fairness chart": lambda _: fairness_picture_path(key),
    }


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
    """The server's games."""
    rows = service.records.recent_games(GUILD, KINDS, 10**6)
    return [row.id for row in rows if row.id is not None]


def _step(key: str, game: int, steps: dict[int, int], pick: random.Random) -> str:
    return f"/s/{key}/spiel/{game}?schritt={pick.randint(1, steps[game])}"


async def measure(store: Store, requests: int, cup: int) -> list[tuple[str, list[float], int]]:
    """Seconds per request of each page kind, and its largest answer in bytes."""
    service = Service(store)
    played = {p for n in numbers_of(service) for p in service.store.get(n).players}
    for player in played | set(service.tables.current(cup).public["registered"]):
        service.directory.remember_name(player, f"Spieler {player[-3:]}")  # as the bot has
    key = service.directory.set_web(GUILD, True)
    assert key is not None
    numbers = numbers_of(service)
    kinds = {n: service.store.get(n).kind for n in numbers}
    steps = {n: len(service.records.public_events(n, kinds[n])) for n in numbers}
    players = [player_path(key, player_id(key, p)) for p in service.history.players(GUILD)]
    unlimited = RateLimiter(rate=1e9, burst=10**9)
    measured = []
    async with TestClient(TestServer(make_app(service, unlimited))) as client:
        began = time.perf_counter()
        first = await client.get(players[0])
        body = await first.read()
        measured.append(("a player's page, first", [time.perf_counter() - began], len(body)))
        for name, path in pages(key, numbers, steps, players, cup).items():
            pick = random.Random(47)
            for _ in range(3):  # warm: the templates compiled, the names kept
                await (await client.get(path(pick))).read()
            taken, largest = [], 0
            for _ in range(requests):
                began = time.perf_counter()
                response = await client.get(path(pick))
                body = await response.read()
                taken.append(time.perf_counter() - began)
                assert response.status == 200, (name, response.status)
                largest = max(largest, len(body))
            measured.append((name, taken, largest))
    return measured


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_pages", description=__doc__)
    parser.add_argument("--database", default="")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--tournament", type=int, default=64)
    args = parser.parse_args(argv)
    store = opened(args.database)
    filled = asyncio.run(fill(store, args.games, args.actions, args.players))
    print(f"filled: {filled.games} games, {filled.actions} actions in {filled.seconds:.0f} s")
    cup = asyncio.run(whole_tournament(store, args.tournament))
    print(f"and a tournament of {args.tournament} players ({store.get(cup).version} actions)")
    print(f"\n| page ({args.requests} requests) | median ms | p99 ms | slowest ms | largest |")
    print("|---|---:|---:|---:|---:|")
    for name, taken, largest in asyncio.run(measure(store, args.requests, cup)):
        p50, p99 = percentile(taken, 50) * 1e3, percentile(taken, 99) * 1e3
        size = f"{largest / 1024:.0f} KB"
        print(f"| {name} | {p50:.1f} | {p99:.1f} | {max(taken) * 1e3:.1f} | {size} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
