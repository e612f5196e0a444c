"""Flaschenteufel's help says what the engine does: in a Standard hand passing opens only
after everyone discarded (the rules' order); only Glitterhuis takes both in any order."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, step
from bot.engine.rng import FixedRng
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.flaschenteufel.cards import DECK
from bot.help_pages import sections


def test_standard_passing_waits_for_every_discard() -> None:
    game = Flaschenteufel()
    rng = FixedRng([], shuffles=[list(DECK)])
    state, _ = game.setup(["A", "B", "C"], {"variant": "standard"}, rng)
    cards = sorted(state.hands[0].cards)
    with pytest.raises(IllegalAction, match=r"ft\.phase\.discard"):
        step(game, state, 0, Action("pass", {"left": cards[0], "right": cards[1]}), FixedRng([]))


@pytest.mark.parametrize(
    ("locale", "order", "wrong"),
    [
        (
            "de",
            "das Weitergeben öffnet sich, wenn alle abgelegt haben",
            "Ablegen und Weitergeben geht in beliebiger",
        ),
        (
            "en",
            "passing opens when all have discarded",
            "Discarding and passing may come in any order",
        ),
    ],
)
def test_the_help_tells_that_order(locale: str, order: str, wrong: str) -> None:
    text = "\n".join(body for _, body in sections("flaschenteufel", locale))
    assert order in text and wrong not in text
