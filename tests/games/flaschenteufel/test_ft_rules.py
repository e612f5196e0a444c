"""Flaschenteufel: the source's trick and Lopaka examples, scoring, refusals."""

from __future__ import annotations

import copy

import pytest

from bot.engine import IllegalAction
from bot.games.flaschenteufel.cards import COLOUR, DECK, POINTS
from bot.games.flaschenteufel.state import PLAY
from bot.games.flaschenteufel.tricks import lopaka_card, winning_card
from tests.helpers.flaschenteufel import GAME, Table

PLAYERS = ["Adam", "Betty", "Christian", "Doris"]


def test_the_deck() -> None:
    assert len(DECK) == 36 and 19 not in DECK
    assert sum(POINTS.values()) == 126
    for colour in ("gelb", "blau", "rot"):
        assert sum(POINTS[c] for c in DECK if COLOUR[c] == colour) == 42


def test_source_trick_example_christian_buys_the_bottle_at_17() -> None:
    assert winning_card([24, 15, 17, 32], 19) == (17, True)


def play_to_tricks(table: Table, players: list[str]) -> None:
    """Discard each player's highest card, pass the two next highest, to reach the tricks."""
    for player in players:
        seat = table.state.seat_of(player)
        assert seat is not None
        table.do(player, "discard", card=max(table.state.hands[seat].cards))
    for player in players:
        seat = table.state.seat_of(player)
        assert seat is not None
        cards = sorted(table.state.hands[seat].cards)
        table.do(player, "pass", left=cards[-1], right=cards[-2])


def test_the_first_trick_of_the_source_example_through_the_engine() -> None:
    hands = [
        [24, 4, 6, 8, 10, 13, 20, 27, 30],
        [15, 1, 2, 3, 5, 7, 9, 12, 11],  # no blue: Betty may play her 15
        [17, 14, 16, 21, 22, 25, 28, 35, 36],
        [32, 18, 23, 26, 29, 31, 33, 34, 37],
    ]
    table = Table(PLAYERS, hands)
    state = table.state
    for seat, hand in enumerate(state.hands):  # skip the choices: the four cards as dealt
        hand.cards = sorted(hands[seat])
    state.phase = PLAY
    table.do("Adam", "play", card=24)
    table.do("Betty", "play", card=15)
    table.do("Christian", "play", card=17)
    table.do("Doris", "play", card=32)
    (trick,) = table.of_type("trick")
    assert (trick["winner"], trick["bottle"], trick["price"]) == ("Christian", True, 17)
    state = table.state
    assert state.leader == 2 and state.price == 17
    assert sorted(state.hands[2].won) == [15, 24, 32]  # the 17 lies under the bottle


def test_lopaka_example_plays_32() -> None:
    assert lopaka_card([12, 17, 18, 32, 36], [24, 20], 19) == 32


def test_lopaka_plays_low_when_he_cannot_win_and_leads_high() -> None:
    assert lopaka_card([4, 6, 30], [10, 34], 19) == 4  # 4 would buy the bottle: he wins with it
    assert lopaka_card([20, 30], [17, 18], 19) == 20  # 17 is below the price: nothing wins
    assert lopaka_card([1, 9, 36], [], 19) == 36


def test_the_owner_scores_minus_the_devils_trick_and_old_prices_go_to_the_old_owner() -> None:
    hands = [[24, 20], [15, 22], [17, 21], [32, 23]]
    table = Table(PLAYERS, hands, hands=1)
    state = table.state
    for seat, hand in enumerate(state.hands):
        hand.cards = sorted(hands[seat])
    state.devil = [37, 36, 35, 34]  # 6 + 6 + 5 + 6 = 23 points
    state.phase = PLAY
    for player, card in zip(PLAYERS, (24, 15, 17, 32), strict=True):
        table.do(player, "play", card=card)  # Christian buys at 17
    # Christian leads 21 (red); Doris 23, Adam 20, Betty 22: nothing below 17, the 23 wins
    for player, card in zip(("Christian", "Doris", "Adam", "Betty"), (21, 23, 20, 22), strict=True):
        table.do(player, "play", card=card)
    (end,) = table.of_type("hand_end")
    assert end["owner"] == "Christian" and end["price"] == 17
    assert end["scores"] == {"Adam": 0, "Betty": 0, "Christian": -23, "Doris": 2 + 3 + 4 + 5}
    assert end["devil"] == [34, 35, 36, 37]
    assert GAME.is_over(table.state)


@pytest.mark.parametrize(
    ("verb", "args", "key"),
    [
        ("play", {"card": 24}, "ft.phase.discard"),
        ("discard", {"card": 99}, "ft.not_in_hand"),
        ("pass", {"left": 1, "right": 2}, "ft.phase.discard"),
        ("discard", {"card": "x"}, "ft.bad_card"),
    ],
)
def test_bad_input_changes_nothing(verb: str, args: dict[str, object], key: str) -> None:
    table = Table(["A", "B", "C"], [list(range(1, 13))])
    before = copy.deepcopy(table.state)
    with pytest.raises(IllegalAction) as refused:
        table.do("A", verb, **args)
    assert refused.value.key == key
    assert table.state == before


def test_not_following_colour_is_refused() -> None:
    hands = [[24, 1, 2], [15, 4, 6], [17, 11, 14]]
    table = Table(["A", "B", "C"], hands)
    for seat, hand in enumerate(table.state.hands):
        hand.cards = sorted(hands[seat])
    table.state.phase = PLAY
    table.do("A", "play", card=24)  # blue led
    with pytest.raises(IllegalAction) as refused:
        table.do("B", "play", card=15)  # B has blue 4 and 6
    assert refused.value.key == "ft.follow_colour"
    with pytest.raises(IllegalAction) as twice:
        table.do("A", "play", card=1)
    assert twice.value.key == "game.not_your_turn"


def test_discarding_twice_is_refused() -> None:
    """Who has chosen is told whom the table still awaits (the engine's refusal, also
    what his prompt's button is told)."""
    table = Table(["A", "B", "C"], [])
    table.do("A", "discard", card=table.state.hands[0].cards[0])
    with pytest.raises(IllegalAction) as refused:
        table.do("A", "discard", card=table.state.hands[0].cards[0])
    assert refused.value.key == "ft.already_chosen"
    assert refused.value.params == {"player": ["B", "C"], "count": 2}


def test_passes_move_when_all_have_passed() -> None:
    table = Table(["A", "B", "C"], [list(range(1, 13))])
    play_to_tricks(table, ["A", "B", "C"])
    assert table.state.phase == PLAY
    assert all(len(h.cards) == 11 for h in table.state.hands)
    cards = sorted(c for h in table.state.hands for c in h.cards) + table.state.devil
    assert sorted(cards) == list(DECK)


def test_glitterhuis_sets_open_set_and_four_card_tricks() -> None:
    a1, a2 = [1, 2, 3, 5, 7, 9, 12, 15, 18], [4, 6, 8, 10, 13, 17, 20, 24, 27]
    b1, b2 = [11, 14, 16, 21, 23, 26, 29, 31, 33], [22, 25, 28, 30, 32, 34, 35, 36, 37]
    table = Table(["A", "B"], [a1, a2, b1, b2], variant="glitterhuis")
    table.do("A", "pass", card=18, set=1)
    with pytest.raises(IllegalAction):
        table.do("A", "discard", card=18)  # a passed card cannot go to the devil too
    table.do("A", "discard", card=15)
    table.do("B", "discard", card=33)
    table.do("B", "pass", card=31)
    state = table.state
    assert state.stage == 2 and 31 in state.hands[0].sets[0] and 18 in state.hands[1].sets[0]
    table.do("A", "discard", card=27)
    table.do("A", "pass", card=24)
    table.do("B", "discard", card=37)
    table.do("B", "pass", card=36)
    table.do("A", "open", set=2)
    table.do("B", "open", set=1)
    state = table.state
    assert state.phase == "play" and len(state.devil) == 4
    assert state.hands[0].open_set == sorted([4, 6, 8, 10, 13, 17, 20, 36])
    assert GAME.view(state, None)["seats"][0]["open_set"] == state.hands[0].open_set
    # trick: A from his open set, B from his open set, A from his hand, B from his hand
    table.do("A", "play", card=36)  # red led
    with pytest.raises(IllegalAction):
        table.do("B", "play", card=24)  # B's open set holds red: he must follow
    table.do("B", "play", card=11)
    table.do("A", "play", card=31)  # red from A's hand
    table.do("B", "play", card=35)
    (trick,) = table.of_type("trick")
    assert trick["cards"] == [36, 11, 31, 35] and trick["winner"] == "B" and trick["price"] == 11
