"""What a player reads at the end of a step: the last bettor learns the bets are revealed,
a lobby that never started says nothing was thrown, a fight's dice say which of them count,
and a Teufel settlement says per player what he won or lost and why."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.render import dd_cards, teufel_cards
from bot.render.lobby import table_lobby_card

LOCALES = ("de", "en")


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


SOURCE_ROUND = {  # the rules' worked round: H = 135, Lucy's 140 lost, bonuses for Petra and Saul
    "type": "settle",
    "round": 1,
    "highest": 135,
    "double": False,
    "bets": {"Gordon": 100, "Petra": 120, "Lucy": 140, "Saul": 60},
    "changes": {"Gordon": 100, "Petra": 120, "Lucy": -140, "Saul": 60},
    "bonuses": {"Petra": ["coal"], "Saul": ["pieces"]},
}
DOUBLE_ROUND = {  # the sandbox's round: Anna's 40 is the highest bet and wins, twice
    "type": "settle",
    "round": 1,
    "highest": 100,
    "double": True,
    "bets": {"Ben": 30, "Anna": 40, "Cem": 0},
    "changes": {"Ben": 30, "Anna": 80, "Cem": 0},
    "bonuses": {"Ben": ["coal", "pieces"]},
}


def test_a_settlement_says_per_player_what_he_won_or_lost_and_why() -> None:
    assert teufel_cards.describe(SOURCE_ROUND, "de", str).split("\n") == [
        "Abrechnung Runde 1 – höchster Kohlewert 135:",
        "Gordon +100: Einsatz 100 gewonnen (+100)",
        "Petra +170: Einsatz 120 gewonnen (+120), höchster Kohlewert (+50)",
        "Lucy −140: Einsatz 140 verloren, mehr als 135 (−140)",
        "Saul +110: Einsatz 60 gewonnen (+60), meiste Stücke (+50)",
    ]
    assert teufel_cards.describe(DOUBLE_ROUND, "de", str).split("\n") == [
        "Abrechnung Runde 1 – höchster Kohlewert 100:",
        "Ben +130: Einsatz 30 gewonnen (+30), höchster Kohlewert (+50), meiste Stücke (+50)",
        "Anna +80: Einsatz 40 gewonnen, als höchster Einsatz doppelt (+80)",
        "Cem ±0: kein Einsatz",
    ]
    assert teufel_cards.describe(DOUBLE_ROUND, "en", str).split("\n") == [
        "Settling round 1 – highest coal 100:",
        "Ben +130: bet 30 won (+30), highest coal (+50), most pieces (+50)",
        "Anna +80: bet 40 won, doubled as the highest bet (+80)",
        "Cem ±0: no bet",
    ]
    lost = teufel_cards.describe(SOURCE_ROUND, "en", str).split("\n")[3]
    assert lost == "Lucy −140: bet 140 lost, more than 135 (−140)"
