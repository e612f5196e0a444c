"""A lobby promises the seats its game takes with the chosen options: a Flaschenteufel
table shows its variant, and Lopaka's lobby seats exactly two (no third may join)."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction
from bot.engine.core import player_bounds
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store


@pytest.mark.parametrize(
    ("options", "bounds"),
    [
        ({"variant": "standard"}, (3, 4)),
        ({"variant": "lopaka"}, (2, 2)),
        ({"variant": "glitterhuis"}, (2, 2)),
        ({}, (2, 4)),
    ],
)
def test_flaschenteufel_bounds_follow_the_variant(
    options: dict[str, str], bounds: tuple[int, int]
) -> None:
    assert player_bounds(GAMES["flaschenteufel"], options) == bounds


def test_the_other_games_keep_their_bounds() -> None:
    for kind in ("verflixte6", "teufel", "dicedevils"):
        game = GAMES[kind]
        assert player_bounds(game, {}) == (game.min_players, game.max_players)


async def test_a_lopaka_lobby_seats_two_and_names_its_variant(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("flaschenteufel", "1", {"variant": "lopaka"})
    text = ft_cards.lobby_card(lobby, "de").description
    assert "Variante: Lopaka" in text and "Plätze: 1 von 2" in text
    assert "genau 2" in text and "mindestens" not in text
    await service.act(lobby.game_id, "2", Action("join"))
    with pytest.raises(IllegalAction, match=r"lobby.full"):
        await service.act(lobby.game_id, "3", Action("join"))
    started = await service.act(lobby.game_id, "1", Action("start"), nonce="n")
    assert started.status == "open"


async def test_a_standard_lobby_needs_three(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("flaschenteufel", "1", {"variant": "standard"})
    text = ft_cards.lobby_card(lobby, "en").description
    assert "Variant: Standard" in text and "At least 3" in text
    await service.act(lobby.game_id, "2", Action("join"))
    with pytest.raises(IllegalAction, match=r"lobby.too_few"):
        await service.act(lobby.game_id, "1", Action("start"))
