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


async def test_glitterhuis_says_both_steps_of_a_set_and_which_set(service: Service) -> None:
    """In Glitterhuis each player puts a card into the devil's trick and passes one, set
    by set: the table says both and the set, and whoever has done only one still owes."""
    outcome = await service.create("flaschenteufel", ["1", "2"], {"variant": "glitterhuis"})
    text = ft_cards.table_card(outcome, "de", name=lambda p: f"@{p}").description
    assert "**Teufelsstich und Weitergeben** (Satz 1): jeder legt eine Karte verdeckt" in text
    assert "es fehlen noch @1 und @2." in text
    first = outcome.private["1"]["seats"][0]["sets"][0]
    after = await service.act(outcome.game_id, "1", Action("discard", {"card": first[0]}))
    text = ft_cards.table_card(after, "de", name=lambda p: f"@{p}").description
    assert "es fehlen noch @1 und @2." in text  # he has still to pass one on
    after = await service.act(outcome.game_id, "1", Action("pass", {"card": first[1]}))
    text = ft_cards.table_card(after, "de", name=lambda p: f"@{p}").description
    assert "(Satz 1)" in text and "es fehlt noch @2." in text
    english = ft_cards.table_card(after, "en", name=lambda p: f"@{p}").description
    assert "**Devil's trick and passing** (set 1)" in english
