"""A revealed seed says what it lets anyone check in the game's own words: dice for the
dice games, tiles for Teufel, shuffles and deals for Flaschenteufel, the draw for a
tournament — never "every die" for a card game."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.render.lobby_card import seed_line
from bot.render.tournament_cards import champion_card

WORDS = {
    "de": {
        "verflixte6": "jeder Wurf ist nachprüfbar",
        "dicedevils": "jeder Wurf und jeder gezogene Gegenstand",
        "teufel": "jedes gezogene Plättchen",
        "flaschenteufel": "jedes Mischen und Austeilen",
    },
    "en": {
        "verflixte6": "every die can be verified",
        "dicedevils": "every die and every item drawn",
        "teufel": "every tile drawn",
        "flaschenteufel": "every shuffle and deal",
    },
}


@pytest.mark.parametrize("locale", ["de", "en"])
@pytest.mark.parametrize("kind", ["verflixte6", "dicedevils", "teufel", "flaschenteufel"])
def test_each_game_names_its_own_chance(kind: str, locale: str) -> None:
    outcome = SimpleNamespace(kind=kind, seed="5eed", seed_hash="4a54", head_hash="", game_id=1234)
    line = seed_line(outcome, locale)
    assert WORDS[locale][kind] in line and "`5eed`" in line
    verify = {"de": "Spiel Nr. 1234: `/verify spiel nummer:1234`.",
              "en": "Game no. 1234: `/verify game number:1234`."}  # fmt: skip
    assert line.endswith(verify[locale])  # the number /verify asks for
    if kind in ("teufel", "flaschenteufel"):
        assert "Wurf" not in line and "die" not in line


def test_a_tournaments_seed_verifies_its_draw() -> None:
    outcome = SimpleNamespace(kind="turnier", seed="5eed", seed_hash="4a54")
    card = champion_card({"player": "Anna"}, "Cup", outcome, "de", str)
    assert "jede Auslosung ist nachprüfbar" in card.footer
    assert "/verify" not in card.footer  # a draw is not a game /verify spiel checks
