"""Whoever must act is told once per turn change, also when the turn passes by an edit of
the table message (issue 43): a short new line that mentions only them, the one before it
deleted; a DM or nothing for those who chose so (``/benachrichtigung``). A turn that opens
a new table message pings in that message itself (issue 45)."""

from __future__ import annotations

import pytest

from bot.play.turn_notice import TurnNotice
from cogs.pipeline import delivery
from loopback import bot_running
from loopback.entities import Message
from tests.e2e.test_e2e_outbox import Crash, deliver_owed, restart
from tests.helpers.e2e_play import bet
from tests.helpers.e2e_table import Table


def turn_lines(table: Table) -> list[Message]:
    """The turn's lines standing in the channel (deleted ones are gone)."""
    return [m for m in table.public() if m.content.endswith("am Zug.") and not m.custom_ids()]


def told(table: Table, user: object, since: int) -> list[str]:
    return [n.how for n in table.fake.notified(user.id, since)]  # type: ignore[attr-defined]


async def test_a_turn_that_passes_by_an_edit_tells_the_next_player(table: Table) -> None:
    fake, anna, ben, cem = table.fake, table.anna, table.ben, table.cem
    players = [anna, ben, cem]
    setting = await table.slash(cem, "benachrichtigung", art="dm")
    assert setting.message.visibility == "ephemeral" and "Direktnachricht" in setting.message.text()
    table.dice.d6_only = True
    opened = await table.slash(anna, "teufel tisch")
    for user in (ben, cem):
        await table.press(user, "join", opened.message)
    mark = len(fake.notifications)
    await table.press(anna, "start", opened.message)
    assert told(table, ben, mark) == ["mention"]  # everyone who must bet, once
    assert told(table, cem, mark) == ["dm"]  # as he chose
    assert told(table, anna, mark) == []  # she started it: she sees the table
    assert len(turn_lines(table)) == 1

    mark = len(fake.notifications)
    await bet(table, anna, "50")
    await bet(table, ben, "10")
    assert told(table, ben, mark) == [] and told(table, cem, mark) == []  # told already
    await bet(table, cem, "20")

    passes = 0
    for _ in range(20):  # each pulls once and stops: the turn moves on by edits
        live = table.table_message()
        if "ziehen oder stopp" not in live.text():
            break
        turn = next(u for u in players if f"<@{u.id}> ist am Ofen" in live.text())
        message, mark = live.id, len(fake.notifications)
        await table.press(turn, "draw")
        after = table.table_message()
        if after.id == message and f"<@{turn.id}> ist am Ofen" in after.text():
            await table.press(turn, "stopp")
        now = table.table_message()
        nxt = next((u for u in players if f"<@{u.id}> ist am Ofen" in now.text()), None)
        if nxt is not None and nxt is not turn:
            assert told(table, nxt, mark) == (["dm"] if nxt is cem else ["mention"])
            passes += 1
        assert len(turn_lines(table)) <= 1  # the line before is deleted
    assert passes >= 1


async def test_who_chose_no_notice_is_not_told(table: Table) -> None:
    fake, anna, ben = table.fake, table.anna, table.ben
    said = await table.slash(ben, "benachrichtigung", art="aus")
    assert "nicht eigens" in said.message.text()
    game = await table.open_game("teufel tisch")
    service = table.bot.service  # type: ignore[union-attr]
    assert service.directory.notify(str(ben.id)) == "aus"
    assert fake.notified(ben.id) == []
    assert fake.notified(table.cem.id) != []
    assert service.tables.current(game).status == "open"
    back = await table.slash(ben, "benachrichtigung", art="kanal")
    assert "Zeile im Kanal" in back.message.text()
    assert anna.id not in {n.user_id for n in fake.notifications}  # she opened and started


def table_ping(table: Table, user: object) -> str:
    return f"<@{user.id}>, du bist am Zug."  # type: ignore[attr-defined]


async def test_a_new_turns_table_message_pings_in_itself(table: Table) -> None:
    """A turn that opens a new table message (issue 45): the mention is in a line below
    its card, in that one new message; no line of its own. The record says the ping
    stands in the table message, which the next turn never deletes as a line. A player
    who chose a DM gets his DM and no mention."""
    fake, anna, ben, cem = table.fake, table.anna, table.ben, table.cem
    await table.slash(cem, "benachrichtigung", art="dm")
    table.dice.add(3, 4, 5)
    await table.open_and_start(anna, ben, cem)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    await table.start_turn(anna)
    mark = len(fake.notifications)
    await table.press(anna, "stopp")  # Ben's turn: a new table message
    bens = table.table_message()
    assert [(n.how, n.message_id) for n in fake.notified(ben.id, mark)] == [("mention", bens.id)]
    assert bens.text().endswith(table_ping(table, ben)) and bens.custom_ids()
    assert turn_lines(table) == []
    expected = TurnNotice((str(ben.id),), bens.id, (str(ben.id),), in_table=True)
    assert service.tables.turn_notice(game) == expected

    await table.start_turn(ben)
    mark = len(fake.notifications)
    await table.press(ben, "stopp")  # Cem's turn: by DM, as he chose
    cems = table.table_message()
    assert cems.id != bens.id and told(table, cem, mark) == ["dm"]
    assert "du bist am Zug" not in cems.text() and turn_lines(table) == []
    assert not bens.deleted  # closed as Ben's turn; its ping was forgotten, not deleted
    assert service.tables.turn_notice(game) == TurnNotice((str(cem.id),))


async def test_closed_dms_at_a_new_table_get_a_line_and_the_table_stays(table: Table) -> None:
    fake, anna, ben, cem = table.fake, table.anna, table.ben, table.cem
    await table.slash(ben, "benachrichtigung", art="dm")
    fake.set_dms_open(ben, False)
    table.dice.add(3, 4)
    await table.open_and_start(anna, ben, cem)
    await table.start_turn(anna)
    mark = len(fake.notifications)
    await table.press(anna, "stopp")  # Ben's turn: his DM is closed, the channel's line
    (line,) = turn_lines(table)
    assert line.text() == table_ping(table, ben)
    assert [(n.how, n.message_id) for n in fake.notified(ben.id, mark)] == [("mention", line.id)]
    assert "du bist am Zug" not in table.table_message().text()
    game = table.bot.service.tables.find(table.channel.id, None)  # type: ignore[union-attr]
    notice = table.bot.service.tables.turn_notice(game)  # type: ignore[union-attr]
    assert notice.ping == line.id and not notice.in_table


async def test_a_new_turn_delivered_again_after_a_crash_keeps_its_table_message(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord took Ben's new table message (his ping inside), then the process died
    before the delivery was marked. The redelivery gets the same message back by its
    nonce, and the record keeps it as a table message: neither the redelivery nor the
    next turn deletes it, and Ben was pinged once."""
    fake, anna, ben, cem = table.fake, table.anna, table.ben, table.cem
    table.dice.add(3, 4, 5)
    await table.open_and_start(anna, ben, cem)
    await table.start_turn(anna)
    real_delivered = delivery.Delivery.delivered

    def dies_before_the_mark(self: delivery.Delivery) -> None:
        raise Crash

    mark = len(fake.notifications)
    with monkeypatch.context() as patch:
        patch.setattr(delivery.Delivery, "delivered", dies_before_the_mark)
        await table.press(anna, "stopp")  # Ben's turn: posted, not marked
    bens = table.table_message()
    messages = len(fake.messages)
    await restart(table)
    async with bot_running(fake, table.bot):  # type: ignore[arg-type]
        assert await deliver_owed(table) == 1
        assert len(fake.messages) == messages and table.table_message().id == bens.id
        assert not bens.deleted and bens.custom_ids()  # (edited again: its line is gone)
        assert [n.message_id for n in fake.notified(ben.id, mark)] == [bens.id]  # once
        service = table.bot.service  # type: ignore[union-attr]
        game = service.tables.find(table.channel.id, None)
        assert service.tables.turn_notice(game).ping == bens.id
        assert service.tables.turn_notice(game).in_table
        await table.start_turn(ben)
        await table.press(ben, "stopp")  # Cem's turn
        assert table.table_message().id != bens.id and not bens.deleted
        assert real_delivered is delivery.Delivery.delivered


async def test_a_turn_by_an_edit_after_a_new_tables_ping_gets_a_line(table: Table) -> None:
    """Teufel's second round: its new table message pings both bettors; the oven's turn
    then passes by an edit, so it gets a line of its own, and the table message (its
    ping forgotten) stays."""
    fake, anna, ben = table.fake, table.anna, table.ben
    table.dice.add(1, 1)
    opened = await table.slash(anna, "teufel tisch")
    await table.press(ben, "join", opened.message)
    await table.press(anna, "start", opened.message)
    await bet(table, anna, "40")
    await bet(table, ben, "30")
    await table.press(anna, "draw")
    await table.press(anna, "stopp")
    await table.press(ben, "stopp")  # round 2: a new table message
    fresh = table.table_message()
    assert "Runde 2" in fresh.text() and fresh.text().endswith("ihr seid am Zug.")
    assert turn_lines(table) == []
    await bet(table, anna, "10")
    await bet(table, ben, "10")
    at_oven = next(u for u in (anna, ben) if f"<@{u.id}> ist am Ofen" in fresh.text())
    other = ben if at_oven is anna else anna
    mark = len(fake.notifications)
    await table.press(at_oven, "stopp")  # the turn passes by an edit
    assert table.table_message().id == fresh.id and f"<@{other.id}> ist am Ofen" in fresh.text()
    (line,) = turn_lines(table)
    assert [n.message_id for n in fake.notified(other.id, mark)] == [line.id]
    assert not fresh.deleted
