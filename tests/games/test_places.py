"""Every engine's places of a finished game, by the rules' own word on who wins (places
are shared by equal results: 1, 1, 3)."""

from __future__ import annotations

from bot.engine.places import ranked
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.state import OBER, PUTZ, SATANS, SPRING, DDState, Demon
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.flaschenteufel.state import LOPAKA, FState, Hand
from bot.games.teufel import Teufel
from bot.games.teufel.state import Seat as TeufelSeat
from bot.games.teufel.state import TeufelState
from bot.games.verflixte6 import Verflixte6
from bot.games.verflixte6.state import Seat, V6State
from bot.tournament.game import TournamentGame
from bot.tournament.state import Group, Line, Round, Tournament


def test_equal_results_share_a_place_and_the_next_skips() -> None:
    assert ranked({"a": (5,), "b": (9,), "c": (5,), "d": (1,)}) == {"a": 2, "b": 1, "c": 2, "d": 4}


def test_v6_places_by_points_then_eyes() -> None:
    seats = [
        Seat("A", abend_points=10, abend_eyes=40),
        Seat("B", abend_points=12, abend_eyes=9),
        Seat("C", abend_points=10, abend_eyes=55),
        Seat("D", abend_points=10, abend_eyes=40),
    ]
    state = V6State(seats=seats, finished=True)
    assert Verflixte6().places(state) == {"B": 1, "C": 2, "A": 3, "D": 3}


def test_teufel_places_by_balance_in_the_rules_example_round() -> None:
    # The worked round: Gordon +100, Petra +120 +50, Lucy −140, Saul +60 +50, from 200 each.
    balances = {"Gordon": 300, "Petra": 370, "Lucy": 60, "Saul": 310}
    state = TeufelState(seats=[TeufelSeat(p, balance=b) for p, b in balances.items()])
    assert Teufel().places(state) == {"Petra": 1, "Saul": 2, "Gordon": 3, "Lucy": 4}


def test_teufel_equal_balances_share_the_win() -> None:
    state = TeufelState(seats=[TeufelSeat("A", 1600), TeufelSeat("B", 1600), TeufelSeat("C", 900)])
    assert Teufel().places(state) == {"A": 1, "B": 1, "C": 3}


def test_flaschenteufel_highest_total_wins_and_lopaka_takes_no_place() -> None:
    hands = [Hand("A", total=12), Hand("B", total=-7), Hand("Lopaka", total=30, dummy=True)]
    assert Flaschenteufel().places(FState(LOPAKA, hands)) == {"A": 1, "B": 2}


def test_dice_devils_springteufel_wins_a_tie_then_the_higher_rank() -> None:
    items = ["Grill", "Schal"]  # 4 points each
    demons = [
        Demon("O", OBER, items=list(items)),
        Demon("P", PUTZ, items=list(items)),
        Demon("S", SPRING, items=list(items)),
        Demon("B", SATANS, items=["Grill"] * 2),
    ]
    assert DiceDevils().places(DDState(demons)) == {"B": 1, "S": 2, "O": 3, "P": 4}


def test_tournament_places_finale_table_then_the_round_each_went_out_in() -> None:
    first = Round(1, False, [Group(1, ["A", "B", "C"]), Group(2, ["D", "E", "F"])])
    finale = Round(2, True, [Group(1, ["A", "D", "E"])])
    finale.groups[0].table = [Line("E", 12, 40), Line("A", 8, 30), Line("D", 8, 20)]
    state = Tournament("T", "A", rounds=[first, finale], status="finished", champion="E")
    places = TournamentGame().places(state)
    assert places == {"E": 1, "A": 2, "D": 3, "B": 4, "C": 4, "F": 4}
