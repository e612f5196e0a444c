"""The computer players of every game by level: each game's levels are in
``bot/games/<game>/players/levels.py`` (its plugin names the module) as ``FACTORIES``:
level -> a function of a seed that makes the policy. The policies are imported when one is
first asked for; the levels' names are known without them (a lobby's card asks, on the
event loop)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from bot.players import Policy
from bot.players.seats import OFFERED
from bot.plugins import PLUGINS, plugin_of


def _levels_of(game: str) -> str | None:
    """The module of ``game``'s levels, as its plugin declares it."""
    plugin = plugin_of(game)
    return None if plugin is None else plugin.levels


def _factories(game: str) -> Mapping[str, Callable[[int], Policy]]:
    module_name = _levels_of(game)
    if module_name is None:
        return {}
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return {}
    factories: Mapping[str, Callable[[int], Policy]] = module.FACTORIES
    return factories


def styles(game: str) -> Mapping[str, Callable[[int], Policy]]:
    """``game``'s pool of opponent styles: name -> a function of a seed that makes the
    policy. Each is a few lines playing one person's habit (the high bettor, the cautious
    one, ...), which the bench plays the levels against (``bench.policies --against
    style:NAME``); none is offered at tables. A game keeps its pool as ``STYLES`` in the
    ``styles`` module next to its levels (``bot/games/<game>/players/styles.py``); a game
    without one has none."""
    module_name = _levels_of(game)
    if module_name is None:
        return {}
    name = f"{module_name.rpartition('.')[0]}.styles"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is None or not f"{name}.".startswith(f"{missing.name}."):
            raise  # a module the pool imports is missing, not the pool
        return {}
    pool: Mapping[str, Callable[[int], Policy]] = module.STYLES
    return pool


def levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` has computer players for, weakest first (known without importing
    the policies: a lobby's card asks, on the event loop)."""
    plugin = plugin_of(game)
    return () if plugin is None else plugin.level_names


def offered_levels(game: str) -> list[str]:
    """The levels a lobby offers computer players of (the bench's ``zufall`` is none):
    the lobby's view carries them to its card."""
    return [level for level in levels(game) if level in OFFERED]


def player(game: str, level: str, seed: int = 0) -> Policy:
    """The computer player of ``game`` at ``level`` (``seed``: for a level that draws lots)."""
    try:
        return _factories(game)[level](seed)
    except KeyError:
        known = ", ".join(f"{p.kind}/{lv}" for p in PLUGINS for lv in levels(p.kind))
        raise KeyError(f"no computer player {game}/{level}; known: {known}") from None
