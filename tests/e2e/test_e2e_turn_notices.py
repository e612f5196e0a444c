"""Whoever must act is told once per turn change, also when the turn passes by an edit of
the table message (issue 43): a short new line that mentions only them, the one before it
deleted; a DM or nothing for those who chose so (``/benachrichtigung``)."""

from __future__ import annotations

from loopback.entities import Message
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
