"""A smoke run of the checkout comparison (bench.trees) with tiny numbers."""

from __future__ import annotations

from pathlib import Path

from bench.trees import compare

ROOT = Path(__file__).resolve().parents[2]


async def test_two_bots_of_this_checkout_both_answer() -> None:
    runs = await compare([ROOT, ROOT], tables=2, rounds=2, seconds=0.5)
    assert len(runs) == 2
    for run in runs:
        assert run.answered() == len(run.clicks) > 0
        assert run.troubles == 0 and run.violations == []
        assert run.bot_cpu > 0 and run.rest_calls >= run.callbacks > 0
