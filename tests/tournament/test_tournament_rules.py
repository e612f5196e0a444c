"""Tournament format: groups, standings with decisive Stechen, best thirds, Finale, champion."""

from __future__ import annotations

import copy

import pytest

from bot.engine import FixedRng, IllegalAction
from bot.engine.rng import AuditedRng
from bot.tournament import rules
from bot.tournament.standings import best_thirds, group_boundaries, order_lines
from bot.tournament.state import FINISHED, RUNNING, Line, Tournament
from tests.helpers.stechen_dice import Dice


def lines(*rows: tuple[str, int, int]) -> list[Line]:
    return [Line(*row) for row in rows]


def names(table: list[Line]) -> list[str]:
    return [line.player for line in table]


def test_points_then_eyes_and_no_stechen_where_nothing_depends_on_it() -> None:
    rng = FixedRng([])
    table, rolls = order_lines(
        lines(("A", 10, 20), ("B", 12, 5), ("C", 10, 25), ("D", 3, 9)), rng, [2]
    )
    assert names(table) == ["B", "C", "A", "D"]
    assert rolls == []
    level, rolls = order_lines(
        lines(("A", 12, 9), ("B", 12, 9), ("C", 2, 1), ("D", 2, 1)), rng, [2]
    )
    assert names(level) == ["A", "B", "C", "D"]  # level pairs on 1–2 and 3–4: nothing decided
    assert rolls == []


def test_a_tie_across_the_advancing_place_is_settled_by_stechen() -> None:
    rng = FixedRng([2, 5])  # B 2, C 5: C advances
    table, rolls = order_lines(
        lines(("A", 14, 30), ("B", 8, 12), ("C", 8, 12), ("D", 2, 3)), rng, [2]
    )
    assert names(table) == ["A", "C", "B", "D"]
    assert rolls == [{"B": 2, "C": 5}]


def test_stechen_rerolls_those_still_level() -> None:
    rng = FixedRng([4, 4, 1, 3, 6])  # B4 C4 D1; then B3 C6
    table, rolls = order_lines(
        lines(("A", 14, 30), ("B", 8, 12), ("C", 8, 12), ("D", 8, 12)), rng, [2]
    )
    assert names(table) == ["A", "C", "B", "D"]
    assert rolls == [{"B": 4, "C": 4, "D": 1}, {"B": 3, "C": 6}]


def test_boundaries() -> None:
    assert group_boundaries(0, finale=False) == [2]
    assert group_boundaries(2, finale=False) == [2, 3]
    assert group_boundaries(0, finale=True) == [1]


def test_best_thirds_by_points_then_eyes_then_stechen() -> None:
    thirds = lines(("C1", 8, 20), ("C2", 9, 5), ("C3", 8, 20))
    chosen, rolls = best_thirds(thirds, 2, FixedRng([1, 6]))
    assert names(chosen) == ["C2", "C3"]
    assert rolls == [{"C1": 1, "C3": 6}]
    assert best_thirds(thirds, 0, FixedRng([])) == ([], [])


@pytest.mark.parametrize(
    ("count", "sizes"), [(8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]), (4, [4])]
)
def test_groups_are_as_even_as_possible(count: int, sizes: list[int]) -> None:
    players = [f"P{i}" for i in range(count)]
    assert [len(g) for g in rules.split(players, 4)] == sizes


def new_tournament(count: int, **options: int) -> Tournament:
    tournament = Tournament("Herbstturnier", "host", **options)
    rules.check_options(tournament)
    for i in range(count):
        rules.register(tournament, f"P{i}")
    return tournament


def test_registration_rules() -> None:
    tournament = new_tournament(3)
    with pytest.raises(IllegalAction, match=r"tour\.already_registered"):
        rules.register(tournament, "P1")
    rules.unregister(tournament, "P2")
    with pytest.raises(IllegalAction, match=r"tour\.not_registered"):
        rules.unregister(tournament, "P2")
    rules.close_registration(tournament, AuditedRng(bytes(32)))
    with pytest.raises(IllegalAction, match=r"tour\.registration_closed"):
        rules.register(tournament, "late")


def test_one_role_per_person() -> None:
    tournament = new_tournament(2)
    rules.register_reserve(tournament, "R")
    with pytest.raises(IllegalAction, match=r"tour\.plays_already"):
        rules.register_reserve(tournament, "P1")
    assert rules.register(tournament, "R") is True  # a reserve who registers plays
    assert tournament.registered == ["P0", "P1", "R"] and tournament.reserves == []
    rules.register_reserve(tournament, "S")
    assert rules.unregister(tournament, "S") is True and tournament.reserves == []
    assert rules.unregister(tournament, "R") is False and "R" not in tournament.registered


def test_bad_options_are_refused() -> None:
    with pytest.raises(IllegalAction, match=r"tour\.group_size"):
        rules.check_options(Tournament("x", "h", group_size=7))


def play_group(tournament: Tournament, number: int, points: list[int], rng: AuditedRng) -> None:
    group = tournament.current.groups[number - 1]  # type: ignore[union-attr]
    result = [Line(p, pts, 10 + pts) for p, pts in zip(group.players, points, strict=True)]
    rules.record_group(tournament, number, result, rng)


def test_eight_players_two_groups_then_a_finale_of_four() -> None:
    tournament = new_tournament(8)
    first = rules.close_registration(tournament, AuditedRng(bytes(32)))
    assert tournament.status == RUNNING
    assert not first.finale and [len(g.players) for g in first.groups] == [4, 4]
    assert sorted(p for g in first.groups for p in g.players) == sorted(tournament.registered)
    assert rules.group_options(tournament) == {"durchgaenge": 3, "finale": False}
    play_group(tournament, 1, [16, 12, 6, 2], Dice([]))
    assert tournament.current is first
    play_group(tournament, 2, [3, 18, 9, 14], Dice([]))
    g1, g2 = first.groups
    assert first.advanced == [g1.players[0], g1.players[1], g2.players[1], g2.players[3]]
    finale = tournament.current
    assert finale is not None and finale.finale and finale.number == 2
    assert sorted(finale.groups[0].players) == sorted(first.advanced)
    assert rules.group_options(tournament) == {"durchgaenge": 4, "finale": True}
    play_group(tournament, 1, [20, 20, 10, 4], Dice([2, 6]))  # Stechen for the title
    assert tournament.status == FINISHED
    assert tournament.champion == finale.groups[0].players[1]
    assert finale.groups[0].stechen == [
        {finale.groups[0].players[0]: 2, finale.groups[0].players[1]: 6}
    ]


def test_best_thirds_fill_the_next_round() -> None:
    tournament = new_tournament(9, group_size=3, best_thirds=1, finale_size=4)
    first = rules.close_registration(tournament, AuditedRng(bytes(32)))
    assert [len(g.players) for g in first.groups] == [3, 3, 3]
    play_group(tournament, 1, [12, 8, 4], Dice([]))
    play_group(tournament, 2, [12, 8, 6], Dice([]))
    play_group(tournament, 3, [12, 8, 2], Dice([]))
    assert len(first.advanced) == 7  # 3 x 2 + the best third (6 points)
    assert first.groups[1].players[2] in first.advanced
    second = tournament.current
    assert second is not None and not second.finale
    assert [len(g.players) for g in second.groups] == [3, 2, 2]


def test_recording_a_result_twice_or_with_wrong_players_is_refused() -> None:
    tournament = new_tournament(4)
    rules.close_registration(tournament, AuditedRng(bytes(32)))
    group = tournament.current.groups[0]  # type: ignore[union-attr]
    before = copy.deepcopy(tournament)
    with pytest.raises(IllegalAction, match=r"tour\.wrong_players"):
        rules.record_group(tournament, 1, [Line("X", 1, 1)], FixedRng([]))
    with pytest.raises(IllegalAction, match=r"tour\.no_such_group"):
        rules.record_group(tournament, 7, [], FixedRng([]))
    assert tournament == before
    rules.record_group(
        tournament, 1, [Line(p, 0, 0) for p in group.players], FixedRng([6, 1, 1, 1])
    )
    with pytest.raises(IllegalAction):
        rules.record_group(tournament, 1, [Line(p, 0, 0) for p in group.players], FixedRng([]))


def test_the_draw_is_reproducible_from_the_seed() -> None:
    a, b = new_tournament(8), new_tournament(8)
    rules.close_registration(a, AuditedRng(bytes(32), nonce="x"))
    rules.close_registration(b, AuditedRng(bytes(32), nonce="x"))
    assert a.rounds == b.rounds


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [
        (4, 3, [4]),  # two groups of 2 would eliminate nobody: one group of 4
        (6, 2, [3, 3]),  # three groups of 2: ⌊6/3⌋ = 2 groups instead
        (5, 4, [3, 2]),  # a group of 3 eliminates someone: as few groups as the size allows
        (7, 3, [3, 2, 2]),
        (3, 2, [3]),
    ],
)
def test_every_round_eliminates_someone(count: int, size: int, sizes: list[int]) -> None:
    players = [f"P{i}" for i in range(count)]
    assert [len(g) for g in rules.split(players, size)] == sizes


def play_out(tournament: Tournament, limit: int = 12) -> list[int]:
    """Every group to its end (seat order = finishing order, no ties); the size of each
    round until the champion."""
    rules.close_registration(tournament, AuditedRng(bytes(32)))
    sizes: list[int] = []
    while tournament.status == RUNNING:
        current = tournament.current
        assert current is not None and len(sizes) < limit, f"no end in sight: {sizes}"
        sizes.append(sum(len(g.players) for g in current.groups))
        for group in list(current.groups):
            points = [20 - 2 * i for i in range(len(group.players))]
            play_group(tournament, group.number, points, Dice([]))
    return sizes


@pytest.mark.parametrize(
    ("count", "options", "sizes"),
    [
        (9, {"group_size": 3, "finale_size": 2}, [9, 6, 4, 2]),  # the case
        (4, {"group_size": 3, "finale_size": 2}, [4, 2]),
        (6, {"group_size": 3, "best_thirds": 2, "finale_size": 2}, [6, 5, 4, 3, 2]),
        (5, {"group_size": 2, "best_thirds": 3, "finale_size": 2}, [5, 3, 2]),
        (8, {}, [8, 4]),
    ],
)
def test_a_tournament_always_ends(count: int, options: dict[str, int], sizes: list[int]) -> None:
    """Each round has fewer players than the one before: the groups eliminate someone,
    and best thirds fill the next round only while it stays smaller."""
    tournament = new_tournament(count, **options)
    assert play_out(tournament) == sizes
    assert tournament.status == FINISHED and tournament.champion is not None
