"""A game's controls: each verb declared once, found by the click's prefix and verb, and a
verb no control declares refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from bot.games.teufel.render import cards as teufel_cards
from cogs.games.teufel.controls import CLICKS as TEUFEL
from cogs.pipeline.clicks import Control, GameClicks, simple
from cogs.pipeline.incoming import Click


async def _shown(d: Any, actor: str | None) -> None:
    return None


def click(prefix: str, verb: str, *values: str) -> Click:
    return Click(prefix, 1, 1, verb, "", list(values))


def test_a_verb_declared_twice_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        GameClicks("hilo", ("hb",), (Control("roll", simple), Control("roll", simple)), _shown)


def test_a_button_and_a_form_of_one_verb_are_two_controls() -> None:
    """Teufel's "Setzen" opens the bet form; the form's submission bets."""
    button = TEUFEL.control(click(teufel_cards.BUTTON, "bet"))
    form = TEUFEL.control(click(teufel_cards.FORM, "bet"))
    assert button is not None and button.answer is not None and button.act is None
    assert form is not None and form.act is not None and form.answer is None
    assert TEUFEL.to_action(click(teufel_cards.FORM, "bet", " 25 "), None) == Action(
        "bet", {"amount": 25}
    )
    with pytest.raises(IllegalAction) as words:
        TEUFEL.to_action(click(teufel_cards.FORM, "bet", "viel"), None)
    assert words.value.key == "teufel.ui.bet_number"


def test_a_control_without_a_prefix_takes_each_of_the_game_s() -> None:
    stopp = TEUFEL.control(click(teufel_cards.BUTTON, "stopp"))
    assert stopp is not None and TEUFEL.control(click(teufel_cards.SELECT, "stopp")) is stopp


def test_a_verb_no_control_declares_is_refused_by_name() -> None:
    assert TEUFEL.control(click(teufel_cards.BUTTON, "weiter")) is None
    with pytest.raises(IllegalAction) as unknown:
        TEUFEL.to_action(click(teufel_cards.BUTTON, "weiter"), None)
    assert unknown.value.key == "game.unknown_action"
    with pytest.raises(IllegalAction) as answer_only:  # "Mein Konto" never acts
        TEUFEL.to_action(click(teufel_cards.BUTTON, "account"), None)
    assert answer_only.value.key == "game.unknown_action"
