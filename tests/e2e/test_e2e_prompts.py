"""One live prompt per decision, on the loopback Discord: opening a decision again closes
the older prompt, deciding (or the game moving on without the player) closes the other,
and a prompt left open across a restart closes itself when it is clicked – a player never
reads "outdated" for a prompt he was given."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import t
from loopback.entities import Message, User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import prompt_left_across_a_restart
from tests.helpers.e2e_table import Table

REPLACED = "Diese Auswahl ist geschlossen – es gilt die, die du neu geöffnet hast."
CLOSED = "Diese Auswahl ist geschlossen – hier gibt es nichts mehr zu entscheiden."
OVER = "Das Spiel ist schon vorbei."
MANAGE_GUILD = 1 << 5


def live_prompts(table: Table, user: User) -> list[int]:
    """Ids of the user's private messages that still offer a control."""
    return [
        m.id
        for m in table.fake.private_messages(user)
        if m.visibility == "ephemeral" and m.custom_ids()
    ]


def text_of(table: Table, message: Message) -> str:
    return table.fake.messages[message.id].text()


async def rob(table: Table) -> Any:
    """Anna stops with 5, Ben turns Zombie, Cem rolls a 1: the robbery's prompt follows."""
    table.dice.add(3, 2, 4, 5, 6, 2, 1)
    await table.open_and_start(table.anna, table.ben, table.cem)
    await table.start_turn(table.anna)
    await table.press(table.anna, "weiter")
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)
    await table.press(table.ben, "weiter")
    await table.press(table.ben, "weiter")
    await table.start_turn(table.cem)
    return await table.press(table.cem, "weiter")


async def test_a_robbery_has_one_live_prompt_however_often_it_is_opened(table: Table) -> None:
    robbed = await rob(table)
    (first,) = await robbed.wait_followup()
    assert "Räuberische 1" in first.text() and first.custom_ids()
    assert live_prompts(table, table.cem) == [first.id]
    second = (await table.press(table.cem, "decide")).message
    assert live_prompts(table, table.cem) == [second.id]  # the first one closed ...
    assert text_of(table, first) == REPLACED  # ... and says why
    third = (await table.press(table.cem, "decide")).message
    assert live_prompts(table, table.cem) == [third.id]
    await table.choose(table.cem, third, "steal", [str(table.anna.id)])
    assert live_prompts(table, table.cem) == []  # decided: nothing left open
    assert "Erledigt" in text_of(table, third)
    assert "veraltet" not in " ".join(m.text() for m in table.fake.private_messages(table.cem))


async def test_joker_prompts_one_at_a_time_and_closed_when_the_turn_moves_on(
    table: Table,
) -> None:
    table.dice.add(3, 2)  # Freiwurf 3, then 2
    await table.open_and_start(table.anna, table.ben)
    first = (await table.press(table.anna, "begin")).message
    second = (await table.press(table.anna, "begin")).message
    assert live_prompts(table, table.anna) == [second.id]
    assert text_of(table, first) == REPLACED
    await table.choose(table.anna, second, "pick", ["fumo"])
    assert live_prompts(table, table.anna) == []
    menu = (await table.press(table.anna, "menu")).message
    assert live_prompts(table, table.anna) == [menu.id]
    await table.press(table.anna, "weiter")  # on the table, not in the menu
    assert live_prompts(table, table.anna) == []
    assert text_of(table, menu) == CLOSED


async def test_a_prompt_closes_in_its_readers_language_of_now(table: Table) -> None:
    """Anna opens her joker menu in German, switches Discord to English and plays on: the
    menu closes in English, as she reads now."""
    table.dice.add(3, 2)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "fumo")
    menu = (await table.press(table.anna, "menu")).message
    assert "Joker" in menu.text()
    table.anna.locale = "en-US"
    await table.press(table.anna, "weiter")
    assert text_of(table, menu) == t("ui.prompt.closed", "en") != CLOSED


async def test_a_prompt_closes_when_a_host_or_the_end_of_the_table_overtakes_it(
    table: Table,
) -> None:
    table.dice.add(3)  # Anna's Freiwurf, played by the absence rule
    await table.open_and_start(table.anna, table.ben)
    choice = (await table.press(table.anna, "begin")).message
    await table.slash(table.anna, "tisch abwesend", spieler=table.anna, grund="weg")
    assert live_prompts(table, table.anna) == []
    assert text_of(table, choice) == CLOSED
    ben_choice = (await table.press(table.ben, "begin")).message
    await table.slash(table.anna, "tisch beenden")
    assert live_prompts(table, table.ben) == []
    assert text_of(table, ben_choice) == OVER


async def test_dice_devils_decisions_have_one_live_prompt(table: Table) -> None:
    players = (table.anna, table.ben, table.cem)
    game_id = await table.open_game("dicedevils tisch")
    decisions = 0
    async for user, _ in table.decisions(game_id, players, 300):
        first = (await table.press(user, "decide")).message
        second = (await table.press(user, "decide")).message
        assert live_prompts(table, user) == [second.id]
        assert text_of(table, first) == REPLACED
        verbs = [click_of(c).verb for c in second.custom_ids()]
        await table.press(user, "skip" if "skip" in verbs else verbs[0], second)
        assert all(live_prompts(table, u) == [] for u in players)
        decisions += 1
    assert decisions > 0


async def test_a_prompt_left_open_across_a_restart_closes_itself_when_clicked(
    table: Table,
) -> None:
    async with prompt_left_across_a_restart(table) as (before, late):
        assert late.response_type == 7  # the old prompt answers by closing itself
        assert text_of(table, before) == CLOSED
        assert live_prompts(table, table.anna) == []


async def test_a_double_click_in_a_prompt_keeps_its_answer(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    prompt = (await table.press(table.anna, "begin")).message
    custom_id = next(c for c in prompt.custom_ids() if click_of(c).verb == "nojoker")
    clicks = [table.fake.click(table.anna, prompt, custom_id) for _ in range(2)]
    answers = await asyncio.gather(*clicks)
    await table.settled()
    assert sorted(a.response_type for a in answers) == [4, 7]  # one counted, one refused
    assert "Erledigt" in text_of(table, prompt)  # the answer stays on the prompt
