"""The Spielteufel's decision is named and says what it caused: declining leaves his
opponents' dice, and a tie's re-roll after it reads as the tie's, not his."""

from __future__ import annotations

import re

import pytest

from bot.engine import Action, FixedRng, step
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.render import cards as dd_cards
from bot.i18n import LANGUAGES

GAME = DiceDevils()
FOUR = {"O": "Oberteufel", "Sp": "Spielteufel", "F": "Fehlerteufel", "S": "Satansbraten"}


def play(force: bool, dice: list[int]) -> list[str]:
    rng = FixedRng(dice, picks=["Bett", "Schal", "Grill", "Bett", "Bett"])
    state, _ = GAME.setup(list(FOUR), {"ranks": FOUR}, rng)
    events = []
    for player, slot in (("O", 0), ("Sp", 1), ("F", 1), ("S", 2)):
        state, new = step(
            GAME, state, list(FOUR).index(player), Action("place", {"slot": slot}), rng
        )
        events += new
    state, new = step(GAME, state, 1, Action("reroll", {"force": force}), rng)
    names = {"Sp": "@Sp", "F": "@F"}
    return [dd_cards.describe(e.to_dict(), "de", lambda p: names.get(p, p)) for e in new]


def test_declining_names_the_spielteufel_and_a_tie_rerolls_as_a_tie() -> None:
    # O 6,6,6; Sp 2,2 = 4; F 3,1 = 4: a tie; then Sp 6,6 and F 1,1
    lines = play(False, [6, 6, 6, 2, 2, 3, 1, 1, 1, 6, 6, 1, 1, *[1] * 9])
    assert lines[0] == (
        "@Sp (Spielteufel) lässt die Gegner nicht neu würfeln: Die Würfel bleiben liegen."
    )
    assert lines[1].startswith("Gleichstand – die Führenden würfeln neu: @Sp 6-6 = 12; @F 1-1")


def test_forcing_names_him_and_his_opponents_reroll() -> None:
    lines = play(True, [6, 6, 6, 2, 2, 6, 5, 1, 1, 1, 1, *[1] * 9])
    assert lines[0] == "@Sp (Spielteufel) lässt die Gegner in diesem Würfelkampf neu würfeln."
    assert lines[1] == "Die Gegner des Spielteufels würfeln neu: @F 1-1 = 2."


def test_the_end_line_ranks_the_points_highest_first() -> None:
    event = {"type": "game_end", "points": {"A": 13, "B": 3, "C": 11}, "winner": "A"}
    line = dd_cards.describe(event, "de", lambda p: f"@{p}")
    assert line == "Spielende! Punkte: @A 13, @C 11, @B 3. Es gewinnt @A."


@pytest.mark.parametrize("language", ["de", "en"])
def test_no_text_about_a_player_assumes_a_gender(language: str) -> None:
    """The catalogues know no player's gender: Dice Devils' texts say "die Gegner", "the
    opponents", never "seine Gegner" or "his opponents", whoever the Spielteufel is."""
    gendered = re.compile(r"\b(seine[nmrs]?|sein|ihn|ihm|his|him|he)\b", re.IGNORECASE)
    found = [
        (key, text)
        for key, text in LANGUAGES[language].every_text()
        if key.startswith("dd.") and gendered.search(text)
    ]
    assert found == []
