"""The players' history of a big server: ``/fairness``, ``/statistik`` and ``/rangliste`` on
20,000 finished games (issue 44). Their reads must not grow with the server's games.

    python -m bench.history_size [--database URL] [--games 20000] [--players 200]
                                     [--calls 300]

The database is seeded quickly, not by playing: the games' rows (finished, every one
folded) and what their folds keep are inserted in bulk. The results, places drawn at
random from a seeded generator, seated from a pool of players; the draw tallies of every
game (dice for the dice games, a hand of card faces for the card games) with the face
totals summed from them; the players' measures; the ratings recomputed from the results
by the fold's own :func:`~bot.history.skill_ratings.recompute`, all time and in a season
that started three quarters of the way. The games' event logs are left out: no command
reads them. Then each command runs ``--calls`` times for random players and games, its
reads alone (the catch-up's check included) and its whole work without Discord (the reads,
the card, its picture; :mod:`bench.history`), and the medians and 99th percentiles are
printed as a markdown table. Without ``--database`` a temporary SQLite file is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import delete, func, insert, text
from sqlmodel import Session, SQLModel, col, select

from bench.history import COMMANDS, GUILD, KINDS, SEATS, Work, opened, percentile
from bot.history.measures import measures
from bot.history.skill_ratings import recompute
from bot.render.drawn import painter
from bot.service import Service
from bot.store import (
    DrawTally,
    FaceTotal,
    GameResult,
    GameRow,
    HistoryGuild,
    PlayerMeasure,
    Season,
    Store,
    UnfoldedGame,
)
from bot.store.history_rows import ALL_PLAYERS

BEGAN = datetime(2026, 1, 1, tzinfo=UTC)
CHUNK = 5_000
"""Rows per bulk insert."""
DICE = {"verflixte6", "dicedevils"}
CARDS = 60
"""Faces of a card game's draws (a deck's cards, as the fairness report counts them)."""


def placed(pick: random.Random, players: Sequence[str]) -> dict[str, int]:
    """Places 1..n in random order (a tie now and then)."""
    places = {
        player: number + 1 for number, player in enumerate(pick.sample(players, len(players)))
    }
    if pick.random() < 0.1:
        first, second = sorted(places, key=places.__getitem__)[:2]
        places[second] = places[first]
    return places


def drawn(pick: random.Random, kind: str, players: Sequence[str]) -> Counter[tuple[str, int, int]]:
    """(who drew, sides, face) -> count of one game: dice by every player and the system,
    or a dealt hand of cards."""
    counted: Counter[tuple[str, int, int]] = Counter()
    if kind in DICE:
        for player in [*players, ""]:
            for _ in range(pick.randint(20, 40)):
                counted[player, 6, pick.randint(1, 6)] += 1
    else:
        for face in pick.sample(range(1, CARDS + 1), 8 * len(players)):
            counted[pick.choice([*players, ""]), CARDS, face] += 1
    return counted


def chunked(session: Session, model: type[SQLModel], rows: Iterable[dict[str, Any]]) -> int:
    """Insert ``rows`` into ``model``'s table in chunks; how many."""
    table = model.__table__  # type: ignore[attr-defined]
    batch: list[dict[str, Any]] = []
    count = 0
    for row in rows:
        batch.append(row)
        if len(batch) == CHUNK:
            session.execute(insert(table), batch)
            count, batch = count + len(batch), []
    if batch:
        session.execute(insert(table), batch)
    return count + len(batch)


def seed(store: Store, games: int, players: int, seed: int = 44) -> dict[str, int]:
    """``games`` folded games of :data:`GUILD` in bulk; rows per table."""
    pick = random.Random(seed)
    pool = [str(100_000 + n) for n in range(players)]
    game_rows, results, tallies = [], [], []
    totals: Counter[tuple[str, str, int, int]] = Counter()
    sums: Counter[tuple[str, str, str]] = Counter()
    with store._session() as session, session.begin():
        first = (session.exec(select(func.max(GameRow.id))).one() or 0) + 1
        for number in range(games):
            game_id, kind = first + number, KINDS[number % len(KINDS)]
            seated = pick.sample(pool, pick.randint(*SEATS[kind]))
            at = BEGAN + timedelta(minutes=10 * number)
            places = placed(pick, seated)
            game_rows.append({
                "id": game_id, "kind": kind, "guild_id": GUILD, "status": "finished",
                "version": 1, "announced": 1, "players": seated, "options": {}, "snapshot": {},
                "snapshot_version": 1, "seed": "ab" * 32, "seed_hash": "cd" * 32,
                "rng_counter": 0, "head_hash": "", "locale": "de", "created_at": at,
                "updated_at": at,
            })  # fmt: skip
            results.append({
                "game_id": game_id, "guild_id": GUILD, "kind": kind, "finished_at": at,
                "players": seated, "places": places, "rated": True,
            })  # fmt: skip
            for (player, sides, face), count in sorted(drawn(pick, kind, seated).items()):
                tallies.append({
                    "game_id": game_id, "player": player, "sides": sides, "face": face,
                    "count": count, "guild_id": GUILD, "kind": kind,
                })  # fmt: skip
                totals[player, kind, sides, face] += count
                totals[ALL_PLAYERS, kind, sides, face] += count
            for player, values in measures(kind, [], places).items():
                for name, value in values.items():
                    sums[player, kind, name] += value
        counted = {
            "games": chunked(session, GameRow, game_rows),
            "game_results": chunked(session, GameResult, results),
            "draw_tallies": chunked(session, DrawTally, tallies),
            "face_totals": chunked(session, FaceTotal, (
                {"guild_id": GUILD, "player": p, "kind": k, "sides": s, "face": f, "count": c}
                for (p, k, s, f), c in totals.items()
            )),
            "player_measures": chunked(session, PlayerMeasure, (
                {"guild_id": GUILD, "player": p, "kind": k, "measure": m, "value": v}
                for (p, k, m), v in sums.items()
            )),
        }  # fmt: skip
        session.execute(delete(UnfoldedGame))  # the triggers noted them: all are folded
        session.add(HistoryGuild(guild_id=GUILD, folded=games))
        season = Season(
            guild_id=GUILD, name="Bench", started_at=BEGAN + timedelta(minutes=7.5 * games)
        )
        session.add(season)
        session.flush()
        assert season.id is not None
        rated = 0
        for kind in KINDS:
            for table in (0, season.id):
                rated += len(recompute(session, GUILD, kind, table))
        counted["ratings"] = rated
    if store.engine.dialect.name == "postgresql":  # as autovacuum would have by then
        settled = store.engine.execution_options(isolation_level="AUTOCOMMIT")
        with settled.connect() as connection:
            for name in ("games", "game_results", "draw_tallies", "face_totals", "ratings"):
                connection.execute(text(f"VACUUM ANALYZE {name}"))
    return counted


def check(store: Store) -> str:
    """The seeded totals are the tallies' sums, and nothing is left to fold; what summing
    the server's tallies costs (``/fairness``'s read before issue 44), median of 10."""
    service = Service(store)
    assert service.history.caught_up() == 0
    query = (
        select(DrawTally.sides, DrawTally.face, func.sum(DrawTally.count))
        .where(col(DrawTally.guild_id) == GUILD)
        .group_by(col(DrawTally.sides), col(DrawTally.face))
    )
    taken = []
    for _ in range(10):
        began = time.perf_counter()
        with store._session() as session:
            summed = {(s, f): int(c) for s, f, c in session.exec(query)}
        taken.append(time.perf_counter() - began)
    assert service.history.face_counts(GUILD) == summed
    return f"{percentile(taken, 50) * 1e3:.0f} ms"


Read = Callable[[Service, str, str, int], object]


def statistik_reads(service: Service, player: str, kind: str, _: int) -> object:
    """``/statistik``'s reads: the catch-up's check and the player's sums."""
    return service.history.measures(GUILD, player)


def rangliste_reads(service: Service, player: str, kind: str, _: int) -> object:
    """``/rangliste``'s reads: the catch-up's check, the default game, the seasons, the
    board of the running season."""
    service.history.caught_up()
    boards = service.history.boards()
    boards.default_kind(GUILD)
    seasons = boards.seasons(GUILD)
    return boards.board(GUILD, kind, seasons[-1] if seasons else None)


def fairness_reads(service: Service, player: str, kind: str, call: int) -> object:
    """``/fairness``'s reads (the catch-up's check and the counts), in turn for the server,
    a player, a game, a player in a game."""
    who = player if call % 4 in (1, 3) else None
    which = kind if call % 4 in (2, 3) else None
    return service.history.face_counts(GUILD, player=who, kind=which)


READS: dict[str, Read] = {
    "/statistik": statistik_reads,
    "/rangliste": rangliste_reads,
    "/fairness": fairness_reads,
}


def timed(calls: int, players: int, one: Callable[[str, str, int], object]) -> list[float]:
    """Seconds per call for random players and games (seeded)."""
    pick = random.Random(7)
    taken = []
    for call in range(calls):
        player, kind = str(100_000 + pick.randrange(players)), pick.choice(KINDS)
        began = time.perf_counter()
        one(player, kind, call)
        taken.append(time.perf_counter() - began)
    return taken


def whole(work: Work, service: Service, player: str, kind: str, call: int) -> object:
    """A command's whole work without Discord (:mod:`bench.history`), to its end."""

    async def done() -> object:
        return await work(service, player, kind, call)

    return asyncio.run(done())


def timing(args: argparse.Namespace, one: Callable[[str, str, int], object]) -> str:
    """``one`` warmed up, then timed ``--calls`` times: its table cells."""
    timed(3, args.players, one)  # warm: caches, the picture worker
    taken = timed(args.calls, args.players, one)
    p50, p99 = percentile(taken, 50) * 1e3, percentile(taken, 99) * 1e3
    return f"{p50:.1f} | {p99:.1f} | {max(taken) * 1e3:.1f}"


def late_fold(store: Store, calls: int = 5) -> str:
    """What a late fold adds (a game caught up after later games of its players): its
    game's tables recomputed, all time and the season (rolled back); median and slowest."""
    taken = []
    for _ in range(calls):
        with store._session() as session, session.begin():
            seasons = [s.id for s in session.exec(select(Season)) if s.id is not None]
            began = time.perf_counter()
            for table in (0, *seasons):
                recompute(session, GUILD, KINDS[0], table)
            taken.append(time.perf_counter() - began)
            session.rollback()
    return f"{percentile(taken, 50) * 1e3:.0f} ms median, {max(taken) * 1e3:.0f} ms slowest"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history_size", description=__doc__)
    parser.add_argument("--database", default="")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args(argv)
    store = opened(args.database)
    began = time.perf_counter()
    rows = seed(store, args.games, args.players)
    print(f"seeded in {time.perf_counter() - began:.0f} s: " + ", ".join(
        f"{table} {count:,}" for table, count in rows.items()
    ))  # fmt: skip
    print(f"the server's draw tallies summed, as /fairness read them before: {check(store)}")
    print(f"a late fold recomputes its game's tables ({KINDS[0]}): {late_fold(store)}")
    service = Service(store)
    print(f"\n| command ({args.calls} calls) | what | median ms | p99 ms | slowest ms |")
    print("|---|---|---:|---:|---:|")
    lines = {}
    for name, reads in READS.items():  # before the picture worker starts (it takes a core)
        lines[name, "reads"] = timing(args, partial(reads, service))
    painter.start()  # as the bot starts it
    for name, work in COMMANDS.items():
        lines[name, "whole"] = timing(args, partial(whole, work, service))
    for name in READS:
        for what in ("reads", "whole"):
            print(f"| {name} | {what} | {lines[name, what]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
