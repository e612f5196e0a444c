"""Flaschenteufel (The Bottle Imp): tricks and a bottle (shared/rules/flaschenteufel.md)."""

from typing import Any

from bot import bounds
from bot.games.flaschenteufel import measures
from bot.games.flaschenteufel.game import Flaschenteufel
from bot.games.flaschenteufel.render import cards, statistics
from bot.games.flaschenteufel.render.emojis import CARD_EMOJIS
from bot.games.plugin import GamePlugin, TableCommands, TableOption

__all__ = ["PLUGIN", "Flaschenteufel"]


def _table(variante: str, haende: int | None) -> dict[str, Any]:
    options: dict[str, Any] = {"variant": variante}
    if haende is not None:
        options["hands"] = haende
    return options


COMMANDS = TableCommands(
    "flaschenteufel",
    "flaschenteufel.desc",
    cards.lobby_card,
    table_desc="ft.tisch.desc",
    options=(
        TableOption(
            "variante",
            "variante.desc",
            str,
            "standard",
            choices=("standard", "lopaka", "glitterhuis"),
        ),
        TableOption(
            "haende", "haende.desc", int, None, bounds=(bounds.HANDS_MIN, bounds.HANDS_MAX)
        ),
    ),
    table=_table,
    practice={"variant": "standard"},
)

PLUGIN = GamePlugin(
    Flaschenteufel(),
    levels="bot.games.flaschenteufel.players.levels",
    measure=measures.measure,
    extension="cogs.games.flaschenteufel",
    accent=0x2D9D78,
    statistics=statistics.lines,
    help_sections=("goal", "hand", "decisions"),
    event_prefix="ft",
    describe=cards.describe,
    view_card=cards.view_card,
    commands=COMMANDS,
    emojis=CARD_EMOJIS,
)
