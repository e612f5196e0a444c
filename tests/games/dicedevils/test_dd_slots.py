"""Dice Devils' display is counted from 1 for players (buttons, the table's list, the
absence line, the refusal), while custom ids and actions keep the engine's 0-based slots."""

from __future__ import annotations

from types import SimpleNamespace

from bot.games.dicedevils.render import cards as dd_cards
from bot.games.dicedevils.render.pictures import display_slots
from bot.i18n import t
from bot.render.cards import Button
from cogs.table_hosts import _absent_line
from tests.helpers.click_ids import click_of


def placing() -> SimpleNamespace:
    view = {
        "phase": "place",
        "display": ["Teetasse", "Schal"],
        "to_act": ["1"],
        "round": 1,
        "demons": [],
    }
    return SimpleNamespace(
        public=view, game_id=7, version=3, status="open", events=[], seed=None, seed_hash="ab"
    )


def test_item_buttons_count_from_1_and_keep_0_based_ids() -> None:
    card = dd_cards.table_card(placing(), "de")
    buttons = [b for b in card.rows[0] if isinstance(b, Button)]
    assert [b.label for b in buttons] == ["1: Teetasse", "2: Schal"]
    assert [click_of(b.custom_id).arg for b in buttons] == ["0", "1"]
    assert dict(card.fields)["Auslage"].splitlines() == [
        "1: Teetasse (1 Punkt)",
        "2: Schal (1 Punkt)",
    ]


def test_the_display_shows_every_cup_and_what_went_out() -> None:
    """After Ben and Anna placed on Bett, Cem sees both cups there; an item given out this
    round is marked taken; every item says what it is worth."""
    outcome = placing()
    outcome.public["display"] = ["Bett", "Wasserkessel", "Grill"]
    outcome.public["taken"] = [1]
    outcome.public["demons"] = [
        {"player": "Anna", "rank": "Oberteufel", "slot": 0, "items": [], "points": 0},
        {"player": "Ben", "rank": "Putzteufel", "slot": 0, "items": [], "points": 0},
        {"player": "Cem", "rank": "Satansbraten", "slot": None, "items": [], "points": 0},
    ]
    text = dd_cards.display_text(outcome.public, "de", name=lambda p: f"@{p}")
    assert text.splitlines() == [
        "1: Bett (1 Punkt) – Becher: @Anna und @Ben",
        "~~2: Wasserkessel~~ – vergeben",
        "3: Grill (3 Punkte)",
    ]


def test_the_absence_line_and_the_refusal_count_from_1() -> None:
    line = _absent_line("5", {"do": "place", "slot": 0}, "de")
    assert "Feld 1" in line
    assert t("dd.bad_slot", "en", slots=3) == "Slot 1 to 3, please."


def test_the_cups_on_a_slot_read_in_the_pictures_order() -> None:
    """Seated Ben before Anna, but Anna is the Oberteufel: the text lists the cups highest
    rank first, as the display's picture draws them."""
    view = placing().public
    view["display"] = ["Bett"]
    view["demons"] = [
        {"player": "Ben", "rank": "Putzteufel", "slot": 0, "items": [], "points": 0},
        {"player": "Cem", "rank": "Satansbraten", "slot": 0, "items": [], "points": 0},
        {"player": "Anna", "rank": "Oberteufel", "slot": 0, "items": [], "points": 0},
    ]
    [slot] = display_slots(view, "de")
    drawn = [player for player, _ in slot.cups]
    assert drawn == ["Anna", "Ben", "Cem"]
    text = dd_cards.display_text(view, "de", name=lambda p: p)
    assert text == "1: Bett (1 Punkt) – Becher: Anna, Ben und Cem"
