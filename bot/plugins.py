"""The games the bot plays and the registry it looks them up in: ``PLUGINS``, the one
list of games (each declared once in its folder, ``bot.games.<game>.PLUGIN``), and the
engines by kind (``GAMES``), the tournament's workflow among them."""

from __future__ import annotations

from typing import Any

from bot.engine import Game
from bot.games import dicedevils, flaschenteufel, teufel, verflixte6
from bot.games.plugin import GamePlugin
from bot.i18n import add_texts, drop_texts
from bot.render.sums import Lines, common
from bot.tournament.game import TournamentGame

PLUGINS: list[GamePlugin] = [
    verflixte6.PLUGIN,
    teufel.PLUGIN,
    flaschenteufel.PLUGIN,
    dicedevils.PLUGIN,
]
"""The games the bot plays, in the order it lists them."""

GAMES: dict[str, Game[Any]] = {plugin.kind: plugin.engine for plugin in PLUGINS}
GAMES[TournamentGame.kind] = TournamentGame()  # a workflow the service runs as a table


def plugin_of(kind: str) -> GamePlugin | None:
    """The game ``kind`` (None: no such game, or the tournament's workflow)."""
    return next((plugin for plugin in PLUGINS if plugin.kind == kind), None)


def statistics_lines() -> list[tuple[str, Lines]]:
    """Each game's lines of ``/statistik`` (its plugin's ``statistics``, else every game's
    first line), in the order the bot lists the games."""
    return [(plugin.kind, plugin.statistics or common) for plugin in PLUGINS]


def register(plugin: GamePlugin) -> None:
    """One more game (a test's): into the list, the engines by kind and the texts; a bot
    built from now on loads its Discord adapter."""
    if plugin_of(plugin.kind) is None:
        PLUGINS.append(plugin)
    GAMES[plugin.kind] = plugin.engine
    add_texts(plugin.texts)


def unregister(kind: str) -> None:
    """The game ``kind`` taken out again (a test's, when it is done)."""
    for plugin in PLUGINS:
        if plugin.kind == kind:
            drop_texts(plugin.texts)
    PLUGINS[:] = [plugin for plugin in PLUGINS if plugin.kind != kind]
    GAMES.pop(kind, None)


def get_game(kind: str) -> Game[Any]:
    """The engine for ``kind``; KeyError names the known kinds."""
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"unknown game {kind!r}; known: {', '.join(sorted(GAMES))}") from None
