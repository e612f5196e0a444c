"""Prompts that say what is asked, read as a player reads them on the loopback Discord: a
Dice Devils decision names the decision and each option says what it does; a tournament's
registration says that it is closed once it is (without its buttons), the Finale's result
is titled as the Finale, and at the end no message of the tournament offers an action."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import play_thread
from tests.helpers.e2e_table import Table

MANAGE_GUILD = 1 << 5

ASKED = {  # what each Dice Devils decision says, and what each of its options says
    "reroll": ("Spielteufel", "neu würfeln"),
    "steal": ("Fehlerteufel", "stehlen"),
    "swap_item": ("Putzteufel", "tauschen"),  # or, when the swaps are many, first "nehmen"
    "swap_rank": ("Rang", "Rang tauschen mit"),
}


def labels(prompt: Any) -> list[str]:
    """The labels of a prompt's buttons and select options."""
    found = []
    for row in prompt.rows():
        for comp in row["components"]:
            found += [o["label"] for o in comp.get("options", [])] or [comp.get("label", "")]
    return found


@pytest.mark.parametrize("count", [3, 4])  # with a Putzteufel; a Spiel- and a Fehlerteufel
async def test_dice_devils_decisions_say_what_is_decided(table: Table, count: int) -> None:
    extra = [table.fake.add_user("Dora", guild=table.guild)] if count == 4 else []
    players = [table.anna, table.ben, table.cem, *extra]
    game_id = await table.open_game("dicedevils tisch", *extra)
    assert table.bot is not None
    service = table.bot.service
    seen: dict[str, int] = {}
    async for user, outcome in table.decisions(game_id, players, 500):
        verb = outcome.public["pending"]
        prompt = (await table.press(user, "decide")).message
        text = prompt.text()
        asked, option = ASKED[verb]
        assert asked in text and "Entscheidung:" not in text, text
        if labels(prompt) == ["Verzichten"]:  # only his own kind to swap for: it says so
            assert verb == "swap_item" and "Tausch änderte nichts" in text, (verb, text)
        elif verb == "reroll":
            assert any(option in label for label in labels(prompt))
        else:
            others = [o for o in labels(prompt) if o != "Verzichten"]
            if verb == "swap_item" and "swap_take" in {
                click_of(c).verb for c in prompt.custom_ids()
            }:
                option = "nehmen"  # many swaps: first what to take, then what to give for it
            assert others and all(option in o for o in others), (verb, text, labels(prompt))
            assert all(any(u.name in o for u in players) for o in others)  # whom it concerns
        seen[verb] = seen.get(verb, 0) + 1
        verbs = [click_of(c).verb for c in prompt.custom_ids()]
        await table.press(user, verbs[-1] if verb != "reroll" else "no", prompt)
    assert service.tables.current(game_id).finished
    assert seen.get("swap_rank", 0) > 0, seen


async def test_a_tournament_registration_closes_and_its_finale_is_named(table: Table) -> None:
    fake = table.fake
    players = [table.anna, table.ben, table.cem]  # three: the first round is the Finale
    users = {u.id: u for u in players}
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))  # only Freiwürfe and Stechen
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst", durchgaenge=1)
    registration = created.message
    for user in players:
        await table.press(user, "register", registration)
    assert "Anmeldung offen" in fake.messages[registration.id].text()
    await table.press(table.anna, "close", registration)
    closed = fake.messages[registration.id]
    assert "Anmeldung offen" not in closed.text()
    assert "Anmeldung geschlossen – das Turnier läuft" in closed.text()
    verbs = [click_of(c).verb for c in closed.custom_ids()]
    assert verbs == ["reserve"]  # no Anmelden / Abmelden once it is closed; Ersatz still

    [thread] = fake.threads(table.channel)
    assert "Finale" in thread.name
    await play_thread(table, thread, users)
    results = [m.text() for m in table.public() if "ist fertig" in m.text()]
    assert len(results) == 1 and results[0].startswith("Das Finale ist fertig"), results
    assert "Gruppe 1" not in results[0]
    assert any("gewinnt das Turnier" in m.text() for m in table.public())
    assert "das Turnier ist vorbei" in fake.messages[registration.id].text()
    everything = table.public() + fake.channel_messages(thread)
    assert [m.text()[:60] for m in everything if m.custom_ids()] == []
