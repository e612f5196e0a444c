"""The controls a prompt offers come from the ``legal`` the engine put into the player's
own view, not from a reading of the table of the cog's own: Freie Jokerwahl where the rule
allows it, the Sekante's targets, the robbery's victims, a demon's decisions, the cards a
Flaschenteufel player may discard."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import Action
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.verflixte6.state import JOKER_IDS
from bot.render.cards import Card, Select
from bot.service import Outcome, Service
from bot.store import Store
from cogs.games.dicedevils.controls import options_for
from cogs.games.verflixte6.show import prompt_for
from tests.helpers.click_ids import click_of

PLAYERS = ["100", "101", "102"]


def selects(card: Card) -> dict[str, list[str]]:
    """Each select of a prompt by its custom id's verb, with its values."""
    return {
        click_of(row.custom_id).verb: [c.value for c in row.options]
        for row in card.rows
        if isinstance(row, Select)
    }


def with_legal(outcome: Outcome, player: str, **legal: Any) -> Outcome:
    """The outcome as if the engine had offered ``legal`` to ``player``."""
    view = outcome.private[player]
    private = {**outcome.private, player: {**view, "legal": {**view["legal"], **legal}}}
    return replace(outcome, private=private)


async def finale_at(store: Store, durchgang: int) -> Outcome:
    """A Finale of three, played without jokers up to the first turn of ``durchgang``."""
    service = Service(store)
    outcome = await service.create("verflixte6", PLAYERS, {"durchgaenge": 4, "finale": True})
    while outcome.public["durchgang"] < durchgang or outcome.public["turn"]["phase"] != "jokers":
        phase = outcome.public["turn"]["phase"]
        action = Action("jokers", {"jokers": []}) if phase == "jokers" else Action("stopp")
        outcome = await service.act(outcome.game_id, outcome.to_act[0], action)
    return outcome


async def test_freie_jokerwahl_is_offered_from_the_second_durchgang_of_a_finale(
    store: Store,
) -> None:
    first = await finale_at(store, 1)
    actor = first.to_act[0]
    assert first.private[actor]["legal"]["free_jokers"] == []
    assert "pickfree" not in selects(prompt_for(first, "begin", actor))
    second = await finale_at(store, 2)
    actor = second.to_act[0]
    assert second.private[actor]["legal"]["free_jokers"] == list(JOKER_IDS)
    offered = selects(prompt_for(second, "begin", actor))
    assert offered["pickfree"] == list(JOKER_IDS)
    assert offered["pick"] == second.private[actor]["legal"]["jokers"]
    refused = with_legal(second, actor, free_jokers=[])  # the engine says no: no select
    assert "pickfree" not in selects(prompt_for(refused, "begin", actor))


async def test_the_v6_prompts_offer_what_the_view_says(store: Store) -> None:
    outcome = await finale_at(store, 1)
    actor = outcome.to_act[0]
    chosen = with_legal(outcome, actor, jokers=["fumo", "pony"], targets=["102"], victims=["101"])
    pick = prompt_for(chosen, "begin", actor).rows[0]
    assert isinstance(pick, Select) and pick.max_values == 2
    assert selects(prompt_for(chosen, "begin", actor))["pick"] == ["fumo", "pony"]
    assert selects(prompt_for(chosen, "target", actor))["target"] == ["102"]
    turn = {**chosen.public["turn"], "phase": "steal"}
    robbing = replace(chosen, public={**chosen.public, "turn": turn})
    assert selects(prompt_for(robbing, "decide", actor))["steal"] == ["101"]


async def test_a_demons_options_are_those_of_his_view(store: Store) -> None:
    service = Service(store)
    outcome = await service.create("dicedevils", [*PLAYERS, "103"], {})
    actor = outcome.to_act[0]
    slots = range(len(outcome.public["display"]))
    assert options_for(outcome, actor) == [Action("place", {"slot": i}) for i in slots]
    offered = [{"do": "steal", "from": "101", "item": "x"}, {"do": "steal", "skip": True}]
    view = {**outcome.private[actor], "legal": offered}
    deciding = replace(outcome, private={**outcome.private, actor: view})
    assert options_for(deciding, actor) == [
        Action("steal", {"from": "101", "item": "x"}),
        Action("steal", {"skip": True}),
    ]


async def test_a_flaschenteufel_player_may_discard_what_his_view_says(store: Store) -> None:
    service = Service(store)
    outcome = await service.create("flaschenteufel", PLAYERS, {"variant": "standard"})
    assert outcome.public["phase"] == "discard"
    for seat, player in enumerate(PLAYERS):
        view = outcome.private[player]
        assert view["legal"]["discard"] == view["seats"][seat]["cards"]  # sorted, all of them
        offered = selects(ft_cards.prompt(outcome, player, "de"))
        assert offered == {"discard": [str(c) for c in view["legal"]["discard"]]}
    few = view["legal"]["discard"][:2]
    offered = selects(ft_cards.prompt(with_legal(outcome, player, discard=few), player, "de"))
    assert offered == {"discard": [str(c) for c in few]}
