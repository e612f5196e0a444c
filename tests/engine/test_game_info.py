"""What a game is, as data: every engine describes itself in ``info`` (no attribute is
probed), and its older attributes read the same."""

from __future__ import annotations

from bot.engine.core import player_bounds
from bot.plugins import GAMES


def test_every_game_describes_itself() -> None:
    for kind, game in GAMES.items():
        info = game.info
        assert info.kind == kind == game.kind
        assert (info.min_players, info.max_players) == (game.min_players, game.max_players)
        assert 1 <= info.min_players <= info.max_players


def test_capabilities() -> None:
    open_seats = {k for k, g in GAMES.items() if g.info.open_seats}
    simultaneous = {k for k, g in GAMES.items() if g.info.simultaneous}
    secrets = {k for k, g in GAMES.items() if g.info.secrets}
    assert open_seats == {"turnier"}
    assert simultaneous == {"teufel", "flaschenteufel"}
    assert secrets == {"teufel", "flaschenteufel", "dicedevils"}


def test_bounds_without_options_are_the_games_own() -> None:
    for game in GAMES.values():
        assert player_bounds(game, {}) == (game.min_players, game.max_players)


def test_a_game_that_redacts_events_declares_secrets() -> None:
    """The service redacts events only for games with secrets (the others' events are all
    public): a game that hides something in its events must say so in ``info``."""
    from bot.engine.base import Engine

    for kind, game in GAMES.items():
        redacts = type(game).redact is not Engine.redact
        assert redacts == game.info.secrets, kind
