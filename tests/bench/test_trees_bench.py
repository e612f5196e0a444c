"""A smoke run of the checkout comparison (bench.trees) with tiny numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.trees import Tree, compare, parse_env

ROOT = Path(__file__).resolve().parents[2]


async def test_two_bots_of_this_checkout_both_answer() -> None:
    runs = await compare([ROOT, ROOT], tables=2, rounds=2, seconds=0.5)
    assert len(runs) == 2
    for run in runs:
        assert run.answered() == len(run.clicks) > 0
        assert run.troubles == 0 and run.violations == []
        assert run.bot_cpu > 0 and run.rest_calls >= run.callbacks > 0


async def test_one_checkout_under_two_settings_at_four_players() -> None:
    pytest.importorskip("uvloop")
    trees = [Tree(ROOT, parse_env("CROUPIER_UVLOOP=1")), Tree(ROOT, parse_env("-"))]
    trees[1].env["CROUPIER_UVLOOP"] = "0"
    runs = await compare(trees, tables=2, rounds=2, seconds=1.0, players=4)
    assert [tree.loop for tree in trees] == ["uvloop", "asyncio"]
    for run in runs:
        assert run.answered() == len(run.clicks) > 0
        assert run.troubles == 0 and run.violations == []


def test_settings_of_a_checkout_are_read() -> None:
    assert parse_env("A=1, B=x=y") == {"A": "1", "B": "x=y"}
    assert parse_env("-") == parse_env("") == {}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_env("A")
