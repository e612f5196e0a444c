"""Flaschenteufel's table names the phase a hand is in and whom it waits for (not the
leader of a trick nobody plays yet), and every card says its coins in the text too."""

from __future__ import annotations

import pytest

from bot.engine import Action
from bot.games.flaschenteufel.cards import DECK
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.service import Service
from bot.store import Store


@pytest.fixture
def service(store: Store) -> Service:
    return Service(store)


async def test_the_table_names_its_phase_and_whom_it_waits_for(service: Service) -> None:
    outcome = await service.create("flaschenteufel", ["1", "2", "3"], {})
    card = ft_cards.table_card(outcome, "de", name=lambda p: f"@{p}")
    assert "**Teufelsstich**: jeder legt eine Karte verdeckt hinein – es fehlen noch" in (
        card.description
    )
    assert "@1, @2 und @3" in card.description
    assert "beginnt – den ersten Stich spielt" in card.description
    hand = outcome.private["1"]["seats"][0]["cards"]
    after = await service.act(outcome.game_id, "1", Action("discard", {"card": hand[0]}))
    text = ft_cards.table_card(after, "de", name=lambda p: f"@{p}").description
    assert "es fehlen noch @2 und @3" in text
    held = after.private["2"]["seats"][1]["cards"]
    after = await service.act(outcome.game_id, "2", Action("discard", {"card": held[0]}))
    text = ft_cards.table_card(after, "de", name=lambda p: f"@{p}").description
    assert "es fehlt noch @3." in text  # one player: singular


def test_a_card_says_its_colour_and_coins() -> None:
    assert ft_cards.card_label(1, "de").startswith("1 (")
    labels = [ft_cards.card_label(c, "de") for c in DECK]
    assert all(label.endswith("●)") for label in labels)
    assert any("●●●●●●" in label for label in labels)
