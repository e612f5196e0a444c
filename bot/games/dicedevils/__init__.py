"""Dice Devils: secret dice, rank abilities, dice fights (shared/rules/dice-devils.md)."""

from bot.games.dicedevils import measures
from bot.games.dicedevils.game import DiceDevils
from bot.games.dicedevils.render import statistics
from bot.games.plugin import GamePlugin

__all__ = ["PLUGIN", "DiceDevils"]

PLUGIN = GamePlugin(
    DiceDevils(),
    levels="bot.games.dicedevils.players.levels",
    measure=measures.measure,
    extension="cogs.games.dicedevils",
    accent=0x9B59D0,
    statistics=statistics.lines,
    help_sections=("goal", "round", "decisions"),
    event_prefix="dd",
)
