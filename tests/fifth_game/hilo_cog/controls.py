"""Hoch oder tief's controls: "Höher" and "Tiefer", each the engine's action of its verb."""

from __future__ import annotations

from cogs.pipeline.clicks import Control, GameClicks, simple
from tests.fifth_game.hilo import cards
from tests.fifth_game.hilo_cog.show import show

CLICKS = GameClicks(
    "hilo",
    (cards.BUTTON, cards.SELECT),
    controls=(Control("higher", simple), Control("lower", simple)),
    show=show,
    table_card=lambda d: cards.table_card(d.outcome, d.outcome.locale),
)
