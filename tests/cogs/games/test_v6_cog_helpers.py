"""The small pieces between Discord and the service: clicks to actions, cards, translations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest
from discord import Locale, app_commands

from bot.engine import Action, IllegalAction
from bot.games.verflixte6.render import cards
from bot.i18n import t
from bot.render.cards import Button, Card, Select
from bot.render.lobby_card import mention
from bot.service import Outcome, Service
from bot.store import Store
from cogs.games.verflixte6.controls import CLICKS
from cogs.games.verflixte6.show import joker_id, prompt_for, split_turn_events
from cogs.pipeline.incoming import Click, parse_click
from cogs.table_bot import TableBot
from cogs.translator import CommandTranslator, cmd


def click(verb: str, *values: str) -> Click:
    return Click("v6b", 1, 1, verb, "", list(values))


def decides(verb: str) -> str | None:
    """What the engine is asked before the prompt of ``verb`` opens."""
    control = CLICKS.control(click(verb))
    assert control is not None and control.decides is not None
    return control.decides.verb


def with_phase(outcome: Outcome, phase: str) -> Outcome:
    public = {**outcome.public, "turn": {**outcome.public["turn"], "phase": phase}}
    return replace(outcome, public=public)


async def started(store: Store, players: int = 3) -> Outcome:
    service = Service(store)
    return await service.create("verflixte6", [str(100 + i) for i in range(players)], {})


@pytest.mark.parametrize(
    ("verb", "values", "action"),
    [
        ("weiter", [], Action("weiter")),
        ("stopp", [], Action("stopp")),
        ("nojoker", [], Action("jokers", {"jokers": []})),
        ("pick", ["fumo", "pony"], Action("jokers", {"jokers": ["fumo", "pony"]})),
        ("pickfree", ["fumo"], Action("jokers", {"jokers": ["fumo"], "free": True})),
        ("joker", ["cherry"], Action("weiter", {"joker": "cherry"})),
        ("target", ["101"], Action("weiter", {"joker": "sekante", "target": "101"})),
        ("steal", ["102"], Action("steal", {"victim": "102"})),
    ],
)
async def test_clicks_become_actions(
    store: Store, verb: str, values: list[str], action: Action
) -> None:
    assert CLICKS.to_action(click(verb, *values), await started(store)) == action


@pytest.mark.parametrize(
    ("phase", "verb", "action"),
    [
        ("anaconda", "yes", Action("anaconda", {"fight": True})),
        ("rattenlord", "no", Action("rattenlord", {"withdraw": False})),
        ("monokel", "yes", Action("monokel", {"keep": True})),
        ("counter", "no", Action("counter", {"allow": False})),
    ],
)
async def test_yes_and_no_answer_the_pending_decision(
    store: Store, phase: str, verb: str, action: Action
) -> None:
    outcome = with_phase(await started(store), phase)
    assert CLICKS.to_action(click(verb), outcome) == action


async def test_yes_without_a_decision_is_refused(store: Store) -> None:
    with pytest.raises(IllegalAction):
        CLICKS.to_action(click("yes"), await started(store))


async def test_prompts_are_only_for_the_player_to_act(store: Store) -> None:
    """The engine says who may open a prompt (the pipeline asks it, each control's
    ``decides``)."""
    service = Service(store)
    outcome = await service.create("verflixte6", ["100", "101", "102"], {})
    with pytest.raises(IllegalAction) as refused:
        service.tables.check(outcome.game_id, "101", decides("begin"))
    assert refused.value.key == "game.not_your_turn"
    with pytest.raises(IllegalAction) as outsider:
        service.tables.check(outcome.game_id, "999", decides("begin"))
    assert outsider.value.key == "game.not_a_player"
    service.tables.check(outcome.game_id, "100", decides("begin"))
    card = prompt_for(outcome, "begin", "100")
    select = card.rows[0]
    assert isinstance(select, Select)
    assert len(select.options) == 15 and select.max_values == 3
    with pytest.raises(IllegalAction) as early:  # no jokers announced before the Freiwurf
        service.tables.check(outcome.game_id, "100", decides("menu"))
    assert early.value.key == "v6.phase.jokers"


def test_turn_events_split_at_the_next_turn() -> None:
    events = [
        {"type": "stopp"},
        {"type": "stechen"},
        {"type": "durchgang_end"},
        {"type": "durchgang"},
        {"type": "turn"},
    ]
    old, new = split_turn_events(events)
    assert old == [{"type": "stopp"}]
    assert new == [{"type": "durchgang"}, {"type": "turn"}]


async def test_every_table_card_stays_within_discord_limits(store: Store) -> None:
    outcome = await started(store, players=6)
    for phase in ("jokers", "step", "steal", "anaconda", "counter"):
        card = cards.table_card(with_phase(outcome, phase), "de")
        card.check_limits()
        assert all(len(c) <= 100 for c in card.custom_ids())
    cards.rules_card("en").check_limits()
    assert len(cards.rules_card("de").fields) == 15


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
async def test_weiter_mit_joker_is_asked_only_while_the_card_offers_a_joker(
    store: Store, locale: str
) -> None:
    outcome = await started(store)
    turn = outcome.public["turn"]
    plain = "ui.table.waiting.step_plain"
    for announceable, asked in ((["fumo"], "ui.table.waiting.step"), ([], plain)):
        public = {**outcome.public, "turn": {**turn, "phase": "step", "announceable": announceable}}
        card = cards.table_card(replace(outcome, public=public), locale)
        text = card.description
        assert t(asked, locale, player=mention(turn["player"])) in text
        assert ("menu" in {c.rsplit(":", 1)[-1] for c in card.custom_ids()}) == bool(announceable)


def test_card_limits_are_enforced() -> None:
    too_wide = Card(rows=[tuple(Button(f"v6b:1:1:x{i}", "x") for i in range(6))])
    with pytest.raises(ValueError, match="6 buttons"):
        too_wide.check_limits()
    with pytest.raises(ValueError, match="too long"):
        Card(rows=[(Button("v" * 101, "x"),)]).check_limits()


def test_custom_ids_round_trip_through_the_click_parser() -> None:
    assert parse_click("v6b:12:34:weiter", ["ignored"]) == Click("v6b", 12, 34, "weiter", "", [])
    assert parse_click("v6s:1:2:pick", ["fumo", "toertchen"]) == Click(
        "v6s", 1, 2, "pick", "", ["fumo", "toertchen"]
    )
    assert parse_click("ftb:3:4:play:17", []) == Click("ftb", 3, 4, "play", "17", [])
    for foreign in ("bare:click", "v6x:1:2:pick", "v6b:1:2:Weiter", "v6b:1:2:weiter:", "v6b:1"):
        assert parse_click(foreign, []) is None


async def test_translator_gives_english_names_and_keeps_german_as_base() -> None:
    translator = CommandTranslator()
    name = cmd("tisch")
    context: Any = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    assert name.message == "tisch"
    assert await translator.translate(name, Locale.american_english, context) == "table"
    assert await translator.translate(name, Locale.german, context) is None
    assert await translator.translate(name, Locale.french, context) == t("cmd.tisch", "fr")
    assert await translator.translate(name, Locale.polish, context) is None  # no catalogue


def test_spent_jokers_are_struck_through() -> None:
    from bot.games.verflixte6.render.cards import _jokers_left

    turn = {
        "chosen": ["fumo", "toertchen", "runkelrueb"],
        "announceable": [],
        "runkelrueb_ready": True,
    }
    assert _jokers_left(turn, "de") == "~~Fumo~~, Jules Törtchen, Runkelrüb"
    assert _jokers_left({**turn, "runkelrueb_ready": False}, "de").endswith("~~Runkelrüb~~")


def test_hosts_are_admins_or_have_the_croupier_role() -> None:
    from types import SimpleNamespace

    import discord

    from cogs.pipeline.incoming import is_host

    def member(manage: bool, *roles: int) -> Any:
        return SimpleNamespace(
            permissions=discord.Permissions(manage_guild=manage),
            user=SimpleNamespace(roles=[SimpleNamespace(id=r) for r in roles]),
        )

    assert is_host(member(True), None)
    assert not is_host(member(False, 7), None)
    assert is_host(member(False, 3, 7), 7)
    assert not is_host(member(False, 3), 7)


def test_the_bot_owns_one_router_that_listens_once(store: Store) -> None:
    bot = TableBot(Service(store), command_prefix="!", intents=discord.Intents.none())
    assert bot.extra_events["on_interaction"] == [bot.router.on_interaction]


def test_a_typed_joker_is_found_by_its_id_or_its_shown_name() -> None:
    assert joker_id("fumo") == "fumo" and joker_id("Fumo") == "fumo"
    assert joker_id(" push  your PONY ") == "pony"
    assert joker_id("Moes Monokel") == "monokel" and joker_id("RUNKELRÜB") == "runkelrueb"
    assert joker_id("Pferd") == "Pferd"  # refused by the engine, by that name
