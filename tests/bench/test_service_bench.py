"""The service bench runs and gives both baselines (small numbers: a smoke test, no timing)."""

from __future__ import annotations

import asyncio

from bench.service_bench import service_rate


def test_both_shapes_report_against_both_baselines(db_url: str) -> None:
    for tables in (3, 0):
        rows = asyncio.run(service_rate(db_url, 24, tables=tables))
        assert [r.name.endswith("against the driver alone") for r in rows] == [False, True]
        assert all(r.value > 0 and r.baseline and r.baseline > 0 for r in rows)
        assert rows[0].value == rows[1].value  # one measurement, two baselines
