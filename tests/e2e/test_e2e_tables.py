"""Tables that never get stuck, on the loopback Discord: the turn clock reminds a silent
player once and then plays the absence rule (every game), survives a restart with its time
left, and hosts end tables, replace and declare absent players; non-hosts are refused."""

from __future__ import annotations

from typing import Any

import pytest

from bot.clocks import timing as clocks
from bot.i18n import t
from loopback import bot_running
from tests.helpers.e2e_play import clock_cog
from tests.helpers.e2e_table import Table
from tests.helpers.fake_time import FakeTime

MANAGE_GUILD = 1 << 5


def cards_of(view: dict[str, Any], seat: int) -> list[int]:
    cards: list[int] = view["seats"][seat]["cards"]
    assert cards  # the seat's own view shows its hand
    return cards


def dm_texts(table: Table, user: Any) -> list[str]:
    return [m.text() for m in table.fake.private_messages(user)]


async def test_a_reminder_for_closed_dms_is_a_public_pointer_in_the_right_number(
    table: Table,
) -> None:
    time = FakeTime()
    cog = clock_cog(table, time)
    assert table.bot is not None
    for user in (table.anna, table.ben, table.cem):
        table.fake.set_dms_open(user, False)
    game_id = await table.open_game("v6 tisch", durchgaenge=1)
    [waiting] = table.bot.service.tables.current(game_id).to_act
    last = table.public()[-1].id
    time.wait(300)
    [remind] = await cog.run_clocks()
    assert remind.what == clocks.REMIND
    pointers = [m.text() for m in table.public() if m.id > last and "⏳" in m.text()]
    assert len(pointers) == 1
    assert f"<@{waiting}>: du bist am Zug – die Zeit läuft <t:" in pointers[0]


@pytest.mark.parametrize(
    "command", ["v6 tisch", "teufel tisch", "flaschenteufel tisch", "dicedevils tisch"]
)
async def test_a_silent_table_is_reminded_once_then_the_absence_rule_plays(
    table: Table, command: str
) -> None:
    time = FakeTime()
    cog = clock_cog(table, time)
    assert table.bot is not None
    service = table.bot.service
    game_id = await table.open_game(command)
    waiting = service.tables.current(game_id).to_act
    users = {str(u.id): u for u in (table.anna, table.ben, table.cem)}
    before = {p: len(dm_texts(table, users[p])) for p in users}
    time.wait(300)
    [remind] = await cog.run_clocks()
    assert remind.what == clocks.REMIND and set(remind.players) == set(waiting)
    for player, user in users.items():
        new = dm_texts(table, user)[before[player] :]
        reminders = [m for m in new if "⏳" in m]
        assert len(reminders) == (1 if player in waiting else 0)
        link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/"
        assert all(link in m for m in reminders)  # a jump link to the table
    time.wait(100)
    assert await cog.run_clocks() == []  # once only
    version = service.tables.current(game_id).version
    last = table.public()[-1].id  # by id: a turn's line before it may have been deleted
    time.wait(200)
    [expired] = await cog.run_clocks()
    assert expired.what == clocks.EXPIRE
    notes = [m.text() for m in table.public() if m.id > last]
    assert any("Zeit abgelaufen" in n and "der Croupier entscheidet:" in n for n in notes), notes
    assert service.tables.current(game_id).version > version
    logged = [r for r in service.store.events(game_id) if r.action.get("by_croupier")]
    assert logged and {r.actor for r in logged} <= set(waiting)
    table_text = table.fake.messages[service.tables.current(game_id).message_id or 0].text()
    assert table_text  # the table message was redrawn, not left behind


async def test_a_restart_in_the_middle_of_a_clock_keeps_the_time_left(table: Table) -> None:
    time = FakeTime()
    clock_cog(table, time)
    table.dice.add(3)  # Anna's Freiwurf when the croupier plays for her
    game_id = await table.open_game("v6 tisch")
    time.wait(400)
    assert table.bot is not None
    await table.bot.close()
    table.bot = table.new_bot()
    async with bot_running(table.fake, table.bot):
        cog = clock_cog(table, time)
        assert [n.what for n in await cog.run_clocks()] == [clocks.REMIND]  # owed since 300
        time.wait(199)
        assert await cog.run_clocks() == []  # 1 s left, not a fresh 10 minutes
        time.wait(1)
        [expired] = await cog.run_clocks()
        assert expired.outcome.game_id == game_id
        assert expired.outcome.to_act == [str(table.ben.id)]
        await table.bot.close()


async def test_a_host_ends_a_table_and_a_non_host_is_refused(table: Table) -> None:
    table.dice.add(3)
    game_id = await table.open_game("v6 tisch")
    refused = await table.slash(table.ben, "tisch beenden", grund="keine Lust")
    assert refused.message.visibility == "ephemeral" and "Admins" in refused.message.content
    assert table.bot is not None
    assert table.bot.service.tables.current(game_id).status == "open"
    table.cem.permissions |= MANAGE_GUILD
    ended = await table.slash(table.cem, "tisch beenden", grund="Feierabend")
    assert "Feierabend" in ended.message.content and ended.message.visibility == "public"
    outcome = table.bot.service.tables.current(game_id)
    assert outcome.status == "aborted" and outcome.seed in ended.message.content
    assert not any(m.custom_ids() for m in table.public())  # the ended table offers nothing


async def test_the_opener_replaces_a_player_who_gets_his_private_state(table: Table) -> None:
    game_id = await table.open_game("flaschenteufel tisch")
    dora = table.fake.add_user("Dora", guild=table.guild)
    assert table.bot is not None
    service = table.bot.service
    hand = cards_of(service.tables.current(game_id).private[str(table.ben.id)], 1)
    refused = await table.slash(table.cem, "tisch ersetzen", spieler=table.ben, neu=dora)
    assert refused.message.visibility == "ephemeral" and service.tables.current(game_id).players[
        1
    ] == str(table.ben.id)
    done = await table.slash(table.anna, "tisch ersetzen", spieler=table.ben, neu=dora)
    assert str(dora.id) in done.message.content and done.message.visibility == "public"
    outcome = service.tables.current(game_id)
    assert outcome.players[1] == str(dora.id)
    assert cards_of(outcome.private[str(dora.id)], 1) == hand
    dm = "\n".join(dm_texts(table, dora))
    assert dm and all(str(card) in dm for card in hand)


async def test_an_absent_player_is_played_by_the_absence_rule_at_once(table: Table) -> None:
    table.dice.add(3, 4)  # Anna's and Ben's Freiwurf
    game_id = await table.open_game("v6 tisch")
    assert table.bot is not None
    service = table.bot.service
    done = await table.slash(table.anna, "tisch abwesend", spieler=table.anna, grund="Zug")
    assert "stopp" in " ".join(m.text() for m in table.public()[-3:])
    assert "Zug" in done.message.content
    assert service.tables.current(game_id).to_act == [str(table.ben.id)]


async def test_a_tournament_sets_the_clock_of_its_group_tables(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    created = await table.slash(
        table.anna, "turnier erstellen", name="Winter", gruppe=3, zugzeit=5, zeitablauf="warten"
    )
    registration = created.message
    for user in (table.anna, table.ben, table.cem):
        joined = await table.press(user, "register", registration)
        await joined.wait_followup()
    await table.press(table.anna, "close", registration)
    await table.fake.wait_until(lambda: bool(table.fake.threads(table.channel)))
    [thread] = table.fake.threads(table.channel)
    assert table.bot is not None
    service = table.bot.service
    await table.fake.wait_until(lambda: service.tables.find(thread.id, None) is not None)
    game_id = service.tables.find(thread.id, None)
    assert game_id is not None
    clock = service.clocks.of(game_id)
    assert (clock.seconds, clock.on_timeout) == (300, clocks.WAIT)
    assert [t.game_id for t in service.tables.live_tables(table.guild.id)] == [game_id]


async def test_a_host_tool_on_someone_not_seated_names_him(table: Table) -> None:
    """The host is told who is not at the table, not that he himself plays nowhere."""
    dora = table.fake.add_user("Dora", guild=table.guild)
    table.anna.permissions |= MANAGE_GUILD
    opened = await table.slash(table.anna, "v6 tisch")
    early = await table.slash(table.anna, "tisch abwesend", spieler=table.ben)
    assert early.message.content == t("game.not_started", "de")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    before = table.public()
    for command, options in (
        ("tisch abwesend", {"spieler": dora}),
        ("tisch ersetzen", {"spieler": dora, "neu": table.cem}),
    ):
        refused = await table.slash(table.anna, command, **options)
        assert refused.message.visibility == "ephemeral"
        assert refused.message.content == t("host.not_seated", "de", player=f"<@{dora.id}>")
    assert table.public() == before  # nothing changed


async def test_time_up_for_several_gives_each_a_stand_in_of_its_own_named_once(
    table: Table,
) -> None:
    time = FakeTime()
    cog = clock_cog(table, time)
    assert table.bot is not None
    game_id = await table.open_game("teufel tisch")  # all three bet at once
    await table.slash(table.anna, "tisch uhr", minuten=5, zeitablauf="computer")
    notices = []
    for _ in range(4):
        time.wait(300)
        notices += [n.what for n in await cog.run_clocks()]
        if clocks.COMPUTER in notices:
            break
    assert clocks.COMPUTER in notices
    [note] = [m.text() for m in table.public() if m.text().startswith("⏱️ Die Zeit ist um")]
    anna, ben, cem = (f"<@{u.id}>" for u in (table.anna, table.ben, table.cem))
    assert note == (
        f"⏱️ Die Zeit ist um: 🤖 Croupiers Uhu (stark) spielt jetzt für {anna}, 🤖 Croupiers "
        f"Luchs (stark) spielt jetzt für {ben} und 🤖 Croupiers Otter (stark) spielt jetzt "
        f"für {cem}. Wer wieder selbst spielen will, drückt „Selbst weiterspielen“."
    )
    assert table.bot.service.clocks.of(game_id).stand_in


@pytest.mark.parametrize("command", ["flaschenteufel tisch", "teufel tisch"])
async def test_a_timeout_plays_only_the_decision_that_timed_out(table: Table, command: str) -> None:
    """Everyone's time runs out in a phase where all act at once (Flaschenteufel's passing,
    Teufel's bets): the croupier decides for each of them once, and the next decision has
    a clock of its own; it used to play on for them, the whole game at once."""
    time = FakeTime()
    cog = clock_cog(table, time)
    assert table.bot is not None
    service = table.bot.service
    game_id = await table.open_game(command)
    waiting = set(service.tables.current(game_id).to_act)
    assert len(waiting) == 3  # all pass (bet) at once
    time.wait(600)
    [expired] = await cog.run_clocks()
    assert expired.what == clocks.EXPIRE
    current = service.tables.current(game_id)
    assert current.status == "open" and current.to_act  # the game goes on, with people
    played = [r.actor for r in service.store.events(game_id) if r.action.get("by_croupier")]
    assert set(played) == waiting and len(played) <= 2 * len(waiting)  # their decision only
    assert await cog.run_clocks() == []  # the next decision's time has just begun
    time.wait(300)
    assert [n.what for n in await cog.run_clocks()] == [clocks.REMIND]
