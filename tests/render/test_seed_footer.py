"""Every game's table shows the seed's commitment while it runs and the seed at the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.games.dicedevils.render import cards as dd_cards
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel.render import cards as teufel_cards
from bot.games.verflixte6.render import cards as v6_cards
from bot.service import Service
from bot.store import Store

CARDS: dict[str, Callable[[Any, str], Any]] = {
    "verflixte6": v6_cards.table_card,
    "teufel": lambda outcome, locale: teufel_cards.table_card(outcome, locale, lambda p: "…"),
    "flaschenteufel": ft_cards.table_card,
    "dicedevils": dd_cards.table_card,
}


@pytest.mark.parametrize("kind", sorted(CARDS))
async def test_the_seed_is_committed_while_playing_and_revealed_at_the_end(
    store: Store, kind: str
) -> None:
    service = Service(store)
    running = await service.create(kind, ["1", "2", "3"], {})
    footer = CARDS[kind](running, "de").footer
    assert running.seed_hash[:16] in footer and running.seed is None
    ended = await service.host.end_table(running.game_id, "99")
    footer = CARDS[kind](ended, "de").footer
    assert ended.seed is not None and ended.seed in footer
    assert ended.head_hash == store.get(ended.game_id).head_hash
    assert ended.head_hash[:16] in footer  # the chain's head, published: no later rewrite
