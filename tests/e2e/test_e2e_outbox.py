"""Nothing a player should see is lost: what a committed action owes the players (results,
a group's table, the next round, the table message's state) is delivered after a crash,
exactly once, and after Discord refused or failed a call.

A crash is staged in the process: the bot's delivery dies right after the click's answer
(the action is committed, nothing after it sent), or after Discord accepted the messages
but before the bot marked them delivered; then a new bot starts on the same database.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import Action
from bot.play import outbox as outbox_module
from cogs.pipeline import delivery
from loopback import bot_running
from loopback.entities import Channel, Message
from tests.helpers.e2e_play import play_thread, tournament
from tests.helpers.e2e_table import Table

CHANNEL_POST = r"^/channels/\d+/messages$"
TABLE_EDIT = r"^/channels/\d+/messages/\d+$"


class Crash(Exception):
    """The process dies here (staged)."""


def texts(fake: Any, channel: Channel) -> list[str]:
    return [m.text() for m in fake.channel_messages(channel)]


def table_of(fake: Any, thread: Channel) -> Message:
    """The thread's table message (its newest message with buttons or a table title)."""
    return [m for m in fake.channel_messages(thread) if "Durchgang" in m.text()][-1]


def count(messages: list[str], needle: str) -> int:
    return sum(needle in text for text in messages)


async def restart(table: Table) -> None:
    """A new bot on the same database; it delivers what is owed when it is ready."""
    assert table.bot is not None
    await table.bot.close()
    table.bot = table.new_bot()


async def deliver_owed(table: Table) -> int:
    """What the deliverer task does at start (run here at once, not on its poll)."""
    assert table.bot is not None
    redelivery: Any = table.bot.router.redelivery  # cogs.pipeline.redelivery.Redelivery
    delivered: int = await redelivery.deliver_due()
    await table.settled()
    return delivered


@pytest.fixture
def no_grace(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(outbox_module, "GRACE_SECONDS", 0.0)
    yield


async def test_a_crash_right_after_the_last_stopp_loses_no_announcement(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: the group's last ``stopp`` is answered, then the process dies.
    After the restart the thread gets its result, the channel the group's table, and
    once both groups are done the Finale is drawn: each exactly once."""
    fake = table.fake
    registration, users = await tournament(table)
    first, second = fake.threads(table.channel)
    await play_thread(table, first, users)
    group_one = texts(fake, first)
    assert count(group_one, "Ergebnis Durchgang 1") == 1

    await play_thread(table, second, users, turns=7)  # all but the last click
    live = [m for m in fake.channel_messages(second) if m.custom_ids()]
    assert live, "the second group is still playing"

    def dies(*args: object, **kwargs: object) -> None:
        raise Crash

    with monkeypatch.context() as patch:
        patch.setattr(delivery.Delivery, "post", dies)
        await play_thread(table, second, users)  # the last stopp: answered, then dead
    assert count(texts(fake, second), "Ergebnis Durchgang 1") == 0
    assert count(texts(fake, table.channel), "ist fertig") == 1  # group 1's only
    owed = table.bot.service.outbox.pending()  # type: ignore[union-attr]
    assert len(owed) == 2  # the group's game and its tournament

    await restart(table)
    async with bot_running(fake, table.bot):  # type: ignore[arg-type]
        # the two owed games, delivered by the deliverer or, the tournament's, by the
        # restart's reconciliation, whose session on it delivers what it owes first
        assert 1 <= await deliver_owed(table) <= 2
        assert await deliver_owed(table) == 0  # nothing owed twice
        assert table.bot.service.outbox.pending() == {}  # type: ignore[union-attr]
        channel = texts(fake, table.channel)
        assert count(texts(fake, second), "Ergebnis Durchgang 1") == 1
        assert count(channel, "ist fertig") == 2
        assert count(channel, "Finale ist ausgelost") == 1
        finale = [c for c in fake.threads(table.channel) if "Finale" in c.name]
        assert len(finale) == 1 and finale[0].auto_archive_duration == 10080
        assert [m for m in fake.channel_messages(second) if m.custom_ids()] == []  # closed
        assert table.bot.service.outbox.pending() == {}  # type: ignore[union-attr]
        assert "Angemeldet (8)" in registration.text()


async def test_posts_discord_accepted_before_the_crash_are_not_posted_again(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The narrowest window: Discord accepted the result and the group table, and the
    process died before it marked them delivered. The redelivery repeats the same posts
    with the same nonces, and Discord hands back the messages it has."""
    fake = table.fake
    _, users = await tournament(table, players=4)
    (thread,) = fake.threads(table.channel)
    await play_thread(table, thread, users, turns=3)
    real_delivered = delivery.Delivery.delivered

    def dies_before_the_mark(self: delivery.Delivery) -> None:
        if self.outcome.finished:  # the Finale's game and the tournament
            raise Crash
        real_delivered(self)

    with monkeypatch.context() as patch:
        patch.setattr(delivery.Delivery, "delivered", dies_before_the_mark)
        await play_thread(table, thread, users)  # to the champion; its posts not marked
    before = len(fake.messages)
    assert count(texts(fake, thread), "Ergebnis Durchgang 1") == 1
    assert count(texts(fake, table.channel), "gewinnt das Turnier") == 1

    await restart(table)
    async with bot_running(fake, table.bot):  # type: ignore[arg-type]
        assert await deliver_owed(table) >= 2
        assert count(texts(fake, thread), "Ergebnis Durchgang 1") == 1
        assert count(texts(fake, table.channel), "ist fertig") == 1
        assert count(texts(fake, table.channel), "gewinnt das Turnier") == 1
        assert len(fake.messages) == before  # edits only, not one message more
        assert table.bot.service.outbox.pending() == {}  # type: ignore[union-attr]


async def test_a_failed_follow_up_is_delivered_later(
    table: Table, monkeypatch: pytest.MonkeyPatch, no_grace: None
) -> None:
    """Discord's 5xx outlasting its retries on the new turn's message: the action stands,
    the deliverer posts the message on its next round, and the game goes on."""
    table.dice.add(3, 6)
    await table.open_and_start(table.anna, table.ben, durchgaenge=2)
    await table.start_turn(table.anna)  # Freiwurf 3
    calls = {"n": 0}
    real_post = delivery.Delivery.post

    async def fails_once(self: delivery.Delivery, part: str, *args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise Crash  # as a 500 after discord.py's retries would
        return await real_post(self, part, *args, **kwargs)

    monkeypatch.setattr(delivery.Delivery, "post", fails_once)
    await table.press(table.anna, "stopp")  # Ben's turn: its message fails
    assert [m for m in table.public() if m.custom_ids()] == []  # Anna's closed, none new
    assert await deliver_owed(table) == 1
    message = table.table_message()
    assert "ist am Zug" in message.text() and f"<@{table.ben.id}>" in message.text()
    assert await deliver_owed(table) == 0
    await table.start_turn(table.ben)  # the new message works


async def test_a_table_message_deleted_gets_a_new_one_and_refusals_move_on(
    table: Table, no_grace: None
) -> None:
    """404: the table message was deleted by a moderator: a new one is posted. 403: the
    bot may no longer post here: logged, and nothing waits for it forever."""
    fake = table.fake
    table.dice.add(3, 2, 5)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    old = table.table_message()
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.find(table.channel.id, None)
    assert game_id is not None
    fake.delete_message(old)
    await service.act(game_id, str(table.anna.id), Action("weiter"))
    assert await deliver_owed(table) == 1
    fresh = table.table_message()
    assert fresh.id != old.id and "5 Augen" in fresh.text()

    await service.act(game_id, str(table.anna.id), Action("weiter"))
    fake.fail_next("PATCH", TABLE_EDIT, status=403)
    assert await deliver_owed(table) == 1
    assert service.outbox.pending() == {}
    gone = [v for v in fake.violations if v.endswith("unknown message")]
    assert len(gone) == 1  # the edit of the deleted message, as staged
    fake.violations.remove(gone[0])


@pytest.mark.parametrize("heard", [True, False], ids=["archiving heard", "archived unnoticed"])
async def test_a_group_thread_archived_between_evenings_is_woken_to_edit(
    table: Table, no_grace: None, heard: bool
) -> None:
    """Discord archives a thread after its auto-archive time (the bot asks for a week)
    and refuses edits in it. The bot unarchives it before editing: at once when it heard
    of the archiving, else when Discord refuses the edit."""
    fake = table.fake
    _, users = await tournament(table, players=8)
    thread = fake.threads(table.channel)[0]
    assert thread.auto_archive_duration == 10080
    await play_thread(table, thread, users, turns=2)
    bot = table.bot
    assert bot is not None
    if heard:
        fake.archive(thread)  # the bot drops an archived thread from its cache
        await fake.wait_until(lambda: bot.get_channel(thread.id) is None, timeout=5)
    else:
        thread.archived = True  # no THREAD_UPDATE reached the bot
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.find(thread.id, None)
    assert game_id is not None
    outcome = await service.host.do(game_id, str(table.anna.id), "pause", reason="morgen")
    assert outcome.status == "paused"
    assert await deliver_owed(table) == 1
    assert not thread.archived
    refused = [v for v in fake.violations if v.endswith("edit in an archived thread")]
    assert len(refused) == (0 if heard else 1)  # unnoticed: refused once, woken, edited
    for violation in refused:
        fake.violations.remove(violation)
    assert "pausiert" in table_of(fake, thread).text()


async def teufel_round(table: Table, players: list[Any]) -> None:
    """Everybody bets nothing, then each draws once and stops, until the round is settled."""
    for user in players:
        opened = await table.press(user, "bet")
        await table.fake.submit_modal(user, opened, {"amount": "0"})
        await table.settled()
    for _ in range(20):
        live = table.table_message()
        if "ziehen oder stopp" not in live.text():
            return
        turn = next(u for u in players if f"<@{u.id}> ist am Ofen" in live.text())
        await table.press(turn, "draw")
        if f"<@{turn.id}> ist am Ofen" in table.table_message().text():
            await table.press(turn, "stopp")
    raise AssertionError("the round did not end")


async def test_a_delivery_cut_off_in_its_dms_while_the_next_click_went_through(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round's end is posted (its result and the next round's table), then the process
    dies while the balances go out by DM. The table is free again by then (DMs hold no
    table message), so a bet of the next round was taken and shown before the crash.
    The redelivery covers both versions at once; each part must still carry the nonce of
    the version it announces, so nothing is posted twice and the round stays playable."""
    fake = table.fake
    table.dice.d6_only = True
    players = [table.anna, table.ben]
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)

    def dies(*args: object, **kwargs: object) -> None:
        raise Crash

    with monkeypatch.context() as patch:
        patch.setattr(delivery.Delivery, "dms", dies)
        await teufel_round(table, players)
    assert count(texts(fake, table.channel), "Abrechnung Runde 1") == 1
    opened = await table.press(table.anna, "bet")  # round 2: answered, shown, not yet marked
    await fake.submit_modal(table.anna, opened, {"amount": "10"})
    await table.settled()
    before = len(table.public())

    await restart(table)
    async with bot_running(fake, table.bot):  # type: ignore[arg-type]
        assert await deliver_owed(table) == 1
        assert count(texts(fake, table.channel), "Abrechnung Runde 1") == 1
        assert len(table.public()) == before  # the balances went by DM, nothing public
        for user in players:
            settled = [
                m for m in fake.private_messages(user) if "Runde 1 ist abgerechnet" in m.text()
            ]
            assert len(settled) == 1
        live = table.table_message()
        assert "Runde 2" in live.text() and "✓ gesetzt" in live.text()
        await table.press(table.ben, "bet")  # the live table still takes bets
