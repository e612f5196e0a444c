"""Die verflixte 6: push-your-luck dice (rules: shared/rules/verflixte6.md)."""

from bot.games.plugin import GamePlugin
from bot.games.verflixte6 import measures
from bot.games.verflixte6.game import Verflixte6
from bot.games.verflixte6.render import statistics
from bot.games.verflixte6.render.help import extras

__all__ = ["PLUGIN", "Verflixte6"]

PLUGIN = GamePlugin(
    Verflixte6(),
    levels="bot.games.verflixte6.players.levels",
    measure=measures.measure,
    extension="cogs.games.verflixte6",
    accent=0xDA373C,
    statistics=statistics.lines,
    help_sections=("goal", "turn", "decisions"),
    help_extras=extras,
    event_prefix="v6",
)
