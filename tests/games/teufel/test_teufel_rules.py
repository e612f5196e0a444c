"""Auf Teufel komm raus: the source's worked round, pacts, the last tile, double wins, bonuses."""

from __future__ import annotations

import copy

import pytest

from bot.engine import FixedRng, IllegalAction
from bot.games.teufel.rules import set_pacts
from bot.games.teufel.state import DEVIL as D
from bot.games.teufel.track import marks_at, position
from tests.helpers.teufel import GAME, Oven

PLAYERS = ["Gordon", "Petra", "Lucy", "Saul"]


def test_the_source_example_round() -> None:
    """Bets 100/120/140/60; Gordon and Lucy meet devils; Petra 135 (3 pieces), Saul 50 (4)."""
    oven = Oven(PLAYERS, [50, 25, 10, D, 75, 50, 10, D, 20, 10, 10, 10])
    oven.bets(Gordon=100, Petra=120, Lucy=140, Saul=60)
    for _ in range(4):  # Gordon: 50, 25, 10, then the devil (his coal is worth 0)
        oven.do("Gordon", "draw")
    oven.pulls("Petra", 3)  # 75 + 50 + 10 = 135
    oven.do("Lucy", "draw")  # devil
    oven.pulls("Saul", 4)  # 20 + 10 + 10 + 10 = 50, 4 pieces
    assert [oven.balance(p) for p in PLAYERS] == [300, 370, 60, 310]
    settle = oven.of_type("settle")[0]
    assert settle["highest"] == 135 and settle["double"] is False
    assert settle["changes"] == {"Gordon": 100, "Petra": 120, "Lucy": -140, "Saul": 60}
    assert settle["bets"] == {"Gordon": 100, "Petra": 120, "Lucy": 140, "Saul": 60}  # why
    assert settle["coal"] == {"Gordon": 0, "Petra": 135, "Lucy": 0, "Saul": 50}  # as it ended
    assert settle["pieces"] == {"Gordon": 3, "Petra": 3, "Lucy": 0, "Saul": 4}
    assert settle["devils"] == ["Gordon", "Lucy"]
    assert settle["bonuses"] == {"Petra": ["coal"], "Saul": ["pieces"]}
    spots = oven.of_type("track")[0]["spots"]
    assert {player: marks_at(spot) for player, spot in spots.items()} == {
        "Gordon": ("300",),  # on 300
        "Petra": ("300", "500"),  # between 300 and 500
        "Lucy": ("0–50", "200"),
        "Saul": ("300", "500"),
    }


def test_had_lucy_won_she_would_have_received_double() -> None:
    oven = Oven(PLAYERS, [75, 50, 20, D, D, 100, 50])
    oven.bets(Gordon=100, Petra=120, Lucy=140, Saul=60)
    oven.pulls("Gordon", 3)  # 145
    oven.do("Petra", "draw")  # devil
    oven.do("Lucy", "draw")  # devil
    oven.pulls("Saul", 2)  # 150
    changes = oven.of_type("settle")[0]["changes"]
    assert changes["Lucy"] == 280  # the highest bet won: twice from the bank
    assert changes["Petra"] == 120  # others win single


def test_pact_payment_example_gordon_pays_petra_then_the_bank() -> None:
    """Gordon has 90 unbet: he pays Petra 50; 40 is too little, the bank pays Saul and Lucy."""
    oven = Oven(PLAYERS, [D])
    state = oven.state
    for seat in state.seats:
        seat.pact = seat.player != "Gordon"
    state.seats[0].balance = 190
    oven.bets(Gordon=100, Petra=0, Lucy=0, Saul=0)
    oven.do("Gordon", "draw")
    paid = oven.of_type("pact_paid")
    assert [(p["to"], p["by"]) for p in paid] == [
        ("Petra", "Gordon"),
        ("Lucy", "bank"),
        ("Saul", "bank"),
    ]
    assert oven.balance("Gordon") == 140  # 190 - 50; his 100 bet untouched
    assert not any(s.pact for s in oven.state.seats)  # every pact ends at a devil


def test_a_pact_holder_turning_a_devil_pays_the_others_and_gets_nothing() -> None:
    oven = Oven(["A", "B", "C"], [D])
    for seat in oven.state.seats:
        seat.pact = True
    oven.bets(A=0, B=0, C=0)
    oven.do("A", "draw")
    assert [p["to"] for p in oven.of_type("pact_paid")] == ["B", "C"]
    assert oven.balance("A") == 100  # 200 - 2 x 50


def test_the_last_tile_ends_the_pulling_for_everyone_left() -> None:
    oven = Oven(["A", "B", "C"], [100, 50], refill_below=0)
    oven.state.oven = [100, 50]
    oven.bets(A=0, B=0, C=0)
    oven.do("A", "draw")
    oven.do("A", "draw")  # the last tile: A keeps 150, B and C get nothing
    assert oven.of_type("oven_empty") == [{"type": "oven_empty", "skipped": ["B", "C"]}]
    assert oven.of_type("settle")[0]["highest"] == 150


def test_losers_of_the_bet_still_get_their_bonus() -> None:
    oven = Oven(["A", "B"], [10, D])
    oven.bets(A=100, B=0)
    oven.pulls("A", 1)  # 10 coal, 1 piece: A loses 100 but has highest coal and most pieces
    oven.do("B", "draw")
    assert oven.balance("A") == 200 - 100 + 50 + 50


def test_track_positions() -> None:
    assert [marks_at(position(b)) for b in (0, 50, 60, 200, 250, 300, 1600, 2000)] == [
        ("0–50",), ("0–50",), ("0–50", "200"), ("200",), ("200", "300"),
        ("300",), ("1600",), ("1600",),
    ]  # fmt: skip
    assert position(40) < position(60) < position(200) < position(210)


def test_pacts_go_to_the_lone_last_pawn_and_to_everyone_on_0_to_50() -> None:
    oven = Oven(["A", "B", "C"], [])
    for seat, balance in zip(oven.state.seats, (300, 210, 300), strict=True):
        seat.balance = balance
    assert set_pacts(oven.state) == ["B"]
    for seat, balance in zip(oven.state.seats, (300, 210, 220), strict=True):
        seat.balance = balance
    assert set_pacts(oven.state) == []  # two pawns share the last position
    for seat, balance in zip(oven.state.seats, (30, 0, 500), strict=True):
        seat.balance = balance
    assert set_pacts(oven.state) == ["A", "B"]


@pytest.mark.parametrize(
    ("amount", "key"),
    [
        (15, "teufel.bet_chips"),
        (210, "teufel.bet_too_high"),
        (-10, "teufel.bad_bet"),
        ("10", "teufel.bad_bet"),
    ],
)
def test_bad_bets_are_refused_and_change_nothing(amount: object, key: str) -> None:
    oven = Oven(PLAYERS, [])
    before = copy.deepcopy(oven.state)
    with pytest.raises(IllegalAction) as refused:
        oven.do("Petra", "bet", amount=amount)
    assert refused.value.key == key
    assert oven.state == before


def test_second_bet_drawing_early_and_out_of_turn_are_refused() -> None:
    oven = Oven(["A", "B"], [10])
    oven.do("A", "bet", amount=10)
    with pytest.raises(IllegalAction, match=r"teufel\.already_bet"):
        oven.do("A", "bet", amount=20)
    with pytest.raises(IllegalAction, match=r"teufel\.bets_first"):
        oven.do("A", "draw")
    oven.do("B", "bet", amount=0)
    with pytest.raises(IllegalAction, match=r"teufel\.bets_closed"):
        oven.do("B", "bet", amount=0)
    with pytest.raises(IllegalAction, match=r"game\.not_your_turn"):
        oven.do("B", "draw")


def test_bets_stay_secret_until_all_are_in() -> None:
    oven = Oven(["A", "B"], [])
    oven.do("A", "bet", amount=120)
    public = GAME.view(oven.state, None)
    assert [s["bet"] for s in public["seats"]] == [None, None]
    assert [s["has_bet"] for s in public["seats"]] == [True, False]
    assert GAME.view(oven.state, 0)["seats"][0]["bet"] == 120
    assert GAME.view(oven.state, 1)["seats"][0]["bet"] is None
    assert all(s["balance"] is None for s in public["seats"])
    oven.do("B", "bet", amount=0)
    assert [s["bet"] for s in GAME.view(oven.state, None)["seats"]] == [120, 0]


def test_revealed_bets_stay_on_the_table_for_the_last_six_rounds() -> None:
    """Every view shows each seat's revealed bets of the last rounds (the table saw them),
    never this round's before all are in."""
    oven = Oven(["A", "B"], [])
    amounts, others = [10, 0, 20, 0, 30, 0, 10, 20], [0, 10, 0, 20, 0, 10, 0, 30]
    for number, (amount, other) in enumerate(zip(amounts, others, strict=True)):
        oven.do("A", "bet", amount=amount)
        shown = GAME.view(oven.state, 1)["seats"][0]["shown_bets"]
        assert shown == amounts[max(0, number - 6) : number]  # not this round's yet
        oven.do("B", "bet", amount=other)
        while oven.state.phase == "pull":
            turn = oven.state.turn
            assert turn is not None
            oven.do(oven.state.seats[turn].player, "stopp")
    public = GAME.view(oven.state, None)["seats"]
    assert [s["shown_bets"] for s in public] == [amounts[2:], others[2:]]
    assert GAME.load(GAME.dump(oven.state)).seats[0].shown_bets == amounts[2:]


def test_the_start_passes_on_and_a_refill_happens_below_16() -> None:
    oven = Oven(["A", "B"], [D, D], refill_below=47)
    oven.bets(A=0, B=0)
    oven.do("A", "draw")
    oven.do("B", "draw")
    assert oven.of_type("refill") == [{"type": "refill", "tiles": 48}]
    assert oven.state.starter == 1 and oven.state.round == 2


def test_a_random_starter_is_rolled_by_the_croupier() -> None:
    state, _ = GAME.setup(["A", "B", "C"], {"random_start": True}, FixedRng([3]))
    assert state.starter == 2


def test_the_game_ends_after_a_round_in_which_someone_reaches_1600() -> None:
    oven = Oven(["A", "B", "C"], [D, D, D])
    for seat, balance in zip(oven.state.seats, (1590, 1600, 1590), strict=True):
        seat.balance = balance
    oven.bets(A=0, B=0, C=0)
    for player in ("A", "B", "C"):
        oven.do(player, "draw")
    (end,) = oven.of_type("game_end")
    assert end["winners"] == ["B"]
    assert GAME.is_over(oven.state)
    with pytest.raises(IllegalAction, match=r"game\.over"):
        oven.do("A", "bet", amount=0)


def test_equal_top_balances_share_the_win() -> None:
    oven = Oven(["A", "B"], [D, D])
    for seat in oven.state.seats:
        seat.balance = 1700
    oven.bets(A=0, B=0)
    oven.do("A", "draw")
    oven.do("B", "draw")
    assert oven.of_type("game_end")[0]["winners"] == ["A", "B"]
