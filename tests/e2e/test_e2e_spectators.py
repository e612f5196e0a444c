"""Spectators: "Zuschauen" on every game's table shows a non-player the table's public
card privately (only an "Aktualisieren" button on it) and counts him; a player is told
he plays; nobody is pinged and the table is not touched by it."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import select

from bot.games.teufel import rules as teufel_rules
from bot.games.teufel.state import START_BALANCE
from bot.store.history_rows import Watcher
from loopback.entities import Message, User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import act, bet, choose_first
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "verflixte6": ("v6 tisch", {"durchgaenge": 1}),
    "teufel": ("teufel tisch", {}),
    "flaschenteufel": ("flaschenteufel tisch", {"haende": 1}),
    "dicedevils": ("dicedevils tisch", {}),
}


def verbs(message: Message) -> list[str]:
    return [click_of(c).verb for c in message.custom_ids()]


def watchers(table: Table, game_id: int) -> list[str]:
    assert table.bot is not None
    with table.bot.service.store._session() as session:
        rows = session.exec(select(Watcher).where(Watcher.game_id == game_id)).all()
        return sorted(row.user_id for row in rows)


async def watch(table: Table, user: User) -> Message:
    """``user`` presses "Zuschauen" on the live table: his private answer."""
    pressed = await table.press(user, "watch")
    assert pressed.response_type == 4 and pressed.message is not None
    assert pressed.message.visibility == "ephemeral" and pressed.message.audience == user.id
    return pressed.message


@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_a_non_player_sees_the_public_table_privately_and_is_counted(
    table: Table, kind: str
) -> None:
    command, options = GAMES[kind]
    dora = table.fake.add_user("Dora", guild=table.guild)
    game_id = await table.open_game(command, **options)
    live = table.table_message()
    assert verbs(live)[-1] == "watch"  # after the game's own controls
    public_before = [(m.id, m.edits) for m in table.public()]

    private = await watch(table, dora)
    assert private.displays() == live.displays()  # the table's public card, as it shows
    assert verbs(private) == ["refresh"]  # and no control of the game
    assert [(m.id, m.edits) for m in table.public()] == public_before  # no ping, no edit
    assert watchers(table, game_id) == [str(dora.id)]
    await watch(table, dora)  # again: still one watcher
    assert watchers(table, game_id) == [str(dora.id)]
    assert "schaut zu" not in table.table_message().text()  # the count waits for a move

    assert table.bot is not None
    service = table.bot.service
    outcome = service.tables.current(game_id)
    refreshed = await table.press(dora, "refresh", private)
    assert refreshed.response_type == 7  # the spectator's card, edited in place
    assert private.displays() == table.table_message().displays()
    assert service.tables.current(game_id).version == outcome.version  # nothing acted


async def test_the_count_shows_with_the_tables_next_move(table: Table) -> None:
    table.dice.add(3, 4, 5)
    dora = table.fake.add_user("Dora", guild=table.guild)
    emil = table.fake.add_user("Emil", guild=table.guild)
    await table.open_and_start(table.anna, table.ben)
    await watch(table, dora)
    await table.start_turn(table.anna)
    assert "👁 1 schaut zu" in table.table_message().text()
    await watch(table, emil)
    await table.press(table.anna, "weiter")
    assert "👁 2 schauen zu" in table.table_message().text()
    private = await watch(table, emil)
    assert "👁 2 schauen zu" in private.text()


async def test_a_player_pressing_watch_is_told_he_plays(table: Table) -> None:
    game_id = await table.open_game("teufel tisch")
    pressed = await table.press(table.ben, "watch")
    assert pressed.message is not None and pressed.message.visibility == "ephemeral"
    assert pressed.message.text() == (
        "Du spielst an diesem Tisch mit: Zuschauen ist für die anderen."
    )
    assert watchers(table, game_id) == []


async def test_watch_is_answered_after_a_restart(table: Table) -> None:
    """The button is routed by its custom id: a bot started anew answers it, from the
    game's public view (it has shown no card since it started)."""
    from loopback import bot_running

    dora = table.fake.add_user("Dora", guild=table.guild)
    game_id = await table.open_game("flaschenteufel tisch", haende=1)
    live = table.table_message()
    assert table.bot is not None
    await table.bot.close()
    restarted = table.new_bot()
    async with bot_running(table.fake, restarted):
        table.bot = restarted
        private = await watch(table, dora)
        assert private.displays()[0].split("\n")[0] == live.displays()[0].split("\n")[0]
        assert "Flasche" in private.text() and verbs(private) == ["refresh"]
        assert watchers(table, game_id) == [str(dora.id)]


async def test_watchers_are_cleared_when_the_game_ends(table: Table) -> None:
    table.dice.add(3, 4)
    dora = table.fake.add_user("Dora", guild=table.guild)
    await table.open_and_start(table.anna, table.ben)
    await watch(table, dora)
    assert table.bot is not None
    game_id = table.bot.service.tables.find(table.channel.id, None)
    assert game_id is not None
    await table.start_turn(table.anna)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)
    await table.press(table.ben, "stopp")
    assert table.bot.service.tables.current(game_id).finished
    assert watchers(table, game_id) == []
    final = table.fake.messages[table.bot.service.tables.current(game_id).message_id or 0]
    assert "watch" not in verbs(final) and "schaut zu" not in final.text()


async def _spectate_until_over(table: Table, dora: User, game_id: int, step: Any) -> int:
    """Dora watches; after each of ``step``'s moves she refreshes her card. How many
    spectator messages (and edits) she got."""
    assert table.bot is not None
    private = await watch(table, dora)
    seen = 1
    for _ in range(500):
        if table.bot.service.tables.current(game_id).finished:
            break
        await step()
        await table.press(dora, "refresh", private)
        seen += 1
        if seen % 5 == 0 and not table.bot.service.tables.current(game_id).finished:
            private = await watch(table, dora)
    assert table.bot.service.tables.current(game_id).finished
    assert verbs(private) == []  # the table as it ended, nothing left to refresh
    return seen


async def test_a_spectator_of_the_secret_games_sees_no_secret(
    table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dora watches a Teufel, a Flaschenteufel and a Dice Devils game to their ends,
    refreshing after every move; the leak scan reads every message she gets."""
    monkeypatch.setattr(teufel_rules, "GOAL", START_BALANCE + 1)  # a game of a round or two
    dora = table.fake.add_user("Dora", guild=table.guild)
    users = {u.id: u for u in (table.anna, table.ben, table.cem)}
    assert table.bot is not None
    service = table.bot.service

    game_id = await table.open_game("teufel tisch")

    async def teufel_step() -> None:
        outcome = service.tables.current(game_id)
        user = users[int(outcome.to_act[0])]
        if outcome.public["phase"] == "bet":
            await bet(table, user, "10")
            return
        seat = next(s for s in outcome.public["seats"] if s["player"] == str(user.id))
        await table.press(user, "stopp" if seat["pieces"] else "draw")  # one pull, then stopp

    seen = await _spectate_until_over(table, dora, game_id, teufel_step)

    game_id = await table.open_game("flaschenteufel tisch", haende=1)

    async def ft_step() -> None:
        user = users[int(service.tables.current(game_id).to_act[0])]
        answered = await choose_first(table, user, await act(table, user))
        if answered.message is not None and "passr" in verbs(answered.message):
            await choose_first(table, user, answered.message)  # the right card after the left

    seen += await _spectate_until_over(table, dora, game_id, ft_step)

    game_id = await table.open_game("dicedevils tisch")

    async def dd_step() -> None:
        outcome = service.tables.current(game_id)
        user = users[int(outcome.to_act[0])]
        if outcome.public["phase"] == "place":
            await table.press(user, "place")
            return
        prompt = (await table.press(user, "decide")).message
        offered = verbs(prompt)
        await table.press(user, "skip" if "skip" in offered else offered[0], prompt)

    seen += await _spectate_until_over(table, dora, game_id, dd_step)
    assert len(table.fake.private_messages(dora)) >= 3 and seen >= 6
    assert leaks.checks > 0 and leaks.leaks == []
