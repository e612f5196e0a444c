"""Moves on the end-to-end table that several e2e tests make: a tournament registered and
closed, a group thread played out, a Teufel bet, a Flaschenteufel or Dice Devils game played
to its end, the tables cog on a fake clock, a prompt left open across a restart."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from loopback import bot_running
from loopback.entities import Message
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table
from tests.helpers.fake_time import FakeTime

MANAGE_GUILD = 1 << 5


def game_of(table: Table) -> tuple[Any, int]:
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    assert game is not None
    return service, game


async def act(table: Table, user: Any) -> Any:
    """The player's private prompt via the table's "Am Zug" button."""
    opened = await table.press(user, "act")
    assert opened.response_type == 4
    prompt = opened.message
    assert prompt.visibility == "ephemeral" and prompt.audience == user.id
    return prompt


async def choose_first(table: Table, user: Any, prompt: Any) -> Any:
    """Pick the first offered option of the prompt's first select (or its first button)."""
    row = prompt.rows()[0]["components"][0]
    if row["type"] == 2:
        return await table.press(user, click_of(row["custom_id"]).verb, prompt)
    return await table.choose(
        user, prompt, click_of(row["custom_id"]).verb, [row["options"][0]["value"]]
    )


async def bet(table: Table, user: Any, amount: str) -> Any:
    opened = await table.press(user, "bet")
    assert opened.response_type == 9  # a modal: only the bettor sees the number
    submitted = await table.fake.submit_modal(user, opened, {"amount": amount})
    await table.settled()
    return submitted


async def flaschenteufel_move(table: Table, user: Any) -> None:
    """The player's "Am Zug" prompt, its first choice (and the right card after the left
    when he passes)."""
    prompt = await act(table, user)
    answered = await choose_first(table, user, prompt)
    if answered.message is not None and any(":passr:" in c for c in answered.message.custom_ids()):
        await choose_first(table, user, answered.message)  # the right card after the left
    await table.settled()


async def play_out_flaschenteufel(table: Table, users: dict[int, Any]) -> None:
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "flaschenteufel")
    for _ in range(200):
        outcome = service.tables.current(game)
        if outcome.finished or not outcome.to_act:
            return
        await flaschenteufel_move(table, users[int(outcome.to_act[0])])
    raise AssertionError("the game did not end")


async def dicedevils_move(table: Table, user: Any, outcome: Any) -> bool:
    """The player places his demon on the first free slot, or decides (skipping where he
    may, else the first offered choice); whether it was a decision."""
    if outcome.public["phase"] == "place":
        await table.press(user, "place")
        return False
    prompt = (await table.press(user, "decide")).message
    assert prompt.visibility == "ephemeral" and prompt.audience == user.id
    verbs = [click_of(c).verb for c in prompt.custom_ids()]
    verb = "skip" if "skip" in verbs else verbs[0]
    await table.press(user, verb, prompt)
    await table.settled()
    return True


async def play_out_dicedevils(table: Table, users: dict[int, Any]) -> int:
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "dicedevils")
    decisions = 0
    for _ in range(1000):
        outcome = service.tables.current(game)
        if outcome.finished:
            return decisions
        decisions += await dicedevils_move(table, users[int(outcome.to_act[0])], outcome)
    raise AssertionError("the game did not end")


async def until_play(table: Table, users: dict[str, Any]) -> None:
    """Flaschenteufel: everybody discards (and passes) until the first trick is played."""
    service, game = game_of(table)
    while service.tables.current(game).public["phase"] != "play":
        user = users[service.tables.current(game).to_act[0]]
        prompt = await act(table, user)
        answered = await choose_first(table, user, prompt)
        if answered.message is not None and any(
            ":passr:" in c for c in answered.message.custom_ids()
        ):
            await choose_first(table, user, answered.message)  # the right card after the left


async def tournament(table: Table, players: int = 8) -> tuple[Message, dict[int, Any]]:
    """A tournament of ``players`` with one Durchgang per evening, registration closed."""
    fake = table.fake
    users = [table.anna, table.ben, table.cem]
    users += [fake.add_user(f"P{i}", guild=table.guild) for i in range(players - 3)]
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst", durchgaenge=1)
    for user in users:
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    return created.message, {u.id: u for u in users}


async def play_thread(
    table: Table,
    thread: Any,
    users: dict[int, Any],
    *,
    turns: int = 100,
    seen: set[str] | None = None,
) -> None:
    """Every turn in a group thread: no jokers, then stopp (``turns`` clicks at most; the
    verbs of the joker prompts go into ``seen``)."""
    for _ in range(turns):
        live = [  # the table's messages (not a check-in's "Bin dabei")
            m
            for m in table.fake.channel_messages(thread)
            if m.custom_ids() and click_of(m.custom_ids()[0]).prefix.startswith("v6")
        ]
        if not live:
            return
        message = live[-1]
        custom_id = message.custom_ids()[0]
        click = click_of(custom_id)
        game_id = click.game_id
        outcome = table.bot.service.tables.current(game_id)  # type: ignore[union-attr]
        player = users[int(outcome.to_act[0])]
        verb = click.verb
        if verb == "begin":
            opened = await table.fake.click(player, message, custom_id)
            await table.settled()
            prompt = opened.message
            if seen is not None:
                seen.update(click_of(c).verb for c in prompt.custom_ids())
            no_joker = next(c for c in prompt.custom_ids() if click_of(c).verb == "nojoker")
            await table.fake.click(player, prompt, no_joker)
        else:
            stopp = next(c for c in message.custom_ids() if click_of(c).verb == "stopp")
            await table.fake.click(player, message, stopp)
        await table.settled()
    if turns == 100:
        raise AssertionError("the group's Abend did not end")


def clock_cog(table: Table, time: FakeTime) -> Any:
    """The tables cog with its polling stopped (the test runs the clocks) on a fake time."""
    assert table.bot is not None
    cog = table.bot.get_cog("TablesCog")  # an extension's own module: no isinstance
    assert cog is not None
    cog.clock_task.cancel()
    table.bot.service.now = time
    return cog


@contextlib.asynccontextmanager
async def prompt_left_across_a_restart(table: Table) -> AsyncIterator[tuple[Message, Any]]:
    """Anna's joker prompt left open while the bot restarts, a new prompt decided in the
    restarted bot, then the old one clicked: (the old prompt, that click), while the
    restarted bot runs."""
    table.dice.add(3, 2)
    await table.open_and_start(table.anna, table.ben)
    before = (await table.press(table.anna, "begin")).message
    assert table.bot is not None
    await table.bot.close()
    table.bot = table.new_bot()
    async with bot_running(table.fake, table.bot):
        after = (await table.press(table.anna, "begin")).message
        await table.press(table.anna, "nojoker", after)  # decided in the new prompt
        late = await table.press(table.anna, "nojoker", before)
        yield before, late
        await table.bot.close()
