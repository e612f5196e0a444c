"""The history's fold of a finished game, in the bot's CPU (issue 45): games of Die
verflixte 6 (four Durchgänge) at two seats on one server, as the click bench plays them,
each folded into the players' history right after its end as the bot folds it
(:func:`bot.history.keeping.fold_game`); the fold's CPU time (``time.process_time``: the
bot's own, not the database server's) is taken per game.

    python -m bench.fold [--database URL] [--games 300] [--players 100] [--warm 20]

The players are drawn from a pool, so that ratings and measures are updated rather than
only inserted. The first ``--warm`` folds (statement caches, the first ratings) are left
out. Without ``--database`` a temporary SQLite file is measured; a PostgreSQL URL gets a
fresh schema of its own, dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bench.history import play_one
from bot.history.keeping import fold_game
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, normalize_url, upgrade

KIND = "verflixte6"
OPTIONS = {"durchgaenge": 4}
"""The click bench's tables (bench.discord)."""


async def folds(store: Store, games: int, players: int, seed: int = 45) -> list[tuple[float, int]]:
    """CPU seconds of each game's fold and the game's actions, in the order played."""
    service, pick = Service(store), random.Random(seed)
    service.finished_listeners = []  # folded here, timed
    pool = [str(200_000 + n) for n in range(players)]
    taken = []
    for _ in range(games):
        game_id, actions = await play_one(service, KIND, pick.sample(pool, 2), pick, OPTIONS)
        began = time.process_time()
        assert fold_game(store, game_id)
        taken.append((time.process_time() - began, actions))
    return taken


@contextlib.contextmanager
def database(url: str) -> Iterator[str]:
    """A migrated empty database: a new SQLite file, or a fresh schema on PostgreSQL."""
    if not url:
        yield default_sqlite_url(Path(tempfile.mkdtemp()) / "fold.sqlite3")
        return
    url = normalize_url(url)
    if not url.startswith("postgresql"):
        yield url
        return
    schema = f"bench_fold_{secrets.token_hex(4)}"
    admin = create_engine(url, poolclass=NullPool)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield scoped.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fold", description=__doc__)
    parser.add_argument("--database", default="")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--warm", type=int, default=20)
    args = parser.parse_args(argv)
    with database(args.database) as url:
        engine = make_engine(url)
        upgrade(engine)
        store = Store(engine)
        try:
            played = asyncio.run(folds(store, args.games + args.warm, args.players))[args.warm :]
        finally:
            store.close()
            engine.dispose()
    name = make_url(url).get_backend_name()
    taken = [seconds for seconds, _ in played]
    mean, median = statistics.fmean(taken) * 1e6, statistics.median(taken) * 1e6
    actions = statistics.fmean(actions for _, actions in played)
    print(
        f"{name}: {len(taken)} folds, CPU per fold mean {mean:.0f} µs, median {median:.0f} µs;"
        f" {actions:.1f} actions per game, {mean / actions:.0f} µs of fold per action"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
