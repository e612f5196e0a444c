"""Die verflixte 6: push-your-luck dice (rules: shared/rules/verflixte6.md)."""

from typing import Any

from bot import bounds
from bot.games.plugin import GamePlugin, TableCommands, TableOption
from bot.games.verflixte6 import measures
from bot.games.verflixte6.game import Verflixte6
from bot.games.verflixte6.render import cards, lines, pictures, statistics
from bot.games.verflixte6.render.help import extras

__all__ = ["PLUGIN", "Verflixte6"]


def _table(durchgaenge: int) -> dict[str, Any]:
    return {"durchgaenge": durchgaenge}


COMMANDS = TableCommands(
    "v6",
    "v6.desc",
    cards.lobby_card,
    table_desc="tisch.desc",
    options=(
        TableOption(
            "durchgaenge",
            "durchgaenge.desc",
            int,
            3,
            bounds=(bounds.DURCHGAENGE_MIN, bounds.DURCHGAENGE_MAX),
        ),
    ),
    table=_table,
    practice={"durchgaenge": 1},
    rules_desc="regeln.desc",
    guild_only=False,
)

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
    describe=lines.describe,
    view_card=cards.view_card,
    result_picture=pictures.result_picture,
    commands=COMMANDS,
)
