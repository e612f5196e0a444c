"""The fairness report counts the logged draws: games of every kind played through the
service on two servers, folded into ``draw_tallies``, and the report's sums held against
counts this test makes from ``store.events`` itself (a server, a player, a game)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.audit.dice_fairness import Verdict, report
from bot.engine.rng import AuditedRng, Draw, derive
from bot.history.face_counts import face_counts
from bot.service import Service
from bot.store import Store
from tests.history.fairness_games import logged_counts, seeded
from tests.history.playing import play_game

HOME, AWAY = 41, 42
KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("verflixte6", 3, {"durchgaenge": 1}),
    ("teufel", 3, {}),
    ("flaschenteufel", 3, {"hands": 1}),
    ("dicedevils", 3, {}),
]


async def played(store: Store, service: Service) -> dict[int, list[int]]:
    """Two games of each kind at home, one away (players "1" to "4" in turn), each folded
    by the service when it ends. Game ids by server."""
    games: dict[int, list[int]] = {HOME: [], AWAY: []}
    seed = 0
    for kind, seats, options in KINDS:
        for guild in (HOME, HOME, AWAY):
            seed += 1
            players = [str((seed + i) % 4 + 1) for i in range(seats)]
            played = await play_game(service, kind, players, options, seed=seed, guild_id=guild)
            games[guild].append(played.game_id)
    return games


async def test_the_counts_are_the_logged_draws(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, "counts")
    games = await played(store, Service(store))
    home = logged_counts(store, games[HOME])
    assert sum(home.values()) > 100 and len({sides for sides, _ in home}) > 3
    assert face_counts(store, HOME) == home
    assert face_counts(store, AWAY) == logged_counts(store, games[AWAY])
    for player in ("1", "2", ""):
        assert face_counts(store, HOME, player=player) == logged_counts(
            store, games[HOME], player
        ), player
    for index, (kind, _, _) in enumerate(KINDS):
        mine = games[HOME][2 * index : 2 * index + 2]
        assert face_counts(store, HOME, kind=kind) == logged_counts(store, mine), kind
    v6 = games[HOME][:2]
    assert face_counts(store, HOME, player="2", kind="verflixte6") == logged_counts(store, v6, "2")
    assert face_counts(store, 99) == {}


class NoOne(AuditedRng):
    """A die that never shows a 1: the audited draw of 1..5, plus one."""

    def _next(self, sides: int) -> Draw:
        if sides != 6:
            return super()._next(sides)
        n = self.counter
        self.counter += 1
        return Draw(n, sides, derive(self.seed, n, self.nonce, 5) + 1, self.nonce)


async def v6_evenings(store: Store, service: Service, games: int) -> None:
    for seed in range(games):
        players = ["1", "2", "3"]
        options = {"durchgaenge": 2}
        await play_game(service, "verflixte6", players, options, seed=seed, guild_id=HOME)


async def test_played_games_with_a_die_that_never_shows_a_one_alarm(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, "no-one")
    await v6_evenings(store, Service(store, rng_factory=NoOne), 15)
    shown = report(face_counts(store, HOME))
    assert shown.test is not None and shown.faces[0].count == 0
    assert shown.test.verdict is Verdict.ALARM, shown.test


async def test_the_same_games_with_the_audited_die_do_not_alarm(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, "no-one")
    await v6_evenings(store, Service(store), 15)
    shown = report(face_counts(store, HOME))
    assert shown.test is not None and shown.test.verdict is Verdict.FINE, shown.test
