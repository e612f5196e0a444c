"""French keeps one word per meaning: a round of play (Teufel's and Dice Devils' rounds,
Flaschenteufel's hands, as the option ``manches:`` counts them) is a "manche"; "main" is
only the cards a player holds (never "la main 2", "par donne", "avoir la main")."""

from __future__ import annotations

import re

from bot.i18n import LANGUAGES

HELD = {"ft.not_in_hand", "help.flaschenteufel.decisions.body"}
"""Texts about the cards in a player's hand, where "main" is the word."""


def french() -> list[tuple[str, str]]:
    return LANGUAGES["fr"].every_text()


def test_main_is_only_the_cards_a_player_holds() -> None:
    found = {key for key, text in french() if re.search(r"\bmains?\b", text, re.IGNORECASE)}
    assert found <= HELD


def test_a_flaschenteufel_hand_is_a_manche_as_its_option_says() -> None:
    hands = {
        key: text
        for key, text in french()
        if key in {"ft.event.hand", "ft.event.hand_end", "ft.ui.title", "cmd.option.haende"}
        or key.startswith("stats.ft.")
    }
    assert hands and all(not re.search(r"\bdonnes?\b", text) for text in hands.values())
    for key in ("ft.event.hand", "ft.event.hand_end", "ft.ui.title", "cmd.option.haende"):
        assert re.search(r"\bmanches?\b", hands[key], re.IGNORECASE), key
