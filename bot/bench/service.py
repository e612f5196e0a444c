"""The service alone: actions/s with a durable commit against a bare insert-plus-update on
the same database, cost growth along one long game, and reloading many open games."""

from __future__ import annotations

import asyncio
import statistics
import time
import tracemalloc
from dataclasses import dataclass

from sqlalchemy import Engine, text

from bot.engine import Action
from bot.service import Service
from bot.store import Store, make_engine, upgrade


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


async def _stopp_game(service: Service, players: list[str], durchgaenge: int) -> int:
    outcome = await service.create("verflixte6", players, {"durchgaenge": durchgaenge})
    return outcome.game_id


async def _one_turn(service: Service, game_id: int) -> None:
    """Two actions: the joker choice (with the Freiwurf) and stopp."""
    player = service.current(game_id).to_act[0]
    await service.act(game_id, player, Action("jokers", {"jokers": []}))
    await service.act(game_id, player, Action("stopp"))


def bare_rate(engine: Engine, n: int) -> float:
    """Transactions/s of the same shape without Croupier: insert an event, update a row."""
    rows = "bench_rows (id INTEGER PRIMARY KEY, v INTEGER, body TEXT)"
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE IF NOT EXISTS {rows}"))
        conn.execute(
            text("CREATE TABLE IF NOT EXISTS bench_events (id INTEGER PRIMARY KEY, body TEXT)")
        )
        conn.execute(text("DELETE FROM bench_rows"))
        conn.execute(
            text("INSERT INTO bench_rows (id, v, body) VALUES (1, 0, :b)"), {"b": "x" * 1500}
        )
    start = time.perf_counter()
    for i in range(n):
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO bench_events (id, body) VALUES (:i, :b)"),
                {"i": i + 1 + n * 7, "b": "y" * 300},
            )
            conn.execute(
                text("UPDATE bench_rows SET v = v + 1, body = :b WHERE id = 1 AND v = :v"),
                {"b": "x" * 1500, "v": i},
            )
    return n / (time.perf_counter() - start)


async def service_rate(url: str, actions: int) -> Row:
    engine, store = _fresh(url)
    service = Service(store)
    game = await _stopp_game(service, ["1", "2"], actions)
    start = time.perf_counter()
    for _ in range(actions // 2):
        await _one_turn(service, game)
    rate = actions / (time.perf_counter() - start)
    base = bare_rate(engine, actions)
    engine.dispose()
    return Row(
        "service actions/s",
        rate,
        "actions/s",
        base,
        "engine + durable commit vs bare insert+update",
    )


async def cost_growth(url: str, early: int = 10, late: int = 5000, sample: int = 50) -> Row:
    """Mean time of a turn's actions near the ``early``-th and the ``late``-th event."""
    engine, store = _fresh(url)
    service = Service(store)
    game = await _stopp_game(service, ["1", "2"], late)
    times: dict[int, list[float]] = {early: [], late: []}
    done = 1
    while done < late + sample * 2:
        start = time.perf_counter()
        await _one_turn(service, game)
        spent = (time.perf_counter() - start) / 2
        done += 2
        for mark, spent_there in times.items():
            if mark <= done < mark + sample * 2:
                spent_there.append(spent)
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
    loaded = fresh.load_open_games()
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
        rows = [await service_rate(url, actions), await cost_growth(url)]
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
