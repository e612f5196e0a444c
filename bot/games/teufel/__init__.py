"""Auf Teufel komm raus: sealed bets, coal, devils (shared/rules/teufel-komm-raus.md)."""

from typing import Any

from bot.games.plugin import GamePlugin, TableCommands
from bot.games.teufel import measures
from bot.games.teufel.game import Teufel
from bot.games.teufel.render import cards, pictures, statistics
from bot.games.teufel.render.emojis import TILE_EMOJIS

__all__ = ["PLUGIN", "Teufel"]


def _table() -> dict[str, Any]:
    return {"random_start": True}


COMMANDS = TableCommands(
    "teufel",
    "teufel.desc",
    cards.lobby_card,
    table_desc="teufel.tisch.desc",
    table=_table,
    practice={"random_start": True},
)

PLUGIN = GamePlugin(
    Teufel(),
    levels="bot.games.teufel.players.levels",
    measure=measures.measure,
    extension="cogs.games.teufel",
    accent=0xE8743B,
    statistics=statistics.lines,
    help_sections=("goal", "round", "decisions"),
    event_prefix="teufel",
    describe=cards.describe,
    view_card=cards.view_card,
    result_picture=pictures.result_picture,
    commands=COMMANDS,
    emojis=TILE_EMOJIS,
)
