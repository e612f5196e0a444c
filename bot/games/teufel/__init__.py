"""Auf Teufel komm raus: sealed bets, coal, devils (shared/rules/teufel-komm-raus.md)."""

from bot.games.plugin import GamePlugin
from bot.games.teufel import measures
from bot.games.teufel.game import Teufel
from bot.games.teufel.render import statistics

__all__ = ["PLUGIN", "Teufel"]

PLUGIN = GamePlugin(
    Teufel(),
    levels="bot.games.teufel.players.levels",
    measure=measures.measure,
    extension="cogs.games.teufel",
    accent=0xE8743B,
    statistics=statistics.lines,
    help_sections=("goal", "round", "decisions"),
    event_prefix="teufel",
)
