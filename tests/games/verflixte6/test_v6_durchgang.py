"""End of a Durchgang: zeroing, points with Stechen, the next Durchgang's order."""

from __future__ import annotations

from bot.engine import FixedRng
from bot.games.verflixte6 import ranking
from bot.games.verflixte6.state import ZOMBIE
from tests.helpers.verflixte6 import GAME, Table


def test_worked_example_dense_places_and_stechen() -> None:
    """A 20, B 20, C 15, D 9 -> Stechen A/B: 6 and 5, C 4, D 2."""
    rng = FixedRng([3, 5])  # A rolls 3, B rolls 5: B wins the Stechen
    points, stechen = ranking.durchgang_points([20, 20, 15, 9], rng)
    assert points == [5, 6, 4, 2]
    assert [(s.place, s.seats, s.winner) for s in stechen] == [(1, [0, 1], 1)]


def test_stechen_rerolls_only_those_still_tied_at_the_top() -> None:
    rng = FixedRng([4, 4, 2, 6, 1])  # round 1: A4 B4 C2; round 2: A6 B1
    points, stechen = ranking.durchgang_points([10, 10, 10], rng)
    assert points == [6, 5, 5]
    assert stechen[0].rounds == [{0: 4, 1: 4, 2: 2}, {0: 6, 1: 1}]
    assert rng.remaining == 0


def test_only_places_one_to_three_score() -> None:
    rng = FixedRng([])
    points, stechen = ranking.durchgang_points([9, 8, 7, 6, 5], rng)
    assert points == [6, 4, 2, 0, 0]
    assert stechen == []


def test_no_stechen_for_a_tie_outside_the_scoring_places() -> None:
    points, stechen = ranking.durchgang_points([9, 8, 7, 5, 5], FixedRng([]))
    assert points == [6, 4, 2, 0, 0]
    assert stechen == []


def test_zero_eyes_score_nothing_and_roll_no_stechen() -> None:
    points, stechen = ranking.durchgang_points([0, 0, 7], FixedRng([]))
    assert points == [0, 0, 6]
    assert stechen == []


def test_stechen_at_third_place_gives_two_and_one() -> None:
    points, _ = ranking.durchgang_points([9, 8, 5, 5], FixedRng([1, 2]))
    assert points == [6, 4, 1, 2]


def test_negative_totals_become_zero_zombies_at_the_end() -> None:
    table = Table(["Anna", "Ben"], [2, 1, 1, 3])
    table.turn("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    table.do("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    table.do("Anna", "stopp")  # Anna 2+1+1+1+2 = 7, Ben -3
    table.turn("Ben", "stopp")  # Freiwurf 3 -> 0
    assert table.v6.finished
    assert (table.eyes("Ben"), table.role("Ben")) == (0, ZOMBIE)
    end = table.of_type("durchgang_end")[0]
    assert end["eyes"] == {"Anna": 7, "Ben": 0}
    assert end["points"] == {"Anna": 6, "Ben": 0}


def test_durchgang_two_is_played_in_reverse_order() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 4, 5, 2, 2, 2], durchgaenge=2)
    for player in ("Anna", "Ben", "Cem"):
        table.turn(player, "stopp")
    assert [table.v6.name(s) for s in table.v6.order] == ["Cem", "Ben", "Anna"]
    assert table.v6.durchgang == 2
    assert table.v6.turn is not None and table.v6.name(table.v6.turn.seat) == "Cem"


def test_durchgang_three_goes_by_the_table_with_the_herzog_for_ties() -> None:
    dice = [
        5,
        3,
        5,  # D1: Anna 5, Ben 3, Cem 5 -> Stechen Anna/Cem for 1st
        2,
        6,  # Stechen: Anna 2, Cem 6 -> Cem 6, Anna 5, Ben 4
        4,
        2,
        4,  # D2 (Cem, Ben, Anna): Cem 4, Ben 2, Anna 4 -> Stechen Anna/Cem
        6,
        1,  # Stechen: Anna 6, Cem 1 -> Anna 6, Cem 5, Ben 4
        # table: Anna 11 pts 9 eyes, Cem 11 pts 9 eyes, Ben 8 -> Herzog Anna/Cem
        3,
        3,
        1,
        2,  # Herzog: 3/3 tie, then Anna 1, Cem 2 -> Cem first
    ]
    table = Table(["Anna", "Ben", "Cem"], dice, durchgaenge=3)
    for player in ("Anna", "Ben", "Cem", "Cem", "Ben", "Anna"):
        table.turn(player, "stopp")
    herzog = table.of_type("herzog")
    assert herzog == [{"type": "herzog", "rolls": [{"Anna": 3, "Cem": 3}, {"Anna": 1, "Cem": 2}]}]
    assert [table.v6.name(s) for s in table.v6.order] == ["Cem", "Anna", "Ben"]
    assert table.rng.remaining == 0


def test_abend_result_sums_points_and_eyes() -> None:
    table = Table(["Anna", "Ben"], [5, 3, 2, 4], durchgaenge=2)
    table.turn("Anna", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Anna", "stopp")
    assert table.v6.finished  # D1: Anna 5 > Ben 3; D2 (Ben first): Ben 2 < Anna 4
    assert GAME.result(table.state) == {
        "Anna": {"eyes": 9, "points": 12},
        "Ben": {"eyes": 5, "points": 8},
    }
