"""What a player reads at the end of a step: the last bettor learns the bets are revealed,
a lobby that never started says nothing was thrown, a fight's dice say which of them count,
and a Teufel settlement says per player what he won or lost and why."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.engine import Action, FixedRng, step
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel import Teufel
from bot.games.teufel.render import cards as teufel_cards
from bot.games.teufel.state import DEVIL as D
from bot.games.verflixte6.render import cards as v6_cards
from bot.i18n import t
from bot.render.cards import Card
from bot.render.lobby_card import table_lobby_card

LOCALES = ("de", "en")


def read(card: Card) -> str:
    fields = [f"{name}\n{value}" for name, value in card.fields]
    return "\n".join([card.title, card.description, *fields, card.footer])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_bet_says_that_the_bets_are_revealed(locale: str) -> None:
    placed = [{"type": "bet_placed", "player": "1"}]
    waiting = teufel_cards.bet_done_text(SimpleNamespace(events=placed), 40, locale)
    revealed = [*placed, {"type": "bets", "round": 1, "bets": {"1": 40, "2": 30}}]
    last = teufel_cards.bet_done_text(SimpleNamespace(events=revealed), 30, locale)
    assert "40" in waiting and "30" in last
    if locale == "de":
        assert "wenn alle gesetzt haben" in waiting
        assert "alle gesetzt – die Einsätze sind aufgedeckt" in last
    else:
        assert "when everyone has bet" in waiting
        assert "all bets are revealed" in last


@pytest.mark.parametrize("locale", LOCALES)
def test_a_closed_lobby_reveals_its_seed_without_a_word_of_dice(locale: str) -> None:
    closed = SimpleNamespace(
        public={"lobby": None}, status="aborted", seed="5eed", seed_hash="4a54", head_hash="ead"
    )
    footer = table_lobby_card(closed, locale, "tfb").footer
    assert "`5eed`" in footer and "`4a54`" in footer and "`ead`" in footer
    never = {"de": "das Spiel hat nie begonnen", "en": "the game never started"}[locale]
    verifiable = {"de": "jeder Wurf ist nachprüfbar", "en": "every die can be verified"}[locale]
    assert never in footer and verifiable not in footer


def test_a_fights_dice_say_which_of_them_count() -> None:
    """The rules' worked checks: Oberteufel 6,2,5 -> 11 (his two highest); Satansbraten 3,4
    with the Oberteufel's lowest 2 -> 9; anybody else adds both dice."""
    event = {
        "type": "dice",
        "dice": {"Cem": [6, 2, 5], "Anna": [3, 4], "Ben": [1, 2]},
        "scores": {"Cem": 11, "Anna": 9, "Ben": 3},
    }
    assert dd_cards.describe(event, "de", str) == (
        "Aufgedeckt: Cem 6-2-5 → 11 (es zählen die zwei höchsten: 6+5); "
        "Anna 3-4 + 2 (der niedrigste Würfel des Oberteufels) = 9; Ben 1-2 = 3."
    )
    assert dd_cards.describe({**event, "type": "reroll"}, "en", str) == (
        "Re-rolled: Cem 6-2-5 → 11 (the two highest count: 6+5); "
        "Anna 3-4 + 2 (the Oberteufel's lowest die) = 9; Ben 1-2 = 3."
    )


def settled(players: list[str], tiles: list[int], bets: list[int], pulls: list[int]) -> Any:
    """One round of Auf Teufel komm raus by the engine: the bets, then each player in seat
    order draws ``pulls`` tiles and stops (unless a devil ended his turn): the outcome of
    the last action, as the cog gets it (its events, the next round's public view)."""
    game, rng = Teufel(), FixedRng([], picks=tiles)
    state, _ = game.setup(players, {}, rng)
    for seat, amount in enumerate(bets):
        state, events = step(game, state, seat, Action("bet", {"amount": amount}), rng)
    for seat, draws in enumerate(pulls):
        for _ in range(draws):
            state, events = step(game, state, seat, Action("draw"), rng)
        if state.turn == seat:
            state, events = step(game, state, seat, Action("stopp"), rng)
    return SimpleNamespace(
        events=[e.to_dict() for e in events], public=game.view(state, None), status="open",
        seed=None, seed_hash="4a54" * 16, game_id=1, version=9,
    )  # fmt: skip


def source_round() -> Any:
    """The rules' worked round: bets 100/120/140/60; Gordon and Lucy meet devils, Petra
    stops at 135 with 3 pieces, Saul at 50 with 4. H = 135: Lucy's 140 is lost."""
    tiles = [50, 25, 10, D, 75, 50, 10, D, 20, 10, 10, 10]
    return settled(["Gordon", "Petra", "Lucy", "Saul"], tiles, [100, 120, 140, 60], [4, 3, 1, 4])


def double_round() -> Any:
    """The sandbox's round: Anna's 40 is the highest bet and wins, twice; Ben has the most
    coal and pieces; Cem bets nothing."""
    return settled(["Anna", "Ben", "Cem"], [20, 75, 25], [40, 30, 0], [1, 2, 0])


def settle_lines(outcome: Any, locale: str) -> list[str]:
    settle = next(e for e in outcome.events if e["type"] == "settle")
    return teufel_cards.describe(settle, locale, str).split("\n")


def test_a_settlement_says_per_player_what_he_won_or_lost_and_why() -> None:
    assert settle_lines(source_round(), "de") == [
        "Abrechnung Runde 1 – höchster Kohlewert 135:",
        "Gordon +100: Einsatz 100 gewonnen (+100)",
        "Petra +170: Einsatz 120 gewonnen (+120), höchster Kohlewert (+50)",
        "Lucy −140: Einsatz 140 verloren, mehr als 135 (−140)",
        "Saul +110: Einsatz 60 gewonnen (+60), meiste Stücke (+50)",
    ]
    assert settle_lines(double_round(), "de") == [
        "Abrechnung Runde 1 – höchster Kohlewert 100:",
        "Anna +80: Einsatz 40 gewonnen, als höchster Einsatz doppelt (+80)",
        "Ben +130: Einsatz 30 gewonnen (+30), höchster Kohlewert (+50), meiste Stücke (+50)",
        "Cem ±0: kein Einsatz",
    ]
    assert settle_lines(double_round(), "en") == [
        "Settling round 1 – highest coal 100:",
        "Anna +80: bet 40 won, doubled as the highest bet (+80)",
        "Ben +130: bet 30 won (+30), highest coal (+50), most pieces (+50)",
        "Cem ±0: no bet",
    ]
    assert settle_lines(source_round(), "en")[3] == "Lucy −140: bet 140 lost, more than 135 (−140)"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_settled_rounds_message_shows_that_round_and_nothing_of_the_next(locale: str) -> None:
    outcome = source_round()
    assert outcome.public["round"] == 2 and outcome.public["phase"] == "bet"  # moved on
    card = teufel_cards.closed_round_card(outcome, locale, str)
    text = read(card)
    assert card.title == t("teufel.ui.title", locale, round=1) and card.rows == []
    assert t("teufel.ui.round_over", locale, round=1) in card.description
    assert t("teufel.event.stopp", locale, player="Saul", coal=50,
             pieces=t("n.pieces", locale, count=4)) in card.description  # fmt: skip
    assert t("teufel.event.round", locale, round=2, starter="Petra") not in text
    for waiting in ("teufel.ui.bet_wait", "teufel.ui.bet_missing"):
        assert t(waiting, locale) not in text
    bet, coal, devil = (
        lambda b: t("teufel.ui.bet_shown", locale, bet=b),
        lambda c, p: t("teufel.ui.coal", locale, coal=c, pieces=t("n.pieces", locale, count=p)),
        t("teufel.ui.devil", locale),
    )
    assert card.fields == [
        ("Gordon", f"{bet(100)} · {devil}"),
        ("Petra", f"{bet(120)} · {coal(135, 3)}"),
        ("Lucy", f"{bet(140)} · {devil}"),
        ("Saul", f"{bet(60)} · {coal(50, 4)}"),
    ]


def moved_on(events: list[dict[str, Any]], **public: Any) -> Any:
    """An outcome whose events end one round and begin the next; its view is the next's."""
    return SimpleNamespace(
        events=events, public=public, status="open", seed=None, seed_hash="4a54" * 16
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_closed_hands_rounds_and_durchgaenge_show_their_own_number(locale: str) -> None:
    ending = [
        {"type": "trick", "winner": "Ben", "cards": [3, 9, 20]},
        {"type": "hand_end", "hand": 1, "devil": [5], "owner": "Cem", "price": 9,
         "scores": {"Ben": 12}, "totals": {"Ben": 12}},
    ]  # fmt: skip
    dealt = [{"type": "hand", "hand": 2, "leader": "Ben"}, {"type": "deal", "secret": True}]
    hand = ft_cards.closed_hand_card(
        moved_on([*ending, *dealt], hand=2, to_act=["Ben"]), locale, str
    )
    assert hand.title == t("ft.ui.title", locale, hand=1) and hand.fields == []
    assert hand.description.split("\n") == [ft_cards.describe(e, locale, str) for e in ending]
    devils = dd_cards.closed_round_card(
        moved_on(
            [
                {"type": "take", "player": "Ben", "item": "Bett", "slot": 0},
                {"type": "reveal", "item": "Grill"},
                {"type": "round", "round": 3, "display": ["Grill"]},
            ],
            round=3,
        ),
        locale,
        str,
    )
    assert devils.title == t("dd.ui.title", locale, round=2) and devils.fields == []
    assert devils.description.split("\n") == [
        t("dd.ui.round_over", locale, round=2),
        t("dd.ui.recap", locale),
        t("dd.event.take", locale, player="Ben", item=dd_cards.item_name("Bett", locale)),
    ]
    end = {"type": "durchgang_end", "durchgang": 1, "eyes": {"Ben": 6}, "points": {"Ben": 6}}
    last_turn = moved_on([{"type": "stopp", "player": "Ben", "eyes": 6}], durchgaenge=3)
    durchgang = v6_cards.closed_durchgang_card(last_turn, end, locale, str)
    assert durchgang.title == t("ui.table.title", locale, durchgang=1, durchgaenge=3)
    assert durchgang.fields == [] and durchgang.rows == []
    assert durchgang.description.endswith(t("v6.event.durchgang_end", locale, durchgang=1,
                                            points="Ben 6"))  # fmt: skip
