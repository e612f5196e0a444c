"""Every registry of games is built from the one list of plugins (bot.plugins.PLUGINS): the
engines, the computer players' levels, the history's measures, the warm-up's games and
the Discord adapters the bot loads; a game registered later is known to each of them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.app import extensions
from bot.computer_players import levels, player
from bot.games.dicedevils import DiceDevils
from bot.games.plugin import GamePlugin
from bot.games.tally import Tally
from bot.history.measures import measures
from bot.players import LEVELS
from bot.plugins import GAMES, PLUGINS, plugin_of, register
from bot.render.pictures.palette import DEFAULT_ACCENT
from cogs.pipeline.payload import accent_of

KINDS = ["verflixte6", "teufel", "flaschenteufel", "dicedevils"]


def test_the_four_games_are_the_plugins_in_order() -> None:
    assert [plugin.kind for plugin in PLUGINS] == KINDS
    for plugin in PLUGINS:
        assert GAMES[plugin.kind] is plugin.engine
        assert levels(plugin.kind) == LEVELS
        assert player(plugin.kind, "zufall").game == plugin.kind
        assert plugin.extension in extensions()
        assert plugin.extension == f"cogs.games.{plugin.kind}"
    assert plugin_of("turnier") is None and "turnier" in GAMES  # a workflow, not a game


class Duel(DiceDevils):
    info = replace(DiceDevils.info, kind="duell")


def counted(events: Any, tally: Tally) -> None:
    for event in events:
        tally.add(event["player"], "rolls")


@pytest.fixture
def duel() -> Iterator[GamePlugin]:
    plugin = GamePlugin(
        Duel(), levels="bot.games.dicedevils.players.levels", measure=counted,
        extension="tests.games.duel",
    )  # fmt: skip
    register(plugin)
    yield plugin
    PLUGINS.remove(plugin)
    del GAMES[plugin.kind]


def test_a_game_registered_later_is_known_everywhere(duel: GamePlugin) -> None:
    assert GAMES["duell"] is duel.engine and plugin_of("duell") is duel
    assert levels("duell") == LEVELS
    got = measures("duell", [{"player": "a"}, {"player": "a"}], {"a": 1, "b": 2})
    assert got["a"]["rolls"] == 2 and "rolls" not in got["b"]
    assert accent_of("duell") == DEFAULT_ACCENT  # it declared none


def test_each_game_s_cards_have_its_own_accent_and_its_statistics_their_lines() -> None:
    accents = [accent_of(kind) for kind in KINDS]
    assert len(set(accents)) == 4 and DEFAULT_ACCENT not in accents
    assert all(0 <= accent <= 0xFFFFFF for accent in accents)  # as Discord takes it
    assert accent_of("turnier") not in accents
    sums = {"games": 2, "wins": 1, "places": 3, "bets": 2, "bet_sum": 60, "devils": 1}
    teufel = plugin_of("teufel")
    assert teufel is not None and teufel.statistics is not None
    assert teufel.statistics(sums, "en")[1:] == ["Average bet: 30.0 (2 rounds)", "Devils met: 1"]


def test_an_unknown_game_has_no_levels_and_no_measures() -> None:
    assert levels("schach") == ()
    assert measures("schach", [{"player": "a"}], {"a": 1}) == {
        "a": {"games": 1, "wins": 1, "places": 1}
    }
    with pytest.raises(KeyError, match="no computer player schach/stark"):
        player("schach", "stark")
