"""Random players (tests/helpers/curious.py): every game kind played by curious people who
press whatever they are offered; a quick run here, the long one marked ``slow``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from loopback import fake_discord, tasks_left_behind
from tests.helpers.curious import VERBS, Run, casual, curious_run, tournament

SEED = int(os.environ.get("CROUPIER_CURIOUS_SEED", "19"))
FULL = os.environ.get("CROUPIER_FULL_RUNS") == "1"
"""The long runs at their full size (10 rounds); the suite and CI run 3, sized for a slow
2-core machine (docs/RELIABILITY.md)."""


def report(run: Run) -> str:
    assert run.scan is not None
    return (
        f"curious run: {run.games} games, {run.steps} steps, {len(run.interactions)} "
        f"interactions, {run.restarts} restarts, {run.ended_by_host} ended by the host after "
        f"their step budget, {run.texts_read} texts read, {run.told} turns told, "
        f"{run.scan.checks} leak checks\n{run.coverage()}"
    )


def verdict(run: Run) -> None:
    """Everything a run checks but coverage: answers, endings, texts, leaks."""
    assert run.scan is not None
    print(report(run))
    assert run.fake.violations == []
    assert run.scan.leaks == [], run.scan.describe()
    assert run.problems == [], "\n".join(run.problems[:30])
    assert run.games == 0 or run.told > 0  # whoever came to owe a move was found told
    assert run.unknown_verbs() == [], "verbs not in VERBS: extend the list"


async def quick(tmp_path: Path, seed: int, locale: str) -> Run:
    players = 8
    async with (
        fake_discord() as fake,
        curious_run(fake, tmp_path / locale, seed, locale=locale, players=players) as run,
    ):
        for players in (5, 3, 6, 4):
            await casual(run, "verflixte6_lang", players)
        await casual(run, "verflixte6", 2)
        await casual(run, "teufel", 3)
        await casual(run, "flaschenteufel", 3)
        await casual(run, "lopaka", 2)
        await casual(run, "glitterhuis", 2)
        await casual(run, "dicedevils", 4)
        await casual(run, "dicedevils_mehr", 3)
        await tournament(run)
    assert await tasks_left_behind() == []
    return run


async def test_curious_players_in_german_english_and_french(tmp_path: Path) -> None:
    """Three servers, German, English and French, each with one player whose Discord speaks
    another language (his own messages in it): each run is checked, and together they got
    every verb through (the Finale's Freie Jokerwahl aside: the long run presses it)."""
    german = await quick(tmp_path, SEED, "de")
    verdict(german)
    english = await quick(tmp_path, SEED + 1, "en")
    verdict(english)
    french = await quick(tmp_path, SEED + 2, "fr")
    verdict(french)
    german.taken.update(english.taken)
    german.taken.update(french.taken)
    assert german.never_taken(set(VERBS)) == [], german.coverage()


@pytest.mark.slow
async def test_curious_players_play_every_game_kind_many_times(tmp_path: Path) -> None:
    rounds = int(os.environ.get("CROUPIER_CURIOUS_ROUNDS", "10" if FULL else "3"))
    async with fake_discord() as fake, curious_run(fake, tmp_path, SEED, players=10) as run:
        for _ in range(rounds):
            for players in range(2, 7):
                await casual(run, "verflixte6", players)
                await casual(run, "teufel", players)
            for players in (3, 4):
                await casual(run, "flaschenteufel", players)
            await casual(run, "lopaka", 2)
            await casual(run, "glitterhuis", 2)
            for players in range(3, 7):
                await casual(run, "dicedevils", players)
                await casual(run, "dicedevils_mehr", players)
        await tournament(run, durchgaenge=2)
    verdict(run)
    assert run.never_taken(set(VERBS)) == [] and run.taken[("v6", "pickfree")] > 0
