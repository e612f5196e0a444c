"""Dice Devils: secret dice, rank abilities, dice fights (shared/rules/dice-devils.md)."""

from typing import Any

from bot.games.dicedevils import measures
from bot.games.dicedevils.game import DiceDevils
from bot.games.dicedevils.render import cards, statistics
from bot.games.dicedevils.render.emojis import ITEM_EMOJIS
from bot.games.plugin import GamePlugin, TableCommands, TableOption

__all__ = ["PLUGIN", "DiceDevils"]


def _table(mehr_kaempfe: bool) -> dict[str, Any]:
    return {"random_ranks": True, "variant": "more_fights" if mehr_kaempfe else "standard"}


COMMANDS = TableCommands(
    "dicedevils",
    "dicedevils.desc",
    cards.lobby_card,
    table_desc="dd.tisch.desc",
    options=(TableOption("mehr_kaempfe", "mehr.desc"),),
    table=_table,
    practice={"random_ranks": True, "variant": "standard"},
)

PLUGIN = GamePlugin(
    DiceDevils(),
    levels="bot.games.dicedevils.players.levels",
    measure=measures.measure,
    extension="cogs.games.dicedevils",
    accent=0x9B59D0,
    statistics=statistics.lines,
    help_sections=("goal", "round", "decisions"),
    event_prefix="dd",
    describe=cards.describe,
    view_card=cards.view_card,
    commands=COMMANDS,
    emojis=ITEM_EMOJIS,
)
