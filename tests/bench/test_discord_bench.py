"""A smoke run of the Discord-side benchmark with tiny numbers: the result rows are sane
(no timing assertions; the numbers themselves are for docs/PERFORMANCE.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.discord import (
    BenchDiscord,
    DiscordBench,
    Run,
    _port,
    croupier_world,
    markdown,
    measure,
    percentile,
    until_weiter,
)
from bot.store import default_sqlite_url
from loopback.process import start


def _sane(run: Run, labels: tuple[str, ...]) -> None:
    assert run.clicks, "no clicks at all"
    assert run.answered() == len(run.clicks)  # every click got an initial response
    assert run.callbacks == len(run.clicks)  # ... exactly one callback each
    assert run.missed == 0 and run.troubles == 0 and run.violations == []
    latencies = run.latencies(*labels)
    assert len(latencies) == sum(1 for c in run.clicks if c.label in labels)
    assert 0 < percentile(latencies, 50) <= percentile(latencies, 99) < 3


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99
    assert percentile(values, 100) == 100 and percentile([7.0], 99) == 7


async def test_a_tiny_discord_bench_gives_sane_rows(tmp_path: Path) -> None:
    settings = DiscordBench(
        latency_tables=(3,),
        latency_seconds=1.5,
        saturation_tables=(2,),
        saturation_seconds=1,
        rest_samples=30,
        restart_games=10,
        folder=tmp_path,
    )
    report = await measure(settings)

    _sane(report.latency[("bare", 3)], ("click",))
    croupier = report.latency[("croupier", 3)]
    _sane(croupier, ("weiter", "weiter (turn ends)", "begin", "nojoker", "decide", "decision"))
    assert len(croupier.clicks) >= 3  # each table clicked at least once on its timetable
    _sane(report.saturation[("bare", 2)], ("click",))
    _sane(report.saturation[("croupier", 2)], ("weiter",))

    # An ordinary weiter: one callback, and no new message (that happens when a turn ends).
    assert report.rest["weiter"]
    for calls in report.rest["weiter"]:
        assert calls.count("POST /interactions/{id}/{token}/callback") == 1
        assert "POST /channels/{id}/messages" not in calls
    assert sum(len(s) for s in report.rest.values()) == 30

    restart = report.restart
    assert restart["ok"] == 1 and restart["open games"] >= 10
    assert restart["ready"] > 0 and 0 < restart["click"] < restart["answered"]

    text = markdown(report, settings)
    assert "| 3 tables: p99 |" in text and "REST calls per weiter" in text
    assert "Croupier against the bare bot, 2 players per table" in text
    assert "| 2 tables: CPU per click, picture worker included |" in text
    assert "the bare bot's** (goal ≤ 2.5×)" in text and "| 2 tables: saturation |" in text
    assert "| 2 tables: REST calls per click |" in text
    assert "2 tables: p99 at 1 click/s" not in text  # no latency run at 2 tables
    assert "at 2 players per table; event loop: bare " in text
    assert text.count("load average (1, 5, 15 min) at start → end: ") == 1
    assert "Restart on a database with" in text


def test_rounds_of_a_load_add_up() -> None:
    first = Run(5.0, late_starts=1, missed=0, callbacks=10, bot_cpu=1.5, own_cpu=0.5)
    first.violations.append("a")
    second = Run(5.5, late_starts=2, missed=1, callbacks=12, bot_cpu=2.0, own_cpu=1.0)
    second.violations.append("b")
    first.add(second)
    assert (first.seconds, first.late_starts, first.missed, first.callbacks) == (10.5, 3, 1, 22)
    assert (first.bot_cpu, first.own_cpu, first.violations) == (3.5, 1.5, ["a", "b"])


@pytest.mark.parametrize("players", [4, 6])
async def test_a_bench_table_seats_as_many_players_as_asked(tmp_path: Path, players: int) -> None:
    fake = BenchDiscord()
    await fake.start()
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    bot = await start("croupier", _port(fake), url, log=tmp_path / "bot.log")
    try:
        await bot.wait_connected()
        await fake.wait_for_bot()
        (table,) = croupier_world(fake, 1, players=players)
        await until_weiter([table])
        live = fake.live_message(table.channel)
        assert live is not None and len(table.players) == players
        assert all(f"<@{p.id}>" in live.text() for p in table.players), live.text()
        for _ in range(3 * players):  # turns go round: each player acts
            assert (await table.step()).interaction.response_type is not None
        assert table.refused == table.stuck == 0
    finally:
        await bot.stop()
        await fake.stop()


def test_a_table_of_one_or_seven_is_refused() -> None:
    with pytest.raises(ValueError, match="seats 2 to 6"):
        croupier_world(BenchDiscord(), 1, players=7)


async def test_a_tiny_bench_with_page_load_measures_clicks_with_and_without_pages(
    tmp_path: Path,
) -> None:
    """``--web-load``: each load a third time, on the same bot, with its pages asked from
    another process meanwhile; every page asked is answered (none slowed by the limit),
    and the report puts the click's cost with pages beside the one without."""
    settings = DiscordBench(
        latency_tables=(3,),
        latency_seconds=2,
        saturation_tables=(2,),
        saturation_seconds=2,
        rest_samples=5,
        restart_games=5,
        folder=tmp_path,
        rounds=3,
        web_load=12,
    )
    report = await measure(settings)
    for what, count, labels in (("latency", 3, ("weiter",)), ("saturation", 2, ("weiter",))):
        runs = report.latency if what == "latency" else report.saturation
        _sane(runs[("croupier+web", count)], (*labels, "weiter (turn ends)", "begin",
                                              "nojoker", "decide", "decision"))  # fmt: skip
        pages = report.pages[(what, count)]
        assert pages["pages"] > 0 and pages["errors"] == 0 and pages["seconds"] > 0, pages
    text = markdown(report, settings)
    assert "The web pages in the bot's process: 12 pages/s asked meanwhile" in text
    assert "| 2 tables, saturation: bot CPU per answered click |" in text
    assert "| 3 tables, 1 click/s per table: p99 |" in text and "a page costs the bot " in text
