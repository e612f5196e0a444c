"""A Dice Devils decision offers every legal choice, however many: more than a select holds
go into several selects, and a Putzteufel's long list of swaps comes in two steps (what to
take, then what to give). Late in a game a winner's items against two losers' items are
far more than Discord's 25 options per select."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import Action, IllegalAction
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.dicedevils.state import ITEM_COPIES
from bot.i18n import t
from bot.render.cards import Button, Card, Select
from bot.service import Outcome, Service
from bot.store import Store
from cogs.games.dicedevils import controls as dicedevils
from cogs.pipeline import wire
from cogs.pipeline.incoming import parse_click
from cogs.table_bot import TableBot
from loopback.entities import iter_components
from tests.helpers.click_ids import click_of

ANNA, BEN, CEM = "101", "102", "103"
LOSERS = [BEN, CEM, "104", "105", "106"]
ITEMS = sorted(ITEM_COPIES)[:8]
NAMES = {ANNA: "Anna", BEN: "Ben", CEM: "Cem", "104": "Dora", "105": "Emil", "106": "Frida"}


def outcome(pending: str) -> Outcome:
    demons = [{"player": p, "rank": "Oberteufel", "items": ITEMS} for p in [ANNA, *LOSERS]]
    public = {"demons": demons, "pending": pending, "phase": "decide"}
    return Outcome(1, "dicedevils", "open", 7, [], public, {}, [ANNA], [ANNA, *LOSERS], "", None)


def swaps() -> list[Action]:
    """Every swap the engine offers Anna: each of hers against each of Ben's and Cem's."""
    return [Action("swap_item", {"skip": True})] + [
        Action("swap_item", {"with": other, "give": give, "take": take})
        for other in (BEN, CEM)
        for take in ITEMS
        for give in ITEMS
    ]


def selects(card: Card) -> list[Select]:
    return [row for row in card.rows if isinstance(row, Select)]


def test_a_short_list_is_one_select_without_swaps_of_an_item_for_its_kind() -> None:
    few = [Action("swap_item", {"skip": True})] + [
        Action("swap_item", {"with": BEN, "give": give, "take": take})
        for take in ITEMS[:3]
        for give in ITEMS[:3]
    ]
    card = dd_cards.decision_card(outcome("swap_item"), few, "de", NAMES.__getitem__)
    (select,) = selects(card)
    assert click_of(select.custom_id).verb == "swap_item"
    assert len(select.options) == 6  # 9 pairs, 3 of them an item for its own kind
    assert all(len(set(o.value.split("|")[1:])) == 2 for o in select.options)
    card.check_limits()


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
def test_a_swap_only_of_his_own_kind_says_it_would_change_nothing(locale: str) -> None:
    """The losers hold only the kind of item he holds: the rules still ask him, nothing is
    offered but to let it go, and the prompt says why instead of asking which for which."""
    same = [Action("swap_item", {"skip": True})] + [
        Action("swap_item", {"with": other, "give": ITEMS[0], "take": ITEMS[0]})
        for other in (BEN, CEM)
    ]
    card = dd_cards.decision_card(outcome("swap_item"), same, locale, NAMES.__getitem__)
    assert selects(card) == []
    (row,) = card.rows
    assert [b.label for b in row if isinstance(b, Button)] == [t("ui.button.skip", locale)]
    assert card.description == t("dd.ui.ask.swap_item_same", locale, rank="–")
    assert t("ui.button.skip", locale) in card.description  # it names the one button


def test_a_long_swap_asks_first_what_to_take_then_what_to_give() -> None:
    legal = swaps()
    card = dd_cards.decision_card(outcome("swap_item"), legal, "de", NAMES.__getitem__)
    card.check_limits()
    (first,) = selects(card)
    assert click_of(first.custom_id).verb == "swap_take"
    assert len(first.options) == 2 * len(ITEMS)  # each of Ben's and Cem's items once
    assert first.options[0].label == f"{dd_cards.item_name(ITEMS[0], 'de')} von Ben nehmen"
    assert any(isinstance(row, tuple) and row[0].label == "Verzichten" for row in card.rows)
    taken = f"{CEM}|{ITEMS[2]}"
    second = dd_cards.give_card(outcome("swap_item"), legal, taken, "de", NAMES.__getitem__)
    second.check_limits()
    (gives,) = selects(second)
    assert click_of(gives.custom_id).verb == "swap_item"
    assert len(gives.options) == len(ITEMS) - 1  # not the item for its own kind
    offered = {o.value for o in gives.options}
    legal_values = {f"{a.args['with']}|{a.args['give']}|{a.args['take']}" for a in legal[1:]}
    assert offered <= legal_values and all(v.endswith(f"|{ITEMS[2]}") for v in offered)
    assert isinstance(second.rows[-1], tuple) and isinstance(second.rows[-1][0], Button)


def test_more_than_25_thefts_come_in_several_selects_each_its_own_id() -> None:
    thefts = [Action("steal", {"skip": True})] + [
        Action("steal", {"from": other, "item": item}) for other in LOSERS for item in ITEMS
    ]  # 40 choices: five losers, eight items each
    card = dd_cards.decision_card(outcome("steal"), thefts, "en", NAMES.__getitem__)
    card.check_limits()
    found = selects(card)
    assert [len(s.options) for s in found] == [25, 15]
    assert len({s.custom_id for s in found}) == 2
    assert {o.value for s in found for o in s.options} == {
        f"{a.args['from']}|{a.args['item']}" for a in thefts[1:]
    }


class Response:
    def __init__(self) -> None:
        self.edited: dict[str, Any] = {}

    def is_done(self) -> bool:
        return False

    async def edit_message(self, **kwargs: Any) -> None:
        self.edited = kwargs


@pytest.fixture
def bot(store: Store) -> TableBot:
    """A bot that knows the players' names (its prompts show them)."""
    service = Service(store)
    for player, name in NAMES.items():
        service.directory.remember_name(player, name)
    return TableBot(service, command_prefix="!", intents=discord.Intents.none())


def stub_interaction(bot: TableBot) -> Any:
    return SimpleNamespace(response=Response(), client=bot)


@pytest.fixture(autouse=True)
def _answers_through_the_stub(monkeypatch: pytest.MonkeyPatch) -> None:
    """The click's type-7 answer goes out through ``cogs.pipeline.wire`` (a plain request);
    here through the stub's response, which keeps what it was edited into."""

    async def edit_clicked(stub: Any, **kwargs: Any) -> None:
        await stub.response.edit_message(**kwargs)

    monkeypatch.setattr(wire, "edit_clicked", edit_clicked)


async def test_the_first_step_of_a_long_swap_turns_the_prompt_into_the_second(
    bot: TableBot,
) -> None:
    current = replace(
        outcome("swap_item"), private={ANNA: {"legal": [a.to_dict() for a in swaps()]}}
    )
    card = dd_cards.decision_card(current, swaps(), "de", NAMES.__getitem__)
    (first,) = selects(card)
    taken = first.options[3].value
    click = parse_click(first.custom_id, [taken])
    assert click is not None
    interaction = stub_interaction(bot)
    assert await dicedevils.give(interaction, click, current, ANNA)
    components = interaction.response.edited["view"].payload
    (select,) = [c for c in iter_components(components) if c["type"] == 3]
    assert len(select["options"]) == len(ITEMS) - 1
    chosen = parse_click(select["custom_id"], [select["options"][0]["value"]])
    assert chosen is not None and chosen.verb == "swap_item"
    action = dicedevils.CLICKS.to_action(chosen, current)
    assert action in swaps() and action.args["take"] == taken.split("|")[1]
    forged = parse_click(first.custom_id, [f"{BEN}|Zauberstab"])
    assert forged is not None
    with pytest.raises(IllegalAction, match=r"dd\.wrong_action"):
        await dicedevils.give(stub_interaction(bot), forged, current, ANNA)
