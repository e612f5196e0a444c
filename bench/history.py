"""Players' history on a full server: ``/statistik``, ``/rangliste`` and ``/fairness`` on a
database of 100,000 logged actions over 1,000 games and 200 players (issue 32).

    python -m bench.history [--database URL] [--games 1000] [--actions 100000]
                                [--players 200] [--calls 300]

The database is filled by playing: games of all four kinds through the service, seated
from a pool of players, random legal actions from a seeded generator, each finished game
folded into the history as the bot folds it. Then each command's work (the reads, the
numbers, the card and its picture; not Discord) runs ``--calls`` times for random players
and games, and the medians and 99th percentiles are printed as a markdown table. Without
``--database`` a temporary SQLite file is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine import Action
from bot.plugins import GAMES
from bot.render.drawn import painter
from bot.service import Outcome, Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from cogs.fairness import fairness_answer
from cogs.ratings import leaderboard_answer
from cogs.statistics import statistics_answer

GUILD = 4242
KINDS = ("verflixte6", "teufel", "flaschenteufel", "dicedevils")
SEATS = {"verflixte6": (2, 4), "teufel": (3, 5), "flaschenteufel": (3, 4), "dicedevils": (3, 4)}
OPTIONS: dict[str, dict[str, Any]] = {"verflixte6": {"durchgaenge": 3}}
TEUFEL_BET = 50
"""The most a bench player bets in Teufel: random bets of whole balances never reach the
goal of 1,600, bets up to 50 end a game in about 200 actions."""


def choose(legal: Sequence[Action], pick: random.Random) -> Action:
    """A random legal action, but a Teufel bet of at most :data:`TEUFEL_BET` (the highest
    such) and a Teufel draw three times in five."""
    bets = [a for a in legal if a.do == "bet"]
    if bets:
        return max((a for a in bets if a.args["amount"] <= TEUFEL_BET), key=_amount)
    if [a.do for a in legal] == ["draw", "stopp"]:
        return legal[0] if pick.random() < 0.6 else legal[1]
    return pick.choice(legal)


def _amount(action: Action) -> int:
    return int(action.args["amount"])


@dataclass
class Filled:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0


async def play_one(
    service: Service,
    kind: str,
    players: Sequence[str],
    pick: random.Random,
    options: Mapping[str, Any] | None = None,
) -> tuple[int, int]:
    """One game played to its end with random legal actions (``options``: the table's,
    by default :data:`OPTIONS`'); its id and how many actions it took."""
    table = dict(OPTIONS.get(kind, {}) if options is None else options)
    outcome = await service.create(kind, list(players), table, guild_id=GUILD, channel_id=GUILD + 1)
    return await play_out(service, outcome, pick)


async def play_out(service: Service, outcome: Outcome, pick: random.Random) -> tuple[int, int]:
    """A table played from ``outcome`` to its end with random legal actions (a tournament
    group's table too); its id and how many actions it took."""
    game = GAMES[outcome.kind]
    actions = 0
    while not outcome.finished and outcome.to_act:
        state = service.tables.get(outcome.game_id).state
        actor = pick.choice(sorted(outcome.to_act))
        legal = game.legal_actions(state, outcome.players.index(actor))
        outcome = await service.act(outcome.game_id, actor, choose(legal, pick))
        actions += 1
    await service.settle(outcome)  # folded into the history, as the bot's session does
    return outcome.game_id, actions


async def fill(store: Store, games: int, actions: int, players: int, seed: int = 32) -> Filled:
    """Play until the database holds ``games`` finished games and ``actions`` actions."""
    service, pick = Service(store), random.Random(seed)
    pool = [str(100_000 + n) for n in range(players)]
    filled, began = Filled(), time.perf_counter()
    while filled.games < games or filled.actions < actions:
        kind = KINDS[filled.games % len(KINDS)]
        low, high = SEATS[kind]
        seated = pick.sample(pool, pick.randint(low, high))
        filled.actions += (await play_one(service, kind, seated, pick))[1]
        filled.games += 1
    filled.seconds = time.perf_counter() - began
    return filled


Work = Callable[[Service, str, str, int], Awaitable[object]]
"""One command's work for a player and a game kind (and the call's number), without
Discord."""


async def statistik(service: Service, player: str, kind: str, _: int) -> object:
    """``/statistik spieler spiel``: the catch-up's reads, the sums, the card."""
    return statistics_answer(service.history, GUILD, player, kind, "de")


async def rangliste(service: Service, player: str, kind: str, _: int) -> object:
    """``/rangliste spiel``: the board, its card and its picture (drawn in the worker)."""
    return await leaderboard_answer(service, GUILD, kind, None, locale="de", mine="de")


async def fairness(service: Service, player: str, kind: str, call: int) -> object:
    """``/fairness``, in turn for the server, a player, a game, a player in a game: the
    counts, the test, the card and its histogram (drawn in the worker)."""
    who = player if call % 4 in (1, 3) else None
    which = kind if call % 4 in (2, 3) else None
    return await fairness_answer(service.history, GUILD, who, which, "de")


COMMANDS: dict[str, Work] = {
    "/statistik": statistik,
    "/rangliste": rangliste,
    "/fairness": fairness,
}


async def measure(service: Service, work: Work, calls: int, players: int) -> list[float]:
    """Seconds per call of ``work`` for random players and games (seeded)."""
    pick = random.Random(7)
    taken = []
    for call in range(calls):
        player, kind = str(100_000 + pick.randrange(players)), pick.choice(KINDS)
        began = time.perf_counter()
        await work(service, player, kind, call)
        taken.append(time.perf_counter() - began)
    return taken


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))]


def opened(database: str) -> Store:
    """The store of ``database`` (a DATABASE_URL; empty: a new SQLite file), migrated."""
    url = database or default_sqlite_url(Path(tempfile.mkdtemp()) / "history.sqlite3")
    engine = make_engine(url)
    upgrade(engine)
    return Store(engine)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history", description=__doc__)
    parser.add_argument("--database", default="")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args(argv)
    store = opened(args.database)
    filled = asyncio.run(fill(store, args.games, args.actions, args.players))
    print(f"filled: {filled.games} games, {filled.actions} actions in {filled.seconds:.0f} s")
    print(f"\n| command ({args.calls} calls) | median ms | p99 ms | slowest ms |")
    print("|---|---:|---:|---:|")
    service = Service(store)
    painter.start()  # as the bot starts it
    for name, work in COMMANDS.items():
        asyncio.run(measure(service, work, 3, args.players))  # warm: caches, the worker
        taken = asyncio.run(measure(service, work, args.calls, args.players))
        p50, p99 = percentile(taken, 50) * 1e3, percentile(taken, 99) * 1e3
        print(f"| {name} | {p50:.1f} | {p99:.1f} | {max(taken) * 1e3:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
