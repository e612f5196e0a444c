"""A fifth game, Hoch oder tief, that exists only in the tests (tests/fifth_game), plugged
in by one line and played to its end on the loopback Discord through the generic pipeline:
its lobby, a computer seat, the players' clicks, a refusal, the end and its history."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.players.seats import is_computer
from bot.plugins import register, unregister
from tests.fifth_game.hilo import PLUGIN
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_computers import options, pick, play_with_computers, quick_computers
from tests.helpers.e2e_table import Table


@pytest.fixture(autouse=True)
def plugged() -> Iterator[None]:
    """The fifth game plugged in before the bot is built (``table``), and out after."""
    register(PLUGIN)  # the one line a game needs
    yield
    unregister(PLUGIN.kind)


async def test_a_fifth_game_plays_end_to_end_with_a_computer_seat(table: Table) -> None:
    fake, anna, ben = table.fake, table.anna, table.ben
    table.dice.d6_only = True  # the audited RNG's dice
    opened = await table.slash(anna, "hilo tisch")
    lobby = opened.message
    assert "Hoch oder tief" in lobby.text()
    await table.press(ben, "join", lobby)
    offered = options(fake.messages[lobby.id])
    assert not any("stark" in label for label in offered)  # it has no such level
    (label,) = [x for x in offered if "leicht" in x]
    await pick(table, anna, fake.messages[lobby.id], label)
    quick_computers(table)
    await table.press(anna, "start", lobby)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    assert game is not None
    seated = service.tables.get(game).row.players
    assert len(seated) == 3 and sum(map(is_computer, seated)) == 1

    first = service.tables.current(game)
    waiting = next(u for u in (anna, ben) if str(u.id) not in first.to_act)
    before = first.version
    refused = await table.press(waiting, "higher")  # not his turn: refused privately
    assert refused.message.visibility == "ephemeral"
    assert service.tables.current(game).version == before

    users = {anna.id: anna, ben.id: ben}

    async def call(user: Any, outcome: Any) -> None:
        await table.press(user, "higher" if outcome.public["shown"] < 4 else "lower")

    await play_with_computers(table, game, users, call)
    outcome = service.tables.current(game)
    assert outcome.finished
    events = [e for row in service.store.events(game) for e in row.events]
    calls = [e for e in events if e["type"] == "call"]
    assert len(calls) == 6 and any(is_computer(e["player"]) for e in calls)
    shown = "\n".join(m.text() for m in table.public())
    assert "Spielende – Sieg für" in shown
    verbs = {click_of(c).verb for m in table.public() for c in m.custom_ids()}
    assert not verbs & {"higher", "lower"}  # the ended table offers no call any more
    assert "rematch" in verbs  # every game's "Nochmal", through the generic onlookers


async def test_a_fifth_games_generated_commands_take_its_options_and_offer_its_levels(
    table: Table,
) -> None:
    """``tisch``'s option reaches the table; ``üben`` offers only the levels the game has
    and opens a practice table against them; it has no help topic, so no ``regeln``."""
    fake, anna = table.fake, table.anna
    table.dice.d6_only = True  # the audited RNG's dice
    service = table.bot.service  # type: ignore[union-attr]
    group = next(c for c in table.bot.tree.get_commands() if c.name == "hilo")
    commands = {c.name: c for c in group.walk_commands()}  # type: ignore[union-attr]
    assert set(commands) == {"tisch", "üben"}
    (gegner,) = [p for p in commands["üben"].parameters if p.name == "gegner"]
    assert [c.value for c in gegner.choices] == ["leicht"]  # hilo has no "stark"

    opened = await table.slash(anna, "hilo tisch", runden=1)
    game = service.tables.find(table.channel.id, None)
    assert game is not None and service.tables.options(game)["rounds"] == 1
    assert "Hoch oder tief" in opened.message.text()

    quick_computers(table)
    practice = await table.slash(anna, "hilo üben")
    said = (await practice.wait_followup())[-1]
    assert said.visibility == "ephemeral" and "Übungstisch" in said.text()
    [thread] = fake.threads(table.channel)
    played = service.tables.find(thread.id, None)
    assert played is not None
    seated = service.tables.current(played).players
    assert seated[0] == str(anna.id) and [is_computer(p) for p in seated] == [False, True]
    assert service.tables.options(played)["rounds"] == 1
