"""Dice Devils: secret dice, rank abilities, dice fights (shared/rules/dice-devils.md)."""

from bot.games.dicedevils.game import DiceDevils

__all__ = ["DiceDevils"]
