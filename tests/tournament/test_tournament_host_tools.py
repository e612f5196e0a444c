"""Host tools on a tournament: withdraw, correct a result (table recomputed), advance by hand."""

from __future__ import annotations

import copy

import pytest

from bot.engine import Action, FixedRng, IllegalAction
from bot.engine.rng import AuditedRng
from bot.tournament import corrections, rules
from bot.tournament.game import SYSTEM, TournamentGame
from bot.tournament.state import Correction, Line, Tournament

GAME = TournamentGame()


def running(count: int = 8, **options: int) -> Tournament:
    tournament = Tournament("T", "host", **options)
    for i in range(count):
        rules.register(tournament, f"P{i}")
    rules.close_registration(tournament, AuditedRng(bytes(32)))
    return tournament


def record(tournament: Tournament, number: int, points: list[int]) -> None:
    group = tournament.current.groups[number - 1]  # type: ignore[union-attr]
    lines = [Line(p, pts, pts) for p, pts in zip(group.players, points, strict=True)]
    rules.record_group(tournament, number, lines, AuditedRng(bytes(32), nonce="r"))


def test_a_correction_reorders_the_group_and_is_kept() -> None:
    tournament = running()
    record(tournament, 1, [12, 8, 6, 2])
    group = tournament.current.groups[0]  # type: ignore[union-attr]
    third = group.players[2]
    fix = Correction(third, 10, 10, "Würfel falsch abgelesen", "host")
    corrections.correct(tournament, None, 1, fix, FixedRng([]))
    assert [line.player for line in group.table][:2] == [group.players[0], third]
    assert group.corrections == [fix]


def test_a_correction_needs_a_finished_group_the_player_played_in() -> None:
    tournament = running()
    before = copy.deepcopy(tournament)
    first, second = tournament.current.groups  # type: ignore[union-attr]
    fix = Correction(first.players[0], 1, 1, "", "host")
    with pytest.raises(IllegalAction, match=r"tour\.group_not_done"):
        corrections.correct(tournament, None, 1, fix, FixedRng([]))
    record(tournament, 1, [12, 8, 6, 2])
    before = copy.deepcopy(tournament)
    stranger = Correction(second.players[0], 1, 1, "", "host")
    with pytest.raises(IllegalAction, match=r"tour\.never_played"):
        corrections.correct(tournament, None, 1, stranger, FixedRng([]))
    negative = Correction(first.players[0], 1, -3, "", "host")
    with pytest.raises(IllegalAction, match=r"tour\.bad_correction"):
        corrections.correct(tournament, None, 1, negative, FixedRng([]))
    with pytest.raises(IllegalAction, match=r"tour\.no_such_round"):
        corrections.correct(tournament, 2, 1, fix, FixedRng([]))
    assert tournament == before


def test_withdrawn_players_do_not_advance_and_by_hand_ones_do() -> None:
    tournament = running()
    first = tournament.current
    assert first is not None
    leader = first.groups[0].players[0]
    lucky = first.groups[1].players[3]
    rules.withdraw(tournament, leader)
    rules.advance_by_hand(tournament, lucky)
    record(tournament, 1, [12, 8, 6, 2])
    record(tournament, 2, [12, 8, 6, 2])
    assert leader not in first.advanced
    assert lucky in first.advanced


def test_only_the_host_corrects_but_anyone_withdraws_himself() -> None:
    rng = AuditedRng(bytes(32))
    state, _ = GAME.setup(["host"], {}, rng)
    for player in ["A", "B", "C"]:
        GAME.apply(state, -1, Action("register", {"actor": player}), rng)
    GAME.apply(state, -1, Action("withdraw", {"actor": "C", "target": "C"}), rng)
    assert state.registered == ["A", "B"]
    with pytest.raises(IllegalAction, match=r"tour\.host_only"):
        GAME.apply(state, -1, Action("withdraw", {"actor": "A", "target": "B"}), rng)
    GAME.apply(state, -1, Action("close", {"actor": "host"}), rng)
    group = state.current.groups[0]  # type: ignore[union-attr]
    lines = [{"player": p, "points": 6 - i, "eyes": 6 - i} for i, p in enumerate(group.players)]
    GAME.apply(state, -1, Action("record", {"actor": SYSTEM, "group": 1, "lines": lines}), rng)
    assert state.status == "finished"
    with pytest.raises(IllegalAction, match=r"tour\.bad_correction"):  # no points, no eyes
        GAME.apply(state, -1, Action("correct", {"actor": "host", "group": 1, "target": "A"}), rng)


def test_scheduling_refuses_the_past_and_reminds_once_within_the_hour() -> None:
    from datetime import timedelta

    tournament = running()
    now = "2026-11-22T12:00:00+00:00"
    with pytest.raises(IllegalAction, match=r"tour\.past"):
        rules.schedule(tournament, 1, "2026-11-22T11:00:00+00:00", now)
    with pytest.raises(IllegalAction, match=r"tour\.past"):
        rules.schedule(tournament, 1, "2026-11-30T19:00:00", now)  # no time zone
    with pytest.raises(IllegalAction, match=r"tour\.bad_time"):
        rules.schedule(tournament, 1, "Freitag", now)
    rules.schedule(tournament, 1, "2026-11-22T18:00:00+00:00", now)
    hour = timedelta(hours=1)
    assert rules.reminders_due(GAME.view(tournament, None), "2026-11-22T16:30:00+00:00", hour) == []
    due = rules.reminders_due(GAME.view(tournament, None), "2026-11-22T17:15:00+00:00", hour)
    assert [g["number"] for g in due] == [1]
    tournament.rounds[0].groups[0].reminded = True
    assert rules.reminders_due(GAME.view(tournament, None), "2026-11-22T17:30:00+00:00", hour) == []
    record(tournament, 1, [4, 3, 2, 1])  # a group that has played is not reminded either
    tournament.rounds[0].groups[0].reminded = False
    assert rules.reminders_due(GAME.view(tournament, None), "2026-11-22T17:30:00+00:00", hour) == []
