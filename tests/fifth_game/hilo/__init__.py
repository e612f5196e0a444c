"""Hoch oder tief: each player in turn says whether the next roll of the die beats the
face it shows; a right call scores a point; after two calls each, the most points win."""

from bot.games.plugin import GamePlugin
from tests.fifth_game.hilo.game import HiLo
from tests.fifth_game.hilo.texts import TEXTS


def _measure(events: object, tally: object) -> None:
    """Hoch oder tief counts nothing beyond every game's games, wins and places."""


PLUGIN = GamePlugin(
    HiLo(),
    levels="tests.fifth_game.hilo.levels",
    measure=_measure,
    extension="tests.fifth_game.hilo_cog",
    level_names=("zufall", "leicht"),
    texts=TEXTS,
)
