"""A smoke run of the several-processes benchmark (bench.shards_bench) with tiny numbers: both
configurations answer clicks on both shards, and the report has its rows (no timings)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from bench.discord import Run
from bench.shards_bench import CONFIGS, ONE, TWO, ShardBench, answered_by_process, measure, turns
from bench.shards_bench import markdown as shards_markdown
from bot.store import normalize_url

POSTGRES_ENV = "CROUPIER_TEST_POSTGRES_URL"


def test_the_configurations_take_turns_to_cancel_drift() -> None:
    assert turns(2) == [ONE, TWO, TWO, ONE]
    assert turns(3) == [ONE, TWO, TWO, ONE, ONE, TWO]


def test_each_process_cpu_adds_up_over_rounds() -> None:
    first = Run(1.0, process_cpu=[1.0, 2.0])
    first.add(Run(1.0, process_cpu=[0.5, 0.25]))
    assert first.process_cpu == [1.5, 2.25]
    empty = Run(0.0)
    empty.add(Run(1.0, process_cpu=[3.0]))
    assert empty.process_cpu == [3.0]


@pytest.mark.postgres
async def test_a_tiny_shards_bench_answers_in_both_configurations(tmp_path: Path) -> None:
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} not set")
    settings = ShardBench(server, tables=4, servers=2, seconds=2, open_seconds=1, rounds=1,
                          warmup=0.5, folder=tmp_path / "first")  # fmt: skip
    report = await measure(settings)
    if any(run.troubles for found in report.measured.values()
           for run in (found.saturation, found.light)):  # fmt: skip
        # A table not updated within the bench's 5 s happens when the whole suite loads the
        # two cores (seen twice in about ten runs, never alone): measured once more, the
        # second must be clean.
        print("tiny shards bench: a table stuck under load; measuring again")
        settings = replace(settings, folder=tmp_path / "again")
        report = await measure(settings)

    for config in CONFIGS:
        found = report.measured[config.name]
        assert found.starts == 1
        for run in (found.saturation, found.light):
            assert run.clicks and run.answered() == len(run.clicks)
            assert run.troubles == 0 and run.violations == []
        saturation = found.saturation
        assert len(saturation.process_cpu) == len(config.ranges)
        assert all(cpu > 0 for cpu in saturation.process_cpu)
        assert all(n > 0 for n in answered_by_process(saturation, config))  # every process
        assert found.database_cpu > 0

    text_ = shards_markdown(report)
    assert "| 1 process (shards 0-1 of 2) |" in text_
    assert "| 2 processes (shards 0, 1 of 2) |" in text_
    assert "| 2 processes | 1 | 1 |" in text_ and "Open loop" in text_

    admin = create_engine(normalize_url(server), poolclass=NullPool)
    try:
        with admin.connect() as conn:
            left = conn.execute(
                text("SELECT 1 FROM information_schema.schemata WHERE schema_name = :s"),
                {"s": report.schema},
            ).first()
    finally:
        admin.dispose()
    assert left is None  # the run's schema was dropped
