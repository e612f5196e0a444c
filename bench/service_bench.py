"""The service alone: actions/s with a durable commit against a bare insert-plus-update on
the same database, cost growth along one long game, and reloading many open games."""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
import tracemalloc
from dataclasses import dataclass

from sqlalchemy import Engine, text

from bot.engine import Action
from bot.service import Outcome, Service
from bot.store import Store, make_engine, upgrade
from bot.store.checkpoints import checkpoint, take_over


@dataclass
class Row:
    name: str
    value: float
    unit: str
    baseline: float | None = None
    note: str = ""


def _fresh(url: str) -> tuple[Engine, Store]:
    engine = make_engine(url)
    upgrade(engine)
    return engine, Store(engine)


async def _stopp_game(service: Service, durchgaenge: int) -> Outcome:
    return await service.create("verflixte6", ["1", "2"], {"durchgaenge": durchgaenge})


async def _one_turn(service: Service, table: Outcome) -> Outcome:
    """Two actions of the player to act at ``table`` (its last outcome): the joker choice
    (with the Freiwurf) and stopp. The outcome of the second."""
    game_id, player = table.game_id, table.to_act[0]
    await service.act(game_id, player, Action("jokers", {"jokers": []}))
    return await service.act(game_id, player, Action("stopp"))


def _bench_tables(engine: Engine) -> None:
    rows = "bench_rows (id INTEGER PRIMARY KEY, v INTEGER, body TEXT)"
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE IF NOT EXISTS {rows}"))
        conn.execute(
            text("CREATE TABLE IF NOT EXISTS bench_events (id INTEGER PRIMARY KEY, body TEXT)")
        )
        conn.execute(text("DELETE FROM bench_rows"))
        conn.execute(text("DELETE FROM bench_events"))
        conn.execute(
            text("INSERT INTO bench_rows (id, v, body) VALUES (1, 0, :b)"), {"b": "x" * 1500}
        )


def bare_rate(engine: Engine, n: int) -> float:
    """Transactions/s of the same shape without Croupier, written the usual SQLAlchemy way
    (a pooled connection per transaction, ``Connection.execute``): insert an event, update
    a row. The goal is read against this baseline, as the bare bot is discord.py used the
    usual way."""
    _bench_tables(engine)
    start = time.perf_counter()
    for i in range(n):
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO bench_events (id, body) VALUES (:i, :b)"),
                {"i": i + 1, "b": "y" * 300},
            )
            conn.execute(
                text("UPDATE bench_rows SET v = v + 1, body = :b WHERE id = 1 AND v = :v"),
                {"b": "x" * 1500, "v": i},
            )
    return n / (time.perf_counter() - start)


def driver_rate(engine: Engine, n: int) -> float:
    """The same transactions on one kept driver connection, without SQLAlchemy: what the
    database itself costs. Croupier's own writes (bot.store.kept, bot.store.prepared) skip
    most of what the usual way costs, so this row shows what its other work costs."""
    _bench_tables(engine)
    mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
    insert = f"INSERT INTO bench_events (id, body) VALUES ({mark}, {mark})"
    update = f"UPDATE bench_rows SET v = v + 1, body = {mark} WHERE id = 1 AND v = {mark}"
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        start = time.perf_counter()
        for i in range(n):
            cursor.execute(insert, (i + 1, "y" * 300))
            cursor.execute(update, ("x" * 1500, i))
            raw.commit()
        elapsed = time.perf_counter() - start
        cursor.close()
    finally:
        raw.close()
    return n / elapsed


async def service_rate(url: str, actions: int, tables: int = 0) -> list[Row]:
    """Actions/s against the bare rate on the same database. ``tables`` > 0: that many
    games of a Spielabend's length (two players, three Durchgänge, a new game where one
    ends) take turns, as tables on a server do; 0: one game of ``actions`` Durchgänge,
    whose growing list of results is stored at every checkpoint."""
    engine, store = _fresh(url)
    service = Service(store)
    durchgaenge = 3 if tables else actions
    games = [await _stopp_game(service, durchgaenge) for _ in range(tables or 1)]
    start = time.perf_counter()
    for turn in range(actions // 2):
        table = games[turn % len(games)]
        if not table.to_act:  # over: the table starts the next game
            table = await _stopp_game(service, durchgaenge)
        games[turn % len(games)] = await _one_turn(service, table)
    rate = actions / (time.perf_counter() - start)
    base, driver = bare_rate(engine, actions), driver_rate(engine, actions)
    engine.dispose()
    shape = (
        f"{tables} tables of 3-Durchgang games" if tables else f"one game of {actions} Durchgänge"
    )
    name = f"service actions/s, {shape}"
    return [
        Row(name, rate, "actions/s", base, "engine + durable commit vs bare insert+update"),
        Row(f"{name}, against the driver alone", rate, "actions/s", driver,
            "the same transactions on a kept driver connection, without SQLAlchemy"),
    ]  # fmt: skip


async def cost_growth(url: str, early: int = 10, late: int = 5000, sample: int = 160) -> Row:
    """Mean time of a turn's actions from the ``early``-th and from the ``late``-th event
    on, ``sample`` turns each: at event 5,000 a checkpoint comes every 312th action, so the
    320 actions of the window hold one (a window of 100 actions held none or one of the
    checkpoints then due every 156th action: 0.9-1.6 ×).

    The two windows are played side by side, turn for turn in alternating order, by a game
    at its ``late``-th event and a game of the same length at its ``early``-th: a machine
    slowing down meanwhile slows both alike (measured one after the other, five runs on the
    same tree gave 0.73-1.25 ×). As in the bot, SQLite's log is not checkpointed inside a
    commit (:func:`bot.store.checkpoints.take_over`): such a commit copies and syncs the log
    and took 10-50 ms, in whichever window it fell; the log is checkpointed before the
    windows instead."""
    engine, store = _fresh(url)
    wal = take_over(engine)
    service = Service(store)
    games = {}
    for mark in (late, early):
        game, done = await _stopp_game(service, late), 1
        while done < mark:
            game, done = await _one_turn(service, game), done + 2
        games[mark] = game
    if wal is not None:
        checkpoint(wal)
    gc.collect()
    times: dict[int, list[float]] = {early: [], late: []}
    for turn in range(sample):
        for mark in (early, late) if turn % 2 == 0 else (late, early):
            start = time.perf_counter()
            games[mark] = await _one_turn(service, games[mark])
            times[mark].append((time.perf_counter() - start) / 2)
    engine.dispose()
    ratio = statistics.mean(times[late]) / statistics.mean(times[early])
    return Row(f"cost at event {late} / event {early}", ratio, "×", None, "one long game")


async def restart(url: str, games: int = 1000) -> list[Row]:
    engine, store = _fresh(url)
    service = Service(store)
    for i in range(games):
        await service.create("verflixte6", [str(2 * i), str(2 * i + 1)], {"durchgaenge": 3})
    tracemalloc.start()
    start = time.perf_counter()
    fresh = Service(Store(engine))
    loaded = fresh.tables.load_open_games()
    spent = time.perf_counter() - start
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    engine.dispose()
    return [
        Row(f"reload {loaded} open games", spent, "s"),
        Row("memory per open game", size / max(loaded, 1) / 1024, "KiB"),
    ]


def run(url: str, actions: int) -> list[Row]:
    async def all_of_them() -> list[Row]:
        rows = await service_rate(url, actions, tables=200) + await service_rate(url, actions)
        rows.append(await cost_growth(url))
        return rows + await restart(url)

    return asyncio.run(all_of_them())


def markdown(title: str, rows: list[Row]) -> str:
    lines = [
        f"### {title}",
        "",
        "| measure | Croupier | baseline | ratio | note |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        base = f"{row.baseline:,.0f} {row.unit}" if row.baseline else "–"
        ratio = f"{row.value / row.baseline:.0%}" if row.baseline else "–"
        lines.append(
            f"| {row.name} | {row.value:,.2f} {row.unit} | {base} | {ratio} | {row.note} |"
        )
    return "\n".join(lines) + "\n"
