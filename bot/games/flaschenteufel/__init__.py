"""Flaschenteufel (The Bottle Imp): tricks and a bottle (shared/rules/flaschenteufel.md)."""

from bot.games.flaschenteufel import measures
from bot.games.flaschenteufel.game import Flaschenteufel
from bot.games.flaschenteufel.render import statistics
from bot.games.plugin import GamePlugin

__all__ = ["PLUGIN", "Flaschenteufel"]

PLUGIN = GamePlugin(
    Flaschenteufel(),
    levels="bot.games.flaschenteufel.players.levels",
    measure=measures.measure,
    extension="cogs.games.flaschenteufel",
    accent=0x2D9D78,
    statistics=statistics.lines,
    help_sections=("goal", "hand", "decisions"),
    event_prefix="ft",
)
