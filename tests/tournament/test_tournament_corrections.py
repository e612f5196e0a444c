"""Corrections at any time: after a round ended, after the Finale; what depended on the
corrected result is worked out again, and undoing a round already drawn needs the host's
confirmation."""

from __future__ import annotations

import copy

import pytest

from bot.engine import Action, IllegalAction
from bot.engine.rng import AuditedRng
from bot.tournament import corrections
from bot.tournament.game import SYSTEM, TournamentGame
from bot.tournament.state import FINISHED, RUNNING, Correction, Tournament
from tests.helpers.stechen_dice import Dice

GAME = TournamentGame()
RNG = AuditedRng(bytes(32), nonce="test")


def tournament_of(count: int = 8) -> Tournament:
    state, _ = GAME.setup(["host"], {}, RNG)
    for i in range(count):
        GAME.apply(state, -1, Action("register", {"actor": f"P{i}"}), RNG)
    GAME.apply(state, -1, Action("close", {"actor": "host"}), RNG)
    return state


def record(state: Tournament, number: int, points: list[int]) -> list[str]:
    """Group ``number`` of the running round ends with ``points`` in seat order (eyes =
    points); returns its players in seat order."""
    group = state.current.groups[number - 1]  # type: ignore[union-attr]
    lines = [
        {"player": p, "points": n, "eyes": n} for p, n in zip(group.players, points, strict=True)
    ]
    GAME.apply(state, -1, Action("record", {"actor": SYSTEM, "group": number, "lines": lines}), RNG)
    return list(group.players)


def correct(state: Tournament, target: str, points: int, **more: object) -> list[dict[str, object]]:
    args = {"actor": "host", "group": 1, "target": target, "points": points, "eyes": points,
            "reason": "Würfel falsch abgelesen", **more}  # fmt: skip
    return [e.to_dict() for e in GAME.apply(state, -1, Action("correct", args), RNG)]


def test_a_later_correction_that_changes_nobody_going_through_changes_only_the_table() -> None:
    state = tournament_of()
    first = record(state, 1, [12, 8, 6, 2])
    record(state, 2, [12, 8, 6, 2])
    finale = copy.deepcopy(state.current)
    events = correct(state, first[3], 7, round=1)  # 4th to 3rd: still out
    assert [e["type"] for e in events] == ["correction"]
    assert [line.player for line in state.rounds[0].groups[0].table] == [
        first[0],
        first[1],
        first[3],
        first[2],
    ]
    assert state.current == finale  # the Finale's draw stands


def test_a_correction_that_changes_who_went_through_asks_before_it_undoes_a_round() -> None:
    state = tournament_of()
    first = record(state, 1, [12, 8, 6, 2])
    record(state, 2, [12, 8, 6, 2])
    state.rounds[1].groups[0].game_id = 77  # the Finale's table is being played
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        correct(state, first[2], 10, round=1)  # 3rd becomes 2nd: goes through
    assert refused.value.key == "tour.correct_undoes"
    assert refused.value.params == {"out": first[1], "came": first[2], "rounds": "2", "games": 1}
    assert state != before  # the engine worked it out in place: the service reloads it
    state = before

    events = correct(state, first[2], 10, round=1, confirm=True)
    assert [e["type"] for e in events] == ["correction", "advancing", "undone", "round"]
    assert events[1] == {"type": "advancing", "round": 1, "out": [first[1]], "in": [first[2]]}
    assert events[2] == {"type": "undone", "rounds": [2], "games": [77]}
    assert state.status == RUNNING and len(state.rounds) == 2
    finale = state.rounds[1]
    assert finale.finale and finale.groups[0].game_id is None  # drawn anew, no table yet
    assert first[2] in finale.groups[0].players and first[1] not in finale.groups[0].players


def test_a_correction_after_the_finale_changes_the_champion() -> None:
    state = tournament_of()
    record(state, 1, [12, 8, 6, 2])
    record(state, 2, [12, 8, 6, 2])
    finalists = record(state, 1, [20, 14, 8, 2])
    assert state.status == FINISHED and state.champion == finalists[0]
    events = correct(state, finalists[1], 22)
    assert [e["type"] for e in events] == ["correction", "champion"]
    assert events[1]["player"] == finalists[1] and events[1]["before"] == finalists[0]
    assert state.champion == finalists[1] and state.status == FINISHED


def test_a_title_won_by_stechen_goes_to_the_player_a_correction_puts_ahead() -> None:
    state = tournament_of(4)
    assert state.current is not None and state.current.finale  # 4 players: the Finale at once
    finalists = record(state, 1, [9, 9, 3, 1])  # level at the top: a Stechen decided it
    assert state.current.groups[0].stechen  # type: ignore[union-attr]
    champion = state.champion
    other = finalists[1] if champion == finalists[0] else finalists[0]
    events = correct(state, other, 12)
    assert events[-1] == {"type": "champion", "player": other, "before": champion}
    assert state.champion == other


def test_a_correction_that_makes_a_tie_across_the_cut_rolls_a_stechen() -> None:
    state = tournament_of()
    first = record(state, 1, [12, 8, 6, 2])
    record(state, 2, [12, 8, 6, 2])
    fix = Correction(first[2], 8, 8, "Augen vertauscht", "host")
    events = corrections.correct(state, 1, 1, fix, Dice([1, 6]), confirmed=True)
    group = state.rounds[0].groups[0]
    assert group.stechen == [{first[1]: 1, first[2]: 6}]  # in seat order: 2nd rolls 1, 3rd 6
    assert [line.player for line in group.table][:2] == [first[0], first[2]]
    assert [e.type for e in events] == ["correction", "advancing", "undone"]
    assert first[2] in state.rounds[0].advanced and first[1] not in state.rounds[0].advanced
