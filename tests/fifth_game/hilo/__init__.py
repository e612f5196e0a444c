"""Hoch oder tief: each player in turn says whether the next roll of the die beats the
face it shows; a right call scores a point; after two calls each, the most points win."""

from typing import Any

from bot.games.plugin import GamePlugin, TableCommands, TableOption
from tests.fifth_game.hilo import cards
from tests.fifth_game.hilo.game import HiLo
from tests.fifth_game.hilo.texts import TEXTS


def _measure(events: object, tally: object) -> None:
    """Hoch oder tief counts nothing beyond every game's games, wins and places."""


def _table(runden: int) -> dict[str, Any]:
    return {"rounds": runden}


COMMANDS = TableCommands(
    "hilo",
    "hilo.desc",
    cards.lobby_card,
    table_desc="hilo.tisch.desc",
    options=(TableOption("runden", "runden.desc", int, 2, bounds=(1, 5)),),
    table=_table,
    practice={"rounds": 1},
)
"""``/hilo tisch`` (with ``runden``) and ``/hilo üben``, generated like every game's."""

PLUGIN = GamePlugin(
    HiLo(),
    levels="tests.fifth_game.hilo.levels",
    measure=_measure,
    extension="tests.fifth_game.hilo_cog",
    level_names=("zufall", "leicht"),
    commands=COMMANDS,
    texts=TEXTS,
)
